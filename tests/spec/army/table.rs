//! A table's own `points:` and `armies:`, refused at load with their place; the fixture of
//! tests/tables standing for the built-in table; `umpire rules` naming the lists.

use std::path::Path;

use tempfile::TempDir;

use super::CLG;
use crate::support::{Test, root, tempdir, write};

/// The built-in C'est la Guerre table with `edit` applied, in a tables directory of its own,
/// named as the ruleset it overrides.
fn clg_tables(edit: impl Fn(&str) -> String) -> TempDir {
    let builtin = std::fs::read_to_string(root().join("tables/004-cest-la-guerre.yaml"))
        .unwrap_or_else(|e| panic!("the built-in table: {e}"));
    let text = edit(&builtin);
    assert_ne!(text, builtin, "the edit changed nothing");
    let dir = tempdir();
    write(&dir.path().join("cest-la-guerre.yaml"), text);
    dir
}

/// The line of `needle`'s first appearance after `after` in the edited table.
fn line_of(dir: &Path, after: &str, needle: &str) -> usize {
    let text = std::fs::read_to_string(dir.join("cest-la-guerre.yaml")).unwrap_or_default();
    let start = text.find(after).unwrap_or(0);
    let at = start + text[start..].find(needle).unwrap_or(0);
    text[..at].matches('\n').count() + 1
}

/// The table made by `from` → `to` is refused by `army list` and `rules --check` alike, at the
/// line where `needle` (after `after`) stands, saying `says`.
fn table_refused(from: &str, to: &str, place: (&str, &str), says: &str) {
    edited_refused(|t| t.replacen(from, to, 1), place, says);
}

fn edited_refused(edit: impl Fn(&str) -> String, (after, needle): (&str, &str), says: &str) {
    let tables = clg_tables(edit);
    let line = line_of(tables.path(), after, needle);
    let file = tables.path().join("cest-la-guerre.yaml");
    for args in [&["army", "list"][..], &["rules", "--check"]] {
        let out = Test::new()
            .tables(tables.path())
            .args(args)
            .args(["--rules", CLG])
            .status(2)
            .run();
        let first = out.stderr.lines().next().unwrap_or_default();
        let prefix = format!("error: {}:{line}:", file.display());
        assert!(first.starts_with(&prefix), "{prefix} in {first}");
        assert!(first.ends_with(says), "{says} in {first}");
    }
}

#[test]
fn a_tables_army_lists_are_checked_at_load() {
    table_refused(
        "{count: 1, unit: general, grade: brilliant, printed-each: 6.0, printed: 6.0}",
        "{count: 1, unit: generl, grade: brilliant, printed-each: 6.0, printed: 6.0}",
        ("name: sweden-wss", "unit: generl"),
        "`generl` is not a kind of unit of the points table (did you mean `general`?)",
    );
    table_refused(
        "{count: 6, unit: light-cavalry, printed-each: 1.0, printed: 6.0}",
        "{count: 6, unit: light-cavalry, grade: elite, printed-each: 1.0, printed: 6.0}",
        ("name: russia-wss", "grade: elite, printed-each: 1.0"),
        "`light-cavalry` is always `average`, never `elite`",
    );
    table_refused(
        "or: [\n              {count: 2, unit: infantry, grade: inferior, printed-each: 2.0}]}",
        "or: [\n              {count: 3, unit: infantry, grade: inferior, printed-each: 2.0}]}",
        (
            "name: austria-wss",
            "{count: 3, unit: infantry, grade: inferior, printed-each: 2.0}",
        ),
        "this alternative costs 6.0, the line it stands for 4.0: an alternative costs what its \
         line costs",
    );
    table_refused(
        "        - {count: 4, unit: cavalry, grade: average, printed-each: 2.0}",
        "        - {count: 5, unit: cavalry, grade: average, printed-each: 2.0}",
        (
            "name: saxony-poland-wss",
            "- units:\n                  - {count: 2",
        ),
        "this alternative costs 14.0, the line it stands for 12.0: an alternative costs what \
         its line costs",
    );
    table_refused(
        "{count: 8, unit: infantry, grade: average, printed-each: 2.5, printed: 20.0}",
        "{count: 9, unit: infantry, grade: average, printed-each: 2.5, printed: 20.0}",
        ("armies:", "name: prussia-wss"),
        "`prussia-wss` costs 42.5, more than the 40.0 points a side has in `wss`",
    );
    table_refused(
        "tags: [british]\n",
        "tags: [britsh]\n",
        ("name: british-dutch-wss", "tags: [britsh]"),
        "`britsh` is not a tag of the points table (did you mean `british`?)",
    );
    table_refused(
        "- name: spain-wss",
        "- name: austria-wss",
        ("name: france-wss", "name: austria-wss"),
        "army list `austria-wss` is used twice",
    );
}

