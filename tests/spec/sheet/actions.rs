//! The actions a figure may take (`game: actions:`) and the markers' codes, as data: a table
//! that gets them wrong is refused with the file, the line of the mistake and what is wrong.

use crate::support::{Table, house_tables};

/// The one-line error a house table made by replacing `from` with `to` gives, which must name
/// the file and the line where the last line of `to` was written, and say `says`.
fn refused_at(from: &str, to: &str, says: &str) {
    let tables = house_tables(|t| {
        assert!(t.contains(from), "the table has no `{from}`");
        t.replacen(from, to, 1)
    });
    let file = tables.path().join("la-petite-guerre.yaml");
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{e}"));
    let at = text
        .find(to)
        .unwrap_or_else(|| panic!("`{to}` not written"))
        + to.rfind('\n').map_or(0, |i| i + 1);
    let line = text.get(..at).unwrap_or_default().matches('\n').count() + 1;
    let out = Table::empty()
        .test_with(tables.path())
        .args(["cards", "--html"])
        .status(2)
        .run();
    let first = out.stderr.lines().next().unwrap_or_default();
    let place = first
        .strip_prefix(&format!("error: {}:", file.display()))
        .unwrap_or_else(|| panic!("no file in {}", out.stderr));
    let said: Option<usize> = place.split(':').next().and_then(|l| l.parse().ok());
    assert_eq!(said, Some(line), "{first}");
    assert!(first.contains(says), "{first}");
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
}

#[test]
fn an_action_that_rolls_no_procedure_is_refused_with_a_suggestion() {
    refused_at(
        "procedure: spot,",
        "procedure: spott,",
        "action `spot` rolls `spott`, which is not a procedure of this ruleset",
    );
    let tables = house_tables(|t| t.replacen("procedure: spot,", "procedure: spott,", 1));
    Table::empty()
        .test_with(tables.path())
        .args(["cards", "--html"])
        .status(2)
        .stderr_contains("did you mean `spot`?")
        .run();
}

#[test]
fn an_action_that_clears_no_marker_is_refused() {
    refused_at(
        "clears: [misfire]",
        "clears: [misfyre]",
        "action `clear-misfire` clears `misfyre`, which is not a marker",
    );
}

#[test]
fn an_action_named_twice_or_without_a_label_is_refused() {
    refused_at(
        "{name: spot, label: Spot,",
        "{name: fire, label: Spot,",
        "action `fire` is named twice",
    );
    refused_at(
        "{name: spot, label: Spot,",
        "{name: spot, label: \" \",",
        "action `spot` needs a label",
    );
}

#[test]
fn an_action_with_an_unknown_key_is_refused() {
    refused_at(
        "{name: spot, label: Spot,",
        "{name: spot, lable: Spot,",
        "lable",
    );
}

#[test]
fn action_limits_that_cannot_be_met_are_refused() {
    refused_at(
        "action-limits: {per-phase: 1, per-turn: 2, counter: actions, phase-counter: phase-actions}",
        "action-limits: {per-phase: 3, per-turn: 2}",
        "3 actions a phase is more than the 2 a turn allows",
    );
    refused_at(
        "action-limits: {per-phase: 1, per-turn: 2, counter: actions, phase-counter: phase-actions}",
        "action-limits: {per-phase: 0, per-turn: 2}",
        "`per-phase:` is 0",
    );
}

#[test]
fn a_markers_code_must_be_short_and_its_own() {
    refused_at(
        "colour: purple",
        "colour: purple\n      code: PINNED",
        "marker `pinned` has the code `PINNED`: give one to three letters or digits",
    );
    let tables = house_tables(|t| {
        t.replacen("colour: purple", "colour: purple\n      code: X", 1)
            .replacen("colour: green", "colour: green\n      code: x", 1)
    });
    Table::empty()
        .test_with(tables.path())
        .args(["cards", "--html"])
        .status(2)
        .stderr_contains("markers `pinned` and `prone` both have the code `x`")
        .run();
}
