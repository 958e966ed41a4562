//! Modifiers: the lines a side's situation gives under each group's policy (all, best, worst,
//! best and worst), each applied or set aside, and why, as facts for the wording to say.

use serde::Serialize;

use crate::engine::situation::{Situation, Value};
use crate::model::Ruleset;
use crate::model::{Cond, Conditions, Guarded, ItemDef, Policy, ProcedureDef};

/// One modifier line of the explanation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ModLine {
    pub group: String,
    /// The item's label (or the value's label, for a per-value item).
    pub label: String,
    /// What the line is about beyond its label: the value it was read for, or a count.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<Detail>,
    pub value: i64,
    pub applied: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<Why>,
}

/// What qualifies a line's label.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Detail {
    /// The value listed covers the one given (a class for its member): the given one's label.
    Covers { given: String },
    /// A modifier per unit of a number factor: `count` of them at `each`, perhaps capped.
    Count {
        count: i64,
        each: i64,
        #[serde(skip_serializing_if = "Option::is_none")]
        limit: Option<i64>,
    },
}

/// Why a line applies or is set aside, when there is more to say than its conditions held.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Why {
    /// The conditions the situation does not meet.
    Unmet { unmet: Vec<Unmet> },
    /// It is the greatest of its sign, under a policy that keeps only that one.
    Greatest { positive: bool },
    /// Another line of the group (its index in the side's lines) is the greatest of its sign.
    Superseded { by: usize, positive: bool },
    /// The group's policy keeps only the other sign (`best` sets every negative aside).
    OtherSignOnly { positive: bool },
    /// The table lists no modifier for the value given.
    NoneListed,
    /// A class was given where the table lists its members apart: these, with their values.
    TellApart {
        factor: String,
        members: Vec<(String, i64)>,
    },
}

/// One part of a guard the situation does not meet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Unmet {
    Needs {
        cond: Cond,
    },
    NeedsOneOf {
        alternatives: Vec<Conditions>,
    },
    NotWhen {
        cond: Cond,
    },
    /// A condition on the other side of an opposed roll.
    OpponentNeeds {
        cond: Cond,
    },
}

/// Modifiers of one side, each applied or ignored with the reason; `opponent` is the other
/// side's situation in an opposed roll.
pub(super) fn modifiers(
    ruleset: &Ruleset,
    p: &ProcedureDef,
    s: &Situation,
    opponent: Option<&Situation>,
) -> (Vec<ModLine>, i64) {
    let mut lines: Vec<ModLine> = Vec::new();
    let mut net: i64 = 0;
    for group in &p.modifiers {
        let start = lines.len();
        let candidates: Vec<ModLine> = group
            .items
            .iter()
            .filter_map(|item| item_line(ruleset, &group.group, item, s, opponent))
            .collect();
        let greatest = |positive: bool| {
            candidates
                .iter()
                .enumerate()
                .filter(|(_, l)| l.applied && (l.value > 0) == positive && l.value != 0)
                .fold(None::<(usize, i64)>, |acc, (i, l)| match acc {
                    Some((_, b)) if (positive && b >= l.value) || (!positive && b <= l.value) => {
                        acc
                    }
                    _ => Some((i, l.value)),
                })
                .map(|(i, _)| i)
        };
        let (best, worst) = (greatest(true), greatest(false));
        for (i, mut line) in candidates.into_iter().enumerate() {
            if line.applied && line.value != 0 && group.policy != Policy::All {
                let positive = line.value > 0;
                let keeps_sign = match group.policy {
                    Policy::Best => positive,
                    Policy::Worst => !positive,
                    Policy::All | Policy::BestAndWorst => true,
                };
                let top = if positive { best } else { worst };
                line.why = Some(if !keeps_sign {
                    line.applied = false;
                    Why::OtherSignOnly {
                        positive: !positive,
                    }
                } else if top == Some(i) {
                    Why::Greatest { positive }
                } else {
                    line.applied = false;
                    Why::Superseded {
                        by: start + top.unwrap_or(i),
                        positive,
                    }
                });
            }
            if line.applied {
                net = net.saturating_add(line.value);
            }
            lines.push(line);
        }
    }
    (lines, net)
}

/// Whether an item's conditions on the other side hold: always when it has none; never
/// without an opponent.
fn opponent_holds(ruleset: &Ruleset, item: &ItemDef, opponent: Option<&Situation>) -> bool {
    item.opponent.is_empty() || opponent.is_some_and(|o| o.all_hold(ruleset, &item.opponent))
}

