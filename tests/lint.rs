//! `umpire rules --check`: the linter for table authors, run as a user runs it.

use std::path::Path;
use std::process::Output;

use assert_cmd::Command;

/// Variables that would let the user's own setup leak into a run.
const ISOLATING: [&str; 7] = [
    "UMPIRE_SEED",
    "UMPIRE_RULES",
    "UMPIRE_TABLES",
    "UMPIRE_GAME",
    "UMPIRE_CACHE_DIR",
    "UMPIRE_CONFIG_DIR",
    "NO_COLOR",
];

fn umpire(data: &Path, args: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_umpire"));
    for v in ISOLATING {
        cmd.env_remove(v);
    }
    cmd.env("UMPIRE_DATA_DIR", data).args(args);
    cmd.output()
        .unwrap_or_else(|e| panic!("the umpire binary: {e}"))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

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
    - {name: red, bead: red}
    - {name: blue, bead: blue}
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
fn the_builtin_ruleset_is_clean() {
    let data = tempfile::tempdir().unwrap();
    let out = umpire(data.path(), &["rules", "--check"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "la-petite-guerre: clean\n");
}

#[test]
fn each_defect_is_one_line_at_its_place() {
    let data = tempfile::tempdir().unwrap();
    let tables = tempfile::tempdir().unwrap();
    let file = tables.path().join("house.yaml");
    std::fs::write(&file, HOUSE).unwrap();
    let dir = tables.path().to_str().unwrap();
    let out = umpire(data.path(), &["rules", "--check", "--tables", dir]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let findings: Vec<&str> = stdout.lines().filter(|l| l.contains(".yaml:")).collect();
    assert_eq!(findings.len(), DEFECTS.len(), "{stdout}");
    for (line, says) in DEFECTS {
        let at = format!("{}:{line}:", file.display());
        let hits: Vec<&&str> = findings
            .iter()
            .filter(|f| f.starts_with(&at) && f.contains(says))
            .collect();
        assert_eq!(hits.len(), 1, "`{says}` at line {line}:\n{stdout}");
    }
    assert!(stdout.contains("house: 8 findings\n"), "{stdout}");
    assert!(stdout.contains("la-petite-guerre: clean\n"), "{stdout}");
}

#[test]
fn a_named_ruleset_is_linted_alone() {
    let data = tempfile::tempdir().unwrap();
    let tables = tempfile::tempdir().unwrap();
    std::fs::write(tables.path().join("house.yaml"), HOUSE).unwrap();
    let dir = tables.path().to_str().unwrap();
    let out = umpire(data.path(), &["rules", "house", "--check", "--tables", dir]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(!stdout.contains("la-petite-guerre"), "{stdout}");
    let out = umpire(
        data.path(),
        &["rules", "la-petite-guerre", "--check", "--tables", dir],
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "la-petite-guerre: clean\n");
}

#[test]
fn a_file_that_does_not_load_reports_its_error() {
    let data = tempfile::tempdir().unwrap();
    let tables = tempfile::tempdir().unwrap();
    // Overlapping bands are refused when the file loads, before any linting.
    let broken = HOUSE.replace(
        "{min: 8, max: 13, result: hit}",
        "{min: 7, max: 13, result: hit}",
    );
    std::fs::write(tables.path().join("house.yaml"), broken).unwrap();
    let dir = tables.path().to_str().unwrap();
    let out = umpire(data.path(), &["rules", "--check", "--tables", dir]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("house.yaml:25:"), "{stderr}");
    assert!(
        stderr.contains("starts at 7; the one before ends at 7"),
        "{stderr}"
    );
}

#[test]
fn the_test_rulesets_lint_without_failing() {
    let data = tempfile::tempdir().unwrap();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/tables");
    let out = umpire(data.path(), &["rules", "--check", "--tables", dir]);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        text(&out.stderr)
    );
    let stdout = text(&out.stdout);
    for name in [
        "lpg-1750s",
        "fiw-grid",
        "officers-and-leaders",
        "cest-la-guerre",
    ] {
        assert!(
            stdout.contains(&format!("\n{name}: ")) || stdout.starts_with(&format!("{name}: ")),
            "{stdout}"
        );
    }
}
