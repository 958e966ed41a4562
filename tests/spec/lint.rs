//! `umpire rules --check`: the linter for table authors, run as a user runs it: one line per
//! defect at its file and line, a summary per ruleset, exit 1 when anything is found.

use crate::support::{Test, builtin_names, tempdir, test_tables, write};

/// A house ruleset with one defect of each kind, and the line each is reported on.
const HOUSE: &str = r#"ruleset: house
title: House rules
factors:
  - name: cover
    help: what protects the target
    default: open
    values: [open, half, full]
  - {name: aimed, kind: flag, help: the shot is aimed}
  - {name: unused, kind: flag, help: read by nothing}
  - {name: late, kind: flag, help: the unit came late}
procedures:
  - name: shoot
    title: Shoot
    help: 2d6 read on a table
    roll: 2d6
    modifiers:
      - group: situation
        items:
          - {label: aimed, when: {aimed: true}, value: 1}
          - {label: contradictory, when: {cover: half}, unless: {cover: half}, value: -1}
          - {label: nothing, when: {cover: open}, value: 0}
    table:
      rows:
        - {min: 3, max: 7, result: miss}
        - {min: 8, max: 13, result: hit}
        - {min: 14, result: hit}
    results:
      - {name: miss, label: Miss}
      - {name: hit, label: Hit}
      - {name: spare, label: Never given}
  - name: rally
    title: Rally
    help: 1d6 read on a grid
    roll: 1d6
    grid:
      first-column: 1
      rows:
        - label: everyone
          results: [stay, stay, stay, go, go, go]
        - label: late
          when: {late: true}
          results: [stay, stay, stay, stay, go, go]
    results:
      - {name: stay, label: Stay}
      - {name: go, label: Go}
game:
  sides:
    - {name: red, token: red}
    - {name: blue, token: blue}
  markers:
    - {name: smoke, label: smoke, colour: grey}
"#;

/// (line, what the finding says) for every defect in `HOUSE`.
const DEFECTS: [(usize, &str); 8] = [
    (9, "factor `unused` is read by nothing"),
    (20, "modifier `contradictory` can never apply"),
    (21, "modifier `nothing` is 0"),
    // A gap: 2 on 2d6 falls below the first band.
    (24, "total 2 can be reached but no band covers it"),
    (26, "band 14 and up (`hit`) can never be read"),
    (30, "result `spare` can never happen"),
    // An overlap: the row before takes every situation this one fits.
    (40, "grid row `late` can never be read"),
    (51, "marker `smoke` has no effect in play"),
];

#[test]
fn the_builtin_rulesets_are_clean() {
    let clean: String = builtin_names()
        .iter()
        .map(|n| format!("{n}: clean\n"))
        .collect();
    assert!(clean.contains("french-indian-war: clean\n"), "{clean}");
    Test::new()
        .args(["rules", "--check"])
        .stdout(clean)
        .stderr("")
        .run();
    Test::new()
        .args(["rules", "french-indian-war", "--check"])
        .stdout("french-indian-war: clean\n")
        .stderr("")
        .run();
}

#[test]
fn each_defect_is_one_line_at_its_place() {
    let tables = tempdir();
    let file = tables.path().join("house.yaml");
    write(&file, HOUSE);
    let out = Test::new()
        .tables(tables.path())
        .args(["rules", "--check"])
        .status(1)
        .stderr("error: 8 findings in 1 ruleset\n")
        .run();
    let findings: Vec<&str> = out
        .stdout
        .lines()
        .filter(|l| l.contains(".yaml:"))
        .collect();
    assert_eq!(findings.len(), DEFECTS.len(), "{}", out.stdout);
    for (line, says) in DEFECTS {
        let at = format!("{}:{line}:", file.display());
        let hits = findings
            .iter()
            .filter(|f| f.starts_with(&at) && f.contains(says))
            .count();
        assert_eq!(hits, 1, "`{says}` at line {line}:\n{}", out.stdout);
    }
    assert!(out.stdout.contains("house: 8 findings\n"), "{}", out.stdout);
    assert!(
        out.stdout.contains("la-petite-guerre: clean\n"),
        "{}",
        out.stdout
    );
}

