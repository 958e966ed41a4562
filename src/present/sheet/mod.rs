//! The printable sheet: one self-contained HTML file that prints a ruleset on a few pages of
//! A4 or US Letter (the paper is picked in the print dialog), two columns of cards a page:
//! the turn sequence, the actions, the sides and markers and what orders need where the
//! tables have them, then a card per procedure, all in the umpire's words and none split.
//!
//! `html` draws the pieces, `cards` a procedure's card, `reference` the other cards, and
//! `style` the print rules.

mod cards;
mod fit;
mod html;
mod reference;
mod style;

use std::fmt::Write as _;

pub use style::KEY_PT;

use crate::error::Result;
use crate::model::Ruleset;
use crate::present::card::{self, Voice};

use html::{breakable, escape, list};

/// The whole sheet of a ruleset, as one HTML file with nothing to fetch.
pub fn html(ruleset: &Ruleset) -> Result<String> {
    let def = &ruleset.model;
    let g = def.game.as_ref();
    let procedures = card::chosen(ruleset, &[])?;
    let cards: Vec<card::Card> = procedures
        .iter()
        .map(|p| card::build_in(ruleset, p, Voice::Plain))
        .collect();
    let of = cards.len();
    // The blocks in the tables' order: the header, the reference cards the tables have, then
    // a card per procedure, numbered here as listed (and again as printed, below).
    let names: Vec<&str> = procedures.iter().map(|p| p.name.as_str()).collect();
    let reference = |printed: &[&str]| {
        let mut blocks: Vec<String> = Vec::new();
        let mut block = |write: &dyn Fn(&mut String)| {
            let mut out = String::new();
            write(&mut out);
            if !out.is_empty() {
                blocks.push(out);
            }
        };
        block(&|out| header(out, ruleset));
        if let Some(t) = &def.turn {
            block(&|out| reference::turn(out, t));
        }
        if let Some(g) = g {
            block(&|out| reference::actions(out, ruleset, g, printed));
            block(&|out| {
                let draw = def.turn.as_ref().and_then(|t| t.draw());
                reference::legend(out, ruleset, g, draw.map(|d| &d.draw));
            });
        }
        block(&|out| reference::requirements(out, ruleset));
        blocks
    };
    let procedure = |i: usize, number: usize| {
        let mut out = String::new();
        if let Some(c) = cards.get(i) {
            cards::procedure(&mut out, ruleset, c, number, of);
        }
        out
    };
    let first = reference(&names);
    let fixed = first.len();
    let heights: Vec<f64> = first
        .iter()
        .cloned()
        .chain((0..of).map(|i| procedure(i, i + 1)))
        .map(|b| fit::guess(&b))
        .collect();
    let order = fit::order(&heights);
    // The procedures in the order they are printed, which numbers them.
    let printed: Vec<usize> = order.iter().filter_map(|b| b.checked_sub(fixed)).collect();
    let printed_names: Vec<&str> = printed
        .iter()
        .filter_map(|i| names.get(*i).copied())
        .collect();
    let blocks = reference(&printed_names);
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{} — quick-reference cards</title>\n<style>{}</style>\n</head>\n<body>\n",
        escape(&def.title),
        style::css()
    );
    for b in &order {
        match b.checked_sub(fixed) {
            None => out.push_str(blocks.get(*b).map_or("", String::as_str)),
            Some(i) => {
                let number = printed.iter().position(|p| *p == i).map_or(i, |n| n) + 1;
                out.push_str(&procedure(i, number));
            }
        }
    }
    out.push_str("</body>\n</html>\n");
    Ok(out)
}

/// The ruleset's title, author and source, and its notes on readings.
fn header(out: &mut String, ruleset: &Ruleset) {
    let def = &ruleset.model;
    out.push_str(r#"<header class="ruleset">"#);
    let _ = write!(out, "<h1>{}</h1>", breakable(&def.title));
    let by: Vec<String> = def
        .author
        .iter()
        .chain(def.source.iter())
        .map(|s| breakable(s))
        .collect();
    if !by.is_empty() {
        let _ = write!(out, "<p>{}</p>", by.join(" · "));
    }
    list(out, def.game.as_ref(), &def.notes);
    out.push_str("</header>\n");
}
