//! Exact odds: every result of one step with its probability (re-rolls included), every final
//! outcome of a whole chain, the span of a distance, and the plans of the steps that follow.

use std::collections::HashMap;

use crate::engine::decision::Decision;
use crate::engine::dice::MAX_DISTINCT_THROWS;
use crate::engine::fraction::Fraction;
use crate::engine::given::Given;
use crate::engine::plan::{Plan, Reading};
use crate::engine::situation::Input;
use crate::engine::summary::{MAX_SUMMARIES, Summaries};
use crate::engine::throw::DicePlan;
use crate::error::{Error, Result};
use crate::model::Ruleset;
use num_bigint::BigUint;

/// The most final outcomes a chain's odds list: each step multiplies them by its own (a chain
/// of steps whose every result goes on has two to the power of its length), and past a few
/// thousand the list is no use at the table.
pub const MAX_OUTCOMES: usize = 10_000;

/// The most steps a chain's odds follow one after another.
pub const MAX_STEPS: usize = 100;

/// One final outcome of a chain: a step's result and the outcomes of the steps that followed
/// it, one for each.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub procedure: String,
    /// The result's name; empty for a distance, which stands as its span.
    pub result: String,
    /// How the odds tell it apart (with the loser in an opposed roll), or the span.
    pub key: String,
    pub then: Vec<Outcome>,
}

impl Outcome {
    fn span(procedure: &str, span: String) -> Outcome {
        Outcome {
            procedure: procedure.to_string(),
            result: String::new(),
            key: span,
            then: Vec::new(),
        }
    }

    /// The outcome on one line, as the odds list it: `RESULT › NEXT; OTHER`.
    pub fn label(&self) -> String {
        if self.then.is_empty() {
            return self.key.clone();
        }
        let then: Vec<String> = self.then.iter().map(Outcome::label).collect();
        format!("{} › {}", self.key, then.join("; "))
    }

    /// This step's result and those of every step after it, in the chain's order (a span,
    /// which is no named result, left out).
    pub fn results(&self) -> Vec<&Outcome> {
        let mut all = Vec::new();
        if !self.result.is_empty() {
            all.push(self);
        }
        for t in &self.then {
            all.extend(t.results());
        }
        all
    }
}

impl<'a> Plan<'a> {
    /// How many cases enumerating this step's throws costs: the product of each side's
    /// distinct throws (an opposed 5d20 against 5d20 is 42,504 squared).
    pub fn cases(&self) -> u128 {
        self.sides
            .iter()
            .map(|s| match &s.dice {
                DicePlan::Roll(spec) => spec.distinct_throws(),
                DicePlan::Fixed(_) => 1,
            })
            .fold(1u128, u128::saturating_mul)
    }

    /// The distribution of this step, or `None` when its throws are too many to count within
    /// the budget: what a roll shows as its chance.
    pub fn distribution_within_budget(&self) -> Result<Option<Vec<(Decision, Fraction)>>> {
        if let Some(done) = self.weighed.0.get() {
            return Ok(Some(done.clone()));
        }
        if self.rerolls.is_empty() {
            let all = self.summaries().and_then(|s| self.weigh(&s));
            return Ok(all.map(|all| self.weighed.0.get_or_init(|| all).clone()));
        }
        if self.cases() > MAX_DISTINCT_THROWS {
            return Ok(None);
        }
        self.distribution().map(Some)
    }

    /// Each side's distinct throws with their weights, refused when there are too many to
    /// count exactly.
    pub(super) fn throws(&self) -> Result<Vec<crate::engine::dice::Weighted>> {
        if self.cases() > MAX_DISTINCT_THROWS {
            let dice: Vec<String> = self
                .sides
                .iter()
                .filter_map(|s| match &s.dice {
                    DicePlan::Roll(spec) => Some(spec.to_string()),
                    DicePlan::Fixed(_) => None,
                })
                .collect();
            let what = match dice.as_slice() {
                [one] => format!("{one} has"),
                many => format!("{} together have", many.join(" and ")),
            };
            return Err(Error::usage(format!(
                "{what} too many outcomes to count exactly"
            ))
            .with_hint(format!(
                "the odds are counted up to {MAX_DISTINCT_THROWS} distinct throws; a roll still works"
            )));
        }
        self.sides
            .iter()
            .map(|s| match &s.dice {
                DicePlan::Roll(spec) => spec.enumerate_weighted(),
                DicePlan::Fixed(_) => Ok((vec![(Vec::new(), 1)], 1)),
            })
            .collect()
    }

