//! `umpire game`: start, list, pick, show or delete games.

use crate::game::lookup;
use std::io::IsTerminal;

use clap::Subcommand;
use serde_json::json;

use super::ctx::{Ctx, say};
use crate::cli::{write_json, write_merged};
use crate::error::{Error, Result};
use crate::game::state::Game;
use crate::game::store::Store;
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
        /// LIST may be a file of your own list (`umpire army check FILE` shows its shape).
        #[arg(long = "army", value_name = "SIDE=LIST")]
        armies: Vec<String>,
        /// Take an `or` alternative of a list's line instead of the line: its number among
        /// the line's alternatives, or a kind of unit (`--choose french:5=2`,
        /// `--choose french:5=light-infantry`); lines numbered as `umpire army show` does.
        /// At a terminal, each line not chosen is asked.
        #[arg(long = "choose", value_name = "SIDE:LINE=ALT")]
        choices: Vec<String>,
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
            choices,
        } => new(ctx, &store, name, (sides, armies, choices), out),
        GameCmd::List => list(ctx, &store, out),
        GameCmd::Use { name } => use_game(ctx, &store, name, out),
        GameCmd::Show => show(ctx, out),
        GameCmd::Rm { name, yes } => remove(ctx, &store, name, *yes, out),
    }
}