#[test]
fn a_named_ruleset_is_linted_alone() {
    let tables = tempdir();
    write(&tables.path().join("house.yaml"), HOUSE);
    let out = Test::new()
        .tables(tables.path())
        .args(["rules", "house", "--check"])
        .status(1)
        .run();
    assert!(!out.stdout.contains("la-petite-guerre"), "{}", out.stdout);
    Test::new()
        .tables(tables.path())
        .args(["rules", "la-petite-guerre", "--check"])
        .stdout("la-petite-guerre: clean\n")
        .run();
}

#[test]
fn a_procedure_named_lints_its_ruleset() {
    let tables = tempdir();
    write(&tables.path().join("house.yaml"), HOUSE);
    // `shoot` is a procedure of the ruleset in use (`--rules house`), not a ruleset.
    let out = Test::new()
        .tables(tables.path())
        .args(["--rules", "house", "rules", "shoot", "--check"])
        .status(1)
        .stderr("error: 8 findings in 1 ruleset\n")
        .run();
    assert!(
        out.stdout.ends_with("house: 8 findings\n"),
        "{}",
        out.stdout
    );
    Test::new()
        .args(["rules", "melee", "--check"])
        .stdout("la-petite-guerre: clean\n")
        .run();
    Test::new()
        .args(["rules", "nothing", "--check"])
        .status(2)
        .stderr(format!(
            "error: no ruleset `nothing`; there are: {}\n",
            builtin_names().join(", ")
        ))
        .run();
}

#[test]
fn the_findings_in_json_give_each_place_and_message() {
    let tables = tempdir();
    let file = tables.path().join("house.yaml");
    write(&file, HOUSE);
    let out = Test::new()
        .tables(tables.path())
        .args(["rules", "house", "--check", "--json"])
        .status(1)
        .stderr(
            "{\"schema\":1,\"error\":{\"message\":\"8 findings in 1 ruleset\",\"hint\":null}}\n",
        )
        .run();
    let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap_or_default();
    assert_eq!(json["schema"], 1, "{json}");
    let json = &json["rulesets"];
    assert_eq!(json[0]["ruleset"], "house", "{json}");
    let findings = json[0]["findings"].as_array().cloned().unwrap_or_default();
    assert_eq!(findings.len(), DEFECTS.len(), "{json}");
    for (line, says) in DEFECTS {
        let hits = findings
            .iter()
            .filter(|f| {
                f["file"] == file.display().to_string()
                    && f["line"] == line
                    && f["message"].as_str().is_some_and(|m| m.contains(says))
            })
            .count();
        assert_eq!(hits, 1, "`{says}` at line {line}:\n{json}");
    }
}

#[test]
fn a_file_that_does_not_load_reports_its_error() {
    let tables = tempdir();
    // Overlapping bands are refused when the file loads, before any linting.
    let broken = HOUSE.replace(
        "{min: 8, max: 13, result: hit}",
        "{min: 7, max: 13, result: hit}",
    );
    write(&tables.path().join("house.yaml"), broken);
    Test::new()
        .tables(tables.path())
        .args(["rules", "--check"])
        .status(2)
        .stderr_contains("house.yaml:25:")
        .stderr_contains("starts at 7; the one before ends at 7")
        .run();
}

#[test]
fn the_test_rulesets_lint_clean() {
    let out = Test::new()
        .tables(test_tables())
        .args(["rules", "--check"])
        .stderr("")
        .run();
    for name in [
        "la-petite-guerre",
        "lpg-1750s",
        "fiw-grid",
        "officers-and-leaders",
        "cest-la-guerre",
    ] {
        assert!(
            out.stdout.lines().any(|l| l == format!("{name}: clean")),
            "{}",
            out.stdout
        );
    }
}
