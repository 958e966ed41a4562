//! How the cards fill the pages: each card's height guessed from its HTML as the style sets
//! it (the type's sizes, the column's width, tables' columns shared by their words), and the
//! cards ordered so that a short one fills the foot of a column a long one would leave empty.
//!
//! The guess only orders the cards; the browser lays them out, so a guess a little off costs
//! some room, never a card cut.

/// Millimetres in a point.
const PT: f64 = 25.4 / 72.0;
/// The body type and its leading (see `style`).
const BODY: f64 = 7.4;
const LEADING: f64 = 1.16;
/// An average character's width, in ems of the condensed type.
const CHAR: f64 = 0.47;

/// The room the narrower paper (A4) leaves a column, and the height the shorter (Letter)
/// leaves it, less a little for the guess.
pub const COLUMN_WIDTH: f64 = (210.0 - 14.0 - 4.0) / 2.0;
pub const COLUMN_HEIGHT: f64 = 279.4 - 14.0 - 4.0;

/// What a card's padding and border take of its width.
const CARD_INSIDE: f64 = 3.6 + 0.5;
/// The gap between two parts side by side.
const PAIR_GAP: f64 = 3.0;

/// An element of the sheet's own HTML, as far as its height goes.
#[derive(Debug, Default)]
struct Node {
    tag: String,
    class: String,
    children: Vec<Node>,
    /// Its text, its children's included.
    text: String,
}

/// The characters a text shows: entities as one, a marker's swatch as three.
fn shown(text: &str) -> f64 {
    let entities = text.matches('&').count();
    let chars = text.chars().count().saturating_sub(entities * 4);
    #[allow(clippy::cast_precision_loss)]
    let n = chars as f64;
    n
}

/// The sheet's HTML read back into elements (it writes every tag it opens and closes it).
fn parse(html: &str) -> Node {
    let mut stack = vec![Node::default()];
    let mut rest = html;
    while !rest.is_empty() {
        let (text, tag) = match rest.find('<') {
            Some(at) => rest.split_at(at),
            None => (rest, ""),
        };
        for n in &mut stack {
            n.text.push_str(text);
        }
        if tag.is_empty() {
            break;
        }
        let end = tag.find('>').map_or(tag.len(), |e| e + 1);
        let inside = tag.get(1..end.saturating_sub(1)).unwrap_or_default();
        rest = tag.get(end..).unwrap_or_default();
        if let Some(closing) = inside.strip_prefix('/') {
            if stack.len() > 1
                && stack.last().is_some_and(|n| n.tag == closing)
                && let Some(done) = stack.pop()
                && let Some(parent) = stack.last_mut()
            {
                parent.children.push(done);
            }
            continue;
        }
        let name: String = inside
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        if matches!(name.as_str(), "wbr" | "br" | "meta" | "") || inside.starts_with('!') {
            continue;
        }
        let class = inside
            .split("class=\"")
            .nth(1)
            .and_then(|c| c.split('"').next())
            .unwrap_or_default()
            .to_string();
        if name == "span" && class.starts_with("swatch") {
            // A swatch is about three characters wide, whatever its code.
            for n in &mut stack {
                n.text.push_str("   ");
            }
        }
        stack.push(Node {
            tag: name,
            class,
            ..Node::default()
        });
    }
    while stack.len() > 1 {
        if let Some(done) = stack.pop()
            && let Some(parent) = stack.last_mut()
        {
            parent.children.push(done);
        }
    }
    stack.pop().unwrap_or_default()
}

/// Lines a text of `chars` characters takes `width` millimetres wide in type of `pt` points.
fn lines(chars: f64, width: f64, pt: f64) -> f64 {
    let per_line = (width / (pt * PT * CHAR)).max(1.0);
    (chars / per_line).ceil().max(1.0)
}

fn line(pt: f64) -> f64 {
    pt * PT * LEADING
}

