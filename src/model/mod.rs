//! The compiled ruleset: what rolling, odds, help, cards and the game read. A table file is
//! read into its written shape (`schema`), checked, and compiled into this model once: `like:`
//! filled in, `values-from` resolved, every factor, value and procedure name made canonical,
//! every condition and every value a follow-up or marker sets typed. Nothing after the compile
//! step reads the written shape; the cache keeps this model whole.
//!
//! Beside the types: the dice tables write (`dice`), a `Ruleset` (a model with its file and
//! its names indexed) and its look-ups (`lookup`). The model depends on no other layer: the
//! engine runs it, `rules` makes it.

mod army;
mod charge;
pub mod decimal;
pub mod dice;
mod game;
mod lookup;
pub(crate) mod names;
mod procedure;
mod procedures;
mod requires;
mod ruleset;
mod turn;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use army::{
    Alternative, ArmyList, Entry, Found, Line, NamedDef, Period, Placing, Points, PointsDef,
    Priced, Pricing, Slip, SlipAt, SurchargeDef, UnitKind, find_exact, find_named, names_of,
};
pub use charge::{BeforeDef, ChargeDef, ReactionDef};
pub use decimal::Decimal;
pub use game::*;
pub use procedure::*;
pub use procedures::Procedures;
pub use requires::{RequireDef, Then};
pub use ruleset::Ruleset;
pub use turn::*;

/// One ruleset, compiled.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Model {
    /// The short name typed after `--rules`.
    pub ruleset: String,
    pub title: String,
    pub aliases: Vec<String>,
    pub author: Option<String>,
    /// Where the numbers come from (the rule document).
    pub source: Option<String>,
    /// Unit of every distance in this ruleset ("inches", "cm").
    pub unit: Option<String>,
    /// Other ways the unit is written after a number (`"` for inches).
    pub unit_marks: Vec<String>,
    /// Readings taken where the source is garbled, silent or contradicts itself.
    pub notes: Vec<String>,
    /// Dice with custom faces, by name: `avd: [2, 3, 3, 4, 4, 5]`.
    pub dice: BTreeMap<String, Vec<i64>>,
    pub factors: Vec<FactorDef>,
    /// Decoded one by one as they are used (see [`Procedures`]).
    pub procedures: Procedures,
    pub turn: Option<TurnDef>,
    /// What a game of this ruleset keeps: sides, the roster's fields, per-figure markers.
    pub game: Option<GameDef>,
    /// Rules of eligibility, in the order they are applied.
    pub requires: Vec<RequireDef>,
    /// The army point system: what each kind of unit costs.
    pub points: Option<PointsDef>,
    /// The army lists, by period, priced by `points`.
    pub armies: Vec<Period>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FactorKind {
    /// One of a list of named values (`cover=half`).
    #[default]
    Choice,
    /// Yes or no, typed as a bare name (`volley`).
    Flag,
    /// A number: a count, whole (`outnumbered=2`), or a measure in the factor's `unit`, which
    /// may have decimals (`distance=14.5`).
    Number,
}

/// Something the umpire can say about a situation. A factor that takes another's values
/// (`values-from`) holds a copy of them here.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct FactorDef {
    pub name: String,
    pub help: String,
    pub kind: FactorKind,
    pub aliases: Vec<String>,
    pub values: Vec<ChoiceValue>,
    /// The factor these values and classes were copied from, if another's (`values-from`).
    pub values_from: Option<String>,
    /// Named groups of values usable wherever a value is (`line` for several troop types).
    pub classes: Vec<ClassDef>,
    pub default: Option<String>,
    pub min: Option<i64>,
    pub max: Option<i64>,
    pub unit: Option<String>,
    /// A choice factor that may also be given as a measured distance, banded by scale.
    pub distance: Option<DistanceDef>,
    /// A number worked out, when not given, as the sum of the items that hold.
    pub sum: Vec<ItemDef>,
    /// A choice factor read one value further along its list when a condition holds.
    pub further: Option<FurtherDef>,
    pub note: Option<String>,
}

/// When a choice factor is read one value further along its list, and why.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct FurtherDef {
    pub when: Conditions,
    pub any: Vec<Conditions>,
    pub unless: Conditions,
    pub label: String,
}

/// A value of a choice factor, with its label (its name when the table gives none).
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct ChoiceValue {
    pub name: String,
    pub label: String,
    pub aliases: Vec<String>,
    pub note: Option<String>,
}

impl ChoiceValue {
    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn label(&self) -> &str {
        &self.label
    }

