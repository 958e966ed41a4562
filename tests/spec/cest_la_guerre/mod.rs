//! C'est la Guerre (rule document 004) played as a game through the binary: army lists put on
//! the table for sides the players name, combats between two units read from the roster with
//! the outcome chart landing on the loser by its type, casualties counted and read, initiative
//! points spent, and victory at 15 points lost and more than the enemy.
//!
//! Hand arithmetic: 2d6 has 36 ordered throws; a chance over both sides' throws is a count of
//! the 1,296 pairs, checked by enumeration in the comments beside each figure.

mod game;
mod moves;
mod outcomes;
mod reserves;
mod shooting_turns;

use crate::support::Table;

/// A game of the British and French lists of the French & Indian War.
fn game() -> Table {
    let t = Table::empty();
    t.ok(&[
        "game",
        "new",
        "monongahela",
        "--rules",
        "clg",
        "--army",
        "british=british-fiw",
        "--army",
        "french=french-fiw",
    ]);
    t
}

/// `roll PROCEDURE --attacker A --defender D --dice X --dice Y`.
fn fight<'a>(procedure: &'a str, a: &'a str, d: &'a str, dice: [&'a str; 2]) -> Vec<&'a str> {
    vec![
        "roll",
        procedure,
        "--attacker",
        a,
        "--defender",
        d,
        "--dice",
        dice[0],
        "--dice",
        dice[1],
    ]
}
