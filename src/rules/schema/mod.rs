//! The shape of a ruleset file in `tables/`: what a table author may write, as serde types.
//!
//! Every name is kebab-case in YAML. Unknown keys are refused so that a typo in a house rule
//! is reported with its line and column instead of being silently ignored.

mod game;
mod procedure;
mod shorthand;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use game::*;
pub use procedure::*;

/// One ruleset: its factors (what the umpire may say about a situation) and its procedures.
#[derive(Debug, Clone, Deserialize, Serialize)]
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
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FactorKind {
    /// One of a list of named values (`cover=half`).
    #[default]
    Choice,
    /// Yes or no, typed as a bare name (`volley`).
    Flag,
    /// A whole number (`outnumbered=2`, `distance=14`).
    Number,
}

/// Something the umpire can say about a situation.
#[derive(Debug, Clone, Deserialize, Serialize)]
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
    #[serde(default)]
    pub note: Option<String>,
}

/// A value of a choice factor: a bare name, or a name with label, aliases and note.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum ValueSpec {
    Name(String),
    Full(ValueDef),
}

#[derive(Debug, Clone, Deserialize, Serialize)]
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

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ClassDef {
    pub name: String,
    #[serde(default)]
    pub label: Option<String>,
    pub members: Vec<String>,
}

/// How a measured distance becomes a band: one scale per value of another factor (the weapon).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct DistanceDef {
    /// The factor whose value picks the scale.
    #[serde(default)]
    pub by: Option<String>,
    pub scales: Vec<ScaleDef>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ScaleDef {
    /// Values of the `by` factor this scale is for; none = the scale for everything else.
    #[serde(default, rename = "for")]
    pub for_values: Vec<String>,
    /// Ascending: the first band whose `upto` is at least the distance; the last has no `upto`.
    pub bands: Vec<DistanceBand>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct DistanceBand {
    #[serde(default)]
    pub upto: Option<i64>,
    pub value: String,
}

/// A condition: every factor named must match. A value matches a choice factor by name or
/// class; `true`/`false` match flags; a number or `{min, max}` match numbers.
pub type Conditions = BTreeMap<String, CondValue>;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum CondValue {
    Flag(bool),
    Number(i64),
    One(String),
    Any(Vec<String>),
    Range(RangeDef),
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RangeDef {
    #[serde(default)]
    pub min: Option<i64>,
    #[serde(default)]
    pub max: Option<i64>,
}

/// A guard borrowed from any guarded entry: `when` (all of), `any` (at least one of these
/// condition sets, when given), `unless` (none of).
#[derive(Debug, Clone, Copy)]
pub struct Guard<'a> {
    pub when: &'a Conditions,
    pub any: &'a [Conditions],
    pub unless: &'a Conditions,
}

/// Entries that carry `when`, `any` and `unless` keys.
pub trait Guarded {
    fn guard(&self) -> Guard<'_>;
}

macro_rules! guarded {
    ($($t:ty),*) => {$(
        impl Guarded for $t {
            fn guard(&self) -> Guard<'_> {
                Guard { when: &self.when, any: &self.any, unless: &self.unless }
            }
        }
    )*};
}

guarded!(
    RollCase, DropDef, NaturalDef, ItemDef, RerollDef, GridRow, HalveDef, FollowFull, BecomesDef,
    MarksDef
);
