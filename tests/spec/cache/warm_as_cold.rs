//! A warm run is a cold run: every procedure of every ruleset, the worked examples, the
//! listings and the help print the same from the cache as from the tables.

use std::ffi::OsString;

use serde_json::Value;

use super::{QUICK_START, args, cold_then_warm, copy_test_tables, run, shown, situation};
use crate::support::{subdir, tempdir as temp, test_tables};

#[test]
fn every_procedure_of_every_ruleset_prints_the_same_warm_as_cold() {
    let root = temp();
    let data = subdir(root.path(), "data");
    let tables = subdir(root.path(), "tables");
    let ids = copy_test_tables(&tables);
    let scratch = subdir(root.path(), "scratch");
    let tables_arg = tables.as_os_str().to_os_string();

    // The rulesets and their procedures, as the binary lists them.
    let listed = run(
        &data,
        &scratch,
        &[
            OsString::from("--tables"),
            tables_arg.clone(),
            "rules".into(),
            "--json".into(),
        ],
    );
    let listed = listed.json();
    let rulesets: Vec<(Vec<OsString>, Vec<String>)> = listed["rulesets"]
        .as_array()
        .unwrap_or_else(|| panic!("rules --json is not a list: {listed}"))
        .iter()
        .map(|r| {
            let name = r["name"].as_str().unwrap_or_default().to_string();
            let flags = if ids.contains(&name) {
                vec![
                    "--tables".into(),
                    tables_arg.clone(),
                    "--rules".into(),
                    name.into(),
                ]
            } else if r["default"] == Value::Bool(true) {
                Vec::new()
            } else {
                vec!["--rules".into(), name.into()]
            };
            let procedures = r["procedures"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|p| p.as_str().map(str::to_string))
                .collect();
            (flags, procedures)
        })
        .collect();
    assert_eq!(
        rulesets.len(),
        ids.len()
            + crate::support::builtin_names()
                .iter()
                .filter(|n| !ids.contains(n))
                .count(),
        "{listed}"
    );

    // One thread per ruleset: the runs are many and each is short.
    let results: Vec<(Vec<String>, usize, usize)> = std::thread::scope(|scope| {
        let handles: Vec<_> = rulesets
            .iter()
            .enumerate()
            .map(|(n, (flags, procedures))| {
                let (data, scratch, root) = (&data, &scratch, root.path());
                scope.spawn(move || {
                    assert!(!procedures.is_empty(), "{flags:?}: no procedures");
                    let mut failures = Vec::new();
                    // Runs in a situation made up for the procedure, and how many resolved.
                    let (mut situated, mut resolved) = (0, 0);
                    for (m, p) in procedures.iter().enumerate() {
                        let with = |words: &[&str]| -> Vec<OsString> {
                            flags.iter().cloned().chain(args(words)).collect()
                        };
                        let described = run(data, scratch, &with(&["rules", p, "--json"])).json();
                        let text = run(data, scratch, &with(&["rules", p])).stdout;
                        let words = situation(&described, &text);
                        let words: Vec<&str> = words.iter().map(String::as_str).collect();
                        let mut commands = vec![
                            (with(&["odds", p, "--json"]), false),
                            (with(&["--seed", "7", "roll", p]), false),
                        ];
                        if !words.is_empty() {
                            let odds = [&["odds", p], words.as_slice(), &["--json"]].concat();
                            let roll = [&["roll", p], words.as_slice(), &["--seed", "7"]].concat();
                            commands.push((with(&odds), true));
                            commands.push((with(&roll), true));
                        }
                        for (k, (command, in_situation)) in commands.iter().enumerate() {
                            let cache = subdir(root, &format!("cache-{n}-{m}-{k}"));
                            match cold_then_warm(data, &cache, command) {
                                Ok(out) => {
                                    situated += usize::from(*in_situation);
                                    resolved += usize::from(*in_situation && out.code == 0);
                                }
                                Err(e) => failures.push(e),
                            }
                        }
                    }
                    (failures, situated, resolved)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| panic!("a ruleset's thread panicked"))
            })
            .collect()
    });
    let failures: Vec<&String> = results.iter().flat_map(|r| &r.0).collect();
    assert!(
        failures.is_empty(),
        "warm differs from cold:\n{}",
        failures
            .iter()
            .map(|f| f.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    // Errors are compared too, but the made-up situations must resolve for the comparison to
    // cover the engine and not only its messages.
    let situated: usize = results.iter().map(|r| r.1).sum();
    let resolved: usize = results.iter().map(|r| r.2).sum();
    assert!(
        resolved * 10 >= situated * 9 && situated > 0,
        "only {resolved} of {situated} made-up situations resolved"
    );
}

#[test]
fn worked_examples_with_factors_print_the_same_warm_as_cold() {
    let root = temp();
    let data = subdir(root.path(), "data");
    let tables = test_tables();
    let tables = tables.to_string_lossy();
    let commands: &[&[&str]] = &[
        QUICK_START,
        &[QUICK_START, &["--json"]].concat(),
        &[
            "odds",
            "melee",
            "attacker.troop=indians",
            "defender.troop=regulars",
        ],
        &[
            "odds",
            "--json",
            "melee",
            "a.troop=indians",
            "d.outnumbered=2",
        ],
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
        &["roll", "shoot", "--times", "25", "--seed", "5"],
        &[
            "roll",
            "move",
            "craft=bateau",
            "men=9",
            "current=-2",
            "--seed",
            "2",
        ],
        &["odds", "move", "formation=line"],
        // An alias of a procedure, and of the ruleset.
        &["odds", "fire", "cover=half"],
        &["--rules", "lpg", "roll", "shot", "--seed", "4"],
        // The test tables under their own file names: found by looking inside every file.
        &[
            "--tables",
            &tables,
            "--rules",
            "fiw",
            "odds",
            "rally",
            "unit=line",
        ],
        &[
            "--tables",
            &tables,
            "--rules",
            "cest-la-guerre",
            "roll",
            "casualty",
            "--seed",
            "7",
        ],
    ];
    let mut failures = Vec::new();
    for (n, command) in commands.iter().enumerate() {
        let cache = subdir(root.path(), &format!("cache-{n}"));
        match cold_then_warm(&data, &cache, &args(command)) {
            Ok(out) if out.code == 0 => {}
            Ok(out) => failures.push(format!("umpire {}: {}", command.join(" "), out.stderr)),
            Err(e) => failures.push(e),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn listings_and_help_print_the_same_warm_as_cold() {
    let root = temp();
    let data = subdir(root.path(), "data");
    let tables = subdir(root.path(), "tables");
    copy_test_tables(&tables);
    let tables = tables.to_string_lossy().into_owned();
    let user = |words: &[&str]| -> Vec<OsString> {
        args(&[&["--tables", tables.as_str()], words].concat())
    };
    let commands: Vec<Vec<OsString>> = vec![
        args(&["rules"]),
        args(&["rules", "--json"]),
        args(&["rules", "shoot"]),
        args(&["rules", "melee", "--json"]),
        args(&["roll", "shoot", "--help"]),
        args(&["odds", "--help"]),
        user(&["rules"]),
        user(&["--rules", "fiw-grid", "rules", "activate", "--json"]),
        user(&["rules", "officers-and-leaders"]),
        user(&["--rules", "cest-la-guerre", "roll", "combat", "--help"]),
    ];
    let mut failures = Vec::new();
    for (n, command) in commands.iter().enumerate() {
        let cache = subdir(root.path(), &format!("cache-{n}"));
        match cold_then_warm(&data, &cache, command) {
            Ok(out) if out.code == 0 => {}
            Ok(out) => failures.push(format!("umpire {}: {}", shown(command), out.stderr)),
            Err(e) => failures.push(e),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
