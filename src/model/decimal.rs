//! A number as the umpire types it: whole (`2`), or measured with a fraction (`18.5`), held
//! exactly as a count of ten-thousandths, so that comparing it with a total or a table's bound
//! is exact arithmetic on integers, never floating point.

use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Serialize};

/// The decimal places a number may have: four take an eighth (`0.125`) and a sixteenth
/// (`0.0625`) of an inch exactly, more than a tape measure reads.
pub const PLACES: usize = 4;

/// `10^PLACES`: one whole unit in ten-thousandths.
const SCALE: i64 = 10_000;

/// The largest whole part a typed number may have, far beyond any table's distance, so that
/// the value and its products with totals stay within `i64`.
pub const MAX_WHOLE: i64 = 1_000_000;

/// A whole or decimal number, exact.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Decimal(i64);

/// Why a word is not a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unreadable {
    /// Not digits with at most one decimal point (`18.5.2`, `1e9`, `x`).
    NotANumber,
    /// More than [`PLACES`] decimal places.
    TooManyPlaces,
    /// A whole part above [`MAX_WHOLE`].
    TooLarge,
}

impl Decimal {
    /// A whole number (saturating far beyond anything a table or a roll holds).
    pub fn whole(n: i64) -> Decimal {
        Decimal(n.saturating_mul(SCALE))
    }

    /// Digits with an optional sign and one decimal point: `18`, `+2`, `-3`, `18.5`, `.5`.
    pub fn parse(text: &str) -> Result<Decimal, Unreadable> {
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
        let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if (whole.is_empty() && fraction.is_empty())
            || (digits.contains('.') && fraction.is_empty())
            || !all_digits(whole)
            || !all_digits(fraction)
        {
            return Err(Unreadable::NotANumber);
        }
        let fraction = fraction.trim_end_matches('0');
        if fraction.len() > PLACES {
            return Err(Unreadable::TooManyPlaces);
        }
        // The length first: a string of a thousand digits is refused without being read.
        let whole = whole.trim_start_matches('0');
        if whole.len() > 7 {
            return Err(Unreadable::TooLarge);
        }
        let units: i64 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| Unreadable::NotANumber)?
        };
        if units > MAX_WHOLE {
            return Err(Unreadable::TooLarge);
        }
        let mut part: i64 = 0;
        for (i, b) in fraction.bytes().enumerate() {
            let place = u32::try_from(PLACES - 1 - i).unwrap_or(0);
            part += i64::from(b - b'0') * 10i64.pow(place);
        }
        let magnitude = units * SCALE + part;
        Ok(Decimal(if negative { -magnitude } else { magnitude }))
    }

    /// The number, when it has no fraction.
    pub fn as_whole(self) -> Option<i64> {
        (self.0 % SCALE == 0).then_some(self.0 / SCALE)
    }

    pub fn is_whole(self) -> bool {
        self.0 % SCALE == 0
    }

    /// The number as a count of halves, when it is a whole or a half (`2.5` is 5 halves).
    pub fn halves(self) -> Option<i64> {
        let twice = self.0.checked_mul(2)?;
        (twice % SCALE == 0).then_some(twice / SCALE)
    }

    /// The whole units in it, toward zero (`2.5` holds 2 whole units).
    pub fn trunc(self) -> i64 {
        self.0 / SCALE
    }

    /// How it compares with the whole number `n`, exactly.
    pub fn cmp_whole(self, n: i64) -> Ordering {
        i128::from(self.0).cmp(&(i128::from(n) * i128::from(SCALE)))
    }

    /// The number as JSON writes it: whole numbers as integers, others as the nearest double,
    /// which JSON prints with the digits typed (`18.5`). Only for showing: never compared.
    fn shown(self) -> Shown {
        match self.as_whole() {
            Some(n) => Shown::Whole(n),
            None => Shown::Fraction(self.0 as f64 / SCALE as f64),
        }
    }
}

/// The two shapes a number takes where people read it (JSON).
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum Shown {
    Whole(i64),
    Fraction(f64),
}

impl fmt::Display for Decimal {
    /// `18`, `18.5`, `-0.25`: the digits typed, without trailing zeros.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let magnitude = self.0.unsigned_abs();
        let scale = SCALE.unsigned_abs();
        let (units, part) = (magnitude / scale, magnitude % scale);
        if part == 0 {
            return write!(f, "{sign}{units}");
        }
        let digits = format!("{part:0PLACES$}");
        write!(f, "{sign}{units}.{}", digits.trim_end_matches('0'))
    }
}

impl Serialize for Decimal {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            self.shown().serialize(s)
        } else {
            self.0.serialize(s)
        }
    }
}

impl<'de> Deserialize<'de> for Decimal {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        if !d.is_human_readable() {
            return i64::deserialize(d).map(Decimal);
        }
        match Shown::deserialize(d)? {
            Shown::Whole(n) => Ok(Decimal::whole(n)),
            // The shortest digits that give the same double are the digits once written.
            Shown::Fraction(x) => Decimal::parse(&format!("{x}")).map_err(|_| {
                serde::de::Error::custom(format!(
                    "{x} is not a number of up to {PLACES} decimal places"
                ))
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Decimal, Unreadable};
    use std::cmp::Ordering;

    fn d(text: &str) -> Decimal {
        Decimal::parse(text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
    }

    #[test]
    fn typed_numbers_read_exactly_and_print_as_typed() {
        for (typed, shown) in [
            ("18", "18"),
            ("18.5", "18.5"),
            ("18.50", "18.5"),
            ("+2", "2"),
            ("-3", "-3"),
            (".5", "0.5"),
            ("-0.25", "-0.25"),
            ("0.0625", "0.0625"),
            ("007", "7"),
            ("1000000", "1000000"),
        ] {
            assert_eq!(d(typed).to_string(), shown, "{typed}");
        }
        assert_eq!(d("18.5").cmp_whole(18), Ordering::Greater);
        assert_eq!(d("18.5").cmp_whole(19), Ordering::Less);
        assert_eq!(d("18.0").cmp_whole(18), Ordering::Equal);
        assert_eq!(d("-0.5").cmp_whole(0), Ordering::Less);
        assert_eq!(d("2.5").trunc(), 2);
        assert_eq!(d("-2.5").trunc(), -2);
        assert_eq!(d("2.5").as_whole(), None);
        assert_eq!(d("2").as_whole(), Some(2));
    }

    #[test]
    fn anything_else_is_refused_without_reading_it_all() {
        for bad in [
            "", "-", ".", "18.", "18.5.2", "1e9", "x", "1,5", "--1", "+-1", " 1",
        ] {
            assert_eq!(Decimal::parse(bad), Err(Unreadable::NotANumber), "{bad:?}");
        }
        assert_eq!(Decimal::parse("1.23456"), Err(Unreadable::TooManyPlaces));
        assert_eq!(Decimal::parse("1000001"), Err(Unreadable::TooLarge));
        assert_eq!(
            Decimal::parse(&"9".repeat(100_000)),
            Err(Unreadable::TooLarge)
        );
    }

    #[test]
    fn json_shows_whole_numbers_as_integers_and_reads_back_the_digits() {
        let text = serde_json::to_string(&[d("30"), d("18.5"), d("0.1")]).unwrap_or_default();
        assert_eq!(text, "[30,18.5,0.1]");
        let back: Vec<Decimal> = serde_json::from_str(&text).unwrap_or_default();
        assert_eq!(back, [d("30"), d("18.5"), d("0.1")]);
    }
}
