//! Odds given the faces already thrown: a chain's steps read the faces entered for them, in
//! the order a roll throws them (each side's first throw, then the re-rolls called for, then
//! the steps that follow), and the chances of everything still to throw follow from there.

use serde::Serialize;

use crate::engine::decision::Decision;
use crate::engine::dice::DiceSource;
use crate::engine::fraction::Fraction;
use crate::engine::odds::Outcome;
use crate::engine::plan::Plan;
use crate::engine::reroll::{Faces, combinations_known, refs};
use crate::engine::throw::DicePlan;
use crate::error::{Error, Result};
use num_bigint::BigUint;

/// A step whose faces were given: what each side threw (empty for a side still to throw, or
/// one that throws no dice), and the result they gave once every throw of the step is known.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Thrown {
    pub procedure: String,
    /// Each side's name (opposed rolls) with its faces.
    pub sides: Vec<(Option<String>, Vec<i64>)>,
    /// The faces thrown again for a re-roll, by its label.
    pub again: Vec<(String, Vec<i64>)>,
    /// The result, by its label (with the loser), once the step's every throw was given.
    pub result: Option<String>,
}

/// The throw that comes next, once the faces given are used up: what a roll would ask the
/// faces of, and the dice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NextThrow {
    pub procedure: String,
    /// The side throwing, in an opposed roll.
    pub side: Option<String>,
    /// The re-roll it is, by its label.
    pub again: Option<String>,
    pub dice: String,
}

/// The faces given, taken in the order a roll throws, and the steps they were given for.
#[derive(Debug)]
pub struct Given {
    source: DiceSource,
    given: usize,
    pub thrown: Vec<Thrown>,
    /// The first throw met once the faces given ran out (none when the chain ended first).
    pub next: Option<NextThrow>,
}

impl Given {
    /// Faces given with `--given`, one set for each throw, in order.
    pub fn new(faces: Vec<Vec<i64>>) -> Given {
        Given {
            given: faces.len(),
            source: DiceSource::new(0, faces).entered_with("--given"),
            thrown: Vec::new(),
            next: None,
        }
    }

    /// Note the throw of side `i` of `plan` (a re-roll's, by its label) as the next, when the
    /// faces given ran out before it and none was met before it: every step before it was
    /// settled by the faces, so it is the throw a roll would ask for next.
    fn meets(&mut self, plan: &Plan<'_>, i: usize, again: Option<&str>) {
        if !self.is_empty() || self.next.is_some() {
            return;
        }
        if let Some(s) = plan.sides.get(i)
            && let DicePlan::Roll(spec) = &s.dice
        {
            self.next = Some(NextThrow {
                procedure: plan.procedure.name.clone(),
                side: s.side.clone(),
                again: again.map(str::to_string),
                dice: spec.to_string(),
            });
        }
    }

    /// [`Self::meets`] for the first side of `plan` that throws dice.
    pub(super) fn meets_plan(&mut self, plan: &Plan<'_>) {
        let first = plan
            .sides
            .iter()
            .position(|s| matches!(s.dice, DicePlan::Roll(_)));
        if let Some(i) = first {
            self.meets(plan, i, None);
        }
    }

    /// Nothing thrown yet: the odds of the whole chain.
    pub fn none() -> Given {
        Given::new(Vec::new())
    }

    pub(super) fn is_empty(&self) -> bool {
        self.source.unused().is_empty()
    }

    /// Refused when faces were given for more throws than the chain makes.
    pub fn all_used(&self, procedure: &str) -> Result<()> {
        let left = self.source.unused().len();
        if left == 0 {
            return Ok(());
        }
        let used = self.given.saturating_sub(left);
        Err(Error::usage(format!(
            "{} sets of faces were given, but the chain from `{procedure}` throws {used} before \
             it ends, as those faces fell",
            self.given
        ))
        .with_hint("give one --given for each throw, in the order `roll --dice` takes them"))
    }
}

