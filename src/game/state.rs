//! A game at the table as data: its units and figures, their markers and states, the turn, the
//! checks figures owe, and the events that changed them, each with what it changed so that it
//! can be undone. The bottom of the game folder: it imports none of its other files.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

/// The layout of `game.json`; a file with another number is refused, not guessed at.
/// Format 2 added the checks the game owes (`pending`); a file of format 1 owes none. Format 3
/// added the turn a unit last charged (`charged`); a file of an older format has none. Format 4
/// added player turns (`order`, `player`, `ended`), the sides' pools of points (`pools`,
/// `bought`), markers that come off by themselves (`until`), the sides the players named
/// (`sides`) and what a unit is worth (`points`); an older file has none.
pub const FORMAT: u32 = 4;

/// The oldest layout still read: what it lacks is empty.
const OLDEST: u32 = 1;

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Game {
    pub format: u32,
    pub name: String,
    /// The ruleset's id: every name in the game comes from its tables.
    pub ruleset: String,
    /// The last event this state includes.
    #[serde(default)]
    pub seq: u64,
    /// How many bytes of the log hold the events this state includes.
    #[serde(default)]
    pub log_len: u64,
    /// The sides as the players named them when the game started, where the table lets them
    /// (in the table's order); none: the table's own.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sides: Vec<crate::model::GameSideDef>,
    #[serde(default)]
    pub turn: Turn,
    #[serde(default)]
    pub units: Vec<Unit>,
    #[serde(default)]
    pub figures: Vec<Figure>,
    /// The checks figures owe, oldest first.
    #[serde(default)]
    pub pending: Vec<Check>,
}

/// Where the game stands in its turns: the bag of tokens, the tokens drawn, who acted.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Turn {
    /// 0 before the first turn starts.
    #[serde(default)]
    pub number: u32,
    /// Phases in this turn: one per token drawn.
    #[serde(default)]
    pub phases: u32,
    /// Tokens left in the bag, by side.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub bag: BTreeMap<String, u32>,
    /// The side of each token drawn this turn, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drawn: Vec<String>,
    /// Each side's react token this turn: the phase it was drawn in, and whether it was spent.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub held: BTreeMap<String, Held>,
    /// A side that spent its react token and has not activated its unit yet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reacting: Option<String>,
    /// The phases each unit was activated in this turn (in player turns: the player turn, by
    /// its place in `order`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub activations: BTreeMap<String, Vec<u32>>,
    /// In player turns: the sides in the order they play this turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub order: Vec<String>,
    /// In player turns: the player turn going, by its place in `order` from 1 (0 before any).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub player: u32,
    /// In player turns: what each unit activated in the player turn going declared it would do
    /// (the value of the chain's `declares` factor), which holds it to that activity.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub declared: BTreeMap<String, String>,
    /// The unit whose failed activation ended the player turn going, when one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<String>,
    /// Each side's pool of points this turn.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub pools: BTreeMap<String, Pool>,
    /// Where a dice-off decides who plays first: the side that won it, kept from turn to turn
    /// (none before it is thrown).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub high_scorer: Option<String>,
    /// What units had from their side's pool this turn: by unit, the times of each thing.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub bought: BTreeMap<String, BTreeMap<String, u32>>,
}

/// A side's pool of points in a turn: the faces it rolled (the first throw a tie made again
/// comes first) and the points left.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Pool {
    #[serde(default)]
    pub faces: Vec<i64>,
    pub rolled: i64,
    pub left: i64,
    /// The figures that have thrown into it this turn, where figures fill it: one a spend
    /// brings in later throws once.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub thrown: Vec<String>,
}

