//! The checks of a game's actions (`game: actions:`) and of its markers' codes: names once,
//! a label, the procedure an action rolls and the markers it clears known, limits that can be
//! met, and codes short, plain and told apart.

use std::collections::BTreeSet;

use crate::error::Result;
use crate::rules::compile_game::marker_name;
use crate::rules::schema::CounterDef;
use crate::rules::schema::{ActionDef, ActionLimits, CostDef, GameDef};
use crate::rules::source::{Locator, Source};
use crate::suggest::did_you_mean;

impl Source {
    pub(super) fn check_actions(&self, g: &GameDef, at: &Locator<'_>) -> Result<()> {
        let mut names = BTreeSet::new();
        for a in &g.actions {
            let entry = format!("name: {}", a.name);
            let here =
                |needle: &str, msg: String| at.err(&["game:", "actions:", &entry, needle], msg);
            if a.name.trim().is_empty() {
                return Err(at.err(&["game:", "actions:", "name:"], "an action needs a name"));
            }
            if !names.insert(a.name.as_str()) {
                // The second entry of that name: past the line of the first.
                return Err(at.err(
                    &["game:", "actions:", &entry, "\n", &entry],
                    format!("action `{}` is named twice", a.name),
                ));
            }
            if a.label.trim().is_empty() {
                return Err(here(
                    "label:",
                    format!("action `{}` needs a label (how the sheet names it)", a.name),
                ));
            }
            if let Some(p) = &a.procedure
                && self.procedure(p).is_none()
            {
                let procedures = self.def.procedures.iter().map(|p| p.name.as_str());
                return Err(here(
                    "procedure:",
                    format!(
                        "action `{}` rolls `{p}`, which is not a procedure of this ruleset",
                        a.name
                    ),
                )
                .with_hint_opt(did_you_mean(p, procedures)));
            }
            self.check_conditions(&a.when, &|n, m| here(n, m))?;
            self.check_conditions(&a.unless, &|n, m| here(n, m))?;
            if let Some(first) = a.declared.first() {
                let Some(factor) = self.declaring_factor() else {
                    return Err(here(
                        first,
                        format!(
                            "action `{}` lists activities declared, but the turn's chain \
                             declares none (`turn: chain: declares: FACTOR`)",
                            a.name
                        ),
                    ));
                };
                for word in &a.declared {
                    let known = self.factor(&factor).and_then(|f| self.value(f, word));
                    if known.is_none() {
                        return Err(here(
                            word,
                            format!(
                                "action `{}` is allowed by the activity `{word}`, which is no \
                                 value of `{factor}`",
                                a.name
                            ),
                        ));
                    }
                }
            }
            for rule in &a.requires {
                if !self.def.requires.iter().any(|r| &r.rule == rule) {
                    let rules = self.def.requires.iter().map(|r| r.rule.as_str());
                    return Err(here(
                        rule,
                        format!(
                            "action `{}` requires `{rule}`, which is not a rule of `requires:`",
                            a.name
                        ),
                    )
                    .with_hint_opt(did_you_mean(rule, rules)));
                }
            }
            let marks = a
                .clears
                .iter()
                .map(|c| (c, "clears"))
                .chain(a.adds.iter().map(|c| (c, "adds")));
            for (c, does) in marks {
                if !g.markers.iter().any(|m| m.name == marker_name(g, c)) {
                    let markers = g.markers.iter().map(|m| m.name.as_str());
                    return Err(here(
                        c,
                        format!("action `{}` {does} `{c}`, which is not a marker", a.name),
                    )
                    .with_hint_opt(did_you_mean(c, markers)));
                }
            }
            if let Some(c) = a
                .counts
                .as_ref()
                .filter(|c| !g.counters.iter().any(|x| &x.name == *c))
            {
                let counters = g.counters.iter().map(|x| x.name.as_str());
                return Err(here(
                    c,
                    format!(
                        "action `{}` counts on `{c}`, which is not a counter",
                        a.name
                    ),
                )
                .with_hint_opt(did_you_mean(c, counters)));
            }
        }
        self.check_action_limits(g, at)?;
        for a in &g.actions {
            self.check_cost(g, a, at)?;
        }
        self.check_blocks(g, at)?;
        self.check_codes(g, at)
    }

    /// The limits on actions a phase and a turn: at least one each, no more a phase than a
    /// turn, and what counts them.
    fn check_action_limits(&self, g: &GameDef, at: &Locator<'_>) -> Result<()> {
        if let Some(l) = &g.action_limits {
            let here =
                |needle: &str, msg: String| at.err(&["game:", "action-limits:", needle], msg);
            for (key, n) in [("per-phase:", l.per_phase), ("per-turn:", l.per_turn)] {
                if n == Some(0) {
                    return Err(here(
                        key,
                        format!("`{key}` is 0: give 1 or more, or leave it out for no limit"),
                    ));
                }
            }
            if let (Some(phase), Some(turn)) = (l.per_phase, l.per_turn)
                && phase > turn
            {
                return Err(here(
                    "per-phase:",
                    format!("{phase} actions a phase is more than the {turn} a turn allows"),
                ));
            }
            self.check_counted(g, l, at)?;
        }
        Ok(())
    }

    /// What a marker blocks is a procedure or one of the actions.
    fn check_blocks(&self, g: &GameDef, at: &Locator<'_>) -> Result<()> {
        for m in &g.markers {
            for b in &m.blocks {
                if self.procedure(b).is_none() && !g.actions.iter().any(|a| a.name == *b) {
                    let names = self
                        .def
                        .procedures
                        .iter()
                        .map(|p| p.name.as_str())
                        .chain(g.actions.iter().map(|a| a.name.as_str()));
                    return Err(at
                        .err(
                            &["game:", &format!("name: {}", m.name), b],
                            format!(
                                "marker `{}` blocks `{b}`, which is neither a procedure nor an action",
                                m.name
                            ),
                        )
                        .with_hint_opt(did_you_mean(b, names)));
                }
            }
        }
        Ok(())
    }

