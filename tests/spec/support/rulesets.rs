//! The rulesets' files: house rules of the built-in ruleset, a small ruleset of one procedure,
//! and what the ruleset files hold, read from the files and checked against the binary's list.

use std::path::{Path, PathBuf};

use tempfile::TempDir;

use super::{BUILTIN, Test, builtin_tables, tempdir, test_tables, write};

/// The built-in ruleset with `edit` applied, in a tables directory of its own, named as the
/// ruleset it overrides (as a house rule of the built-in one is).
pub fn house_tables(edit: impl Fn(&str) -> String) -> TempDir {
    let dir = tempdir();
    let text = edit(BUILTIN);
    assert_ne!(text, BUILTIN, "the edit changed nothing");
    write(&dir.path().join("la-petite-guerre.yaml"), text);
    dir
}

/// A built-in table (`file` under `tables/`) with `from` replaced by `to` (once), as a house
/// table of the same id: the one-line error `umpire --rules ID ARGS` gives, which must start
/// with the file and its place and hold `says`.
pub fn refused_edit(file: &str, (from, to): (&str, &str), args: &[&str], says: &str) {
    let builtin = std::fs::read_to_string(super::root().join("tables").join(file))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(builtin.contains(from), "{file} has no `{from}`");
    // The id is the file's name without its number.
    let id = file
        .trim_end_matches(".yaml")
        .trim_start_matches(|c: char| c.is_ascii_digit() || c == '-');
    let tables = tempdir();
    let path = tables.path().join(format!("{id}.yaml"));
    write(&path, builtin.replacen(from, to, 1));
    let out = Test::new()
        .tables(tables.path())
        .args(["--rules", id])
        .args(args)
        .status(2)
        .run();
    let first = super::placed_error(&out.stderr, &path);
    assert!(first.contains(says), "`{says}` not in {first}");
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
}

/// A small ruleset of one procedure, `nerve` (1d6, 4 or more passes, +1 when `brave`), under
/// the id `id` and the title `title`.
pub fn nerve_ruleset(id: &str, title: &str) -> String {
    format!(
        "ruleset: {id}
title: {title}
factors:
  - {{name: brave, kind: flag, help: the figure is brave}}
procedures:
  - name: nerve
    title: Nerve test
    help: roll 1d6, 4 or more passes
    roll: 1d6
    modifiers:
      - group: situation
        policy: all
        items:
          - {{label: brave, when: {{brave: true}}, value: 1}}
    check: {{compare: at-least, target: 4, pass: steady, fail: shaken}}
    results:
      - {{name: steady, label: Steady}}
      - {{name: shaken, label: Shaken}}
"
    )
}

/// One procedure of a ruleset file: its name and title.
#[derive(Debug, Clone)]
pub struct Procedure {
    pub name: String,
    pub title: String,
}

/// One marker of a ruleset's game: name, label and colour.
#[derive(Debug, Clone)]
pub struct Marker {
    pub name: String,
    pub label: String,
    pub colour: String,
}

/// What a ruleset file holds that the tests compare the binary's output with.
#[derive(Debug, Clone)]
pub struct Ruleset {
    pub name: String,
    pub procedures: Vec<Procedure>,
    /// The markers of its game, when it has one.
    pub markers: Option<Vec<Marker>>,
    pub has_turn: bool,
}

fn text_of(v: &serde_yaml::Value, key: &str) -> String {
    v.get(key)
        .and_then(serde_yaml::Value::as_str)
        .unwrap_or_default()
        .to_string()
}

impl Ruleset {
    /// Read a ruleset file (the input the binary reads too).
    pub fn from_file(path: &Path) -> Ruleset {
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        let doc: serde_yaml::Value =
            serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let procs = doc
            .get("procedures")
            .and_then(serde_yaml::Value::as_sequence)
            .cloned()
            .unwrap_or_default();
        let markers = doc.get("game").map(|g| {
            g.get("markers")
                .and_then(serde_yaml::Value::as_sequence)
                .into_iter()
                .flatten()
                .map(|m| Marker {
                    name: text_of(m, "name"),
                    label: text_of(m, "label"),
                    colour: text_of(m, "colour"),
                })
                .collect()
        });
        Ruleset {
            name: text_of(&doc, "ruleset"),
            procedures: procs
                .iter()
                .map(|p| Procedure {
                    name: text_of(p, "name"),
                    title: text_of(p, "title"),
                })
                .collect(),
            markers,
            has_turn: doc.get("turn").is_some(),
        }
    }
}

/// The names of the built-in rulesets, in the order the binary lists them.
pub fn builtin_names() -> Vec<String> {
    builtin_tables()
        .iter()
        .map(|f| Ruleset::from_file(f).name)
        .collect()
}

/// Every ruleset the binary knows with `--tables tests/tables`: the test ones and the built-in
/// ones, read from their files, and checked against what `umpire rules --json` lists.
pub fn all_rulesets() -> Vec<Ruleset> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(test_tables())
        .unwrap_or_else(|e| panic!("tests/tables: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    let mut all: Vec<Ruleset> = files.iter().map(|f| Ruleset::from_file(f)).collect();
    // A built-in ruleset a test table names too is the test table's, as a user's table of a
    // built-in's name overrides it.
    for r in builtin_tables().iter().map(|f| Ruleset::from_file(f)) {
        if !all.iter().any(|t| t.name == r.name) {
            all.push(r);
        }
    }
    let listed = Test::new()
        .tables(test_tables())
        .args(["rules", "--json"])
        .run()
        .json();
    let listed: Vec<(String, Vec<String>)> = listed["rulesets"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            (
                r["name"].as_str().unwrap_or_default().to_string(),
                r["procedures"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|p| p.as_str().map(str::to_string))
                    .collect(),
            )
        })
        .collect();
    let read: Vec<(String, Vec<String>)> = all
        .iter()
        .map(|r| {
            (
                r.name.clone(),
                r.procedures.iter().map(|p| p.name.clone()).collect(),
            )
        })
        .collect();
    assert_eq!(
        listed, read,
        "the rulesets the binary lists against their files"
    );
    all
}
