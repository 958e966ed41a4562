//! Dice thrown: enumerating a spec's throws (weighted by their order), and the one source
//! every roll draws from (faces the players threw first, then the seeded generator).

use std::collections::VecDeque;
use std::fmt;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use serde::Serialize;

use crate::error::{Error, Result};
pub use crate::model::dice::{DiceSpec, Die, MAX_DICE};

impl DiceSpec {
    /// How many ordered throws there are (each equally likely).
    pub fn outcomes(&self) -> Result<usize> {
        let mut n: usize = 1;
        for _ in 0..self.count {
            n = n
                .checked_mul(self.die.faces.len())
                .filter(|n| *n <= 2_000_000)
                .ok_or_else(|| {
                    Error::failure(format!("{self} has too many outcomes to enumerate"))
                })?;
        }
        Ok(n)
    }

    /// The lowest and highest total of the kept dice (every die may show any face).
    pub fn span(&self) -> (i64, i64) {
        let low = self.drop_lowest.min(self.count);
        let high = self.drop_highest.min(self.count - low);
        let kept = i64::try_from(self.count - low - high).unwrap_or(0);
        let min = self.die.faces.iter().min().copied().unwrap_or(0);
        let max = self.die.faces.iter().max().copied().unwrap_or(0);
        (min.saturating_mul(kept), max.saturating_mul(kept))
    }

    /// Every ordered throw, in a fixed order.
    pub fn enumerate(&self) -> Result<Vec<Vec<i64>>> {
        let total = self.outcomes()?;
        let sides = self.die.faces.len();
        let mut all = Vec::with_capacity(total);
        for mut index in 0..total {
            let mut throw = Vec::with_capacity(self.count);
            for _ in 0..self.count {
                throw.push(self.die.faces.get(index % sides).copied().unwrap_or(0));
                index /= sides;
            }
            throw.reverse();
            all.push(throw);
        }
        Ok(all)
    }

    /// How many throws differ up to order: C(sides + count - 1, count), saturating. This is
    /// what enumerating the dice costs.
    pub fn distinct_throws(&self) -> u128 {
        let sides = self.die.faces.len() as u128;
        let mut n: u128 = 1;
        for i in 0..self.count as u128 {
            n = n.saturating_mul(sides + i) / (i + 1);
        }
        n
    }

    /// Every distinct throw up to order, each with how many ordered throws give it, and the
    /// number of ordered throws in all. Every reading of dice (sums, dropped dice, doubles) is
    /// blind to order, so 9d6 is 2002 cases instead of ten million.
    pub fn enumerate_weighted(&self) -> Result<Weighted> {
        let sides = self.die.faces.len();
        let k = self.count;
        let too_many = || Error::failure(format!("{self} has too many outcomes to enumerate"));
        if self.distinct_throws() > MAX_DISTINCT_THROWS {
            return Err(too_many());
        }
        let mut total: u128 = 1;
        for _ in 0..k {
            total = total.checked_mul(sides as u128).ok_or_else(too_many)?;
        }
        let mut out = Vec::new();
        let mut idx = vec![0usize; k];
        loop {
            let faces: Vec<i64> = idx
                .iter()
                .map(|i| self.die.faces.get(*i).copied().unwrap_or(0))
                .collect();
            out.push((faces, arrangements(&idx).ok_or_else(too_many)?));
            // Next non-decreasing index sequence.
            let Some(pos) = idx.iter().rposition(|i| *i + 1 < sides) else {
                break;
            };
            let next = idx.get(pos).copied().unwrap_or(0) + 1;
            for slot in idx.iter_mut().skip(pos) {
                *slot = next;
            }
        }
        Ok((out, total))
    }
}

/// How many orders a sorted throw (by face index) can be thrown in: the multinomial of its runs
/// of equal faces, as a product of binomials (each no larger than the whole, which fits), so
/// that no factorial of the dice overflows; `None` past 128 bits.
fn arrangements(sorted: &[usize]) -> Option<u128> {
    let mut weight: u128 = 1;
    let mut placed: u128 = 0;
    for run in sorted.chunk_by(|a, b| a == b) {
        let run = run.len() as u128;
        placed += run;
        weight = weight.checked_mul(binomial(placed, run)?)?;
    }
    Some(weight)
}

