//! Rulesets and table files: an unknown ruleset refused, the built-in one's aliases, a
//! broken or missing table reported at its place, and a user's ruleset used and printed as
//! written.

use crate::support::{Test, assert_clean_error, nerve_ruleset, tempdir as data, write};

use super::usage_error;

/// The nerve ruleset as a house's own, `house` (or `hr`), in inches.
fn house_rules() -> String {
    nerve_ruleset("house", "House Rules").replacen(
        "title: House Rules\n",
        "title: House Rules\naliases: [hr]\nunit: inches\n",
        1,
    )
}

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
