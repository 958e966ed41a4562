//! The look-ups of a game that everything above the game's data uses: the ruleset's `game`
//! tables, a side, unit, figure, marker or state by the name typed (with the suggestion when it
//! is not found), the labels messages say them by, the words of a marker change, and where
//! play stands. Pure reads of the data, below every file that changes it, so that any of them
//! may find things.

use crate::error::{Error, Result};
use crate::game::state::{Figure, Game, Turn, Unit};
use crate::model::Ruleset;
use crate::model::{GameDef, MarkerDef};
use crate::suggest::{did_you_mean, find, same};

/// The ruleset's `game` tables, or an error saying this ruleset keeps no games.
pub fn game_def(ruleset: &Ruleset) -> Result<&GameDef> {
    ruleset.model.game.as_ref().ok_or_else(|| {
        Error::usage(format!(
            "{} declares no sides or markers, so it cannot keep a game",
            ruleset.model.title
        ))
        .with_hint("add a `game:` section to its table (see the README)")
    })
}

/// A side by name or alias, whatever its case.
pub fn side<'a>(g: &'a GameDef, word: &str) -> Result<&'a str> {
    g.sides
        .iter()
        .find(|s| same(&s.name, word) || s.aliases.iter().any(|a| same(a, word)))
        .map(|s| s.name.as_str())
        .ok_or_else(|| {
            let names: Vec<&str> = g.sides.iter().map(|s| s.name.as_str()).collect();
            Error::usage(format!(
                "no side `{word}`; the sides are {}",
                names.join(", ")
            ))
            .with_hint_opt(did_you_mean(word, names.iter().copied()))
        })
}

/// A unit by name, whatever its case, with the names there are when it is not found.
pub fn unit<'a>(game: &'a Game, name: &str) -> Result<&'a Unit> {
    find(&game.units, name, |u| &u.name).ok_or_else(|| {
        let names: Vec<&str> = game.units.iter().map(|u| u.name.as_str()).collect();
        Error::usage(format!("there is no unit `{name}`")).with_hint_opt(
            did_you_mean(name, names.iter().copied()).or_else(|| {
                Some(if names.is_empty() {
                    "add one with `umpire unit add NAME FIELD=VALUE... --side SIDE --figures N`"
                        .into()
                } else {
                    format!("the units are: {}", names.join(", "))
                })
            }),
        )
    })
}

/// A unit by the code on its bases (any case) or by name.
pub fn unit_or_code<'a>(game: &'a Game, word: &str) -> Result<&'a Unit> {
    match game
        .units
        .iter()
        .find(|u| u.code.eq_ignore_ascii_case(word))
    {
        Some(u) => Ok(u),
        None => unit(game, word),
    }
}

/// A figure by label (any case), with a suggestion when it is not found.
pub fn figure<'a>(game: &'a Game, code: &str) -> Result<&'a Figure> {
    game.figure(code).ok_or_else(|| {
        let codes: Vec<String> = game.figures.iter().map(|f| f.code.clone()).collect();
        let upper = code.to_ascii_uppercase();
        Error::usage(format!("there is no figure {upper}")).with_hint_opt(
            did_you_mean(&upper, codes.iter().map(String::as_str)).or_else(|| {
                Some(if codes.is_empty() {
                    "the game has no figures yet: `umpire unit add ...` adds a unit and its figures"
                        .into()
                } else {
                    "`umpire figs` lists the figures".into()
                })
            }),
        )
    })
}

/// A marker by name or alias, whatever its case.
pub fn marker<'a>(g: &'a GameDef, word: &str) -> Option<&'a MarkerDef> {
    g.markers
        .iter()
        .find(|m| same(&m.name, word) || m.aliases.iter().any(|a| same(a, word)))
}

/// A state by name or alias, whatever its case.
pub(super) fn state<'a>(g: &'a GameDef, word: &str) -> Option<&'a str> {
    g.states
        .iter()
        .find(|s| same(&s.name, word) || s.aliases.iter().any(|a| same(a, word)))
        .map(|s| s.name.as_str())
}

/// A marker as messages say it: its label, else its name.
pub fn marker_label<'a>(g: &'a GameDef, name: &'a str) -> &'a str {
    g.markers
        .iter()
        .find(|m| m.name == name)
        .map_or(name, |m| m.label.as_str())
}

/// A state as messages say it: its label, else its name.
pub fn state_label<'a>(g: &'a GameDef, name: &'a str) -> &'a str {
    g.states
        .iter()
        .find(|s| s.name == name)
        .map_or(name, |s| s.label.as_str())
}

/// A side as messages say it: its label, else its name.
pub fn side_label<'a>(g: &'a GameDef, side: &'a str) -> &'a str {
    g.sides
        .iter()
        .find(|s| s.name == side)
        .and_then(|s| s.label.as_deref())
        .unwrap_or(side)
}

/// One requested change: `+pinned`, `-prone`, `+dead`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mark {
    Add(String),
    Remove(String),
}

/// A change's sign and name: `+NAME` puts it on (true), `-NAME` takes it off (false).
pub fn signed(change: &str) -> Option<(bool, &str)> {
    match change.split_at_checked(1)? {
        ("+", name) => Some((true, name)),
        ("-", name) => Some((false, name)),
        _ => None,
    }
}

/// A name the ruleset does not keep among its `kind`s (`counter`, `link`): those it keeps, and
/// the closest.
pub fn unknown<'a>(kind: &str, name: &str, names: impl Iterator<Item = &'a str> + Clone) -> Error {
    let listed: Vec<&str> = names.clone().collect();
    let there = if listed.is_empty() {
        "this ruleset keeps none".to_string()
    } else {
        format!("there are: {}", listed.join(", "))
    };
    Error::usage(format!("no {kind} `{name}`; {there}")).with_hint_opt(did_you_mean(name, names))
}

/// A marker or state change as typed (`+pinned`, `-dead`), with the name the ruleset gives it.
pub fn parse_mark(g: &GameDef, word: &str) -> Result<Mark> {
    let Some((add, name)) = signed(word) else {
        return Err(Error::usage(format!("`{word}` is not a marker change"))
            .with_hint("write `+MARKER` to add a marker and `-MARKER` to take it off"));
    };
    let canonical = marker(g, name)
        .map(|m| m.name.clone())
        .or_else(|| state(g, name).map(str::to_string))
        .ok_or_else(|| {
            let names: Vec<&str> = g
                .markers
                .iter()
                .map(|m| m.name.as_str())
                .chain(g.states.iter().map(|s| s.name.as_str()))
                .collect();
            let aliases = g
                .markers
                .iter()
                .flat_map(|m| m.aliases.iter())
                .chain(g.states.iter().flat_map(|s| s.aliases.iter()))
                .map(String::as_str);
            Error::usage(format!(
                "no marker or state `{name}`; there are: {}",
                names.join(", ")
            ))
            .with_hint_opt(did_you_mean(name, names.iter().copied().chain(aliases)))
        })?;
    Ok(if add {
        Mark::Add(canonical)
    } else {
        Mark::Remove(canonical)
    })
}

/// Where play stands: the turn, and the player turn by its place from 1 (1 in a draw).
pub(super) fn now(game: &Game) -> [u32; 2] {
    [game.turn.number, game.turn.player.max(1)]
}

/// The side of the player turn going, when one is.
pub fn playing(game: &Game) -> Option<&str> {
    playing_of(&game.turn)
}

/// The side of the player turn going in this turn, when one is.
pub(super) fn playing_of(t: &Turn) -> Option<&str> {
    let at = usize::try_from(t.player).ok()?.checked_sub(1)?;
    t.order.get(at).map(String::as_str)
}
