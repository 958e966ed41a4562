//! What a side throws and what it must reach, before any face is known: the dice (or a total
//! given without a roll) and a check's target with where it was read. The plan holds them, and
//! the decisions and records of a step name them, so they sit below all three.

use serde::Serialize;

use crate::engine::dice::DiceSpec;
use crate::model::Decimal;

/// What one side throws, before any face is known.
#[derive(Debug, Clone)]
pub enum DicePlan {
    Roll(DiceSpec),
    Fixed(i64),
}

/// As the umpire writes it: the dice (`"2d6"`), or the total given without a roll (`3`).
impl Serialize for DicePlan {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            DicePlan::Roll(spec) => s.collect_str(spec),
            DicePlan::Fixed(v) => s.serialize_i64(*v),
        }
    }
}

/// The number a check's total is compared with, and where it came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Target {
    /// A measured distance may have a fraction (`more than 12.5`).
    pub value: Decimal,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<TargetFrom>,
}

/// Where a target that is not a fixed number was read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TargetFrom {
    /// A number factor the umpire gave (a measured distance, say).
    Factor(String),
    /// A table's cell, by its row's and column's factor and value (`grade`, `A`).
    Cell {
        row: (String, String),
        column: (String, String),
    },
}
