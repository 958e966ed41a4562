//! Quick-reference cards: a procedure's dice, modifiers, reading, results, exact odds and
//! notes gathered from the tables into one model, printed here for the terminal and by
//! `sheet` for paper, so that both show the same card.
//!
//! This module owns the model (`Card`, `Part`, `Block`, `Grid`) and the entry points; the
//! work is split by concern: `words` says the tables' data as the umpire would, `parts`
//! makes a card's parts from the tables, `odds` works out the exact odds, and `text` prints
//! a card for the terminal.

mod odds;
mod parts;
mod text;
mod words;

use text::render;
pub use words::{
    ANY_RESULT, Piece, any_result_parts, marked_pieces, marker_ref, may_follow_parts, result_parts,
    turn_rules, unmarked,
};

use serde::Serialize;

use crate::error::Result;
use crate::model::Ruleset;
use crate::model::{ProcedureDef, RollDef, TargetDef};

use odds::odds_part;
use parts::{
    amount_part, check_part, compare_part, dice_part, grid_part, modifier_parts, results_part,
    table_part,
};

/// How a card says the tables' conditions: as they are typed (the terminal's card, read beside
/// the words to type) or in the umpire's words, from the tables' labels (the printed sheet).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Voice {
    Typed,
    Plain,
}

/// What a card's roll comes to in a line, for a page to print large: the dice, and the number
/// to reach with what reaching it gives (`2d6`, `8 or more`, `Hit`), or how the total is read.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Key {
    pub dice: Option<String>,
    pub need: Option<String>,
    pub says: String,
}

/// One card: a procedure's rules as headed parts (and so as `card --json` gives it).
#[derive(Debug, Clone, Serialize)]
pub struct Card {
    pub name: String,
    pub title: String,
    pub aliases: Vec<String>,
    pub help: String,
    pub key: Key,
    pub parts: Vec<Part>,
    /// The results' labels in the procedure's order, as a crowded table letters them.
    pub results: Vec<String>,
}

impl Card {
    /// The labels a crowded table may letter without a legend of its own: the card's results,
    /// when the card lists them.
    pub fn known(&self) -> &[String] {
        let listed = self
            .parts
            .iter()
            .flat_map(|p| &p.blocks)
            .any(|b| matches!(b, Block::Table(g) if g.lists_results));
        if listed { &self.results } else { &[] }
    }
}

/// A headed part of a card (the dice, one modifier group, the odds...).
#[derive(Debug, Clone, Serialize)]
pub struct Part {
    pub heading: String,
    pub blocks: Vec<Block>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Block {
    Text(String),
    List(Vec<String>),
    Table(Grid),
}

/// A small table: a header, rows of text, and which columns hold numbers (set right). Its
/// data is the header and the rows; the rest is how it is laid out.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Grid {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
    #[serde(skip)]
    pub numeric: Vec<bool>,
    /// Where the results' labels are, which may give way to letters when there is no room.
    #[serde(skip)]
    pub labels: Labels,
    /// A line per result, in the procedure's order: where the letters are explained when a
    /// crowded table of the card uses them.
    #[serde(skip)]
    pub lists_results: bool,
}

/// Which cells of a grid name results: the body after the first column (a table of results),
/// or the header after the first column (an odds table).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Labels {
    #[default]
    None,
    Body,
    Header,
}

impl Grid {
    fn new(header: &[&str], numeric: &[bool]) -> Grid {
        Grid {
            header: header.iter().map(ToString::to_string).collect(),
            rows: Vec::new(),
            numeric: numeric.to_vec(),
            labels: Labels::None,
            lists_results: false,
        }
    }

