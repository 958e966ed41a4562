//! The shape of a ruleset file in `tables/`: what a table author may write, as serde types.
//!
//! Every name is kebab-case in YAML. Unknown keys are refused so that a typo in a house rule
//! is reported with its line and column instead of being silently ignored.

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

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

/// A rule procedure: what is rolled, what modifies it, and how the total is read.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ProcedureDef {
    pub name: String,
    pub title: String,
    pub help: String,
    #[serde(default)]
    pub aliases: Vec<String>,
    #[serde(default)]
    pub notes: Vec<String>,
    /// Take roll, naturals, modifiers, check, table, grid, amount and compare from another
    /// procedure where this one does not give them.
    #[serde(default)]
    pub like: Option<String>,
    /// Factors the procedure takes beyond those its modifiers and conditions name.
    #[serde(default)]
    pub factors: Vec<String>,
    #[serde(default)]
    pub roll: Option<RollDef>,
    #[serde(default)]
    pub drop: Vec<DropDef>,
    #[serde(default)]
    pub naturals: Vec<NaturalDef>,
    #[serde(default)]
    pub modifiers: Vec<GroupDef>,
    #[serde(default)]
    pub reroll: Option<RerollDef>,
    /// Two sides for an opposed roll; each rolls with its own factors (`attacker.troop=...`).
    #[serde(default)]
    pub sides: Vec<SideDef>,
    #[serde(default)]
    pub check: Option<CheckDef>,
    #[serde(default)]
    pub table: Option<TableDef>,
    #[serde(default)]
    pub grid: Option<GridDef>,
    #[serde(default)]
    pub amount: Option<AmountDef>,
    #[serde(default)]
    pub compare: Option<CompareDef>,
    #[serde(default)]
    pub results: Vec<ResultDef>,
    /// Whom the roll is for, in a game: the acting figure, or the target (being hit). Its
    /// follow-ups are printed for that figure.
    #[serde(default)]
    pub about: Role,
    /// In an opposed roll, several figures may fight a lone one: each pairing is rolled, the
    /// lone figure's one throw against each of theirs.
    #[serde(default)]
    pub many_on_one: Option<ManyOnOneDef>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ManyOnOneDef {
    /// The most figures that may fight the lone one.
    pub up_to: u32,
    /// The side of the lone figure.
    pub lone: String,
    /// A number factor of the lone side set to the opponents beyond the first (`outnumbered`).
    #[serde(default)]
    pub count: Option<String>,
}

