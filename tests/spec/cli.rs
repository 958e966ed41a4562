//! End-to-end tests through the `umpire` binary: what the umpire types at the table, what the
//! tool prints, and how it exits (0 success, 2 the user's mistake, 1 a failure).
//!
//! Every command runs with its own data directory and without the UMPIRE_* variables that
//! would change what it does.

use crate::support::{Test, assert_clean_error, nerve_ruleset, tempdir as data, write};

/// Run and return (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    let out = Test::new().args(args).output();
    (out.code, out.stdout, out.stderr)
}

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

/// The nerve ruleset as a house's own, `house` (or `hr`), in inches.
fn house_rules() -> String {
    nerve_ruleset("house", "House Rules").replacen(
        "title: House Rules\n",
        "title: House Rules\naliases: [hr]\nunit: inches\n",
        1,
    )
}

// ----- roll -------------------------------------------------------------------------------------

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

#[test]
fn dice_never_used_are_refused() {
    // A miss ends the chain: the second set of faces is never thrown.
    let err = usage_error(&["roll", "shoot", "--dice", "1,2", "--dice", "3,4"]);
    assert!(err.contains("3,4"), "{err}");
    assert!(err.contains("not used"), "{err}");
    // An unspotted marker throws nothing at all.
    usage_error(&["roll", "move", "unspotted", "--dice", "3,3"]);
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

// ----- odds -------------------------------------------------------------------------------------

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

// ----- rules and help ---------------------------------------------------------------------------

#[test]
fn rules_lists_the_ruleset_and_its_procedures() {
    Test::new()
        .arg("rules")
        .stdout_contains("la-petite-guerre (default)")
        .stdout_contains("La Petite Guerre")
        .stdout_contains("shoot")
        .stdout_contains("melee")
        .stdout_contains("morale")
        .run();
    let out = Test::new().args(["rules", "--json"]).output();
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let lpg = v
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "la-petite-guerre")
        .unwrap();
    assert_eq!(lpg["default"], true);
}

#[test]
fn rules_of_a_procedure_list_its_factors_and_notes() {
    Test::new()
        .args(["rules", "shoot"])
        .stdout_contains("Buck and Ball")
        .stdout_contains("cover=VALUE")
        .stdout_contains("troop=VALUE")
        .stdout_contains("initial-shot")
        .stdout_contains("notes:")
        .stdout_contains("misfire, whatever the modifiers")
        .stdout_contains("greatest positive and the greatest negative")
        .run();
    // Aliases name the same procedure.
    Test::new()
        .args(["rules", "shot"])
        .stdout_contains("Buck and Ball")
        .run();
    // The ruleset itself, with its turn.
    Test::new()
        .args(["rules", "lpg"])
        .stdout_contains("75%")
        .stdout_contains("Reading")
        .run();
    let err = usage_error(&["rules", "shooot"]);
    assert!(err.contains("shoot"), "{err}");
}

#[test]
fn procedure_help_lists_its_factors() {
    Test::new()
        .args(["roll", "shoot", "--help"])
        .stdout_contains("cover=VALUE")
        .stdout_contains("initial-shot")
        .stdout_contains("--dice")
        .run();
    Test::new()
        .args(["odds", "move", "--help"])
        .stdout_contains("formation=VALUE")
        .stdout_contains("men=N")
        .run();
    Test::new()
        .args(["roll", "--help"])
        .stdout_contains("Procedures of La Petite Guerre")
        .run();
}

#[test]
fn procedure_help_lists_its_factors_after_an_option() {
    Test::new()
        .args(["roll", "--seed", "3", "shoot", "--help"])
        .stdout_contains("cover=VALUE")
        .run();
}

#[test]
fn no_command_is_a_usage_error() {
    let (code, out, err) = run(&[]);
    assert_eq!(code, 2);
    assert!(out.contains("Usage"), "{out}");
    assert_clean_error(&err, &[]);
    Test::new().arg("--version").stdout_contains("umpire").run();
    usage_error(&["frobnicate"]);
    usage_error(&["odds", "shoot", "--times", "2"]);
}

// ----- rulesets and tables ----------------------------------------------------------------------

#[test]
fn an_unknown_ruleset_is_refused() {
    let err = usage_error(&["--rules", "nosuch", "roll", "shoot"]);
    assert!(err.contains("nosuch"), "{err}");
    assert!(err.contains("la-petite-guerre"), "{err}");
    usage_error(&["roll", "shoot", "--rules", "nosuch"]);
    usage_error(&["--rules", "nosuch", "rules", "shoot"]);
    usage_error(&["--rules", "nosuch", "odds", "shoot"]);
    let d = data();
    let out = Test::new()
        .data_dir(d.path())
        .env("UMPIRE_RULES", "nosuch")
        .args(["roll", "shoot"])
        .output();
    assert_eq!(out.code, 2);
    assert_clean_error(&out.stderr, &["UMPIRE_RULES=nosuch"]);
}

