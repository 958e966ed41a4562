//! Distances measured to a fraction of an inch, read exactly: against a distance's bands, a
//! check's target and a table's number conditions; counts that stay whole; numbers refused.

use serde_json::Value;

use super::refused;
use crate::support::{Rules, Test, tempdir, write};

/// The exact chance of the first step's outcome labelled `label`.
fn chance(procedure: &str, situation: &str, label: &str) -> String {
    let odds = Rules::builtin().odds(procedure, situation);
    let first = odds.steps.first().unwrap_or_else(|| panic!("no step"));
    first
        .outcomes
        .iter()
        .find(|o| o.label == label)
        .unwrap_or_else(|| panic!("no {label} in odds {procedure} {situation}"))
        .probability
        .fraction
        .clone()
}

#[test]
fn spotting_at_a_decimal_distance_needs_more_than_it_exactly() {
    // More than 12.5 on 3d6 is 13 or more: 56 of 216 throws.
    assert_eq!(chance("spot", "distance=12.5", "Spotted"), "7/27");
    // The same as more than 12, and not the same as more than 13 (35 of 216).
    assert_eq!(chance("spot", "distance=12", "Spotted"), "7/27");
    assert_eq!(chance("spot", "distance=13", "Spotted"), "35/216");
    // With the unit's mark or its name after the number.
    assert_eq!(chance("spot", "distance=12.5\"", "Spotted"), "7/27");
    assert_eq!(chance("spot", "distance=12.5in", "Spotted"), "7/27");
}

#[test]
fn hidden_movement_is_revealed_below_a_decimal_distance_exactly() {
    // Less than 6.5 on 3d6 is 6 or less: 20 of 216 throws.
    assert_eq!(chance("hidden-move", "moved=6.5", "Revealed"), "5/54");
    assert_eq!(chance("hidden-move", "moved=7", "Revealed"), "5/54");
    // At 6 inches or less a marker is never revealed by moving (the README's reading).
    assert_eq!(chance("hidden-move", "moved=6", "Still hidden"), "1");
    assert_eq!(chance("hidden-move", "moved=5.5", "Still hidden"), "1");
}

#[test]
fn a_roll_against_a_decimal_target_explains_it_as_typed() {
    Test::new()
        .args(["roll", "spot", "distance=12.5", "--dice", "6,6,1"])
        .stdout_contains("given distance=12.5\n")
        .stdout_contains("total 13 against more than 12.5 (distance): Spotted   chance 7/27")
        .stderr("")
        .run();
    Test::new()
        .args(["roll", "spot", "distance=12.5", "--dice", "6,5,1"])
        .stdout_contains("total 12 against more than 12.5 (distance): Not spotted")
        .run();
}

#[test]
fn half_an_inch_over_a_band_is_the_next_band() {
    let range = |words: &str| {
        let out = Test::new()
            .args(["roll", "shoot"])
            .args(words.split_whitespace())
            .args(["--dice", "3,4"])
            .stderr("")
            .run()
            .stdout;
        out.lines()
            .find(|l| l.trim_start().starts_with("given "))
            .unwrap_or_else(|| panic!("no `given` line:\n{out}"))
            .trim()
            .to_string()
    };
    assert_eq!(
        range("range=18"),
        "given range=effective [18 inches: up to 18 is effective for weapon musket]"
    );
    assert_eq!(
        range("range=18.5"),
        "given range=long [18.5 inches: over 18 up to 36 is long for weapon musket]"
    );
    assert_eq!(
        range("range=24 weapon=rifle"),
        "given range=effective [24 inches: up to 24 is effective for weapon rifle], weapon=rifle"
    );
    assert_eq!(
        range("range=24.5 weapon=rifle"),
        "given range=long [24.5 inches: over 24 up to 36 is long for weapon rifle], weapon=rifle"
    );
    assert_eq!(
        range("range=36.0625"),
        "given range=extreme [36.0625 inches: over 36 is extreme for weapon musket]"
    );
}

#[test]
fn a_seeded_roll_at_a_decimal_range_counts_long_range() {
    let out = Test::new()
        .args(["roll", "shoot", "range=18.5", "--seed", "3"])
        .stderr("")
        .run()
        .stdout;
    assert!(out.contains("-2  long range"), "{out}");
    assert!(out.contains("net modifier -2"), "{out}");
    let again = Test::new()
        .args(["roll", "shoot", "range=18.5", "--seed", "3"])
        .run()
        .stdout;
    assert_eq!(out, again, "the same seed throws the same");
}

