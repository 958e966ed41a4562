//! Dice as tables write them: plain and custom-faced dice, and `NdS` specs with dropped dice
//! (`3d6 drop highest 1`). The engine throws and enumerates them.

use std::fmt;

use crate::error::{Error, Result};

/// One die: its name as written in tables (`d6`, `avd`) and its faces, each equally likely.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Die {
    pub name: String,
    pub faces: Vec<i64>,
}

impl Die {
    pub fn numbered(sides: i64) -> Die {
        Die {
            name: format!("d{sides}"),
            faces: (1..=sides).collect(),
        }
    }

    /// The faces as a reader would list them: `1..6`, or `2,3,3,4,4,5`.
    pub fn describe_faces(&self) -> String {
        let plain = self.faces.iter().zip(1..).all(|(f, i)| *f == i);
        match (plain, self.faces.first(), self.faces.last()) {
            (true, Some(first), Some(last)) => format!("{first}..{last}"),
            _ => self
                .faces
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(","),
        }
    }
}

/// `count` dice of one kind, of which the highest and lowest may be set aside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiceSpec {
    pub count: usize,
    pub die: Die,
    pub drop_highest: usize,
    pub drop_lowest: usize,
}

/// The most dice one roll may throw: a unit of 200 figures firing one die each; more is a
/// table mistake, not a game.
pub const MAX_DICE: usize = 200;

impl DiceSpec {
    /// Parse `2d6`, `d8`, `3d6`, `1avd`; `custom` resolves names that are not numbers.
    pub fn parse(text: &str, custom: &dyn Fn(&str) -> Option<Vec<i64>>) -> Result<DiceSpec> {
        let text = text.trim();
        let bad = || {
            Error::usage(format!("`{text}` is not a dice expression"))
                .with_hint("expected NdS such as `2d6`, `d8` or `1avd` (a die the ruleset defines)")
        };
        let digits = text.find(|c: char| !c.is_ascii_digit()).ok_or_else(bad)?;
        let (count, rest) = text.split_at(digits);
        // A custom die is named whole (`1avd`); a plain one is `d` and its sides (`2d6`).
        let custom_faces = custom(rest);
        let name = if custom_faces.is_some() {
            rest
        } else {
            rest.strip_prefix(['d', 'D']).ok_or_else(bad)?
        };
        let count: usize = if count.is_empty() {
            1
        } else {
            count.parse().map_err(|_| bad())?
        };
        if count == 0 || count > MAX_DICE {
            return Err(Error::usage(format!(
                "`{text}` throws {count} dice; a roll takes 1 to {MAX_DICE}"
            )));
        }
        let die = if let Some(faces) = custom_faces {
            Die {
                name: name.to_string(),
                faces,
            }
        } else if let Ok(sides) = name.parse::<i64>() {
            if !(2..=100).contains(&sides) {
                return Err(Error::usage(format!("`{text}`: a die has 2 to 100 sides")));
            }
            Die::numbered(sides)
        } else {
            let faces = custom(name).ok_or_else(bad)?;
            Die {
                name: name.to_string(),
                faces,
            }
        };
        Ok(DiceSpec {
            count,
            die,
            drop_highest: 0,
            drop_lowest: 0,
        })
    }

    /// The dice that count after dropping, highest and lowest set aside, in the order thrown
    /// (so that an explanation shows them as the umpire typed them).
    pub fn kept(&self, faces: &[i64]) -> Vec<i64> {
        // The places of the faces from lowest to highest; of equal faces, the first thrown is
        // dropped first.
        let mut order: Vec<usize> = (0..faces.len()).collect();
        order.sort_by_key(|&i| faces.get(i).copied().unwrap_or(0));
        let low = self.drop_lowest.min(order.len());
        let high = self.drop_highest.min(order.len() - low);
        let mut dropped = vec![false; faces.len()];
        for &i in order.iter().take(low).chain(order.iter().rev().take(high)) {
            if let Some(d) = dropped.get_mut(i) {
                *d = true;
            }
        }
        faces
            .iter()
            .zip(dropped)
            .filter(|(_, d)| !d)
            .map(|(f, _)| *f)
            .collect()
    }

    /// Is this one face a face of the die?
    pub fn has_face(&self, face: i64) -> bool {
        self.die.faces.contains(&face)
    }
}

impl fmt::Display for DiceSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.count, self.die.name)?;
        if self.drop_highest > 0 {
            write!(f, " drop highest {}", self.drop_highest)?;
        }
        if self.drop_lowest > 0 {
            write!(f, " drop lowest {}", self.drop_lowest)?;
        }
        Ok(())
    }
}
