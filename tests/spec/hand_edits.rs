//! A data folder changed by hand, or by something other than umpire: files planted as symbolic
//! links are refused and what they point at is left alone, a pipe planted as the log is refused
//! rather than waited on, a log edited so that undo would put
//! back what the ruleset does not know is refused by its line, event ids never wrap round or
//! repeat, and a log cut short still shows what it holds.

use std::path::Path;
use std::process::Stdio;

use serde_json::Value;

use crate::support::{self, Table, read, tempdir, write};

/// Game `g` (the current one): rangers RR1-RR2, RR1 marked pinned then prone. Its log has
/// four lines: the unit, the two marks and `extra` (`None`: none).
fn game(extra: Option<&[&str]>) -> Table {
    let t = Table::rangers("RR", 2);
    t.ok(&["mark", "RR1", "+pinned"]);
    t.ok(&["mark", "RR1", "+prone"]);
    if let Some(args) = extra {
        t.ok(args);
    }
    t
}

fn text(path: &Path) -> String {
    String::from_utf8(read(path)).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Replace `from` by `to` in line `n` (1-based) of the log, and make `log-len` in game.json
/// the log's new length, as an umpire fixing the files by hand would.
fn edit_log_line(t: &Table, n: usize, from: &str, to: &str) {
    let log = text(&t.log_path());
    let edited: String = log
        .split_inclusive('\n')
        .enumerate()
        .map(|(i, line)| {
            if i + 1 == n {
                assert!(line.contains(from), "line {n} has no {from:?}: {line}");
                line.replacen(from, to, 1)
            } else {
                line.to_string()
            }
        })
        .collect();
    write(&t.log_path(), &edited);
    set_number(t, "log-len", edited.len() as u64);
}

/// Set a number of game.json (`seq`, `log-len`) by hand, the rest of the file as it is.
fn set_number(t: &Table, key: &str, value: impl std::fmt::Display) {
    let state = text(&t.state_path());
    let old = serde_json::from_str::<Value>(&state)
        .ok()
        .and_then(|v| v.get(key).and_then(Value::as_u64))
        .unwrap_or_else(|| panic!("no {key} in game.json"));
    let from = format!("\"{key}\": {old},");
    assert!(state.contains(&from), "{state}");
    write(
        &t.state_path(),
        state.replacen(&from, &format!("\"{key}\": {value},"), 1),
    );
}

/// The game's two files, to see that a refused command left them as they were.
fn files(t: &Table) -> (Vec<u8>, Vec<u8>) {
    (read(&t.state_path()), read(&t.log_path()))
}

/// Refused with exit 1 and one `error:` line holding every one of `says`.
fn fails_saying(t: &Table, args: &[&str], says: &[&str]) {
    let err = t.fails(1, args);
    for s in says {
        assert!(err.contains(s), "umpire {}: {err}", args.join(" "));
    }
}

// ----- files planted as links -------------------------------------------------------------------

#[cfg(unix)]
#[test]
fn a_file_of_the_game_planted_as_a_link_is_refused_and_what_it_points_at_is_left_alone() {
    const LINK: &str = "is a symbolic link; umpire does not follow links in its data folder";
    for file in ["log.jsonl", "game.json", "lock"] {
        let t = game(None);
        let path = t.game_dir("g").join(file);
        // What it points at: a copy of the file, with more after it, outside the data folder.
        let elsewhere = tempdir();
        let target = elsewhere.path().join("precious");
        let mut bytes = read(&path);
        bytes.extend_from_slice(b"precious, not umpire's\n");
        write(&target, &bytes);
        std::fs::remove_file(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
        std::os::unix::fs::symlink(&target, &path).unwrap_or_else(|e| panic!("{file}: {e}"));
        let reads: &[&str] = if file == "log.jsonl" {
            &["log"]
        } else {
            &["figs"]
        };
        for args in [&["mark", "RR2", "+pinned"][..], &["undo"], reads] {
            fails_saying(&t, args, &[&format!("{file} {LINK}")]);
        }
        assert_eq!(
            read(&target),
            bytes,
            "{file}: what the link points at changed"
        );
        let meta = std::fs::symlink_metadata(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(
            meta.file_type().is_symlink(),
            "{file} is no longer the link"
        );
    }

    // A link to nothing: no file is made where it points.
    let t = game(None);
    let elsewhere = tempdir();
    let nowhere = elsewhere.path().join("nothing-here");
    std::fs::remove_file(t.log_path()).unwrap_or_else(|e| panic!("log.jsonl: {e}"));
    std::os::unix::fs::symlink(&nowhere, t.log_path()).unwrap_or_else(|e| panic!("{e}"));
    fails_saying(&t, &["mark", "RR2", "+pinned"], &["log.jsonl", LINK]);
    assert!(!nowhere.exists(), "a file was made where the link points");
}

#[cfg(unix)]
#[test]
fn a_pipe_planted_as_the_log_is_refused_instead_of_waited_on() {
    let t = game(None);
    std::fs::remove_file(t.log_path()).unwrap_or_else(|e| panic!("log.jsonl: {e}"));
    let made = std::process::Command::new("mkfifo")
        .arg(t.log_path())
        .status()
        .unwrap_or_else(|e| panic!("mkfifo: {e}"));
    assert!(made.success());
    for args in [&["log"][..], &["mark", "RR2", "+pinned"]] {
        let child = support::process(t.path())
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("umpire {args:?}: {e}"));
        // Waited to its end: one that opened the pipe would wait for a writer for ever, and
        // the test harness would report it.
        let out = child
            .wait_with_output()
            .unwrap_or_else(|e| panic!("umpire {args:?}: {e}"));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "umpire {args:?}: {err}");
        assert!(err.contains("log.jsonl is not a plain file"), "{err}");
    }
}

#[cfg(unix)]
#[test]
fn a_current_file_planted_as_a_link_is_refused_and_game_use_replaces_the_link() {
    let t = game(None);
    let current = t.path().join("current");
    let elsewhere = tempdir();
    let target = elsewhere.path().join("current");
    write(&target, "g\n");
    std::fs::remove_file(&current).unwrap_or_else(|e| panic!("current: {e}"));
    std::os::unix::fs::symlink(&target, &current).unwrap_or_else(|e| panic!("{e}"));
    fails_saying(
        &t,
        &["figs"],
        &["current is a symbolic link; umpire does not follow links"],
    );
    // Choosing the game writes a file of its own in the link's place.
    t.ok(&["game", "use", "g"]);
    let meta = std::fs::symlink_metadata(&current).unwrap_or_else(|e| panic!("{e}"));
    assert!(meta.is_file(), "current is still a link");
    assert_eq!(read(&target), b"g\n");
    t.ok(&["figs"]);
}

// ----- undo and a log edited by hand ------------------------------------------------------------

#[test]
fn undo_refuses_a_log_line_edited_to_put_back_what_the_ruleset_or_the_game_does_not_know() {
    // (line, from, to, what the error says after `log.jsonl:LINE: `)
    let cases: [(usize, &str, &str, &str); 4] = [
        (
            3,
            r#""markers":["pinned"]},"after""#,
            r#""markers":["ghost"]},"after""#,
            "event #3: puts back figure RR1 with the marker `ghost`, which La Petite Guerre \
             does not know",
        ),
        (
            3,
            r#""before":{"code":"RR1","unit":"rangers""#,
            r#""before":{"code":"RR1","unit":"ghosts""#,
            "event #3: puts back figure RR1 of unit `ghosts`, which the game does not have",
        ),
        (
            3,
            r#""before":{"code":"RR1""#,
            r#""before":{"code":"RR7""#,
            "event #3: puts back figure `RR7` as `RR1`",
        ),
        (
            3,
            r#"{"id":3,"#,
            r#"{"id":2,"#,
            "event #2 comes after #2: ids must grow",
        ),
    ];
    for (line, from, to, says) in cases {
        let t = game(None);
        edit_log_line(&t, line, from, to);
        let before = files(&t);
        fails_saying(
            &t,
            &["undo"],
            &[&format!("log.jsonl:{line}: {says}"), "edited by hand"],
        );
        assert_eq!(files(&t), before, "a refused undo changed the game");
    }

    // Taking back a unit's removal: the side and the fields come back from the log.
    for (from, to, says) in [
        (
            r#""side":"british","code":"RR","fields":{"troop":"rangers"}},"after":null"#,
            r#""side":"prussian","code":"RR","fields":{"troop":"rangers"}},"after":null"#,
            "event #4: puts back unit rangers on the side `prussian`, which La Petite Guerre \
             does not know",
        ),
        (
            r#""fields":{"troop":"rangers"}},"after":null"#,
            r#""fields":{"horses":"rangers"}},"after":null"#,
            "event #4: puts back unit rangers with the field `horses`, which La Petite Guerre \
             does not know",
        ),
    ] {
        let t = game(Some(&["unit", "rm", "rangers"]));
        edit_log_line(&t, 4, from, to);
        let before = files(&t);
        fails_saying(&t, &["undo"], &[&format!("log.jsonl:4: {says}")]);
        assert_eq!(files(&t), before, "a refused undo changed the game");
    }

    // A line that is not an event at all is refused by line and column, as ever.
    let t = game(None);
    edit_log_line(&t, 3, r#""what":"figure""#, r#""what":"flag""#);
    fails_saying(&t, &["undo"], &["log.jsonl:3:"]);
}

#[test]
fn event_ids_never_wrap_round_nor_repeat_after_seq_is_edited_by_hand() {
    let t = game(None);
    set_number(&t, "seq", u64::MAX);
    let before = files(&t);
    fails_saying(
        &t,
        &["mark", "RR2", "+pinned"],
        &["game.json: seq 18446744073709551615 leaves no id for another event"],
    );
    assert_eq!(files(&t), before);

    // Behind the log: the next id would be one the log already holds.
    let t = game(None);
    set_number(&t, "seq", 1);
    let before = files(&t);
    fails_saying(
        &t,
        &["mark", "RR2", "+pinned"],
        &[
            "game.json: seq 1 is behind ",
            "log.jsonl:3, which holds event #3",
            "set `seq` to 3",
        ],
    );
    fails_saying(
        &t,
        &["undo"],
        &["log.jsonl:2: event #2 is newer than game.json's seq 1"],
    );
    assert_eq!(files(&t), before);
    // Put right as the hint says, the game goes on from there.
    set_number(&t, "seq", 3);
    t.ok(&["mark", "RR2", "+pinned"]);
    assert!(t.ok(&["log", "--last", "1"]).starts_with("#4 "));

    // Beyond any id: refused by line and column, never wrapped.
    let t = game(None);
    let state = text(&t.state_path()).replacen("\"seq\": 3,", "\"seq\": 99999999999999999999,", 1);
    write(&t.state_path(), state);
    fails_saying(&t, &["mark", "RR2", "+pinned"], &["game.json:5:"]);
}

// ----- a log cut short --------------------------------------------------------------------------

#[test]
fn log_last_n_works_on_a_short_log_and_on_one_cut_part_way_through_its_last_line() {
    let t = game(None);
    let all = t.ok(&["log"]);
    assert_eq!(all.lines().count(), 3, "{all}");
    assert_eq!(t.ok(&["log", "--last", "10"]), all);
    assert_eq!(t.ok(&["log", "--last", "3"]), all);
    assert_eq!(t.ok(&["log", "--last", "0"]), "");

    // Cut five bytes short: the last line is torn; the others are still shown.
    let log = read(&t.log_path());
    let whole_two = log
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .nth(1)
        .map_or(0, |(i, _)| i + 1);
    write(&t.log_path(), &log[..log.len() - 5]);
    let first_two: Vec<&str> = all.lines().take(2).collect();
    for (args, shown) in [
        (&["log", "--last", "1"][..], &first_two[1..]),
        (&["log", "--last", "5"], &first_two[..]),
        (&["log"], &first_two[..]),
    ] {
        let out = t.test().args(args).status(1).run();
        assert_eq!(
            out.stdout.lines().collect::<Vec<_>>(),
            shown,
            "umpire {args:?}"
        );
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
        assert!(
            out.stderr.starts_with("error: ")
                && out.stderr.contains(
                    "log.jsonl:3: the log stops here, 5 bytes short of what game.json counts"
                ),
            "umpire {args:?}: {}",
            out.stderr
        );
    }
    let out = t
        .test()
        .args(["--json", "log", "--last", "2"])
        .status(1)
        .run();
    let events: Value = serde_json::from_str(&out.stdout)
        .unwrap_or_else(|e| panic!("--json log: {e}\n{}", out.stdout));
    assert_eq!(
        events["events"].as_array().map(Vec::len),
        Some(2),
        "{events}"
    );

    // A change says how to go on without the events lost; done, the game goes on.
    let before = files(&t);
    fails_saying(
        &t,
        &["mark", "RR2", "+pinned"],
        &[&format!("set `log-len` in game.json to {whole_two}")],
    );
    assert_eq!(files(&t), before);
    set_number(&t, "log-len", whole_two);
    t.ok(&["mark", "RR2", "+pinned"]);
    let now = t.ok(&["log", "--last", "2"]);
    assert!(now.starts_with("#2 ") && now.contains("\n#4 "), "{now}");
}
