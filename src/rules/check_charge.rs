//! The checks of a game's charge (`game: charge:`), of how its units combine
//! (`game: combine:`) and of the limits on their yes/no fields (`game: limits:`): the fight an
//! opposed procedure with the
//! side named, every procedure, result and yes/no factor it names known, and the conditions
//! and settings of its checks fit for their factors.

use crate::error::{Error, Result};
use crate::rules::schema::{FactorKind, GameDef, ProcedureDef};
use crate::rules::source::{Locator, Source};
use crate::suggest::did_you_mean;

impl Source {
    pub(super) fn check_charge(&self, g: &GameDef, at: &Locator<'_>) -> Result<()> {
        let Some(c) = &g.charge else {
            return Ok(());
        };
        let here = |needles: &[&str], msg: String| {
            let mut all = vec!["game:", "charge:"];
            all.extend_from_slice(needles);
            at.err(&all, msg)
        };
        let fight = self.known_procedure(&c.fight, &|msg| here(&["fight:"], msg))?;
        if !fight.sides.iter().any(|s| s.name == c.side) {
            let sides = fight.sides.iter().map(|s| s.name.as_str());
            return Err(here(
                &["side:"],
                if fight.sides.is_empty() {
                    format!(
                        "the charge fights `{}`, which is no opposed roll: it has no sides",
                        c.fight
                    )
                } else {
                    format!("`{}` is not a side of `{}`", c.side, c.fight)
                },
            )
            .with_hint_opt(did_you_mean(&c.side, sides)));
        }
        for x in &c.stays_out {
            self.check_conditions(x, &|n, m| here(&["stays-out:", n], m))?;
        }
        if c.at_least == Some(0) {
            return Err(here(
                &["at-least:"],
                "`at-least: 0` asks for nothing: give 1 or more".into(),
            ));
        }
        for (key, flag) in [("flag:", &c.flag), ("last-turn:", &c.last_turn)] {
            if let Some(f) = flag {
                self.yes_no(f, &|msg| here(&[key], msg))?;
            }
        }
        for b in &c.before {
            let within = |needle: &str, msg: String| here(&["before:", &b.label, needle], msg);
            let p = self.known_procedure(&b.procedure, &|msg| within("procedure:", msg))?;
            self.check_conditions(&b.target, &within)?;
            self.check_conditions(&b.set, &within)?;
            self.known_results(p, &b.out, &|r, msg| within(r, msg))?;
        }
        if let Some(r) = &c.reaction {
            self.check_reaction(r, &here)?;
        }
        let actions = [
            (&c.action, &["action:"][..]),
            (
                &c.reaction.as_ref().and_then(|r| r.action.clone()),
                &["reaction:", "action:"][..],
            ),
        ];
        for (action, place) in actions {
            if let Some(a) = action
                && !g.actions.iter().any(|x| &x.name == a)
            {
                let names = g.actions.iter().map(|x| x.name.as_str());
                return Err(
                    here(place, format!("`{a}` is not an action of `game: actions:`"))
                        .with_hint_opt(did_you_mean(a, names)),
                );
            }
        }
        Ok(())
    }

    /// The limits a side's units have on yes/no fields: each a unit field of a yes/no factor,
    /// allowed at least once.
    pub(super) fn check_limits(&self, g: &GameDef, at: &Locator<'_>) -> Result<()> {
        if g.falls_among == Some(0) {
            let msg = "`falls-among: 0` leaves no figure to fall on: give 1 or more".to_string();
            return Err(at.err(&["game:", "falls-among:"], msg));
        }
        if let Some(f) = &g.turn_factor {
            let number = self.factor(f).is_some_and(|x| x.kind == FactorKind::Number);
            if !number {
                let msg = format!("the turn is read as `{f}`, which is not a number factor");
                return Err(at.err(&["game:", "turn-factor:"], msg));
            }
        }
        if let Some(f) = &g.own_turn_factor {
            self.yes_no(f, &|msg| at.err(&["game:", "own-turn-factor:"], msg))?;
            if self.def.turn.as_ref().is_none_or(|t| t.players.is_none()) {
                let msg = format!(
                    "`own-turn-factor: {f}` reads whose player turn it is: the turn needs `players:`"
                );
                return Err(at.err(&["game:", "own-turn-factor:"], msg));
            }
        }
        for l in &g.limits {
            let here = |needle: &str, msg: String| at.err(&["game:", "limits:", needle], msg);
            let Some(factor) = g.unit.get(&l.field) else {
                let fields = g.unit.keys().map(String::as_str);
                return Err(here(&l.field, format!("`{}` is not a unit field", l.field))
                    .with_hint_opt(did_you_mean(&l.field, fields)));
            };
            match &l.value {
                None => self.yes_no(factor, &|msg| here(&l.field, msg))?,
                Some(v) => {
                    let values = self
                        .factor(factor)
                        .filter(|f| f.kind == FactorKind::Choice)
                        .map(|f| f.values.iter().map(|x| x.name()).collect::<Vec<_>>())
                        .ok_or_else(|| {
                            here(&l.field, format!("`{}` is not a choice field", l.field))
                        })?;
                    if !values.contains(&v.as_str()) {
                        return Err(here(v, format!("`{v}` is not a value of `{}`", l.field))
                            .with_hint_opt(did_you_mean(v, values.iter().copied())));
                    }
                }
            }
            if let Some(per) = l.per.as_ref().filter(|p| !g.unit.contains_key(*p)) {
                let fields = g.unit.keys().map(String::as_str);
                return Err(here(per, format!("`{per}` is not a unit field"))
                    .with_hint_opt(did_you_mean(per, fields)));
            }
            if l.most == 0 {
                return Err(here("most:", "`most: 0`: give 1 or more".into()));
            }
        }
        Ok(())
    }