#[expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde passes a reference"
)]
pub(crate) fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Held {
    pub phase: u32,
    #[serde(default)]
    pub spent: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Unit {
    pub name: String,
    pub side: String,
    /// The prefix of its figures' labels (`RR` for `RR1`, `RR2`...).
    pub code: String,
    /// Troop type, weapon, formation...: the ruleset's unit fields, by name.
    #[serde(default)]
    pub fields: BTreeMap<String, String>,
    /// The turn the unit last charged, for a rule about charging again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub charged: Option<u32>,
    /// What the unit is worth, from its army list, for a side condition that counts points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<crate::model::Points>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Figure {
    pub code: String,
    pub unit: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub markers: Vec<String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub counters: BTreeMap<String, i64>,
    /// The counts kept a turn as the last turn ended them, kept while the figure still owes
    /// a check of that turn: its result counts toward the turn it was owed in.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub last_turn: BTreeMap<String, i64>,
    /// Markers that come off by themselves: the turn and player turn (its place, from 1) at
    /// whose end each does.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub until: BTreeMap<String, [u32; 2]>,
    /// The ties it holds to other figures, by link: `LINK: [B2]`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub links: BTreeMap<String, Vec<String>>,
    /// Out of the game: dead, fled, captured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}

/// One check owed: the procedure, the figure that makes it and the factors its cause sets
/// (the roster gives the rest when it is made), why, and the event whose roll called for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Check {
    pub procedure: String,
    pub figure: String,
    /// `name=value` words, as the command that makes it takes them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub factors: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The id of the event that called for it.
    #[serde(default)]
    pub event: u64,
    /// What happened there, in a line (`PROCEDURE (A1 at B2): RESULT`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub cause: String,
    /// Made before anything else is rolled, drawn or started (the table's "at once").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub at_once: bool,
    /// The turn it was owed in (0: before the first turn, or a game that did not keep it): a
    /// check made in a later turn counts toward its own turn, not the one being played.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub turn: u32,
}

impl Check {
    /// `PROCEDURE FACTOR=VALUE`: the procedure and the factors, as typed after `roll`.
    pub fn what(&self) -> String {
        let mut words = vec![self.procedure.clone()];
        words.extend(self.factors.iter().cloned());
        words.join(" ")
    }

    /// `A1 PROCEDURE FACTOR=VALUE: why [#5 what caused it]`.
    pub fn described(&self) -> String {
        let note = self
            .note
            .as_ref()
            .map(|n| format!(": {n}"))
            .unwrap_or_default();
        let cause = if self.cause.is_empty() {
            format!("#{}", self.event)
        } else {
            format!("#{} {}", self.event, self.cause)
        };
        format!("{} {}{note} [{cause}]", self.figure, self.what())
    }

    /// The same check: the same procedure for the same figure with the same factors.
    pub fn same(&self, other: &Check) -> bool {
        self.procedure == other.procedure
            && self.figure.eq_ignore_ascii_case(&other.figure)
            && self.factors == other.factors
    }
}

/// One change to the game, as the log keeps it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Event {
    pub id: u64,
    /// The turn it happened in.
    #[serde(default)]
    pub turn: u32,
    /// The command as typed (`mark RR2 +pinned`).
    pub command: String,
    /// What happened, in a line.
    pub summary: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<Change>,
    /// For an undo: the event it took back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undoes: Option<u64>,
    /// Anything else worth keeping (the dice of a roll, the seed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<serde_json::Value>,
    /// Refusals of the rules of play the umpire overrode for this change, with the reason.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rulings: Vec<Ruling>,
}

/// The umpire's ruling against a rule of play that refused (`--anyway "WHY"`): the refusal
/// and the reason given, kept in the log with the change it let through.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Ruling {
    pub rule: String,
    pub who: String,
    pub why: String,
    pub reason: String,
}

impl Event {
    pub fn new(turn: u32, command: impl Into<String>, summary: impl Into<String>) -> Event {
        Event {
            id: 0,
            turn,
            command: command.into(),
            summary: summary.into(),
            changes: Vec::new(),
            undoes: None,
            detail: None,
            rulings: Vec::new(),
        }
    }
}

/// One thing as it was and as it became (`None`: did not exist), so it can be put back.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "what", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Change {
    Figure {
        code: String,
        before: Option<Figure>,
        after: Option<Figure>,
        /// Its place in the list, so that taking back a removal puts it where it was.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<usize>,
    },
    Unit {
        name: String,
        before: Option<Unit>,
        after: Option<Unit>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<usize>,
    },
    Turn {
        before: Turn,
        after: Turn,
    },
    /// A check owed (`after`), made or dropped (`before`), at its place in the queue.
    Pending {
        at: usize,
        before: Option<Check>,
        after: Option<Check>,
    },
}

impl Change {
    /// The change that takes this one back.
    pub fn inverse(&self) -> Change {
        match self {
            Change::Figure {
                code,
                before,
                after,
                at,
            } => Change::Figure {
                code: code.clone(),
                before: after.clone(),
                after: before.clone(),
                at: *at,
            },
            Change::Unit {
                name,
                before,
                after,
                at,
            } => Change::Unit {
                name: name.clone(),
                before: after.clone(),
                after: before.clone(),
                at: *at,
            },
            Change::Turn { before, after } => Change::Turn {
                before: after.clone(),
                after: before.clone(),
            },
            Change::Pending { at, before, after } => Change::Pending {
                at: *at,
                before: after.clone(),
                after: before.clone(),
            },
        }
    }
}

