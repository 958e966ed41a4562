//! Specification tests for the built-in French Indian War Rules (rule document 002), through
//! the binary: `umpire odds --json` for exact chances, `umpire roll --dice ... --json` and
//! `--seed` for what a roll does, and the plain text where the explanation must say which
//! score stands. Every chance is worked out by hand in the comment beside it.
//!
//! Hand arithmetic used throughout (every roll is one d6):
//! - `k` or more on 1d6 is (7 - k)/6; re-rolled once on a failure, 1 - (1 - p)^2.
//! - 1d6-2, never below 0: 0 hits 1/3, then 1 to 4 hits 1/6 each; its average is 5/3.
//! - A score re-rolled when below a fresh throw's average: the chance `q` of such a score
//!   moves to a fresh throw, so each score `s` ends at (s kept ? P(s) : 0) + q P(s).

mod activation;
mod cards;
mod charge;
mod game;
mod rally;
mod shooting;
mod tables;
mod turns;

use std::collections::BTreeMap;

use crate::support::{Rules, Step, Test};

/// The built-in French Indian War Rules, by its name.
fn fiw() -> Rules {
    Rules::named("french-indian-war")
}

/// The first step's results with their chances (see `Rules::chances`).
fn chances(procedure: &str, situation: &str) -> BTreeMap<String, String> {
    fiw().chances(procedure, situation)
}

/// The odds of `procedure` in `situation` are exactly `want` (see `Rules::expect`).
fn expect(procedure: &str, situation: &str, want: &[(&str, &str)]) {
    fiw().expect(procedure, situation, want);
}

/// A pass-or-fail roll's chance of passing (its other result takes the rest).
fn passes(procedure: &str, situation: &str, pass: &str, fail: &str, p: &str) {
    let all = chances(procedure, situation);
    assert_eq!(
        all.get(pass).map(String::as_str),
        Some(p),
        "{situation}: {all:?}"
    );
    assert!(all.keys().all(|k| k == pass || k == fail), "{all:?}");
}

/// Resolve with the faces thrown at the table, one set per throw in order.
fn thrown(procedure: &str, situation: &str, faces: &[&[i64]]) -> Step {
    fiw()
        .try_roll(procedure, situation, faces)
        .unwrap_or_else(|e| panic!("roll {procedure} {situation}: {e}"))
}

/// `umpire --rules french-indian-war ARGS`: it must succeed with nothing on stderr; returns
/// what it printed.
fn said(args: &[&str]) -> String {
    Test::new()
        .args(["--rules", "french-indian-war"])
        .args(args)
        .stderr("")
        .run()
        .stdout
}

/// The one-line error `umpire --rules french-indian-war ARGS` gives (exit 2).
fn refused(args: &[&str]) -> String {
    Test::new()
        .args(["--rules", "french-indian-war"])
        .args(args)
        .status(2)
        .run()
        .stderr
}
