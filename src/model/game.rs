//! A compiled ruleset's `game:` and `turn:` sections: sides, markers, counters, states, and
//! the draw of tokens from a bag, named by the table. Most are read straight from YAML; the
//! game and its markers are compiled.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{Conditions, Settings};

/// What the tool keeps for a game at the table.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct GameDef {
    pub sides: Vec<GameSideDef>,
    /// Figures in units, or units as the pieces.
    pub pieces: Pieces,
    /// A unit's fields and the choice factor each takes its values from (and sets when one of
    /// the unit's figures acts): `troop: troop`, `weapon: weapon`.
    pub unit: BTreeMap<String, String>,
    /// What a figure's unit fields set when it is acted upon: `troop: target`.
    pub acted_upon: BTreeMap<String, String>,
    /// The options that name the figures of a roll (`--ROLE CODE`), and the part each plays.
    pub roles: Vec<RoleDef>,
    /// Fields a unit must have (`troop`).
    pub required: Vec<String>,
    /// The number factor a unit's figures in play set for its figures' rolls (a rule of
    /// eligibility may ask for a unit of four or more).
    pub size: Option<String>,
    /// The number factor a unit's losses set for its figures' rolls.
    pub losses: Option<LossesDef>,
    pub markers: Vec<MarkerDef>,
    /// What a unit's fields and size imply for its figures (a flag set for a unit of some order and size).
    pub implies: Vec<ImpliesDef>,
    /// Counts kept per figure (failed morale checks), with what reaching a number does.
    pub counters: Vec<CounterDef>,
    /// States that take a figure out of the game (dead, fled, captured).
    pub states: Vec<StateDef>,
    /// Ties a figure may hold to another (a target it has picked out, say).
    pub links: Vec<LinkDef>,
    /// What a figure may do when its unit acts, in the table's order (none listed: the table
    /// does not say).
    pub actions: Vec<ActionDef>,
    /// How many actions a figure takes a phase and a turn, where the table says.
    pub action_limits: Option<ActionLimits>,
    /// How a unit charges an enemy unit (`umpire charge`), where the table says.
    pub charge: Option<super::ChargeDef>,
    /// Whether and how two units combine into one (`umpire unit merge`).
    pub combine: Option<CombineDef>,
    /// What holds for a whole side, read from the roster (a side that has lost enough).
    pub conditions: Vec<SideConditionDef>,
    /// The players name the sides when a game starts (the table's stand in until they do).
    pub open_sides: bool,
    /// Yes/no unit fields a side may give only so many of its units (one commander).
    pub limits: Vec<FieldLimit>,
    /// Results that fall at random on a unit's figures fall among its first so many in play,
    /// in the roster's order (the nearest, as the umpire keeps the roster).
    pub falls_among: Option<u32>,
    /// A number factor every roll of the game's figures reads the turn number as (`round`:
    /// a reserve that may not come on in the first round).
    pub turn_factor: Option<String>,
    /// A yes/no factor every roll of the game's figures reads as yes when the figure's side is
    /// the one whose player turn is going (`own-turn`: what a unit may do in its own turn).
    pub own_turn_factor: Option<String>,
}

/// A unit field that at most `most` units of a side may have (a yes/no field said yes, or a
/// choice field at `value`): one more is refused, naming `rule`, unless the umpire rules
/// otherwise. With `per`, the side's units are counted apart by that field's value (one
/// player character a player): units without it count together.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FieldLimit {
    pub field: String,
    #[serde(default)]
    pub value: Option<String>,
    #[serde(default)]
    pub per: Option<String>,
    pub most: u32,
    pub rule: String,
    #[serde(default)]
    pub note: Option<String>,
}

