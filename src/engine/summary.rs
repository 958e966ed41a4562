//! One side's throw as its reading sees it, and the distribution of that, built die by die.
//!
//! A reading never looks at the order of the dice, nor (without dice set aside) at more than a
//! few things about them: the natural total, how many dice pass a check of their own, whether
//! every face is the same, whether every face is odd. So instead of listing every throw (30d6
//! is eighteen billion of them up to order), the dice are added one at a time to a handful of
//! such summaries, each weighed in whole numbers of ordered throws and keeping one throw that
//! gives it, on which the reading decides. Only what the plan reads is kept, so that throws
//! alike in it stay one summary. Dice set aside (`drop highest`) are left to the enumeration.

use std::collections::HashMap;

use num_bigint::BigUint;

use crate::engine::plan::{DicePlan, Plan, Reading, Target};
use crate::model::Comparison;
use crate::model::dice::DiceSpec;

/// The most summaries one step's odds weigh (the product of its sides'): past it, the odds are
/// refused rather than make the umpire wait.
pub const MAX_SUMMARIES: usize = 2_000_000;

/// What a side's reading reads off its faces.
#[derive(Debug, Clone, Default)]
struct Needs {
    total: bool,
    /// Each die plus `net` against the target: the dice that pass.
    passes: Option<(Comparison, Target, i64)>,
    same: bool,
    odd: bool,
}

/// One side's throw, as far as its reading goes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct State {
    total: i64,
    passes: u32,
    same: Same,
    odd: bool,
}

/// Whether every face so far is one face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Same {
    Empty,
    Face(i64),
    Mixed,
}

/// A side's summaries: one throw that gives each, and how many ordered throws do.
pub type Summaries = Vec<(Vec<i64>, BigUint)>;

impl Plan<'_> {
    /// Each side's summaries with their weights and the number of ordered throws in all, when
    /// the step can be weighed so: no side sets dice aside. `None`: it must be enumerated.
    pub(super) fn summaries(&self) -> Option<Vec<(Summaries, BigUint)>> {
        let mut out = Vec::new();
        for (i, side) in self.sides.iter().enumerate() {
            match &side.dice {
                DicePlan::Fixed(_) => {
                    out.push((vec![(Vec::new(), BigUint::from(1u8))], BigUint::from(1u8)))
                }
                DicePlan::Roll(spec) if spec.drop_highest == 0 && spec.drop_lowest == 0 => {
                    out.push(summarise(spec, &self.needs(i)));
                }
                DicePlan::Roll(_) => return None,
            }
        }
        Some(out)
    }

    /// What side `i`'s reading reads: the natural results read the first side's faces; a
    /// reading of each die reads how many pass; anything else, the total.
    fn needs(&self, i: usize) -> Needs {
        let first = i == 0;
        let net = self.sides.get(i).map_or(0, |s| s.net);
        let passes = match &self.reading {
            Reading::Amount {
                each: Some((compare, target)),
                ..
            } if first => Some((*compare, target.clone(), net)),
            _ => None,
        };
        let naturals = if first { &self.naturals[..] } else { &[] };
        Needs {
            // A natural total, a `becomes` on a side's natural total, or any reading but the
            // count of dice that pass reads the total.
            total: passes.is_none()
                || !self.becomes.is_empty()
                || naturals.iter().any(|n| !n.total.is_empty()),
            passes,
            same: naturals.iter().any(|n| n.doubles),
            odd: naturals.iter().any(|n| n.all_odd),
        }
    }
}

/// The summaries of `spec`'s throws that `needs` tells apart, die by die.
fn summarise(spec: &DiceSpec, needs: &Needs) -> (Summaries, BigUint) {
    // The die's distinct faces, each with how many of its sides show it.
    let mut faces: Vec<(i64, u32)> = Vec::new();
    for f in &spec.die.faces {
        match faces.iter_mut().find(|(x, _)| x == f) {
            Some((_, n)) => *n += 1,
            None => faces.push((*f, 1)),
        }
    }
    let start = State {
        total: 0,
        passes: 0,
        same: Same::Empty,
        odd: true,
    };
    let mut states: Vec<(State, Vec<i64>, BigUint)> = vec![(start, Vec::new(), BigUint::from(1u8))];
    for _ in 0..spec.count {
        let mut next: Vec<(State, Vec<i64>, BigUint)> = Vec::new();
        let mut at: HashMap<State, usize> = HashMap::new();
        for (s, throw, w) in &states {
            for (face, n) in &faces {
                let t = step(s, *face, needs);
                let weight = w * *n;
                match at.get(&t).and_then(|i| next.get_mut(*i)) {
                    Some((_, _, acc)) => *acc += weight,
                    None => {
                        at.insert(t.clone(), next.len());
                        let mut longer = throw.clone();
                        longer.push(*face);
                        next.push((t, longer, weight));
                    }
                }
            }
        }
        states = next;
    }
    let total =
        BigUint::from(spec.die.faces.len()).pow(u32::try_from(spec.count).unwrap_or(u32::MAX));
    (
        states.into_iter().map(|(_, throw, w)| (throw, w)).collect(),
        total,
    )
}

/// A summary with one more die.
fn step(s: &State, face: i64, needs: &Needs) -> State {
    let passes = needs.passes.as_ref().is_some_and(|(compare, target, net)| {
        compare.holds(face.saturating_add(*net), target.value)
    });
    State {
        total: if needs.total {
            s.total.saturating_add(face)
        } else {
            0
        },
        passes: s.passes + u32::from(passes),
        same: match (needs.same, s.same) {
            (false, _) => Same::Empty,
            (true, Same::Empty) => Same::Face(face),
            (true, Same::Face(f)) if f == face => Same::Face(f),
            (true, _) => Same::Mixed,
        },
        odd: needs.odd && s.odd && face.rem_euclid(2) == 1,
    }
}