/// C(n, k) in whole numbers, `None` past 128 bits.
fn binomial(n: u128, k: u128) -> Option<u128> {
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 0..k {
        // c·(n−i) is divisible by i+1 at every step: c is C(n, i).
        c = c.checked_mul(n - i)? / (i + 1);
    }
    Some(c)
}

/// Every distinct throw up to order with its count of ordered throws, and their total.
/// The most distinct throws one side's dice are enumerated for (9d6 is 2,002; 5d100 is 91 million).
pub const MAX_DISTINCT_THROWS: u128 = 2_000_000;

pub type Weighted = (Vec<(Vec<i64>, u128)>, u128);

/// Faces thrown for one roll, and whether the umpire typed them or the tool rolled them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Throw {
    pub faces: Vec<i64>,
    pub entered: bool,
}

/// Asks for the faces of one roll (`spec`, for `what`); `None` lets the tool roll it.
pub type Asker = Box<dyn FnMut(&DiceSpec, &str) -> Result<Option<Vec<i64>>>>;

/// Where faces come from: the sets typed with `--dice`, in order, then the umpire when dice
/// are thrown at the table (`ask`), then the seeded generator.
pub struct DiceSource {
    entered: VecDeque<Vec<i64>>,
    used: usize,
    /// Throws made so far: entered or asked for, and rolled.
    throws: (usize, usize),
    rng: Xoshiro256PlusPlus,
    seed: u64,
    ask: Option<Asker>,
    /// The figure throwing, when one of several is (a unit's, or a pool's): named with every
    /// roll, so that a prompt or a refusal says whose dice they are.
    thrower: Option<String>,
    /// The option the faces were entered with, as a refusal names it (`--dice`, `--given`).
    flag: &'static str,
}

impl fmt::Debug for DiceSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DiceSource")
            .field("entered", &self.entered)
            .field("used", &self.used)
            .field("seed", &self.seed)
            .field("asks", &self.ask.is_some())
            .finish_non_exhaustive()
    }
}

impl DiceSource {
    pub fn new(seed: u64, entered: Vec<Vec<i64>>) -> DiceSource {
        DiceSource {
            entered: entered.into(),
            used: 0,
            throws: (0, 0),
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            seed,
            ask: None,
            thrower: None,
            flag: "--dice",
        }
    }

    /// Faces entered with another option than `--dice`, as a refusal names it.
    #[must_use]
    pub fn entered_with(mut self, flag: &'static str) -> DiceSource {
        self.flag = flag;
        self
    }

    /// The rolls `f` makes, named as thrown by the figure `code`, so that a prompt or a
    /// refusal says whose dice they are: `PROCEDURE (CODE)`.
    pub fn thrown_by<T>(&mut self, code: &str, f: impl FnOnce(&mut DiceSource) -> T) -> T {
        let before = self.thrower.replace(code.to_string());
        let out = f(self);
        self.thrower = before;
        out
    }

    /// The rolls `f` makes, from the generator alone: the faces entered or asked for are kept
    /// for the rolls they were given for (a pool's throws), not taken by one made before them.
    pub fn generator_only<T>(&mut self, f: impl FnOnce(&mut DiceSource) -> T) -> T {
        let entered = std::mem::take(&mut self.entered);
        let ask = self.ask.take();
        let out = f(self);
        self.entered = entered;
        self.ask = ask;
        out
    }

    /// Ask for the faces of every roll not entered with `--dice`.
    #[must_use]
    pub fn asking(mut self, ask: Asker) -> DiceSource {
        self.ask = Some(ask);
        self
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// One of `n` things, uniformly (a token from a bag of `n`); 0 when there are none.
    pub fn pick(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            self.rng.random_range(0..n)
        }
    }

    /// The throws made so far: how many were entered (or asked for) and how many rolled, as a
    /// roll's dice line counts them.
    pub fn tally(&self) -> (usize, usize) {
        self.throws
    }

