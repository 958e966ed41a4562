//! Throws made again: what calls for each of a plan's re-rolls (a result, or an amount below a
//! bound such as a fresh throw's average), the facts a resolved re-roll leaves for the
//! explanation, and the exact odds of the throws that stand once every re-roll had its turn.
//!
//! The re-rolls are taken in the table's order, each at most once, and each reads the throws
//! standing when its turn comes: a failure re-rolled by choice, then a pass the other side
//! makes thrown again, is a pass only if both second throws were.

use std::collections::HashMap;

use serde::Serialize;

use crate::engine::decision::Decision;
use crate::engine::fraction::Fraction;
use crate::engine::plan::Plan;
use crate::engine::throw::DicePlan;
use crate::error::{Error, Result};
use crate::model::{Below, RerollDef};

/// An amount's bound, exactly: `num / den` (a fresh throw's average is seldom whole).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Bound {
    pub num: i128,
    pub den: i128,
}

impl Bound {
    fn exceeds(self, amount: i64) -> bool {
        i128::from(amount).saturating_mul(self.den) < self.num
    }

    /// Whole, or a fraction in its lowest terms.
    pub fn is_whole(self) -> bool {
        self.den == 1
    }
}

/// Why a re-roll was, or was not, called for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Cause {
    /// The result is one the re-roll throws again (or is not).
    Result,
    /// The amount (of `side`, in an opposed roll) against the bound.
    Below {
        amount: i64,
        bound: Bound,
        /// The bound is a fresh throw's average.
        average: bool,
    },
}

/// A re-roll whose guard held: taken or not, why, and the result it found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reroll {
    pub label: String,
    /// The result standing when its turn came, by its label (with the loser, opposed).
    pub first: String,
    /// In an opposed roll, the side whose dice it throws again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    pub taken: bool,
    pub cause: Cause,
}

/// The faces each side threw, by side.
pub(super) type Faces = Vec<Vec<i64>>;