#[test]
fn the_builtin_ruleset_answers_to_its_aliases() {
    for name in ["la-petite-guerre", "lpg", "petite-guerre"] {
        Test::new()
            .args(["--rules", name, "roll", "shoot", "--dice", "3,3"])
            .stdout_contains("outcome: Misfire")
            .run();
    }
}

#[test]
fn a_broken_table_file_is_reported_with_its_position() {
    let d = data();
    let tables = data();
    write(
        &tables.path().join("broken.yaml"),
        "ruleset: broken\ntitle: Broken\nfactors: [\n  - name: a\n",
    );
    let path = tables.path().join("broken.yaml").display().to_string();
    for args in [
        vec!["rules"],
        vec!["--rules", "broken", "roll", "x"],
        vec!["--rules", "broken", "odds", "x"],
    ] {
        let out = Test::new()
            .data_dir(d.path())
            .arg("--tables")
            .arg(tables.path())
            .args(&args)
            .output();
        let err = out.stderr.clone();
        assert_eq!(out.code, 2, "{args:?}: {err}");
        assert_clean_error(&err, &args);
        // file:line:col
        assert!(err.contains(&format!("{path}:4:")), "{args:?}: {err}");
        let rest = err.split(&format!("{path}:")).nth(1).unwrap_or("");
        let mut parts = rest.splitn(3, ':');
        let line = parts.next().unwrap_or("");
        let col = parts.next().unwrap_or("");
        assert!(
            line.parse::<u32>().is_ok() && col.parse::<u32>().is_ok(),
            "no line:col in {err}"
        );
    }
    // The same through the environment.
    let out = Test::new()
        .data_dir(d.path())
        .env("UMPIRE_TABLES", tables.path())
        .arg("rules")
        .output();
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains(&path));
}

#[test]
fn a_table_file_that_breaks_the_schema_is_reported_with_its_position() {
    let d = data();
    let tables = data();
    // Well-formed YAML, but the check names a result the procedure does not have.
    let text = house_rules().replace("pass: steady", "pass: stedy");
    write(&tables.path().join("house.yaml"), &text);
    let out = Test::new()
        .data_dir(d.path())
        .arg("--tables")
        .arg(tables.path())
        .args(["--rules", "house", "odds", "nerve"])
        .output();
    let err = out.stderr.clone();
    assert_eq!(out.code, 2, "{err}");
    assert_clean_error(&err, &["house"]);
    let path = tables.path().join("house.yaml").display().to_string();
    assert!(err.contains(&format!("{path}:")), "{err}");
    assert!(err.contains("stedy"), "{err}");
}

#[test]
fn a_missing_tables_directory_is_refused() {
    let d = data();
    let gone = d.path().join("no-such-dir");
    let out = Test::new()
        .data_dir(d.path())
        .arg("--tables")
        .arg(&gone)
        .arg("rules")
        .output();
    assert_eq!(out.code, 2);
    assert_clean_error(&out.stderr, &["--tables"]);
}

#[test]
fn a_users_ruleset_is_usable_with_rules() {
    let d = data();
    let tables = data();
    write(&tables.path().join("010-house.yaml"), house_rules());
    let with = || Test::new().data_dir(d.path()).tables(tables.path());
    with()
        .arg("rules")
        .stdout_contains("house")
        .stdout_contains("la-petite-guerre (default)")
        .run();
    with()
        .args(["--rules", "house", "odds", "nerve", "brave"])
        .stdout_contains("2/3") // 3..6 with +1: 4 of 6
        .stdout_contains("1/3")
        .run();
    with()
        .args(["--rules", "hr", "roll", "nerve", "--dice", "3"])
        .stdout_contains("outcome: Shaken")
        .run();
    with()
        .args(["--rules", "house", "rules", "nerve"])
        .stdout_contains("brave")
        .run();
    // Through the environment too.
    Test::new()
        .data_dir(d.path())
        .env("UMPIRE_TABLES", tables.path())
        .env("UMPIRE_RULES", "house")
        .args(["roll", "nerve", "brave", "--dice", "3"])
        .stdout_contains("outcome: Steady")
        .run();
    // The built-in ruleset is still the default.
    with()
        .args(["roll", "shoot", "--dice", "3,3"])
        .stdout_contains("outcome: Misfire")
        .run();
    // A procedure of the user's ruleset is not in the built-in one.
    let err = usage_error(&["roll", "nerve"]);
    assert!(err.contains("no procedure `nerve`"), "{err}");
}

// ----- no panics on odd input -------------------------------------------------------------------

#[test]
fn odd_input_gives_a_clean_error_never_a_panic() {
    let cases: &[&[&str]] = &[
        &["roll", "shoot", "--dice", "99999999999999999999,1"],
        &["roll", "shoot", "--dice", ""],
        &["roll", "shoot", "--dice", ",,,"],
        &["roll", "shoot", "="],
        &["roll", "shoot", "=half"],
        &["roll", "shoot", "troop="],
        &["roll", "shoot", "range=99999999999999999999"],
        &["roll", "melee", "attacker."],
        &["roll", "melee", ".troop=militia"],
        &["roll", "move", "craft=canoe", "men=0"],
        &["roll", "move", "craft=canoe", "men=61"],
        &["roll", "spot", "distance=abc"],
        &["odds", "hidden-move", "moved=1000"],
        &["--seed", "-1", "roll", "shoot"],
        &["--seed", "x", "roll", "shoot"],
    ];
    for args in cases {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "umpire {}: {err}", args.join(" "));
        assert_clean_error(&err, args);
    }
}