    /// Sets of entered faces not consumed by any roll.
    pub fn unused(&self) -> &VecDeque<Vec<i64>> {
        &self.entered
    }

    /// The faces for one roll of `spec`, checked against the die when entered.
    pub fn throw(&mut self, spec: &DiceSpec, what: &str) -> Result<Throw> {
        let named;
        let what = match &self.thrower {
            Some(code) => {
                named = format!("{what} ({code})");
                named.as_str()
            }
            None => what,
        };
        if let Some(faces) = self.entered.pop_front() {
            self.used += 1;
            let which = ordinal(self.used);
            let shown = faces
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(",");
            if faces.len() != spec.count {
                return Err(Error::usage(format!(
                    "the {which} {} ({shown}) has {} face(s), but {what} throws {spec}",
                    self.flag,
                    faces.len()
                ))
                .with_hint(format!(
                    "enter {} face(s), e.g. {} {}",
                    spec.count,
                    self.flag,
                    example(spec)
                )));
            }
            if let Some(bad) = faces.iter().find(|f| !spec.has_face(**f)) {
                return Err(Error::usage(format!(
                    "the {which} {} ({shown}) has {bad}, which is not a face of a {} (faces {})",
                    self.flag,
                    spec.die.name,
                    spec.die.describe_faces()
                ))
                .with_hint(format!("{what} throws {spec}")));
            }
            self.throws.0 += 1;
            return Ok(Throw {
                faces,
                entered: true,
            });
        }
        if let Some(ask) = self.ask.as_mut()
            && let Some(faces) = ask(spec, what)?
        {
            // The asker checked them against the die, as it asked.
            self.throws.0 += 1;
            return Ok(Throw {
                faces,
                entered: true,
            });
        }
        let sides = spec.die.faces.len();
        let faces = (0..spec.count)
            .map(|_| {
                spec.die
                    .faces
                    .get(self.rng.random_range(0..sides))
                    .copied()
                    .unwrap_or(0)
            })
            .collect::<Vec<i64>>();
        self.throws.1 += 1;
        Ok(Throw {
            faces,
            entered: false,
        })
    }
}

