//! Modifiers: the lines a side's situation gives under each group's policy (all, best, worst,
//! best and worst), each applied or set aside with the reason, and the "needs ..." texts that
//! say why an item does not apply.

use serde::Serialize;

use crate::engine::situation::{Situation, Value};
use crate::rules::model::{Cond, Guarded, ItemDef, Policy, ProcedureDef, Test};
use crate::rules::ruleset::Ruleset;
use crate::words::signed;

/// One modifier line of the explanation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ModLine {
    pub group: String,
    pub label: String,
    pub value: i64,
    pub applied: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// Modifiers of one side, each applied or ignored with the reason.
pub(super) fn modifiers(ruleset: &Ruleset, p: &ProcedureDef, s: &Situation) -> (Vec<ModLine>, i64) {
    let mut lines = Vec::new();
    let mut net: i64 = 0;
    for group in &p.modifiers {
        let mut candidates: Vec<ModLine> = Vec::new();
        for item in &group.items {
            if let Some(line) = item_line(ruleset, &group.group, item, s) {
                candidates.push(line);
            }
        }
        let applicable: Vec<(usize, i64)> = candidates
            .iter()
            .enumerate()
            .filter(|(_, l)| l.applied)
            .map(|(i, l)| (i, l.value))
            .collect();
        let best =
            applicable
                .iter()
                .filter(|(_, v)| *v > 0)
                .fold(None::<(usize, i64)>, |acc, &(i, v)| match acc {
                    Some((_, b)) if b >= v => acc,
                    _ => Some((i, v)),
                });
        let worst =
            applicable
                .iter()
                .filter(|(_, v)| *v < 0)
                .fold(None::<(usize, i64)>, |acc, &(i, v)| match acc {
                    Some((_, w)) if w <= v => acc,
                    _ => Some((i, v)),
                });
        let label_of = |i: usize| {
            candidates
                .get(i)
                .map(|l| format!("{} {}", l.label, signed(l.value)))
                .unwrap_or_default()
        };
        let best_text = best.map(|(i, _)| label_of(i));
        let worst_text = worst.map(|(i, _)| label_of(i));
        for (i, mut line) in candidates.clone().into_iter().enumerate() {
            if line.applied {
                let keep = match group.policy {
                    Policy::All => true,
                    Policy::BestAndWorst => {
                        line.value == 0
                            || best.is_some_and(|b| b.0 == i)
                            || worst.is_some_and(|w| w.0 == i)
                    }
                    Policy::Best => line.value == 0 || best.is_some_and(|b| b.0 == i),
                    Policy::Worst => line.value == 0 || worst.is_some_and(|w| w.0 == i),
                };
                if !keep {
                    line.applied = false;
                    line.reason = Some(match (line.value > 0, group.policy) {
                        (_, Policy::Best) if line.value < 0 => {
                            "only the greatest positive counts".into()
                        }
                        (_, Policy::Worst) if line.value > 0 => {
                            "only the greatest negative counts".into()
                        }
                        (true, _) => format!(
                            "{} is the greatest positive",
                            best_text.clone().unwrap_or_default()
                        ),
                        (false, _) => format!(
                            "{} is the greatest negative",
                            worst_text.clone().unwrap_or_default()
                        ),
                    });
                } else if group.policy != Policy::All && line.value != 0 {
                    line.reason = Some(if line.value > 0 {
                        "greatest positive".into()
                    } else {
                        "greatest negative".into()
                    });
                }
                if line.applied {
                    net = net.saturating_add(line.value);
                }
            }
            lines.push(line);
        }
    }
    (lines, net)
}

