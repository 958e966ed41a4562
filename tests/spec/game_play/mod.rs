//! Playing a game of La Petite Guerre end to end through the `umpire` binary: the turn rule
//! read from the roster, the bead draw, held and spent react beads, activations, rolls that
//! read the figures from the roster and land their results on them, morale and panic, melee,
//! undo, the log and the after-action report, and odds with figures.
//!
//! Every command runs with its own data directory and without the UMPIRE_* variables that
//! would change what it does or where it keeps its files. Dice are entered with `--dice` (or
//! a seed given) wherever an outcome is asserted, so that every outcome is exact.

mod actions;
mod charge;
mod combine;
mod eligibility;
mod hold_and_activations;
mod house_rules;
mod large_units;
mod morale_and_melee;
mod odds_and_markers;
mod pending_checks;
mod phase_end;
mod pools;
mod shooting;
mod turn_and_draw;
mod turn_legality;
mod undo_and_log;
mod unit_action;
mod unit_pieces;
mod whole_odds;

use crate::support::Table;

// ----- helpers ----------------------------------------------------------------------------------

/// A new data directory with game `g` started and nothing in it.
fn game() -> Table {
    let t = Table::empty();
    assert_eq!(
        t.ok(&["game", "new", "g"]),
        "Game g started with La Petite Guerre; it is the current game.\n"
    );
    t
}

/// The skirmish most tests play:
/// british rangers RR1-RR2 (rangers) and rifles RF1-RF2 (regulars with rifles);
/// french coureurs CF1-CF3 (coureurs du bois) and militia MF1-MF2 (militia).
fn skirmish() -> Table {
    let t = game();
    t.unit("rangers", "british", "rangers", 2, "RR", None);
    t.unit("rifles", "british", "regulars", 2, "RF", Some("rifle"));
    t.unit("coureurs", "french", "coureurs", 3, "CF", None);
    t.unit("militia", "french", "militia", 2, "MF", None);
    t
}

/// What the roster shows of one figure.
trait Roster {
    fn fig(&self, code: &str) -> String;
    fn figs_row(&self, code: &str) -> (Vec<String>, bool);
}

impl Roster for Table {
    /// `umpire fig show CODE`: its first line, the figure and its markers.
    fn fig(&self, code: &str) -> String {
        let out = self.ok(&["fig", "show", code]);
        out.lines()
            .next()
            .unwrap_or_else(|| panic!("fig show {code} printed nothing"))
            .to_string()
    }

    /// The row of figure `code` in `umpire figs`, as words, and whether it is in the part of
    /// the roster set apart for the figures out of the game.
    fn figs_row(&self, code: &str) -> (Vec<String>, bool) {
        let figs = self.ok(&["figs"]);
        let (in_play, out) = figs
            .split_once("\nOut of the game (")
            .unwrap_or((&figs, ""));
        for (part, is_out) in [(in_play, false), (out, true)] {
            if let Some(line) = part
                .lines()
                .find(|l| l.split_whitespace().next() == Some(code))
            {
                return (
                    line.split_whitespace().map(str::to_string).collect(),
                    is_out,
                );
            }
        }
        panic!("no row for {code} in:\n{figs}");
    }
}

/// The line of `text` that starts with `prefix`.
fn line<'a>(text: &'a str, prefix: &str) -> &'a str {
    text.lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line starting with `{prefix}` in:\n{text}"))
}

fn words(list: &[&str]) -> Vec<String> {
    list.iter().map(|w| (*w).to_string()).collect()
}

/// A table with `british` and `french` units of one figure each (codes BA.., FA..).
fn sides(british: u8, french: u8) -> Table {
    let t = game();
    for (side, n, letter) in [("british", british, 'B'), ("french", french, 'F')] {
        for i in 0..n {
            let code = format!("{letter}{}", char::from(b'A' + i));
            let name = code.to_ascii_lowercase();
            t.unit(&name, side, "regulars", 1, &code, None);
        }
    }
    t
}
