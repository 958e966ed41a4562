//! Exact probabilities as reduced fractions, so odds are printed as the rules make them.

use serde::Serialize;
use std::fmt;

use crate::error::{Error, Result};

/// A probability `num/den`, always reduced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fraction {
    num: u128,
    den: u128,
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

fn overflow() -> Error {
    Error::failure(
        "the odds need more precision than 128 bits; the chain has too many dice to enumerate",
    )
}

impl Fraction {
    pub const ZERO: Fraction = Fraction { num: 0, den: 1 };
    pub const ONE: Fraction = Fraction { num: 1, den: 1 };

    pub fn new(num: u128, den: u128) -> Fraction {
        if den == 0 || num == 0 {
            return Fraction::ZERO;
        }
        let g = gcd(num, den);
        Fraction {
            num: num / g,
            den: den / g,
        }
    }

    pub fn numerator(&self) -> u128 {
        self.num
    }

    pub fn denominator(&self) -> u128 {
        self.den
    }

    pub fn is_zero(&self) -> bool {
        self.num == 0
    }

    pub fn checked_add(self, other: Fraction) -> Result<Fraction> {
        let g = gcd(self.den, other.den);
        let den = (self.den / g).checked_mul(other.den).ok_or_else(overflow)?;
        let left = self.num.checked_mul(den / self.den).ok_or_else(overflow)?;
        let right = other
            .num
            .checked_mul(den / other.den)
            .ok_or_else(overflow)?;
        Ok(Fraction::new(
            left.checked_add(right).ok_or_else(overflow)?,
            den,
        ))
    }

    pub fn checked_mul(self, other: Fraction) -> Result<Fraction> {
        // Cross-reduce first so that long chains stay small.
        let g1 = gcd(self.num, other.den).max(1);
        let g2 = gcd(other.num, self.den).max(1);
        let num = (self.num / g1)
            .checked_mul(other.num / g2)
            .ok_or_else(overflow)?;
        let den = (self.den / g2)
            .checked_mul(other.den / g1)
            .ok_or_else(overflow)?;
        Ok(Fraction::new(num, den))
    }

    /// 1 − self.
    pub fn complement(self) -> Fraction {
        Fraction::new(self.den.saturating_sub(self.num), self.den)
    }

    #[allow(clippy::cast_precision_loss)]
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    pub fn percent(self) -> f64 {
        self.to_f64() * 100.0
    }
}

impl fmt::Display for Fraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

impl Serialize for Fraction {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("Fraction", 3)?;
        s.serialize_field("fraction", &self.to_string())?;
        // Numbers beyond 2^53 would lose precision in JSON readers, so they go as strings.
        s.serialize_field("numerator", &self.num.to_string())?;
        s.serialize_field("denominator", &self.den.to_string())?;
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
}
