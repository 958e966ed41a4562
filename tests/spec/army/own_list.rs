//! A user's own list (`umpire army check FILE`): priced when clean, every mistake at its
//! FILE:line:col (exit 2), warnings that do not fail, and its JSON.

use tempfile::TempDir;

use super::{CLG, number};
use crate::support::{Test, tempdir, write};

/// `umpire army check FILE` of a list written as `text`: the run's output, and the file.
fn check(text: &str, status: i32) -> (crate::support::Output, TempDir, String) {
    let dir = tempdir();
    let file = dir.path().join("mine.yaml");
    write(&file, text);
    let shown = file.display().to_string();
    let out = Test::new()
        .args(["army", "check"])
        .arg(&file)
        .args(["--rules", CLG])
        .status(status)
        .run();
    (out, dir, shown)
}

const CLEAN: &str = "\
period: syw
title: My Swedes
lines:
  - {count: 1, unit: general, grade: average}
  - {count: 3, unit: infantry, grade: inferior}
  - {count: 4, unit: infantry, grade: avg}
  - {count: 2, unit: infantry, grade: elite}
  - count: 3
    unit: heavy-cavalry
    grade: average
    or:
      - units:
          - {count: 3, unit: cavalry, grade: average}
          - {count: 3, unit: light-infantry}
  - {count: 1, unit: guns}
";

#[test]
fn a_clean_list_is_shown_priced_and_passes() {
    let (out, _dir, file) = check(CLEAN, 0);
    assert_eq!(out.stderr, "");
    assert!(
        out.stdout.starts_with(&format!(
            "My Swedes ({file}) — Seven Years War (syw): 40 points a side\n"
        )),
        "{}",
        out.stdout
    );
    for part in [
        " line   units                         each   cost   remarks\n",
        " 5      3 average heavy cavalry       3.0    9.0\n",
        "        and 3 light infantry          1.0    3.0    same cost\n",
        "        total                                40.0\n",
    ] {
        assert!(out.stdout.contains(part), "{part:?} in\n{}", out.stdout);
    }
    assert!(
        out.stdout
            .ends_with(&format!("{file}: 40.0 points, the game's size.\n")),
        "{}",
        out.stdout
    );
}

/// Line and column (1-based) of `key` on the first line of `text` that holds `on`: the key
/// whose value `on` is, or after which it is written.
fn place(text: &str, on: &str, key: &str) -> (usize, usize) {
    let (i, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains(on))
        .unwrap_or_else(|| panic!("no line with {on:?} in\n{text}"));
    // The key that `on` belongs to: the last one up to it, else the first after it.
    let end = line.find(on).map_or(0, |at| at + on.len());
    let column = line[..end]
        .rfind(key)
        .or_else(|| line[end..].find(key).map(|i| end + i))
        .unwrap_or(0);
    (i + 1, line[..column].chars().count() + 1)
}

/// A list with one mistake must fail with it, at the `key` of the line holding `on`.
fn refused(text: &str, (on, key): (&str, &str), says: &str) {
    let (out, _dir, file) = check(text, 2);
    let (line, column) = place(text, on, key);
    assert_eq!(
        out.stdout,
        format!("{file}:{line}:{column}: {says}\n"),
        "{text}"
    );
    assert_eq!(out.stderr, format!("error: 1 mistake in {file}\n"));
}

#[test]
fn each_mistake_in_a_list_is_named_at_its_place() {
    refused(
        &CLEAN.replace("unit: general,", "unit: genral,"),
        ("genral", "unit:"),
        "`genral` is not a kind of unit of the points table (did you mean `general`?)",
    );
    refused(
        &CLEAN.replace(
            "{count: 3, unit: light-infantry}",
            "{count: 3, unit: light-infantry, grade: elite}",
        ),
        ("light-infantry, grade: elite", "grade:"),
        "`light-infantry` is always `average`, never `elite`",
    );
    refused(
        &CLEAN.replace(
            "{count: 3, unit: infantry, grade: inferior}",
            "{count: 3, unit: cavalry, grade: inferior}",
        ),
        ("cavalry, grade: inferior", "grade:"),
        "`cavalry` has no grade `inferior`: its grades are average, elite",
    );
    refused(
        &CLEAN.replace(
            "{count: 3, unit: light-infantry}",
            "{count: 2, unit: light-infantry}",
        ),
        ("- units:", "units:"),
        "this alternative costs 8.0, the line it stands for 9.0: an alternative costs what its \
         line costs",
    );
    refused(
        &CLEAN.replace(
            "{count: 1, unit: guns}",
            "{count: 1, unit: heavy-artillery}",
        ),
        ("lines:", "lines"),
        "41.0 points, 1.0 over the game's size of 40.0",
    );
    refused(
        &CLEAN.replace("grade: avg}", "grade: avrage}"),
        ("avrage", "grade:"),
        "`avrage` is not a grade of the points table (did you mean `average`?)",
    );
    refused(
        &CLEAN.replace("period: syw", "period: sevn-years-war"),
        ("period:", "period"),
        "`sevn-years-war` is not a period of `cest-la-guerre` (did you mean `seven-years-war`?)",
    );
    // The British surcharge applies to a list tagged so: the same list is now over its size.
    refused(
        &CLEAN.replace("title: My Swedes", "title: My Swedes\ntags: [british]"),
        ("lines:", "lines"),
        "44.5 points, 4.5 over the game's size of 40.0",
    );
}