impl Game {
    pub fn new(name: &str, ruleset: &str) -> Game {
        Game {
            format: FORMAT,
            name: name.to_string(),
            ruleset: ruleset.to_string(),
            seq: 0,
            log_len: 0,
            sides: Vec::new(),
            turn: Turn::default(),
            units: Vec::new(),
            figures: Vec::new(),
            pending: Vec::new(),
        }
    }

    /// The same game, claiming another format (to report a file's format).
    pub fn with_format(mut self, format: u32) -> Game {
        self.format = format;
        self
    }

    pub fn check_format(&self, path: &Path) -> Result<()> {
        if (OLDEST..=FORMAT).contains(&self.format) {
            Ok(())
        } else {
            Err(Error::failure(format!(
                "{}: format {} is not one this umpire reads (it reads {OLDEST} to {FORMAT})",
                path.display(),
                self.format
            ))
            .with_hint("use the umpire that wrote it, or a newer one"))
        }
    }

    /// The id the store gives the event of the change being made: one more than `seq`.
    pub fn next_event_id(&self) -> u64 {
        self.seq.saturating_add(1)
    }

    /// The text of `game.json`: a key per line and each unit, figure and check on a line of its
    /// own, easy to read and fix by hand, and a third the size of fully indented JSON (every change
    /// of a 500-figure game rewrites and syncs it). Written field by field, in the struct's
    /// order, with no detour through a JSON tree.
    pub fn to_json(&self) -> Result<String> {
        fn one<T: Serialize>(v: &T) -> Result<String> {
            serde_json::to_string(v)
                .map_err(|e| Error::failure(format!("cannot write the game: {e}")))
        }
        fn list<T: Serialize>(items: &[T]) -> Result<String> {
            if items.is_empty() {
                return Ok("[]".into());
            }
            let lines = items
                .iter()
                .map(|x| one(x).map(|j| format!("    {j}")))
                .collect::<Result<Vec<_>>>()?;
            Ok(format!("[\n{}\n  ]", lines.join(",\n")))
        }
        // The sides the players named, only where they did.
        let sides = if self.sides.is_empty() {
            String::new()
        } else {
            format!("\n  \"sides\": {},", list(&self.sides)?)
        };
        Ok(format!(
            "{{\n  \"format\": {},\n  \"name\": {},\n  \"ruleset\": {},\n  \"seq\": {},\n  \
             \"log-len\": {},{sides}\n  \"turn\": {},\n  \"units\": {},\n  \"figures\": {},\n  \
             \"pending\": {}\n}}",
            FORMAT,
            one(&self.name)?,
            one(&self.ruleset)?,
            self.seq,
            self.log_len,
            one(&self.turn)?,
            list(&self.units)?,
            list(&self.figures)?,
            list(&self.pending)?,
        ))
    }

    pub fn unit(&self, name: &str) -> Option<&Unit> {
        self.units.iter().find(|u| u.name == name)
    }

    pub fn figure(&self, code: &str) -> Option<&Figure> {
        self.figures
            .iter()
            .find(|f| f.code.eq_ignore_ascii_case(code))
    }

    /// Figures of a unit, in label order (`RR2` before `RR10`).
    pub fn figures_of(&self, unit: &str) -> Vec<&Figure> {
        let mut figs: Vec<&Figure> = self.figures.iter().filter(|f| f.unit == unit).collect();
        // A unit of 200 sorts its labels once each, not at every comparison.
        figs.sort_by_cached_key(|f| label_key(&f.code));
        figs
    }

    /// Figures of a unit still in play, in no order: for counting them.
    pub fn in_play_unordered<'a>(&'a self, unit: &'a str) -> impl Iterator<Item = &'a Figure> {
        self.figures
            .iter()
            .filter(move |f| f.unit == unit && f.state.is_none())
    }

    /// Figures of a unit still in play (in no state), in label order.
    pub fn in_play_of(&self, unit: &str) -> Vec<&Figure> {
        let mut figs = self.figures_of(unit);
        figs.retain(|f| f.state.is_none());
        figs
    }

