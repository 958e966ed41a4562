//! What the dice alone give in one situation: every unmodified total, or the natural result
//! that decides the roll before any modifier (read as the engine reads naturals).

use std::collections::BTreeSet;

use crate::engine::dice::DiceSpec;
use crate::engine::plan::DicePlan;
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
        kept_sums(spec)
            .into_iter()
            .map(|sum| walk(naturals, &[], sum))
            .collect(),
    )
}

/// Every sum of the kept dice. Any choice of kept faces can be thrown (the dropped dice
/// showing the lowest and highest faces), so these are the sums of that many faces.
fn kept_sums(spec: &DiceSpec) -> BTreeSet<i64> {
    let low = spec.drop_lowest.min(spec.count);
    let high = spec.drop_highest.min(spec.count - low);
    let faces: BTreeSet<i64> = spec.die.faces.iter().copied().collect();
    let mut sums = BTreeSet::from([0i64]);
    for _ in 0..spec.count - low - high {
        sums = sums
            .iter()
            .flat_map(|s| faces.iter().map(move |f| s.saturating_add(*f)))
            .collect();
    }
    sums
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