    /// The width the table needs to be read without cutting words or squeezing a column of
    /// text under ten characters (each column with its two spaces of gap): the measure of
    /// whether it fits a line.
    pub fn comfortable_width(&self) -> usize {
        let columns = self
            .rows
            .iter()
            .map(Vec::len)
            .chain(std::iter::once(self.header.len()))
            .max()
            .unwrap_or(0);
        (0..columns)
            .map(|i| {
                let cells = self
                    .rows
                    .iter()
                    .filter_map(|r| r.get(i))
                    .chain(self.header.get(i));
                let (mut word, mut line) = (0, 0);
                for c in cells {
                    for l in c.lines() {
                        line = line.max(l.chars().count());
                        for w in l.split_whitespace() {
                            word = word.max(w.chars().count());
                        }
                    }
                }
                word.max(line.min(10)) + 2
            })
            .sum()
    }

    /// The grid as it fits `width` characters: results' labels become letters when the
    /// labels would not fit (see [`Grid::coded`]).
    pub fn fitted(&self, width: usize, known: &[String]) -> (Grid, Vec<String>) {
        if self.comfortable_width() <= width {
            (self.clone(), Vec::new())
        } else {
            self.coded(known)
        }
    }

    /// The grid with its results' labels lettered: the i-th of `known` (the card's results,
    /// listed with their letters elsewhere on the card) is the i-th letter; any other label
    /// takes the next letter and a line of the legend returned.
    pub fn coded(&self, known: &[String]) -> (Grid, Vec<String>) {
        let mut grid = self.clone();
        if self.labels == Labels::None {
            return (grid, Vec::new());
        }
        let mut names: Vec<String> = known.to_vec();
        let mut code = |label: &mut String| {
            if label.is_empty() {
                return;
            }
            let i = match names.iter().position(|n| n == label) {
                Some(i) => i,
                None => {
                    names.push(label.clone());
                    names.len() - 1
                }
            };
            *label = letters(i);
        };
        match self.labels {
            Labels::Body => grid
                .rows
                .iter_mut()
                .flat_map(|r| r.iter_mut().skip(1))
                .for_each(&mut code),
            Labels::Header => grid.header.iter_mut().skip(1).for_each(&mut code),
            Labels::None => {}
        }
        let legend = names
            .iter()
            .enumerate()
            .skip(known.len())
            .map(|(i, n)| format!("{}: {n}", letters(i)))
            .collect();
        (grid, legend)
    }

    /// A list of results with their letters in a first column.
    pub fn lettered(&self) -> Grid {
        let mut grid = self.clone();
        grid.header.insert(0, String::new());
        grid.numeric.insert(0, false);
        for (i, row) in grid.rows.iter_mut().enumerate() {
            row.insert(0, letters(i));
        }
        grid
    }

    /// Leave out columns with nothing in any row (a case label no case has).
    fn pruned(mut self) -> Grid {
        let keep: Vec<bool> = (0..self.header.len())
            .map(|i| {
                self.rows
                    .iter()
                    .any(|r| r.get(i).is_some_and(|c| !c.is_empty()))
            })
            .collect();
        fn pick<T>(v: Vec<T>, keep: &[bool]) -> Vec<T> {
            v.into_iter()
                .zip(keep)
                .filter_map(|(c, k)| k.then_some(c))
                .collect()
        }
        self.header = pick(std::mem::take(&mut self.header), &keep);
        self.numeric = pick(std::mem::take(&mut self.numeric), &keep);
        self.rows = std::mem::take(&mut self.rows)
            .into_iter()
            .map(|r| pick(r, &keep))
            .collect();
        self
    }
}

/// A, B, ... Z, AA, AB, ...: the letter standing for the i-th result in a crowded table.
fn letters(i: usize) -> String {
    let mut n = i;
    let mut out = Vec::new();
    loop {
        out.push(char::from(b'A' + u8::try_from(n % 26).unwrap_or(0)));
        if n < 26 {
            break;
        }
        n = n / 26 - 1;
    }
    out.iter().rev().collect()
}

/// The card of one procedure, from the tables alone, its conditions as they are typed.
pub fn build(r: &Ruleset, p: &ProcedureDef) -> Card {
    build_in(r, p, Voice::Typed)
}

