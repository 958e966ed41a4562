//! A compiled procedure: its dice, modifiers, how the total is read, and its results with
//! what follows them. The types a table writes the same way it is run are read straight from
//! YAML (their serde attributes are the table format); the others are compiled from `schema`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{Conditions, Settings};

/// A rule procedure: what is rolled, what modifies it, and how the total is read.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct ProcedureDef {
    pub name: String,
    pub title: String,
    pub help: String,
    pub aliases: Vec<String>,
    pub notes: Vec<String>,
    /// Factors the procedure takes beyond those its modifiers and conditions name.
    pub factors: Vec<String>,
    pub roll: Option<RollDef>,
    pub drop: Vec<DropDef>,
    pub naturals: Vec<NaturalDef>,
    pub modifiers: Vec<GroupDef>,
    /// Throws made again, in this order, each at most once: the second throw stands.
    pub rerolls: Vec<RerollDef>,
    /// Two sides for an opposed roll; each rolls with its own factors (`attacker.troop=...`).
    pub sides: Vec<SideDef>,
    pub check: Option<CheckDef>,
    pub table: Option<TableDef>,
    pub grid: Option<GridDef>,
    pub amount: Option<AmountDef>,
    pub compare: Option<CompareDef>,
    pub results: Vec<ResultDef>,
    /// Mandatory checks the roll calls for whatever its result, under conditions read on the
    /// roll's situation.
    pub follow_up: Vec<FollowDef>,
    /// What another unit may do in answer to the roll (a reaction it chooses, never owed),
    /// under conditions read as a follow-up's are.
    pub may_follow: Vec<FollowDef>,
    /// What the roll does to a game's figures whatever its result.
    pub marks: Vec<MarksDef>,
    /// Whom the roll is for, in a game: the figure acting, or the one acted upon.
    pub about: Role,
    /// The game's role options this procedure names its figures with, where several play the
    /// same part (an alias rather than the name): the first of each part is the one printed.
    pub roles: Vec<String>,
    /// In an opposed roll, several figures may fight a lone one.
    pub many_on_one: Option<ManyOnOneDef>,
    /// A unit rolls it once for all its figures (when these conditions on the first figure's
    /// situation hold; none: always).
    pub once_per_unit: Option<Conditions>,
    /// What a unit's roll of it rolls instead, when the unit's first figure in play meets
    /// `when` and none of `unless`.
    pub unit_roll: Option<UnitRollDef>,
    /// Factors every roll of it reads as set unless the roll says otherwise.
    pub given: Settings,
}

/// Another procedure (canonical) a unit's roll of this one rolls, and when.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct UnitRollDef {
    pub procedure: String,
    pub when: Conditions,
    /// At least one of these sets holds, when given.
    pub any: Vec<Conditions>,
    pub unless: Conditions,
}

impl ProcedureDef {
    /// A result's label, by its name (the name itself for a result not listed).
    pub fn result_label(&self, name: &str) -> String {
        self.results
            .iter()
            .find(|r| r.name == name)
            .map_or_else(|| name.to_string(), |r| r.label.clone())
    }
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
    /// The results that may fall on the lone figure, worst first: after every pairing the
    /// worst it received stands, and a roll lands them in this order. None listed: the
    /// pairings land in turn, and the odds are those of one pairing.
    #[serde(default)]
    pub worst_first: Vec<String>,
    /// Results that, received together from several pairings, become another.
    #[serde(default)]
    pub together: Vec<TogetherDef>,
    /// Whether the lone figure throws once for every pairing, or once in each.
    #[serde(default)]
    pub lone_throws: LoneThrows,
    /// Words said of the lone side in every pairing but the first (the first named opponent
    /// is the one it faces; the others it cannot answer, say).
    #[serde(default)]
    pub beyond_first: BTreeMap<String, String>,
}

/// How often the lone figure of a fight of several against one throws.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LoneThrows {
    /// One throw, compared with each opponent's.
    #[default]
    Once,
    /// A throw against each opponent.
    Each,
}

/// Results received together by a lone figure that become another: `count` of `results`
/// (from as many pairings) make `result`.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TogetherDef {
    pub results: Vec<String>,
    pub count: u32,
    pub result: String,
    pub label: String,
}

/// The dice: one expression, or cases whose first match applies.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub enum RollDef {
    Dice(String),
    Cases(Vec<RollCase>),
}

#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct RollCase {
    pub when: Conditions,
    pub any: Vec<Conditions>,
    pub unless: Conditions,
    /// The dice, e.g. `3d6` or `d6` when `count` gives the number.
    pub dice: Option<String>,
    /// Number of dice from a number factor: one die per `per` of it (at least `min`).
    pub count: Option<CountDef>,
    /// No roll: the result is this number.
    pub fixed: Option<i64>,
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
pub struct DropDef {
    pub when: Conditions,
    pub any: Vec<Conditions>,
    pub unless: Conditions,
    pub highest: usize,
    pub lowest: usize,
    pub label: String,
}

