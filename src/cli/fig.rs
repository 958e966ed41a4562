//! `umpire fig` and `umpire figs`: single figures, and the roster of them all.

use clap::Subcommand;
use serde_json::json;

use super::ctx::{Ctx, say};
use crate::cli::{write_json, write_merged};
use crate::error::Result;
use crate::game::lookup;
use crate::game::roster;
use crate::present::view;
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

pub fn fig(ctx: &Ctx<'_>, cmd: &FigCmd, out: &mut Vec<u8>) -> Result<()> {
    match cmd {
        FigCmd::Add { unit, count } => ctx.change_with(out, |game, ruleset, event| {
            roster::figures_only(ruleset, "added to it")?;
            let u = lookup::unit(game, unit)?.clone();
            let added = roster::add_figures(game, &u, *count, event)?;
            let line = format!("{}: added {}", u.name, added.join(", "));
            Ok((vec![line], json!({ "unit": u.name, "figures": added })))
        }),
        FigCmd::Show { code } => {
            let g = ctx.files()?.read()?;
            let ruleset = ctx.ruleset(&g)?;
            let f = lookup::figure(&g, code)?;
            if ctx.json {
                // The figure as game.json keeps it.
                return write_merged(out, f, json!({ "game": g.name }));
            }
            say(out, &view::figure(&g, &ruleset, f)?);
            Ok(())
        }
        FigCmd::Rm { code } => ctx.change(out, |game, _, event| {
            let f = lookup::figure(game, code)?.clone();
            let untied = crate::game::links::untie_from(game, std::slice::from_ref(&f.code), event);
            game.apply(game.figure_change(&f.code, None), event);
            let mut said = vec![format!("{} removed from {}", f.code, f.unit)];
            said.extend(untied);
            Ok(said)
        }),
        FigCmd::Move { code, to } => ctx.change(out, |game, ruleset, event| {
            roster::figures_only(ruleset, "moved between units")?;
            crate::game::combine::move_figure(
                game,
                ruleset,
                (code, to),
                &|b, event| ctx.allow_combining(b, event),
                event,
            )
        }),
        FigCmd::Note { code, text } => {
            crate::text::check_typed("a note", text, crate::text::NOTE_MAX)?;
            ctx.change(out, |game, _, event| {
                let mut f = lookup::figure(game, code)?.clone();
                f.note.clone_from(text);
                let c = f.code.clone();
                game.apply(game.figure_change(&c, Some(f)), event);
                Ok(vec![if text.is_empty() {
                    format!("{c}: note cleared")
                } else {
                    format!("{c}: note set")
                }])
            })
        }
    }
}

/// `umpire figs`: the roster as a table.
pub fn figs(ctx: &Ctx<'_>, out: &mut Vec<u8>) -> Result<()> {
    let g = ctx.files()?.read()?;
    if ctx.json {
        return write_json(out, json!({ "game": g.name, "figures": g.figures }));
    }
    let ruleset = ctx.ruleset(&g)?;
    say(out, &view::roster(&g, &ruleset, view::colour_wanted())?);
    Ok(())
}
