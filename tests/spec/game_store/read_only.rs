//! Reading never writes: commands that only read change no file and create none.

use super::{assert_same_files, snapshot};
use crate::support::Table;

#[test]
fn commands_that_only_read_change_no_file_and_create_none() {
    let t = Table::rangers("RR", 4);
    t.ok(&["game", "new", "other"]);
    t.ok(&["game", "use", "g"]);
    t.ok(&["mark", "RR1", "+pinned", "+prone"]);
    t.ok(&["mark", "RR2", "+dead"]);
    t.ok(&["fig", "note", "RR3", "behind the wall"]);
    t.ok(&["unit", "note", "rangers", "Rogers' own"]);
    t.ok(&["undo"]);
    let before = snapshot(t.path());

    let reads: &[&[&str]] = &[
        &["figs"],
        &["--json", "figs"],
        &["game", "show"],
        &["--json", "game", "show"],
        &["game", "list"],
        &["--json", "game", "list"],
        &["unit", "list"],
        &["--json", "unit", "list"],
        &["unit", "show", "rangers"],
        &["--json", "unit", "show", "rangers"],
        &["fig", "show", "RR1"],
        &["--json", "fig", "show", "RR2"],
        &["log"],
        &["log", "--last", "2"],
        &["log", "--markdown"],
        &["--json", "log"],
        &["--game", "other", "figs"],
        &["--game", "other", "log"],
    ];
    for args in reads {
        let out = t.ok(args);
        assert!(
            !out.is_empty(),
            "umpire {}: printed nothing",
            args.join(" ")
        );
    }
    // Reads that fail write nothing either.
    t.fails(2, &["fig", "show", "RR9"]);
    t.fails(2, &["unit", "show", "rogers"]);
    t.fails(2, &["--game", "nope", "figs"]);
    assert_same_files(&before, t.path(), "commands that only read");
}