impl Plan<'_> {
    /// Every final outcome of the chain from where the table stands, the faces in `given`
    /// thrown for the first throws; refused when more were given than the chain throws.
    pub fn chain_outcomes_given(&self, given: &mut Given) -> Result<Vec<(Outcome, Fraction)>> {
        let out = self.chain_outcomes_from(given)?;
        given.all_used(&self.procedure.name)?;
        Ok(out)
    }

    /// This step's results with their chances, the faces still in `given` thrown first: the
    /// whole distribution when none are left.
    pub(super) fn given_distribution(
        &self,
        given: &mut Given,
    ) -> Result<Vec<(Decision, Fraction)>> {
        if given.is_empty() {
            given.meets_plan(self);
            return self.distribution();
        }
        let mut first: Vec<Option<Vec<i64>>> = Vec::with_capacity(self.sides.len());
        for (i, s) in self.sides.iter().enumerate() {
            first.push(match &s.dice {
                DicePlan::Fixed(_) => Some(Vec::new()),
                DicePlan::Roll(_) if given.is_empty() => {
                    given.meets(self, i, None);
                    None
                }
                DicePlan::Roll(spec) => {
                    let what = match &s.side {
                        Some(side) => format!("the {side}'s {}", self.procedure.name),
                        None => self.procedure.name.clone(),
                    };
                    Some(given.source.throw(spec, &what)?.faces)
                }
            });
        }
        let mut thrown = Thrown {
            procedure: self.procedure.name.clone(),
            sides: self
                .sides
                .iter()
                .zip(&first)
                .map(|(s, f)| (s.side.clone(), f.clone().unwrap_or_default()))
                .collect(),
            again: Vec::new(),
            result: None,
        };
        let Some(standing) = first.iter().cloned().collect::<Option<Faces>>() else {
            given.thrown.push(thrown);
            return self.still_to_throw(&first, 0);
        };
        let (standing, open) = self.given_rerolls(standing, given, &mut thrown)?;
        if let Some((known, from)) = open {
            given.thrown.push(thrown);
            return self.still_to_throw(&known, from);
        }
        let d = self.decide(&refs(&standing));
        thrown.result = Some(d.key());
        given.thrown.push(thrown);
        Ok(vec![(d, Fraction::ONE)])
    }

    /// The re-rolls called for by the faces standing, in the table's order, each taking the
    /// next faces given. Returns the faces standing and, where the faces given ran out at a
    /// re-roll, which sides of it are known and the place of the re-roll.
    #[allow(clippy::type_complexity)]
    fn given_rerolls(
        &self,
        mut standing: Faces,
        given: &mut Given,
        thrown: &mut Thrown,
    ) -> Result<(Faces, Option<(Vec<Option<Vec<i64>>>, usize)>)> {
        let bounds = self.bounds()?;
        for (k, ((r, at), bound)) in self.rerolls.iter().zip(bounds).enumerate() {
            let d = self.decide(&refs(&standing));
            if !self.calls_for((r, *at), bound, &d, &standing).0 {
                continue;
            }
            let mut known: Vec<Option<Vec<i64>>> = standing.iter().cloned().map(Some).collect();
            for (i, s) in self.sides.iter().enumerate() {
                if at.is_some_and(|a| a != i) {
                    continue;
                }
                let DicePlan::Roll(spec) = &s.dice else {
                    continue;
                };
                let fresh = if given.is_empty() {
                    given.meets(self, i, Some(&r.label));
                    None
                } else {
                    let what = format!("{} thrown again ({})", self.procedure.name, r.label);
                    let faces = given.source.throw(spec, &what)?.faces;
                    thrown.again.push((r.label.clone(), faces.clone()));
                    Some(faces)
                };
                if let Some(slot) = known.get_mut(i) {
                    *slot = fresh;
                }
            }
            match known.iter().cloned().collect::<Option<Faces>>() {
                Some(all) => standing = all,
                // The re-roll's throw is still to come: what stands follows from it.
                None => return Ok((standing, Some((known, k + 1)))),
            }
        }
        Ok((standing, None))
    }

    /// The results of this step, the sides' faces `known` given (or standing, where a re-roll
    /// throws only some sides again) and the others still to throw, the re-rolls from place
    /// `from` on still to come.
    fn still_to_throw(
        &self,
        known: &[Option<Vec<i64>>],
        from: usize,
    ) -> Result<Vec<(Decision, Fraction)>> {
        if self.rerolls.is_empty() {
            // No re-roll reads the throw: the sides still to throw are weighed by their
            // summaries, the known ones as throws of their own.
            let sides = self.summaries().ok_or_else(|| self.too_many())?;
            let one = || BigUint::from(1u8);
            let sides: Vec<_> = sides
                .into_iter()
                .zip(known)
                .map(|(s, k)| match k {
                    Some(faces) => (vec![(faces.clone(), one())], one()),
                    None => s,
                })
                .collect();
            return self.weigh(&sides).ok_or_else(|| self.too_many());
        }
        let start = combinations_known(&self.throws()?, known)?;
        self.by_result(self.standing_throws_from(start, from)?)
    }
}