#[test]
fn every_mistake_is_named_at_once_and_a_warning_does_not_fail() {
    let text = CLEAN
        .replace("unit: general,", "unit: genral,")
        .replace("grade: avg}", "grade: avrage}");
    let (out, _dir, file) = check(&text, 2);
    assert_eq!(out.stdout.lines().count(), 2, "{}", out.stdout);
    let (line, column) = place(&text, "genral", "unit:");
    assert!(
        out.stdout.starts_with(&format!("{file}:{line}:{column}: ")),
        "{}",
        out.stdout
    );
    assert_eq!(out.stderr, format!("error: 2 mistakes in {file}\n"));
    // Under its size, and a printed figure the table disagrees with: warnings, exit 0.
    let text = CLEAN
        .replace("{count: 1, unit: guns}", "{count: 1, unit: light-infantry}")
        .replace("grade: average}", "grade: average, printed-each: 6.0}");
    let (out, _dir, file) = check(&text, 0);
    let (line, column) = place(&text, "general", "printed-each:");
    assert!(
        out.stdout.ends_with(&format!(
            "{file}:3:1: warning: 37.0 points, 3.0 under the game's size of 40.0\n\
             {file}:{line}:{column}: warning: line 1, each unit: printed 6.0, computed 5.0\n"
        )),
        "{}",
        out.stdout
    );
}

#[test]
fn a_checked_list_in_json_gives_its_lines_mistakes_and_warnings() {
    let dir = tempdir();
    let file = dir.path().join("mine.yaml");
    let text = CLEAN.replace("grade: avg}", "grade: avrage}");
    write(&file, &text);
    let out = Test::new()
        .args(["army", "check"])
        .arg(&file)
        .args(["--rules", CLG, "--json"])
        .status(2)
        .run();
    let json = crate::support::parsed(&out.stdout);
    assert_eq!(json["schema"], 1);
    assert_eq!(json["period"], "syw");
    assert_eq!(number(&json["size"]), 40.0);
    let mistake = &json["mistakes"][0];
    let (line, column) = place(&text, "avrage", "grade:");
    assert_eq!(mistake["line"], line);
    assert_eq!(mistake["column"], column);
    assert_eq!(mistake["hint"], "did you mean `average`?");
    assert_eq!(json["warnings"], serde_json::json!([]));
    assert_eq!(json["lines"].as_array().map(Vec::len), Some(6));
    let error = crate::support::parsed(&out.stderr);
    assert_eq!(
        error["error"]["message"],
        format!("1 mistake in {}", file.display())
    );
}

#[test]
fn a_list_file_that_is_not_a_list_is_refused_with_its_place() {
    let (out, _dir, file) = check(
        "period: syw\nlines:\n  - {count: 1, unit: general, colour: red}\n",
        2,
    );
    assert!(
        out.stderr.starts_with(&format!("error: {file}:3:")) && out.stderr.contains("colour"),
        "{}",
        out.stderr
    );
    let (out, _dir, file) = check("lines:\n  - {count: 1, unit: general, grade: average}\n", 2);
    assert!(
        out.stdout.starts_with(&format!(
            "{file}:1:1: the list says neither its period (`period:`) nor the points a side \
             has (`size:`)"
        )),
        "{}",
        out.stdout
    );
    Test::new()
        .args(["army", "check", "no-such-list.yaml", "--rules", CLG])
        .status(2)
        .stderr("error: no-such-list.yaml: no such file\n")
        .run();
}
