//! The sheet's HTML pieces: text from the tables escaped and breakable, the markers a text
//! names drawn as their colour with their code inside, tables and lists.

use std::fmt::Write as _;

use crate::model::{GameDef, MarkerDef};
use crate::present::card::{Grid, Piece, marked_pieces};

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

/// Escaped text in which a word too long for a narrow column may break: after `/`, `-` or
/// `,` inside it, and every fourteen characters where it has none of these. A table sizes
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

/// Whether a colour is dark enough to want white letters on it: from its red, green and blue
/// (`#rgb`, `#rrggbb`, or a name of the colours' list); `None` when not known.
fn dark(colour: &str) -> Option<bool> {
    let lower = colour.to_ascii_lowercase();
    let rgb: (u32, u32, u32) = if let Some(hex) = lower.strip_prefix('#') {
        let digit = |i: usize, len: usize| {
            hex.get(i..i + len)
                .and_then(|h| u32::from_str_radix(h, 16).ok())
        };
        match hex.len() {
            3 => (digit(0, 1)? * 17, digit(1, 1)? * 17, digit(2, 1)? * 17),
            6 => (digit(0, 2)?, digit(2, 2)?, digit(4, 2)?),
            _ => return None,
        }
    } else {
        let (r, g, b) = crate::present::colours::rgb(&lower)?;
        (u32::from(r), u32::from(g), u32::from(b))
    };
    // Perceived lightness, as the luma of television: green counts most, blue least.
    let luma = 299 * rgb.0 + 587 * rgb.1 + 114 * rgb.2;
    Some(luma < 140_000)
}

/// A colour drawn as a round swatch with `code` inside it, readable without telling colours
/// apart: white letters on a dark colour, black on a light one, and black on a white ground
/// where the colour is one this page cannot judge. Text that is no colour draws no swatch,
/// only the code in a ring.
pub fn swatch(colour: &str, code: &str) -> String {
    let code = escape(code);
    match css_colour(colour) {
        None => format!(r#"<span class="swatch">{code}</span>"#),
        Some(c) => {
            let (ink, inside) = match dark(c) {
                Some(true) => (" dark", code),
                Some(false) => ("", code),
                None => (" unknown", format!("<span>{code}</span>")),
            };
            format!(r#"<span class="swatch{ink}" style="background:{c}">{inside}</span>"#)
        }
    }
}

/// A token's colour without a code (a side's token in the draw).
pub fn token(colour: &str) -> String {
    css_colour(colour).map_or_else(String::new, |c| {
        format!(r#"<span class="swatch token" style="background:{c}"></span>"#)
    })
}

/// A marker as the sheet shows it wherever it appears: its swatch, then its label.
pub fn marker(m: &MarkerDef) -> String {
    format!(
        r#"<span class="marker">{}{}</span>"#,
        swatch(&m.colour, &m.code),
        breakable(&m.label)
    )
}

/// A text that may name markers: its words breakable, each marker drawn.
pub fn text(g: Option<&GameDef>, t: &str) -> String {
    marked_pieces(t)
        .into_iter()
        .map(|p| match p {
            Piece::Text(t) => breakable(t),
            Piece::Marker(name, label) => g
                .and_then(|g| g.markers.iter().find(|m| m.name == name))
                .map_or_else(|| breakable(label), marker),
        })
        .collect()
}

/// A table; `class` names its kind for the style (`odds`, `mods`).
pub fn table(out: &mut String, g: Option<&GameDef>, grid: &Grid, class: &str) {
    let numeric = |i: usize| grid.numeric.get(i).copied().unwrap_or(false);
    let cell = |i: usize| if numeric(i) { r#" class="num""# } else { "" };
    let _ = write!(out, r#"<table class="{class}">"#);
    if grid.header.iter().any(|h| !h.is_empty()) {
        out.push_str("<thead><tr>");
        for (i, h) in grid.header.iter().enumerate() {
            let _ = write!(out, "<th{}>{}</th>", cell(i), text(g, h));
        }
        out.push_str("</tr></thead>");
    }
    out.push_str("<tbody>");
    for row in &grid.rows {
        out.push_str("<tr>");
        for (i, c) in row.iter().enumerate() {
            let _ = write!(out, "<td{}>{}</td>", cell(i), text(g, c));
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table>\n");
}

pub fn list(out: &mut String, g: Option<&GameDef>, items: &[String]) {
    if items.is_empty() {
        return;
    }
    out.push_str("<ul>");
    for item in items {
        let _ = write!(out, "<li>{}</li>", text(g, item));
    }
    out.push_str("</ul>\n");
}

/// A card's frame: its head (title, a line under it, and what stands at its right) and the
/// body `inside` writes, then its foot.
pub fn card(
    out: &mut String,
    id: &str,
    title: &str,
    aside: &str,
    inside: impl FnOnce(&mut String),
) {
    let _ = write!(
        out,
        r#"<section class="card" id="{id}"><header class="head"><h2>{}</h2>{aside}</header>"#,
        breakable(title)
    );
    inside(out);
    out.push_str("</section>\n");
}
