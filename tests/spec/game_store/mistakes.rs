//! Mistakes an umpire can make: refused cleanly, with a hint where one helps, changing nothing.

use serde_json::Value;

use super::{Store, assert_same_files, snapshot};
use crate::support::{self, Table};

/// Exit 2, one `error: ` line holding `message` and `hint` (`""`: no hint asked for).
fn refused(t: &Table, args: &[&str], message: &str, hint: &str) {
    let err = t.fails(2, args);
    assert!(
        err.contains(message),
        "umpire {}: the error does not say {message:?}: {err}",
        args.join(" ")
    );
    assert!(
        err.contains(hint),
        "umpire {}: the error has no hint {hint:?}: {err}",
        args.join(" ")
    );
}

#[test]
fn with_no_game_in_use_a_game_command_says_how_to_start_one() {
    let t = Table::empty();
    let before = snapshot(t.path());
    for args in [
        &["figs"][..],
        &["mark", "RR1", "+pinned"],
        &["undo"],
        &["log"],
    ] {
        refused(
            &t,
            args,
            "no game is in use",
            "`umpire game new NAME`, or pick one with `umpire game use NAME`",
        );
    }
    refused(
        &t,
        &["--game", "nope", "figs"],
        "there is no game `nope`",
        "start one with `umpire game new nope`",
    );
    assert_same_files(&before, t.path(), "commands with no game");
}

#[test]
fn mistakes_at_the_table_are_refused_cleanly_with_a_hint_where_one_helps_and_change_nothing() {
    let t = Table::empty();
    t.ok(&["game", "new", "battle"]);
    t.add_unit("rangers", "RR", 4);
    t.ok(&["mark", "RR1", "+pinned"]);
    t.ok(&["mark", "RR2", "+dead"]);
    let before = snapshot(t.path());

    refused(
        &t,
        &["--game", "batle", "figs"],
        "there is no game `batle`",
        "did you mean `battle`?",
    );
    refused(
        &t,
        &["game", "use", "batle"],
        "there is no game `batle`",
        "did you mean `battle`?",
    );
    refused(
        &t,
        &["game", "new", "battle"],
        "a game `battle` already exists",
        "`umpire game use battle`",
    );
    refused(
        &t,
        &["game", "new", "../x"],
        "`../x` cannot name a game",
        "letters, digits, `-` and `_`",
    );
    refused(
        &t,
        &["mark", "RR9", "+pinned"],
        "there is no figure RR9",
        "did you mean `RR",
    );
    refused(
        &t,
        &["mark", "RR3", "+pined"],
        "no marker or state `pined`",
        "did you mean `pinned`?",
    );
    // (No hint here, "" asks for none: the message says it all.)
    refused(
        &t,
        &["mark", "RR1", "+pinned"],
        "RR1 is already marked pinned",
        "",
    );
    refused(
        &t,
        &["mark", "RR1", "-prone"],
        "RR1 is not marked prone",
        "",
    );
    refused(
        &t,
        &["mark", "RR2", "+pinned"],
        "RR2 is dead: it takes no markers",
        "`umpire mark RR2 -dead` if that was a mistake",
    );
    // One figure refused: the others of the same command are not marked either.
    refused(
        &t,
        &["mark", "RR3,RR1,RR4", "+pinned"],
        "RR1 is already marked pinned",
        "",
    );
    refused(
        &t,
        &[
            "unit",
            "add",
            "rogers",
            "--side",
            "britsh",
            "troop=rangers",
            "--figures",
            "2",
        ],
        "no side `britsh`",
        "did you mean `british`?",
    );
    refused(
        &t,
        &[
            "unit",
            "add",
            "rogers",
            "--side",
            "british",
            "troop=rangrs",
            "--figures",
            "2",
        ],
        "`rangrs` is not a troop",
        "did you mean `rangers`?",
    );
    assert_same_files(&before, t.path(), "refused commands");
    let rr3: Value = serde_json::from_str(&t.ok(&["--json", "fig", "show", "RR3"]))
        .unwrap_or_else(|e| panic!("--json fig show RR3: {e}"));
    assert_eq!(rr3.get("markers"), None, "RR3 was marked: {rr3}");
    assert!(!t.path().join("x").exists() && !t.path().join("games").join("x").exists());
}

#[test]
fn deleting_a_game_without_a_terminal_needs_yes() {
    let t = Table::empty();
    t.ok(&["game", "new", "battle"]);
    let before = snapshot(t.path());
    // Standard input is a pipe, not a terminal: even a `y` on it is no answer.
    let out = t
        .test()
        .args(["game", "rm", "battle"])
        .stdin("y\n")
        .status(2)
        .run();
    let err = out.stderr;
    support::assert_one_clean_error(&err, &["game", "rm", "battle"]);
    assert!(err.contains("there is no terminal to ask on"), "{err}");
    assert!(err.contains("`umpire game rm battle --yes`"), "{err}");
    assert_same_files(&before, t.path(), "game rm without --yes");

    let said = t.ok(&["game", "rm", "battle", "--yes"]);
    assert!(said.contains("Game battle deleted."), "{said}");
    assert!(!t.game_dir("battle").exists());
    refused(&t, &["figs"], "no game is in use", "umpire game new NAME");
}