#[test]
fn a_tables_points_are_checked_at_load() {
    table_refused(
        "costs: {inferior: 2, average: 2.5, elite: 3}",
        "costs: {inferior: 2, average: 2.25, elite: 3}",
        ("name: infantry, label: regular infantry", "average: 2.25"),
        "`2.25` is not a cost: costs are counted in whole and half points",
    );
    table_refused(
        "cost: 5, game: {type: heavy-artillery}}\n    - {name: horse-artillery",
        "cost: -5, game: {type: heavy-artillery}}\n    - {name: horse-artillery",
        ("name: heavy-artillery", "cost: -5"),
        "`-5` is not a cost: a cost is 0 or more",
    );
    table_refused(
        "costs: {average: 2, elite: 3}",
        "costs: {average: 2, elit: 3}",
        ("name: cavalry, label: cavalry", "elit"),
        "`elit` is not a grade of `points: grades:` (did you mean `elite`?)",
    );
    table_refused(
        "add: 0.5, unless: [dagger]",
        "add: 0.5, unless: [dager]",
        ("surcharges:", "unless"),
        "`dager` is not a tag of `points: tags:` (did you mean `dagger`?)",
    );
    table_refused(
        "cost: 1, grade: average, game: {type: light-cavalry}}\n    - {name: artillery",
        "costs: {average: 1}, cost: 1, game: {type: light-cavalry}}\n    - {name: artillery",
        ("{name: light-cavalry, label: light cavalry, group", "costs"),
        "`light-cavalry` has one `cost` or `costs` by grade, not both",
    );
    // No points table at all: the lists cannot be priced.
    edited_refused(
        |t| {
            let start = t.find("\npoints:\n").unwrap_or(0);
            let end = t.find("\narmies:\n").unwrap_or(start);
            format!("{}{}", &t[..start], &t[end..])
        },
        ("\n", "armies:\n"),
        "army lists need a `points:` table to price them",
    );
}

#[test]
fn the_fixture_overrides_the_built_in_table_and_both_check_clean() {
    // tests/tables holds the combat part of the same ruleset: given with --tables it stands
    // for the built-in one, as any user's table of a built-in ruleset's name does.
    Test::new()
        .tables(crate::support::test_tables())
        .args(["army", "list", "--rules", CLG])
        .status(2)
        .stderr_contains("has no army lists")
        .run();
    Test::new()
        .args(["rules", CLG, "--check"])
        .stdout("cest-la-guerre: clean\n")
        .run();
}

#[test]
fn the_ruleset_says_it_has_army_lists_and_the_readings_taken() {
    let text = Test::new().args(["rules", CLG]).run().stdout;
    for part in [
        "\n  note: Army lists: the tool totals every list from the points table",
        "Saxony-Poland's total is printed 4.0 (40.0)",
        "\n  note: British regular infantry pays 0.5 a unit more, except the units marked †",
        "\narmy lists: 28 in 6 periods (`umpire army list --rules cest-la-guerre`)\n",
    ] {
        assert!(text.contains(part), "{part:?} in\n{text}");
    }
}