fn example(spec: &DiceSpec) -> String {
    let face = spec.die.faces.first().copied().unwrap_or(1);
    vec![face.to_string(); spec.count].join(",")
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Parse faces typed by the umpire (after `--dice`, or at a prompt): whole numbers separated by
/// commas, spaces or `+`. The message names no option: the caller says where they were typed.
pub fn parse_faces(text: &str) -> Result<Vec<i64>> {
    let faces: Result<Vec<i64>> = text
        .split([',', ' ', '+'])
        .filter(|s| !s.trim().is_empty())
        .map(|s| {
            s.trim().parse::<i64>().map_err(|_| {
                Error::usage(format!("`{}` is not a whole number", s.trim()))
                    .with_hint("give the faces thrown, separated by commas, e.g. 4,2")
            })
        })
        .collect();
    let faces = faces?;
    if faces.is_empty() {
        return Err(Error::usage("no faces given").with_hint("e.g. 4,2"));
    }
    Ok(faces)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn none(_: &str) -> Option<Vec<i64>> {
        None
    }

    #[test]
    fn faces_typed_at_a_prompt_are_not_called_an_option() {
        let e = parse_faces("a b").unwrap_err();
        assert_eq!(
            e.to_string(),
            "`a` is not a whole number (give the faces thrown, separated by commas, e.g. 4,2)"
        );
        assert_eq!(parse_faces("3 4").unwrap(), vec![3, 4]);
        assert_eq!(parse_faces("3,4").unwrap(), vec![3, 4]);
    }

    #[test]
    fn specs_parse_and_enumerate() {
        let spec = DiceSpec::parse("2d6", &none).unwrap();
        assert_eq!(spec.enumerate().unwrap().len(), 36);
        let d8 = DiceSpec::parse("d8", &none).unwrap();
        assert_eq!(d8.count, 1);
        assert_eq!(d8.die.faces.len(), 8);
        let avd =
            DiceSpec::parse("1avd", &|n| (n == "avd").then(|| vec![2, 3, 3, 4, 4, 5])).unwrap();
        assert_eq!(avd.die.describe_faces(), "2,3,3,4,4,5");
        assert!(DiceSpec::parse("0d6", &none).is_err());
        assert!(DiceSpec::parse("2x6", &none).is_err());
    }

    #[test]
    fn weighted_enumeration_matches_ordered_enumeration() {
        let spec = DiceSpec::parse("3d6", &none).unwrap();
        let (cases, total) = spec.enumerate_weighted().unwrap();
        assert_eq!(cases.len(), 56);
        assert_eq!(total, 216);
        assert_eq!(cases.iter().map(|(_, w)| w).sum::<u128>(), 216);
        let tens = cases
            .iter()
            .filter(|(f, _)| f.iter().sum::<i64>() == 10)
            .map(|(_, w)| w)
            .sum::<u128>();
        assert_eq!(tens, 27);
        let nine = DiceSpec::parse("9d6", &none)
            .unwrap()
            .enumerate_weighted()
            .unwrap();
        assert_eq!((nine.0.len(), nine.1), (2002, 10_077_696));
    }

    #[test]
    fn many_dice_of_few_faces_are_weighed_without_overflow() {
        // 100 two-faced dice are 101 throws up to order, but 2^100 ordered throws: the
        // factorial of 100 does not fit in 128 bits, the weights do.
        let spec = DiceSpec::parse("100d2", &none).unwrap();
        let (cases, total) = spec.enumerate_weighted().unwrap();
        assert_eq!((cases.len(), total), (101, 1 << 100));
        assert_eq!(cases.iter().map(|(_, w)| w).sum::<u128>(), 1 << 100);
        assert_eq!(cases[1].1, 100);
        assert_eq!(arrangements(&[0, 0, 1, 1, 1]), Some(10));
        // 128 dice: 2^128 ordered throws do not fit, and are refused, not wrapped.
        assert!(
            DiceSpec::parse("128d2", &none)
                .unwrap()
                .enumerate_weighted()
                .is_err()
        );
    }

    #[test]
    fn dropping_keeps_the_middle() {
        let mut spec = DiceSpec::parse("3d6", &none).unwrap();
        spec.drop_highest = 1;
        assert_eq!(spec.kept(&[6, 2, 4]), vec![2, 4]);
        spec.drop_lowest = 1;
        assert_eq!(spec.kept(&[6, 2, 4]), vec![4]);
    }

    #[test]
    fn the_dice_kept_stay_in_the_order_thrown() {
        let mut spec = DiceSpec::parse("4d6", &none).unwrap();
        assert_eq!(spec.kept(&[5, 1, 6, 3]), vec![5, 1, 6, 3]);
        spec.drop_highest = 1;
        assert_eq!(spec.kept(&[5, 1, 6, 3]), vec![5, 1, 3]);
        spec.drop_lowest = 1;
        assert_eq!(spec.kept(&[5, 1, 6, 3]), vec![5, 3]);
        // Of two equal faces, the first low one and the last high one are set aside.
        assert_eq!(spec.kept(&[2, 6, 2, 6]), vec![6, 2]);
    }

    #[test]
    fn entered_faces_are_checked_against_the_die() {
        let spec = DiceSpec::parse("2d6", &none).unwrap();
        let mut source = DiceSource::new(1, vec![vec![7, 1]]);
        let err = source.throw(&spec, "shoot").unwrap_err();
        assert!(
            err.message.contains("7, which is not a face of a d6"),
            "{err}"
        );
        let mut source = DiceSource::new(1, vec![vec![3, 3]]);
        assert_eq!(
            source.throw(&spec, "shoot").unwrap(),
            Throw {
                faces: vec![3, 3],
                entered: true
            }
        );
        let rolled = source.throw(&spec, "shoot").unwrap();
        assert!(!rolled.entered && rolled.faces.iter().all(|f| (1..=6).contains(f)));
    }
}