    /// Every result of this step with its exact probability, in the table's order (amounts by
    /// size), re-rolls included.
    pub fn distribution(&self) -> Result<Vec<(Decision, Fraction)>> {
        if let Some(done) = self.weighed.0.get() {
            return Ok(done.clone());
        }
        let all = self.weigh_all()?;
        Ok(self.weighed.0.get_or_init(|| all).clone())
    }

    fn weigh_all(&self) -> Result<Vec<(Decision, Fraction)>> {
        if !self.rerolls.is_empty() {
            return self.by_result(self.standing_throws()?);
        }
        let weighed = self.summaries().and_then(|s| self.weigh(&s));
        weighed.ok_or_else(|| self.too_many())
    }

    /// Odds refused: the throws take too long to count.
    pub(super) fn too_many(&self) -> Error {
        Error::usage(format!(
            "{} has too many outcomes to count exactly",
            self.procedure.name
        ))
        .with_hint("the odds are worked out only while that stays quick; a roll still works")
    }

    /// The throws that stand, each decided, the chances of a result added up, in the table's
    /// order.
    pub(super) fn by_result(
        &self,
        throws: Vec<(Vec<Vec<i64>>, Fraction)>,
    ) -> Result<Vec<(Decision, Fraction)>> {
        let mut out: Vec<(Decision, Fraction)> = Vec::new();
        let mut at: HashMap<String, usize> = HashMap::new();
        for (faces, p) in throws {
            let refs: Vec<&[i64]> = faces.iter().map(Vec::as_slice).collect();
            let d = self.decide(&refs);
            match at.get(&d.key()).and_then(|i| out.get_mut(*i)) {
                Some((_, acc)) => *acc = acc.checked_add(p)?,
                None => {
                    at.insert(d.key(), out.len());
                    out.push((d, p));
                }
            }
        }
        out.sort_by_key(|(d, _)| self.rank(d));
        Ok(out)
    }

    /// Every throw listed up to order and read one by one, as the odds were once worked out:
    /// kept to check the summaries against (each throw weighed as a summary of its own).
    #[cfg(test)]
    pub(super) fn enumerated(&self) -> Option<Vec<(Decision, Fraction)>> {
        let listed: Vec<(Summaries, BigUint)> = self
            .throws()
            .ok()?
            .into_iter()
            .map(|(throws, total)| {
                let throws = throws.into_iter().map(|(f, w)| (f, BigUint::from(w)));
                (throws.collect(), BigUint::from(total))
            })
            .collect();
        self.weigh(&listed)
    }

    /// The step's results weighed on its sides' summaries (one or two sides), each decided on
    /// a throw that gives it; `None` past the budget.
    pub(super) fn weigh(
        &self,
        sides: &[(Summaries, BigUint)],
    ) -> Option<Vec<(Decision, Fraction)>> {
        let kinds = sides
            .iter()
            .map(|(s, _)| s.len())
            .fold(1usize, usize::saturating_mul);
        if kinds > MAX_SUMMARIES {
            return None;
        }
        let mut counts: Vec<(Decision, BigUint)> = Vec::new();
        let mut at: HashMap<String, usize> = HashMap::new();
        let mut add =
            |d: Decision, w: BigUint| match at.get(&d.key()).and_then(|i| counts.get_mut(*i)) {
                Some((_, n)) => *n += w,
                None => {
                    at.insert(d.key(), counts.len());
                    counts.push((d, w));
                }
            };
        let total = match sides {
            [(one, total)] => {
                for (f, w) in one {
                    add(self.decide(&[f]), w.clone());
                }
                total.clone()
            }
            [(a, ta), (b, tb)] => {
                for (fa, wa) in a {
                    for (fb, wb) in b {
                        add(self.decide(&[fa, fb]), wa * wb);
                    }
                }
                ta * tb
            }
            _ => return None,
        };
        counts.sort_by_key(|(d, _)| self.rank(d));
        Some(
            counts
                .into_iter()
                .map(|(d, n)| (d, Fraction::of_big(n, total.clone())))
                .collect(),
        )
    }

