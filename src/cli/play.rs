//! The commands of a game at the table: games, the roster, markers, the log and undo. Each
//! change runs inside one locked update of the game and is logged with what it changed.

use std::io::IsTerminal;

use clap::Subcommand;
use serde_json::json;

use crate::cli::write_json;
use crate::error::{Error, Result};
use crate::game::roster::{self, Mark, UnitSpec};
use crate::game::state::{Event, Game};
use crate::game::store::{GameFiles, Store};
use crate::present::view;
use crate::rules::catalog::Catalog;
use crate::rules::ruleset::Ruleset;

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

#[derive(Debug, Subcommand)]
pub enum UnitCmd {
    /// Add a unit and its figures, labelled CODE1..CODEn.
    Add {
        /// The unit's name (letters, digits, `-` and `_`).
        name: String,
        /// Whose unit it is (the ruleset's sides).
        #[arg(long)]
        side: String,
        /// Troop type (the ruleset's troop types).
        #[arg(long)]
        troop: Option<String>,
        /// How many figures.
        #[arg(long, value_name = "N")]
        figures: u32,
        /// The letters on the bases (`RR` gives RR1, RR2...); from the name by default.
        #[arg(long, value_name = "CODE")]
        code: Option<String>,
        /// Its weapon (a unit field of the ruleset; the values: `umpire rules`).
        #[arg(long)]
        weapon: Option<String>,
        /// Its formation (a unit field of the ruleset).
        #[arg(long)]
        formation: Option<String>,
        /// A free-text note.
        #[arg(long)]
        note: Option<String>,
    },
    /// List the units.
    List,
    /// A unit, its fields and its figures.
    Show {
        /// The unit's name.
        name: String,
    },
    /// Remove a unit and all its figures.
    Rm {
        /// The unit's name.
        name: String,
    },
    /// Set a unit's free-text note (empty text clears it).
    Note {
        /// The unit's name.
        name: String,
        /// The note.
        text: String,
    },
}

#[derive(Debug, Subcommand)]
pub enum FigCmd {
    /// Add figures to a unit, numbered after its last one.
    Add {
        /// The unit's name.
        unit: String,
        /// How many figures.
        #[arg(long, default_value_t = 1, value_name = "N")]
        count: u32,
    },
    /// A figure: its unit, markers, counters, state and note.
    Show {
        /// The figure's label (`RR2`).
        code: String,
    },
    /// Remove a figure from the game altogether (a dead one stays, marked dead).
    Rm {
        /// The figure's label.
        code: String,
    },
    /// Move a figure to another unit (units that combine); it keeps its label.
    Move {
        /// The figure's label.
        code: String,
        /// The unit it joins.
        #[arg(long, value_name = "UNIT")]
        to: String,
    },
    /// Set a figure's free-text note (empty text clears it).
    Note {
        /// The figure's label.
        code: String,
        /// The note.
        text: String,
    },
}

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
}

impl Ctx<'_> {
    fn store(&self) -> Result<Store> {
        Store::open_default()
    }

    fn files(&self) -> Result<GameFiles> {
        self.store()?.current(self.game)
    }

    /// The ruleset a game was started with; `--rules` may only name the same one.
    fn ruleset(&self, game: &Game) -> Result<Ruleset> {
        let r = self.catalog.ruleset(Some(&game.ruleset))?;
        if let Some(asked) = self.rules
            && asked != r.name()
            && !r.def.aliases.iter().any(|a| a == asked)
        {
            return Err(Error::usage(format!(
                "game `{}` is played with {}, not `{asked}`",
                game.name, r.def.title
            ))
            .with_hint("leave out --rules for a game's commands"));
        }
        Ok(r)
    }

    /// Change the current game in one locked update, logging `summary` and the changes.
    fn change(
        &self,
        out: &mut Vec<u8>,
        act: impl FnOnce(&mut Game, &Ruleset, &mut Event) -> Result<Vec<String>>,
    ) -> Result<()> {
        let files = self.files()?;
        let lines = files.update(|game| {
            let ruleset = self.ruleset(game)?;
            let mut event = Event::new(game.turn.number, &self.line, "");
            let lines = act(game, &ruleset, &mut event)?;
            if event.summary.is_empty() {
                event.summary = lines.join("; ");
            }
            let logged = (!event.changes.is_empty()).then_some(event);
            Ok((logged, lines))
        })?;
        if self.json {
            let v = json!({ "game": files.name, "done": lines });
            write_json(out, &v)
        } else {
            for l in lines {
                out.extend_from_slice(l.as_bytes());
                out.push(b'\n');
            }
            Ok(())
        }
    }
}

