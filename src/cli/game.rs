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
        /// Name a side, where the ruleset lets the players name them (once a side, in order).
        #[arg(long = "side", value_name = "NAME")]
        sides: Vec<String>,
        /// Put an army list on the table for a side: its units, with their points
        /// (`umpire army list`); the side is named so where the players name the sides.
        #[arg(long = "army", value_name = "SIDE=LIST")]
        armies: Vec<String>,
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
        GameCmd::New {
            name,
            sides,
            armies,
        } => {
            let ruleset = ctx.catalog.ruleset(ctx.rules.or(ctx.default_rules))?;
            roster::game_def(&ruleset)?;
            let mut game = Game::new(name, ruleset.name());
            let placed = armies_placed(&ruleset, &mut game, sides, armies)?;
            let files = store.create(&game)?;
            store.set_current(name)?;
            if let Some(list) = &placed {
                let line = ctx.line.clone();
                files.update_logged(|g| {
                    let ruleset = crate::game::sides::named(ruleset.clone(), g);
                    let mut event = crate::game::state::Event::new(0, line, "");
                    let said = place(g, &ruleset, list, &mut event)?;
                    event.summary = said.join("; ");
                    Ok((Some(event), ()))
                })?;
            }
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
            if let Some(list) = &placed {
                let scratch = &mut Game::new(name, ruleset.name());
                scratch.sides.clone_from(&game.sides);
                let ruleset = crate::game::sides::named(ruleset.clone(), scratch);
                let mut event = crate::game::state::Event::new(0, "", "");
                for line in place(scratch, &ruleset, list, &mut event)? {
                    say(out, &line);
                }
            }
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

/// The armies of `game new`, as (side, list name), once the sides are named.
type Armies = Vec<(String, String)>;

/// Name the game's sides (`--side`, else the sides `--army` names, where the players name
/// them) and check the armies: each list known, one list a side, and all of one game size.
/// The armies to place, when any.
fn armies_placed(
    ruleset: &crate::model::Ruleset,
    game: &mut Game,
    sides: &[String],
    armies: &[String],
) -> Result<Option<Armies>> {
    let mut wanted: Armies = Vec::new();
    for a in armies {
        let Some((side, list)) = a
            .split_once('=')
            .filter(|(s, l)| !s.is_empty() && !l.is_empty())
        else {
            return Err(
                Error::usage(format!("`--army {a}` names no side and list")).with_hint(
                    "--army SIDE=LIST: a name for the side and an army list (`umpire army list`)",
                ),
            );
        };
        wanted.push((side.to_string(), list.to_string()));
    }
    let g = roster::game_def(ruleset)?;
    let names: Vec<String> = if sides.is_empty() && g.open_sides {
        wanted.iter().map(|(s, _)| s.clone()).collect()
    } else {
        sides.to_vec()
    };
    game.sides = crate::game::sides::name(ruleset, &names)?;
    if wanted.is_empty() {
        return Ok(None);
    }
    let named = crate::game::sides::named(ruleset.clone(), game);
    let g = roster::game_def(&named)?;
    let mut size = None;
    for (side, list) in &mut wanted {
        *side = roster::side(g, side)?.to_string();
        let (period, l) = super::army::find_list(&named, list)?;
        match &size {
            Some((s, first)) if *s != period.size => {
                return Err(Error::usage(format!(
                    "{first} is a list for {s} points a side and {} for {}: both sides play one \
                     size",
                    l.title, period.size
                )));
            }
            _ => size = Some((period.size, l.title.clone())),
        }
        list.clone_from(&l.name);
    }
    for (i, (side, _)) in wanted.iter().enumerate() {
        if wanted.iter().take(i).any(|(s, _)| s == side) {
            return Err(Error::usage(format!("side `{side}` is given two armies"))
                .with_hint("one --army a side"));
        }
    }
    Ok(Some(wanted))
}

/// Put each army on the table for its side: what was done.
fn place(
    game: &mut Game,
    ruleset: &crate::model::Ruleset,
    armies: &Armies,
    event: &mut crate::game::state::Event,
) -> Result<Vec<String>> {
    let mut said = Vec::new();
    for (side, list) in armies {
        let (_, l) = super::army::find_list(ruleset, list)?;
        said.extend(crate::game::army::place(game, ruleset, side, l, event)?);
    }
    Ok(said)
}
