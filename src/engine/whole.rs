//! The exact odds of several rolls made at once: a unit's figures each rolling a chain of
//! their own. The rolls are independent, so the chance of how many figures get a result is the
//! convolution of each figure's chance of it, and the chance of at least one is the complement
//! of none getting it.

use serde::Serialize;
use std::collections::HashMap;

use crate::engine::fraction::Fraction;
use crate::engine::given::Given;
use crate::engine::plan::Plan;
use crate::error::Result;

/// A result some step of a chain may give.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reached {
    pub procedure: String,
    pub result: String,
    /// How the odds name it.
    pub label: String,
    /// Given by the chain's first step.
    pub first: bool,
}

impl Reached {
    fn same(&self, procedure: &str, result: &str) -> bool {
        self.procedure == procedure && self.result == result
    }
}

/// A result anywhere in a chain: the chance that it comes at least once, and how often it
/// comes on average.
#[derive(Debug, Clone, Serialize)]
pub struct Anywhere {
    pub reached: Reached,
    pub at_least_one: Fraction,
    pub expected: Fraction,
}

/// One figure's roll, before it is made.
#[derive(Debug, Clone)]
pub struct FigureOdds {
    /// Each result of the chain's first step, with its chance.
    pub first: Vec<(Reached, Fraction)>,
    /// Each result of any step: first-step results first, then the others as they come.
    pub anywhere: Vec<Anywhere>,
}

/// A unit's figures rolling at once.
#[derive(Debug, Clone)]
pub struct UnitOdds {
    /// For each result of the first step, the chance that 0, 1, 2, ... of the figures get it.
    pub counts: Vec<(Reached, Vec<Fraction>)>,
    /// For each result of any step, the chance that at least one figure gets it, and how many
    /// get it on average.
    pub anywhere: Vec<Anywhere>,
}

/// The odds of one figure's whole chain, result by result, from the faces it threw (`given`,
/// none before the roll).
pub fn figure(plan: &Plan<'_>, given: &mut Given) -> Result<FigureOdds> {
    let mut first: Vec<(Reached, Fraction)> = Vec::new();
    let mut anywhere: Vec<Anywhere> = Vec::new();
    for (outcome, p) in plan.chain_outcomes_given(given)? {
        match first
            .iter_mut()
            .find(|(r, _)| r.same(&outcome.procedure, &outcome.result))
        {
            Some((_, acc)) => *acc = acc.checked_add(&p)?,
            None => first.push((
                Reached {
                    procedure: outcome.procedure.clone(),
                    result: outcome.result.clone(),
                    label: outcome.key.clone(),
                    first: true,
                },
                p.clone(),
            )),
        }
        // How often this outcome gives each result (a step that comes twice, twice).
        let mut times: Vec<(Reached, u128)> = Vec::new();
        for (depth, o) in outcome.results().into_iter().enumerate() {
            match times
                .iter_mut()
                .find(|(r, _)| r.same(&o.procedure, &o.result))
            {
                Some((_, n)) => *n += 1,
                None => times.push((
                    Reached {
                        procedure: o.procedure.clone(),
                        result: o.result.clone(),
                        label: o.key.clone(),
                        first: depth == 0,
                    },
                    1,
                )),
            }
        }
        for (reached, n) in times {
            let expected = p.checked_mul(Fraction::new(n, 1))?;
            match anywhere
                .iter_mut()
                .find(|a| a.reached.same(&reached.procedure, &reached.result))
            {
                Some(a) => {
                    a.reached.first |= reached.first;
                    a.at_least_one = a.at_least_one.checked_add(&p)?;
                    a.expected = a.expected.checked_add(expected)?;
                }
                None => anywhere.push(Anywhere {
                    reached,
                    at_least_one: p.clone(),
                    expected,
                }),
            }
        }
    }
    anywhere.sort_by_key(|a| !a.reached.first);
    Ok(FigureOdds { first, anywhere })
}

