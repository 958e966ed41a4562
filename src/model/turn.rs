//! A compiled ruleset's `turn:` section: how play passes between the sides. Either a draw of
//! tokens from a bag gives each phase to a side, or the sides take player turns in order, each
//! perhaps a chain of activations that a failed one ends, and perhaps with a pool of points
//! each side rolls a turn and spends on what it does.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

/// The turn rule.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct TurnDef {
    pub order: TurnOrder,
    /// The most times one unit may be activated in a turn (a draw) or in its side's player
    /// turn; no limit when left out.
    pub activations: Option<u32>,
    pub notes: Vec<String>,
}

/// How the turn gives play to the sides.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub enum TurnOrder {
    /// Phases, each given to a side by a token drawn from a bag.
    Draw(DrawTurn),
    /// Each side in turn plays a player turn.
    Players(Box<PlayersDef>),
}

impl TurnDef {
    /// The draw, when the turn is one.
    pub fn draw(&self) -> Option<&DrawTurn> {
        match &self.order {
            TurnOrder::Draw(d) => Some(d),
            TurnOrder::Players(_) => None,
        }
    }

    /// The player turns, when the turn is made of them.
    pub fn players(&self) -> Option<&PlayersDef> {
        match &self.order {
            TurnOrder::Players(p) => Some(p),
            TurnOrder::Draw(_) => None,
        }
    }
}

/// A turn of phases given out by a draw.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct DrawTurn {
    pub phases: PhasesDef,
    pub draw: DrawDef,
    /// Whether a side may keep a drawn token to react with later in the turn.
    pub react: Option<ReactDef>,
}

/// A turn of player turns, one a side.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct PlayersDef {
    /// Which side plays first in a turn.
    pub first: FirstPlayer,
    /// The steps of a player turn, in order, for the umpire to follow (shown, not enforced).
    pub steps: Vec<StepDef>,
    /// The roll that activates a unit, when a player's turn is a chain of them.
    pub chain: Option<ChainDef>,
    /// Points each side rolls at the start of a turn and spends in its player turn.
    pub pool: Option<PoolDef>,
    /// The throw that decides, once before the first turn, the side that plays first in every
    /// turn (`first: dice-off`).
    pub dice_off: Option<Box<DiceOffDef>>,
    /// Steps of the whole turn played after every side's player turn, in order (charges, hand
    /// to hand, morale): `umpire turn` moves through them, and the rolls each lists are made in
    /// it and in no other part of the turn.
    pub then: Vec<TurnStepDef>,
}

/// A step of the whole turn, after the player turns.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct TurnStepDef {
    pub name: String,
    pub label: String,
    /// The rolls made in this step: a procedure (canonical), when its situation meets `when`.
    pub rolls: Vec<StepRollDef>,
}

/// A roll that belongs to a step of the turn.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct StepRollDef {
    pub procedure: String,
    pub when: crate::model::Conditions,
}

/// A dice-off thrown once, before the first turn: each side throws `dice`, a tie is thrown
/// again, and the high scorer plays first in every turn.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct DiceOffDef {
    pub dice: String,
    /// What the throw is called (`deployment dice-off`).
    #[serde(default)]
    pub label: Option<String>,
    /// What else follows from it, for the umpire (who chooses the terrain, who deploys first).
    #[serde(default)]
    pub note: Option<String>,
}

impl DiceOffDef {
    pub fn label(&self) -> &str {
        self.label.as_deref().unwrap_or("dice-off")
    }
}

/// Who plays first in each turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstPlayer {
    /// The sides in the table's order (or the side the umpire names when the turn starts).
    Sides,
    /// The side whose pool roll is higher; a tie is thrown again.
    Pool,
    /// The high scorer of a dice-off thrown once, before the first turn (`dice-off:`).
    DiceOff,
}

/// One step of a player turn.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct StepDef {
    pub name: String,
    #[serde(default)]
    pub label: Option<String>,
}

impl StepDef {
    pub fn label(&self) -> &str {
        self.label.as_deref().unwrap_or(&self.name)
    }
}

/// A chain of activations: each roll of `procedure` in a game activates the unit that makes
/// it, and a result in `ends_on` ends the player's turn.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct ChainDef {
    /// The procedure, by its canonical name.
    pub procedure: String,
    /// Its results that end the chain, by their names.
    pub ends_on: Vec<String>,
    /// The choice factor (canonical) of its roll that declares the unit's activity.
    pub declares: Option<String>,
}

/// Points each side rolls at the start of a turn and spends on what it does.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct PoolDef {
    /// What one point is called in messages, and more than one.
    pub point: String,
    pub points: String,
    /// What fills each side's pool when a turn starts.
    pub fill: PoolFill,
    /// What the points buy, in the table's order.
    pub spend: Vec<SpendDef>,
    /// Each side throws its dice when its own player turn starts, not every side when the
    /// turn does (`rolled: player-turn`).
    pub each_player: bool,
    pub note: Option<String>,
}

