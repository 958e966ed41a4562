//! Concurrency: changes made at the same moment are all kept, and logged once each.

use std::collections::BTreeSet;

use serde_json::Value;

use super::{markers_in, num};
use crate::support::{self, Table};

/// Start one process per figure at the same moment, wait for all; every one must succeed.
fn race(t: &Table, change: &str, n: u32) {
    let children: Vec<_> = (1..=n)
        .map(|i| {
            let code = format!("XX{i}");
            let child = support::piped(t.path(), &["mark", &code, change])
                .spawn()
                .unwrap_or_else(|e| panic!("starting umpire mark {code} {change}: {e}"));
            (code, child)
        })
        .collect();
    for (code, child) in children {
        let out = child
            .wait_with_output()
            .unwrap_or_else(|e| panic!("waiting for umpire mark {code} {change}: {e}"));
        assert!(
            out.status.success(),
            "umpire mark {code} {change} failed in the race: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn twenty_marks_at_the_same_moment_are_all_kept_and_logged_once_each() {
    const N: u32 = 20;
    let t = Table::rangers("XX", N);
    let rounds: [(&str, &[&str]); 3] = [
        ("+pinned", &["pinned"]),
        ("+prone", &["pinned", "prone"]),
        ("-pinned", &["prone"]),
    ];
    for (change, expected) in rounds {
        let before = t.state();
        let lines_before = t.events().len();
        race(&t, change, N);

        let after = t.state();
        for i in 1..=N {
            let code = format!("XX{i}");
            assert_eq!(
                markers_in(&after, &code),
                expected,
                "{code} after {N} racing `mark XXn {change}`"
            );
        }
        assert_eq!(
            num(&after, "seq"),
            num(&before, "seq") + u64::from(N),
            "seq after {N} racing `mark XXn {change}`"
        );
        let lines = t.events();
        assert_eq!(
            lines.len(),
            lines_before + N as usize,
            "log lines after {N} racing `mark XXn {change}`"
        );
        let new_ids: BTreeSet<u64> = lines[lines_before..].iter().map(|e| num(e, "id")).collect();
        let expected_ids: BTreeSet<u64> = (num(&before, "seq") + 1..=num(&after, "seq")).collect();
        assert_eq!(new_ids, expected_ids, "ids of the racing events");
        let figures_logged: BTreeSet<String> = lines[lines_before..]
            .iter()
            .filter_map(|e| e.get("command").and_then(Value::as_str))
            .map(str::to_string)
            .collect();
        assert_eq!(
            figures_logged.len(),
            N as usize,
            "each figure's command logged once: {figures_logged:?}"
        );
        t.assert_log_matches_state("g");
    }
}
