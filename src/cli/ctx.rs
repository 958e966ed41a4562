//! What every command of a game at the table runs with: the catalog, the ruleset and game
//! named, and one locked update of the game for each change, logged with what it changed.

use serde_json::{Value, json};

use super::faces;
use crate::engine::dice::Asker;

use crate::cli::write_json;
use crate::error::{Error, Result};
use crate::game::ruling::Umpire;
use crate::game::state::{Event, Game};
use crate::game::store::{GameFiles, Store};
use crate::model::Ruleset;
use crate::rules::catalog::Catalog;
use crate::suggest::same;

/// What the game commands need from the command line.
#[derive(Debug)]
pub struct Ctx<'a> {
    pub catalog: &'a Catalog,
    pub rules: Option<&'a str>,
    /// The config file's ruleset, for a new game when `--rules` is not given.
    pub default_rules: Option<&'a str>,
    pub game: Option<&'a str>,
    pub json: bool,
    /// The command as typed, for the log.
    pub line: String,
    /// The umpire's word against a rule of play that refuses (`--anyway`).
    pub umpire: Umpire<'a>,
}

impl Ctx<'_> {
    pub(super) fn store(&self) -> Result<Store> {
        Store::open_default()
    }

    pub(super) fn files(&self) -> Result<GameFiles> {
        self.store()?.current(self.game)
    }

    /// The ruleset a game was started with; `--rules` may only name the same one.
    pub(super) fn ruleset(&self, game: &Game) -> Result<Ruleset> {
        game_ruleset(self.catalog, self.rules, game)
    }

    /// A breach of the rules on combining: refused, naming the rule, unless the umpire rules
    /// otherwise (kept in `event`).
    pub(super) fn allow_combining(
        &self,
        breach: crate::game::combine::Breach,
        event: &mut Event,
    ) -> Result<()> {
        let (refusal, fix) = crate::present::words::refusals::combining(breach);
        self.umpire.allow(refusal, Some(fix), event)
    }

    /// Change the current game in one locked update, logging `summary` and the changes.
    pub(super) fn change(
        &self,
        out: &mut Vec<u8>,
        act: impl FnOnce(&mut Game, &Ruleset, &mut Event) -> Result<Vec<String>>,
    ) -> Result<()> {
        self.change_with(out, |game, ruleset, event| {
            act(game, ruleset, event).map(|lines| (lines, json!({})))
        })
    }

    /// The same, for an `act` that also says what `--json` adds (the turn after, the unit
    /// added): `{"game", "done": [lines], "event": {"id", "changes": [...], ...}, "facts":
    /// [...], ...}`, the event as the log keeps it (null when nothing changed) and what it
    /// changed as facts.
    pub(super) fn change_with(
        &self,
        out: &mut Vec<u8>,
        act: impl FnOnce(&mut Game, &Ruleset, &mut Event) -> Result<(Vec<String>, Value)>,
    ) -> Result<()> {
        let files = self.files()?;
        let ((lines, more), event) = files.update_logged(|game| {
            let ruleset = self.ruleset(game)?;
            let mut event = Event::new(game.turn.number, &self.line, "");
            let (mut lines, more) = act(game, &ruleset, &mut event)?;
            if event.summary.is_empty() {
                event.summary = lines.join("; ");
            }
            // A figure taken out of the game (marked dead, removed) owes no check any more:
            // said, and in the event's changes, but not the log's line of what happened.
            if let Some(g) = ruleset.model.game.as_ref() {
                lines.extend(crate::game::pending::drop_out_of_play(game, g, &mut event));
            }
            let logged = (!event.changes.is_empty()).then_some(event);
            Ok((logged, (lines, more)))
        })?;
        if self.json {
            // What changed, as facts a program can reason about (empty when nothing did).
            let facts = event
                .as_ref()
                .map(|e| crate::game::facts::of(&e.changes))
                .unwrap_or_default();
            let mut v =
                json!({ "game": files.name, "done": lines, "event": event, "facts": facts });
            if let (Value::Object(more), Value::Object(v)) = (more, &mut v) {
                v.extend(more);
            }
            write_json(out, v)
        } else {
            for l in lines {
                out.extend_from_slice(l.as_bytes());
                out.push(b'\n');
            }
            Ok(())
        }
    }

    /// The same, for a change that throws dice with `seed`. When the dice are thrown at the
    /// table (`ask`), the faces are asked for on the game as it stands, before the lock; the
    /// change is then made under the lock with the faces typed, and written only if it asked
    /// for the same dice. `act` is given the asker, or `None` when the tool rolls.
    pub(super) fn change_asking(
        &self,
        out: &mut Vec<u8>,
        (ask, seed): (bool, u64),
        act: impl Fn(&mut Game, &Ruleset, &mut Event, Option<Asker>) -> Result<(Vec<String>, Value)>,
    ) -> Result<()> {
        if !ask {
            return self.change_with(out, |game, ruleset, event| act(game, ruleset, event, None));
        }
        let files = self.files()?;
        let replay = faces::ask_first(&files.name, (seed, None), |asker| {
            let mut game = files.read()?;
            let ruleset = self.ruleset(&game)?;
            let mut event = Event::new(game.turn.number, &self.line, "");
            act(&mut game, &ruleset, &mut event, Some(asker)).map(|_| ())
        })?;
        self.change_with(out, |game, ruleset, event| {
            let done = act(game, ruleset, event, Some(replay.asker()))?;
            replay.done()?;
            Ok(done)
        })
    }
}

pub(super) fn say(out: &mut Vec<u8>, text: &str) {
    out.extend_from_slice(text.as_bytes());
    if !text.ends_with('\n') {
        out.push(b'\n');
    }
}

/// The ruleset of the game in use, for a command that names no figure of it (a roll, the
/// odds, a card): in a game the game's ruleset answers, not the config's. A game named with
/// `--game` must be readable; without one, no game in use (or one that cannot be read, which
/// its own commands report) leaves the config's ruleset to answer.
pub(super) fn game_rules(cli: &super::Cli) -> Result<Option<String>> {
    if cli.rules.is_some() {
        return Ok(None);
    }
    let read = || Store::open_default()?.current(cli.game.as_deref())?.read();
    match read() {
        Ok(game) => Ok(Some(game.ruleset)),
        Err(e) if cli.game.is_some() => Err(e),
        Err(_) => Ok(None),
    }
}

/// The ruleset a game was started with; `--rules` (`asked`) may only name the same one.
pub(super) fn game_ruleset(catalog: &Catalog, asked: Option<&str>, game: &Game) -> Result<Ruleset> {
    let r = catalog.ruleset(Some(&game.ruleset))?;
    if let Some(asked) = asked
        && !same(asked, r.name())
        && !r.model.aliases.iter().any(|a| same(a, asked))
    {
        return Err(Error::usage(format!(
            "game `{}` is played with {}, not `{asked}`",
            game.name, r.model.title
        ))
        .with_hint("leave out --rules for a game's commands"));
    }
    Ok(crate::game::sides::named(r, game))
}
