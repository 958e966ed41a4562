//! End-to-end tests through the `umpire` binary: what the umpire types at the table, what the
//! tool prints, and how it exits (0 success, 2 the user's mistake, 1 a failure).
//!
//! Every command runs with its own data directory and without the UMPIRE_* variables that
//! would change what it does.

mod json;
mod no_panics;
mod odds;
mod roll;
mod rules_and_help;
mod rulesets_and_tables;
mod words;

use crate::support::{assert_clean_error, run};

/// A usage error: exit 2, one clean `error: ` message on stderr, no panic. Returns stderr.
fn usage_error(args: &[&str]) -> String {
    let (code, _, err) = run(args);
    assert_eq!(
        code,
        2,
        "umpire {}: expected exit 2, stderr: {err}",
        args.join(" ")
    );
    assert_clean_error(&err, args);
    err
}