/// Something that comes to hold for a whole side when it has lost enough: shown by `umpire
/// status`, and a yes/no factor for the rolls of the side's figures.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct SideConditionDef {
    pub name: String,
    pub label: String,
    /// It holds when any of these losses has happened.
    pub any: Vec<LossDef>,
    /// The yes/no factor it sets for the rolls of the side's figures.
    pub sets: Option<String>,
    pub note: Option<String>,
}

/// A loss a side may have suffered: so many of its units out of the game, or a unit of some
/// standing (its fields) out of it. A unit is out when none of its figures is in play.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub enum LossDef {
    /// At least this percent of the side's units, counting those whose every figure in play
    /// carries a marker of `marked` (canonical).
    Percent { percent: u32, marked: Vec<String> },
    /// A unit whose fields meet these conditions, with words for it.
    Unit { when: Conditions, label: String },
    /// Units worth at least `at` points, and (`more_than_enemy`) more than any other side lost.
    Points {
        at: super::Points,
        more_than_enemy: bool,
    },
}

/// Two units combined into one: the yes/no factor its rules of eligibility govern, weighed on
/// each unit's fields; the fields both must share; and a field that must be yes for so many
/// figures of the combined unit (a leader for every dozen).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CombineDef {
    pub flag: String,
    /// The rule of play its refusals name.
    #[serde(default)]
    pub rule: Option<String>,
    #[serde(default)]
    pub same: Vec<String>,
    #[serde(default)]
    pub each: Option<EachDef>,
    /// A unit joins another only once reduced to so many figures in play or fewer.
    #[serde(default)]
    pub reduced_to: Option<u32>,
    #[serde(default)]
    pub note: Option<String>,
}

/// A yes/no unit field that one unit must bring for every so many figures.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct EachDef {
    pub field: String,
    pub figures: u32,
}

/// One thing a figure may do as an action: fire, move, load...
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct ActionDef {
    pub name: String,
    pub label: String,
    pub note: Option<String>,
    /// The procedure the action rolls, by its canonical name.
    pub procedure: Option<String>,
    /// Markers the action takes off the figure, by their canonical names.
    pub clears: Vec<String>,
    /// Markers the action puts on the figure, by their canonical names.
    pub adds: Vec<String>,
    /// How many of a figure's actions it takes (1 unless the table says).
    pub cost: ActionCost,
    /// Rules of eligibility each figure is weighed against, read from its unit's fields and
    /// its markers (by the rules' names): a figure one refuses does not act.
    pub requires: Vec<String>,
    /// A roll of its procedure is the action only when the roll's factors meet these...
    pub when: Conditions,
    /// ...and none of these.
    pub unless: Conditions,
    /// The activities declared on activation (canonical values of the turn chain's
    /// `declares` factor) that allow it; empty: any.
    pub declared: Vec<String>,
    /// A counter each figure that takes it counts one more on.
    pub counts: Option<String>,
}

/// How many of a figure's actions one action takes: a number, or a number by a field of the
/// figure's unit (an action may take longer with one value of a field than another).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub enum ActionCost {
    Fixed(u32),
    By {
        /// The unit field read, by its name.
        by: String,
        /// Its values that cost other than `otherwise`, by their canonical names.
        values: BTreeMap<String, u32>,
        otherwise: u32,
    },
}

impl Default for ActionCost {
    fn default() -> Self {
        ActionCost::Fixed(1)
    }
}

impl ActionCost {
    /// The cost for a unit whose fields are these.
    pub fn of(&self, fields: &BTreeMap<String, String>) -> u32 {
        match self {
            ActionCost::Fixed(n) => *n,
            ActionCost::By {
                by,
                values,
                otherwise,
            } => fields
                .get(by)
                .and_then(|v| values.get(v))
                .copied()
                .unwrap_or(*otherwise),
        }
    }
}

