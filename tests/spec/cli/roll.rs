//! `umpire roll`: the quick start explained; entered dice, through the whole chain, and faces
//! refused; the procedure and its factors checked, with a suggestion for a misspelling;
//! `--json`, `--times` and a seed from the environment.

use crate::support::{Test, tempdir as data};

use super::usage_error;

const QUICK_START: &[&str] = &[
    "roll",
    "shoot",
    "troop=line",
    "weapon=rifle",
    "range=20",
    "cover=half",
    "wound=light",
    "initial-shot",
    "target=militia",
    "--seed",
    "7",
];

#[test]
fn the_quick_start_roll_explains_modifiers_and_outcome() {
    let d = data();
    let assert = Test::new()
        .data_dir(d.path())
        .args(QUICK_START)
        .stderr("")
        .run();
    let out = assert.stdout.clone();
    // The measured range became a band, and every modifier line is named.
    assert!(
        out.contains("20 inches: up to 24 is effective for weapon rifle"),
        "{out}"
    );
    for label in [
        "line troops",
        "armed with rifle",
        "target in half cover",
        "firer lightly wounded or prone",
        "initial shot",
    ] {
        assert!(out.contains(label), "missing `{label}` in:\n{out}");
    }
    assert!(out.contains("greatest negative"), "{out}");
    assert!(out.contains("net modifier +2"), "{out}");
    let outcome = out
        .lines()
        .find_map(|l| l.strip_prefix("outcome: "))
        .unwrap_or_else(|| panic!("no outcome in:\n{out}"));
    assert!(
        ["Misfire", "Miss"].contains(&outcome) || outcome.starts_with("Hit › "),
        "unexpected outcome `{outcome}`"
    );
    assert!(out.contains("seed 7"), "{out}");
    // The same seed replays exactly.
    let again = Test::new().data_dir(d.path()).args(QUICK_START).run();
    assert_eq!(again.stdout, out);
}

#[test]
fn entered_dice_3_3_are_a_misfire() {
    let d = data();
    Test::new()
        .data_dir(d.path())
        .args([
            "roll",
            "shoot",
            "troop=line",
            "weapon=canister",
            "volley",
            "--dice",
            "3,3",
        ])
        .stdout_contains("outcome: Misfire")
        .stdout_contains("natural doubles")
        .stdout_contains("1 entered, 0 rolled")
        .run();
}

#[test]
fn entered_dice_go_through_the_whole_chain() {
    let d = data();
    // 6+5 +2 = 13 hits; 1+3 +2 (militia) = 6: light wound, then the wounded militiaman tests.
    Test::new()
        .data_dir(d.path())
        .args([
            "roll",
            "shoot",
            "troop=line",
            "weapon=rifle",
            "range=20",
            "cover=half",
            "wound=light",
            "initial-shot",
            "target=militia",
        ])
        .args(["--dice", "6,5", "--dice", "1,3"])
        .stdout_contains("outcome: Hit › Light wound")
        .stdout_contains("must follow: umpire roll morale")
        .stdout_contains("troop=militia")
        .stdout_contains("2 entered, 0 rolled")
        .run();
}

#[test]
fn a_face_the_die_does_not_have_is_refused() {
    let err = usage_error(&["roll", "shoot", "--dice", "7,1"]);
    assert!(err.contains('7'), "{err}");
    assert!(err.contains("d6"), "{err}");
    let err = usage_error(&["roll", "shoot", "--dice", "0,1"]);
    assert!(err.contains("d6"), "{err}");
}

#[test]
fn the_wrong_number_of_faces_is_refused() {
    let err = usage_error(&["roll", "shoot", "--dice", "4"]);
    assert!(err.contains("2d6"), "{err}");
    usage_error(&["roll", "shoot", "--dice", "1,2,3"]);
    usage_error(&["roll", "shoot", "--dice", "a,b"]);
}

