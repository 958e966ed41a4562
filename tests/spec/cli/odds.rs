//! `umpire odds`: the exact chances of each step and of the whole chain, and the average of a
//! distance.

use crate::support::{Test, tempdir as data};

#[test]
fn odds_of_shooting_with_no_factors() {
    let d = data();
    let assert = Test::new()
        .data_dir(d.path())
        .args(["odds", "shoot"])
        .stderr("")
        .run();
    let out = assert.stdout.clone();
    let row = |label: &str| -> Vec<String> {
        out.lines()
            .find(|l| l.trim_start().starts_with(label))
            .unwrap_or_else(|| panic!("no `{label}` row in:\n{out}"))
            .split_whitespace()
            .map(str::to_string)
            .collect()
    };
    assert!(row("Misfire").contains(&"1/6".to_string()), "{out}"); // 6 doubles of 36
    assert!(row("Hit").contains(&"1/3".to_string()), "{out}"); // non-doubles 8..11: 12 of 36
    assert!(row("Miss").contains(&"1/2".to_string()), "{out}"); // 18 of 36
    assert!(out.contains("final outcomes:"), "{out}");
    assert!(out.contains("Hit › Killed"), "{out}");
}

#[test]
fn odds_of_the_worked_example() {
    Test::new()
        .args([
            "odds",
            "shoot",
            "troop=line",
            "weapon=rifle",
            "range=long",
            "cover=half",
            "wound=light",
            "initial-shot",
        ])
        .stdout_contains("net modifier +2")
        .stdout_contains("11/18") // hit: 22 of 36
        .stdout_contains("2/9") // miss: 8 of 36
        .stdout_contains("Hit › Killed                 11/108")
        .run(); // 11/18 × 1/6
}

#[test]
fn odds_of_movement_show_the_average() {
    Test::new()
        .args(["odds", "move", "formation=line"])
        .stdout_contains("7 inches")
        .stdout_contains("average: 7.00")
        .run();
}
