//! `umpire army`: the army point system and the 28 army lists of C'est la Guerre (rule
//! document 004). Every list's total, line count and unit count is counted by hand from the
//! document here; the printed slips are the four the readings name (`lists`); a user's own list
//! is checked with its mistakes placed at FILE:line:col (`own_list`); a table's `points:` and
//! `armies:` are refused at load with their place when they are wrong (`table`).

mod lists;
mod own_list;
mod table;

use serde_json::Value;

use crate::support::Test;

const CLG: &str = "cest-la-guerre";

/// `umpire army ARGS --rules cest-la-guerre`, which must succeed.
fn army(args: &[&str]) -> String {
    Test::new()
        .args(["army"])
        .args(args)
        .args(["--rules", CLG])
        .stderr("")
        .run()
        .stdout
}

fn army_json(args: &[&str]) -> Value {
    Test::new()
        .args(["army"])
        .args(args)
        .args(["--rules", CLG, "--json"])
        .run()
        .json()
}

/// A JSON number as `f64` (whole costs print as integers, halves as decimals).
fn number(v: &Value) -> f64 {
    v.as_f64().unwrap_or(f64::NAN)
}