/// How many actions one figure may take; with a counter named, the tool keeps the count of a
/// figure's actions in a turn and refuses one beyond its allowance.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ActionLimits {
    #[serde(default)]
    pub per_phase: Option<u32>,
    #[serde(default)]
    pub per_turn: Option<u32>,
    /// The per-turn counter that counts a figure's actions (by its canonical name).
    #[serde(default)]
    pub counter: Option<String>,
    /// The counter that counts a figure's actions since its unit was last activated, which
    /// `per-phase` limits (a counter kept `per-activation`).
    #[serde(default)]
    pub phase_counter: Option<String>,
    /// Markers that lower a figure's allowance a turn while it carries them.
    #[serde(default)]
    pub fewer: Vec<FewerDef>,
}

/// A marker that leaves a figure fewer actions a turn while it carries it.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FewerDef {
    pub marker: String,
    pub per_turn: u32,
}

impl ActionLimits {
    /// The actions a figure carrying these markers may take in a turn, and the marker that
    /// lowered it (the lowest, when several do); `None` without a limit a turn.
    pub fn allowance<'a>(&'a self, markers: &[String]) -> Option<(u32, Option<&'a str>)> {
        let base = self.per_turn?;
        let lowered = self
            .fewer
            .iter()
            .filter(|f| markers.contains(&f.marker) && f.per_turn < base)
            .min_by_key(|f| f.per_turn);
        Some(lowered.map_or((base, None), |f| (f.per_turn, Some(f.marker.as_str()))))
    }
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GameSideDef {
    pub name: String,
    #[serde(default)]
    pub label: Option<String>,
    #[serde(default)]
    pub aliases: Vec<String>,
    /// The side's token in the draw's bag (a colour, say); a turn rule needs one for every
    /// side, a game without one leaves it out.
    #[serde(default)]
    pub token: Option<String>,
}

impl GameSideDef {
    /// The token that stands for the side in the bag, or its name where the table gives none.
    pub fn token_or_name(&self) -> &str {
        self.token.as_deref().unwrap_or(&self.name)
    }
}

/// An option of `roll` and `odds` that names a figure of the game (`--ROLE CODE`).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RoleDef {
    /// The option's name, without the dashes.
    pub name: String,
    #[serde(default)]
    pub aliases: Vec<String>,
    /// The figure's part: `acting`, `acted-upon`, or the name of a side of an opposed roll
    /// (which takes several figures, `CF1,CF2`, where the procedure allows several on one).
    pub plays: Part,
    /// A noun for the figure in its part (`target`: "marks on the target"), where the part's
    /// own words ("the figure acted upon") would be vaguer.
    #[serde(default)]
    pub label: Option<String>,
    pub help: String,
}

/// The part a role's figure plays in a roll.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(from = "String", into = "String")]
pub enum Part {
    Acting,
    ActedUpon,
    Side(String),
}

impl From<String> for Part {
    fn from(s: String) -> Part {
        match s.as_str() {
            "acting" => Part::Acting,
            "acted-upon" => Part::ActedUpon,
            _ => Part::Side(s),
        }
    }
}

impl From<Part> for String {
    fn from(p: Part) -> String {
        match p {
            Part::Acting => "acting".into(),
            Part::ActedUpon => "acted-upon".into(),
            Part::Side(s) => s,
        }
    }
}

/// A unit's losses as a number factor: its figures out of play or carrying a marker of
/// `marked`, one for each full `per` percent of the unit (all of its figures).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct LossesDef {
    pub factor: String,
    #[serde(default = "hundred")]
    pub per: u32,
    #[serde(default)]
    pub marked: Vec<String>,
}

fn hundred() -> u32 {
    100
}

/// Factors a unit's fields and size imply for its figures when a roll reads the roster.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct ImpliesDef {
    pub label: String,
    /// Conditions on the factors the unit's fields set for its acting figures.
    pub when: Conditions,
    /// The unit has at least this many figures in play.
    pub figures: Option<u32>,
    /// Markers (canonical) whose figures are not counted towards `figures`.
    pub unmarked: Vec<String>,
    pub acting: Settings,
    pub acted_upon: Settings,
}