/// A table's height: each column as wide as its longest cell when all fit, else a share of the
/// width by its longest cell (never under its longest word), each row as tall as its fullest
/// cell at that width.
fn table(node: &Node, width: f64) -> f64 {
    let rows: Vec<Vec<&Node>> = node
        .children
        .iter()
        .flat_map(|section| &section.children)
        .map(|tr| tr.children.iter().collect())
        .collect();
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let char_mm = BODY * PT * CHAR;
    let pad = 1.6;
    let mut natural = vec![0.0f64; columns];
    let mut word = vec![0.0f64; columns];
    for row in &rows {
        for (i, cell) in row.iter().enumerate() {
            let longest = cell.text.split_whitespace().map(shown).fold(0.0, f64::max);
            if let (Some(n), Some(w)) = (natural.get_mut(i), word.get_mut(i)) {
                *n = n.max(shown(&cell.text) * char_mm + pad);
                *w = w.max(longest * char_mm + pad);
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
    // The legend's swatches are taller than a line of type.
    let least = if node.class == "markers" { 4.4 } else { 0.0 };
    let rows_height: f64 = rows
        .iter()
        .map(|row| {
            let tallest = row
                .iter()
                .zip(&share)
                .map(|(cell, w)| lines(shown(&cell.text), (w - pad).max(char_mm), BODY))
                .fold(1.0, f64::max);
            (tallest * line(BODY)).max(least)
        })
        .sum();
    rows_height + 0.6
}

/// The height an element takes `width` millimetres wide, its margins included.
fn height(node: &Node, width: f64) -> f64 {
    let stacked = |width: f64| node.children.iter().map(|c| height(c, width)).sum::<f64>();
    match (node.tag.as_str(), node.class.as_str()) {
        ("section", c) if c.starts_with("card") => 2.2 + 1.6 + 0.5 + stacked(width - CARD_INSIDE),
        ("header", "ruleset") => 2.0 + stacked(width),
        ("header", "head") => {
            let title = node.children.first().map_or(0.0, |h| shown(&h.text));
            let rest = shown(&node.text) - title;
            let across = title * 10.5 * PT * 0.52 + rest * BODY * PT * CHAR + 6.0;
            line(10.5) * (across / width).ceil().max(1.0) + 1.0
        }
        ("div", "key") => {
            let across = shown(&node.text) * 12.0 * PT * 0.55;
            16.0 * PT * 1.15 * (across / width).ceil().max(1.0) + 1.0
        }
        ("div", "pair") => node
            .children
            .iter()
            .map(|c| stacked_of(c, (width - PAIR_GAP) / 2.0))
            .fold(0.0, f64::max),
        ("section", _) => stacked(width) + 0.5,
        ("h1", _) => line(15.0),
        ("h3", _) => lines(shown(&node.text), width, 8.0) * line(8.0) + 0.7,
        ("p", _) => lines(shown(&node.text), width, BODY) * line(BODY) + 0.5,
        ("ul", _) => stacked(width - 3.5) + 0.5,
        ("li", _) => lines(shown(&node.text), width, BODY) * line(BODY),
        ("table", _) => table(node, width),
        ("footer", _) => 2.0,
        _ => stacked(width),
    }
}

fn stacked_of(node: &Node, width: f64) -> f64 {
    node.children.iter().map(|c| height(c, width)).sum()
}

/// A guess of the height one block of the sheet (a card, the header) takes in a column, in
/// millimetres.
pub fn guess(html: &str) -> f64 {
    let root = parse(html);
    stacked_of(&root, COLUMN_WIDTH)
}

/// A part's height across the whole card, from its HTML.
pub fn whole(html: &str) -> f64 {
    stacked_of(&parse(html), COLUMN_WIDTH - CARD_INSIDE)
}

/// A part's height in half the card, beside another.
pub fn half(html: &str) -> f64 {
    stacked_of(&parse(html), HALF)
}

/// The width of half a card, beside another part.
const HALF: f64 = (COLUMN_WIDTH - CARD_INSIDE - PAIR_GAP) / 2.0;

/// Whether every table of a part fits half a card: its columns' longest words side by side (a
/// word never breaks, so a table wider than that overflows whatever its cells' lengths).
pub fn fits_half(html: &str) -> bool {
    fn tables<'a>(node: &'a Node, out: &mut Vec<&'a Node>) {
        if node.tag == "table" {
            out.push(node);
        }
        node.children.iter().for_each(|c| tables(c, out));
    }
    let root = parse(html);
    let mut found = Vec::new();
    tables(&root, &mut found);
    found.iter().all(|t| least_width(t) <= HALF)
}

/// The least width a table takes: each column as wide as its longest word and its padding.
fn least_width(node: &Node) -> f64 {
    let char_mm = BODY * PT * CHAR;
    let mut word: Vec<f64> = Vec::new();
    for tr in node.children.iter().flat_map(|section| &section.children) {
        for (i, cell) in tr.children.iter().enumerate() {
            let longest = cell.text.split_whitespace().map(shown).fold(0.0, f64::max);
            if word.len() <= i {
                word.resize(i + 1, 0.0);
            }
            if let Some(w) = word.get_mut(i) {
                *w = w.max(longest * char_mm + 1.6);
            }
        }
    }
    word.iter().sum()
}

/// The order to print blocks of these heights in: in their order, except that where the next
/// one would not fit in what is left of a column, the first later one that does goes there
/// first. The first block (the header) stays first.
pub fn order(heights: &[f64]) -> Vec<usize> {
    let mut left: Vec<usize> = (0..heights.len()).collect();
    let mut order = Vec::with_capacity(heights.len());
    let mut used = 0.0;
    let of = |i: usize| heights.get(i).copied().unwrap_or(0.0);
    while !left.is_empty() {
        let fits = left
            .iter()
            .position(|i| used + of(*i) <= COLUMN_HEIGHT)
            .filter(|at| *at == 0 || !order.is_empty());
        match fits {
            Some(at) => {
                let i = left.remove(at);
                used += of(i);
                order.push(i);
            }
            // Nothing fits what is left: the next column, or a block taller than any column.
            None if used > 0.0 => used = 0.0,
            None => {
                let i = left.remove(0);
                used = of(i) % COLUMN_HEIGHT;
                order.push(i);
            }
        }
    }
    order
}
