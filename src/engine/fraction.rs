//! Exact probabilities as reduced fractions, so odds are printed as the rules make them: in
//! 128 bits while they fit, in integers of any size beyond (the odds of a unit of 200).

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};
use serde::Serialize;
use std::borrow::Borrow;
use std::fmt;

use crate::error::Result;

/// A probability `num/den`, always reduced: the same number has one form, so fractions
/// compare and hash by value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Fraction(Repr);

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Repr {
    /// Numerator and denominator both fit 128 bits (most odds at the table).
    Small { num: u128, den: u128 },
    /// One of them does not: the odds of many dice, or of many figures.
    Big { num: BigUint, den: BigUint },
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Fraction {
    pub const ZERO: Fraction = Fraction(Repr::Small { num: 0, den: 1 });
    pub const ONE: Fraction = Fraction(Repr::Small { num: 1, den: 1 });

    pub fn new(num: u128, den: u128) -> Fraction {
        if den == 0 || num == 0 {
            return Fraction::ZERO;
        }
        let g = gcd(num, den);
        Fraction(Repr::Small {
            num: num / g,
            den: den / g,
        })
    }

    /// `num/den` of any size, reduced (0 when `den` is 0), kept in 128 bits when it fits.
    pub fn of_big(num: BigUint, den: BigUint) -> Fraction {
        if den.is_zero() || num.is_zero() {
            return Fraction::ZERO;
        }
        let g = num.gcd(&den);
        let (num, den) = (num / &g, den / &g);
        match (num.to_u128(), den.to_u128()) {
            (Some(num), Some(den)) => Fraction(Repr::Small { num, den }),
            _ => Fraction(Repr::Big { num, den }),
        }
    }

    /// `num / den` already in lowest terms (the caller divided out every common factor): no
    /// greatest common divisor of two large numbers to find again.
    pub(crate) fn of_lowest(num: BigUint, den: BigUint) -> Fraction {
        if den.is_zero() || num.is_zero() {
            return Fraction::ZERO;
        }
        match (num.to_u128(), den.to_u128()) {
            (Some(num), Some(den)) => Fraction(Repr::Small { num, den }),
            _ => Fraction(Repr::Big { num, den }),
        }
    }

    fn big(&self) -> (BigUint, BigUint) {
        match &self.0 {
            Repr::Small { num, den } => (BigUint::from(*num), BigUint::from(*den)),
            Repr::Big { num, den } => (num.clone(), den.clone()),
        }
    }

    pub fn numerator(&self) -> BigUint {
        self.big().0
    }

    pub fn denominator(&self) -> BigUint {
        self.big().1
    }

    pub fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Small { num: 0, .. })
    }

    /// The sum, exact at any size (a `Result` for the callers that chain it).
    pub fn checked_add(&self, other: impl Borrow<Fraction>) -> Result<Fraction> {
        let other = other.borrow();
        if let (Repr::Small { num: a, den: b }, Repr::Small { num: c, den: d }) =
            (&self.0, &other.0)
        {
            let g = gcd(*b, *d);
            let small = (b / g).checked_mul(*d).and_then(|den| {
                let left = a.checked_mul(den / b)?;
                let right = c.checked_mul(den / d)?;
                Some(Fraction::new(left.checked_add(right)?, den))
            });
            if let Some(f) = small {
                return Ok(f);
            }
        }
        let ((a, b), (c, d)) = (self.big(), other.big());
        Ok(Fraction::of_big(a * &d + c * &b, b * d))
    }

    /// The product, exact at any size (a `Result` for the callers that chain it).
    pub fn checked_mul(&self, other: impl Borrow<Fraction>) -> Result<Fraction> {
        let other = other.borrow();
        if let (Repr::Small { num: a, den: b }, Repr::Small { num: c, den: d }) =
            (&self.0, &other.0)
        {
            // Cross-reduce first so that long chains stay small.
            let g1 = gcd(*a, *d).max(1);
            let g2 = gcd(*c, *b).max(1);
            let small = (a / g1)
                .checked_mul(c / g2)
                .zip((b / g2).checked_mul(d / g1));
            if let Some((num, den)) = small {
                return Ok(Fraction::new(num, den));
            }
        }
        let ((a, b), (c, d)) = (self.big(), other.big());
        Ok(Fraction::of_big(a * c, b * d))
    }

    /// self multiplied by itself `n` times (a reduced fraction's powers are reduced).
    pub fn pow(&self, n: u32) -> Fraction {
        let (num, den) = self.big();
        Fraction::of_big(num.pow(n), den.pow(n))
    }

    /// self taken `n` times.
    pub fn times(&self, n: u32) -> Fraction {
        let (num, den) = self.big();
        Fraction::of_big(num * n, den)
    }

    /// 1 − self.
    pub fn complement(&self) -> Fraction {
        match &self.0 {
            Repr::Small { num, den } => Fraction::new(den.saturating_sub(*num), *den),
            Repr::Big { num, den } if num < den => Fraction::of_big(den - num, den.clone()),
            Repr::Big { .. } => Fraction::ZERO,
        }
    }

    #[allow(clippy::cast_precision_loss)]
    pub fn to_f64(&self) -> f64 {
        match &self.0 {
            Repr::Small { num, den } => *num as f64 / *den as f64,
            // Both shifted to the denominator's top 64 bits: an f64 holds 53 of them, and no
            // denominator overflows it.
            Repr::Big { num, den } => {
                let shift = den.bits().saturating_sub(64);
                let top = |x: &BigUint| (x >> shift).to_f64().unwrap_or(f64::MAX);
                top(num) / top(den)
            }
        }
    }

    pub fn percent(&self) -> f64 {
        self.to_f64() * 100.0
    }
}

