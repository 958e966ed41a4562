//! The officers & leaders skirmish rules (rule document 003) through the binary: exact odds
//! of every procedure, the risk factor summed from its list and read on the actions tables,
//! moving groups shooting a band further, the winner's natural die in melee, and a game with
//! command points from the roster spent a man at a time, hits spread at random over a group
//! and an artillery hit raising the group's next risk factor.
//!
//! Hand arithmetic: a d8 at `k` or more is (9 - k)/8; a d6 at `k` or more (7 - k)/6; all of
//! n dice odd is (1/2)^n.

mod game;
mod limbering;
mod odds;
mod player_characters;
mod shooting;
mod tables;

use tempfile::TempDir;

use crate::support::Rules;

/// A house copy of the built-in table with `from` replaced by `to` (once), in a tables
/// directory of its own, under the built-in table's id.
fn house((from, to): (&str, &str)) -> TempDir {
    let builtin = std::fs::read_to_string(
        crate::support::root().join("tables/003-officers-and-leaders.yaml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(builtin.contains(from), "no `{from}`");
    let tables = crate::support::tempdir();
    crate::support::write(
        &tables.path().join("officers-and-leaders.yaml"),
        builtin.replacen(from, to, 1),
    );
    tables
}

fn oal() -> Rules {
    Rules::named("officers-and-leaders")
}

/// The odds of `procedure` in `situation` are exactly `want` (see `Rules::expect`).
fn expect(procedure: &str, situation: &str, want: &[(&str, &str)]) {
    oal().expect(procedure, situation, want);
}
