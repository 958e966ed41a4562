//! Rules of eligibility at a roll: which of the rules governing a procedure a situation calls
//! on, whether each is met, what it assumes where the roll was not told, and the flags taken
//! back when a rule withholds them.

use serde::Serialize;

use crate::engine::situation::Situation;
use crate::model::{Cond, Conditions, FactorKind, ProcedureDef, RequireDef, Ruleset, Then};

/// How a rule of eligibility stands for one situation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Standing {
    pub rule: String,
    /// What the rule governs (the flags it withholds).
    pub governs: Conditions,
    pub verdict: Verdict,
    /// Needs the situation does not meet.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unmet: Vec<Short>,
    /// Needs the roll was not told about, taken to hold (a roll typed without the roster).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub assumed: Vec<Cond>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A need not met, and the value the situation has instead.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Short {
    pub need: Cond,
    pub is: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Met,
    Withheld,
    Refused,
}

/// Whether the roll knows enough to weigh a need: the factor was given (from the roster or
/// typed) or has a default. A yes/no factor nobody set is "no" where the need is for "no", or
/// where the procedure itself reads it (the umpire declares what it takes when it holds); a
/// fact only a rule asks about (one the roster keeps for the unit) is not known until the roster or
/// the umpire says it, and a roll typed without the roster assumes it and says so.
fn known(ruleset: &Ruleset, s: &Situation, own: &[String], c: &Cond) -> bool {
    s.given.contains_key(&c.factor)
        || c.test == crate::model::Test::Flag(false)
        || ruleset.factor(&c.factor).is_some_and(|f| {
            f.default.is_some() || (f.kind == FactorKind::Flag && own.contains(&c.factor))
        })
}

/// How one rule stands, if the situation calls on it.
pub fn stand(ruleset: &Ruleset, s: &Situation, own: &[String], r: &RequireDef) -> Option<Standing> {
    if !s.all_hold(ruleset, &r.when) {
        return None;
    }
    let (mut unmet, mut assumed) = (Vec::new(), Vec::new());
    for c in &r.needs {
        if !known(ruleset, s, own, c) {
            assumed.push(c.clone());
        } else if !s.holds(ruleset, c) {
            let is = s
                .value(ruleset, &c.factor)
                .unwrap_or(crate::model::Value::Flag(false));
            unmet.push(Short {
                need: c.clone(),
                is: is.word(),
            });
        }
    }
    let verdict = match (unmet.is_empty(), r.then) {
        (true, _) => Verdict::Met,
        (false, Then::Withhold) => Verdict::Withheld,
        (false, Then::Refuse) => Verdict::Refused,
    };
    Some(Standing {
        rule: r.rule.clone(),
        governs: r.when.clone(),
        verdict,
        unmet,
        assumed,
        note: r.note.clone(),
    })
}

/// Apply the rules governing `p` (for `side` of it, in an opposed roll) in order: each
/// withheld one takes its flags back before the next is weighed (a flag that needs a withheld
/// one is then refused too).
pub fn apply(
    ruleset: &Ruleset,
    p: &ProcedureDef,
    side: Option<&str>,
    mut s: Situation,
) -> (Situation, Vec<Standing>) {
    let mut standings = Vec::new();
    let own = ruleset.part_factors(p);
    let rules = ruleset
        .governing(&own)
        .filter(|r| r.governs_roll(&p.name, side));
    for r in rules {
        let Some(standing) = stand(ruleset, &s, &own, r) else {
            continue;
        };
        if standing.verdict == Verdict::Withheld {
            for c in &standing.governs {
                s.given.remove(&c.factor);
            }
        }
        standings.push(standing);
    }
    (s, standings)
}