/// A result decided by the dice alone, before modifiers.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct NaturalDef {
    pub when: Conditions,
    pub any: Vec<Conditions>,
    pub unless: Conditions,
    /// All dice show the same face.
    pub doubles: bool,
    /// Every die shows an odd face.
    pub all_odd: bool,
    /// The unmodified total is one of these.
    pub total: Vec<i64>,
    /// With `total`: the other unmodified totals give this result (only the natural counts).
    pub otherwise: Option<String>,
    pub result: String,
    pub label: String,
}

impl NaturalDef {
    /// Whether the faces thrown (`faces`, the natural total `total`) show it. The engine
    /// and the linter both read a throw with this.
    pub fn shows(&self, faces: &[i64], total: i64) -> bool {
        let doubles = faces.len() >= 2 && faces.windows(2).all(|w| w.first() == w.last());
        let all_odd = !faces.is_empty() && faces.iter().all(|f| f.rem_euclid(2) == 1);
        (self.doubles && doubles) || (self.all_odd && all_odd) || self.total.contains(&total)
    }

    /// Whether it reads each face rather than the total.
    pub fn reads_faces(&self) -> bool {
        self.doubles || self.all_odd
    }
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
pub struct GroupDef {
    pub group: String,
    pub policy: Policy,
    pub note: Option<String>,
    pub items: Vec<ItemDef>,
}

/// One modifier line: a fixed value under a guard, a value per factor value, or a value per
/// count of a number factor (with a limit).
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct ItemDef {
    pub label: Option<String>,
    pub when: Conditions,
    pub any: Vec<Conditions>,
    pub unless: Conditions,
    /// In an opposed roll: conditions read on the other side's situation (a side's score
    /// lowered by where its opponent stands).
    pub opponent: Conditions,
    pub value: Option<i64>,
    pub factor: Option<String>,
    /// Value or class name of `factor` → modifier; the narrowest key that matches applies.
    pub values: Option<BTreeMap<String, i64>>,
    /// Modifier per unit of the number `factor`.
    pub each: Option<i64>,
    /// The total from `each` goes no further than this.
    pub limit: Option<i64>,
}

/// A throw made again when its guard holds and the first throw calls for it: a result in `on`
/// (a failure re-rolled by choice, a pass an opponent makes thrown again), or an amount
/// `below` a bound. The second throw stands.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct RerollDef {
    /// Read on the situation of `side`, or of the first side.
    pub when: Conditions,
    pub any: Vec<Conditions>,
    pub unless: Conditions,
    /// Results that are thrown again; in an opposed roll with `side`, only when that side
    /// did not win.
    pub on: Vec<String>,
    /// An amount (`side`'s, in an opposed roll) below this is thrown again.
    pub below: Option<Below>,
    /// In an opposed roll, the side whose dice are thrown again; none: every side's.
    pub side: Option<String>,
    pub label: String,
    /// Changes to a game's figures when it is taken.
    pub marks: Vec<MarksDef>,
}

/// The bound under which an amount is thrown again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Below {
    /// This many.
    Number(i64),
    /// The average of a fresh throw: the choice that scores most, a throw at a time.
    Average,
}

/// A condition on the amount a roll gave (of one side, in an opposed roll): the amount lies
/// within `min` and `max`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct AmountCond {
    /// In an opposed roll, whose amount: a side's name, `loser` or `winner`.
    #[serde(default)]
    pub of: Option<String>,
    #[serde(default)]
    pub min: Option<i64>,
    #[serde(default)]
    pub max: Option<i64>,
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

impl Comparison {
    /// Whether `total` passes against `target`, exactly: a measured target may have a fraction
    /// (more than 12.5 is 13 or more).
    pub fn holds(self, total: i64, target: crate::model::Decimal) -> bool {
        use std::cmp::Ordering::{Equal, Greater, Less};
        // How the target compares with the total, turned round.
        let total_is = target.cmp_whole(total).reverse();
        match self {
            Comparison::AtLeast => matches!(total_is, Greater | Equal),
            Comparison::MoreThan => total_is == Greater,
            Comparison::AtMost => matches!(total_is, Less | Equal),
            Comparison::LessThan => total_is == Less,
        }
    }
}

/// Pass or fail against a target number.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct CheckDef {
    pub compare: Comparison,
    pub target: TargetDef,
    pub pass: String,
    pub fail: String,
    /// What the roll is read as instead when its modifiers put a pass out of the dice's reach.
    pub impossible: Option<ImpossibleDef>,
}

/// A check that falls back to another reading when the modifiers make it impossible: when no
/// total the dice can show passes with the net modifier, though one would without it, the
/// roll is made as the procedure `becomes` instead, with the same situation. The rules that
/// read so say a pass the modifiers rule out is not a sure failure but another kind of roll.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ImpossibleDef {
    /// The procedure rolled in its place (its canonical name, once compiled).
    pub becomes: String,
    /// Why it is read so, as the explanation says it.
    pub label: String,
}

