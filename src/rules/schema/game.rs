//! The written shape of a ruleset's `game:` section where it differs from the compiled one:
//! the game, and its markers' conditions.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::{
    ActionLimits, Conditions, GameSideDef, IfAlreadyDef, LinkDef, LossesDef, Pieces, RoleDef,
    StateDef,
};

/// What the tool keeps for a game at the table.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GameDef {
    pub sides: Vec<GameSideDef>,
    /// `units` where a unit is one piece (a stand, a card) rather than figures.
    #[serde(default)]
    pub pieces: Pieces,
    /// A unit's fields and the choice factor each takes its values from (and sets when one of
    /// the unit's figures acts): `troop: troop`, `weapon: weapon`.
    #[serde(default)]
    pub unit: BTreeMap<String, String>,
    /// What a figure's unit fields set when it is acted upon: `troop: target`.
    #[serde(default)]
    pub acted_upon: BTreeMap<String, String>,
    /// The options that name the figures of a roll (`--ROLE CODE`), and the part each plays.
    #[serde(default)]
    pub roles: Vec<RoleDef>,
    /// Fields a unit must have (`troop`).
    #[serde(default)]
    pub required: Vec<String>,
    /// The number factor a unit's figures in play set for its figures' rolls.
    #[serde(default)]
    pub size: Option<String>,
    /// The number factor a unit's losses set for its figures' rolls: `{factor: NAME, per: 10,
    /// marked: [MARKER]}` counts the figures out of play or carrying a marker listed, one for
    /// each full `per` percent of the unit.
    #[serde(default)]
    pub losses: Option<LossesDef>,
    #[serde(default)]
    pub markers: Vec<MarkerDef>,
    /// What a unit's fields and size imply for its figures (a flag set for a unit of some order and size).
    #[serde(default)]
    pub implies: Vec<ImpliesDef>,
    /// Counts kept per figure (failed morale checks), with what reaching a number does.
    #[serde(default)]
    pub counters: Vec<CounterDef>,
    /// States that take a figure out of the game (dead, fled, captured).
    #[serde(default)]
    pub states: Vec<StateDef>,
    /// Ties a figure may hold to another (a target it has picked out, say).
    #[serde(default)]
    pub links: Vec<LinkDef>,
    /// What a figure may do when its unit acts (fire, move, load...).
    #[serde(default)]
    pub actions: Vec<ActionDef>,
    /// How many actions a figure takes a phase and a turn.
    #[serde(default)]
    pub action_limits: Option<ActionLimits>,
    /// How a unit charges an enemy unit (`umpire charge`).
    #[serde(default)]
    pub charge: Option<super::ChargeDef>,
    /// Whether and how two units combine into one (`umpire unit merge`).
    #[serde(default)]
    pub combine: Option<super::CombineDef>,
    /// What holds for a whole side when it has lost enough.
    #[serde(default)]
    pub conditions: Vec<SideConditionDef>,
    /// The players name the sides when a game starts (`game new --side NAME`, or `--army
    /// NAME=LIST`).
    #[serde(default)]
    pub open_sides: bool,
    /// Yes/no unit fields a side may give only so many units: `[{field: commander, most: 1,
    /// rule: One commander}]`.
    #[serde(default)]
    pub limits: Vec<crate::model::FieldLimit>,
    /// Results that fall at random on a unit's figures fall among its first so many in play.
    #[serde(default)]
    pub falls_among: Option<u32>,
    /// A number factor a roll of the game's figures reads the turn number as.
    #[serde(default)]
    pub turn_factor: Option<String>,
    /// A yes/no factor a roll of the game's figures reads as yes when the figure's side is
    /// the one whose player turn is going.
    #[serde(default)]
    pub own_turn_factor: Option<String>,
}

/// A side's condition as written: `{name: NAME, label: ..., any: [{percent: 50},
/// {unit: {FIELD: true}, label: ...}], sets: FLAG}`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SideConditionDef {
    pub name: String,
    pub label: String,
    pub any: Vec<LossDef>,
    #[serde(default)]
    pub sets: Option<String>,
    #[serde(default)]
    pub note: Option<String>,
}

/// A loss as written: `{percent: 50}` of the side's units, or `{unit: CONDITIONS, label: ...}`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct LossDef {
    #[serde(default)]
    pub percent: Option<u32>,
    /// With `percent`: a unit whose every figure in play carries one of these markers counts
    /// too (in flight, in retreat).
    #[serde(default)]
    pub marked: Vec<String>,
    /// The points of the side's units out of the game, at least this many.
    #[serde(default)]
    pub points: Option<crate::model::Decimal>,
    /// With `points`: and more than any other side has lost.
    #[serde(default)]
    pub more_than_enemy: bool,
    #[serde(default)]
    pub unit: Option<Conditions>,
    #[serde(default)]
    pub label: Option<String>,
}