/// The card of one procedure in the voice asked for.
pub fn build_in(r: &Ruleset, p: &ProcedureDef, voice: Voice) -> Card {
    let mut parts = Vec::new();
    parts.extend(dice_part(r, p, voice));
    parts.extend(modifier_parts(r, p, voice));
    if let Some(c) = &p.check {
        parts.push(check_part(r, p, c));
    }
    if let Some(t) = &p.table {
        parts.push(table_part(p, t));
    }
    if let Some(g) = &p.grid {
        parts.push(grid_part(r, p, g, voice));
    }
    if let Some(c) = &p.compare {
        parts.push(compare_part(p, c));
    }
    if let Some(a) = &p.amount {
        parts.push(amount_part(r, p, a, voice));
    }
    parts.extend(results_part(r, p, voice));
    parts.extend(odds_part(r, p, voice));
    if !p.notes.is_empty() {
        parts.push(Part {
            heading: "Notes".into(),
            blocks: vec![Block::List(p.notes.clone())],
        });
    }
    Card {
        name: p.name.clone(),
        title: p.title.clone(),
        aliases: p.aliases.clone(),
        help: p.help.clone(),
        key: key(r, p),
        parts,
        results: p.results.iter().map(|r| r.label.clone()).collect(),
    }
}

/// The card's roll in a line: one throw's dice (each side's, in an opposed roll), and the
/// number a check must reach or how the total is read.
fn key(r: &Ruleset, p: &ProcedureDef) -> Key {
    let dice = match &p.roll {
        Some(RollDef::Dice(d)) if p.sides.is_empty() => Some(words::dice_words(r, d)),
        Some(RollDef::Dice(d)) => Some(format!("{} each", words::dice_words(r, d))),
        _ => None,
    };
    let (need, says) = if let Some(c) = &p.check {
        let target = match &c.target {
            TargetDef::Number(n) => n.to_string(),
            TargetDef::Factor(f) => f.clone(),
            TargetDef::Lookup(_) => "the number in the table".into(),
        };
        (
            Some(crate::words::compared(c.compare, &target)),
            words::result_label(p, &c.pass),
        )
    } else if p.compare.is_some() && p.amount.is_some() {
        (None, "the higher score wins".into())
    } else if p.compare.is_some() {
        (None, "the higher total wins".into())
    } else if p.table.is_some() || p.grid.is_some() {
        (None, "read the total on the table".into())
    } else if let Some(a) = &p.amount {
        let unit = a.unit.clone().unwrap_or_else(|| r.unit().to_string());
        let says = match &a.each_die {
            Some(check) => format!("{unit}: the dice that pass `{check}`"),
            None if unit.is_empty() => "the total is the result".into(),
            None => format!("the total in {unit}"),
        };
        (None, says)
    } else {
        (None, String::new())
    };
    Key { dice, need, says }
}

/// The procedures named (each checked, with a suggestion for a typo), or all of them.
pub fn chosen<'a>(r: &'a Ruleset, names: &[String]) -> Result<Vec<&'a ProcedureDef>> {
    if names.is_empty() {
        return Ok(r.model.procedures.iter().collect());
    }
    names.iter().map(|n| r.procedure_or_err(n)).collect()
}

/// The cards of the procedures named (all when none is), as data.
pub fn card_models(ruleset: &Ruleset, procedures: &[String]) -> Result<Vec<Card>> {
    Ok(chosen(ruleset, procedures)?
        .iter()
        .map(|p| build(ruleset, p))
        .collect())
}

/// The terminal cards of the procedures named (all when none is), `width` columns wide.
pub fn cards(
    ruleset: &Ruleset,
    procedures: &[String],
    width: usize,
    colour: bool,
) -> Result<String> {
    let chosen = chosen(ruleset, procedures)?;
    let texts: Vec<String> = chosen
        .iter()
        .map(|p| render(&build(ruleset, p), width, colour))
        .collect();
    Ok(texts.join("\n"))
}
