//! What a table works out from a situation before the roll: a number factor with `sum` items
//! that the umpire did not give is the sum of the items that hold, and a choice factor with
//! `further` is read one value along its list when its condition holds. Each is kept as a
//! fact for the explanation.

use serde::Serialize;

use crate::engine::modifiers::{ModLine, item_line};
use crate::engine::situation::{Given, Situation, Value};
use crate::model::{Decimal, Guarded, ProcedureDef, Ruleset};

/// A number worked out for a roll: the factor, the items that held (and those the umpire's
/// words touched without meeting), and the total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Summed {
    pub factor: String,
    pub lines: Vec<ModLine>,
    pub total: i64,
}

/// A choice factor read one value further along its list: from, to, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Further {
    pub factor: String,
    pub from: String,
    pub to: String,
    pub label: String,
}

/// Work out in `s` what the procedure reads and the table derives: its summed numbers the
/// umpire did not give, then its choices read further. `opponent` is the other side's
/// situation in an opposed roll. A ruleset that derives nothing pays nothing: this runs for
/// every situation the linter weighs.
pub fn derive(
    ruleset: &Ruleset,
    p: &ProcedureDef,
    s: Situation,
    opponent: Option<&Situation>,
) -> (Situation, Vec<Summed>, Vec<Further>) {
    let derives = |f: &crate::model::FactorDef| !f.sum.is_empty() || f.further.is_some();
    if !ruleset.model.factors.iter().any(derives) {
        return (s, Vec::new(), Vec::new());
    }
    let reads = ruleset.part_factors(p);
    let (s, sums) = sum(ruleset, &reads, s, opponent);
    let (s, further) = further(ruleset, &reads, s);
    (s, sums, further)
}

/// Read one value further, in `s`, every factor of `reads` whose `further` holds (the last
/// value stays the last).
fn further(ruleset: &Ruleset, reads: &[String], mut s: Situation) -> (Situation, Vec<Further>) {
    let mut out = Vec::new();
    for name in reads {
        let Some(f) = ruleset.factor(name) else {
            continue;
        };
        let Some(x) = &f.further else { continue };
        if !s.guard_holds(ruleset, x.guard()) {
            continue;
        }
        let Some(Value::Choice(from)) = s.value(ruleset, &f.name) else {
            continue;
        };
        let values = &f.values;
        let Some(at) = values.iter().position(|v| v.name == from) else {
            continue;
        };
        let Some(next) = values.get(at + 1) else {
            continue;
        };
        s.given.insert(
            f.name.clone(),
            Given {
                value: Value::Choice(next.name.clone()),
                distance: None,
                via: s.given.get(&f.name).and_then(|g| g.via.clone()),
            },
        );
        out.push(Further {
            factor: f.name.clone(),
            from,
            to: next.name.clone(),
            label: x.label.clone(),
        });
    }
    (s, out)
}

/// Work out, in `s`, every summed factor of `reads` the umpire did not give.
fn sum(
    ruleset: &Ruleset,
    reads: &[String],
    mut s: Situation,
    opponent: Option<&Situation>,
) -> (Situation, Vec<Summed>) {
    let mut out = Vec::new();
    for name in reads {
        let Some(f) = ruleset.factor(name) else {
            continue;
        };
        if f.sum.is_empty() || s.given.contains_key(&f.name) {
            continue;
        }
        let lines: Vec<ModLine> = f
            .sum
            .iter()
            .filter_map(|item| item_line(ruleset, &f.name, item, &s, opponent))
            .collect();
        // Kept within the factor's bounds, as a number typed is.
        let total = lines
            .iter()
            .filter(|l| l.applied)
            .fold(0i64, |a, l| a.saturating_add(l.value))
            .clamp(
                f.min.unwrap_or(i64::MIN),
                f.max.unwrap_or(i64::MAX).max(f.min.unwrap_or(i64::MIN)),
            );
        s.given.insert(
            f.name.clone(),
            Given {
                value: Value::Number(Decimal::whole(total)),
                distance: None,
                via: None,
            },
        );
        out.push(Summed {
            factor: f.name.clone(),
            lines,
            total,
        });
    }
    (s, out)
}
