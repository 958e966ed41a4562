//! `umpire rules` and help: the rulesets and their procedures, a procedure's factors and
//! notes, help that lists them, and no command at all.

use crate::support::{Test, assert_clean_error, run};

use super::usage_error;

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
    let lpg = v["rulesets"]
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
