//! The checks of what an opposed or amount roll adds to a procedure: its re-rolls (what calls
//! for each, whose dice they throw), conditions on the other side, and conditions on the
//! amount a roll gave.

use crate::error::{Error, Result};
use crate::rules::schema::{AmountCond, BelowDef, Guarded, ProcedureDef};
use crate::rules::source::Source;
use crate::suggest::did_you_mean;

impl Source {
    /// Each re-roll: its guard, the results it names, what calls for it (results `on`, or an
    /// amount `below` a bound) and the side whose dice it throws again.
    pub(super) fn check_rerolls(
        &self,
        p: &ProcedureDef,
        err: &dyn Fn(&str, String) -> Error,
    ) -> Result<()> {
        let results: Vec<&str> = p.results.iter().map(|r| r.name.as_str()).collect();
        let sides: Vec<&str> = p.sides.iter().map(|s| s.name.as_str()).collect();
        for r in &p.reroll.0 {
            let here =
                |needle: &str, msg: String| err(needle, format!("re-roll `{}`: {msg}", r.label));
            if r.label.trim().is_empty() {
                return Err(err("reroll:", "a re-roll needs a `label`".into()));
            }
            self.check_guard(r.guard(), &here)?;
            for o in &r.on {
                if !results.contains(&o.as_str()) {
                    return Err(here(
                        o,
                        format!(
                            "result `{o}` is not among its results ({})",
                            results.join(", ")
                        ),
                    )
                    .with_hint_opt(did_you_mean(o, results.iter().copied())));
                }
            }
            match (&r.below, r.on.is_empty()) {
                (None, true) => {
                    return Err(here(
                        &r.label,
                        "say what is thrown again: results `on`, or an amount `below` a bound"
                            .into(),
                    ));
                }
                (Some(_), false) => {
                    return Err(here(
                        "below:",
                        "a re-roll is called for by results `on` or by an amount `below` a \
                         bound, not both"
                            .into(),
                    ));
                }
                (Some(b), true) => {
                    if p.amount.is_none() {
                        return Err(here(
                            "below:",
                            "`below` reads an amount, and this procedure gives none".into(),
                        ));
                    }
                    if let BelowDef::Word(w) = b
                        && w != "average"
                    {
                        return Err(here(
                            w,
                            format!("`below: {w}`: write a number, or `average`"),
                        ));
                    }
                }
                (None, false) => {}
            }
            match &r.side {
                Some(s) if !sides.contains(&s.as_str()) => {
                    let known = if sides.is_empty() {
                        "this roll has no sides".to_string()
                    } else {
                        format!("its sides are {}", sides.join(" and "))
                    };
                    return Err(here(s, format!("`side: {s}`: {known}"))
                        .with_hint_opt(did_you_mean(s, sides.iter().copied())));
                }
                None if r.below.is_some() && !sides.is_empty() => {
                    return Err(here(
                        "below:",
                        "in an opposed roll, `below` reads one side's amount: name its `side`"
                            .into(),
                    ));
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Conditions on the other side: only an opposed roll has one.
    pub(super) fn check_opponent(
        &self,
        p: &ProcedureDef,
        err: &dyn Fn(&str, String) -> Error,
    ) -> Result<()> {
        for g in &p.modifiers {
            for item in g.items.iter().filter(|i| !i.opponent.is_empty()) {
                if p.sides.is_empty() {
                    return Err(err(
                        "opponent:",
                        format!(
                            "a modifier in group `{}` reads the `opponent`, but this roll has no \
                             sides",
                            g.group
                        ),
                    ));
                }
                self.check_conditions(&item.opponent, err)?;
            }
        }
        Ok(())
    }

    /// A condition on a side's natural total: bounds that meet, and a side the roll has.
    pub(super) fn check_natural_cond(
        p: &ProcedureDef,
        a: &AmountCond,
        err: &dyn Fn(&str, String) -> Error,
    ) -> Result<()> {
        if let (Some(lo), Some(hi)) = (a.min, a.max)
            && lo > hi
        {
            return Err(err(
                "natural:",
                format!("`natural` from {lo} to {hi} takes no total"),
            ));
        }
        let sides: Vec<&str> = p.sides.iter().map(|s| s.name.as_str()).collect();
        match &a.of {
            None if sides.is_empty() => Ok(()),
            None => Err(err(
                "natural:",
                "in an opposed roll, a `natural` condition names whose dice: `of: SIDE`, \
                 `winner` or `loser`"
                    .into(),
            )),
            Some(s) if sides.is_empty() => Err(err(
                s,
                format!("`natural` of `{s}`: this roll has no sides; leave `of` out"),
            )),
            Some(s) if ["loser", "winner"].contains(&s.as_str()) || sides.contains(&s.as_str()) => {
                Ok(())
            }
            Some(s) => Err(err(
                s,
                format!(
                    "`natural` of `{s}`: write `winner`, `loser` or a side ({})",
                    sides.join(", ")
                ),
            )),
        }
    }

    /// A condition on the amount a roll gave: the roll gives one, and in an opposed roll it
    /// names whose (`loser` and `winner` only where a result is known: `every` says not).
    pub(super) fn check_amount_cond(
        p: &ProcedureDef,
        a: &AmountCond,
        every: bool,
        err: &dyn Fn(&str, String) -> Error,
    ) -> Result<()> {
        if p.amount.is_none() {
            return Err(err(
                "amount:",
                "a follow-up's `amount` condition reads the amount a roll gives, and this \
                 procedure gives none"
                    .into(),
            ));
        }
        if let (Some(lo), Some(hi)) = (a.min, a.max)
            && lo > hi
        {
            return Err(err(
                "amount:",
                format!("`amount` from {lo} to {hi} takes no amount"),
            ));
        }
        let sides: Vec<&str> = p.sides.iter().map(|s| s.name.as_str()).collect();
        match (&a.of, sides.is_empty()) {
            (None, true) => Ok(()),
            (None, false) => Err(err(
                "amount:",
                "in an opposed roll, an `amount` condition names whose amount: `of: SIDE`".into(),
            )),
            (Some(s), true) => Err(err(
                s,
                format!("`amount` of `{s}`: this roll has no sides; leave `of` out"),
            )),
            (Some(s), false) if ["loser", "winner"].contains(&s.as_str()) && every => Err(err(
                s,
                format!(
                    "`amount` of the {s}: a follow-up of every result cannot know it; name a side"
                ),
            )),
            (Some(s), false) if ["loser", "winner"].contains(&s.as_str()) => Ok(()),
            (Some(s), false) if sides.contains(&s.as_str()) => Ok(()),
            (Some(s), false) => Err(err(
                s,
                format!(
                    "`amount` of `{s}`, which is not loser, winner or a side of this roll ({})",
                    sides.join(", ")
                ),
            )
            .with_hint_opt(did_you_mean(s, sides.iter().copied()))),
        }
    }
}
