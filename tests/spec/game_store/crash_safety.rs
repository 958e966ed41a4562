//! Crash safety: a change stopped dead at any point leaves the old state or the new one, and
//! the next change mends the log. The binary stops itself at a named point of the change
//! (`UMPIRE_CRASH_AT`, aborting as a power cut would, with no clean-up), so that every point is
//! checked on every run, on a quiet machine or a busy one.

use std::collections::BTreeSet;
use std::os::unix::process::ExitStatusExt as _;
use std::path::Path;

use serde_json::Value;

use super::{markers_in, num};
use crate::support::{self, Table, parse_state, read, write};

/// The points of a change, in the order it passes them, and whether the state is the new one
/// once the change has stopped there.
const POINTS: [(&str, bool); 5] = [
    ("log-cut", false),
    ("line-torn", false),
    ("logged", false),
    ("before-rename", false),
    ("saved", true),
];

fn file_len(path: &Path) -> u64 {
    std::fs::metadata(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .len()
}

/// The event `undo` would take back now: the newest one not undone already.
fn undo_target(events: &[Value]) -> Option<&Value> {
    let mut undone = BTreeSet::new();
    events.iter().rev().find(|e| {
        if let Some(id) = e.get("undoes").and_then(Value::as_u64) {
            undone.insert(id);
            return false;
        }
        !undone.contains(&num(e, "id"))
    })
}

/// The marker change that toggles `marker` on `code` as the game stands.
fn toggle(state: &Value, code: &str, marker: &str) -> String {
    let sign = if markers_in(state, code).iter().any(|m| m == marker) {
        '-'
    } else {
        '+'
    };
    format!("{sign}{marker}")
}

/// The temporary files in the game's folder.
fn temporary_files(t: &Table) -> Vec<String> {
    let dir = t.game_dir("g");
    std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".tmp"))
        .collect()
}

/// The state `args` makes from the game as `t` has it, run to its end on a copy.
fn state_made_by(t: &Table, scratch: &Table, args: &[&str]) -> Vec<u8> {
    for file in ["game.json", "log.jsonl"] {
        write(
            &scratch.game_dir("g").join(file),
            read(&t.game_dir("g").join(file)),
        );
    }
    scratch.ok(args);
    read(&scratch.state_path())
}

#[test]
fn a_change_stopped_at_any_point_leaves_the_old_state_or_the_new_and_the_next_change_mends_the_log()
{
    let t = Table::rangers("RR", 4);
    // The same game in a second data directory, where each command runs to its end, to know
    // the state it makes.
    let scratch = Table::rangers("RR", 4);
    t.ok(&["mark", "RR1", "+pinned"]);
    for (point, lands) in POINTS {
        for kind in ["mark", "undo"] {
            let old = read(&t.state_path());
            let state = parse_state(&old);
            let args: Vec<String> = if kind == "undo" {
                let target = undo_target(&t.events()).map(|e| e["command"].to_string());
                assert!(
                    target.is_some_and(|c| c.contains("mark")),
                    "undo takes back a mark"
                );
                vec!["undo".into()]
            } else {
                vec!["mark".into(), "RR2".into(), toggle(&state, "RR2", "prone")]
            };
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let what = format!("umpire {} stopped at {point}", args.join(" "));
            let new = state_made_by(&t, &scratch, &args);

            let out = support::piped(t.path(), &args)
                .env("UMPIRE_CRASH_AT", point)
                .output()
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            // Stopped by its own abort: the point was reached, not passed by.
            assert_eq!(out.status.signal(), Some(6), "{what}: {out:?}");

            let now = read(&t.state_path());
            let want = if lands { &new } else { &old };
            assert!(
                now == *want,
                "{what}: game.json is not the {} state\nold: {}\nnew: {}\nnow: {}",
                if lands { "new" } else { "old" },
                String::from_utf8_lossy(&old),
                String::from_utf8_lossy(&new),
                String::from_utf8_lossy(&now)
            );
            let log_len = file_len(&t.log_path());
            let logged = num(&parse_state(&now), "log-len");
            match point {
                // Nothing past what the state includes, or a line it does not include.
                "log-cut" => assert_eq!(log_len, logged, "{what}"),
                "line-torn" | "logged" | "before-rename" => {
                    assert!(log_len > logged, "{what}: the line is in the log");
                }
                _ => assert_eq!(log_len, logged, "{what}"),
            }
            // The log as read shows only the lines the state includes.
            let log = read(&t.log_path());
            let included = log
                .get(..usize::try_from(logged).unwrap_or(usize::MAX))
                .map_or(0, |bytes| bytes.iter().filter(|&&b| b == b'\n').count());
            let shown: Value = serde_json::from_str(&t.ok(&["--json", "log"]))
                .unwrap_or_else(|e| panic!("{what}: --json log: {e}"));
            assert_eq!(
                shown["events"].as_array().map(Vec::len),
                Some(included),
                "{what}"
            );
            if point == "before-rename" {
                assert!(
                    !temporary_files(&t).is_empty(),
                    "{what}: the temporary file"
                );
            }

            // The next change works, cuts off whatever the stopped one left, and sweeps its
            // temporary file away.
            let next = toggle(&parse_state(&now), "RR4", "pinned");
            t.ok(&["mark", "RR4", &next]);
            t.assert_log_matches_state("g");
            assert_eq!(
                markers_in(&t.state(), "RR4").contains(&"pinned".to_string()),
                next == "+pinned",
                "{what}: the change after it"
            );
            assert_eq!(temporary_files(&t), Vec::<String>::new(), "{what}");
        }
    }
}

#[test]
fn a_line_a_killed_change_left_after_log_len_is_not_read_and_is_cut_by_the_next_change() {
    let t = Table::rangers("RR", 4);
    t.ok(&["mark", "RR1", "+pinned"]);
    let valid = read(&t.log_path());
    let mut torn = valid.clone();
    torn.extend_from_slice(b"{\"id\":3,\"turn\":0,\"comm");
    write(&t.log_path(), &torn);

    let log = t.ok(&["log"]);
    assert_eq!(log.lines().count(), 2, "{log}");
    let events: Value = serde_json::from_str(&t.ok(&["--json", "log"]))
        .unwrap_or_else(|e| panic!("--json log: {e}"));
    assert_eq!(
        events["events"].as_array().map(Vec::len),
        Some(2),
        "{events}"
    );

    t.ok(&["mark", "RR2", "+prone"]);
    t.assert_log_matches_state("g");
    let log = read(&t.log_path());
    assert!(
        log.starts_with(&valid),
        "the valid events stay as they were"
    );
    assert_eq!(t.events().len(), 3);
}