/// The dice: one expression, or cases whose first match applies.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum RollDef {
    Dice(String),
    Cases(Vec<RollCase>),
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RollCase {
    #[serde(default)]
    pub when: Conditions,
    #[serde(default)]
    pub any: Vec<Conditions>,
    #[serde(default)]
    pub unless: Conditions,
    /// The dice, e.g. `3d6` or `d6` when `count` gives the number.
    #[serde(default)]
    pub dice: Option<String>,
    /// Number of dice from a number factor: one die per `per` of it (at least `min`).
    #[serde(default)]
    pub count: Option<CountDef>,
    /// No roll: the result is this number.
    #[serde(default)]
    pub fixed: Option<i64>,
    #[serde(default)]
    pub label: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CountDef {
    pub factor: String,
    #[serde(default = "one")]
    pub per: i64,
    #[serde(default = "one")]
    pub min: i64,
}

fn one() -> i64 {
    1
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct DropDef {
    #[serde(default)]
    pub when: Conditions,
    #[serde(default)]
    pub any: Vec<Conditions>,
    #[serde(default)]
    pub unless: Conditions,
    #[serde(default)]
    pub highest: usize,
    #[serde(default)]
    pub lowest: usize,
    pub label: String,
}

/// A result decided by the dice alone, before modifiers.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct NaturalDef {
    #[serde(default)]
    pub when: Conditions,
    #[serde(default)]
    pub any: Vec<Conditions>,
    #[serde(default)]
    pub unless: Conditions,
    /// All dice show the same face.
    #[serde(default)]
    pub doubles: bool,
    /// The unmodified total is one of these.
    #[serde(default)]
    pub total: Vec<i64>,
    /// With `total`: the other unmodified totals give this result (only the natural counts).
    #[serde(default)]
    pub otherwise: Option<String>,
    pub result: String,
    pub label: String,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Policy {
    /// Every modifier that applies counts.
    #[default]
    All,
    /// Only the greatest positive and the greatest negative count.
    BestAndWorst,
    /// Only the greatest positive counts.
    Best,
    /// Only the greatest negative counts.
    Worst,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GroupDef {
    pub group: String,
    #[serde(default)]
    pub policy: Policy,
    #[serde(default)]
    pub note: Option<String>,
    pub items: Vec<ItemDef>,
}

/// One modifier line: a fixed value under a guard, a value per factor value, or a value per
/// count of a number factor (with a limit).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ItemDef {
    #[serde(default)]
    pub label: Option<String>,
    #[serde(default)]
    pub when: Conditions,
    #[serde(default)]
    pub any: Vec<Conditions>,
    #[serde(default)]
    pub unless: Conditions,
    #[serde(default)]
    pub value: Option<i64>,
    #[serde(default)]
    pub factor: Option<String>,
    /// Value or class name of `factor` → modifier; the narrowest key that matches applies.
    #[serde(default)]
    pub values: Option<BTreeMap<String, i64>>,
    /// Modifier per unit of the number `factor`.
    #[serde(default)]
    pub each: Option<i64>,
    /// The total from `each` goes no further than this.
    #[serde(default)]
    pub limit: Option<i64>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RerollDef {
    #[serde(default)]
    pub when: Conditions,
    #[serde(default)]
    pub any: Vec<Conditions>,
    #[serde(default)]
    pub unless: Conditions,
    /// Results that may be rolled again; the second roll stands.
    pub on: Vec<String>,
    pub label: String,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SideDef {
    pub name: String,
    #[serde(default)]
    pub aliases: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Comparison {
    AtLeast,
    MoreThan,
    AtMost,
    LessThan,
}

/// Pass or fail against a target number.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CheckDef {
    pub compare: Comparison,
    pub target: TargetDef,
    pub pass: String,
    pub fail: String,
}

#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum TargetDef {
    Number(i64),
    From(TargetFrom),
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TargetFrom {
    /// The target is the value of this number factor (a measured distance).
    #[serde(default)]
    pub factor: Option<String>,
    /// The target is read from a two-way table.
    #[serde(default)]
    pub lookup: Option<LookupDef>,
}

/// A two-way table of numbers: row by one choice factor, column by another.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct LookupDef {
    pub rows: String,
    pub columns: String,
    pub cells: BTreeMap<String, BTreeMap<String, i64>>,
}

/// A banded table read with the modified total.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TableDef {
    /// Totals outside this range are read at its ends.
    #[serde(default)]
    pub clamp: Option<[i64; 2]>,
    pub rows: Vec<BandDef>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct BandDef {
    #[serde(default)]
    pub min: Option<i64>,
    #[serde(default)]
    pub max: Option<i64>,
    pub result: String,
}

/// A two-way table of results: the row by a guard on the factors, the column by the total.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GridDef {
    /// The total the first column stands for; totals beyond the ends read the end columns.
    pub first_column: i64,
    pub rows: Vec<GridRow>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GridRow {
    pub label: String,
    #[serde(default)]
    pub when: Conditions,
    #[serde(default)]
    pub any: Vec<Conditions>,
    #[serde(default)]
    pub unless: Conditions,
    pub results: Vec<String>,
}

/// The result is a number (inches moved, hits scored).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct AmountDef {
    #[serde(default)]
    pub unit: Option<String>,
    #[serde(default)]
    pub floor: Option<i64>,
    #[serde(default)]
    pub halve: Vec<HalveDef>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct HalveDef {
    #[serde(default)]
    pub when: Conditions,
    #[serde(default)]
    pub any: Vec<Conditions>,
    #[serde(default)]
    pub unless: Conditions,
    #[serde(default)]
    pub round_up: bool,
    pub label: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CompareBy {
    /// The higher total wins; the margin is read in `bands`, the result falls on the loser.
    Margin,
    /// The higher total wins; `doubled` when it is at least twice the loser's, else `beaten`.
    Doubling,
}

/// How two sides' totals are compared.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CompareDef {
    pub by: CompareBy,
    pub tie: String,
    #[serde(default)]
    pub bands: Vec<BandDef>,
    #[serde(default)]
    pub beaten: Option<String>,
    #[serde(default)]
    pub doubled: Option<String>,
}

/// A named result: its label, and what follows from it.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ResultDef {
    pub name: String,
    pub label: String,
    #[serde(default)]
    pub note: Option<String>,
    /// Procedures resolved at once as part of the chain.
    #[serde(default)]
    pub next: Vec<FollowDef>,
    /// Mandatory checks the umpire must still make, printed as the command to run.
    #[serde(default)]
    pub follow_up: Vec<FollowDef>,
    /// Another result this one turns into when a condition holds (a second wound kills).
    #[serde(default)]
    pub becomes: Vec<BecomesDef>,
    /// What this result does to the figures of a game (`{on: target, change: [+pinned]}`).
    #[serde(default)]
    pub marks: Vec<MarksDef>,
}

/// A figure's part in a roll.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// The figure acting: the firer, the one testing its morale.
    #[default]
    Acting,
    /// The figure acted upon: the one shot at.
    Target,
    /// In an opposed roll, the side that lost or won.
    Loser,
    Winner,
}

/// Marker, state and counter changes a result makes to one figure.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct MarksDef {
    #[serde(default)]
    pub on: Role,
    #[serde(default)]
    pub when: Conditions,
    #[serde(default)]
    pub any: Vec<Conditions>,
    #[serde(default)]
    pub unless: Conditions,
    /// `+pinned`, `-prone`, `+dead`, or `+failed-morale` to count one more.
    pub change: Vec<String>,
}

