//! `umpire card` and `umpire cards`: quick-reference cards for the terminal, and the whole
//! sheet to print, as text, as HTML or as data.

use serde_json::json;

use super::args::{CardArgs, CardsArgs};
use super::command::{Cx, Run};
use super::{Report, write_json};
use crate::error::Result;
use crate::model::Ruleset;
use crate::present::{card, sheet, view};

/// `--json`: the cards of the procedures named (all when none is), as data: each procedure's
/// parts, a heading and its blocks of text, lists and tables.
fn cards_json(ruleset: &Ruleset, names: &[String], out: &mut Vec<u8>) -> Result<()> {
    let cards = card::card_models(ruleset, names)?;
    write_json(out, json!({ "ruleset": ruleset.name(), "cards": cards }))
}

impl Run for CardArgs {
    fn run(&self, cx: &Cx<'_>, out: &mut Vec<u8>, _: &mut Report) -> Result<()> {
        let ruleset = cx.catalog.ruleset(cx.cli.rules())?;
        if cx.cli.json {
            return cards_json(&ruleset, &self.procedures, out);
        }
        let colour = view::colour_wanted();
        out.extend_from_slice(card::cards(&ruleset, &self.procedures, 80, colour)?.as_bytes());
        Ok(())
    }
}

impl Run for CardsArgs {
    fn run(&self, cx: &Cx<'_>, out: &mut Vec<u8>, _: &mut Report) -> Result<()> {
        let json = cx.cli.json;
        let ruleset = cx.catalog.ruleset(cx.cli.rules())?;
        if json && !self.html && self.output.is_none() {
            return cards_json(&ruleset, &[], out);
        }
        let text = if self.html {
            sheet::html(&ruleset)?
        } else {
            card::cards(&ruleset, &[], 80, false)?
        };
        let format = if self.html { "html" } else { "text" };
        match &self.output {
            Some(path) => {
                crate::game::store::write_atomic(path, text.as_bytes())?;
                if !json {
                    return Ok(());
                }
                let written = path.display().to_string();
                write_json(
                    out,
                    json!({ "ruleset": ruleset.name(), "format": format, "written": written }),
                )
            }
            // The page itself, as one string.
            None if json => write_json(
                out,
                json!({ "ruleset": ruleset.name(), "format": format, "html": text }),
            ),
            None => {
                out.extend_from_slice(text.as_bytes());
                Ok(())
            }
        }
    }
}
