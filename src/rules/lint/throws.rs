//! What the dice alone give in one situation: every unmodified total, or the natural result
//! that decides the roll before any modifier (read as the engine reads naturals).

use std::collections::BTreeSet;

use crate::engine::dice::DiceSpec;
use crate::engine::throw::DicePlan;
use crate::model::NaturalDef;

/// Throws enumerated (up to order) when doubles matter.
const MAX_THROWS: u128 = 100_000;

/// What one throw gives before modifiers: a natural result, or an unmodified total.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Out {
    Natural(String),
    Sum(i64),
}

/// Every outcome of the dice, naturals read first as the engine reads them.
pub(super) fn throws(dice: &DicePlan, naturals: &[&NaturalDef]) -> Option<BTreeSet<Out>> {
    let spec = match dice {
        DicePlan::Fixed(v) => return Some(BTreeSet::from([walk(naturals, &[], *v)])),
        DicePlan::Roll(spec) => spec,
    };
    if naturals.iter().any(|n| n.reads_faces()) {
        // Doubles (or all odd) look at every face thrown: enumerate the throws.
        if spec.distinct_throws() > MAX_THROWS {
            return None;
        }
        let (all, _) = spec.enumerate_weighted().ok()?;
        return Some(
            all.iter()
                .map(|(faces, _)| {
                    let kept = spec.kept(faces);
                    let sum = kept.iter().fold(0i64, |a, b| a.saturating_add(*b));
                    walk(naturals, faces, sum)
                })
                .collect(),
        );
    }
    Some(
        kept_sums(spec)?
            .into_iter()
            .map(|sum| walk(naturals, &[], sum))
            .collect(),
    )
}

/// The most sums worked out one die at a time (sums × distinct faces × dice kept) for a die
/// whose faces are not evenly spaced; past it the dice are too large to know.
const MAX_SUM_WORK: usize = 5_000_000;

/// Every sum of the kept dice. Any choice of kept faces can be thrown (the dropped dice
/// showing the lowest and highest faces), so these are the sums of that many faces; `None`
/// when they take too long to list.
fn kept_sums(spec: &DiceSpec) -> Option<BTreeSet<i64>> {
    let low = spec.drop_lowest.min(spec.count);
    let high = spec.drop_highest.min(spec.count - low);
    let kept = spec.count - low - high;
    let faces: BTreeSet<i64> = spec.die.faces.iter().copied().collect();
    let (Some(&min), Some(&max)) = (faces.first(), faces.last()) else {
        return Some(BTreeSet::from([0]));
    };
    let n = i64::try_from(kept).ok()?;
    // Faces evenly spaced (a d6, a d100, the average die's 2..5): the sums are every step from
    // the least to the most, however many dice.
    let step = faces
        .iter()
        .zip(faces.iter().skip(1))
        .map(|(a, b)| b - a)
        .next()
        .unwrap_or(1)
        .max(1);
    if faces
        .iter()
        .zip(faces.iter().skip(1))
        .all(|(a, b)| b - a == step)
    {
        let (lo, hi) = (min.checked_mul(n)?, max.checked_mul(n)?);
        let count = usize::try_from((hi - lo) / step).ok()?;
        if count > MAX_SUM_WORK {
            return None;
        }
        let count = i64::try_from(count).ok()?;
        return Some((0..=count).map(|j| lo + j * step).collect());
    }
    let mut sums = BTreeSet::from([0i64]);
    let mut work = 0usize;
    for _ in 0..kept {
        work = work.saturating_add(sums.len().saturating_mul(faces.len()));
        if work > MAX_SUM_WORK {
            return None;
        }
        sums = sums
            .iter()
            .flat_map(|s| faces.iter().map(move |f| s.saturating_add(*f)))
            .collect();
    }
    Some(sums)
}

/// The natural result of a throw, or its total for the reading (mirrors the engine).
fn walk(naturals: &[&NaturalDef], faces: &[i64], sum: i64) -> Out {
    for n in naturals {
        if n.shows(faces, sum) {
            return Out::Natural(n.result.clone());
        }
        if let Some(other) = n.otherwise.as_ref().filter(|_| !n.total.is_empty()) {
            return Out::Natural(other.clone());
        }
    }
    Out::Sum(sum)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::dice::Die;

    fn spec(count: usize, faces: &[i64], drop_lowest: usize) -> DiceSpec {
        DiceSpec {
            count,
            die: Die {
                name: "x".into(),
                faces: faces.to_vec(),
            },
            drop_highest: 0,
            drop_lowest,
        }
    }

    #[test]
    fn the_sums_of_many_dice_are_listed_without_throwing_them() {
        let d6: Vec<i64> = (1..=6).collect();
        let sums = kept_sums(&spec(3, &d6, 0)).unwrap();
        assert_eq!(sums, (3..=18).collect());
        // The lowest of 4 set aside: three dice kept.
        assert_eq!(kept_sums(&spec(4, &d6, 1)).unwrap(), (3..=18).collect());
        // 200 percentile dice: every total from 200 to 20,000, at once.
        let d100: Vec<i64> = (1..=100).collect();
        assert_eq!(kept_sums(&spec(200, &d100, 0)).unwrap().len(), 19_801);
        // Faces not evenly spaced are summed die by die: 1, 2, 5 twice.
        let odd = kept_sums(&spec(2, &[1, 2, 5, 5], 0)).unwrap();
        assert_eq!(odd, BTreeSet::from([2, 3, 4, 6, 7, 10]));
        // Evenly spaced by 2: 2, 4, 6 thrice is 6..18 by 2.
        let even = kept_sums(&spec(3, &[2, 4, 6], 0)).unwrap();
        assert_eq!(even, (3..=9).map(|k| 2 * k).collect());
    }
}
