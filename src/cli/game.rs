//! `umpire game`: start, list, pick, show or delete games.

use std::io::IsTerminal;

use clap::Subcommand;
use serde_json::json;

use super::ctx::{Ctx, say};
use crate::cli::{write_json, write_merged};
use crate::error::{Error, Result};
use crate::game::roster::{self};
use crate::game::state::Game;
use crate::present::view;
#[derive(Debug, Subcommand)]
pub enum GameCmd {
    /// Start a game with the ruleset in use (`--rules`) and make it the current one.
    New {
        /// Letters, digits, `-` and `_`.
        name: String,
    },
    /// List the games; `*` marks the current one.
    List,
    /// Make a game the current one.
    Use {
        /// The game's name (`umpire game list`).
        name: String,
    },
    /// The current game: ruleset, turn, units and their figures.
    Show,
    /// Delete a game and its log (asks first).
    Rm {
        /// The game's name.
        name: String,
        /// Do not ask.
        #[arg(long)]
        yes: bool,
    },
}

pub fn game(ctx: &Ctx<'_>, cmd: &GameCmd, out: &mut Vec<u8>) -> Result<()> {
    let store = ctx.store()?;
    match cmd {
        GameCmd::New { name } => {
            let ruleset = ctx.catalog.ruleset(ctx.rules.or(ctx.default_rules))?;
            roster::game_def(&ruleset)?;
            let game = Game::new(name, ruleset.name());
            store.create(&game)?;
            store.set_current(name)?;
            if ctx.json {
                return write_json(
                    out,
                    json!({
                        "game": name,
                        "ruleset": ruleset.name(),
                        "title": ruleset.model.title,
                        "current": true,
                    }),
                );
            }
            say(
                out,
                &format!(
                    "Game {name} started with {}; it is the current game.",
                    ruleset.model.title
                ),
            );
            Ok(())
        }
        GameCmd::List => {
            let current = store.current_name();
            let names = store.list()?;
            if ctx.json {
                return write_json(out, json!({ "games": names, "current": current }));
            }
            if names.is_empty() {
                say(out, "No games yet: `umpire game new NAME` starts one.");
            }
            for n in names {
                let mark = if current.as_deref() == Some(n.as_str()) {
                    "*"
                } else {
                    " "
                };
                let about = store.game(&n).and_then(|f| f.read()).map_or_else(
                    |e| format!("cannot be read: {e}"),
                    |g| {
                        format!(
                            "{}, turn {}, {} units, {} figures",
                            g.ruleset,
                            g.turn.number,
                            g.units.len(),
                            g.figures.len()
                        )
                    },
                );
                say(out, &format!("{mark} {n}  ({about})"));
            }
            Ok(())
        }
        GameCmd::Use { name } => {
            store.game(name)?;
            store.set_current(name)?;
            if ctx.json {
                return write_json(out, json!({ "game": name, "current": true }));
            }
            say(out, &format!("{name} is the current game."));
            Ok(())
        }
        GameCmd::Show => {
            let files = ctx.files()?;
            let g = files.read()?;
            let ruleset = ctx.ruleset(&g)?;
            if ctx.json {
                // The state as game.json keeps it.
                return write_merged(out, &g, json!({}));
            }
            say(out, &view::game(&g, &ruleset)?);
            Ok(())
        }
        GameCmd::Rm { name, yes } => {
            let files = store.game(name)?;
            if !yes {
                if !std::io::stdin().is_terminal() {
                    return Err(Error::usage(format!(
                        "deleting game `{name}` needs a yes, and there is no terminal to ask on"
                    ))
                    .with_hint(format!("`umpire game rm {name} --yes`")));
                }
                let sure = dialoguer::Confirm::new()
                    .with_prompt(format!("Delete game `{name}` and its whole log?"))
                    .default(false)
                    .interact()
                    .map_err(|e| Error::failure(format!("cannot ask: {e}")))?;
                if !sure {
                    if ctx.json {
                        return write_json(out, json!({ "game": name, "deleted": false }));
                    }
                    say(out, "Kept.");
                    return Ok(());
                }
            }
            store.remove(&files)?;
            if ctx.json {
                return write_json(out, json!({ "game": name, "deleted": true }));
            }
            say(out, &format!("Game {name} deleted."));
            Ok(())
        }
    }
}
