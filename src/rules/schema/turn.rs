//! The written shape of a ruleset's `turn:` section: a draw (`phases:`, `draw:`, `react:`) or
//! player turns (`players:`, with a `chain:` of activations and a `pool:` of points).

use serde::Deserialize;

use super::{Conditions, DrawDef, PhasesDef, ReactDef};
use crate::model::{DiceOffDef, FirstPlayer, StepDef};

/// The turn rule as written: the keys of one kind only (the compile step refuses a mix).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TurnDef {
    #[serde(default)]
    pub phases: Option<PhasesDef>,
    #[serde(default)]
    pub draw: Option<DrawDef>,
    #[serde(default)]
    pub react: Option<ReactDef>,
    #[serde(default)]
    pub players: Option<PlayersDef>,
    #[serde(default)]
    pub chain: Option<ChainDef>,
    #[serde(default)]
    pub pool: Option<PoolDef>,
    #[serde(default)]
    pub activations: Option<u32>,
    #[serde(default)]
    pub notes: Vec<String>,
}

/// `players: {first: sides, steps: [NAME, {name: NAME, label: ...}]}`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PlayersDef {
    #[serde(default = "sides_first")]
    pub first: FirstPlayer,
    #[serde(default)]
    pub steps: Vec<StepSpec>,
    /// The throw `first: dice-off` reads: `{dice: 1d6, label: ..., note: ...}`.
    #[serde(default)]
    pub dice_off: Option<DiceOffDef>,
    /// Steps of the whole turn after the player turns: `[{name, label, rolls: [{procedure,
    /// when}]}]`.
    #[serde(default)]
    pub then: Vec<TurnStepSpec>,
}

/// `{name: hand-to-hand, label: ..., rolls: [hand-to-hand, {procedure: NAME, when: {...}}]}`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TurnStepSpec {
    pub name: String,
    pub label: String,
    #[serde(default)]
    pub rolls: Vec<StepRollSpec>,
}

/// A roll of a step: a procedure by name, or with conditions on its situation.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum StepRollSpec {
    Name(String),
    Full {
        procedure: String,
        #[serde(default)]
        when: Conditions,
    },
}

fn sides_first() -> FirstPlayer {
    FirstPlayer::Sides
}

/// A step by its name alone, or with a label.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum StepSpec {
    Name(String),
    Full(StepDef),
}

/// `chain: {procedure: PROCEDURE, ends-on: [RESULT], declares: FACTOR}`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ChainDef {
    pub procedure: String,
    pub ends_on: Vec<String>,
    /// The factor of the chain's roll that declares what the unit will do once activated (a
    /// choice): its actions are then only those its `declared` lists allow.
    #[serde(default)]
    pub declares: Option<String>,
}

/// `pool: {point: POINT, dice: 1d6, spend: [...]}`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PoolDef {
    pub point: String,
    #[serde(default)]
    pub points: Option<String>,
    /// The dice each side throws; or `roll`: what its figures roll into it.
    #[serde(default)]
    pub dice: Option<String>,
    #[serde(default)]
    pub roll: Option<PoolRollDef>,
    #[serde(default)]
    pub spend: Vec<SpendDef>,
    /// When the sides throw it: `turn` (every side, when the turn starts) or `player-turn`
    /// (each side when its own player turn starts).
    #[serde(default)]
    pub rolled: PoolRolled,
    #[serde(default)]
    pub note: Option<String>,
}

/// When a pool of dice is thrown.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PoolRolled {
    #[default]
    Turn,
    PlayerTurn,
}

/// A pool filled from the roster: each figure in play of the side that `who` fits rolls
/// `procedure`, and the amounts add up; one `joins` fits rolls when a spend reaches its unit.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PoolRollDef {
    pub procedure: String,
    #[serde(default)]
    pub who: Conditions,
    #[serde(default)]
    pub joins: Conditions,
}

/// A cost by the figure: `cost` for each figure in play of the unit, or the cost of the first
/// case that fits it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct EachDef {
    pub cost: u32,
    #[serde(default)]
    pub cases: Vec<EachCaseDef>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct EachCaseDef {
    #[serde(default)]
    pub when: Conditions,
    #[serde(default)]
    pub any: Vec<Conditions>,
    #[serde(default)]
    pub unless: Conditions,
    pub cost: u32,
    pub label: String,
}

/// `{name: NAME, label: ..., cost: 1, extra: [{name: NAME, label: ..., cost: 1}],
/// takes-off: MARKER, counter: COUNTER, by: -1, per-unit: 1}`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SpendDef {
    pub name: String,
    #[serde(default)]
    pub label: Option<String>,
    #[serde(default)]
    pub aliases: Vec<String>,
    #[serde(default)]
    pub cost: u32,
    /// A cost for each figure of the unit, added to `cost`.
    #[serde(default)]
    pub each: Option<EachDef>,
    /// Markers it puts on the unit's figures in play (the spend then names a unit): one, or a
    /// list of them.
    #[serde(default)]
    pub puts_on: Option<super::MarkerNames>,
    /// A marker it puts on the unit's figures in play where it names a unit; it may name none
    /// (a move spent on a group of units marks none of them).
    #[serde(default)]
    pub marks: Option<String>,
    #[serde(default)]
    pub extra: Vec<ExtraDef>,
    #[serde(default)]
    pub unit: bool,
    #[serde(default)]
    pub takes_off: Option<String>,
    #[serde(default)]
    pub counter: Option<String>,
    #[serde(default)]
    pub by: Option<i64>,
    #[serde(default)]
    pub per_unit: Option<u32>,
    /// Markers that refuse it on a unit carrying one.
    #[serde(default)]
    pub not_while: Vec<String>,
    /// Markers one of which the unit must carry (a subsequent move, after a move).
    #[serde(default, rename = "while")]
    pub while_marked: Vec<String>,
    /// Unit fields it changes: `{type: regular-infantry}` (a card swapped for another).
    #[serde(default)]
    pub sets: std::collections::BTreeMap<String, String>,
    /// What the unit's fields must meet: `{unit: engineers}`.
    #[serde(default)]
    pub only: Conditions,
    #[serde(default)]
    pub note: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ExtraDef {
    pub name: String,
    pub label: String,
    #[serde(default)]
    pub aliases: Vec<String>,
    pub cost: u32,
    /// Paid by itself, untyped, once a unit of the spending side that meets these is out of
    /// the game (the general's unit destroyed).
    #[serde(default)]
    pub when_lost: Conditions,
}

impl SpendDef {
    pub fn names(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.name.as_str()).chain(self.aliases.iter().map(String::as_str))
    }
}

impl ExtraDef {
    pub fn names(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.name.as_str()).chain(self.aliases.iter().map(String::as_str))
    }
}