    /// The counter of a figure's actions is a counter kept a turn, the one of its actions a
    /// phase a counter kept since its unit's activation, and the markers that lower the
    /// allowance are markers that lower it.
    fn check_counted(&self, g: &GameDef, l: &ActionLimits, at: &Locator<'_>) -> Result<()> {
        let here = |needle: &str, msg: String| at.err(&["game:", "action-limits:", needle], msg);
        // Each counter, what it counts (said when it is no counter, and when it is not kept so),
        // and how it must be kept.
        type Kept<'a> = (
            Option<&'a String>,
            [&'a str; 2],
            fn(&CounterDef) -> bool,
            &'a str,
        );
        let kept: [Kept<'_>; 2] = [
            (
                l.counter.as_ref(),
                ["actions", "actions a turn"],
                |x| x.per_turn,
                "per-turn",
            ),
            (
                l.phase_counter.as_ref(),
                ["actions a phase", "actions since the unit's activation"],
                |x| x.per_activation,
                "per-activation",
            ),
        ];
        for (name, [counted, counts], keeps, key) in kept {
            let Some(c) = name else { continue };
            match g.counters.iter().find(|x| x.name == *c) {
                None => {
                    let names = g.counters.iter().map(|x| x.name.as_str());
                    return Err(here(
                        c,
                        format!("{counted} are counted on `{c}`, which is not a counter"),
                    )
                    .with_hint_opt(did_you_mean(c, names)));
                }
                Some(x) if !keeps(x) => {
                    return Err(here(
                        c,
                        format!("counter `{c}` counts {counts}: give it `{key}: true`"),
                    ));
                }
                Some(_) => {}
            }
        }
        if l.counter.is_none() && (!l.fewer.is_empty() || l.phase_counter.is_some()) {
            let key = if l.fewer.is_empty() {
                "phase-counter:"
            } else {
                "fewer:"
            };
            return Err(here(
                key,
                format!("`{key}` needs a `counter` to count the actions a turn on"),
            ));
        }
        if l.phase_counter.is_some() && l.per_phase.is_none() {
            return Err(here(
                "phase-counter:",
                "`phase-counter` counts against `per-phase`, which is not given".into(),
            ));
        }
        for f in &l.fewer {
            if !g
                .markers
                .iter()
                .any(|m| m.name == marker_name(g, &f.marker))
            {
                let markers = g.markers.iter().map(|m| m.name.as_str());
                return Err(here(&f.marker, format!("`{}` is not a marker", f.marker))
                    .with_hint_opt(did_you_mean(&f.marker, markers)));
            }
            match l.per_turn {
                Some(n) if f.per_turn < n => {}
                Some(n) => {
                    return Err(here(
                        &f.marker,
                        format!(
                            "`{}` leaves {} actions a turn, not fewer than the {n} allowed",
                            f.marker, f.per_turn
                        ),
                    ));
                }
                None => {
                    return Err(here(
                        "fewer:",
                        "`fewer` lowers `per-turn`, which is not given".to_string(),
                    ));
                }
            }
        }
        Ok(())
    }

    /// An action's cost by a unit field reads a field of the game's units and its values.
    fn check_cost(&self, g: &GameDef, a: &ActionDef, at: &Locator<'_>) -> Result<()> {
        let entry = format!("name: {}", a.name);
        let here = |needle: &str, msg: String| at.err(&["game:", "actions:", &entry, needle], msg);
        let CostDef::By { by, values, .. } = &a.cost else {
            return Ok(());
        };
        let Some(factor) = g.unit.get(by) else {
            let fields = g.unit.keys().map(String::as_str);
            return Err(here(
                by,
                format!(
                    "action `{}` costs by `{by}`, which is not a unit field",
                    a.name
                ),
            )
            .with_hint_opt(did_you_mean(by, fields)));
        };
        let Some(f) = self.factor(factor) else {
            return Ok(());
        };
        for v in values.keys() {
            if self.value(f, v).is_none() {
                let known = f.values.iter().map(|x| x.name());
                return Err(
                    here(v, format!("`{v}` is not a value of the unit field `{by}`"))
                        .with_hint_opt(did_you_mean(v, known)),
                );
            }
        }
        Ok(())
    }

    /// A marker's code is drawn inside its colour: a letter or three, and no two alike.
    fn check_codes(&self, g: &GameDef, at: &Locator<'_>) -> Result<()> {
        let mut codes: Vec<(String, &str)> = Vec::new();
        for m in &g.markers {
            let Some(code) = &m.code else { continue };
            let here = |msg: String| {
                at.err(
                    &["game:", "markers:", &format!("name: {}", m.name), "code:"],
                    msg,
                )
            };
            let count = code.chars().count();
            if !(1..=3).contains(&count) || !code.chars().all(char::is_alphanumeric) {
                return Err(here(format!(
                    "marker `{}` has the code `{code}`: give one to three letters or digits",
                    m.name
                )));
            }
            let lower = code.to_lowercase();
            if let Some((_, other)) = codes.iter().find(|(c, _)| *c == lower) {
                return Err(here(format!(
                    "markers `{other}` and `{}` both have the code `{code}`",
                    m.name
                )));
            }
            codes.push((lower, &m.name));
        }
        Ok(())
    }
}
