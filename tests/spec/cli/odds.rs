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

#[test]
fn what_if_puts_the_odds_of_a_changed_word_beside_the_situations() {
    // Line troops +1 in half cover -2: net -1, 9 or more on the 30 throws that are not
    // doubles (8 of them): a miss 1 - 1/6 - 2/9 = 11/18. In the open, net +1, 7 or more
    // (18 of them): 1 - 1/6 - 1/2 = 1/3.
    let out = Test::new()
        .args([
            "odds",
            "shoot",
            "troop=line",
            "cover=half",
            "--vs",
            "cover=none",
        ])
        .run()
        .stdout;
    let miss = out
        .lines()
        .find(|l| l.trim_start().starts_with("Miss"))
        .unwrap_or_else(|| panic!("no Miss row:\n{out}"));
    assert_eq!(
        miss.split_whitespace().collect::<Vec<_>>(),
        ["Miss", "11/18", "61.11%", "1/3", "33.33%"]
    );
    assert!(
        out.starts_with("shoot: as given, and what if cover=none\n"),
        "{out}"
    );
    // The greatest negative only: long range -2 hides the half cover's -2, so nothing changes.
    let json = Test::new()
        .args([
            "--json",
            "odds",
            "shoot",
            "troop=line",
            "cover=half",
            "range=long",
            "--vs",
            "cover=none",
        ])
        .run()
        .json();
    for row in json["outcomes"].as_array().expect("outcomes") {
        assert_eq!(row["probability"], row["vs"], "{row}");
    }
    // A word for the morale of militia: an officer +1 and regulars' nerve.
    let json = Test::new()
        .args([
            "--json",
            "odds",
            "morale",
            "troop=militia",
            "--vs",
            "officer",
            "--vs",
            "troop=regulars",
        ])
        .run()
        .json();
    assert_eq!(json["outcomes"][0]["outcome"], "Pass");
    assert_eq!(json["outcomes"][0]["probability"]["fraction"], "5/12");
    assert_eq!(json["outcomes"][0]["vs"]["fraction"], "7/12");
}
