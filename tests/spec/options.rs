//! Options stand anywhere on the line, after a command's free words too: `mark RR1 +pinned
//! --json` is a JSON mark, while `mark RR1 -pinned` still takes a marker off.

use serde_json::{Value, json};

use crate::support::{Table, parsed};

/// What a game command's JSON says was done: its schema, game and lines.
fn done(text: &str) -> Value {
    let v = parsed(text);
    json!({ "schema": v["schema"], "game": v["game"], "done": v["done"] })
}

#[test]
fn options_after_the_marker_changes_of_mark_are_options() {
    let t = Table::rangers("RR", 2);
    assert_eq!(
        done(&t.ok(&["mark", "RR1", "+pinned", "--json"])),
        json!({ "schema": 1, "game": "g", "done": ["RR1: +pinned"] })
    );
    assert_eq!(
        t.ok(&["mark", "RR1", "-pinned", "+prone", "--game", "g"]),
        "RR1: -pinned\nRR1: +prone\n"
    );
    assert_eq!(
        done(&t.ok(&["mark", "RR1", "-prone", "--game=g", "--json"])),
        json!({ "schema": 1, "game": "g", "done": ["RR1: -prone"] })
    );
    // Before the changes, as ever; and a change that starts with `-` is still a change.
    assert_eq!(
        done(&t.ok(&["mark", "--json", "RR2", "+pinned"])),
        json!({ "schema": 1, "game": "g", "done": ["RR2: +pinned"] })
    );
    assert_eq!(t.ok(&["mark", "RR2", "-pinned"]), "RR2: -pinned\n");
    // An option of mark's own, and one left without its value, are refused as such.
    let err = t.refused(&["mark", "RR2", "+pinned", "--clear"]);
    assert!(
        err.starts_with("give either marker changes or --clear, not both"),
        "{err}"
    );
    let err = t.refused(&["mark", "RR2", "+pinned", "--seed"]);
    assert!(
        err.starts_with("a value is required for '--seed <N>'"),
        "{err}"
    );
    // After `--` every word is a change.
    let err = t.refused(&["mark", "RR2", "+pinned", "--", "--json"]);
    assert!(err.starts_with("no marker or state `-json`"), "{err}");
    // The log keeps the command as typed.
    let log = t.ok(&["log", "--last", "1"]);
    assert!(log.ends_with("[mark RR2 -pinned]\n"), "{log}");
}
