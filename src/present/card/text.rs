//! A card for the terminal: word wrap, bold headings, tables that fit the width (letters for
//! results, broken words when crowded), and the whole card rendered as lines.

use std::fmt::Write as _;

use comfy_table::{
    CellAlignment, ColumnConstraint, ContentArrangement, LineStyle, Table, TableStyle, Width,
};

use super::{Block, Card, Grid, Labels};

const INDENT: usize = 2;

/// Greedy word wrap by characters; a word longer than the line is cut.
fn wrap(text: &str, width: usize, first: &str, rest: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = first.to_string();
    let mut empty = true;
    let room = |prefix: &str| width.saturating_sub(prefix.chars().count()).max(1);
    for word in text.split_whitespace() {
        // (A word past any rule's is cut first: each piece cut off copies what is left.)
        let word = crate::text::cut(word, crate::text::WORD_SHOWN);
        let mut word: Vec<char> = word.chars().collect();
        loop {
            let used = line.chars().count();
            let need = word.len() + usize::from(!empty);
            if used + need <= width || (empty && used >= width) {
                if !empty {
                    line.push(' ');
                }
                line.extend(word.iter());
                empty = false;
                break;
            }
            if empty {
                // Alone on its line and still too long: cut it.
                let fit = room(&line);
                let (head, tail) = word.split_at(fit.min(word.len()));
                line.extend(head.iter());
                lines.push(std::mem::replace(&mut line, rest.to_string()));
                word = tail.to_vec();
                if word.is_empty() {
                    break;
                }
                continue;
            }
            lines.push(std::mem::replace(&mut line, rest.to_string()));
            empty = true;
        }
    }
    if !empty || lines.is_empty() {
        lines.push(line);
    }
    lines
}