/// `light-wound` becomes `killed` when the figure is already wounded. In an opposed roll the
/// condition reads the `loser`'s or the `winner`'s situation.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct BecomesDef {
    #[serde(default)]
    pub when: Conditions,
    #[serde(default)]
    pub any: Vec<Conditions>,
    #[serde(default)]
    pub unless: Conditions,
    #[serde(default)]
    pub side: Option<String>,
    pub result: String,
    pub label: String,
}

#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum FollowDef {
    Name(String),
    Full(FollowFull),
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FollowFull {
    pub procedure: String,
    #[serde(default)]
    pub when: Conditions,
    #[serde(default)]
    pub any: Vec<Conditions>,
    #[serde(default)]
    pub unless: Conditions,
    /// For an opposed roll: whose factors go on (`loser`, `winner` or a side's name).
    #[serde(default)]
    pub side: Option<String>,
    /// Factors set for the follow-up.
    #[serde(default)]
    pub set: BTreeMap<String, String>,
    /// Factors renamed on the way (`target: troop`: this step's target is the next one's troop).
    #[serde(default)]
    pub rename: BTreeMap<String, String>,
    /// Only these factors go on (after renaming); all of them when left out.
    #[serde(default)]
    pub carry: Option<Vec<String>>,
    #[serde(default)]
    pub note: Option<String>,
}

impl FollowDef {
    pub fn full(&self) -> FollowFull {
        match self {
            FollowDef::Name(n) => FollowFull {
                procedure: n.clone(),
                when: Conditions::new(),
                any: Vec::new(),
                unless: Conditions::new(),
                side: None,
                set: BTreeMap::new(),
                rename: BTreeMap::new(),
                carry: None,
                note: None,
            },
            FollowDef::Full(f) => f.clone(),
        }
    }
}

/// What the tool keeps for a game at the table.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GameDef {
    pub sides: Vec<GameSideDef>,
    /// A unit's fields and the choice factor each takes its values from (and sets when one of
    /// the unit's figures acts): `troop: troop`, `weapon: weapon`.
    #[serde(default)]
    pub unit: BTreeMap<String, String>,
    /// What a figure's unit fields set when it is the target: `troop: target`.
    #[serde(default)]
    pub targeted: BTreeMap<String, String>,
    /// Fields a unit must have (`troop`).
    #[serde(default)]
    pub required: Vec<String>,
    #[serde(default)]
    pub markers: Vec<MarkerDef>,
    /// Counts kept per figure (failed morale checks), with what reaching a number does.
    #[serde(default)]
    pub counters: Vec<CounterDef>,
    /// States that take a figure out of the game (dead, fled, captured).
    #[serde(default)]
    pub states: Vec<StateDef>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GameSideDef {
    pub name: String,
    #[serde(default)]
    pub label: Option<String>,
    #[serde(default)]
    pub aliases: Vec<String>,
    /// The colour of the side's beads in the bag.
    pub bead: String,
}