/// Faces thrown at the table for a later roll of the chain that a miss made needless are
/// said, not refused: the roll stands on the faces it used.
#[test]
fn dice_a_miss_made_needless_are_said_not_refused() {
    let out = Test::new()
        .args(["roll", "shoot", "--dice", "1,2", "--dice", "3,4"])
        .stderr("")
        .run()
        .stdout;
    assert!(out.contains("outcome: Miss\n"), "{out}");
    assert!(
        out.ends_with(
            "dice: 1 entered, 0 rolled\nnot needed: --dice 3,4 (the chain made 1 roll and \
             needed no more)\n"
        ),
        "{out}"
    );
    // A roll that throws nothing at all (an unspotted marker), a roll with no later rolls,
    // or a series of rolls, reads leftover faces as a mistake.
    let err = usage_error(&[
        "--rules",
        "oal",
        "roll",
        "visibility",
        "--dice",
        "3",
        "--dice",
        "4",
    ]);
    assert!(err.contains("--dice 4 was not used"), "{err}");
    let err = usage_error(&["roll", "move", "unspotted", "--dice", "3,3"]);
    assert!(err.contains("not used"), "{err}");
    let err = usage_error(&[
        "roll", "shoot", "--times", "2", "--dice", "1,2", "--dice", "1,2", "--dice", "3,4",
    ]);
    assert!(err.contains("3,4"), "{err}");
}

#[test]
fn an_unknown_procedure_is_refused_with_a_suggestion() {
    let err = usage_error(&["roll", "shooot"]);
    assert!(err.contains("did you mean `shoot`"), "{err}");
    let err = usage_error(&["odds", "melle"]);
    assert!(err.contains("did you mean `melee`"), "{err}");
    // `shot` and `fire` are aliases of shoot, not mistakes.
    Test::new()
        .args(["roll", "shot", "--dice", "1,2"])
        .stdout_contains("outcome: Miss")
        .run();
    Test::new()
        .args(["odds", "fire"])
        .stdout_contains("Misfire")
        .run();
}

#[test]
fn an_unknown_factor_is_refused_with_a_suggestion() {
    let err = usage_error(&["roll", "shoot", "cuver=half"]);
    assert!(err.contains("cuver"), "{err}");
    assert!(err.contains("did you mean `cover`"), "{err}");
}

#[test]
fn an_unknown_value_is_refused_with_a_suggestion() {
    let err = usage_error(&["roll", "shoot", "cover=hlf"]);
    assert!(err.contains("did you mean `half`"), "{err}");
    let err = usage_error(&["roll", "shoot", "troop=militai"]);
    assert!(err.contains("did you mean `militia`"), "{err}");
    usage_error(&["roll", "shoot", "pinned=maybe"]);
    usage_error(&["roll", "shoot", "range=-5"]);
    usage_error(&["roll", "melee", "attacker.outnumbered=-1"]);
}

#[test]
fn a_factor_the_procedure_does_not_use_is_refused() {
    let err = usage_error(&["roll", "shoot", "distance=12"]);
    assert!(err.contains("does not use `distance`"), "{err}");
    let err = usage_error(&["roll", "spot", "cover=half", "distance=12"]);
    assert!(err.contains("cover"), "{err}");
}

#[test]
fn a_factor_given_twice_is_refused() {
    usage_error(&["roll", "shoot", "troop=line", "troop=militia"]);
}

#[test]
fn a_missing_number_is_asked_for() {
    let err = usage_error(&["roll", "spot"]);
    assert!(err.contains("distance"), "{err}");
    let err = usage_error(&["odds", "move", "craft=canoe"]);
    assert!(err.contains("men"), "{err}");
}