/// A marker on a figure's base, and what it does.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct MarkerDef {
    pub name: String,
    pub label: String,
    pub aliases: Vec<String>,
    /// The colour umpires use for it (shown in the roster).
    pub colour: String,
    /// A letter or two that stands for it beside its colour, for those who cannot tell the
    /// colours apart (the table's, or one made from its label).
    pub code: String,
    /// Factors it sets when the figure acts: `wound: light`, `pinned: true`.
    pub acting: Settings,
    /// Factors it sets when the figure is acted upon: `target-pinned: true`.
    pub acted_upon: Settings,
    /// Procedures the figure may not perform while marked (a misfired gun cannot shoot).
    pub blocks: Vec<String>,
    /// Getting this marker while already carrying one of these puts the figure in a state.
    pub if_already: Option<IfAlreadyDef>,
    /// A procedure (canonical) a figure carrying it rolls each time a phase ends.
    pub phase_end: Option<String>,
    /// A procedure (canonical) a figure carrying it rolls each time a turn starts.
    pub turn_start: Option<String>,
    /// How long it stays on before it comes off by itself; until taken off when left out.
    pub lasts: Option<super::Lasts>,
    /// At most a share of a side's units carry it.
    pub share: Option<ShareDef>,
    pub note: Option<String>,
}

/// A limit on how many of a side's units carry a marker: a share of them.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct ShareDef {
    /// At most one unit in so many of the side (rounded down) carries the marker.
    pub one_in: u32,
    /// The rule of play its refusal names.
    pub rule: String,
    /// The units carrying it, when any do, include one whose fields meet these (a reserve
    /// force holds a sub-command), with how the refusal names such a unit.
    pub including: Option<(Conditions, String)>,
}

/// Getting a marker while already carrying another puts the figure in a state.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct IfAlreadyDef {
    pub any: Vec<String>,
    pub state: String,
    pub label: String,
}

/// A count kept per piece (failures this turn, damage taken): raised by a
/// result (`+NAME`), by the amount a roll inflicts (`amounts`), or by hand (`NAME+2`,
/// `NAME-1`, `NAME=0`); read as a number factor; and reaching `at` does `then`.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CounterDef {
    pub name: String,
    pub label: String,
    /// Set back to 0 when a new turn starts.
    #[serde(default)]
    pub per_turn: bool,
    /// Set back to 0 each time the piece's unit is activated.
    #[serde(default)]
    pub per_activation: bool,
    /// Reaching this count adds `then`: a marker, or a state that takes the piece out. A
    /// count without them is only kept and read (each one a point less to a roll, say).
    #[serde(default)]
    pub at: Option<i64>,
    #[serde(default)]
    pub then: Option<String>,
    /// The unit of the amounts that a roll inflicts on the piece acted upon, which
    /// are added to the count.
    #[serde(default)]
    pub amounts: Option<String>,
    /// The unit of the amounts a roll the piece makes itself gives it (points it works up
    /// towards something), which are added to the count.
    #[serde(default)]
    pub earns: Option<String>,
    /// The number factor the count sets when the piece acts (`FACTOR=2`).
    #[serde(default)]
    pub acting: Option<String>,
    /// The number factor the count sets when the piece is acted upon.
    #[serde(default)]
    pub acted_upon: Option<String>,
    /// Procedures (canonical) each roll of which the piece makes counts one (shots fired).
    #[serde(default)]
    pub rolls: Vec<String>,
    /// Factors the piece sets when it acts while the count is still 0 (its first shot of the
    /// game, before it has fired one).
    #[serde(default)]
    pub while_none: Settings,
    /// The most rolls it counts: one more is refused, naming `rule`.
    #[serde(default)]
    pub most: Option<i64>,
    /// The rule of play a refusal of one roll too many names (the label when left out).
    #[serde(default)]
    pub rule: Option<String>,
    /// At `at`, the `then` marker goes on, or off a piece that carries it, and the count
    /// starts again from 0 (two turns' work limber a gun, two more unlimber it).
    #[serde(default)]
    pub toggles: bool,
    #[serde(default)]
    pub note: Option<String>,
}