impl Plan<'_> {
    /// The bound below which an amount is thrown again: the number given, or the average of
    /// a fresh throw of the side (`at`) the re-roll reads.
    fn bound(&self, below: Below, at: usize) -> Result<Bound> {
        let average = match below {
            Below::Number(n) => {
                return Ok(Bound {
                    num: i128::from(n),
                    den: 1,
                });
            }
            Below::Average => at,
        };
        let side = self
            .sides
            .get(average)
            .ok_or_else(|| Error::failure("a re-roll reads a side the roll does not have"))?;
        let (throws, total) = match &side.dice {
            DicePlan::Roll(spec) => spec.enumerate_weighted()?,
            DicePlan::Fixed(_) => (vec![(Vec::new(), 1)], 1),
        };
        let mut sum: i128 = 0;
        for (faces, weight) in &throws {
            let amount = self.side_amount(at, faces).unwrap_or(0);
            let weight = i128::try_from(*weight).map_err(|_| too_large())?;
            sum = weight
                .checked_mul(i128::from(amount))
                .and_then(|x| sum.checked_add(x))
                .ok_or_else(too_large)?;
        }
        let den = i128::try_from(total).map_err(|_| too_large())?;
        let g = gcd(sum.unsigned_abs(), den.unsigned_abs()).max(1);
        let g = i128::try_from(g).unwrap_or(1);
        Ok(Bound {
            num: sum / g,
            den: den / g,
        })
    }

    /// Each re-roll's bound, where it reads an amount: worked out once for every throw.
    pub(super) fn bounds(&self) -> Result<Vec<Option<Bound>>> {
        self.rerolls
            .iter()
            .map(|(r, at)| r.below.map(|b| self.bound(b, at.unwrap_or(0))).transpose())
            .collect()
    }

    /// Whether re-roll `r` (throwing the dice of side `at`, or every side's; reading an
    /// amount against `bound`) is called for by the throw standing, decided as `d` from
    /// `faces`, and why.
    pub(super) fn calls_for(
        &self,
        (r, at): (&RerollDef, Option<usize>),
        bound: Option<Bound>,
        d: &Decision,
        faces: &[Vec<i64>],
    ) -> (bool, Cause) {
        if let (Some(below), Some(bound)) = (r.below, bound) {
            let side = at.unwrap_or(0);
            let amount = faces
                .get(side)
                .and_then(|f| self.side_amount(side, f))
                .unwrap_or(0);
            let cause = Cause::Below {
                amount,
                bound,
                average: below == Below::Average,
            };
            return (bound.exceeds(amount), cause);
        }
        let side_name = at
            .and_then(|i| self.sides.get(i))
            .and_then(|s| s.side.as_ref());
        // A side throws again for a result only where it did not win.
        let lost = side_name.is_none_or(|n| d.winner.as_ref() != Some(n));
        // A result the dice gave calls for it, whatever it became (a failure turned worse).
        let read = d.became.as_ref().map_or(&d.result, |b| &b.read);
        let named = r.on.contains(&d.result) || r.on.contains(read);
        (named && lost, Cause::Result)
    }

    /// What each re-roll does to a throw in turn: `throw_again` gives fresh faces for the
    /// sides named (all of them for `None`). Returns the decision that stands, every re-roll
    /// whose guard held, and the faces that stand.
    pub(super) fn apply_rerolls(
        &self,
        faces: Faces,
        mut throw_again: impl FnMut(Option<usize>, &RerollDef) -> Result<Faces>,
    ) -> Result<(Decision, Vec<Reroll>, Faces)> {
        let mut standing = faces;
        let mut decision = self.decide(&refs(&standing));
        let mut done = Vec::new();
        for ((r, at), bound) in self.rerolls.iter().zip(self.bounds()?) {
            let (taken, cause) = self.calls_for((r, *at), bound, &decision, &standing);
            let first = decision.key();
            if taken {
                let fresh = throw_again(*at, r)?;
                for (i, f) in fresh.into_iter().enumerate() {
                    if let Some(slot) = standing.get_mut(i)
                        && at.is_none_or(|a| a == i)
                    {
                        *slot = f;
                    }
                }
                decision = self.decide(&refs(&standing));
            }
            done.push(Reroll {
                label: r.label.clone(),
                first,
                side: at
                    .and_then(|i| self.sides.get(i))
                    .and_then(|s| s.side.clone()),
                taken,
                cause,
            });
        }
        Ok((decision, done, standing))
    }

    /// Every throw that may stand once the re-rolls had their turn, with its exact chance:
    /// the first throws, then, re-roll by re-roll, the chance of each throw that calls for
    /// it spread over the fresh throws of the sides it throws again.
    pub(super) fn standing_throws(&self) -> Result<Vec<(Faces, Fraction)>> {
        let per_side = self.throws()?;
        self.standing_throws_from(combinations(&per_side)?, 0)
    }

    /// [`Self::standing_throws`] from the throws standing before re-roll `from` (by its place
    /// in the table's order): what still follows once some faces are known.
    pub(super) fn standing_throws_from(
        &self,
        standing: Vec<(Faces, Fraction)>,
        from: usize,
    ) -> Result<Vec<(Faces, Fraction)>> {
        let per_side = self.throws()?;
        let mut states: HashMap<Faces, Fraction> = HashMap::new();
        let mut order: Vec<Faces> = Vec::new();
        let add = |states: &mut HashMap<Faces, Fraction>,
                   order: &mut Vec<Faces>,
                   f: Faces,
                   p: Fraction|
         -> Result<()> {
            match states.get_mut(&f) {
                Some(acc) => *acc = acc.checked_add(p)?,
                None => {
                    order.push(f.clone());
                    states.insert(f, p);
                }
            }
            Ok(())
        };
        for (faces, p) in standing {
            add(&mut states, &mut order, faces, p)?;
        }
        let turns = self.rerolls.iter().zip(self.bounds()?).skip(from);
        for ((r, at), bound) in turns {
            // The chance that moves, by the faces of the sides not thrown again.
            let mut moving: HashMap<Faces, Fraction> = HashMap::new();
            let mut moving_order = Vec::new();
            let mut kept_order = Vec::new();
            let mut kept: HashMap<Faces, Fraction> = HashMap::new();
            for f in order {
                let p = states.remove(&f).unwrap_or(Fraction::ZERO);
                let d = self.decide(&refs(&f));
                if self.calls_for((r, *at), bound, &d, &f).0 {
                    let mut rest = f;
                    match at {
                        Some(i) => {
                            if let Some(slot) = rest.get_mut(*i) {
                                slot.clear();
                            }
                        }
                        None => rest.iter_mut().for_each(Vec::clear),
                    }
                    add(&mut moving, &mut moving_order, rest, p)?;
                } else {
                    add(&mut kept, &mut kept_order, f, p)?;
                }
            }
            states = kept;
            order = kept_order;
            let fresh: Vec<(Faces, Fraction)> = match at {
                Some(i) => {
                    let (throws, total) = per_side
                        .get(*i)
                        .ok_or_else(|| Error::failure("a re-roll reads a missing side"))?;
                    throws
                        .iter()
                        .map(|(faces, w)| {
                            let mut one = vec![Vec::new(); per_side.len()];
                            if let Some(slot) = one.get_mut(*i) {
                                slot.clone_from(faces);
                            }
                            (one, Fraction::new(*w, *total))
                        })
                        .collect()
                }
                None => combinations(&per_side)?,
            };
            for rest in moving_order {
                let p = moving.get(&rest).cloned().unwrap_or(Fraction::ZERO);
                for (new, q) in &fresh {
                    let faces: Faces = rest
                        .iter()
                        .zip(new)
                        .map(|(old, new)| {
                            if new.is_empty() {
                                old.clone()
                            } else {
                                new.clone()
                            }
                        })
                        .collect();
                    add(&mut states, &mut order, faces, p.checked_mul(q.clone())?)?;
                }
            }
        }
        Ok(order
            .into_iter()
            .map(|f| {
                let p = states.get(&f).cloned().unwrap_or(Fraction::ZERO);
                (f, p)
            })
            .collect())
    }
}

