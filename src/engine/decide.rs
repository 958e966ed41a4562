//! Deciding one throw: natural results first, then the plan's reading of the total (a check
//! against a target, a table, a grid row, a distance, or one side against the other), then any
//! `becomes` that turns the result into another.

use serde::Serialize;

use crate::engine::plan::{Becoming, DicePlan, Plan, Reading, SidePlan};
use crate::rules::model::{CompareBy, CompareDef};

/// The result a throw gives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Decision {
    pub result: String,
    pub label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loser: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<i64>,
    /// Natural results (doubles, a natural 6) decided before modifiers, per side.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub natural: Option<String>,
    pub totals: Vec<i64>,
    pub explanation: String,
}

impl Decision {
    /// What tells two results apart in the odds.
    pub(super) fn key(&self) -> String {
        match &self.loser {
            Some(l) => format!("{l}: {}", self.label),
            None => self.label.clone(),
        }
    }
}

/// The result of the band a value falls in (bands are checked at load to leave no gaps).
fn band_for(bands: &[crate::rules::model::BandDef], value: i64) -> &str {
    bands
        .iter()
        .find(|b| b.min.is_none_or(|m| value >= m) && b.max.is_none_or(|m| value <= m))
        .map_or("", |b| b.result.as_str())
}

/// ", read as 13" when a total was read at a table's end, else nothing.
fn read_as(total: i64, read: i64) -> String {
    if read == total {
        String::new()
    } else {
        format!(", read as {read}")
    }
}

