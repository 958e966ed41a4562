//! The checks of a ruleset's rules of eligibility (`requires:`), of the factor a unit's size
//! sets, and of a factor set to a value by name (a follow-up's, a procedure's `given`, a
//! spend's `sets`): names known, values of the right kind, and a withheld rule that governs
//! flags.

use std::collections::BTreeSet;

use crate::error::{Error, Result};
use crate::rules::schema::{CondValue, FactorKind, GameDef};
use crate::rules::source::{Locator, Source};
use crate::words::{flag_word, range_words};

impl Source {
    pub(super) fn check_requires(&self, at: &Locator<'_>) -> Result<()> {
        let mut rules = BTreeSet::new();
        for r in &self.def.requires {
            let here = |needle: &str, msg: String| at.err(&["requires:", &r.rule, needle], msg);
            if r.rule.trim().is_empty() {
                return Err(at.err(&["requires:", "rule:"], String::from("a rule needs a name")));
            }
            if !rules.insert(r.rule.as_str()) {
                return Err(here("rule:", format!("rule `{}` is named twice", r.rule)));
            }
            if (r.when.is_empty() && r.procedures.is_empty()) || r.needs.is_empty() {
                return Err(here(
                    "rule:",
                    format!(
                        "rule `{}` needs both `when:` or `procedures:` (what it governs) and \
                         `needs:` (what must then hold)",
                        r.rule
                    ),
                ));
            }
            for name in &r.procedures {
                let Some(p) = self.procedure(name) else {
                    let names = self.def.procedures.iter().map(|p| p.name.as_str());
                    return Err(here(
                        name,
                        format!(
                            "rule `{}` governs `{name}`, which is not a procedure",
                            r.rule
                        ),
                    )
                    .with_hint_opt(crate::suggest::did_you_mean(name, names)));
                };
                if let Some(side) = r
                    .sides
                    .iter()
                    .find(|s| !p.sides.iter().any(|x| &x.name == *s))
                {
                    return Err(here(
                        side,
                        format!(
                            "rule `{}` governs side `{side}`, which `{name}` does not have",
                            r.rule
                        ),
                    ));
                }
            }
            if !r.sides.is_empty() && r.procedures.is_empty() {
                return Err(here(
                    "sides:",
                    format!(
                        "rule `{}` names sides: name the `procedures:` they are of",
                        r.rule
                    ),
                ));
            }
            self.check_conditions(&r.when, &here)?;
            self.check_conditions(&r.needs, &here)?;
            if r.then == crate::model::Then::Withhold
                && let Some((name, _)) = r.when.iter().find(|(name, want)| {
                    **want != CondValue::Flag(true)
                        || self
                            .factor(name)
                            .is_some_and(|f| f.kind != FactorKind::Flag)
                })
            {
                return Err(here(
                    name,
                    format!(
                        "rule `{}` withholds what it governs, so `when:` may only name yes/no \
                         factors set to yes (`{name}` is not one)",
                        r.rule
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The factor a unit's losses set is a number, counted in steps of 1 to 100 percent, of
    /// markers the game has.
    pub(super) fn check_losses(&self, g: &GameDef, at: &Locator<'_>) -> Result<()> {
        let Some(l) = &g.losses else {
            return Ok(());
        };
        if self
            .factor(&l.factor)
            .is_none_or(|f| f.kind != FactorKind::Number)
        {
            return Err(at.err(
                &["game:", "losses:", "factor:"],
                format!(
                    "`losses` sets a number factor, and `{}` is not one",
                    l.factor
                ),
            ));
        }
        if !(1..=100).contains(&l.per) {
            return Err(at.err(
                &["game:", "losses:", "per:"],
                format!(
                    "`per: {}`: count losses in steps of 1 to 100 percent",
                    l.per
                ),
            ));
        }
        for m in &l.marked {
            let name = crate::rules::compile_game::marker_name(g, m);
            if !g.markers.iter().any(|x| x.name == name) {
                return Err(at.err(
                    &["game:", "losses:", "marked:", m],
                    format!("`losses` counts the marker `{m}`, which the game does not have"),
                ));
            }
        }
        Ok(())
    }

    /// The factor a unit's size sets is a number.
    pub(super) fn check_size(&self, g: &GameDef, at: &Locator<'_>) -> Result<()> {
        let Some(name) = &g.size else {
            return Ok(());
        };
        match self.factor(name) {
            Some(f) if f.kind == FactorKind::Number => Ok(()),
            _ => Err(at.err(
                &["game:", "size:"],
                format!("`size: {name}` needs a number factor, and `{name}` is not one"),
            )),
        }
    }
}

impl Source {
    /// A factor a table sets by name to a value, as a follow-up or a fight's pairing does:
    /// the factor is the ruleset's and the value one it takes.
    pub(super) fn check_setting(
        &self,
        k: &str,
        v: &str,
        who: &str,
        err: &dyn Fn(&str, String) -> Error,
    ) -> Result<()> {
        let Some(fd) = self.factor(k) else {
            return Err(err(
                k,
                format!("{who} sets `{k}`, which this ruleset does not define"),
            ));
        };
        let wrong = match fd.kind {
            FactorKind::Choice => self.value(fd, v).is_none(),
            FactorKind::Flag => flag_word(v).is_none(),
            FactorKind::Number => v
                .parse::<i64>()
                .ok()
                .filter(|n| fd.min.is_none_or(|m| *n >= m))
                .filter(|n| fd.max.is_none_or(|m| *n <= m))
                .is_none(),
        };
        if !wrong {
            return Ok(());
        }
        let expected = match fd.kind {
            FactorKind::Choice => format!("a value of `{k}`"),
            FactorKind::Flag => "yes or no".to_string(),
            FactorKind::Number => format!("a whole number {}", range_words(fd.min, fd.max)),
        };
        Err(err(
            v,
            format!("{who} sets `{k}={v}`, which is not {expected}"),
        ))
    }
}