    /// Where a result comes in the odds: in the order the table lists them, amounts by size,
    /// the first side losing before the second.
    fn rank(&self, d: &Decision) -> (usize, i64, usize) {
        let index = self
            .procedure
            .results
            .iter()
            .position(|r| r.name == d.result)
            .unwrap_or(usize::MAX);
        let side = d
            .loser
            .as_ref()
            .and_then(|l| self.sides.iter().position(|s| s.side.as_ref() == Some(l)))
            .unwrap_or(0);
        (index, d.amount.unwrap_or(0), side)
    }

    /// The amount each side scores, with its exact chance, re-rolls included: for compared
    /// amounts, what the odds of who wins do not say. Empty where the plan reads no amounts.
    pub fn side_amounts(&self) -> Result<Vec<Vec<(i64, Fraction)>>> {
        if !matches!(self.reading, Reading::Amounts { .. }) {
            return Ok(Vec::new());
        }
        let mut out: Vec<Vec<(i64, Fraction)>> = vec![Vec::new(); self.sides.len()];
        for (faces, p) in self.standing_throws()? {
            for (i, (f, list)) in faces.iter().zip(out.iter_mut()).enumerate() {
                let v = self.side_amount(i, f).unwrap_or(0);
                match list.iter_mut().find(|(x, _)| *x == v) {
                    Some((_, acc)) => *acc = acc.checked_add(&p)?,
                    None => list.push((v, p.clone())),
                }
            }
        }
        for list in &mut out {
            list.sort_by_key(|(v, _)| *v);
        }
        Ok(out)
    }

    /// Every final outcome of the chain from here, with its exact probability; refused when
    /// there are more than [`MAX_OUTCOMES`] of them or more than [`MAX_STEPS`] steps.
    pub fn chain_odds(&self) -> Result<Vec<(String, Fraction)>> {
        self.chain_odds_given(&mut Given::none())
    }

    /// [`Self::chain_odds`] from where the table stands: the faces in `given` thrown for the
    /// chain's first throws, in the order a roll takes them.
    pub fn chain_odds_given(&self, given: &mut Given) -> Result<Vec<(String, Fraction)>> {
        let mut out: Vec<(String, Fraction)> = Vec::new();
        let mut at: HashMap<String, usize> = HashMap::new();
        for (o, p) in self.chain_outcomes_given(given)? {
            let label = o.label();
            match at.get(&label).and_then(|i| out.get_mut(*i)) {
                Some((_, acc)) => *acc = acc.checked_add(p)?,
                None => {
                    at.insert(label.clone(), out.len());
                    out.push((label, p));
                }
            }
        }
        Ok(out)
    }

    /// Every final outcome of the chain from here as the results of its steps, with its exact
    /// probability: what a unit's odds count the results of, step by step.
    pub fn chain_outcomes(&self) -> Result<Vec<(Outcome, Fraction)>> {
        self.chain_outcomes_from(&mut Given::none())
    }

    /// [`Self::chain_outcomes`], the faces in `given` thrown for the chain's first throws.
    pub(super) fn chain_outcomes_from(
        &self,
        given: &mut Given,
    ) -> Result<Vec<(Outcome, Fraction)>> {
        self.chain_outcomes_at(&self.procedure.name, 1, given)
    }