fn say(out: &mut Vec<u8>, text: &str) {
    out.extend_from_slice(text.as_bytes());
    if !text.ends_with('\n') {
        out.push(b'\n');
    }
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
            say(
                out,
                &format!(
                    "Game {name} started with {}; it is the current game.",
                    ruleset.def.title
                ),
            );
            Ok(())
        }
        GameCmd::List => {
            let current = store.current_name();
            let names = store.list()?;
            if ctx.json {
                return write_json(out, &json!({ "games": names, "current": current }));
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
            say(out, &format!("{name} is the current game."));
            Ok(())
        }
        GameCmd::Show => {
            let files = ctx.files()?;
            let g = files.read()?;
            let ruleset = ctx.ruleset(&g)?;
            if ctx.json {
                let v = serde_json::to_value(&g)
                    .map_err(|e| Error::failure(format!("cannot write JSON: {e}")))?;
                return write_json(out, &v);
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
                    say(out, "Kept.");
                    return Ok(());
                }
            }
            store.remove(&files)?;
            say(out, &format!("Game {name} deleted."));
            Ok(())
        }
    }
}

pub fn unit(ctx: &Ctx<'_>, cmd: &UnitCmd, out: &mut Vec<u8>) -> Result<()> {
    match cmd {
        UnitCmd::Add {
            name,
            side,
            troop,
            figures,
            code,
            weapon,
            formation,
            note,
        } => {
            let mut fields = Vec::new();
            for (k, v) in [
                ("troop", troop),
                ("weapon", weapon),
                ("formation", formation),
            ] {
                if let Some(v) = v {
                    fields.push((k.to_string(), v.clone()));
                }
            }
            let spec = UnitSpec {
                name: name.clone(),
                side: side.clone(),
                code: code.clone(),
                figures: *figures,
                fields,
                note: note.clone().unwrap_or_default(),
            };
            ctx.change(out, |game, ruleset, event| {
                let unit = roster::add_unit(game, ruleset, &spec, event)?;
                let codes: Vec<&str> = game
                    .figures_of(&unit.name)
                    .iter()
                    .map(|f| f.code.as_str())
                    .collect();
                let range = match (codes.first(), codes.last()) {
                    (Some(a), Some(b)) if a != b => format!("{a}-{b}"),
                    (Some(a), _) => (*a).to_string(),
                    _ => String::new(),
                };
                Ok(vec![format!(
                    "Unit {} ({}, {}): {} figure{}, {range}",
                    unit.name,
                    unit.side,
                    view::fields(&unit),
                    codes.len(),
                    if codes.len() == 1 { "" } else { "s" }
                )])
            })
        }
        UnitCmd::List => {
            let g = ctx.files()?.read()?;
            if ctx.json {
                let v = serde_json::to_value(&g.units)
                    .map_err(|e| Error::failure(format!("cannot write JSON: {e}")))?;
                return write_json(out, &v);
            }
            let ruleset = ctx.ruleset(&g)?;
            say(out, &view::units(&g, &ruleset)?);
            Ok(())
        }
        UnitCmd::Show { name } => {
            let g = ctx.files()?.read()?;
            let ruleset = ctx.ruleset(&g)?;
            let u = roster::unit(&g, name)?;
            if ctx.json {
                let figs = g.figures_of(&u.name);
                return write_json(out, &json!({ "unit": u, "figures": figs }));
            }
            say(out, &view::unit(&g, &ruleset, u)?);
            Ok(())
        }
        UnitCmd::Rm { name } => ctx.change(out, |game, _, event| {
            let u = roster::unit(game, name)?.clone();
            let codes: Vec<String> = game
                .figures_of(&u.name)
                .iter()
                .map(|f| f.code.clone())
                .collect();
            for c in &codes {
                game.apply(game.figure_change(c, None), event);
            }
            game.apply(game.unit_change(&u.name, None), event);
            Ok(vec![format!(
                "Unit {} removed with its {} figures",
                u.name,
                codes.len()
            )])
        }),
        UnitCmd::Note { name, text } => ctx.change(out, |game, _, event| {
            let mut u = roster::unit(game, name)?.clone();
            u.note.clone_from(text);
            let n = u.name.clone();
            game.apply(game.unit_change(&n, Some(u)), event);
            Ok(vec![if text.is_empty() {
                format!("Unit {n}: note cleared")
            } else {
                format!("Unit {n}: note set")
            }])
        }),
    }
}