impl Plan<'_> {
    /// The natural (unmodified) total and kept dice of one side's faces.
    pub(super) fn natural(side: &SidePlan, faces: &[i64]) -> (Vec<i64>, i64) {
        match &side.dice {
            DicePlan::Roll(spec) => {
                let kept = spec.kept(faces);
                let total = kept.iter().fold(0i64, |a, b| a.saturating_add(*b));
                (kept, total)
            }
            DicePlan::Fixed(v) => (Vec::new(), *v),
        }
    }

    /// The result of one throw per side, after any `becomes` that applies.
    pub fn decide(&self, faces: &[&[i64]]) -> Decision {
        let mut d = self.decide_throw(faces);
        let applies = |b: &&Becoming<'_>| {
            b.from == d.result
                && match &b.role {
                    None => true,
                    Some((true, side)) => d.loser.as_ref() == Some(side),
                    Some((false, side)) => d.winner.as_ref() == Some(side),
                }
        };
        if let Some(b) = self.becomes.iter().find(applies) {
            d.explanation = format!("{}; {}: {}", d.explanation, b.label, self.label(b.to));
            d.result = b.to.to_string();
            d.label = self.label(b.to);
        }
        d
    }

    /// The result the dice give, as the table reads it.
    fn decide_throw(&self, faces: &[&[i64]]) -> Decision {
        let mut totals = Vec::new();
        let mut naturals = Vec::new();
        for (i, side) in self.sides.iter().enumerate() {
            let f = faces.get(i).copied().unwrap_or(&[]);
            let (_, natural) = Self::natural(side, f);
            naturals.push((f, natural));
            totals.push(natural.saturating_add(side.net));
        }
        // Natural results are read on the first (or only) side's dice, whatever the modifiers.
        if let Some((f, natural)) = naturals.first() {
            for n in &self.naturals {
                let doubles =
                    n.doubles && f.len() >= 2 && f.windows(2).all(|w| w.first() == w.last());
                let total = !n.total.is_empty() && n.total.contains(natural);
                if doubles || total {
                    return Decision {
                        result: n.result.clone(),
                        label: self.label(&n.result),
                        winner: None,
                        loser: None,
                        amount: None,
                        natural: Some(n.label.clone()),
                        totals,
                        explanation: format!(
                            "{}: {}, whatever the modifiers",
                            n.label,
                            self.label(&n.result)
                        ),
                    };
                }
                if let Some(other) = n.otherwise.as_ref().filter(|_| !n.total.is_empty()) {
                    return Decision {
                        result: other.clone(),
                        label: self.label(other),
                        winner: None,
                        loser: None,
                        amount: None,
                        natural: Some(format!("not {}", n.label)),
                        totals,
                        explanation: format!("only {} counts: {}", n.label, self.label(other)),
                    };
                }
            }
        }
        let total = totals.first().copied().unwrap_or(0);
        let plain = |result: &str, explanation: String| Decision {
            result: result.to_string(),
            label: self.label(result),
            winner: None,
            loser: None,
            amount: None,
            natural: None,
            totals: totals.clone(),
            explanation,
        };
        match &self.reading {
            Reading::Check {
                compare,
                target,
                target_text,
                pass,
                fail,
            } => {
                let against = crate::words::compared(*compare, target_text);
                let result = if compare.holds(total, *target) {
                    pass
                } else {
                    fail
                };
                plain(
                    result,
                    format!("total {total} against {against}: {}", self.label(result)),
                )
            }
            Reading::Table { clamp, rows } => {
                let read = clamp.map_or(total, |[lo, hi]| total.clamp(lo, hi));
                let result = band_for(rows, read);
                let clamped = read_as(total, read);
                plain(
                    result,
                    format!("total {total}{clamped}: {}", self.label(result)),
                )
            }
            Reading::Grid { row, first_column } => {
                let width = i64::try_from(row.results.len()).unwrap_or(1).max(1);
                let column = total.saturating_sub(*first_column).clamp(0, width - 1);
                let result = usize::try_from(column)
                    .ok()
                    .and_then(|c| row.results.get(c))
                    .map_or("", String::as_str);
                let clamped = read_as(total, first_column.saturating_add(column));
                plain(
                    result,
                    format!(
                        "row {}, total {total}{clamped}: {}",
                        row.label,
                        self.label(result)
                    ),
                )
            }
            Reading::Amount {
                unit,
                floor,
                halves,
            } => {
                let mut v = total;
                let mut steps = Vec::new();
                for (label, round_up) in halves {
                    v = if *round_up {
                        v.saturating_add(1).div_euclid(2)
                    } else {
                        v.div_euclid(2)
                    };
                    steps.push(format!(
                        "halved ({label}, rounded {}) to {v}",
                        if *round_up { "up" } else { "down" }
                    ));
                }
                if let Some(f) = floor
                    && v < *f
                {
                    v = *f;
                    steps.push(format!("never below {f}"));
                }
                let label = crate::words::quantity(v, unit);
                let mut explanation = format!("total {total}");
                if !steps.is_empty() {
                    explanation.push_str(&format!(", {}", steps.join(", ")));
                }
                explanation.push_str(&format!(": {label}"));
                Decision {
                    result: v.to_string(),
                    label,
                    winner: None,
                    loser: None,
                    amount: Some(v),
                    natural: None,
                    totals: totals.clone(),
                    explanation,
                }
            }
            Reading::Compare(c) => self.compare(c, &totals),
        }
    }

    fn compare(&self, c: &CompareDef, totals: &[i64]) -> Decision {
        let name = |i: usize| {
            self.sides
                .get(i)
                .and_then(|s| s.side.clone())
                .unwrap_or_default()
        };
        let (a, b) = (
            totals.first().copied().unwrap_or(0),
            totals.get(1).copied().unwrap_or(0),
        );
        let scores = format!("{} {a} against {} {b}", name(0), name(1));
        if a == b {
            return Decision {
                result: c.tie.clone(),
                label: self.label(&c.tie),
                winner: None,
                loser: None,
                amount: None,
                natural: None,
                totals: totals.to_vec(),
                explanation: format!("{scores}: {}", self.label(&c.tie)),
            };
        }
        let (w, l, hi, lo) = if a > b { (0, 1, a, b) } else { (1, 0, b, a) };
        let (result, how) = match c.by {
            CompareBy::Margin => {
                let margin = hi.saturating_sub(lo);
                let r = band_for(&c.bands, margin).to_string();
                (r, format!("{} wins by {margin}", name(w)))
            }
            CompareBy::Doubling => {
                let doubled = i128::from(hi) >= 2 * i128::from(lo);
                let r = if doubled {
                    c.doubled.clone()
                } else {
                    c.beaten.clone()
                }
                .unwrap_or_default();
                (
                    r,
                    format!(
                        "{} wins{}",
                        name(w),
                        if doubled {
                            " and doubles the score"
                        } else {
                            ""
                        }
                    ),
                )
            }
        };
        Decision {
            label: self.label(&result),
            explanation: format!("{scores}: {how}; {}: {}", name(l), self.label(&result)),
            result,
            winner: Some(name(w)),
            loser: Some(name(l)),
            amount: None,
            natural: None,
            totals: totals.to_vec(),
        }
    }
}
