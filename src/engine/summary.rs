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

use num_bigint::BigUint;
use rustc_hash::FxHashMap;

use crate::engine::plan::{Plan, Reading};
use crate::engine::throw::{DicePlan, Target};
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
                DicePlan::Roll(spec) => {
                    let needs = self.needs(i);
                    // In 128 bits while the counts fit (most rolls), else in whole numbers of
                    // any size: the same steps, at a fraction of the cost.
                    let before = work;
                    match summarise_in::<u128>(spec, &needs, &mut work) {
                        Ok(done) => Some(done),
                        Err(Stop::Overflow) => {
                            work = before;
                            summarise_in::<BigUint>(spec, &needs, &mut work).ok()
                        }
                        Err(Stop::Budget) => None,
                    }
                }
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

/// Why the summaries stopped: past the budget of steps, or past what the count holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stop {
    Budget,
    Overflow,
}

/// A count of ordered throws: 128 bits (checked), or a whole number of any size.
trait Count: Clone {
    fn of(n: u128) -> Self;
    fn times(&self, n: u128) -> Result<Self, Stop>;
    fn times_count(&self, n: &Self) -> Result<Self, Stop>;
    /// Exact division (a binomial built step by step).
    fn divided(self, n: u128) -> Self;
    fn add(&mut self, n: Self) -> Result<(), Stop>;
    fn big(self) -> BigUint;
}

impl Count for u128 {
    fn of(n: u128) -> Self {
        n
    }
    fn times(&self, n: u128) -> Result<Self, Stop> {
        self.checked_mul(n).ok_or(Stop::Overflow)
    }
    fn times_count(&self, n: &Self) -> Result<Self, Stop> {
        self.times(*n)
    }
    fn divided(self, n: u128) -> Self {
        self / n.max(1)
    }
    fn add(&mut self, n: Self) -> Result<(), Stop> {
        *self = self.checked_add(n).ok_or(Stop::Overflow)?;
        Ok(())
    }
    fn big(self) -> BigUint {
        BigUint::from(self)
    }
}

impl Count for BigUint {
    fn of(n: u128) -> Self {
        BigUint::from(n)
    }
    fn times(&self, n: u128) -> Result<Self, Stop> {
        Ok(self * n)
    }
    fn times_count(&self, n: &Self) -> Result<Self, Stop> {
        Ok(self * n)
    }
    fn divided(self, n: u128) -> Self {
        self / n.max(1)
    }
    fn add(&mut self, n: Self) -> Result<(), Stop> {
        *self += n;
        Ok(())
    }
    fn big(self) -> BigUint {
        self
    }
}

/// The summaries of `spec`'s throws, counted in `C`.
fn summarise_in<C: Count>(
    spec: &DiceSpec,
    needs: &Needs,
    work: &mut usize,
) -> Result<(Summaries, BigUint), Stop> {
    let done = if spec.drop_highest == 0 && spec.drop_lowest == 0 {
        summarise::<C>(spec, needs, work)?
    } else {
        summarise_sorted::<C>(spec, needs, work)?
    };
    let total =
        BigUint::from(spec.die.faces.len()).pow(u32::try_from(spec.count).unwrap_or(u32::MAX));
    Ok((
        done.into_iter()
            .map(|(throw, w)| (throw, w.big()))
            .collect(),
        total,
    ))
}

const START: State = State {
    total: 0,
    passes: 0,
    same: Same::Empty,
    odd: true,
};

/// The summaries of `spec`'s throws that `needs` tells apart, die by die.
fn summarise<C: Count>(
    spec: &DiceSpec,
    needs: &Needs,
    work: &mut usize,
) -> Result<Vec<(Vec<i64>, C)>, Stop> {
    let faces = distinct_faces(spec);
    let mut states: Vec<(State, Vec<i64>, C)> = vec![(START, Vec::new(), C::of(1))];
    for dice in 1..=spec.count {
        let mut next: Vec<(State, Vec<i64>, C)> = Vec::new();
        let mut at = Slots::new(needs, &faces, dice);
        *work = work
            .checked_sub(states.len().saturating_mul(faces.len()))
            .ok_or(Stop::Budget)?;
        for (s, throw, w) in &states {
            for (face, n) in &faces {
                let t = step(s, *face, needs);
                let weight = w.times(u128::from(*n))?;
                match at.get(&t).and_then(|i| next.get_mut(i)) {
                    Some((_, _, acc)) => acc.add(weight)?,
                    None => {
                        at.insert(&t, next.len());
                        let mut longer = throw.clone();
                        longer.push(*face);
                        next.push((t, longer, weight));
                    }
                }
            }
        }
        states = next;
    }
    Ok(states.into_iter().map(|(_, throw, w)| (throw, w)).collect())
}