/// The line one modifier item gives in this situation (and its opponent's, in an opposed
/// roll), if it has anything to say.
pub(crate) fn item_line(
    ruleset: &Ruleset,
    group: &str,
    item: &ItemDef,
    s: &Situation,
    opponent: Option<&Situation>,
) -> Option<ModLine> {
    let holds = s.guard_holds(ruleset, item.guard()) && opponent_holds(ruleset, item, opponent);
    // Something the umpire said of the other side that the item is about.
    let said_of_opponent = opponent.is_some_and(|o| {
        item.opponent
            .iter()
            .any(|c| o.given.contains_key(&c.factor) && o.holds(ruleset, c))
    });
    let make = |label: String, detail: Option<Detail>, value: i64, applied: bool, why| ModLine {
        group: group.to_string(),
        label,
        detail,
        value,
        applied,
        why,
    };
    // Applied when its conditions hold, else set aside with the ones that do not.
    let line = |label: String, detail: Option<Detail>, value: i64| {
        let why = (!holds).then(|| unmet(ruleset, item, s, opponent));
        Some(make(label, detail, value, holds, why))
    };
    if let Some(v) = item.value {
        let label = item.label.clone().unwrap_or_default();
        // A miss deserves a word only when the umpire said something the item is about.
        let none_of_its_own = item.when.is_empty() && item.any.is_empty() && item.unless.is_empty();
        let touched = if none_of_its_own {
            said_of_opponent
        } else {
            s.touches(ruleset, item.guard()) && (item.opponent.is_empty() || said_of_opponent)
        };
        if holds || touched {
            return line(label, None, v);
        }
        return None;
    }
    let fname = item.factor.as_deref()?;
    let f = ruleset.factor(fname)?;
    if let Some(values) = &item.values {
        let Some(Value::Choice(actual)) = s.value(ruleset, &f.name) else {
            return None;
        };
        let narrowest = values
            .iter()
            .filter_map(|(k, v)| ruleset.key_covers(f, k, &actual).map(|size| (size, k, *v)))
            .min_by_key(|(size, _, _)| *size);
        let prefixed = |label: &str| match &item.label {
            Some(l) => format!("{l} {label}"),
            None => label.to_string(),
        };
        return match narrowest {
            Some((_, key, v)) => {
                let detail = (key != &actual).then(|| Detail::Covers {
                    given: ruleset.value_label(f, &actual).to_string(),
                });
                line(prefixed(ruleset.value_label(f, key)), detail, v)
            }
            None if s.given.contains_key(&f.name) => {
                // A class given where the table lists its members apart cannot be read.
                let members: Vec<(String, i64)> = f
                    .classes
                    .iter()
                    .find(|c| c.name == actual)
                    .map(|c| {
                        values
                            .iter()
                            .filter(|(k, _)| c.members.contains(k))
                            .map(|(k, v)| (k.clone(), *v))
                            .collect()
                    })
                    .unwrap_or_default();
                let label = prefixed(ruleset.value_label(f, &actual));
                Some(if members.is_empty() {
                    make(label, None, 0, true, Some(Why::NoneListed))
                } else {
                    let why = Why::TellApart {
                        factor: f.name.clone(),
                        members,
                    };
                    make(label, None, 0, false, Some(why))
                })
            }
            None => None,
        };
    }
    if let Some(each) = item.each {
        if !holds {
            return None;
        }
        // So much per whole unit: a measured 2.5 counts 2.
        let count = s.number(ruleset, &f.name)?.trunc();
        let mut v = count.saturating_mul(each);
        if let Some(limit) = item.limit {
            v = if limit < 0 {
                v.max(limit)
            } else {
                v.min(limit)
            };
        }
        let label = item.label.clone().unwrap_or_else(|| f.name.clone());
        let detail = Detail::Count {
            count,
            each,
            limit: item.limit,
        };
        return line(label, Some(detail), v);
    }
    None
}

/// The conditions of an item that the situation (and its opponent's) does not meet.
fn unmet(ruleset: &Ruleset, item: &ItemDef, s: &Situation, opponent: Option<&Situation>) -> Why {
    let g = item.guard();
    let mut unmet: Vec<Unmet> = g
        .when
        .iter()
        .filter(|c| !s.holds(ruleset, c))
        .map(|c| Unmet::Needs { cond: c.clone() })
        .collect();
    if !g.any.is_empty() && !g.any.iter().any(|c| s.all_hold(ruleset, c)) {
        unmet.push(Unmet::NeedsOneOf {
            alternatives: g.any.to_vec(),
        });
    }
    unmet.extend(
        g.unless
            .iter()
            .filter(|c| s.holds(ruleset, c))
            .map(|c| Unmet::NotWhen { cond: c.clone() }),
    );
    unmet.extend(
        item.opponent
            .iter()
            .filter(|c| !opponent.is_some_and(|o| o.holds(ruleset, c)))
            .map(|c| Unmet::OpponentNeeds { cond: c.clone() }),
    );
    Why::Unmet { unmet }
}
