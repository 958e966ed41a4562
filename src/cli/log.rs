//! `umpire log` and `umpire undo`: the game's events, and taking the last one back exactly.

use serde_json::json;

use super::ctx::{Ctx, say};
use crate::cli::write_json;
use crate::error::{Error, Result};
use crate::game::state::Event;
use crate::present::view;
/// `umpire log`: the events, as text or as an after-action report.
pub fn log(ctx: &Ctx<'_>, last: Option<usize>, markdown: bool, out: &mut Vec<u8>) -> Result<()> {
    let files = ctx.files()?;
    let g = files.read()?;
    let events = files.events(&g, last)?;
    if ctx.json {
        let v = serde_json::to_value(&events)
            .map_err(|e| Error::failure(format!("cannot write JSON: {e}")))?;
        return write_json(out, &v);
    }
    if markdown {
        let ruleset = ctx.ruleset(&g)?;
        say(out, &view::report(&g, &ruleset, &events));
        return Ok(());
    }
    if events.is_empty() {
        say(out, "Nothing has happened in this game yet.");
    }
    for e in &events {
        say(out, &view::event_line(e));
    }
    Ok(())
}

/// `umpire undo`: take back the last change not yet taken back.
pub fn undo(ctx: &Ctx<'_>, out: &mut Vec<u8>) -> Result<()> {
    let files = ctx.files()?;
    let said = files.update(|game| {
        // Walk back from the newest event: an undo hides the event it took back.
        let events = files.events(game, None)?;
        let mut undone = std::collections::BTreeSet::new();
        let target = events.iter().rev().find(|e| {
            if let Some(id) = e.undoes {
                undone.insert(id);
                return false;
            }
            !undone.contains(&e.id)
        });
        let Some(target) = target else {
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
        // Logged in the turn the game is back in.
        event.turn = game.turn.number;
        let said = event.summary.clone();
        Ok((Some(event), said))
    })?;
    if ctx.json {
        return write_json(out, &json!({ "game": files.name, "done": [said] }));
    }
    say(
        out,
        &format!("Undone: {}", said.trim_start_matches("undid ")),
    );
    Ok(())
}