/// The line one modifier item gives in this situation, if it has anything to say.
pub(crate) fn item_line(
    ruleset: &Ruleset,
    group: &str,
    item: &ItemDef,
    s: &Situation,
) -> Option<ModLine> {
    let holds = s.guard_holds(ruleset, item.guard());
    let line = |label: String, value: i64, applied: bool, reason: Option<String>| {
        Some(ModLine {
            group: group.to_string(),
            label,
            value,
            applied,
            reason,
        })
    };
    if let Some(v) = item.value {
        let label = item.label.clone().unwrap_or_default();
        if holds {
            return line(label, v, true, None);
        }
        if s.touches(ruleset, item.guard()) {
            let needs = needs_text(ruleset, item, s);
            return line(label, v, false, Some(format!("does not apply: {needs}")));
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
        let explicit = s.given.contains_key(&f.name);
        let prefix = item
            .label
            .as_ref()
            .map(|l| format!("{l} "))
            .unwrap_or_default();
        return match narrowest {
            Some((_, key, v)) => {
                let key_label = ruleset.value_label(f, key);
                let actual_label = ruleset.value_label(f, &actual);
                let label = if key == &actual {
                    format!("{prefix}{key_label}")
                } else {
                    format!("{prefix}{key_label} ({actual_label})")
                };
                if holds {
                    line(label, v, true, None)
                } else {
                    line(
                        label,
                        v,
                        false,
                        Some(format!("does not apply: {}", needs_text(ruleset, item, s))),
                    )
                }
            }
            None if explicit => {
                // A class given where the table lists its members apart cannot be read.
                let members: Vec<String> = f
                    .classes
                    .iter()
                    .find(|c| c.name == actual)
                    .map(|c| {
                        values
                            .iter()
                            .filter(|(k, _)| c.members.contains(k))
                            .map(|(k, v)| format!("{k} {}", signed(*v)))
                            .collect()
                    })
                    .unwrap_or_default();
                if members.is_empty() {
                    line(
                        format!("{prefix}{}", ruleset.value_label(f, &actual)),
                        0,
                        true,
                        Some("no modifier listed".into()),
                    )
                } else {
                    line(
                        format!("{prefix}{}", ruleset.value_label(f, &actual)),
                        0,
                        false,
                        Some(format!(
                            "this table tells them apart ({}): give the exact {}",
                            members.join(", "),
                            f.name
                        )),
                    )
                }
            }
            None => None,
        };
    }
    if let Some(each) = item.each {
        let n = s.number(&f.name)?;
        let mut v = n.saturating_mul(each);
        let mut note = format!("{} each", signed(each));
        if let Some(limit) = item.limit {
            v = if limit < 0 {
                v.max(limit)
            } else {
                v.min(limit)
            };
            note.push_str(&format!(", at most {}", signed(limit)));
        }
        let label = format!(
            "{} {n} ({note})",
            item.label.clone().unwrap_or_else(|| f.name.clone())
        );
        return if holds {
            line(label, v, true, None)
        } else {
            None
        };
    }
    None
}

/// "needs troop line troops": the conditions of an item that the situation does not meet.
fn needs_text(ruleset: &Ruleset, item: &ItemDef, s: &Situation) -> String {
    let g = item.guard();
    let mut parts = Vec::new();
    for c in g.when.iter().filter(|c| !s.holds(ruleset, c)) {
        parts.push(format!("needs {}", cond_text(ruleset, c)));
    }
    if !g.any.is_empty() && !g.any.iter().any(|c| s.all_hold(ruleset, c)) {
        let alts: Vec<String> = g
            .any
            .iter()
            .map(|c| {
                c.iter()
                    .map(|c| cond_text(ruleset, c))
                    .collect::<Vec<_>>()
                    .join(" and ")
            })
            .collect();
        parts.push(format!("needs {}", alts.join(" or ")));
    }
    for c in g.unless.iter().filter(|c| s.holds(ruleset, c)) {
        parts.push(format!("not when {}", cond_text(ruleset, c)));
    }
    parts.join(", ")
}

/// `cover half or full`, `range 12 or less`, `not volley`: one condition in words.
pub fn cond_text(ruleset: &Ruleset, c: &Cond) -> String {
    let name = &c.factor;
    let label = |v: &str| {
        ruleset
            .factor(name)
            .map_or(v.to_string(), |f| ruleset.value_label(f, v).to_string())
    };
    match &c.test {
        Test::Flag(true) => name.to_string(),
        Test::Flag(false) => format!("not {name}"),
        Test::Range { min, max } => crate::words::bounds(*min, *max)
            .map_or_else(|| name.to_string(), |b| format!("{name} {b}")),
        Test::Values(vs) => format!(
            "{name} {}",
            vs.iter().map(|v| label(v)).collect::<Vec<_>>().join(" or ")
        ),
    }
}