/// The odds of every figure's roll together, each counted on its own.
pub fn unit(figures: &[FigureOdds]) -> Result<UnitOdds> {
    let mut firsts: Vec<&Reached> = Vec::new();
    let mut reached: Vec<&Reached> = Vec::new();
    // The figures with most results first: the results keep the table's order even where the
    // first figure's faces were given (and it has one result).
    let mut widest: Vec<&FigureOdds> = figures.iter().collect();
    widest.sort_by_key(|f| std::cmp::Reverse(f.first.len()));
    for f in widest {
        for (r, _) in &f.first {
            if !firsts.iter().any(|x| x.same(&r.procedure, &r.result)) {
                firsts.push(r);
            }
        }
        for a in &f.anywhere {
            if !reached
                .iter()
                .any(|x| x.same(&a.reached.procedure, &a.reached.result))
            {
                reached.push(&a.reached);
            }
        }
    }
    reached.sort_by_key(|r| !r.first);
    let mut counts = Vec::new();
    for r in firsts {
        let chances: Vec<Fraction> = figures
            .iter()
            .map(|f| {
                f.first
                    .iter()
                    .find(|(x, _)| x.same(&r.procedure, &r.result))
                    .map_or(Fraction::ZERO, |(_, p)| p.clone())
            })
            .collect();
        counts.push((r.clone(), how_many(&chances)?));
    }
    let mut anywhere = Vec::new();
    for r in reached {
        // Figures alike have the same chances: each chance is taken once, to the power of
        // (or times) how many figures have it.
        let mut nones: HashMap<Fraction, u32> = HashMap::new();
        let mut expectations: HashMap<Fraction, u32> = HashMap::new();
        for a in figures.iter().filter_map(|f| {
            f.anywhere
                .iter()
                .find(|a| a.reached.same(&r.procedure, &r.result))
        }) {
            *nones.entry(a.at_least_one.complement()).or_default() += 1;
            *expectations.entry(a.expected.clone()).or_default() += 1;
        }
        let mut none = Fraction::ONE;
        for (p, n) in &nones {
            none = none.checked_mul(p.pow(*n))?;
        }
        let mut expected = Fraction::ZERO;
        for (e, n) in &expectations {
            expected = expected.checked_add(e.times(*n))?;
        }
        anywhere.push(Anywhere {
            reached: r.clone(),
            at_least_one: none.complement(),
            expected,
        });
    }
    Ok(UnitOdds { counts, anywhere })
}

/// The chance that exactly 0, 1, ... n of n independent events happen, each with its own
/// chance. Events alike (figures in the same situation) are taken together, as a binomial:
/// C(m, k) yes^k no^(m−k) over all^m, built from running powers; the groups are then added
/// one to another. The counts are whole numbers over the product of the denominators, reduced
/// once at the end: a unit of 200 alike costs a few hundred multiplications, not 200².
pub fn how_many(chances: &[Fraction]) -> Result<Vec<Fraction>> {
    use num_bigint::BigUint;
    use num_traits::ToPrimitive;
    // The groups of equal chances, in the order first met.
    let mut groups: Vec<(&Fraction, usize)> = Vec::new();
    for p in chances {
        match groups.iter_mut().find(|(q, _)| *q == p) {
            Some((_, m)) => *m += 1,
            None => groups.push((p, 1)),
        }
    }
    let mut dist: Vec<BigUint> = vec![BigUint::from(1u8)];
    let mut den = BigUint::from(1u8);
    // The denominator as the powers it is made of, to reduce by without a large gcd.
    let mut bases: Vec<(u128, usize)> = Vec::new();
    let mut short = true;
    for (p, m) in groups {
        let (yes, all) = (p.numerator(), p.denominator());
        let no = &all - &yes;
        let powers = |base: &BigUint| {
            let mut out = vec![BigUint::from(1u8)];
            for _ in 0..m {
                let next = out.last().map(|x| x * base).unwrap_or_default();
                out.push(next);
            }
            out
        };
        let (yes_to, no_to) = (powers(&yes), powers(&no));
        let mut choose = BigUint::from(1u8);
        let mut group = Vec::with_capacity(m + 1);
        for k in 0..=m {
            if k > 0 {
                // C(m, k) from C(m, k − 1): exact at every step.
                choose = choose * (m - k + 1) / k;
            }
            let (y, n) = (yes_to.get(k), no_to.get(m - k));
            group.push(match (y, n) {
                (Some(y), Some(n)) => &choose * y * n,
                _ => BigUint::default(),
            });
        }
        dist = if dist.len() == 1 {
            let one = dist.pop().unwrap_or_default();
            group.into_iter().map(|g| g * &one).collect()
        } else {
            let mut next = vec![BigUint::default(); dist.len() + m];
            for (i, d) in dist.iter().enumerate() {
                for (j, g) in group.iter().enumerate() {
                    if let Some(n) = next.get_mut(i + j) {
                        *n += d * g;
                    }
                }
            }
            next
        };
        den *= all.pow(u32::try_from(m).unwrap_or(u32::MAX));
        // A chance's denominator past 128 bits: reduced the long way.
        short &= all.to_u128().map(|a| bases.push((a, m))).is_some();
    }
    Ok(dist
        .into_iter()
        .map(|n| match short {
            true => lowest(n, &den, &bases),
            false => Fraction::of_big(n, den.clone()),
        })
        .collect())
}

