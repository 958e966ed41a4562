//! The shape of a procedure: its dice, modifiers, how the total is read, and its results with
//! what follows them.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::{
    AmountCond, CompareDef, Comparison, Conditions, CountDef, ImpossibleDef, LookupDef,
    ManyOnOneDef, Policy, Role, SideDef, TableDef,
};

/// A rule procedure: what is rolled, what modifies it, and how the total is read.
#[derive(Debug, Clone, Deserialize)]
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
    /// One throw made again, or a list of them applied in turn (each at most once).
    #[serde(default)]
    pub reroll: Rerolls,
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
    /// Mandatory checks the roll calls for whatever its result (on the figure it falls on, say),
    /// each under conditions read on the roll's situation. Not taken from a `like:` procedure.
    #[serde(default)]
    pub follow_up: Vec<FollowDef>,
    /// What another unit may do in answer to the roll (return fire): never owed, said after
    /// the checks that are. Not taken from a `like:` procedure.
    #[serde(default)]
    pub may_follow: Vec<FollowDef>,
    /// What the roll does to a game's figures whatever its result (a gun that fires is marked
    /// so), each under conditions read on the roll's situation. Not taken from a `like:`
    /// procedure.
    #[serde(default)]
    pub marks: Vec<MarksDef>,
    /// Whom the roll is for, in a game: the figure acting, or the one acted upon (being hit).
    /// Its follow-ups are printed for that figure.
    #[serde(default)]
    pub about: Role,
    /// The game's role options this procedure names its figures with, where several play the
    /// same part (an alias rather than the name): the first of each part is the one printed.
    #[serde(default)]
    pub roles: Vec<String>,
    /// In an opposed roll, several figures may fight a lone one: each pairing is rolled, the
    /// lone figure's one throw against each of theirs.
    #[serde(default)]
    pub many_on_one: Option<ManyOnOneDef>,
    /// A unit rolls it once for all its figures (`{}`), or when the first figure's situation
    /// meets these conditions (`{order: [a, b]}`).
    #[serde(default)]
    pub once_per_unit: Option<Conditions>,
    /// What a unit's roll of it (`--unit`) rolls instead, when the unit's first figure in play
    /// meets `when` and none of `unless` (uncommanded men fire by the ratio).
    #[serde(default)]
    pub unit_roll: Option<UnitRollDef>,
    /// Factors every roll of it reads as set unless the roll says otherwise: `{weapon: rifle}`
    /// (a Gatling fires as rifles).
    #[serde(default)]
    pub given: BTreeMap<String, String>,
}

/// Another procedure a unit's roll of this one rolls, as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct UnitRollDef {
    pub procedure: String,
    #[serde(default)]
    pub when: Conditions,
    #[serde(default)]
    pub any: Vec<Conditions>,
    #[serde(default)]
    pub unless: Conditions,
}

/// The dice: one expression, or cases whose first match applies.
#[derive(Debug, Clone)]
pub enum RollDef {
    Dice(String),
    Cases(Vec<RollCase>),
}

#[derive(Debug, Clone, Deserialize)]
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

#[derive(Debug, Clone, Deserialize)]
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
#[derive(Debug, Clone, Deserialize)]
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
    /// Every die shows an odd face.
    #[serde(default)]
    pub all_odd: bool,
    /// The unmodified total is one of these.
    #[serde(default)]
    pub total: Vec<i64>,
    /// With `total`: the other unmodified totals give this result (only the natural counts).
    #[serde(default)]
    pub otherwise: Option<String>,
    pub result: String,
    pub label: String,
}

#[derive(Debug, Clone, Deserialize)]
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
#[derive(Debug, Clone, Deserialize)]
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
    /// In an opposed roll: conditions read on the other side's situation.
    #[serde(default)]
    pub opponent: Conditions,
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

/// Markers by name: one, or a list of them.
#[derive(Debug, Clone, Default)]
pub struct MarkerNames(pub Vec<String>);

/// The throws made again: one map, or a list of them.
#[derive(Debug, Clone, Default)]
pub struct Rerolls(pub Vec<RerollDef>);

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RerollDef {
    #[serde(default)]
    pub when: Conditions,
    #[serde(default)]
    pub any: Vec<Conditions>,
    #[serde(default)]
    pub unless: Conditions,
    /// Results that are thrown again; the second throw stands.
    #[serde(default)]
    pub on: Vec<String>,
    /// An amount below this (a number, or `average`: a fresh throw's) is thrown again.
    #[serde(default)]
    pub below: Option<BelowDef>,
    /// In an opposed roll, the side whose dice are thrown again.
    #[serde(default)]
    pub side: Option<String>,
    pub label: String,
    /// Changes a game makes to its figures when the re-roll is taken (a re-roll once a turn
    /// marks who took it).
    #[serde(default)]
    pub marks: Vec<MarksDef>,
}

/// `below: 2` or `below: average`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BelowDef {
    Number(i64),
    Word(String),
}

