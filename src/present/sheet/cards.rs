//! A procedure's card on the sheet: the card the terminal prints, said in the umpire's words,
//! headed by its roll in large type (the dice, the number to reach and what it gives), with
//! its odds turned to read across the card.

use std::fmt::Write as _;

use crate::model::{GameDef, Ruleset};
use crate::present::card::{Block, Card, Grid, Labels, Part};

use super::fit;
use super::html::{breakable, card, list, table, text};

/// The most lines an odds table may have turned across the card: its columns then fit.
const ACROSS: usize = 12;

/// An odds table turned to read across: a line per result, a column per net modifier (or
/// target, or row of a grid), in tables of at most a dozen columns one under the other. A
/// table of two results (a pass and a fail) keeps only the first line: the second is what is
/// left of a hundred. A table that is no odds stays as it is.
fn across(grid: &Grid) -> Option<Vec<Grid>> {
    let results = grid.header.len().saturating_sub(1);
    if grid.labels != Labels::Header || grid.rows.is_empty() {
        return None;
    }
    let keep = if results == 2 { 1 } else { results };
    let key = grid.header.first().cloned().unwrap_or_default();
    let parts = grid.rows.len().div_ceil(ACROSS);
    let size = grid.rows.len().div_ceil(parts.max(1));
    let tables = grid
        .rows
        .chunks(size.max(1))
        .map(|lines| {
            let mut header = vec![key.clone()];
            header.extend(lines.iter().map(|r| r.first().cloned().unwrap_or_default()));
            let rows: Vec<Vec<String>> = (1..=keep)
                .map(|c| {
                    let mut row = vec![grid.header.get(c).cloned().unwrap_or_default()];
                    row.extend(lines.iter().map(|r| r.get(c).cloned().unwrap_or_default()));
                    row
                })
                .collect();
            Grid {
                numeric: (0..header.len()).map(|i| i > 0).collect(),
                header,
                rows,
                labels: Labels::None,
                lists_results: false,
            }
        })
        .collect();
    Some(tables)
}

/// Whether a block says again what the card's key says in large type: the dice alone, or the
/// target's sentence (`8 or more: Hit; otherwise Miss`).
fn in_key(c: &Card, b: &Block) -> bool {
    match b {
        Block::Text(t) => {
            c.key.dice.as_deref() == Some(t.as_str())
                || c.key
                    .need
                    .as_ref()
                    .is_some_and(|need| t.starts_with(&format!("{need}: {}", c.key.says)))
        }
        _ => false,
    }
}

/// Whether a part may stand in half a card: no list, no odds, no cell of a long sentence.
fn short(c: &Card, p: &Part) -> bool {
    const LONG: usize = 48;
    p.blocks.iter().filter(|b| !in_key(c, b)).all(|b| match b {
        Block::Text(_) => true,
        Block::List(_) => false,
        Block::Table(g) => {
            across(g).is_none()
                && g.rows
                    .iter()
                    .flatten()
                    .all(|cell| cell.chars().count() <= LONG)
        }
    })
}

fn part_at(parts: &[String], i: usize) -> &str {
    parts.get(i).map_or("", String::as_str)
}

/// Which parts go side by side: for each part, `Some(true)` when it starts a pair with the
/// next, `Some(false)` when it stands alone, `None` when it is the second of a pair. The
/// pairing that makes the card shortest, by the guessed heights.
fn pairing(parts: &[String], pairable: &[bool]) -> Vec<Option<bool>> {
    let n = parts.len();
    // best[i]: the least height of parts i.. and whether part i starts a pair then.
    let mut best = vec![(0.0f64, false); n + 2];
    for i in (0..n).rev() {
        let alone = fit::whole(part_at(parts, i)) + best.get(i + 1).map_or(0.0, |b| b.0);
        let mut choice = (alone, false);
        if i + 1 < n && pairable.get(i) == Some(&true) && pairable.get(i + 1) == Some(&true) {
            let side = fit::half(part_at(parts, i)).max(fit::half(part_at(parts, i + 1)))
                + best.get(i + 2).map_or(0.0, |b| b.0);
            if side < alone - 1.0 {
                choice = (side, true);
            }
        }
        if let Some(b) = best.get_mut(i) {
            *b = choice;
        }
    }
    let mut out = vec![Some(false); n];
    let mut i = 0;
    while i < n {
        if best.get(i).is_some_and(|b| b.1) {
            if let Some(o) = out.get_mut(i) {
                *o = Some(true);
            }
            if let Some(o) = out.get_mut(i + 1) {
                *o = None;
            }
            i += 2;
        } else {
            i += 1;
        }
    }
    out
}

/// Characters of body type a table may need across the card before its results give way to
/// letters (a grid of long results in narrow columns).
const LINE: usize = 64;