/// A count kept per piece, as written: the model's fields, with the factors it sets while
/// the count is 0 as conditions of one value each, and the procedures a roll of which counts.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CounterDef {
    pub name: String,
    pub label: String,
    #[serde(default)]
    pub per_turn: bool,
    #[serde(default)]
    pub per_activation: bool,
    #[serde(default)]
    pub at: Option<i64>,
    #[serde(default)]
    pub then: Option<String>,
    #[serde(default)]
    pub amounts: Option<String>,
    #[serde(default)]
    pub earns: Option<String>,
    #[serde(default)]
    pub acting: Option<String>,
    #[serde(default)]
    pub acted_upon: Option<String>,
    /// Each roll of these procedures the piece makes (acting) counts one: the shots it fired.
    #[serde(default)]
    pub rolls: Vec<String>,
    /// Factors the piece sets when it acts while the count is still 0 (its first shot).
    #[serde(default)]
    pub while_none: Conditions,
    /// The most rolls it counts: one more is refused (a man tests once a turn).
    #[serde(default)]
    pub most: Option<i64>,
    /// The rule of play that refusal names (the label when left out).
    #[serde(default)]
    pub rule: Option<String>,
    /// At `at`, `then` (a marker) goes on, or off a piece that carries it, and the count
    /// starts again: work done over turns that turns a state (limbering a gun).
    #[serde(default)]
    pub toggles: bool,
    #[serde(default)]
    pub note: Option<String>,
}

/// One thing a figure may do as an action, as written: the procedure it rolls and the markers
/// it clears may be named by an alias.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ActionDef {
    pub name: String,
    pub label: String,
    #[serde(default)]
    pub note: Option<String>,
    #[serde(default)]
    pub procedure: Option<String>,
    #[serde(default)]
    pub clears: Vec<String>,
    #[serde(default)]
    pub adds: Vec<String>,
    /// Actions it takes: a number, or `{by: FIELD, values: {VALUE: N}, otherwise: N}`.
    #[serde(default)]
    pub cost: CostDef,
    /// Rules of eligibility (by their `rule:` names) that may stop a figure doing it.
    #[serde(default)]
    pub requires: Vec<String>,
    /// A roll of its procedure is the action only when the roll's factors meet these (a check
    /// taken by choice, not one a result calls for).
    #[serde(default)]
    pub when: Conditions,
    /// Nor when the roll's factors meet any of these (a target close enough to be seen
    /// without a roll).
    #[serde(default)]
    pub unless: Conditions,
    /// The activities declared on activation (values of the turn chain's `declares` factor)
    /// that allow it; none listed: any.
    #[serde(default)]
    pub declared: Vec<String>,
    /// A counter each figure that takes it counts one more on (a turn's work).
    #[serde(default)]
    pub counts: Option<String>,
}

/// An action's cost as written: a number, or a number by a unit field.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum CostDef {
    Fixed(u32),
    #[serde(rename_all = "kebab-case")]
    By {
        by: String,
        values: BTreeMap<String, u32>,
        otherwise: u32,
    },
}

impl Default for CostDef {
    fn default() -> Self {
        CostDef::Fixed(1)
    }
}

/// A marker on a figure's base (a bead, a chit), and what it does.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct MarkerDef {
    pub name: String,
    pub label: String,
    #[serde(default)]
    pub aliases: Vec<String>,
    /// The colour umpires use for it (shown in the roster).
    pub colour: String,
    /// A letter or two shown on its colour (made from its label when left out).
    #[serde(default)]
    pub code: Option<String>,
    /// Factors it sets when the figure acts: `wound: light`, `pinned: true`.
    #[serde(default)]
    pub acting: Conditions,
    /// Factors it sets when the figure is acted upon: `target-pinned: true`.
    #[serde(default)]
    pub acted_upon: Conditions,
    /// Procedures the figure may not perform while marked (a misfired gun cannot shoot).
    #[serde(default)]
    pub blocks: Vec<String>,
    /// Getting this marker while already carrying one of these puts the figure in a state.
    #[serde(default)]
    pub if_already: Option<IfAlreadyDef>,
    /// A procedure a figure carrying it rolls each time a phase ends (how far the marker makes
    /// it move, say).
    #[serde(default)]
    pub phase_end: Option<String>,
    /// A procedure a figure carrying it rolls each time a turn starts (how far it runs, say).
    #[serde(default)]
    pub turn_start: Option<String>,
    /// How long it stays on: `player-turn`, `turn`, `next-turn`.
    #[serde(default)]
    pub lasts: Option<crate::model::Lasts>,
    /// At most one unit of a side in so many carries it: `{one-in: 3, rule: Reserve force}`.
    #[serde(default)]
    pub share: Option<ShareDef>,
    #[serde(default)]
    pub note: Option<String>,
}

/// Factors a unit's fields and size imply for its figures, as a roll reads them from the roster:
/// a unit in some order with enough figures sets a flag when one of them acts.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ImpliesDef {
    /// How the roster names it, after the factors it sets.
    pub label: String,
    /// Conditions on the factors the unit's fields set: `order: [a, b]`.
    #[serde(default)]
    pub when: Conditions,
    /// The unit has at least this many figures in play.
    #[serde(default)]
    pub figures: Option<u32>,
    /// Figures carrying any of these markers are not counted towards `figures`.
    #[serde(default)]
    pub unmarked: Vec<String>,
    /// Factors set when one of its figures acts: `flag: true`.
    #[serde(default)]
    pub acting: Conditions,
    /// Factors set when one of its figures is acted upon.
    #[serde(default)]
    pub acted_upon: Conditions,
}

/// At most one unit of a side in so many carries a marker: `{one-in: 3, rule: Reserve force}`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ShareDef {
    pub one_in: u32,
    pub rule: String,
    /// The units carrying it include one meeting these: `{when: {unit: command}, label: a
    /// sub-command}`.
    #[serde(default)]
    pub including: Option<IncludingDef>,
}

/// A kind of unit a marker's carriers must include, and how it is named.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct IncludingDef {
    pub when: Conditions,
    pub label: String,
}
