//! The printable sheet: one self-contained HTML file with a card per procedure (the terminal
//! card's content as HTML tables), the marker legend and the turn sequence of a ruleset, set
//! for A4 and US Letter alike (the paper is picked in the print dialog).

use std::fmt::Write as _;

use crate::error::Result;
use crate::model::Ruleset;
use crate::model::{GameDef, Role, TurnDef};
use crate::present::card::{self, Block, Card, Grid, Labels, Part};

/// Characters of body text across half a card and across a whole card (11 pt, condensed):
/// a table wider than half a card takes the card's width, and one wider than the card
/// letters its results.
const HALF: usize = 46;
const WHOLE: usize = 95;

/// Print rules that hold on both papers: the narrower page (A4, 194 mm inside the margins)
/// sets the width, the shorter (Letter, 263 mm) the height a card may take; a card never
/// breaks across pages and nothing leaves its box (long words break, `<wbr>` marks where).
const STYLE: &str = r#"
@page { size: auto; margin: 8mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body {
  margin: 0; color: #000; background: #fff;
  font-family: "DejaVu Sans Condensed", "Liberation Sans Narrow", "Arial Narrow",
    "Helvetica Neue", Arial, sans-serif;
  font-size: 11pt; line-height: 1.07;
}
@media screen { body { max-width: 194mm; margin: 8mm auto; padding: 0 2mm; } }
h1 { font-size: 20pt; margin: 0 0 1mm; }
.ruleset { margin: 0 0 4mm; }
.ruleset p { margin: 0 0 1mm; }
.card {
  break-inside: avoid; page-break-inside: avoid;
  border: 0.8pt solid #333; border-radius: 2mm;
  padding: 2mm 3mm 1mm; margin: 0 0 4mm;
  overflow-wrap: break-word;
}
.head {
  display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 3mm;
  border-bottom: 0.8pt solid #333; margin: 0 0 0.5mm;
}
.head h2 { font-size: 14.5pt; margin: 0; min-width: 0; }
.head .name { flex: 1 1 auto; min-width: 0; }
.head .no { margin-left: auto; white-space: nowrap; }
.help { margin: 0 0 1mm; font-style: italic; }
.pair { display: flex; gap: 5mm; }
.col { flex: 1 1 0; min-width: 0; }
.part { margin: 0 0 0.8mm; min-width: 0; }
h3 { font-size: 12pt; margin: 0.4mm 0 0.2mm; }
p { margin: 0 0 0.8mm; }
ul { margin: 0 0 1mm; padding-left: 5mm; }
li { margin: 0 0 0.2mm; }
table { border-collapse: collapse; max-width: 100%; margin: 0 0 1mm; }
th, td { text-align: left; vertical-align: top; padding: 0 2mm 0 0; }
th { border-bottom: 0.8pt solid #333; font-weight: bold; }
/* Stripes, not rules, between lines: a rule costs height, a card has little to spare. */
tbody tr:nth-child(even) { background: #e8e8e8; }
td.num, th.num { text-align: right; padding-left: 2mm; }
td.num { white-space: nowrap; }
.swatch {
  display: inline-block; width: 1em; height: 1em; vertical-align: -0.15em;
  border: 0.8pt solid #000; border-radius: 50%; margin-right: 1.5mm;
}
footer { text-align: right; color: #333; margin: 0.5mm 0 0; }
"#;

/// Text from the tables, safe inside HTML (a house rule may write `<` or `&`).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// Escaped text in which a word too long for a narrow column may break: after `/`, `=`, `-`
/// or `,` inside it, and every fourteen characters where it has none of these. A table sizes
/// its columns by its longest unbreakable words, so this keeps every table inside its card.
pub fn breakable(text: &str) -> String {
    const LONG: usize = 14;
    let mut out = String::with_capacity(text.len());
    for (i, word) in text.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        if word.chars().count() <= LONG {
            out.push_str(&escape(word));
            continue;
        }
        let mut run = 0;
        for c in word.chars() {
            if run >= LONG {
                out.push_str("<wbr>");
                run = 0;
            }
            out.push_str(&escape(&c.to_string()));
            run += 1;
            if matches!(c, '/' | '=' | '-' | ',') {
                out.push_str("<wbr>");
                run = 0;
            }
        }
    }
    out
}

/// A colour's name as CSS may take it (`red`, `#c00`), or nothing for any other text, which
/// is then only written out, never put in a style.
fn css_colour(name: &str) -> Option<&str> {
    let ok = !name.is_empty()
        && name.len() <= 32
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '#');
    ok.then_some(name)
}

fn swatch(colour: &str) -> String {
    css_colour(colour).map_or_else(String::new, |c| {
        format!(r#"<span class="swatch" style="background:{c}"></span>"#)
    })
}

/// Lines a table and its legend take at `width` characters.
#[allow(clippy::cast_precision_loss)]
fn with_legend_lines((g, legend): &(Grid, Vec<String>), width: usize) -> f64 {
    table_lines(g, width as f64)
        + legend
            .iter()
            .map(|l| text_lines(l, width as f64 - 3.0))
            .sum::<f64>()
}

/// The table as printed at `width` characters: its results lettered when that makes it
/// shorter on paper, as a grid of long labels in narrow columns does (`known` results are
/// lettered by the card's list of results, others in a legend under the table).
fn as_printed(grid: &Grid, width: usize, known: &[String]) -> ((Grid, Vec<String>), bool) {
    let plain = (grid.clone(), Vec::new());
    if grid.labels == Labels::None {
        return (plain, false);
    }
    let coded = grid.coded(known);
    if with_legend_lines(&coded, width) < with_legend_lines(&plain, width) {
        (coded, true)
    } else {
        (plain, false)
    }
}

fn table(out: &mut String, grid: &Grid) {
    let class = |i: usize| {
        if grid.numeric.get(i).copied().unwrap_or(false) {
            r#" class="num""#
        } else {
            ""
        }
    };
    out.push_str("<table>");
    if grid.header.iter().any(|h| !h.is_empty()) {
        out.push_str("<thead><tr>");
        for (i, h) in grid.header.iter().enumerate() {
            let _ = write!(out, "<th{}>{}</th>", class(i), breakable(h));
        }
        out.push_str("</tr></thead>");
    }
    out.push_str("<tbody>");
    for row in &grid.rows {
        out.push_str("<tr>");
        for (i, c) in row.iter().enumerate() {
            let _ = write!(out, "<td{}>{}</td>", class(i), breakable(c));
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table>\n");
}

fn list(out: &mut String, items: &[String]) {
    if items.is_empty() {
        return;
    }
    out.push_str("<ul>");
    for item in items {
        let _ = write!(out, "<li>{}</li>", breakable(item));
    }
    out.push_str("</ul>\n");
}

/// Does the part hold a table too wide for half a card?
fn wide(p: &Part) -> bool {
    p.blocks.iter().any(|b| match b {
        Block::Table(g) => g.comfortable_width() > HALF,
        _ => false,
    })
}

/// How one card is printed: the results a crowded table may letter, and whether the card
/// letters them (its list of results then shows the letters).
struct Lettering<'a> {
    known: &'a [String],
    on: bool,
}

fn part(out: &mut String, p: &Part, wide: bool, letters: &Lettering<'_>) {
    let width = if wide { WHOLE } else { HALF };
    let _ = write!(
        out,
        r#"<section class="part"><h3>{}</h3>"#,
        breakable(&p.heading)
    );
    for b in &p.blocks {
        match b {
            Block::Text(t) => {
                let _ = write!(out, "<p>{}</p>", breakable(t));
            }
            Block::List(items) => list(out, items),
            Block::Table(g) if g.lists_results && letters.on => table(out, &g.lettered()),
            Block::Table(g) => {
                let ((g, legend), _) = as_printed(g, width, letters.known);
                table(out, &g);
                list(out, &legend);
            }
        }
    }
    out.push_str("</section>\n");
}

/// Lines a text takes at `width` characters a line.
#[allow(clippy::cast_precision_loss)]
fn text_lines(text: &str, width: f64) -> f64 {
    (text.chars().count() as f64 / width.max(1.0))
        .ceil()
        .max(1.0)
}

/// About how many lines a table takes `width` characters wide: each column gets its natural
/// width when all fit, else a share of the line by its natural width (never under its longest
/// word), and a cell takes the lines its text needs at that width.
#[allow(clippy::cast_precision_loss)]
fn table_lines(g: &Grid, width: f64) -> f64 {
    let columns = g.header.len();
    let mut natural = vec![1.0f64; columns];
    let mut word = vec![1.0f64; columns];
    for cells in std::iter::once(&g.header).chain(&g.rows) {
        for (i, c) in cells.iter().enumerate().take(columns) {
            let longest = c.split_whitespace().map(|w| w.chars().count()).max();
            if let (Some(n), Some(w)) = (natural.get_mut(i), word.get_mut(i)) {
                *n = n.max(c.chars().count() as f64 + 1.5);
                *w = w.max(longest.unwrap_or(0) as f64 + 1.5);
            }
        }
    }
    let sum: f64 = natural.iter().sum();
    let share: Vec<f64> = natural
        .iter()
        .zip(&word)
        .map(|(n, w)| {
            if sum <= width {
                *n
            } else {
                (n * width / sum).max(*w)
            }
        })
        .collect();
    let row = |cells: &[String]| {
        cells
            .iter()
            .zip(&share)
            .map(|(c, w)| text_lines(c, w - 1.5))
            .fold(1.0, f64::max)
            + 0.1
    };
    row(&g.header) + g.rows.iter().map(|r| row(r)).sum::<f64>()
}

/// About how many lines a part takes in a column `width` characters wide.
#[allow(clippy::cast_precision_loss)]
fn part_lines(p: &Part, width: usize, known: &[String]) -> f64 {
    let mut lines = 1.3;
    for b in &p.blocks {
        lines += match b {
            Block::Text(t) => text_lines(t, width as f64),
            Block::List(items) => items
                .iter()
                .map(|i| text_lines(i, width as f64 - 3.0))
                .sum(),
            Block::Table(g) => with_legend_lines(&as_printed(g, width, known).0, width),
        };
    }
    lines
}

/// Where to split parts shared between two columns (the first index of the right one), and
/// the taller column's lines: the split that evens them best.
fn split(heights: &[f64]) -> (usize, f64) {
    let total: f64 = heights.iter().sum();
    let mut best = (1, f64::MAX);
    let mut left = 0.0;
    for (k, h) in heights
        .iter()
        .enumerate()
        .take(heights.len().saturating_sub(1))
    {
        left += h;
        let taller = f64::max(left, total - left);
        if taller < best.1 {
            best = (k + 1, taller);
        }
    }
    best
}

/// The parts of a card laid out to take as little of the page as they can: some shared
/// between two columns (in order), the others across the card, before or after them. A part
/// whose table is too wide for half a card always goes across; for the rest every choice is
/// weighed.
fn parts(out: &mut String, card: &Card) {
    let parts = &card.parts;
    let known = card.known();
    let forced: Vec<bool> = parts.iter().map(wide).collect();
    let half: Vec<f64> = parts.iter().map(|p| part_lines(p, HALF, known)).collect();
    let whole: Vec<f64> = parts.iter().map(|p| part_lines(p, WHOLE, known)).collect();
    let n = parts.len();
    // Which parts go in the columns. A card has a handful of parts and every choice is
    // weighed; past a dozen only "all that may" is.
    let choices: Vec<Vec<bool>> = if n <= 12 {
        (0..1u32 << n)
            .map(|mask| (0..n).map(|i| mask & (1 << i) != 0).collect())
            .collect()
    } else {
        vec![forced.iter().map(|f| !f).collect()]
    };
    let mut best: (f64, Vec<bool>) = (f64::MAX, vec![false; n]);
    for choice in choices {
        let inside = |i: usize| choice.get(i).copied().unwrap_or(false);
        if (0..n).any(|i| inside(i) && forced.get(i).copied().unwrap_or(true)) {
            continue;
        }
        let columns: Vec<f64> = (0..n)
            .filter(|i| inside(*i))
            .filter_map(|i| half.get(i).copied())
            .collect();
        let pair = match columns.len() {
            0 => 0.0,
            // One part alone is laid across the card.
            1 => (0..n)
                .filter(|i| inside(*i))
                .filter_map(|i| whole.get(i))
                .sum(),
            _ => split(&columns).1,
        };
        let across: f64 = (0..n)
            .filter(|i| !inside(*i))
            .filter_map(|i| whole.get(i))
            .sum();
        let height = pair + across;
        if height < best.0 - 0.01 {
            best = (height, choice);
        }
    }
    let inside = |i: usize| best.1.get(i).copied().unwrap_or(false);
    // Does any table of the card letter its results, at the width it is given?
    let on = !known.is_empty()
        && parts.iter().enumerate().any(|(i, p)| {
            let width = if inside(i) { HALF } else { WHOLE };
            p.blocks
                .iter()
                .any(|b| matches!(b, Block::Table(g) if as_printed(g, width, known).1))
        });
    let letters = Lettering { known, on };
    let columns: Vec<(usize, &Part)> = parts
        .iter()
        .enumerate()
        .filter(|(i, _)| inside(*i))
        .collect();
    // Parts across the card keep their place before or after the columns: the dice first.
    let first = columns.first().map_or(n, |(i, _)| *i);
    for (_, p) in parts
        .iter()
        .enumerate()
        .filter(|(i, _)| !inside(*i) && *i < first)
    {
        part(out, p, true, &letters);
    }
    if columns.len() == 1 {
        columns
            .iter()
            .for_each(|(_, p)| part(out, p, true, &letters));
    } else if !columns.is_empty() {
        let heights: Vec<f64> = columns
            .iter()
            .filter_map(|(i, _)| half.get(*i).copied())
            .collect();
        let (at, _) = split(&heights);
        out.push_str(r#"<div class="pair"><div class="col">"#);
        for (k, (_, p)) in columns.iter().enumerate() {
            if k == at {
                out.push_str(r#"</div><div class="col">"#);
            }
            part(out, p, false, &letters);
        }
        out.push_str("</div></div>\n");
    }
    for (_, p) in parts
        .iter()
        .enumerate()
        .filter(|(i, _)| !inside(*i) && *i > first)
    {
        part(out, p, true, &letters);
    }
}

fn card_html(out: &mut String, ruleset: &Ruleset, c: &Card, number: usize, of: usize) {
    let also = if c.aliases.is_empty() {
        String::new()
    } else {
        format!(" · also {}", breakable(&c.aliases.join(", ")))
    };
    let _ = write!(
        out,
        r#"<section class="card" id="card-{number}"><header class="head"><h2>{}</h2><span class="name"><b>{}</b>{also}</span><span class="no">card {number}/{of}</span></header><p class="help">{}</p>"#,
        breakable(&c.title),
        breakable(&c.name),
        breakable(&c.help)
    );
    parts(out, c);
    let _ = writeln!(
        out,
        "<footer>{} · card {number}/{of}</footer></section>",
        breakable(&ruleset.model.title)
    );
}

fn marker_label<'a>(g: &'a GameDef, name: &'a str) -> &'a str {
    g.markers
        .iter()
        .find(|m| m.name == name)
        .map_or(name, |m| m.label.as_str())
}

/// The sides (with their tokens where the turn draws them), the states, markers and counts.
fn legend(out: &mut String, g: &GameDef, turn: Option<&TurnDef>) {
    out.push_str(r#"<section class="card legend"><header class="head"><h2>Sides and markers</h2></header><div class="pair"><div class="col">"#);
    let token = turn.map(|t| t.draw.token.as_str());
    out.push_str(r#"<section class="part"><h3>Sides</h3><table><thead><tr><th>side</th>"#);
    if let Some(word) = token {
        let _ = write!(out, "<th>{}</th>", escape(word));
    }
    out.push_str("</tr></thead><tbody>");
    for s in &g.sides {
        let label = s.label.as_deref().unwrap_or(&s.name);
        match (token, &s.token) {
            (Some(_), Some(t)) => {
                let _ = write!(
                    out,
                    "<tr><td>{}{} ({})</td><td>{}</td></tr>",
                    swatch(t),
                    breakable(label),
                    breakable(&s.name),
                    breakable(t)
                );
            }
            _ => {
                let _ = write!(
                    out,
                    "<tr><td>{} ({})</td>{}</tr>",
                    breakable(label),
                    breakable(&s.name),
                    if token.is_some() { "<td></td>" } else { "" }
                );
            }
        }
    }
    out.push_str(r#"</tbody></table></section></div><div class="col">"#);
    if !g.states.is_empty() {
        out.push_str(r#"<section class="part"><h3>Out of the game</h3>"#);
        let states: Vec<String> = g.states.iter().map(|s| s.label.clone()).collect();
        list(out, &states);
        out.push_str("</section>\n");
    }
    out.push_str("</div></div>\n");
    if !g.markers.is_empty() {
        out.push_str(r#"<section class="part"><h3>Markers</h3><table><thead><tr><th>marker</th><th>what it does</th><th>note</th></tr></thead><tbody>"#);
        for m in &g.markers {
            let mut does = Vec::new();
            if !m.acting.is_empty() {
                does.push(format!(
                    "acting: {}",
                    crate::present::words::settings(&m.acting)
                ));
            }
            if !m.acted_upon.is_empty() {
                does.push(format!(
                    "as {}: {}",
                    crate::game::roles::noun(Some(g), Role::ActedUpon),
                    crate::present::words::settings(&m.acted_upon)
                ));
            }
            if !m.blocks.is_empty() {
                does.push(format!("may not: {}", m.blocks.join(", ")));
            }
            if let Some(a) = &m.if_already {
                let already: Vec<&str> = a.any.iter().map(|x| marker_label(g, x)).collect();
                let state = g
                    .states
                    .iter()
                    .find(|x| x.name == a.state)
                    .map_or(a.state.as_str(), |x| x.label.as_str());
                does.push(format!(
                    "on a figure already with {}: {state} ({})",
                    already.join(" or "),
                    a.label
                ));
            }
            let _ = write!(
                out,
                "<tr><td>{}{} ({})</td><td>{}</td><td>{}</td></tr>",
                swatch(&m.colour),
                breakable(&m.label),
                breakable(&m.colour),
                breakable(&does.join("; ")),
                breakable(m.note.as_deref().unwrap_or(""))
            );
        }
        out.push_str("</tbody></table></section>\n");
    }
    if !g.counters.is_empty() {
        out.push_str(r#"<section class="part"><h3>Counts</h3>"#);
        let counts: Vec<String> = g
            .counters
            .iter()
            .map(|c| {
                let turn = if c.per_turn { ", counted per turn" } else { "" };
                let note = c
                    .note
                    .as_ref()
                    .map(|n| format!(": {n}"))
                    .unwrap_or_default();
                format!(
                    "{}{turn}; at {}: {}{note}",
                    c.label,
                    c.at,
                    marker_label(g, &c.then)
                )
            })
            .collect();
        list(out, &counts);
        out.push_str("</section>\n");
    }
    out.push_str("</section>\n");
}

fn turn(out: &mut String, t: &TurnDef) {
    out.push_str(
        r#"<section class="card turn"><header class="head"><h2>Turn sequence</h2></header>"#,
    );
    for (part, rule) in card::turn_rules(t) {
        let _ = write!(out, "<p><b>{part}:</b> {}.</p>", escape(&rule));
    }
    list(out, &t.notes);
    out.push_str("</section>\n");
}

/// The whole sheet of a ruleset, as one HTML file with nothing to fetch.
pub fn html(ruleset: &Ruleset) -> Result<String> {
    let def = &ruleset.model;
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{} — quick-reference cards</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        escape(&def.title)
    );
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
    list(&mut out, &def.notes);
    out.push_str("</header>\n");
    if let Some(t) = &def.turn {
        turn(&mut out, t);
    }
    if let Some(g) = &def.game {
        legend(&mut out, g, def.turn.as_ref());
    }
    let procedures = card::chosen(ruleset, &[])?;
    let of = procedures.len();
    for (i, p) in procedures.iter().enumerate() {
        card_html(&mut out, ruleset, &card::build(ruleset, p), i + 1, of);
    }
    out.push_str("</body>\n</html>\n");
    Ok(out)
}