/// `game new`: start the game with the ruleset in use, its sides named and its armies placed,
/// and make it the current one.
fn new(
    ctx: &Ctx<'_>,
    store: &Store,
    name: &str,
    (sides, armies, choices): (&[String], &[String], &[String]),
    out: &mut Vec<u8>,
) -> Result<()> {
    let ruleset = ctx.catalog.ruleset(ctx.rules.or(ctx.default_rules))?;
    lookup::game_def(&ruleset)?;
    let mut game = Game::new(name, ruleset.name());
    let mut placed = armies_placed(&ruleset, &mut game, sides, armies)?;
    // Lines left open are asked at a terminal, and said elsewhere.
    let ask = !ctx.json && std::io::stdin().is_terminal() && std::io::stderr().is_terminal();
    let chosen = choose(
        &crate::game::sides::named(ruleset.clone(), &game),
        placed.as_mut(),
        (choices, ask),
    )?;
    let files = store.create(&game)?;
    store.set_current(name)?;
    if let Some(list) = &placed {
        let line = ctx.line.clone();
        files.update_logged(|g| {
            let ruleset = crate::game::sides::named(ruleset.clone(), g);
            let mut event = crate::game::state::Event::new(0, line, "");
            let mut said = place(g, &ruleset, list, &mut event)?;
            // The lines chosen (typed or asked) are the log's, for the list as placed.
            said.extend(chosen.iter().cloned());
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
                "chosen": chosen,
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
        for line in chosen {
            say(out, &line);
        }
    }
    Ok(())
}

/// `game list`: every game with its ruleset, turn and size, the current one marked.
fn list(ctx: &Ctx<'_>, store: &Store, out: &mut Vec<u8>) -> Result<()> {
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

/// `game use`: make a game that exists the current one.
fn use_game(ctx: &Ctx<'_>, store: &Store, name: &str, out: &mut Vec<u8>) -> Result<()> {
    store.game(name)?;
    store.set_current(name)?;
    if ctx.json {
        return write_json(out, json!({ "game": name, "current": true }));
    }
    say(out, &format!("{name} is the current game."));
    Ok(())
}

/// `game show`: the current game as the umpire reads it, or its state as game.json keeps it.
fn show(ctx: &Ctx<'_>, out: &mut Vec<u8>) -> Result<()> {
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

/// `game rm`: delete a game and its log, once the umpire says yes (asked at a terminal, else
/// given with `--yes`).
fn remove(ctx: &Ctx<'_>, store: &Store, name: &str, yes: bool, out: &mut Vec<u8>) -> Result<()> {
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

/// The armies of `game new`, as (side, list), once the sides are named.
type Armies = Vec<(String, crate::model::ArmyList)>;

/// Name the game's sides (`--side`, else the sides `--army` names, where the players name
/// them) and check the armies: each list known, one list a side, and all of one game size.
/// The armies to place, when any.
fn armies_placed(
    ruleset: &crate::model::Ruleset,
    game: &mut Game,
    sides: &[String],
    armies: &[String],
) -> Result<Option<Armies>> {
    let mut wanted: Vec<(String, String)> = Vec::new();
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
    let g = lookup::game_def(ruleset)?;
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
    let g = lookup::game_def(&named)?;
    let mut size: Option<(crate::model::Points, String)> = None;
    let mut placed: Armies = Vec::new();
    for (side, list) in &wanted {
        let side = lookup::side(g, side)?.to_string();
        let (period_size, l) = if super::army::find_list(&named, list).is_err()
            && std::path::Path::new(list).is_file()
        {
            own_list(&named, list)?
        } else {
            let (period, l) = super::army::find_list(&named, list)?;
            (Some(period.size), l.clone())
        };
        match (&size, period_size) {
            (Some((s, first)), Some(this)) if *s != this => {
                return Err(Error::usage(format!(
                    "{first} is a list for {s} points a side and {} for {this}: both sides play \
                     one size",
                    l.title
                )));
            }
            (None, Some(this)) => size = Some((this, l.title.clone())),
            _ => {}
        }
        if placed.iter().any(|(s, _)| *s == side) {
            return Err(Error::usage(format!("side `{side}` is given two armies"))
                .with_hint("one --army a side"));
        }
        placed.push((side, l));
    }
    Ok(Some(placed))
}

/// A list of the user's own, from a file: checked as `umpire army check` does, and refused
/// with its first mistake. Its size, when its period or the file says one, and the list.
fn own_list(
    ruleset: &crate::model::Ruleset,
    file: &str,
) -> Result<(Option<crate::model::Points>, crate::model::ArmyList)> {
    let path = std::path::Path::new(file);
    let text = crate::files::read_path(path, crate::files::ARMY)?.ok_or_else(|| {
        Error::usage(format!("{file}: no such file"))
            .with_hint("--army SIDE=LIST: a list's name (`umpire army list`) or a file")
    })?;
    let checked = crate::rules::army_file::check(&ruleset.model, file, &text)?;
    let check = format!("`umpire army check {file}` shows every mistake");
    if let Some(first) = checked.mistakes.first() {
        return Err(Error::usage(first.to_string()).with_hint(check));
    }
    if let Some(size) = checked.size
        && checked.total > size
    {
        let (line, column) = checked.size_at;
        let says = crate::present::words::against_size(checked.total, size);
        return Err(Error::usage(format!("{file}:{line}:{column}: {says}")).with_hint(check));
    }
    // In the game the list goes by the file it came from: `army check FILE` shows it again.
    let mut list = checked.list;
    list.name = file.to_string();
    Ok((checked.size, list))
}

/// Take the alternatives `--choose` names (`SIDE:LINE=ALT`) into the armies; what was chosen,
/// and for each army the lines whose alternatives were not, to say.
fn choose(
    ruleset: &crate::model::Ruleset,
    armies: Option<&mut Armies>,
    (choices, ask): (&[String], bool),
) -> Result<Vec<String>> {
    let Some(armies) = armies else {
        if let Some(c) = choices.first() {
            return Err(
                Error::usage(format!("`--choose {c}` needs an army to choose in"))
                    .with_hint("--army SIDE=LIST"),
            );
        }
        return Ok(Vec::new());
    };
    let Some(points) = ruleset.model.points.as_ref() else {
        return Ok(Vec::new());
    };
    let g = lookup::game_def(ruleset)?;
    let shown = |units: &[crate::model::Entry]| -> String {
        let each: Vec<String> = units
            .iter()
            .map(|e| crate::present::words::army_units(points, e))
            .collect();
        each.join(" and ")
    };
    let mut said = Vec::new();
    for c in choices {
        let parsed = c.split_once(':').and_then(|(side, rest)| {
            let (line, alt) = rest.split_once('=')?;
            Some((side, line.trim().parse::<usize>().ok()?, alt.trim()))
        });
        let Some((side, line, alt)) = parsed.filter(|(s, _, a)| !s.is_empty() && !a.is_empty())
        else {
            return Err(Error::usage(format!(
                "`--choose {c}` names no side, line and alternative"
            ))
            .with_hint("--choose SIDE:LINE=ALT, e.g. --choose french:5=2"));
        };
        let side = lookup::side(g, side)?.to_string();
        let Some((_, list)) = armies.iter_mut().find(|(s, _)| *s == side) else {
            return Err(
                Error::usage(format!("`--choose {c}`: side `{side}` has no --army"))
                    .with_hint(format!("--army {side}=LIST")),
            );
        };
        let chose = crate::game::army::choose(list, points, (line, alt), &shown)?;
        said.push(format!("{}: {chose}", lookup::side_label(g, &side)));
    }
    if ask {
        // At a terminal, each line still open is asked: kept, or one of its alternatives.
        for (side, list) in armies.iter_mut() {
            for line in crate::game::army::unchosen(list) {
                let l = &list.lines[line - 1];
                let mut items = vec![format!("{} (the line)", shown(&l.units))];
                items.extend(l.alternatives.iter().map(|a| shown(&a.units)));
                let prompt = format!(
                    "{}: line {line} of the {} list, or an alternative?",
                    lookup::side_label(g, side),
                    list.title
                );
                let pick = dialoguer::Select::new()
                    .with_prompt(prompt)
                    .items(&items)
                    .default(0)
                    .interact()
                    .map_err(|e| Error::failure(format!("cannot ask: {e}")))?;
                if pick > 0 {
                    let alt = pick.to_string();
                    let chose = crate::game::army::choose(list, points, (line, &alt), &shown)?;
                    said.push(format!("{}: {chose}", lookup::side_label(g, side)));
                }
            }
        }
        return Ok(said);
    }
    for (side, list) in armies.iter() {
        let open = crate::game::army::unchosen(list);
        let show = crate::game::army::shown_by(list);
        if !open.is_empty() {
            let lines: Vec<String> = open.iter().map(ToString::to_string).collect();
            said.push(format!(
                "{}: line{} {} kept, not {} alternatives (`--choose {side}:LINE=N`; `{show}`)",
                lookup::side_label(g, side),
                if open.len() == 1 { "" } else { "s" },
                crate::present::words::and_list(&lines),
                if open.len() == 1 { "its" } else { "their" },
            ));
        }
    }
    Ok(said)
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
        said.extend(crate::game::army::place(game, ruleset, side, list, event)?);
    }
    Ok(said)
}
