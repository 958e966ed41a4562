//! Deciding one throw: natural results first, then the plan's reading of the total (a check
//! against a target, a table, a grid row, a distance, or one side against the other), then any
//! `becomes` that turns the result into another.

use crate::engine::decision::{AmountStep, Became, Decision, Margin, Read, Scored};
use crate::engine::plan::{Becoming, Plan, Reading, SidePlan};
use crate::engine::throw::{DicePlan, Target};
use crate::model::{CompareBy, CompareDef, Comparison};

/// A total made an amount: each halving in turn, then the floor.
pub(super) fn amount_steps(
    total: i64,
    halves: &[(String, bool)],
    floor: Option<i64>,
) -> (i64, Vec<AmountStep>) {
    let mut v = total;
    let mut steps = Vec::new();
    for (why, up) in halves {
        v = if *up {
            v.saturating_add(1).div_euclid(2)
        } else {
            v.div_euclid(2)
        };
        steps.push(AmountStep::Halved {
            why: why.clone(),
            up: *up,
            to: v,
        });
    }
    if let Some(f) = floor
        && v < f
    {
        v = f;
        steps.push(AmountStep::Floor { to: v });
    }
    (v, steps)
}

/// The result of the band a value falls in (bands are checked at load to leave no gaps).
fn band_for(bands: &[crate::model::BandDef], value: i64) -> &str {
    bands
        .iter()
        .find(|b| b.min.is_none_or(|m| value >= m) && b.max.is_none_or(|m| value <= m))
        .map_or("", |b| b.result.as_str())
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
        // The natural total of the side a condition names (the roll's own, of one side).
        let natural_of = |of: Option<&String>| {
            let name = match of.map(String::as_str) {
                Some("winner") => d.winner.as_ref()?,
                Some("loser") => d.loser.as_ref()?,
                Some(side) => &side.to_string(),
                None => return Some(Self::natural(self.sides.first()?, faces.first()?).1),
            };
            let i = self
                .sides
                .iter()
                .position(|s| s.side.as_ref() == Some(name))?;
            Some(Self::natural(self.sides.get(i)?, faces.get(i)?).1)
        };
        let applies = |b: &&Becoming<'_>| {
            b.from == d.result
                && match &b.role {
                    None => true,
                    Some((true, side)) => d.loser.as_ref() == Some(side),
                    Some((false, side)) => d.winner.as_ref() == Some(side),
                }
                && b.natural.is_none_or(|n| {
                    natural_of(n.of.as_ref()).is_some_and(|t| {
                        n.min.is_none_or(|lo| t >= lo) && n.max.is_none_or(|hi| t <= hi)
                    })
                })
        };
        if let Some(b) = self.becomes.iter().find(applies) {
            d.became = Some(Became {
                label: b.label.to_string(),
                from: std::mem::replace(&mut d.label, self.label(b.to)),
                read: d.result.clone(),
            });
            d.result = b.to.to_string();
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
        let decision =
            |result: &str, read: Read, totals: Vec<i64>| self.decided(result, read, totals);
        // Natural results are read on the first (or only) side's dice, whatever the modifiers.
        if let Some((f, natural)) = naturals.first() {
            for n in &self.naturals {
                if n.shows(f, *natural) {
                    return Decision {
                        natural: Some(n.label.clone()),
                        ..decision(&n.result, Read::Natural, totals)
                    };
                }
                if let Some(other) = n.otherwise.as_ref().filter(|_| !n.total.is_empty()) {
                    let read = Read::NotNatural {
                        natural: n.label.clone(),
                    };
                    return decision(other, read, totals);
                }
            }
        }
        let total = totals.first().copied().unwrap_or(0);
        match &self.reading {
            Reading::Check {
                compare,
                target,
                pass,
                fail,
            } => {
                let result = if compare.holds(total, target.value) {
                    pass
                } else {
                    fail
                };
                let read = Read::Check {
                    total,
                    compare: *compare,
                    target: target.clone(),
                };
                decision(result, read, totals)
            }
            Reading::Table { clamp, rows } => {
                let read = clamp.map_or(total, |[lo, hi]| total.clamp(lo, hi));
                decision(band_for(rows, read), Read::Table { total, read }, totals)
            }
            Reading::Grid { row, first_column } => {
                let width = i64::try_from(row.results.len()).unwrap_or(1).max(1);
                let column = total.saturating_sub(*first_column).clamp(0, width - 1);
                let result = usize::try_from(column)
                    .ok()
                    .and_then(|c| row.results.get(c))
                    .map_or("", String::as_str);
                let read = Read::Grid {
                    row: row.label.clone(),
                    total,
                    read: first_column.saturating_add(column),
                };
                decision(result, read, totals)
            }
            Reading::Amount {
                unit,
                each: Some((compare, target)),
                ..
            } => self.counted(faces, (*compare, target), unit, totals),
            Reading::Amount {
                unit,
                floor,
                halves,
                each: None,
            } => {
                let (v, steps) = amount_steps(total, halves, *floor);
                Decision {
                    result: v.to_string(),
                    label: crate::words::quantity(v, unit),
                    amount: Some(v),
                    ..decision("", Read::Amount { total, steps }, totals)
                }
            }
            Reading::Compare(c) => self.compare(c, totals),
            Reading::Amounts {
                unit,
                floor,
                compare,
            } => self.scored(compare, (unit, *floor), totals),
        }
    }

    /// A decision of `result` read as `read`, with nothing else to say yet.
    fn decided(&self, result: &str, read: Read, totals: Vec<i64>) -> Decision {
        Decision {
            result: result.to_string(),
            label: self.label(result),
            winner: None,
            loser: None,
            amount: None,
            natural: None,
            totals,
            read,
            became: None,
        }
    }

    /// An amount that counts the first side's dice that meet `target` each, with the net
    /// modifier on every die.
    fn counted(
        &self,
        faces: &[&[i64]],
        (compare, target): (Comparison, &Target),
        unit: &str,
        totals: Vec<i64>,
    ) -> Decision {
        let net = self.sides.first().map_or(0, |s| s.net);
        let kept = match (self.sides.first(), faces.first()) {
            (Some(side), Some(f)) => Self::natural(side, f).0,
            _ => Vec::new(),
        };
        let dice: Vec<i64> = kept.iter().map(|f| f.saturating_add(net)).collect();
        let passed = dice
            .iter()
            .filter(|d| compare.holds(**d, target.value))
            .count();
        let passed = i64::try_from(passed).unwrap_or(i64::MAX);
        let read = Read::Counted {
            dice,
            compare,
            target: target.clone(),
            passed,
        };
        Decision {
            result: passed.to_string(),
            label: crate::words::quantity(passed, unit),
            amount: Some(passed),
            ..self.decided("", read, totals)
        }
    }

    /// Each side's score an amount (halved and floored as its rules say), the amounts then
    /// compared.
    fn scored(
        &self,
        compare: &CompareDef,
        (unit, floor): (&str, Option<i64>),
        totals: Vec<i64>,
    ) -> Decision {
        let scored: Vec<Scored> = self
            .sides
            .iter()
            .zip(&totals)
            .map(|(side, total)| {
                let (amount, steps) = amount_steps(*total, &side.halves, floor);
                Scored {
                    side: side.side.clone().unwrap_or_default(),
                    total: *total,
                    steps,
                    amount,
                    label: crate::words::quantity(amount, unit),
                }
            })
            .collect();
        let amounts: Vec<i64> = scored.iter().map(|s| s.amount).collect();
        let mut d = self.compare(compare, amounts);
        if let (Read::Compare { winner, margin, .. }, [a, b]) = (&d.read, &scored[..]) {
            d.read = Read::Amounts {
                sides: [a.clone(), b.clone()],
                winner: winner.clone(),
                margin: margin.clone(),
            };
        }
        d.totals = totals;
        d
    }

    /// One side's amount from its faces alone (by its place among the sides), where the
    /// plan reads amounts.
    pub(super) fn side_amount(&self, side: usize, faces: &[i64]) -> Option<i64> {
        let s = self.sides.get(side)?;
        let floor = match &self.reading {
            Reading::Amount { floor, .. } | Reading::Amounts { floor, .. } => *floor,
            _ => return None,
        };
        let (_, natural) = Self::natural(s, faces);
        Some(amount_steps(natural.saturating_add(s.net), &s.halves, floor).0)
    }

    fn compare(&self, c: &CompareDef, totals: Vec<i64>) -> Decision {
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
        let sides = [(name(0), a), (name(1), b)];
        let (result, winner, loser, how) = if a == b {
            (c.tie.clone(), None, None, Margin::Tie)
        } else {
            let (w, l, hi, lo) = if a > b { (0, 1, a, b) } else { (1, 0, b, a) };
            let (result, how) = match c.by {
                CompareBy::Margin => {
                    let margin = hi.saturating_sub(lo);
                    (band_for(&c.bands, margin).to_string(), Margin::By(margin))
                }
                CompareBy::Doubling => {
                    let doubled = i128::from(hi) >= 2 * i128::from(lo);
                    let r = if doubled { &c.doubled } else { &c.beaten };
                    (r.clone().unwrap_or_default(), Margin::Doubling(doubled))
                }
            };
            (result, Some(name(w)), Some(name(l)), how)
        };
        Decision {
            label: self.label(&result),
            result,
            winner: winner.clone(),
            loser,
            amount: None,
            natural: None,
            totals,
            read: Read::Compare {
                sides,
                winner,
                margin: how,
            },
            became: None,
        }
    }
}