impl PoolDef {
    /// `1 point`, `3 points`.
    pub fn count(&self, n: i64) -> String {
        if n == 1 {
            format!("1 {}", self.point)
        } else {
            format!("{n} {}", self.points)
        }
    }
}

/// What fills a side's pool.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub enum PoolFill {
    /// The dice each side rolls, as a table writes them (`1d6`).
    Dice(String),
    /// Each figure in play of the side that `who` fits rolls `procedure` (canonical), and the
    /// amounts add up; a figure `joins` fits rolls it into the pool later, when a spend is
    /// made on its unit (a figure a spend reaches then adds its own roll).
    Roll {
        procedure: String,
        who: super::Conditions,
        joins: super::Conditions,
    },
}

/// A cost for each figure in play of the unit: the first case that fits it, or `cost`.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct EachCost {
    pub cost: u32,
    pub cases: Vec<EachCase>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct EachCase {
    pub when: super::Conditions,
    pub any: Vec<super::Conditions>,
    pub unless: super::Conditions,
    pub cost: u32,
    pub label: String,
}

/// Something a side may spend points on: a base cost, costs added when the umpire names the
/// circumstance, and what it does to the unit named (a marker taken off, a counter changed).
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct SpendDef {
    pub name: String,
    pub label: String,
    pub aliases: Vec<String>,
    pub cost: u32,
    /// A cost for each figure of the unit, added to `cost`.
    pub each: Option<EachCost>,
    /// Markers it puts on the unit's figures in play (canonical).
    pub puts_on: Vec<String>,
    pub extras: Vec<ExtraCost>,
    /// It is spent on one unit, named (`--unit`): always so when it changes the unit.
    pub unit: bool,
    /// A marker it takes off the unit (canonical), which the unit must carry.
    pub takes_off: Option<String>,
    /// A counter of the unit it changes, and by how much (a count below 0 is refused).
    pub counter: Option<(String, i64)>,
    /// The most times one unit may have it in a turn.
    pub per_unit: Option<u32>,
    /// Markers that refuse it on a unit carrying one (a unit in disorder does not move).
    pub not_while: Vec<String>,
    /// Markers one of which the unit must carry (a subsequent move, after a move).
    pub while_marked: Vec<String>,
    /// Unit fields it changes, as words (`type=regular-infantry`: a card swapped).
    pub sets: Vec<String>,
    /// What a unit's fields must meet for it to be spent on the unit (engineers build).
    pub only: super::Conditions,
    pub note: Option<String>,
}

impl SpendDef {
    pub fn names(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.name.as_str()).chain(self.aliases.iter().map(String::as_str))
    }
}

/// A cost added to a spend when its circumstance holds (the umpire names it).
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct ExtraCost {
    pub name: String,
    pub label: String,
    pub aliases: Vec<String>,
    pub cost: u32,
    /// Paid without being named once a unit of the spending side that meets these is out of
    /// the game; empty: only when named.
    pub when_lost: super::Conditions,
}

impl ExtraCost {
    pub fn names(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.name.as_str()).chain(self.aliases.iter().map(String::as_str))
    }
}

/// How long a marker stays on: it comes off by itself when play passes that point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Lasts {
    /// To the end of the player turn it was put on in (of the turn, in a draw).
    PlayerTurn,
    /// To the end of the turn it was put on in.
    Turn,
    /// To the end of the turn after the one it was put on in.
    NextTurn,
}

/// Held react tokens: a side keeps a token it drew, instead of acting on it, and spends it to
/// act in the other side's phase.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ReactDef {
    /// Tokens a side may hold in one turn (the game keeps one at a time: 1).
    pub hold: u32,
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

/// The draw: each side puts tokens in a bag, and each token drawn is a phase for its side.
/// The table names the token (`token: chit`), and every word said of the draw is that name:
/// the messages, the cards, the sheet, the options of `draw` and `turn`.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct DrawDef {
    /// What one token is called: `chit`, `card`.
    pub token: String,
    /// Its plural, where adding an `s` is wrong.
    #[serde(default)]
    pub tokens: Option<String>,
    /// Each side puts in as many tokens as this side has units.
    pub per_side: WhichSide,
}

impl DrawDef {
    /// The token's plural: as written, else the token's name with an `s`.
    pub fn plural(&self) -> Cow<'_, str> {
        match &self.tokens {
            Some(p) => Cow::Borrowed(p),
            None => Cow::Owned(format!("{}s", self.token)),
        }
    }

    /// `1 chit`, `2 chits`.
    pub fn count(&self, n: u64) -> String {
        if n == 1 {
            format!("1 {}", self.token)
        } else {
            format!("{n} {}", self.plural())
        }
    }
}
