//! The written shape of a ruleset file in `tables/`: what a table author may write, read by
//! serde and used only to check and compile it into the `model` (the parts written exactly as
//! they are run are the model's own types, re-exported here).
//!
//! Every name is kebab-case in YAML. Unknown keys are refused so that a typo in a house rule
//! is reported with its line and column instead of being silently ignored.

mod army;
mod charge;
mod game;
mod procedure;
mod shorthand;
mod turn;

use std::collections::BTreeMap;

use serde::Deserialize;

pub use army::*;
pub use charge::*;
pub use game::*;
pub use procedure::*;
pub use turn::*;

/// The parts a table writes exactly as they are run, read straight into the model's types,
/// and the guard both stages share.
pub use crate::model::{
    ActionLimits, AmountCond, BandDef, ClassDef, CombineDef, CompareBy, CompareDef, Comparison,
    CountDef, DistanceBand, DistanceDef, DrawDef, FactorKind, GameSideDef, Guarded, IfAlreadyDef,
    ImpossibleDef, LinkDef, LookupDef, LossesDef, ManyOnOneDef, Part, PhasesDef, Pieces, Policy,
    ReactDef, ReactionDef, Role, RoleDef, Rounding, ScaleDef, SideDef, StateDef, TableDef,
    WhichSide,
};

/// One ruleset: its factors (what the umpire may say about a situation) and its procedures.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RulesetDef {
    /// The short name typed after `--rules`.
    pub ruleset: String,
    pub title: String,
    #[serde(default)]
    pub aliases: Vec<String>,
    #[serde(default)]
    pub author: Option<String>,
    /// Where the numbers come from (the rule document).
    #[serde(default)]
    pub source: Option<String>,
    /// Unit of every distance in this ruleset ("inches", "cm").
    #[serde(default)]
    pub unit: Option<String>,
    /// Other ways the unit is written after a number, beside its name and its start
    /// (`20inches`, `20in`): `['"']` for `20"`.
    #[serde(default)]
    pub unit_marks: Vec<String>,
    /// Readings taken where the source is garbled, silent or contradicts itself.
    #[serde(default)]
    pub notes: Vec<String>,
    /// Dice with custom faces, by name: `avd: [2, 3, 3, 4, 4, 5]`.
    #[serde(default)]
    pub dice: BTreeMap<String, Vec<i64>>,
    #[serde(default)]
    pub factors: Vec<FactorDef>,
    pub procedures: Vec<ProcedureDef>,
    #[serde(default)]
    pub turn: Option<TurnDef>,
    /// What a game of this ruleset keeps: sides, the roster's fields, per-figure markers.
    #[serde(default)]
    pub game: Option<GameDef>,
    /// Rules of eligibility: what must hold for an order a unit takes or a flag a roll is
    /// given, applied in this order.
    #[serde(default)]
    pub requires: Vec<RequireDef>,
    /// The army point system: grades, kinds of unit and their costs, tags and surcharges.
    #[serde(default)]
    pub points: Option<PointsDef>,
    /// Army lists by period, priced by `points`.
    #[serde(default)]
    pub armies: Vec<PeriodDef>,
    /// Not written: its procedures and factors by name and alias, made at the first look-up
    /// so that checking a chain of thousands of procedures costs in proportion to it.
    #[serde(skip)]
    pub(crate) names: std::cell::OnceCell<(crate::model::names::Names, crate::model::names::Names)>,
}

/// A rule of eligibility as written: `when` these hold, `needs` must too; `then` says whether
/// the roll is refused or the flags of `when` are taken back.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RequireDef {
    pub rule: String,
    /// What it governs; left out with `procedures:`, every roll of those procedures.
    #[serde(default)]
    pub when: Conditions,
    pub needs: Conditions,
    /// The procedures it governs (every one that reads its factors when left out).
    #[serde(default)]
    pub procedures: Vec<String>,
    /// In an opposed roll, the sides it governs (every side when left out).
    #[serde(default)]
    pub sides: Vec<String>,
    #[serde(default)]
    pub then: crate::model::Then,
    #[serde(default)]
    pub note: Option<String>,
}

/// Something the umpire can say about a situation.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FactorDef {
    pub name: String,
    pub help: String,
    #[serde(default)]
    pub kind: FactorKind,
    #[serde(default)]
    pub aliases: Vec<String>,
    #[serde(default)]
    pub values: Vec<ValueSpec>,
    /// Take the values and classes of another choice factor (the target's troop type).
    #[serde(default)]
    pub values_from: Option<String>,
    /// Named groups of values usable wherever a value is (`line` for several troop types).
    #[serde(default)]
    pub classes: Vec<ClassDef>,
    #[serde(default)]
    pub default: Option<String>,
    #[serde(default)]
    pub min: Option<i64>,
    #[serde(default)]
    pub max: Option<i64>,
    #[serde(default)]
    pub unit: Option<String>,
    /// A choice factor that may also be given as a measured distance, banded by scale.
    #[serde(default)]
    pub distance: Option<DistanceDef>,
    /// A number worked out, when not given, as the sum of the items that hold; the items are
    /// written as a modifier group's.
    #[serde(default)]
    pub sum: Vec<ItemDef>,
    /// A choice factor read one value further along its list when a condition holds.
    #[serde(default)]
    pub further: Option<FurtherDef>,
    #[serde(default)]
    pub note: Option<String>,
}

/// When a choice factor is read one value further along its list, and why.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FurtherDef {
    #[serde(default)]
    pub when: Conditions,
    #[serde(default)]
    pub any: Vec<Conditions>,
    #[serde(default)]
    pub unless: Conditions,
    pub label: String,
}

/// A value of a choice factor: a bare name, or a name with label, aliases and note.
#[derive(Debug, Clone)]
pub enum ValueSpec {
    Name(String),
    Full(ValueDef),
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ValueDef {
    pub name: String,
    #[serde(default)]
    pub label: Option<String>,
    #[serde(default)]
    pub aliases: Vec<String>,
    #[serde(default)]
    pub note: Option<String>,
}

impl ValueSpec {
    pub fn name(&self) -> &str {
        match self {
            ValueSpec::Name(n) => n,
            ValueSpec::Full(d) => &d.name,
        }
    }

    pub fn label(&self) -> &str {
        match self {
            ValueSpec::Name(n) => n,
            ValueSpec::Full(d) => d.label.as_deref().unwrap_or(&d.name),
        }
    }

    pub fn aliases(&self) -> &[String] {
        match self {
            ValueSpec::Name(_) => &[],
            ValueSpec::Full(d) => &d.aliases,
        }
    }

    pub fn note(&self) -> Option<&str> {
        match self {
            ValueSpec::Name(_) => None,
            ValueSpec::Full(d) => d.note.as_deref(),
        }
    }
}

/// A condition: every factor named must match. A value matches a choice factor by name or
/// class; `true`/`false` match flags; a number or `{min, max}` match numbers.
pub type Conditions = BTreeMap<String, CondValue>;

#[derive(Debug, Clone, PartialEq)]
pub enum CondValue {
    Flag(bool),
    Number(i64),
    One(String),
    Any(Vec<String>),
    Range(RangeDef),
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeDef {
    #[serde(default)]
    pub min: Option<i64>,
    #[serde(default)]
    pub max: Option<i64>,
}

/// A guard on conditions as written.
pub type Guard<'a> = crate::model::Guard<'a, Conditions>;

crate::model::guarded!(
    Conditions: RollCase, DropDef, NaturalDef, ItemDef, RerollDef, GridRow, HalveDef, FollowFull,
    BecomesDef, MarksDef, FurtherDef, SpreadDef, InsteadDef
);