/// Each side's faces as the deciding reads them.
pub(super) fn refs(faces: &Faces) -> Vec<&[i64]> {
    faces.iter().map(Vec::as_slice).collect()
}

/// Every throw of the sides together, with its chance, the sides whose faces are `known`
/// showing them for certain.
pub(super) fn combinations_known(
    per_side: &[crate::engine::dice::Weighted],
    known: &[Option<Vec<i64>>],
) -> Result<Vec<(Faces, Fraction)>> {
    let fixed: Vec<crate::engine::dice::Weighted> = per_side
        .iter()
        .enumerate()
        .map(|(i, w)| match known.get(i) {
            Some(Some(faces)) => (vec![(faces.clone(), 1)], 1),
            _ => w.clone(),
        })
        .collect();
    combinations(&fixed)
}

/// Every throw of the sides together, with its chance.
fn combinations(per_side: &[crate::engine::dice::Weighted]) -> Result<Vec<(Faces, Fraction)>> {
    let mut out: Vec<(Faces, Fraction)> = vec![(Vec::new(), Fraction::ONE)];
    for (throws, total) in per_side {
        let mut next = Vec::with_capacity(out.len().saturating_mul(throws.len()));
        for (faces, p) in &out {
            for (f, w) in throws {
                let mut more = faces.clone();
                more.push(f.clone());
                next.push((more, p.checked_mul(Fraction::new(*w, *total))?));
            }
        }
        out = next;
    }
    Ok(out)
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

fn too_large() -> Error {
    Error::failure("a fresh throw's average is too large to count exactly")
}