#[test]
fn an_opposed_roll_needs_the_side_of_each_factor() {
    let err = usage_error(&["roll", "melee", "troop=militia"]);
    assert!(err.contains("attacker.troop=militia"), "{err}");
    let err = usage_error(&["roll", "melee", "x.troop=militia"]);
    assert!(
        err.contains("attacker") && err.contains("defender"),
        "{err}"
    );
    Test::new()
        .args([
            "roll",
            "melee",
            "attacker.troop=grenadiers",
            "defender.troop=militia",
            "--dice",
            "5",
            "--dice",
            "2",
        ])
        .stdout_contains("attacker wins by 6")
        .stdout_contains("outcome: defender: Killed")
        .run();
    Test::new()
        .args([
            "roll",
            "melee",
            "a.troop=grenadiers",
            "d.troop=militia",
            "--dice",
            "5",
            "--dice",
            "2",
        ])
        .stdout_contains("outcome: defender: Killed")
        .run();
}

#[test]
fn json_output_parses_and_has_the_outcome() {
    let d = data();
    let out = Test::new()
        .data_dir(d.path())
        .args(QUICK_START)
        .arg("--json")
        .output();
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["procedure"], "shoot");
    assert_eq!(v["ruleset"], "la-petite-guerre");
    assert_eq!(v["seed"], 7);
    let outcome = v["resolutions"][0]["outcome"].as_str().unwrap();
    assert!(!outcome.is_empty());
    assert_eq!(v["resolutions"][0]["step"]["sides"][0]["net"], 2);
    // The JSON and the text agree on the outcome.
    let text = Test::new().data_dir(d.path()).args(QUICK_START).output();
    assert!(text.stdout.contains(&format!("outcome: {outcome}")));

    let out = Test::new()
        .data_dir(d.path())
        .args(["roll", "shoot", "--dice", "3,3", "--json"])
        .output();
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["resolutions"][0]["outcome"], "Misfire");
    assert_eq!(v["dice_entered"], 1);

    let out = Test::new()
        .data_dir(d.path())
        .args(["odds", "shoot", "--json"])
        .output();
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let outcomes = v["outcomes"].as_array().unwrap();
    let misfire = outcomes.iter().find(|o| o["outcome"] == "Misfire").unwrap();
    assert_eq!(misfire["probability"]["fraction"], "1/6");
    let miss = outcomes.iter().find(|o| o["outcome"] == "Miss").unwrap();
    assert_eq!(miss["probability"]["fraction"], "1/2");
}

#[test]
fn times_sums_up_the_outcomes() {
    let d = data();
    let assert = Test::new()
        .data_dir(d.path())
        .args(["roll", "shoot", "--times", "20", "--seed", "1"])
        .run();
    let out = assert.stdout.clone();
    assert!(out.contains("summary of 20:"), "{out}");
    assert!(out.contains("  20. "), "{out}");
    assert!(out.contains("seed 1"), "{out}");
    // The counts of the summary add up to 20.
    let summary = out.split("summary of 20:").nth(1).unwrap();
    let total: u32 = summary
        .lines()
        .filter(|l| l.ends_with('%'))
        .filter_map(|l| {
            l.split_whitespace()
                .rev()
                .nth(1)
                .and_then(|n| n.parse::<u32>().ok())
        })
        .sum();
    assert_eq!(total, 20, "{out}");
    // Same seed, same twenty.
    let again = Test::new()
        .data_dir(d.path())
        .args(["roll", "shoot", "--times", "20", "--seed", "1"])
        .output();
    assert_eq!(again.stdout, out);
    usage_error(&["roll", "shoot", "--times", "0"]);
}

#[test]
fn a_seed_from_the_environment_is_used() {
    let d = data();
    let a = Test::new()
        .data_dir(d.path())
        .env("UMPIRE_SEED", "11")
        .args(["roll", "shoot"])
        .output();
    let b = Test::new()
        .data_dir(d.path())
        .args(["roll", "shoot", "--seed", "11"])
        .output();
    assert!(a.code == 0 && b.code == 0);
    assert_eq!(a.stdout, b.stdout);
}