#[test]
fn every_procedure_rolls_and_gives_odds() {
    let d = data();
    let cases: &[&[&str]] = &[
        &["shoot"],
        &["hit-result", "target=militia"],
        &["melee", "attacker.troop=indians", "defender.outnumbered=3"],
        &["flee-distance"],
        &["morale", "reason=wound", "troop=rangers"],
        &["retreat"],
        &["charge-reaction", "formed"],
        &["move", "formation=skirmish", "rough"],
        &["move", "craft=bateau", "men=9", "current=-2"],
        &["spot", "distance=12"],
        &["hidden-move", "moved=9"],
    ];
    for case in cases {
        Test::new()
            .data_dir(d.path())
            .arg("roll")
            .args(*case)
            .args(["--seed", "5"])
            .stdout_contains("outcome: ")
            .run();
        Test::new()
            .data_dir(d.path())
            .arg("odds")
            .args(*case)
            .stderr("")
            .run();
        let json = Test::new()
            .data_dir(d.path())
            .arg("roll")
            .args(*case)
            .args(["--seed", "5", "--json"])
            .run()
            .stdout;
        assert!(json.starts_with('{'), "roll {case:?} --json: {json}");
    }
}

#[test]
fn a_big_canoe_can_still_be_rolled() {
    Test::new()
        .args(["roll", "move", "craft=canoe", "men=18", "--seed", "1"])
        .stdout_contains("outcome: ")
        .run();
    Test::new()
        .args(["roll", "move", "craft=bateau", "men=27", "--seed", "1"])
        .stdout_contains("outcome: ")
        .run();
}

#[test]
fn every_printed_follow_up_is_a_command_that_runs() {
    let d = data();
    let rolls: &[&[&str]] = &[
        // Hit, then a light wound on pinned militia: the militiaman tests.
        &[
            "roll",
            "shoot",
            "target=militia",
            "target-pinned",
            "--dice",
            "6,5",
            "--dice",
            "1,3",
        ],
        // Hit, then a severe wound (3+2+2 = 7).
        &[
            "roll",
            "shoot",
            "troop=regulars",
            "pinned",
            "target=militia",
            "--dice",
            "6,5",
            "--dice",
            "3,2",
        ],
        // A tie (5+2−2−2 against 3−2+2): both fighters test.
        &[
            "roll",
            "melee",
            "attacker.troop=indians",
            "attacker.outnumbered=3",
            "attacker.wound=light",
            "defender.troop=civilians",
            "defender.formed",
            "--dice",
            "5",
            "--dice",
            "3",
        ],
        // The defender loses by 3 (3+2 against 1−2+2+1): a light wound.
        &[
            "roll",
            "melee",
            "attacker.troop=indians",
            "defender.troop=civilians",
            "defender.formed",
            "defender.charging",
            "--dice",
            "3",
            "--dice",
            "1",
        ],
        // Loses by 1 (5 against 1+3): flees 4 inches, then tests.
        &[
            "roll",
            "melee",
            "defender.fortified",
            "--dice",
            "5",
            "--dice",
            "1",
            "--dice",
            "4",
        ],
    ];
    let mut seen = 0;
    for args in rolls {
        let out = Test::new().data_dir(d.path()).args(*args).output();
        let text = out.stdout.clone();
        assert!(out.code == 0, "umpire {}: {}", args.join(" "), out.stderr);
        let follows: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("must follow: umpire "))
            .collect();
        assert!(
            !follows.is_empty(),
            "umpire {}: no follow-up in\n{text}",
            args.join(" ")
        );
        for f in follows {
            let command = f.split("   (").next().unwrap_or(f);
            let words: Vec<&str> = command.split_whitespace().collect();
            Test::new()
                .data_dir(d.path())
                .args(&words)
                .args(["--seed", "3"])
                .stdout_contains("morale — Morale check")
                .run();
            seen += 1;
        }
    }
    assert!(seen >= 6, "{seen} follow-ups");
}

#[test]
fn a_rulesets_own_words_are_printed_as_written() {
    let d = data();
    let tables = data();
    let text = house_rules().replace(
        "title: House Rules",
        "title: Up the Down Staircase\nnotes: [\"Larger units go first\"]",
    );
    write(&tables.path().join("house.yaml"), &text);
    Test::new()
        .data_dir(d.path())
        .arg("--tables")
        .arg(tables.path())
        .args(["rules", "house"])
        .stdout_contains("Up the Down Staircase")
        .stdout_contains("Larger units go first")
        .run();
}