/// Pass or fail against a target number.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CheckDef {
    pub compare: Comparison,
    pub target: TargetDef,
    pub pass: String,
    pub fail: String,
    /// The procedure the roll is made as instead when its modifiers put a pass out of the
    /// dice's reach (`{becomes: PROCEDURE, label: WHY}`).
    #[serde(default)]
    pub impossible: Option<ImpossibleDef>,
}

#[derive(Debug, Clone)]
pub enum TargetDef {
    Number(i64),
    From(TargetFrom),
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TargetFrom {
    /// The target is the value of this number factor (a measured distance).
    #[serde(default)]
    pub factor: Option<String>,
    /// The target is read from a two-way table.
    #[serde(default)]
    pub lookup: Option<LookupDef>,
}

/// A two-way table of results: the row by a guard on the factors, the column by the total.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GridDef {
    /// The total the first column stands for; totals beyond the ends read the end columns.
    pub first_column: i64,
    pub rows: Vec<GridRow>,
}

#[derive(Debug, Clone, Deserialize)]
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
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct AmountDef {
    #[serde(default)]
    pub unit: Option<String>,
    #[serde(default)]
    pub floor: Option<i64>,
    #[serde(default)]
    pub halve: Vec<HalveDef>,
    /// A procedure whose check reads each die on its own: the amount is how many pass.
    #[serde(default)]
    pub each_die: Option<String>,
    /// Procedures resolved at once for each one of the amount (a damage roll for each hit).
    #[serde(default)]
    pub each: Vec<FollowDef>,
    /// Said with every amount, as a result's note is.
    #[serde(default)]
    pub note: Option<String>,
    /// Where the amount lands as another unit (the hits a wall takes instead of the men
    /// behind it): the first case whose conditions hold.
    #[serde(default)]
    pub instead: Vec<InsteadDef>,
}

/// The amount landing as another unit when its conditions hold.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct InsteadDef {
    #[serde(default)]
    pub when: Conditions,
    #[serde(default)]
    pub any: Vec<Conditions>,
    #[serde(default)]
    pub unless: Conditions,
    pub unit: String,
    pub label: String,
}

#[derive(Debug, Clone, Deserialize)]
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

/// A named result: its label, and what follows from it.
#[derive(Debug, Clone, Deserialize)]
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
    /// What this result does to the figures of a game (`{on: acted-upon, change: [+pinned]}`).
    #[serde(default)]
    pub marks: Vec<MarksDef>,
    /// Changes that fall at random on the figures of the group acted upon.
    #[serde(default)]
    pub spread: Vec<SpreadDef>,
}

/// `count` picks at random among the figures of the group acted upon, each taking `change`,
/// when the conditions hold.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SpreadDef {
    pub count: u32,
    pub change: Vec<String>,
    #[serde(default)]
    pub when: Conditions,
    #[serde(default)]
    pub any: Vec<Conditions>,
    #[serde(default)]
    pub unless: Conditions,
}

/// Marker, state and counter changes a result makes to one figure.
#[derive(Debug, Clone, Deserialize)]
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
    /// The change goes on every figure in play of that figure's unit.
    #[serde(default)]
    pub group: bool,
    /// The change goes on every figure in play of that figure's side that carries this
    /// marker: `side-carrying: reserve` brings a reserve force on together.
    #[serde(default)]
    pub side_carrying: Option<String>,
    /// In an opposed roll, the side whose figure it marks (`on: acting`), its conditions read
    /// on that side's situation: the shooter, whichever side wins.
    #[serde(default)]
    pub side: Option<String>,
}

/// `light-wound` becomes `killed` when the figure is already wounded. In an opposed roll the
/// condition reads the `loser`'s or the `winner`'s situation.
#[derive(Debug, Clone, Deserialize)]
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
    /// The natural total (dice alone) of a side must lie within bounds: a winner's natural 6.
    #[serde(default)]
    pub natural: Option<AmountCond>,
    pub result: String,
    pub label: String,
}

#[derive(Debug, Clone)]
pub enum FollowDef {
    Name(String),
    Full(Box<FollowFull>),
}

#[derive(Debug, Clone, Deserialize)]
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
    /// Only when the amount the roll gave (`of` a side, in an opposed roll) lies within
    /// `min` and `max`.
    #[serde(default)]
    pub amount: Option<AmountCond>,
    /// In a game, the figure that makes the check when it is not the one the roll is for:
    /// `acting` or `acted-upon`.
    #[serde(default)]
    pub on: Option<Role>,
    /// A figure owes it once however many rolls call for it before it is made (several rolls
    /// of one action call for one check).
    #[serde(default)]
    pub once: bool,
    /// In a game, it is made before anything else is rolled, drawn or started (the table's
    /// "at once").
    #[serde(default)]
    pub at_once: bool,
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
                amount: None,
                on: None,
                once: false,
                at_once: false,
                set: BTreeMap::new(),
                rename: BTreeMap::new(),
                carry: None,
                note: None,
            },
            FollowDef::Full(f) => (**f).clone(),
        }
    }
}