fn bold(text: &str, colour: bool) -> String {
    if colour {
        format!("\x1b[1m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

/// Break opportunities for a crowded terminal table, in words longer than a dozen characters:
/// a space after each `/` of a list of values in the body; in the header, where labels are
/// short, a line of their own for the parts between hyphens.
fn broken(cell: &str, header: bool) -> String {
    const LONG: usize = 12;
    let word = |w: &str| -> String {
        if w.chars().count() <= LONG {
            return w.to_string();
        }
        let chars: Vec<char> = w.chars().collect();
        let mut pieces: Vec<String> = vec![String::new()];
        for (i, c) in chars.iter().enumerate() {
            if let Some(last) = pieces.last_mut() {
                last.push(*c);
            }
            let between_letters = *c == '-'
                && i > 0
                && chars.get(i - 1).is_some_and(|x| x.is_alphabetic())
                && chars.get(i + 1).is_some_and(|x| x.is_alphabetic());
            let breaks = if header {
                *c == '/' || between_letters
            } else {
                *c == '/'
            };
            if breaks && i + 1 < chars.len() {
                pieces.push(String::new());
            }
        }
        if !header {
            return pieces.join(" ");
        }
        let mut lines: Vec<String> = Vec::new();
        for piece in pieces {
            match lines.last_mut() {
                Some(l) if l.chars().count() + piece.chars().count() <= LONG => l.push_str(&piece),
                _ => lines.push(piece),
            }
        }
        lines.join("\n")
    };
    cell.lines()
        .map(|l| l.split(' ').map(word).collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A table as terminal lines (with the legend of any letters standing for results other than
/// the `known` ones), at most `width` characters wide.
fn table_text(grid: &Grid, width: usize, known: &[String]) -> (Vec<String>, Vec<String>) {
    let (mut grid, legend) = grid.fitted(width, known);
    if grid.comfortable_width() > width {
        grid.header = grid.header.iter().map(|c| broken(c, true)).collect();
        for row in &mut grid.rows {
            for cell in row.iter_mut() {
                *cell = broken(cell, false);
            }
        }
    }
    let mut t = Table::new();
    // A rule under the header only: rows read like a printed table, not a grid of boxes.
    t.load_style(TableStyle::new().header_separator(LineStyle::none().fill('─').junction('─')))
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(u16::try_from(width).unwrap_or(u16::MAX))
        .force_no_tty();
    // The table breaks a word too long for its column piece by piece, copying what is left
    // each time: a word past any rule's is cut first, and a cell past any rule's too.
    let cut = |cells: &[String]| -> Vec<String> {
        cells
            .iter()
            .map(|c| {
                let c = crate::text::cut(c, crate::text::CELL_SHOWN);
                crate::text::long_words_cut(&c).into_owned()
            })
            .collect()
    };
    if grid.header.iter().any(|h| !h.is_empty()) {
        t.set_header(cut(&grid.header));
    }
    for row in &grid.rows {
        t.add_row(cut(row));
    }
    // Two spaces between columns (the junction and one of padding): room is short at 80.
    for c in t.column_iter_mut().skip(1) {
        c.set_padding((0, 1));
    }
    for (i, numeric) in grid.numeric.iter().enumerate() {
        // A column of numbers is as wide as its numbers, or its header's longest word: the
        // header wraps, the room goes to the columns of words.
        let cells = grid
            .rows
            .iter()
            .filter_map(|r| r.get(i))
            .flat_map(|c| c.lines())
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0);
        let header = grid
            .header
            .get(i)
            .map(|h| {
                h.split_whitespace()
                    .map(|w| w.chars().count())
                    .max()
                    .unwrap_or(0)
            })
            .unwrap_or(0);
        if *numeric && let Some(c) = t.column_mut(i) {
            c.set_cell_alignment(CellAlignment::Right);
            let width = cells.max(header);
            if width <= 16 {
                // The fixed width counts the column's padding.
                let padding = if i == 0 { 2 } else { 1 };
                let width = u16::try_from(width + padding).unwrap_or(18);
                c.set_constraint(ColumnConstraint::Absolute(Width::Fixed(width)));
            }
        }
    }
    let lines = t
        .to_string()
        .lines()
        .map(|l| l.trim_end().to_string())
        .collect();
    (lines, legend)
}

/// One card as plain text (bold headings when `colour`), no line longer than `width`.
pub fn render(card: &Card, width: usize, colour: bool) -> String {
    let width = width.max(1);
    let pad = " ".repeat(INDENT);
    let mut lines: Vec<String> = Vec::new();
    // comfy-table pads each cell by one: one more space makes the indent.
    let inner = width.saturating_sub(INDENT - 1);
    // When a table must letter its results, the card's list of results gives the letters.
    let known = card.known();
    let crowded = |b: &Block| match b {
        Block::Table(g) => g.labels != Labels::None && g.comfortable_width() > inner,
        _ => false,
    };
    let lettering = !known.is_empty() && card.parts.iter().flat_map(|p| &p.blocks).any(crowded);
    let title = format!("══ {} — {} ", card.name, card.title);
    let fill = width.saturating_sub(title.chars().count());
    if fill > 0 {
        lines.push(bold(&format!("{title}{}", "═".repeat(fill)), colour));
    } else {
        lines.extend(
            wrap(title.trim_end(), width, "", "")
                .iter()
                .map(|l| bold(l, colour)),
        );
    }
    if !card.aliases.is_empty() {
        lines.extend(wrap(
            &format!("also: {}", card.aliases.join(", ")),
            width,
            "",
            "",
        ));
    }
    lines.extend(wrap(&card.help, width, "", ""));
    for part in &card.parts {
        lines.push(String::new());
        lines.extend(
            wrap(&part.heading, width, "", "")
                .iter()
                .map(|l| bold(l, colour)),
        );
        for block in &part.blocks {
            match block {
                Block::Text(t) => lines.extend(wrap(t, width, &pad, &pad)),
                Block::List(items) => {
                    for item in items {
                        lines.extend(wrap(item, width, &format!("{pad}- "), &format!("{pad}  ")));
                    }
                }
                Block::Table(g) => {
                    let (table, legend) = if g.lists_results && lettering {
                        table_text(&g.lettered(), inner, &[])
                    } else {
                        table_text(g, inner, known)
                    };
                    for l in table {
                        lines.push(format!("{}{l}", " ".repeat(INDENT - 1)));
                    }
                    for item in legend {
                        lines.extend(wrap(&item, width, &pad, &format!("{pad}   ")));
                    }
                }
            }
        }
    }
    let mut out = String::new();
    for line in lines {
        // A table that could not be squeezed (a very narrow width) is cut, never left long.
        if !line.contains('\x1b') && line.chars().count() > width {
            for piece in wrap(&line, width, "", "") {
                let _ = writeln!(out, "{}", piece.trim_end());
            }
        } else {
            let _ = writeln!(out, "{line}");
        }
    }
    out
}