    pub fn aliases(&self) -> &[String] {
        &self.aliases
    }

    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
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

/// A factor's value in a situation, or as a follow-up or a marker sets it. Written as the bare
/// value where people read it (`true`, `3`, `"line"` in JSON); tagged in the binary cache,
/// whose format cannot tell a value's kind by looking at it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Flag(bool),
    Number(Decimal),
    Choice(String),
}

/// The tagged form of [`Value`], for formats that are not read by people.
#[derive(Deserialize, Serialize)]
enum Tagged<'a> {
    Flag(bool),
    Number(Decimal),
    Choice(std::borrow::Cow<'a, str>),
}

/// The bare form of [`Value`], for JSON.
#[derive(Deserialize, Serialize)]
#[serde(untagged)]
enum Bare<'a> {
    Flag(bool),
    Number(Decimal),
    Choice(std::borrow::Cow<'a, str>),
}

impl Serialize for Value {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            match self {
                Value::Flag(b) => Bare::Flag(*b),
                Value::Number(n) => Bare::Number(*n),
                Value::Choice(c) => Bare::Choice(c.into()),
            }
            .serialize(s)
        } else {
            match self {
                Value::Flag(b) => Tagged::Flag(*b),
                Value::Number(n) => Tagged::Number(*n),
                Value::Choice(c) => Tagged::Choice(c.into()),
            }
            .serialize(s)
        }
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(if d.is_human_readable() {
            match Bare::deserialize(d)? {
                Bare::Flag(b) => Value::Flag(b),
                Bare::Number(n) => Value::Number(n),
                Bare::Choice(c) => Value::Choice(c.into_owned()),
            }
        } else {
            match Tagged::deserialize(d)? {
                Tagged::Flag(b) => Value::Flag(b),
                Tagged::Number(n) => Value::Number(n),
                Tagged::Choice(c) => Value::Choice(c.into_owned()),
            }
        })
    }
}

impl Value {
    pub fn word(&self) -> String {
        match self {
            Value::Flag(true) => "yes".into(),
            Value::Flag(false) => "no".into(),
            Value::Number(n) => n.to_string(),
            Value::Choice(c) => c.clone(),
        }
    }
}

/// Factors set to values, by canonical name (what a marker or a follow-up sets).
pub type Settings = BTreeMap<String, Value>;

/// One condition on one factor (by canonical name).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct Cond {
    pub factor: String,
    pub test: Test,
}

/// What a condition asks of its factor's value.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub enum Test {
    /// A yes/no factor is yes (or no).
    Flag(bool),
    /// A choice factor's value is one of these values or classes (canonical names).
    Values(Vec<String>),
    /// A number factor lies within these bounds (both the same for one number).
    Range { min: Option<i64>, max: Option<i64> },
}

/// A set of conditions that must all hold.
pub type Conditions = Vec<Cond>;

/// A guard borrowed from any guarded entry: `when` (all of), `any` (at least one of these
/// condition sets, when given), `unless` (none of). `C` is a set of conditions: compiled
/// ([`Conditions`]) in the model, as written in the schema while a table is checked.
#[derive(Debug)]
pub struct Guard<'a, C = Conditions> {
    pub when: &'a C,
    pub any: &'a [C],
    pub unless: &'a C,
}

// Derived, these would ask `C` to be `Clone` and `Copy` too; the fields are borrows.
impl<C> Clone for Guard<'_, C> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<C> Copy for Guard<'_, C> {}

impl<'a> Guard<'a> {
    /// Every condition of the guard, `when`, then `any`'s, then `unless`.
    pub fn conditions(self) -> impl Iterator<Item = &'a Cond> {
        self.when
            .iter()
            .chain(self.any.iter().flatten())
            .chain(self.unless.iter())
    }
}

/// Entries that carry `when`, `any` and `unless` conditions.
pub trait Guarded<C = Conditions> {
    fn guard(&self) -> Guard<'_, C>;
}

/// `Guarded` for entries whose `when`, `any` and `unless` are sets of conditions `$c`.
macro_rules! guarded {
    ($c:ty: $($t:ty),* $(,)?) => {$(
        impl $crate::model::Guarded<$c> for $t {
            fn guard(&self) -> $crate::model::Guard<'_, $c> {
                $crate::model::Guard { when: &self.when, any: &self.any, unless: &self.unless }
            }
        }
    )*};
}
pub(crate) use guarded;

guarded!(
    Conditions: RollCase, DropDef, NaturalDef, ItemDef, RerollDef, GridRow, HalveDef, FollowDef,
    BecomesDef, MarksDef, FurtherDef, SpreadDef, EachCase, InsteadDef
);