/// A bead or chit on a figure's base, and what it does.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct MarkerDef {
    pub name: String,
    pub label: String,
    #[serde(default)]
    pub aliases: Vec<String>,
    /// The colour umpires use for it (shown in the roster).
    pub colour: String,
    /// Factors it sets when the figure acts: `wound: light`, `pinned: true`.
    #[serde(default)]
    pub acting: Conditions,
    /// Factors it sets when the figure is the target: `target-pinned: true`.
    #[serde(default)]
    pub targeted: Conditions,
    /// Procedures the figure may not perform while marked (a misfired gun cannot shoot).
    #[serde(default)]
    pub blocks: Vec<String>,
    /// Getting this marker while already carrying one of these puts the figure in a state.
    #[serde(default)]
    pub if_already: Option<IfAlreadyDef>,
    #[serde(default)]
    pub note: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct IfAlreadyDef {
    pub any: Vec<String>,
    pub state: String,
    pub label: String,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CounterDef {
    pub name: String,
    pub label: String,
    /// Set back to 0 when a new turn starts.
    #[serde(default)]
    pub per_turn: bool,
    /// Reaching this count adds `then`'s marker.
    pub at: i64,
    pub then: String,
    #[serde(default)]
    pub note: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct StateDef {
    pub name: String,
    pub label: String,
    #[serde(default)]
    pub aliases: Vec<String>,
}

/// The turn: how many phases, and how many beads each side puts in the bag.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TurnDef {
    pub phases: PhasesDef,
    pub beads: BeadsDef,
    #[serde(default)]
    pub notes: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum WhichSide {
    Larger,
    Smaller,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rounding {
    HalfUp,
    Down,
    Up,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PhasesDef {
    pub percent: u32,
    pub of: WhichSide,
    pub rounding: Rounding,
    #[serde(default)]
    pub min: u32,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct BeadsDef {
    /// Each side puts in as many beads as this side has units.
    pub per_side: WhichSide,
}

// ----- the shorthand forms -------------------------------------------------------------------
//
// Each of these takes a short form or a full one. Visiting by the data's own type (instead of
// serde's buffered `untagged`) reads each value once, and the error says what was expected.

/// One visitor for every shorthand enum: `$arm` lists the kinds of data it accepts.
macro_rules! shorthand {
    ($ty:ident, $expecting:literal, $($arm:ident => $make:expr),+ $(,)?) => {
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct V;
                impl<'de> Visitor<'de> for V {
                    type Value = $ty;
                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str($expecting)
                    }
                    $(shorthand!(@arm $arm $make);)+
                }
                d.deserialize_any(V)
            }
        }
    };
    (@arm bool $make:expr) => {
        fn visit_bool<E: de::Error>(self, b: bool) -> Result<Self::Value, E> {
            Ok($make(b))
        }
    };
    (@arm int $make:expr) => {
        fn visit_i64<E: de::Error>(self, n: i64) -> Result<Self::Value, E> {
            Ok($make(n))
        }
        fn visit_u64<E: de::Error>(self, n: u64) -> Result<Self::Value, E> {
            i64::try_from(n)
                .map($make)
                .map_err(|_| E::invalid_value(de::Unexpected::Unsigned(n), &self))
        }
    };
    (@arm str $make:expr) => {
        fn visit_str<E: de::Error>(self, s: &str) -> Result<Self::Value, E> {
            Ok($make(s.to_owned()))
        }
    };
    (@arm seq $make:expr) => {
        fn visit_seq<A: de::SeqAccess<'de>>(self, a: A) -> Result<Self::Value, A::Error> {
            Deserialize::deserialize(de::value::SeqAccessDeserializer::new(a)).map($make)
        }
    };
    (@arm map $make:expr) => {
        fn visit_map<A: de::MapAccess<'de>>(self, a: A) -> Result<Self::Value, A::Error> {
            Deserialize::deserialize(de::value::MapAccessDeserializer::new(a)).map($make)
        }
    };
}

shorthand!(ValueSpec,
    "a value name, or a map with `name` and optional `label`, `aliases`, `note`",
    str => ValueSpec::Name, map => ValueSpec::Full);
shorthand!(CondValue,
    "true or false, a number, a value, a list of values, or `{min, max}`",
    bool => CondValue::Flag, int => CondValue::Number, str => CondValue::One,
    seq => CondValue::Any, map => CondValue::Range);
shorthand!(RollDef, "dice such as `2d6`, or a list of cases",
    str => RollDef::Dice, seq => RollDef::Cases);
shorthand!(TargetDef, "a number, or a map with `factor` or `lookup`",
    int => TargetDef::Number, map => TargetDef::From);
shorthand!(FollowDef, "a procedure name, or a map with `procedure` and its options",
    str => FollowDef::Name, map => FollowDef::Full);