/// Whether the card's crowded tables letter their results: the card's list of results then
/// gives each its letter.
fn lettering(c: &Card) -> bool {
    !c.known().is_empty()
        && c.parts.iter().flat_map(|p| &p.blocks).any(|b| {
            matches!(b, Block::Table(g) if g.labels == Labels::Body && g.comfortable_width() > LINE)
        })
}

fn part(out: &mut String, g: Option<&GameDef>, c: &Card, p: &Part) {
    let blocks: Vec<&Block> = p.blocks.iter().filter(|b| !in_key(c, b)).collect();
    if blocks.is_empty() {
        return;
    }
    let _ = write!(
        out,
        r#"<section class="part"><h3>{}</h3>"#,
        breakable(&p.heading)
    );
    for b in blocks {
        match b {
            Block::Text(t) => {
                let _ = write!(out, "<p>{}</p>", text(g, t));
            }
            Block::List(items) => list(out, g, items),
            Block::Table(grid) if grid.lists_results && lettering(c) => {
                table(out, g, &grid.lettered(), "");
            }
            Block::Table(grid) if grid.labels == Labels::Body && lettering(c) => {
                let (coded, legend) = grid.coded(c.known());
                table(out, g, &coded, "");
                list(out, g, &legend);
            }
            Block::Table(grid) => match across(grid) {
                Some(turned) => turned.iter().for_each(|t| table(out, g, t, "odds")),
                None => table(out, g, grid, ""),
            },
        }
    }
    out.push_str("</section>\n");
}

/// What stays of the "otherwise" of a check's sentence, for the key: `Miss`.
fn otherwise(c: &Card) -> Option<String> {
    let need = c.key.need.as_ref()?;
    c.parts
        .iter()
        .flat_map(|p| &p.blocks)
        .find_map(|b| match b {
            Block::Text(t) => t
                .strip_prefix(&format!("{need}: {}; otherwise ", c.key.says))
                .map(str::to_string),
            _ => None,
        })
}

/// The card's roll in large type: the dice, the number to reach and what it gives.
fn key(out: &mut String, c: &Card) {
    let k = &c.key;
    if k.dice.is_none() && k.need.is_none() && k.says.is_empty() {
        return;
    }
    out.push_str(r#"<div class="key">"#);
    if let Some(d) = &k.dice {
        let _ = write!(out, r#"<span class="dice">{}</span>"#, breakable(d));
    }
    if let Some(n) = &k.need {
        let _ = write!(out, r#"<span class="need">{}</span>"#, breakable(n));
    }
    if !k.says.is_empty() {
        let arrow = if k.need.is_some() { "→ " } else { "" };
        let _ = write!(
            out,
            r#"<span class="says">{arrow}{}</span>"#,
            breakable(&k.says)
        );
    }
    if let Some(o) = otherwise(c) {
        let _ = write!(
            out,
            r#"<span class="else">otherwise {}</span>"#,
            breakable(&o)
        );
    }
    out.push_str("</div>");
}

/// One procedure's card, numbered `number` of `of`.
pub fn procedure(out: &mut String, r: &Ruleset, c: &Card, number: usize, of: usize) {
    let g = r.model.game.as_ref();
    let also = if c.aliases.is_empty() {
        String::new()
    } else {
        format!(" · also {}", breakable(&c.aliases.join(", ")))
    };
    let aside = format!(
        r#"<span class="name">{}{also}</span><span class="no">card {number}/{of}</span>"#,
        breakable(&c.name)
    );
    card(out, &format!("card-{number}"), &c.title, &aside, |out| {
        key(out, c);
        let _ = write!(out, r#"<p class="help">{}</p>"#, breakable(&c.help));
        let parts: Vec<String> = c
            .parts
            .iter()
            .map(|p| {
                let mut html = String::new();
                part(&mut html, g, c, p);
                html
            })
            .collect();
        // A part pairs when it is short and its tables' words fit half the card's width.
        let pairable: Vec<bool> = c
            .parts
            .iter()
            .zip(&parts)
            .map(|(p, html)| short(c, p) && fit::fits_half(html))
            .collect();
        for (i, pair) in pairing(&parts, &pairable).into_iter().enumerate() {
            match pair {
                Some(true) => {
                    let (p, q) = (part_at(&parts, i), part_at(&parts, i + 1));
                    let _ = write!(
                        out,
                        r#"<div class="pair"><div>{p}</div><div>{q}</div></div>"#
                    );
                }
                Some(false) => out.push_str(part_at(&parts, i)),
                None => {}
            }
        }
        let _ = write!(
            out,
            "<footer>{} · card {number}/{of}</footer>",
            breakable(&r.model.title)
        );
    });
}
