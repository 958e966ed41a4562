//! Messages: every error prints the same with no cache, cold and warm.

use std::ffi::OsString;

use super::{args, copy_test_tables, difference, files_in, no_cache, run, shown};
use crate::support::{subdir, tempdir as temp};

#[test]
fn error_messages_are_the_same_with_no_cache_cold_and_warm() {
    let root = temp();
    let data = subdir(root.path(), "data");
    let none = no_cache(root.path());
    let tables = subdir(root.path(), "tables");
    copy_test_tables(&tables);
    let tables = tables.to_string_lossy().into_owned();
    let user = |words: &[&str]| -> Vec<OsString> {
        args(&[&["--tables", tables.as_str()], words].concat())
    };
    let cases: Vec<(Vec<OsString>, &str)> = vec![
        (
            args(&["roll", "shoot", "cover=hlaf"]),
            "did you mean `half`",
        ),
        (
            args(&["roll", "shoot", "cuver=half"]),
            "did you mean `cover`",
        ),
        (
            args(&["roll", "spot", "troop=line"]),
            "spot does not use `troop`",
        ),
        (
            args(&["odds", "shoot", "distance=12"]),
            "does not use `distance`",
        ),
        (args(&["roll", "shooot"]), "did you mean `shoot`"),
        (args(&["odds", "melle"]), "did you mean `melee`"),
        (args(&["roll", "spot"]), "distance"),
        (
            args(&["roll", "melee", "troop=militia"]),
            "attacker.troop=militia",
        ),
        (
            args(&["roll", "shoot", "troop=line", "troop=militia"]),
            "troop",
        ),
        (
            args(&["roll", "move", "unspotted", "--dice", "3,3"]),
            "was not used",
        ),
        (
            args(&["--rules", "nosuch", "roll", "shoot"]),
            "no ruleset `nosuch`",
        ),
        (
            user(&["--rules", "fiw-grid", "roll", "activate"]),
            "needs `unit`",
        ),
        (
            user(&["--rules", "officers-and-leaders", "odds", "damage"]),
            "(give weapon)",
        ),
        (
            user(&[
                "--rules",
                "cest-la-guerre",
                "roll",
                "combat",
                "enemy=infantry",
            ]),
            "opposed",
        ),
        (
            user(&["--rules", "lpg-1750s", "roll", "shoot", "troop=line"]),
            "troop",
        ),
        (
            user(&["--rules", "lpg-1750s", "odds", "shooot"]),
            "did you mean",
        ),
    ];
    let mut failures = Vec::new();
    for (n, (command, says)) in cases.iter().enumerate() {
        let expected = run(&data, &none, command);
        let what = shown(command);
        assert_eq!(expected.code, 2, "umpire {what}: {}", expected.stderr);
        assert!(
            expected.stderr.starts_with("error: ") && expected.stderr.contains(says),
            "umpire {what}: expected `{says}` in {:?}",
            expected.stderr
        );
        assert!(
            !expected.stderr.contains("panicked at"),
            "umpire {what}: {}",
            expected.stderr
        );
        let cache = root.path().join(format!("cache-{n}"));
        for run_name in ["cold", "warm"] {
            let out = run(&data, &cache, command);
            if out != expected {
                failures.push(format!(
                    "umpire {what} ({run_name}): {}",
                    difference(&expected, &out)
                ));
            }
        }
        if files_in(&cache).is_empty() {
            failures.push(format!("umpire {what}: nothing was cached"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