#[test]
fn json_gives_the_distance_as_typed() {
    let json = Test::new()
        .args(["roll", "shoot", "range=18.5", "--dice", "3,4", "--json"])
        .run()
        .json();
    let factors = &json["resolutions"][0]["step"]["sides"][0]["factors"];
    let range = factors
        .as_array()
        .and_then(|f| f.iter().find(|f| f["name"] == "range"))
        .unwrap_or_else(|| panic!("no range in {factors}"));
    assert_eq!(range["value"], "long");
    assert_eq!(range["via"]["distance"], Value::from(18.5));
    assert_eq!(range["via"]["over"], 18);
    // A whole distance stays an integer, as it always was.
    let json = Test::new()
        .args(["roll", "shoot", "range=30", "--dice", "3,4", "--json"])
        .run()
        .json();
    let via = &json["resolutions"][0]["step"]["sides"][0]["factors"][0]["via"];
    assert_eq!(via["distance"], Value::from(30), "{via}");
    assert!(via["distance"].is_i64(), "{via}");
}

#[test]
fn counts_stay_whole() {
    let line = refused(&["roll", "melee", "attacker.outnumbered=2.5"]);
    assert!(
        line.contains("`attacker.outnumbered=2.5`: outnumbered is a count: give a whole number"),
        "{line}"
    );
    let line = refused(&["odds", "morale", "outnumbered=1.5"]);
    assert!(line.contains("outnumbered is a count"), "{line}");
    let line = refused(&["odds", "move", "craft=canoe", "men=4.5"]);
    assert!(line.contains("men is a count"), "{line}");
    // A whole number written with a point is still whole.
    Test::new()
        .args(["odds", "morale", "outnumbered=1.0"])
        .stdout_contains("outnumbered in melee")
        .run();
}

#[test]
fn numbers_the_tool_cannot_take_are_refused_with_a_hint() {
    for (word, says) in [
        (
            "range=18.5.2",
            "`range=18.5.2`: `18.5.2` is not a distance in inches",
        ),
        (
            "range=1e9",
            "`range=1e9`: `1e9` is not a distance in inches",
        ),
        ("range=-3", "`range=-3`: a distance cannot be negative"),
        ("range=-0.5", "a distance cannot be negative"),
        ("range=18.", "`18.` is not a distance in inches"),
        ("range=18,5", "`18,5` is not a distance in inches"),
        ("range=18.12345", "a distance has at most 4 decimal places"),
        ("range=1000001", "a distance is at most 1000000 inches"),
        ("range=45cm", "`45cm` is not a distance in inches"),
    ] {
        let line = refused(&["roll", "shoot", word]);
        assert!(line.contains(says), "{word}: {line}");
    }
    let huge = format!("range={}", "9".repeat(100_000));
    let line = refused(&["roll", "shoot", &huge]);
    assert!(line.contains("a distance is at most"), "{line}");
    assert!(line.len() < 1000, "the word is cut: {} bytes", line.len());
    for (word, says) in [
        (
            "distance=200.5",
            "`distance=200.5`: distance must be in 0..200",
        ),
        ("distance=-0.5", "distance must be in 0..200"),
        ("distance=abc", "`abc` is not a distance in inches"),
        ("distance=12.5.1", "is not a distance in inches"),
    ] {
        let line = refused(&["odds", "spot", word]);
        assert!(line.contains(says), "{word}: {line}");
    }
    let line = refused(&["odds", "melee", "a.outnumbered=x"]);
    assert!(line.contains("`x` is not a whole number"), "{line}");
}

/// A ruleset with a measured number in a condition: `+1` from 6 inches of cover on.
const MEASURED: &str = "ruleset: measured
title: Measured
unit: inches
factors:
  - {name: gap, kind: number, min: 0, max: 48, unit: inches, help: inches of open ground}
procedures:
  - name: dash
    title: Dash
    help: 1d6, 4 or more gets across
    roll: 1d6
    modifiers:
      - group: ground
        policy: all
        items:
          - {label: a long way, when: {gap: {min: 6}}, value: -1}
          - {label: a short way, when: {gap: {max: 2}}, value: 1}
    check: {compare: at-least, target: 4, pass: across, fail: caught}
    results:
      - {name: across, label: Across}
      - {name: caught, label: Caught}
";

#[test]
fn number_conditions_of_a_table_read_a_decimal_exactly() {
    let dir = tempdir();
    write(&dir.path().join("measured.yaml"), MEASURED);
    let rules = Rules::from_dir(dir.path(), "measured");
    let net = |gap: &str| {
        let odds = rules.odds("dash", &format!("gap={gap}"));
        odds.steps
            .first()
            .and_then(|s| s.sides.first())
            .map(|s| s.net)
    };
    assert_eq!(net("5.9999"), Some(0));
    assert_eq!(net("6"), Some(-1));
    assert_eq!(net("6.5"), Some(-1));
    assert_eq!(net("2"), Some(1));
    assert_eq!(net("2.25"), Some(0));
    let out = rules
        .test_run()
        .args(["roll", "dash", "gap=6.5", "--dice", "5"])
        .stderr("")
        .run()
        .stdout;
    assert!(out.contains("given gap=6.5\n"), "{out}");
    assert!(out.contains("-1  a long way"), "{out}");
}