impl fmt::Display for Fraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Small { num, den: 1 } => write!(f, "{num}"),
            Repr::Small { num, den } => write!(f, "{num}/{den}"),
            Repr::Big { num, den } => write!(f, "{num}/{den}"),
        }
    }
}

impl Serialize for Fraction {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let (num, den) = match &self.0 {
            Repr::Small { num, den } => (num.to_string(), den.to_string()),
            Repr::Big { num, den } => (num.to_string(), den.to_string()),
        };
        let mut s = serializer.serialize_struct("Fraction", 3)?;
        s.serialize_field("fraction", &self.to_string())?;
        // Numbers beyond 2^53 would lose precision in JSON readers, so they go as strings.
        s.serialize_field("numerator", &num)?;
        s.serialize_field("denominator", &den)?;
        s.serialize_field("percent", &((self.percent() * 100.0).round() / 100.0))?;
        s.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_is_exact_and_reduced() {
        let a = Fraction::new(6, 36);
        assert_eq!(a.to_string(), "1/6");
        let b = a.checked_add(Fraction::new(8, 36)).unwrap();
        assert_eq!(b.to_string(), "7/18");
        assert_eq!(b.complement().to_string(), "11/18");
        assert_eq!(
            Fraction::new(1, 2)
                .checked_mul(Fraction::new(2, 3))
                .unwrap()
                .to_string(),
            "1/3"
        );
        assert_eq!(Fraction::new(3, 3).to_string(), "1");
        assert!(Fraction::new(0, 5).is_zero());
    }

    /// (5/6)^200 and its complement, beyond 128 bits, exact, and back to 128 bits when the
    /// value fits again.
    #[test]
    fn beyond_128_bits_the_value_stays_exact_and_one_form() {
        let mut p = Fraction::ONE;
        for _ in 0..200 {
            p = p.checked_mul(Fraction::new(5, 6)).unwrap();
        }
        let (five, six) = (BigUint::from(5u8).pow(200), BigUint::from(6u8).pow(200));
        assert_eq!(p.numerator(), five);
        assert_eq!(p.denominator(), six);
        let q = p.complement();
        assert_eq!(q.numerator(), &six - &five);
        assert_eq!(p.checked_add(&q).unwrap(), Fraction::ONE);
        assert!(p.to_f64() > 0.0 && p.to_f64() < 1e-15);
        assert!((q.percent() - 100.0).abs() < 1e-9);
        // The same number from both forms is equal (and hashes alike).
        let small = Fraction::of_big(BigUint::from(2u8), BigUint::from(4u8));
        assert_eq!(small, Fraction::new(1, 2));
    }
}