impl CounterDef {
    /// The count that does something, and what it adds; none for a count only kept.
    pub fn threshold(&self) -> Option<(i64, &str)> {
        Some((self.at?, self.then.as_deref()?))
    }
}

/// What the pieces of a game are: figures grouped in units, or units that are pieces
/// themselves (one card, one stand), each with its own markers and counters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pieces {
    #[default]
    Figures,
    Units,
}

/// A tie one figure holds to another (a target it has picked out, say): made by a result's marks
/// (`+NAME` on the figure acting ties it to the figure acted upon, and the other way round) or
/// by hand (`umpire mark A1 +NAME:B2`), and read as a yes/no factor by a roll of the one
/// against the other.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct LinkDef {
    pub name: String,
    pub label: String,
    /// The yes/no factor a roll of the figure acting against another reads: yes when it holds
    /// the link to that figure, no when it does not.
    #[serde(default)]
    pub factor: Option<String>,
    /// Tied both ways: tying or untying one end does the other (two men in hand to hand).
    #[serde(default)]
    pub mutual: bool,
    /// An opposed procedure (canonical) the figures still tied when a turn starts go on with:
    /// the turn says each pair, with its command (a fight that continues next turn).
    #[serde(default)]
    pub goes_on: Option<String>,
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
    /// Whether a unit whose figures are all in this state counts as lost (`lost: false`: a
    /// dummy card taken off the table is no loss).
    #[serde(default = "counts_lost")]
    pub lost: bool,
}

fn counts_lost() -> bool {
    true
}

/// The codes markers show on their colour: the table's where it gives one, else made from the
/// label (the initials of a label of several words, `LW`; the first letter of one word, `P`),
/// as many letters more as it takes to tell it from every other marker (`Pa`, `Pi`).
pub fn marker_codes(markers: &[(&str, Option<&str>)]) -> Vec<String> {
    // The label's words, letters and digits only (a house rule may write markup in it).
    let words: Vec<Vec<Vec<char>>> = markers
        .iter()
        .map(|(label, _)| {
            label
                .split(|c: char| c.is_whitespace() || c == '-')
                .map(|w| {
                    w.chars()
                        .filter(|c| c.is_alphanumeric())
                        .collect::<Vec<_>>()
                })
                .filter(|w| !w.is_empty())
                .collect()
        })
        .collect();
    let made = |words: &[Vec<char>], more: usize| -> String {
        let mut code: String = words
            .iter()
            .filter_map(|w| w.first())
            .flat_map(|c| c.to_uppercase())
            .collect();
        if let Some(last) = words.last() {
            code.extend(
                last.iter()
                    .skip(1)
                    .take(more)
                    .flat_map(|c| c.to_lowercase()),
            );
        }
        if code.is_empty() { "?".into() } else { code }
    };
    let mut more = vec![0usize; markers.len()];
    let mut codes: Vec<String> = Vec::new();
    // Each round lengthens the codes still shared; a label runs out of letters at last.
    for _ in 0..8 {
        codes = markers
            .iter()
            .zip(&words)
            .zip(&more)
            .map(|(((_, given), w), m)| given.map_or_else(|| made(w, *m), str::to_string))
            .collect();
        let mut clash = false;
        for (i, ((_, given), m)) in markers.iter().zip(more.iter_mut()).enumerate() {
            let shared = codes
                .iter()
                .enumerate()
                .any(|(j, c)| j != i && codes.get(i).is_some_and(|x| x.eq_ignore_ascii_case(c)));
            if shared && given.is_none() {
                *m += 1;
                clash = true;
            }
        }
        if !clash {
            break;
        }
    }
    codes
}