/// `n / den` in lowest terms, `den` being the product of `base^m` for each of `bases`: each
/// common factor is found with one base at a time (a gcd of two small numbers, at most m
/// times), so no gcd of two numbers of hundreds of bits is needed.
fn lowest(
    mut n: num_bigint::BigUint,
    den: &num_bigint::BigUint,
    bases: &[(u128, usize)],
) -> Fraction {
    use num_bigint::BigUint;
    use num_integer::Integer;
    use num_traits::{ToPrimitive, Zero};
    if n.is_zero() {
        return Fraction::ZERO;
    }
    let mut common = BigUint::from(1u8);
    for &(a, m) in bases {
        for _ in 0..m {
            let rest = (&n % a).to_u128().unwrap_or(0);
            let h = rest.gcd(&a);
            if h <= 1 {
                break;
            }
            n /= h;
            common *= h;
        }
    }
    Fraction::of_lowest(n, den / common)
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;

    #[test]
    fn how_many_of_independent_events_is_the_binomial_when_the_chances_are_equal() {
        let p = Fraction::new(5, 6);
        let dist = how_many(&[p.clone(), p.clone(), p]).unwrap();
        let shown: Vec<String> = dist.iter().map(ToString::to_string).collect();
        assert_eq!(shown, ["1/216", "5/72", "25/72", "125/216"]);
        let mixed = how_many(&[Fraction::new(1, 2), Fraction::ONE]).unwrap();
        let shown: Vec<String> = mixed.iter().map(ToString::to_string).collect();
        assert_eq!(shown, ["0", "1/2", "1/2"]);
        assert_eq!(how_many(&[]).unwrap(), [Fraction::ONE]);
        // Groups alike and apart together: one sure event beside two halves.
        let groups = how_many(&[Fraction::new(1, 2), Fraction::ONE, Fraction::new(1, 2)]).unwrap();
        let shown: Vec<String> = groups.iter().map(ToString::to_string).collect();
        assert_eq!(shown, ["0", "1/4", "1/2", "1/4"]);
        // Reduced without a large gcd, to the same fractions: 40 figures hitting 11 in 18.
        let many = how_many(&vec![Fraction::new(11, 18); 40]).unwrap();
        let (yes, no, all) = (BigUint::from(11u8), BigUint::from(7u8), BigUint::from(18u8));
        let choose = |n: u32, k: u32| (0..k).fold(BigUint::from(1u8), |c, i| c * (n - i) / (i + 1));
        for k in [0u32, 1, 17, 40] {
            let exact = Fraction::of_big(choose(40, k) * yes.pow(k) * no.pow(40 - k), all.pow(40));
            assert_eq!(many[k as usize], exact, "{k}");
        }
        // Never: every count above zero impossible.
        let never = how_many(&[Fraction::ZERO, Fraction::ZERO]).unwrap();
        let shown: Vec<String> = never.iter().map(ToString::to_string).collect();
        assert_eq!(shown, ["1", "0", "0"]);
    }
}
