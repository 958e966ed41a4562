//! `umpire log` and `umpire undo`: the game's events, and taking the last one back exactly.

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::json;

use super::ctx::{Ctx, say};
use crate::cli::write_json;
use crate::error::{Error, Result};
use crate::game::lookup;
use crate::game::state::{Change, Event, Game};
use crate::model::GameDef;
use crate::present::view;

/// `umpire log`: the events, as text or as an after-action report.
pub fn log(ctx: &Ctx<'_>, last: Option<usize>, markdown: bool, out: &mut Vec<u8>) -> Result<()> {
    let files = ctx.files()?;
    let g = files.read()?;
    if last == Some(0) {
        // Nothing asked for: nothing printed, but JSON says so.
        return if ctx.json {
            shown(ctx, &g, &[], markdown, out)
        } else {
            Ok(())
        };
    }
    // A log cut short shows the events it still holds, then says where it stops.
    let read = files.read_log(&g, last)?;
    let events: Vec<Event> = read.events.into_iter().map(|(_, e)| e).collect();
    shown(ctx, &g, &events, markdown, out)?;
    read.cut.map_or(Ok(()), Err)
}

/// The events as `log` prints them: JSON, the after-action report, or a line each.
fn shown(
    ctx: &Ctx<'_>,
    g: &Game,
    events: &[Event],
    markdown: bool,
    out: &mut Vec<u8>,
) -> Result<()> {
    if ctx.json {
        /// The log as `--json` gives it.
        #[derive(serde::Serialize)]
        struct Logged<'a> {
            schema: u32,
            game: &'a str,
            events: &'a [Event],
        }
        // Written as they are, without a copy of them all as a JSON tree first.
        let logged = Logged {
            schema: crate::cli::JSON_SCHEMA,
            game: &g.name,
            events,
        };
        return crate::cli::write_serialized(out, &logged);
    }
    if markdown {
        let ruleset = ctx.ruleset(g)?;
        say(out, &view::report(g, &ruleset, events));
        return Ok(());
    }
    if events.is_empty() {
        say(out, "Nothing has happened in this game yet.");
    }
    for e in events {
        say(out, &view::event_line(e));
    }
    Ok(())
}

/// `umpire undo`: take back the last change not yet taken back. The log is checked first:
/// it may have been edited by hand, and undo must never put into the game what the ruleset
/// does not know, nor take back the wrong event.
pub fn undo(ctx: &Ctx<'_>, out: &mut Vec<u8>) -> Result<()> {
    let files = ctx.files()?;
    let path = files.log_path();
    let (said, event) = files.update_logged(|game| {
        let ruleset = ctx.ruleset(game)?;
        let g = lookup::game_def(&ruleset)?;
        let log = files.read_log(game, None)?;
        if let Some(cut) = log.cut {
            return Err(cut);
        }
        check_ids(&path, game, &log.events)?;
        // Walk back from the newest event: an undo hides the event it took back.
        let mut undone = BTreeSet::new();
        let target = log.events.iter().rev().find(|(_, e)| {
            if let Some(id) = e.undoes {
                undone.insert(id);
                return false;
            }
            !undone.contains(&e.id)
        });
        let Some((line, target)) = target else {
            return Err(Error::usage("there is nothing to undo").with_hint(
                "every change of this game has been taken back; `umpire log` lists them",
            ));
        };
        let mut event = Event::new(
            game.turn.number,
            &ctx.line,
            format!("undid #{}: {}", target.id, target.summary),
        );
        event.undoes = Some(target.id);
        for c in target.changes.iter().rev() {
            game.apply(c.inverse(), &mut event);
        }
        for c in &event.changes {
            check_restored(c, game, g, &ruleset.model.title)
                .map_err(|m| hand_edited(&path, *line, &format!("event #{}: {m}", target.id)))?;
        }
        // Logged in the turn the game is back in.
        event.turn = game.turn.number;
        let said = event.summary.clone();
        Ok((Some(event), said))
    })?;
    if ctx.json {
        let undid = event.as_ref().and_then(|e| e.undoes);
        let facts = event
            .as_ref()
            .map(|e| crate::game::facts::of(&e.changes))
            .unwrap_or_default();
        let v = json!({
            "game": files.name,
            "done": [said],
            "undid": undid,
            "event": event,
            "facts": facts,
        });
        return write_json(out, v);
    }
    say(
        out,
        &format!("Undone: {}", said.trim_start_matches("undid ")),
    );
    Ok(())
}

