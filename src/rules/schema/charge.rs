//! The written shape of a ruleset's `game: charge:` where it differs from the compiled one:
//! procedures and results may be named by an alias, conditions and settings as written.

use serde::Deserialize;

use super::{Conditions, ReactionDef};

/// How a charge is fought, as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ChargeDef {
    pub fight: String,
    pub side: String,
    #[serde(default)]
    pub flag: Option<String>,
    #[serde(default)]
    pub last_turn: Option<String>,
    #[serde(default)]
    pub before: Vec<BeforeDef>,
    #[serde(default)]
    pub reaction: Option<ReactionDef>,
    /// A charger whose roster standing meets any of these stays out of the charge.
    #[serde(default)]
    pub stays_out: Vec<Conditions>,
    /// The fewest figures that may charge, counted on those who join.
    #[serde(default)]
    pub at_least: Option<u32>,
    /// The rule its refusals name.
    #[serde(default)]
    pub rule: Option<String>,
    /// The table's action (`game: actions:`) each charger takes: weighed against its
    /// allowance and counted.
    #[serde(default)]
    pub action: Option<String>,
    #[serde(default)]
    pub note: Option<String>,
}

/// A check each charger makes first, as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct BeforeDef {
    pub procedure: String,
    #[serde(default)]
    pub target: Conditions,
    pub label: String,
    #[serde(default)]
    pub set: Conditions,
    #[serde(default)]
    pub out: Vec<String>,
}
