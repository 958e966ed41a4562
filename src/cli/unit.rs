//! `umpire unit`: add, list, show or remove units, each with its figures.

use clap::Subcommand;
use serde_json::json;

use super::ctx::{Ctx, say};
use crate::cli::write_json;
use crate::error::Result;
use crate::game::fields;
use crate::game::lookup;
use crate::game::roster::{self, UnitSpec};
use crate::model::Pieces;
use crate::present::view;
use crate::present::words;
use crate::text;
#[derive(Debug, Subcommand)]
pub enum UnitCmd {
    /// Add a unit and its figures, labelled CODE1..CODEn.
    Add {
        /// The unit's name: letters (accented ones too), digits, `-` and `_`; later commands
        /// may type it in any case.
        name: String,
        /// The unit's fields, as the ruleset names them (`umpire rules RULESET` lists them).
        #[arg(value_name = "FIELD=VALUE")]
        fields: Vec<String>,
        /// Whose unit it is (the ruleset's sides).
        #[arg(long)]
        side: String,
        /// How many figures (not for a ruleset whose pieces are units: the unit is one).
        #[arg(long, value_name = "N")]
        figures: Option<u32>,
        /// The letters on the bases (`RR` gives RR1, RR2...); from the name by default.
        #[arg(long, value_name = "CODE")]
        code: Option<String>,
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
    /// Change a unit's fields as the game goes on (its order, who is with it), as the rules
    /// of eligibility allow.
    Set {
        /// The unit's name.
        name: String,
        /// The fields to change (`FIELD=VALUE`, or `FLAG=no` for a yes/no field).
        #[arg(value_name = "FIELD=VALUE", required = true)]
        fields: Vec<String>,
    },
    /// Set a unit's free-text note (empty text clears it).
    Note {
        /// The unit's name.
        name: String,
        /// The note.
        text: String,
    },
    /// Combine two units into one, as the ruleset allows: FROM's figures join INTO.
    Merge {
        /// The unit that takes the other in (its name or the code on its bases).
        into: String,
        /// The unit that joins it.
        from: String,
    },
}

/// A unit whose fields break a rule of eligibility is refused, naming the rule.
/// A unit's fields weighed against the table: a rule of eligibility they break is refused; a
/// limit of its side (one commander) too, unless the umpire rules otherwise (kept in `event`).
fn refuse_fields(
    ctx: &Ctx<'_>,
    (game, ruleset): (&crate::game::state::Game, &crate::model::Ruleset),
    unit: &crate::game::state::Unit,
    event: &mut crate::game::state::Event,
) -> Result<()> {
    let g = lookup::game_def(ruleset)?;
    if let Some(st) = fields::refusal(ruleset, g, &unit.fields, None) {
        return Err(words::refused(&st, None, None));
    }
    for (refusal, fix) in fields::over_limits(game, g, unit) {
        ctx.umpire.allow(refusal, Some(fix), event)?;
    }
    Ok(())
}

pub fn unit(ctx: &Ctx<'_>, cmd: &UnitCmd, out: &mut Vec<u8>) -> Result<()> {
    match cmd {
        UnitCmd::Add {
            name,
            fields,
            side,
            figures,
            code,
            note,
        } => {
            // Checked against the table with the rest of the unit: a bare word is a yes/no field.
            let fields = fields
                .iter()
                .map(|w| match w.split_once('=') {
                    Some((k, v)) => (k.to_ascii_lowercase(), v.to_string()),
                    None => (w.to_ascii_lowercase(), String::new()),
                })
                .collect::<Vec<_>>();
            if let Some(n) = note {
                text::check_typed("a note", n, text::NOTE_MAX)?;
            }
            let spec = UnitSpec {
                name: name.clone(),
                side: side.clone(),
                code: code.clone(),
                figures: *figures,
                fields,
                points: None,
                note: note.clone().unwrap_or_default(),
            };
            ctx.change_with(out, |game, ruleset, event| {
                let unit = roster::add_unit(game, ruleset, &spec, event)?;
                refuse_fields(ctx, (game, ruleset), &unit, event)?;
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
                let line = if lookup::game_def(ruleset)?.pieces == Pieces::Units {
                    format!(
                        "Unit {} ({}, {})",
                        unit.name,
                        unit.side,
                        view::fields(&unit)
                    )
                } else {
                    format!(
                        "Unit {} ({}, {}): {} figure{}, {range}",
                        unit.name,
                        unit.side,
                        view::fields(&unit),
                        codes.len(),
                        if codes.len() == 1 { "" } else { "s" }
                    )
                };
                Ok((vec![line], json!({ "unit": unit, "figures": codes })))
            })
        }
        UnitCmd::Set { name, fields } => ctx.change(out, |game, ruleset, event| {
            let said = fields::set(game, ruleset, name, fields, event)?;
            let unit = lookup::unit(game, name)?.clone();
            refuse_fields(ctx, (game, ruleset), &unit, event)?;
            Ok(said)
        }),
        UnitCmd::List => {
            let g = ctx.files()?.read()?;
            if ctx.json {
                return write_json(out, json!({ "game": g.name, "units": g.units }));
            }
            let ruleset = ctx.ruleset(&g)?;
            say(out, &view::units(&g, &ruleset)?);
            Ok(())
        }
        UnitCmd::Show { name } => {
            let g = ctx.files()?.read()?;
            let ruleset = ctx.ruleset(&g)?;
            let u = lookup::unit(&g, name)?;
            if ctx.json {
                let figs = g.figures_of(&u.name);
                return write_json(out, json!({ "game": g.name, "unit": u, "figures": figs }));
            }
            say(out, &view::unit(&g, &ruleset, u)?);
            Ok(())
        }
        UnitCmd::Rm { name } => ctx.change(out, |game, _, event| {
            let u = lookup::unit(game, name)?.clone();
            let codes: Vec<String> = game
                .figures_of(&u.name)
                .iter()
                .map(|f| f.code.clone())
                .collect();
            let untied = crate::game::links::untie_from(game, &codes, event);
            for c in &codes {
                game.apply(game.figure_change(c, None), event);
            }
            game.apply(game.unit_change(&u.name, None), event);
            let mut said = vec![format!(
                "Unit {} removed with its {} figures",
                u.name,
                codes.len()
            )];
            said.extend(untied);
            Ok(said)
        }),
        UnitCmd::Merge { into, from } => ctx.change(out, |game, ruleset, event| {
            crate::game::combine::merge(
                game,
                ruleset,
                (into, from),
                &|b, event| ctx.allow_combining(b, event),
                event,
            )
        }),
        UnitCmd::Note { name, text } => {
            text::check_typed("a note", text, text::NOTE_MAX)?;
            ctx.change(out, |game, _, event| {
                let mut u = lookup::unit(game, name)?.clone();
                u.note.clone_from(text);
                let n = u.name.clone();
                game.apply(game.unit_change(&n, Some(u)), event);
                Ok(vec![if text.is_empty() {
                    format!("Unit {n}: note cleared")
                } else {
                    format!("Unit {n}: note set")
                }])
            })
        }
    }
}
