//! One side's throw as its reading sees it, and the distribution of that, built die by die.
//!
//! A reading never looks at the order of the dice, nor (without dice set aside) at more than a
//! few things about them: the natural total, how many dice pass a check of their own, whether
//! every face is the same, whether every face is odd. So instead of listing every throw (30d6
//! is eighteen billion of them up to order), the dice are added one at a time to a handful of
//! such summaries, each weighed in whole numbers of ordered throws and keeping one throw that
//! gives it, on which the reading decides. Only what the plan reads is kept, so that throws
//! alike in it stay one summary. With dice set aside (`drop highest`), the faces are taken
//! from the lowest up, so many dice at a time, as icepool does: the sorted places they fill
//! say which of them are set aside.

use std::collections::HashMap;

use num_bigint::BigUint;

use crate::engine::plan::{DicePlan, Plan, Reading, Target};
use crate::model::Comparison;
use crate::model::dice::DiceSpec;

/// The most summaries one step's odds weigh (the product of its sides'): past it, the odds are
/// refused rather than make the umpire wait.
pub const MAX_SUMMARIES: usize = 2_000_000;

/// The most steps (a summary and a face) the summaries of one step are built in: past it, the
/// odds are refused and a roll leaves its chance out, rather than make the umpire wait.
pub const MAX_WORK: usize = 1_000_000;

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
    /// Each side's summaries with their weights, and the number of ordered throws in all;
    /// `None` when they take more than [`MAX_WORK`] steps to build.
    pub(super) fn summaries(&self) -> Option<Vec<(Summaries, BigUint)>> {
        let one = || BigUint::from(1u8);
        let mut work = MAX_WORK;
        self.sides
            .iter()
            .enumerate()
            .map(|(i, side)| match &side.dice {
                DicePlan::Fixed(_) => Some((vec![(Vec::new(), one())], one())),
                DicePlan::Roll(spec) if spec.drop_highest == 0 && spec.drop_lowest == 0 => {
                    summarise(spec, &self.needs(i), &mut work)
                }
                DicePlan::Roll(spec) => summarise_sorted(spec, &self.needs(i), &mut work),
            })
            .collect()
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

/// The die's distinct faces from the lowest, each with how many of its sides show it.
fn distinct_faces(spec: &DiceSpec) -> Vec<(i64, u32)> {
    let mut faces: Vec<(i64, u32)> = Vec::new();
    for f in &spec.die.faces {
        match faces.iter_mut().find(|(x, _)| x == f) {
            Some((_, n)) => *n += 1,
            None => faces.push((*f, 1)),
        }
    }
    faces.sort_unstable();
    faces
}

const START: State = State {
    total: 0,
    passes: 0,
    same: Same::Empty,
    odd: true,
};

/// The summaries of `spec`'s throws that `needs` tells apart, die by die.
fn summarise(spec: &DiceSpec, needs: &Needs, work: &mut usize) -> Option<(Summaries, BigUint)> {
    let faces = distinct_faces(spec);
    let start = START;
    let mut states: Vec<(State, Vec<i64>, BigUint)> = vec![(start, Vec::new(), BigUint::from(1u8))];
    for _ in 0..spec.count {
        let mut next: Vec<(State, Vec<i64>, BigUint)> = Vec::new();
        let mut at: HashMap<State, usize> = HashMap::new();
        *work = work.checked_sub(states.len().saturating_mul(faces.len()))?;
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
    Some((
        states.into_iter().map(|(_, throw, w)| (throw, w)).collect(),
        total,
    ))
}

/// The summaries of `spec`'s throws, some dice set aside: the faces from the lowest up, each
/// shown by so many of the dice left (C(left, k) ways, times its sides to the k), filling the
/// next k sorted places; only the places kept count toward the total and the dice that pass,
/// while doubles and odd faces read every die thrown.
fn summarise_sorted(
    spec: &DiceSpec,
    needs: &Needs,
    work: &mut usize,
) -> Option<(Summaries, BigUint)> {
    let n = spec.count;
    let low = spec.drop_lowest.min(n);
    let kept_to = n.saturating_sub(spec.drop_highest).max(low);
    // (state, places filled) → (a throw, sorted, and its ordered throws)
    let mut states: Vec<((State, usize), Vec<i64>, BigUint)> =
        vec![((START, 0), Vec::new(), BigUint::from(1u8))];
    for (face, sides) in distinct_faces(spec) {
        let mut next: Vec<((State, usize), Vec<i64>, BigUint)> = Vec::new();
        let mut at: HashMap<(State, usize), usize> = HashMap::new();
        *work = work.checked_sub(states.len().saturating_mul(n + 1))?;
        for ((s, filled), throw, w) in &states {
            let left = n - filled;
            let mut ways = BigUint::from(1u8);
            for k in 0..=left {
                if k > 0 {
                    // C(left, k) m^k from C(left, k − 1) m^(k − 1).
                    ways = ways * (left - k + 1) * sides / k;
                }
                let (from, to) = (*filled, filled + k);
                let kept = to.min(kept_to).saturating_sub(from.max(low));
                let mut t = s.clone();
                for _ in 0..kept {
                    t = step_kept(&t, face, needs);
                }
                if k > 0 {
                    t.same = seen(needs, t.same, face);
                    t.odd = needs.odd && t.odd && face.rem_euclid(2) == 1;
                }
                let key = (t, to);
                let weight = w * &ways;
                match at.get(&key).and_then(|i| next.get_mut(*i)) {
                    Some((_, _, acc)) => *acc += weight,
                    None => {
                        at.insert(key.clone(), next.len());
                        let mut longer = throw.clone();
                        longer.extend(std::iter::repeat_n(face, k));
                        next.push((key, longer, weight));
                    }
                }
            }
        }
        states = next;
    }
    let total = BigUint::from(spec.die.faces.len()).pow(u32::try_from(n).unwrap_or(u32::MAX));
    let throws = states
        .into_iter()
        .filter(|((_, filled), _, _)| *filled == n)
        .map(|(_, throw, w)| (throw, w))
        .collect();
    Some((throws, total))
}

/// A kept die's part of a summary: its face to the total, whether it passes.
fn step_kept(s: &State, face: i64, needs: &Needs) -> State {
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
        ..s.clone()
    }
}

/// Whether every face is one face, with one more face seen.
fn seen(needs: &Needs, same: Same, face: i64) -> Same {
    match (needs.same, same) {
        (false, _) => Same::Empty,
        (true, Same::Empty) => Same::Face(face),
        (true, Same::Face(f)) if f == face => Same::Face(f),
        (true, _) => Same::Mixed,
    }
}

/// A summary with one more die.
fn step(s: &State, face: i64, needs: &Needs) -> State {
    let mut t = step_kept(s, face, needs);
    t.same = seen(needs, s.same, face);
    t.odd = needs.odd && s.odd && face.rem_euclid(2) == 1;
    t
}

#[cfg(test)]
mod tests {
    use crate::engine::situation;
    use crate::model::Ruleset;

    /// Dice of every kind a reading meets: counting hits with the lowest set aside, a custom
    /// die with repeated faces, the highest set aside with doubles, a natural total and a
    /// `becomes` on the natural total, both sides setting dice aside with all-odd faces, and a
    /// plain sum with a floor.
    const MIX: &str = "\
ruleset: mix
title: Mix
dice:
  avd: [2, 3, 3, 4, 4, 5]
factors:
  - {name: bonus, kind: number, min: -5, max: 5, help: a modifier}
procedures:
  - {name: hit, title: Hit, help: a die, roll: 1d6, check: {compare: at-least, target: 4, pass: yes, fail: no}, results: [{name: yes, label: Yes}, {name: no, label: No}]}
  - name: volley
    title: Volley
    help: hits
    roll: 5d6
    drop: [{lowest: 1, label: low}]
    modifiers: [{group: g, items: [{factor: bonus, label: bonus, each: 1}]}]
    amount: {unit: hits, each-die: hit}
    results: []
  - name: dbl
    title: Doubles
    help: doubles
    roll: 4avd
    drop: [{highest: 1, label: high}]
    naturals: [{doubles: true, result: boom, label: doubles}, {total: [7], result: seven, label: seven}]
    modifiers: [{group: g, items: [{factor: bonus, label: bonus, each: 1}]}]
    table: {rows: [{max: 8, result: low}, {min: 9, max: 11, result: mid}, {min: 12, result: high}]}
    results:
      - {name: low, label: Low}
      - {name: mid, label: Mid}
      - {name: high, label: High, becomes: [{natural: {min: 13}, result: boom, label: high}]}
      - {name: boom, label: Boom}
      - {name: seven, label: Seven}
  - name: clash
    title: Clash
    help: both sides
    sides: [{name: a}, {name: b}]
    roll: 3d6
    drop: [{lowest: 1, label: low}]
    naturals: [{all-odd: true, result: odd, label: all odd}]
    modifiers: [{group: g, items: [{factor: bonus, label: bonus, each: 1}]}]
    compare: {by: doubling, tie: tie, beaten: beaten, doubled: doubled}
    results: [{name: tie, label: Tie}, {name: beaten, label: Beaten}, {name: doubled, label: Doubled}, {name: odd, label: Odd}]
  - name: plain
    title: Plain
    help: a sum
    roll: 3d6
    modifiers: [{group: g, items: [{factor: bonus, label: bonus, each: 1}]}]
    amount: {unit: inches, floor: 0}
    results: []
";

    /// The odds weighed on summaries are those of listing every throw, result by result.
    #[test]
    fn summaries_give_the_odds_of_listing_every_throw() {
        let ruleset = Ruleset::parse("mix.yaml", MIX).unwrap_or_else(|e| panic!("{e}"));
        for name in ["volley", "dbl", "clash", "plain"] {
            let p = ruleset.procedure(name).unwrap_or_else(|| panic!("{name}"));
            for bonus in [-4, -1, 0, 2, 5] {
                let word = match name {
                    "clash" => format!("a.bonus={bonus}"),
                    _ => format!("bonus={bonus}"),
                };
                let input = situation::parse(&ruleset, p, std::slice::from_ref(&word))
                    .unwrap_or_else(|e| panic!("{e}"));
                let plan = crate::engine::plan::Plan::new(&ruleset, p, &input)
                    .unwrap_or_else(|e| panic!("{e}"));
                let said = |odds: Vec<(
                    crate::engine::decide::Decision,
                    crate::engine::fraction::Fraction,
                )>| {
                    odds.into_iter()
                        .map(|(d, p)| format!("{}={p}", d.key()))
                        .collect::<Vec<_>>()
                };
                let weighed = plan.summaries().and_then(|s| plan.weigh(&s)).map(said);
                let listed = plan.enumerated().map(said);
                assert_eq!(weighed, listed, "{name} {word}");
            }
        }
    }
}
