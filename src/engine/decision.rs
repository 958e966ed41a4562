//! The result a throw gives and how the dice gave it (the natural, the reading of the total,
//! the amount, a `becomes`): the facts a decision hands to the odds, the explanation and the
//! game, with no part of the deciding itself.

use serde::Serialize;

use crate::engine::throw::Target;
use crate::model::Comparison;

/// The result a throw gives, and how the dice gave it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Decision {
    pub result: String,
    pub label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loser: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<i64>,
    /// The natural result (doubles, a natural 6) that decided the throw before any modifier,
    /// by its label.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub natural: Option<String>,
    pub totals: Vec<i64>,
    /// How the total was read.
    pub read: Read,
    /// A `becomes` that turned the result read into another.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub became: Option<Became>,
}

/// How a throw's total gave its result: the facts an explanation says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Read {
    /// A natural result, whatever the modifiers.
    Natural,
    /// Only a natural total counts, and the dice did not give it: the result otherwise.
    NotNatural { natural: String },
    /// The total against a target.
    Check {
        total: i64,
        compare: Comparison,
        target: Target,
    },
    /// The total read on a table, at `read` (a table's end when the total is beyond it).
    Table { total: i64, read: i64 },
    /// The total read along a grid's row.
    Grid { row: String, total: i64, read: i64 },
    /// The total is the result, after halvings and a floor.
    Amount { total: i64, steps: Vec<AmountStep> },
    /// Each die, with the net modifier, read on its own against a target: the amount is how
    /// many pass.
    Counted {
        dice: Vec<i64>,
        compare: Comparison,
        target: Target,
        passed: i64,
    },
    /// One side's total against the other's.
    Compare {
        sides: [(String, i64); 2],
        winner: Option<String>,
        margin: Margin,
    },
    /// Each side's amount, then one against the other: the higher wins.
    Amounts {
        sides: [Scored; 2],
        winner: Option<String>,
        margin: Margin,
    },
}

/// What one side of an opposed roll scored: its total, the steps to its amount, the amount.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Scored {
    pub side: String,
    pub total: i64,
    pub steps: Vec<AmountStep>,
    pub amount: i64,
    /// The amount with its unit, as a quantity is said.
    pub label: String,
}

/// A step from a total to an amount.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum AmountStep {
    Halved { why: String, up: bool, to: i64 },
    Floor { to: i64 },
}

/// How an opposed roll was won.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Margin {
    Tie,
    By(i64),
    /// Won, and the winner's score is (or is not) at least double the loser's.
    Doubling(bool),
}

/// A `becomes` that applied: its label and the result it turned.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Became {
    pub label: String,
    pub from: String,
    /// The name of the result read, before it became another.
    pub read: String,
}

impl Decision {
    /// What tells two results apart in the odds.
    pub fn key(&self) -> String {
        match &self.loser {
            Some(l) => format!("{l}: {}", self.label),
            None => self.label.clone(),
        }
    }

    /// The amount a side scored (by its place among the sides): the amount of a roll of one
    /// side, or one side's of compared amounts.
    pub fn amount_of(&self, side: usize) -> Option<i64> {
        match &self.read {
            Read::Amounts { sides, .. } => sides.get(side).map(|s| s.amount),
            _ if side == 0 => self.amount,
            _ => None,
        }
    }
}