/// Where each summary of a step is among the next ones, found by its state: in a table by
/// total and dice passing where nothing else is read (sums and counts of hits, most rolls:
/// found without hashing), else in a hash map.
enum Slots {
    Table {
        slots: Vec<u32>,
        /// The least total after this many dice.
        least: i64,
        /// Passes run 0 to the dice thrown.
        width: usize,
    },
    Hashed(FxHashMap<State, usize>),
}

/// The largest table of slots: past it, a hash map.
const MAX_SLOTS: usize = 1 << 20;

impl Slots {
    fn new(needs: &Needs, faces: &[(i64, u32)], dice: usize) -> Slots {
        let (low, high) = (
            faces.first().map_or(0, |f| f.0),
            faces.last().map_or(0, |f| f.0),
        );
        let table = (|| {
            if needs.same || needs.odd {
                return None;
            }
            let n = i64::try_from(dice).ok()?;
            let (least, span) = if needs.total {
                let span = high.checked_sub(low)?.checked_mul(n)?.checked_add(1)?;
                (low.checked_mul(n)?, usize::try_from(span).ok()?)
            } else {
                (0, 1)
            };
            let width = if needs.passes.is_some() { dice + 1 } else { 1 };
            let size = span.checked_mul(width).filter(|s| *s <= MAX_SLOTS)?;
            Some(Slots::Table {
                slots: vec![u32::MAX; size],
                least,
                width,
            })
        })();
        table.unwrap_or_else(|| Slots::Hashed(FxHashMap::default()))
    }

    fn place(least: i64, width: usize, s: &State) -> Option<usize> {
        let t = usize::try_from(s.total.checked_sub(least)?).ok()?;
        t.checked_mul(width)?.checked_add(s.passes as usize)
    }

    fn get(&self, s: &State) -> Option<usize> {
        match self {
            Slots::Table {
                slots,
                least,
                width,
            } => {
                let at = *slots.get(Self::place(*least, *width, s)?)?;
                (at != u32::MAX).then_some(at as usize)
            }
            Slots::Hashed(map) => map.get(s).copied(),
        }
    }

    fn insert(&mut self, s: &State, i: usize) {
        match self {
            Slots::Table {
                slots,
                least,
                width,
            } => {
                if let Some(slot) = Self::place(*least, *width, s).and_then(|p| slots.get_mut(p)) {
                    *slot = u32::try_from(i).unwrap_or(u32::MAX);
                }
            }
            Slots::Hashed(map) => {
                map.insert(s.clone(), i);
            }
        }
    }
}