/// Where a check's target number comes from.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub enum TargetDef {
    Number(i64),
    /// The value of this number factor (a measured distance).
    Factor(String),
    /// A cell of a two-way table.
    Lookup(LookupDef),
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
pub struct GridDef {
    /// The total the first column stands for; totals beyond the ends read the end columns.
    pub first_column: i64,
    pub rows: Vec<GridRow>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct GridRow {
    pub label: String,
    pub when: Conditions,
    pub any: Vec<Conditions>,
    pub unless: Conditions,
    pub results: Vec<String>,
}

/// The result is a number (inches moved, hits scored).
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct AmountDef {
    pub unit: Option<String>,
    pub floor: Option<i64>,
    pub halve: Vec<HalveDef>,
    /// Each die is read on its own as this procedure's check (canonical name), its own
    /// modifiers added to it, and the amount is how many pass (one die for each of several).
    pub each_die: Option<String>,
    /// Procedures resolved at once as part of the chain, once for each one of the amount.
    pub each: Vec<FollowDef>,
    /// Said with every amount, as a result's note is (how the distance is to be moved).
    pub note: Option<String>,
    /// Cases where the amount lands as another unit, the first that holds: the counters that
    /// add up that unit take it instead.
    pub instead: Vec<InsteadDef>,
}

/// The amount landing as another unit (the hits a wall takes instead of the men behind it).
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct InsteadDef {
    pub when: Conditions,
    pub any: Vec<Conditions>,
    pub unless: Conditions,
    pub unit: String,
    pub label: String,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct HalveDef {
    pub when: Conditions,
    pub any: Vec<Conditions>,
    pub unless: Conditions,
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
pub struct ResultDef {
    pub name: String,
    pub label: String,
    pub note: Option<String>,
    /// Procedures resolved at once as part of the chain.
    pub next: Vec<FollowDef>,
    /// Mandatory checks the umpire must still make, printed as the command to run.
    pub follow_up: Vec<FollowDef>,
    /// Another result this one turns into when a condition holds (a second wound kills).
    pub becomes: Vec<BecomesDef>,
    /// What this result does to the figures of a game.
    pub marks: Vec<MarksDef>,
    /// Changes that fall at random on the figures of the group acted upon, each pick on its
    /// own (the same figure may be picked twice).
    pub spread: Vec<SpreadDef>,
}

/// `count` picks at random among the figures of the group acted upon, each taking `change`,
/// when the conditions hold on the roll's situation.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct SpreadDef {
    pub count: u32,
    pub change: Vec<String>,
    pub when: Conditions,
    pub any: Vec<Conditions>,
    pub unless: Conditions,
}

/// A figure's part in a roll.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// The figure acting: the one rolling for what it does.
    #[default]
    Acting,
    /// The figure acted upon: the one the acting figure's roll is against.
    ActedUpon,
    /// In an opposed roll, the side that lost or won.
    Loser,
    Winner,
    /// In an opposed roll, every side's figure (a link made ties each to the other's).
    Each,
}

/// Marker, state and counter changes a result makes to one figure.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct MarksDef {
    pub on: Role,
    pub when: Conditions,
    pub any: Vec<Conditions>,
    pub unless: Conditions,
    /// `+pinned`, `-prone`, `+dead`, or `+failed-morale` to count one more.
    pub change: Vec<String>,
    /// On every figure in play of that figure's unit.
    pub group: bool,
    /// On every figure in play of that figure's side that carries this marker (a reserve
    /// force coming on together), by its canonical name.
    pub side_carrying: Option<String>,
    /// In an opposed roll, the side whose figure it marks (`on: acting`), its conditions read
    /// on that side's situation.
    pub side: Option<String>,
}

/// A result that becomes another when a condition holds; in an opposed roll the condition
/// reads the `loser`'s or the `winner`'s situation.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct BecomesDef {
    pub when: Conditions,
    pub any: Vec<Conditions>,
    pub unless: Conditions,
    pub side: Option<String>,
    /// The natural total (the dice alone) of a side (`of`: a side, `winner` or `loser`; the
    /// roll's own when left out) lies within `min` and `max`.
    pub natural: Option<AmountCond>,
    pub result: String,
    pub label: String,
}

/// A procedure that follows a result (or any result), with what it is handed. Its conditions
/// read the situation of the roll it follows (of `side`'s, in an opposed roll), as typed,
/// before anything is renamed, left out or set.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct FollowDef {
    /// The procedure's canonical name.
    pub procedure: String,
    pub when: Conditions,
    pub any: Vec<Conditions>,
    pub unless: Conditions,
    /// For an opposed roll: whose factors go on (`loser`, `winner` or a side's name).
    pub side: Option<String>,
    /// Only when the amount the roll gave lies within these bounds.
    pub amount: Option<AmountCond>,
    /// In a game, the figure that makes it when not the one the roll is for.
    pub on: Option<Role>,
    /// A figure owes it once however many rolls call for it before it is made.
    pub once: bool,
    /// In a game, it is made before anything else is rolled, drawn or started.
    pub at_once: bool,
    /// Factors set for the follow-up, typed.
    pub set: Settings,
    /// Factors renamed on the way (`target: troop`: this step's target is the next one's troop).
    pub rename: BTreeMap<String, String>,
    /// Only these factors go on (after renaming); all of them when left out.
    pub carry: Option<Vec<String>>,
    pub note: Option<String>,
}
