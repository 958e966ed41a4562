//! The checks of a game's counters (`game: counters:`): what reaching the count does is a
//! marker or a state, the count is reached from 1 up, the factors it sets are number factors,
//! the amounts it adds up are amounts some procedure inflicts, and the rolls it counts are
//! procedures'.

use crate::error::{Error, Result};
use crate::rules::compile_game::marker_name;
use crate::rules::schema::{CounterDef, FactorKind, GameDef};
use crate::rules::source::{Locator, Source};
use crate::suggest::did_you_mean;

impl Source {
    /// Each counter of the game, then that every amount landing as another unit is added up
    /// by a counter.
    pub(super) fn check_counters(&self, g: &GameDef, at: &Locator<'_>) -> Result<()> {
        for c in &g.counters {
            self.check_counter(g, c, at)?;
        }
        self.check_instead_counted(g, at)
    }

    /// One counter: what reaching its count does, the factors it sets, the rolls it counts
    /// and the amounts it adds up.
    fn check_counter(&self, g: &GameDef, c: &CounterDef, at: &Locator<'_>) -> Result<()> {
        let here = format!("name: {}", c.name);
        let err = |needle: &str, msg: String| at.err(&["game:", "counters:", &here, needle], msg);
        Self::check_counter_then(g, c, &err)?;
        self.check_counter_sets(c, &err)?;
        self.check_counter_rolls(c, &err)?;
        self.check_counter_amounts(c, &err)
    }

    /// What reaching a counter's count does: `at` and `then` together or neither, `then` a
    /// marker or a state, the count 1 or more, and a marker to put on and take off if it
    /// toggles.
    fn check_counter_then(
        g: &GameDef,
        c: &CounterDef,
        err: &dyn Fn(&str, String) -> Error,
    ) -> Result<()> {
        let (at_count, then) = match (c.at, c.then.as_deref()) {
            (Some(n), Some(then)) => (n, then),
            (None, None) => (1, ""),
            (Some(_), None) => {
                return Err(err(
                    "at:",
                    format!(
                        "counter `{}` has `at` but no `then`: say what reaching it adds, \
                         or leave both out",
                        c.name
                    ),
                ));
            }
            (None, Some(then)) => {
                return Err(err(
                    then,
                    format!(
                        "counter `{}` has `then` but no `at`: say the count that adds it",
                        c.name
                    ),
                ));
            }
        };
        let name = marker_name(g, then);
        let known = then.is_empty()
            || g.markers.iter().any(|x| x.name == name)
            || g.states.iter().any(|x| x.name == name);
        if !known {
            let names = g
                .markers
                .iter()
                .map(|m| m.name.as_str())
                .chain(g.states.iter().map(|s| s.name.as_str()));
            return Err(err(
                then,
                format!(
                    "counter `{}` adds `{then}`, which is neither a marker nor a state",
                    c.name
                ),
            )
            .with_hint_opt(did_you_mean(then, names)));
        }
        if at_count < 1 {
            return Err(err(
                "at:",
                format!("counter `{}` needs `at` of 1 or more", c.name),
            ));
        }
        if c.toggles && (then.is_empty() || !g.markers.iter().any(|x| x.name == name)) {
            return Err(err(
                "toggles:",
                format!(
                    "counter `{}` toggles: its `then` must be a marker to put on and take off",
                    c.name
                ),
            ));
        }
        Ok(())
    }

    /// The factors a counter sets on the figures acting and acted upon: number factors of the
    /// ruleset.
    fn check_counter_sets(
        &self,
        c: &CounterDef,
        err: &dyn Fn(&str, String) -> Error,
    ) -> Result<()> {
        for factor in [&c.acting, &c.acted_upon].into_iter().flatten() {
            match self.factor(factor) {
                Some(f) if f.kind == FactorKind::Number => {}
                Some(f) => {
                    return Err(err(
                        factor,
                        format!(
                            "counter `{}` sets `{}`, which is no number factor",
                            c.name, f.name
                        ),
                    ));
                }
                None => {
                    let names = self.def.factors.iter().map(|f| f.name.as_str());
                    return Err(err(
                        factor,
                        format!("counter `{}` sets `{factor}`, which is no factor", c.name),
                    )
                    .with_hint_opt(did_you_mean(factor, names)));
                }
            }
        }
        Ok(())
    }

    /// The rolls a counter counts: procedures of the ruleset; its conditions while none is
    /// counted; and a `most` of 1 or more, on rolls it counts.
    fn check_counter_rolls(
        &self,
        c: &CounterDef,
        err: &dyn Fn(&str, String) -> Error,
    ) -> Result<()> {
        for p in &c.rolls {
            if self.procedure(p).is_none() {
                let procedures = self.def.procedures.iter().map(|p| p.name.as_str());
                return Err(err(
                    p,
                    format!(
                        "counter `{}` counts the rolls of `{p}`, which is not a procedure \
                         of this ruleset",
                        c.name
                    ),
                )
                .with_hint_opt(did_you_mean(p, procedures)));
            }
        }
        self.check_conditions(&c.while_none, err)?;
        if c.most.is_some() && c.rolls.is_empty() {
            let msg = format!(
                "counter `{}` has `most` but counts no rolls: give it `rolls: [PROCEDURE]`",
                c.name
            );
            return Err(err("most:", msg));
        }
        if c.most.is_some_and(|n| n < 1) {
            let msg = format!("counter `{}` needs `most` of 1 or more", c.name);
            return Err(err("most:", msg));
        }
        Ok(())
    }

    /// The amounts a counter adds up or earns: amounts some procedure gives.
    fn check_counter_amounts(
        &self,
        c: &CounterDef,
        err: &dyn Fn(&str, String) -> Error,
    ) -> Result<()> {
        let amounts = [
            (&c.amounts, "adds up amounts of"),
            (&c.earns, "earns amounts of"),
        ];
        for (unit, does) in amounts.iter().filter_map(|(u, d)| Some((u.as_ref()?, d))) {
            let units: Vec<&str> = self
                .def
                .procedures
                .iter()
                .filter_map(|p| p.amount.as_ref())
                .flat_map(|a| a.unit.iter().chain(a.instead.iter().map(|i| &i.unit)))
                .map(String::as_str)
                .collect();
            if !units.contains(&unit.as_str()) {
                return Err(err(
                    unit,
                    format!(
                        "counter `{}` {does} `{unit}`, which no procedure gives",
                        c.name
                    ),
                )
                .with_hint_opt(did_you_mean(unit, units.iter().copied())));
            }
        }
        Ok(())
    }

    /// Every amount that lands as another unit is added up by a counter.
    fn check_instead_counted(&self, g: &GameDef, at: &Locator<'_>) -> Result<()> {
        // An amount that lands as another unit lands on the counters that add it up: one
        // must, or the amount would vanish.
        let counted: Vec<&str> = g
            .counters
            .iter()
            .filter_map(|c| c.amounts.as_deref())
            .collect();
        for p in &self.def.procedures {
            for i in p.amount.iter().flat_map(|a| &a.instead) {
                if !counted.contains(&i.unit.as_str()) {
                    let here = format!("name: {}", p.name);
                    return Err(at
                        .err(
                            &["procedures:", &here, "instead:", &i.unit],
                            format!(
                                "procedure `{}` lands its amount as `{}`, which no counter adds up \
                                 (`amounts: {}`)",
                                p.name, i.unit, i.unit
                            ),
                        )
                        .with_hint_opt(did_you_mean(&i.unit, counted.iter().copied())));
                }
            }
        }
        Ok(())
    }
}