    /// The chain's outcomes from here, this step being the `step`-th of the chain from `first`.
    fn chain_outcomes_at(
        &self,
        first: &str,
        step: usize,
        given: &mut Given,
    ) -> Result<Vec<(Outcome, Fraction)>> {
        let too_many = |what: String| {
            Error::usage(format!(
                "the chain from `{first}` has {what}: too many to enumerate"
            ))
            .with_hint("roll it, or ask for the odds of a step further down the chain")
        };
        if step > MAX_STEPS {
            return Err(too_many(format!("more than {MAX_STEPS} steps")));
        }
        let outcomes = || too_many(format!("more than {MAX_OUTCOMES} final outcomes"));
        let mut out: Vec<(Outcome, Fraction)> = Vec::new();
        // Where each outcome is in `out`, so that adding one costs the same however many.
        let mut at: HashMap<Outcome, usize> = HashMap::new();
        for (d, p) in self.given_distribution(given)? {
            let head = Outcome {
                procedure: self.procedure.name.clone(),
                result: d.result.clone(),
                key: d.key(),
                then: Vec::new(),
            };
            let mut branches: Vec<(Outcome, Fraction)> = vec![(head.clone(), p.clone())];
            let follows = self.follows(Some(&d), |r| &r.next, false)?;
            if !follows.is_empty() {
                let mut tails: Vec<(Vec<Outcome>, Fraction)> = vec![(Vec::new(), Fraction::ONE)];
                for (q, s, _) in follows {
                    let input = Input {
                        shared: s,
                        sides: Default::default(),
                    };
                    let plan = Plan::new(self.ruleset, q, &input)?;
                    // A distance that follows is one outcome ("retreat 2-12 inches"), not eleven.
                    // Unless its faces were given.
                    let span = match given.is_empty() {
                        true => plan.amount_span()?,
                        false => None,
                    };
                    if span.is_some() {
                        given.meets_plan(&plan);
                    }
                    let sub = match span {
                        Some(span) => vec![(Outcome::span(&q.name, span), Fraction::ONE)],
                        None => plan.chain_outcomes_at(first, step + 1, given)?,
                    };
                    if tails.len().saturating_mul(sub.len()) > MAX_OUTCOMES {
                        return Err(outcomes());
                    }
                    let mut grown = Vec::new();
                    for (then, tp) in &tails {
                        for (o, sp) in &sub {
                            let mut then = then.clone();
                            then.push(o.clone());
                            grown.push((then, tp.checked_mul(sp.clone())?));
                        }
                    }
                    tails = grown;
                }
                branches = tails
                    .into_iter()
                    .map(|(then, tp)| {
                        let o = Outcome {
                            then,
                            ..head.clone()
                        };
                        Ok((o, p.checked_mul(tp)?))
                    })
                    .collect::<Result<_>>()?;
            }
            for (o, q) in branches {
                match at.get(&o).and_then(|i| out.get_mut(*i)) {
                    Some((_, acc)) => *acc = acc.checked_add(q)?,
                    None => {
                        if out.len() == MAX_OUTCOMES {
                            return Err(outcomes());
                        }
                        at.insert(o.clone(), out.len());
                        out.push((o, q));
                    }
                }
            }
        }
        Ok(out)
    }

    /// For a step whose result is a distance: `retreat 2-12 inches`.
    pub fn amount_span(&self) -> Result<Option<String>> {
        let Reading::Amount { unit, .. } = &self.reading else {
            return Ok(None);
        };
        let values: Vec<i64> = self
            .distribution()?
            .iter()
            .filter_map(|(d, _)| d.amount)
            .collect();
        let (lo, hi) = (
            values.iter().min().copied().unwrap_or(0),
            values.iter().max().copied().unwrap_or(0),
        );
        Ok(Some(format!(
            "{} {}",
            self.procedure.name,
            crate::words::span(lo, hi, unit, "-")
        )))
    }

    /// The plans of the steps that may follow at once, for showing their odds too.
    pub fn next_plans(&self) -> Result<Vec<Plan<'a>>> {
        let mut out: Vec<Plan<'a>> = Vec::new();
        for (d, _) in self.distribution()? {
            for (q, s, _) in self.follows(Some(&d), |r| &r.next, false)? {
                if out.iter().any(|p| {
                    p.procedure.name == q.name && p.sides.first().map(|x| &x.situation) == Some(&s)
                }) {
                    continue;
                }
                let input = Input {
                    shared: s,
                    sides: Default::default(),
                };
                out.push(Plan::new(self.ruleset, q, &input)?);
            }
        }
        Ok(out)
    }
}

/// Parse, plan and enumerate a whole chain: every final outcome with its probability.
pub fn odds(
    ruleset: &Ruleset,
    procedure: &str,
    words: &[String],
) -> Result<Vec<(String, Fraction)>> {
    let p = ruleset.procedure_or_err(procedure)?;
    let input = crate::engine::situation::parse(ruleset, p, words)?;
    Plan::new(ruleset, p, &input)?.chain_odds()
}