/// A log line that cannot be right, as `file:line: message`.
fn hand_edited(path: &Path, line: usize, message: &str) -> Error {
    Error::failure(format!("{}:{line}: {message}", path.display())).with_hint(
        "the log was edited by hand: fix that line (`umpire log` lists the events); nothing \
         was undone",
    )
}

/// Event ids grow line by line up to the state's `seq`, and an undo names an event before it:
/// otherwise undo could take back the wrong change.
fn check_ids(path: &Path, game: &Game, events: &[(usize, Event)]) -> Result<()> {
    let mut seen = BTreeSet::new();
    let mut last: Option<u64> = None;
    for (line, e) in events {
        if let Some(before) = last
            && e.id <= before
        {
            return Err(hand_edited(
                path,
                *line,
                &format!("event #{} comes after #{before}: ids must grow", e.id),
            ));
        }
        if e.id > game.seq {
            return Err(hand_edited(
                path,
                *line,
                &format!("event #{} is newer than game.json's seq {}", e.id, game.seq),
            ));
        }
        if let Some(undoes) = e.undoes
            && !seen.contains(&undoes)
        {
            return Err(hand_edited(
                path,
                *line,
                &format!("event #{} undoes #{undoes}, which is not before it", e.id),
            ));
        }
        seen.insert(e.id);
        last = Some(e.id);
    }
    Ok(())
}

/// What one change taken back puts into the game must be something the ruleset knows and the
/// game has room for: a figure of a unit there is, markers, states and counters of the
/// ruleset, sides it has. `game` is the game after the undo.
fn check_restored(
    change: &Change,
    game: &Game,
    g: &GameDef,
    title: &str,
) -> std::result::Result<(), String> {
    let side = |s: &str| g.sides.iter().any(|d| d.name == s);
    let unknown = |what: &str, name: &str| format!("{what} `{name}`, which {title} does not know");
    match change {
        Change::Figure {
            code,
            after: Some(f),
            ..
        } => {
            if &f.code != code {
                return Err(format!("puts back figure `{}` as `{code}`", f.code));
            }
            if game.unit(&f.unit).is_none() {
                return Err(format!(
                    "puts back figure {code} of unit `{}`, which the game does not have",
                    f.unit
                ));
            }
            let about = format!("puts back figure {code} with the");
            if let Some(m) = f
                .markers
                .iter()
                .find(|m| !g.markers.iter().any(|d| &d.name == *m))
            {
                return Err(unknown(&format!("{about} marker"), m));
            }
            if let Some(s) = f
                .state
                .as_ref()
                .filter(|s| !g.states.iter().any(|d| &d.name == *s))
            {
                return Err(unknown(&format!("{about} state"), s));
            }
            if let Some(c) = f
                .counters
                .keys()
                .find(|c| !g.counters.iter().any(|d| &d.name == *c))
            {
                return Err(unknown(&format!("{about} counter"), c));
            }
            Ok(())
        }
        Change::Unit {
            name,
            after: Some(u),
            ..
        } => {
            if &u.name != name {
                return Err(format!("puts back unit `{}` as `{name}`", u.name));
            }
            if !side(&u.side) {
                return Err(unknown(
                    &format!("puts back unit {name} on the side"),
                    &u.side,
                ));
            }
            if let Some(f) = u.fields.keys().find(|f| !g.unit.contains_key(*f)) {
                return Err(unknown(&format!("puts back unit {name} with the field"), f));
            }
            Ok(())
        }
        Change::Unit {
            name, after: None, ..
        } => match game.figures.iter().find(|f| &f.unit == name) {
            Some(f) => Err(format!(
                "takes unit `{name}` away but leaves its figure {}",
                f.code
            )),
            None => Ok(()),
        },
        Change::Turn { after: t, .. } => {
            let sides = t
                .bag
                .keys()
                .chain(t.held.keys())
                .chain(&t.drawn)
                .chain(&t.reacting);
            if let Some(s) = sides.clone().find(|s| !side(s)) {
                return Err(unknown("puts back a turn with the side", s));
            }
            if let Some(u) = t.activations.keys().find(|u| game.unit(u).is_none()) {
                return Err(format!(
                    "puts back a turn in which unit `{u}` acted, which the game does not have"
                ));
            }
            Ok(())
        }
        Change::Pending { after: Some(c), .. } => match game.figure(&c.figure) {
            Some(_) => Ok(()),
            None => Err(format!(
                "puts back a check owed by figure `{}`, which the game does not have",
                c.figure
            )),
        },
        Change::Figure { after: None, .. } | Change::Pending { after: None, .. } => Ok(()),
    }
}