    /// Units combined: the flag a yes/no factor, the fields shared and counted the unit's.
    pub(super) fn check_combine(&self, g: &GameDef, at: &Locator<'_>) -> Result<()> {
        let Some(c) = &g.combine else {
            return Ok(());
        };
        let here = |needle: &str, msg: String| at.err(&["game:", "combine:", needle], msg);
        self.yes_no(&c.flag, &|msg| here("flag:", msg))?;
        let fields = g.unit.keys().map(String::as_str);
        for f in c.same.iter().chain(c.each.iter().map(|e| &e.field)) {
            if !g.unit.contains_key(f) {
                return Err(here(f, format!("`{f}` is not a unit field"))
                    .with_hint_opt(did_you_mean(f, fields.clone())));
            }
        }
        if let Some(e) = &c.each {
            self.yes_no(&g.unit[&e.field], &|msg| here("field:", msg))?;
            if e.figures == 0 {
                return Err(here("figures:", "`figures: 0`: give 1 or more".into()));
            }
        }
        Ok(())
    }

    fn check_reaction(
        &self,
        r: &crate::model::ReactionDef,
        here: &dyn Fn(&[&str], String) -> Error,
    ) -> Result<()> {
        let within = |needle: &str, msg: String| here(&["reaction:", needle], msg);
        let p = self.known_procedure(&r.procedure, &|msg| within("procedure:", msg))?;
        self.known_results(p, &r.pass, &|n, msg| within(n, msg))?;
        if let Some(fire) = &r.fire {
            self.known_procedure(fire, &|msg| within("fire:", msg))?;
        }
        // What stops a charger is a result of the fire's chain: of some procedure, at least.
        if !r.stops.is_empty() && r.fire.is_none() {
            return Err(within(
                "stops:",
                "`stops` reads the fire: give `fire:` too".into(),
            ));
        }
        for s in &r.stops {
            let results = || {
                self.def
                    .procedures
                    .iter()
                    .flat_map(|p| p.results.iter().map(|x| x.name.as_str()))
            };
            if !results().any(|x| x == s) {
                return Err(within(s, format!("`{s}` is not a result of any procedure"))
                    .with_hint_opt(did_you_mean(s, results())));
            }
        }
        for (key, flag) in [("fired:", &r.fired), ("failed:", &r.failed)] {
            if let Some(f) = flag {
                self.yes_no(f, &|msg| within(key, msg))?;
            }
        }
        Ok(())
    }

    fn known_procedure(&self, name: &str, err: &dyn Fn(String) -> Error) -> Result<&ProcedureDef> {
        self.procedure(name).ok_or_else(|| {
            let names = self.def.procedures.iter().map(|p| p.name.as_str());
            err(format!("`{name}` is not a procedure of this ruleset"))
                .with_hint_opt(did_you_mean(name, names))
        })
    }

    fn known_results(
        &self,
        p: &ProcedureDef,
        names: &[String],
        err: &dyn Fn(&str, String) -> Error,
    ) -> Result<()> {
        for r in names {
            if !p.results.iter().any(|x| &x.name == r) {
                let results = p.results.iter().map(|x| x.name.as_str());
                return Err(err(r, format!("`{r}` is not a result of `{}`", p.name))
                    .with_hint_opt(did_you_mean(r, results)));
            }
        }
        Ok(())
    }

    fn yes_no(&self, name: &str, err: &dyn Fn(String) -> Error) -> Result<()> {
        match self.factor(name) {
            Some(f) if f.kind == FactorKind::Flag => Ok(()),
            Some(_) => Err(err(format!("`{name}` is not a yes/no factor"))),
            None => {
                let names = self.def.factors.iter().map(|f| f.name.as_str());
                Err(err(format!("`{name}` is not a factor of this ruleset"))
                    .with_hint_opt(did_you_mean(name, names)))
            }
        }
    }
}