    /// A unit's losses in steps of `per` percent: its figures out of play or carrying a marker
    /// the count lists, over all its figures.
    pub fn losses_of(&self, unit: &str, l: &crate::model::LossesDef) -> u64 {
        let all = self.figures_of(unit);
        let lost = all
            .iter()
            .filter(|f| f.state.is_some() || f.markers.iter().any(|m| l.marked.contains(m)))
            .count();
        let (lost, all) = (lost as u64, all.len().max(1) as u64);
        lost.saturating_mul(100) / all / u64::from(l.per.max(1))
    }

    /// The labels of a unit's figures still in play, in order.
    pub fn codes_in_play(&self, unit: &str) -> Vec<String> {
        self.in_play_of(unit)
            .into_iter()
            .map(|f| f.code.clone())
            .collect()
    }

    /// Apply a change and record it in `event`.
    pub fn apply(&mut self, change: Change, event: &mut Event) {
        self.put(&change);
        event.changes.push(change);
    }

    /// Make the game hold what `change` says comes after it.
    pub fn put(&mut self, change: &Change) {
        match change {
            Change::Figure {
                code, after, at, ..
            } => {
                let now = self.figures.iter().position(|f| &f.code == code);
                put_in(&mut self.figures, now, after.as_ref(), *at);
            }
            Change::Unit {
                name, after, at, ..
            } => {
                let now = self.units.iter().position(|u| &u.name == name);
                put_in(&mut self.units, now, after.as_ref(), *at);
            }
            Change::Turn { after, .. } => self.turn = after.clone(),
            Change::Pending {
                at, before, after, ..
            } => {
                let now = before
                    .as_ref()
                    .map(|_| *at)
                    .filter(|i| *i < self.pending.len());
                put_in(&mut self.pending, now, after.as_ref(), Some(*at));
            }
        }
    }

    /// A change of one figure, from how it is now.
    pub fn figure_change(&self, code: &str, after: Option<Figure>) -> Change {
        let at = self.figures.iter().position(|f| f.code == code);
        Change::Figure {
            code: code.to_string(),
            before: at.and_then(|i| self.figures.get(i)).cloned(),
            after,
            at,
        }
    }

    pub fn unit_change(&self, name: &str, after: Option<Unit>) -> Change {
        let at = self.units.iter().position(|u| u.name == name);
        Change::Unit {
            name: name.to_string(),
            before: at.and_then(|i| self.units.get(i)).cloned(),
            after,
            at,
        }
    }
}

/// Replace, remove or add one item of a list; an item added back goes where it was (`at`).
fn put_in<T: Clone>(list: &mut Vec<T>, now: Option<usize>, after: Option<&T>, at: Option<usize>) {
    match (now, after) {
        (Some(i), Some(x)) => {
            if let Some(slot) = list.get_mut(i) {
                *slot = x.clone();
            }
        }
        (Some(i), None) => {
            list.remove(i);
        }
        (None, Some(x)) => {
            let i = at.unwrap_or(list.len()).min(list.len());
            list.insert(i, x.clone());
        }
        (None, None) => {}
    }
}

/// Sort key for figure labels: the prefix, then the number as a number.
pub fn label_key(code: &str) -> (String, u64, String) {
    let split = code
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_digit())
        .last()
        .map_or(code.len(), |(i, _)| i);
    let (prefix, digits) = code.split_at(split);
    (
        prefix.to_ascii_uppercase(),
        digits.parse().unwrap_or(0),
        code.to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_sort_by_number() {
        let mut codes = vec!["RR10", "RR2", "CF1", "RR1"];
        codes.sort_by_key(|c| label_key(c));
        assert_eq!(codes, vec!["CF1", "RR1", "RR2", "RR10"]);
    }

    #[test]
    fn a_change_and_its_inverse_cancel() {
        let mut g = Game::new("g", "r");
        let fig = Figure {
            code: "A1".into(),
            unit: "a".into(),
            markers: vec!["pinned".into()],
            counters: BTreeMap::new(),
            last_turn: BTreeMap::new(),
            until: BTreeMap::new(),
            links: BTreeMap::new(),
            state: None,
            note: String::new(),
        };
        let mut e = Event::new(0, "x", "y");
        let c = g.figure_change("A1", Some(fig));
        g.apply(c.clone(), &mut e);
        assert_eq!(g.figures.len(), 1);
        g.put(&c.inverse());
        assert!(g.figures.is_empty());
    }
}