pub fn fig(ctx: &Ctx<'_>, cmd: &FigCmd, out: &mut Vec<u8>) -> Result<()> {
    match cmd {
        FigCmd::Add { unit, count } => ctx.change(out, |game, _, event| {
            let u = roster::unit(game, unit)?.clone();
            let added = roster::add_figures(game, &u, *count, event)?;
            Ok(vec![format!("{}: added {}", u.name, added.join(", "))])
        }),
        FigCmd::Show { code } => {
            let g = ctx.files()?.read()?;
            let ruleset = ctx.ruleset(&g)?;
            let f = roster::figure(&g, code)?;
            if ctx.json {
                return write_json(out, &json!(f));
            }
            say(out, &view::figure(&g, &ruleset, f)?);
            Ok(())
        }
        FigCmd::Rm { code } => ctx.change(out, |game, _, event| {
            let f = roster::figure(game, code)?.clone();
            game.apply(game.figure_change(&f.code, None), event);
            Ok(vec![format!("{} removed from {}", f.code, f.unit)])
        }),
        FigCmd::Move { code, to } => ctx.change(out, |game, _, event| {
            let mut f = roster::figure(game, code)?.clone();
            let target = roster::unit(game, to)?.name.clone();
            if f.unit == target {
                return Err(Error::usage(format!("{} is already in {target}", f.code)));
            }
            let from = std::mem::replace(&mut f.unit, target.clone());
            let c = f.code.clone();
            game.apply(game.figure_change(&c, Some(f)), event);
            Ok(vec![format!("{c} moved from {from} to {target}")])
        }),
        FigCmd::Note { code, text } => ctx.change(out, |game, _, event| {
            let mut f = roster::figure(game, code)?.clone();
            f.note.clone_from(text);
            let c = f.code.clone();
            game.apply(game.figure_change(&c, Some(f)), event);
            Ok(vec![if text.is_empty() {
                format!("{c}: note cleared")
            } else {
                format!("{c}: note set")
            }])
        }),
    }
}

/// `umpire figs`: the roster as a table.
pub fn figs(ctx: &Ctx<'_>, out: &mut Vec<u8>) -> Result<()> {
    let g = ctx.files()?.read()?;
    if ctx.json {
        let v = serde_json::to_value(&g.figures)
            .map_err(|e| Error::failure(format!("cannot write JSON: {e}")))?;
        return write_json(out, &v);
    }
    let ruleset = ctx.ruleset(&g)?;
    say(out, &view::roster(&g, &ruleset, view::colour_wanted())?);
    Ok(())
}