/// The summaries of `spec`'s throws, some dice set aside: the faces from the lowest up, each
/// shown by so many of the dice left (C(left, k) ways, times its sides to the k), filling the
/// next k sorted places; only the places kept count toward the total and the dice that pass,
/// while doubles and odd faces read every die thrown.
fn summarise_sorted<C: Count>(
    spec: &DiceSpec,
    needs: &Needs,
    work: &mut usize,
) -> Result<Vec<(Vec<i64>, C)>, Stop> {
    let n = spec.count;
    let low = spec.drop_lowest.min(n);
    let kept_to = n.saturating_sub(spec.drop_highest).max(low);
    // (state, places filled) → (a throw, sorted, and its ordered throws)
    let mut states: Vec<((State, usize), Vec<i64>, C)> = vec![((START, 0), Vec::new(), C::of(1))];
    for (face, sides) in distinct_faces(spec) {
        let mut next: Vec<((State, usize), Vec<i64>, C)> = Vec::new();
        let mut at: FxHashMap<(State, usize), usize> = FxHashMap::default();
        *work = work
            .checked_sub(states.len().saturating_mul(n + 1))
            .ok_or(Stop::Budget)?;
        for ((s, filled), throw, w) in &states {
            let left = n - filled;
            let mut ways = C::of(1);
            for k in 0..=left {
                if k > 0 {
                    // C(left, k) m^k from C(left, k − 1) m^(k − 1).
                    ways = ways
                        .times((left - k + 1) as u128)?
                        .times(u128::from(sides))?
                        .divided(k as u128);
                }
                let (from, to) = (*filled, filled + k);
                let kept = to.min(kept_to).saturating_sub(from.max(low));
                let mut t = kept_many(s, face, kept, needs);
                if k > 0 {
                    t.same = seen(needs, t.same, face);
                    t.odd = needs.odd && t.odd && face.rem_euclid(2) == 1;
                }
                let key = (t, to);
                let weight = w.times_count(&ways)?;
                match at.get(&key).and_then(|i| next.get_mut(*i)) {
                    Some((_, _, acc)) => acc.add(weight)?,
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
    Ok(states
        .into_iter()
        .filter(|((_, filled), _, _)| *filled == n)
        .map(|(_, throw, w)| (throw, w))
        .collect())
}

/// A kept die's part of a summary: its face to the total, whether it passes.
fn step_kept(s: &State, face: i64, needs: &Needs) -> State {
    kept_many(s, face, 1, needs)
}

/// `k` kept dice showing `face`, at once.
fn kept_many(s: &State, face: i64, k: usize, needs: &Needs) -> State {
    let passes = needs.passes.as_ref().is_some_and(|(compare, target, net)| {
        compare.holds(face.saturating_add(*net), target.value)
    });
    let k32 = u32::try_from(k).unwrap_or(u32::MAX);
    State {
        total: if needs.total {
            let k = i64::try_from(k).unwrap_or(i64::MAX);
            s.total.saturating_add(face.saturating_mul(k))
        } else {
            0
        },
        passes: s.passes.saturating_add(if passes { k32 } else { 0 }),
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
                    crate::engine::decision::Decision,
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

    /// Counts past 128 bits are made again in whole numbers of any size, to the same counts.
    #[test]
    fn counts_past_128_bits_are_counted_again_in_big_numbers() {
        use super::{BigUint, Count, DiceSpec, Needs, Stop, summarise_in};
        let d6 = |count: usize, drop_lowest: usize| {
            let mut spec =
                DiceSpec::parse(&format!("{count}d6"), &|_| None).unwrap_or_else(|e| panic!("{e}"));
            spec.drop_lowest = drop_lowest;
            spec
        };
        let needs = Needs {
            total: true,
            ..Needs::default()
        };
        let mut work = super::MAX_WORK;
        // 6^60 is past 128 bits: the narrow count stops, the big one counts.
        assert_eq!(
            summarise_in::<u128>(&d6(60, 0), &needs, &mut work).err(),
            Some(Stop::Overflow)
        );
        let (sums, total) = summarise_in::<BigUint>(&d6(60, 0), &needs, &mut work)
            .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(total, BigUint::from(6u8).pow(60));
        assert_eq!(sums.len(), 301);
        assert_eq!(sums.iter().map(|(_, w)| w.clone()).sum::<BigUint>(), total);
        // A total of 61 is one die showing 2: 60 ways.
        let sixty_one = sums.iter().find(|(t, _)| t.iter().sum::<i64>() == 61);
        assert_eq!(sixty_one.map(|(_, w)| w.clone()), Some(BigUint::from(60u8)));
        // Where both fit, both counts agree, dice set aside or not.
        for spec in [d6(20, 0), d6(20, 1)] {
            let narrow = summarise_in::<u128>(&spec, &needs, &mut work);
            let big = summarise_in::<BigUint>(&spec, &needs, &mut work);
            assert_eq!(narrow.ok(), big.ok());
        }
        assert_eq!(u128::of(6).times(7), Ok(42));
    }
}