/// `umpire mark CF3 +pinned -prone`, or `--clear`.
pub fn mark(
    ctx: &Ctx<'_>,
    codes: &str,
    changes: &[String],
    clear: bool,
    out: &mut Vec<u8>,
) -> Result<()> {
    if clear && !changes.is_empty() {
        return Err(Error::usage(
            "give either marker changes or --clear, not both",
        ));
    }
    if !clear && changes.is_empty() {
        return Err(Error::usage("no marker change given")
            .with_hint("`umpire mark CF3 +pinned -prone`, or `--clear`"));
    }
    ctx.change(out, |game, ruleset, event| {
        let g = roster::game_def(ruleset)?;
        let marks: Vec<Mark> = changes
            .iter()
            .map(|w| roster::parse_mark(g, w))
            .collect::<Result<_>>()?;
        let mut said = Vec::new();
        for code in codes.split(',').filter(|c| !c.is_empty()) {
            said.extend(if clear {
                roster::clear(game, ruleset, code, event)?
            } else {
                roster::mark(game, ruleset, code, &marks, event)?
            });
        }
        Ok(said)
    })
}

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

/// `umpire turn`: start the next turn.
pub fn turn(
    ctx: &Ctx<'_>,
    phases: Option<u32>,
    beads: Option<u32>,
    out: &mut Vec<u8>,
) -> Result<()> {
    ctx.change(out, |game, ruleset, event| {
        let said = crate::game::turn::start(game, ruleset, phases, beads, event)?;
        event.turn = game.turn.number;
        Ok(said)
    })
}

/// `umpire draw`: a bead from the bag (at random, or the one drawn from a real cup).
pub fn draw(
    ctx: &Ctx<'_>,
    bead: Option<&str>,
    seed: Option<u64>,
    odds: bool,
    out: &mut Vec<u8>,
) -> Result<()> {
    if odds {
        let g = ctx.files()?.read()?;
        let ruleset = ctx.ruleset(&g)?;
        let chances = crate::game::turn::odds(&g, &ruleset)?;
        if ctx.json {
            let v: Vec<_> = chances
                .iter()
                .map(|(s, p)| json!({"side": s, "probability": p}))
                .collect();
            return write_json(out, &json!(v));
        }
        say(out, &format!("Next bead, turn {}:", g.turn.number));
        for (side, p) in &chances {
            say(
                out,
                &format!("  {side}: {}", crate::present::explain::chance(*p)),
            );
        }
        return Ok(());
    }
    let seed = seed.unwrap_or_else(crate::cli::fresh_seed);
    ctx.change(out, |game, ruleset, event| {
        let mut source = crate::engine::dice::DiceSource::new(seed, Vec::new());
        let said = crate::game::turn::draw(game, ruleset, bead, &mut source, event)?;
        // The log keeps what was drawn, not the advice that follows it.
        event.summary = said.iter().take(2).cloned().collect::<Vec<_>>().join("; ");
        event.detail = Some(match bead {
            Some(b) => json!({ "bead": b, "entered": true }),
            None => json!({ "side": game.turn.drawn.last(), "seed": seed }),
        });
        Ok(said)
    })
}

pub fn hold(ctx: &Ctx<'_>, out: &mut Vec<u8>) -> Result<()> {
    ctx.change(out, |game, ruleset, event| {
        crate::game::turn::hold(game, ruleset, event)
    })
}

pub fn react(ctx: &Ctx<'_>, side: &str, out: &mut Vec<u8>) -> Result<()> {
    ctx.change(out, |game, ruleset, event| {
        crate::game::turn::react(game, ruleset, side, event)
    })
}

pub fn activate(ctx: &Ctx<'_>, unit: &str, out: &mut Vec<u8>) -> Result<()> {
    ctx.change(out, |game, ruleset, event| {
        crate::game::turn::activate(game, ruleset, unit, event)
    })
}

pub fn status(ctx: &Ctx<'_>, out: &mut Vec<u8>) -> Result<()> {
    let g = ctx.files()?.read()?;
    if ctx.json {
        let v = serde_json::to_value(&g.turn)
            .map_err(|e| Error::failure(format!("cannot write JSON: {e}")))?;
        return write_json(out, &v);
    }
    let ruleset = ctx.ruleset(&g)?;
    say(out, &crate::game::turn::status(&g, &ruleset)?);
    Ok(())
}
