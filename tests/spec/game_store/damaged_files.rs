//! Damaged files: a game.json or a log line damaged by hand is reported by line and column
//! (or by its format), and left as it is.

use super::{assert_same_files, snapshot};
use crate::support::{Table, read, write};

/// The commands that must refuse a game whose game.json cannot be read.
const ON_THE_GAME: &[&[&str]] = &[
    &["figs"],
    &["--json", "figs"],
    &["game", "show"],
    &["unit", "list"],
    &["fig", "show", "RR1"],
    &["mark", "RR1", "+pinned"],
    &[
        "unit",
        "add",
        "more",
        "--side",
        "french",
        "troop=militia",
        "--figures",
        "2",
    ],
    &["undo"],
    &["log"],
];

/// Damage game.json by hand as `damage` does; every command exits 1 with a message naming
/// what `names` finds in the damaged text, and leaves every file as it was. Returns one of
/// the messages.
fn refused_while_damaged(
    damage: impl Fn(&str) -> String,
    names: impl Fn(&str) -> String,
) -> String {
    let t = Table::rangers("RR", 4);
    t.ok(&["mark", "RR2", "+prone"]);
    let text = String::from_utf8(read(&t.state_path()))
        .unwrap_or_else(|e| panic!("game.json is not UTF-8: {e}"));
    let damaged = damage(&text);
    assert_ne!(damaged, text, "the damage changed nothing");
    let names = names(&damaged);
    write(&t.state_path(), damaged.as_bytes());
    let before = snapshot(t.path());

    let mut message = String::new();
    for args in ON_THE_GAME {
        let err = t.fails(1, args);
        assert!(
            err.contains(&names),
            "umpire {}: the error does not name `{names}`: {err}",
            args.join(" ")
        );
        message = err;
    }
    assert_same_files(&before, t.path(), "commands on a damaged game.json");

    // The list of games still lists it, and says what is wrong with it.
    let list = t.ok(&["game", "list"]);
    assert!(list.contains("g  (cannot be read: "), "{list}");
    assert!(list.contains(&names), "{list}");
    assert_same_files(&before, t.path(), "game list with a damaged game.json");
    message
}

#[test]
fn a_game_json_cut_half_way_is_refused_by_line_and_column_and_left_as_it_is() {
    let err = refused_while_damaged(
        |text| text[..text.len() / 2].to_string(),
        |damaged| {
            // Where the text ends: its last line and character.
            let lines = damaged.split('\n').count();
            let last = damaged.rsplit('\n').next().unwrap_or("");
            format!("game.json:{lines}:{}: ", last.len())
        },
    );
    assert!(err.contains("EOF while parsing"), "{err}");
}

#[test]
fn a_stray_comma_in_game_json_is_refused_by_line_and_column() {
    let err = refused_while_damaged(
        |text| text.replacen(",\n", ",,\n", 1),
        |damaged| {
            // The second comma ends its line.
            let (i, line) = damaged
                .lines()
                .enumerate()
                .find(|(_, l)| l.ends_with(",,"))
                .unwrap_or_else(|| panic!("no stray comma in {damaged}"));
            format!("game.json:{}:{}: ", i + 1, line.len())
        },
    );
    assert!(err.contains("key must be a string"), "{err}");
}

#[test]
fn a_game_json_of_another_format_is_refused_naming_the_format() {
    let err = refused_while_damaged(
        |text| text.replacen("\"format\": 4,", "\"format\": 99,", 1),
        |_| "game.json: format 99".to_string(),
    );
    assert!(err.contains("it reads 1 to 4"), "{err}");
}

#[test]
fn an_unknown_field_in_game_json_is_refused_by_line_and_column() {
    // `  "extra": true,` goes on line 2, after `{`: the error is at the end of its key.
    let err = refused_while_damaged(
        |text| text.replacen("{\n", "{\n  \"extra\": true,\n", 1),
        |_| "game.json:2:9: ".to_string(),
    );
    assert!(err.contains("unknown field `extra`"), "{err}");
}

#[test]
fn a_game_json_of_a_newer_format_with_new_fields_is_refused_naming_the_format() {
    let err = refused_while_damaged(
        |text| {
            text.replacen("\"format\": 4,", "\"format\": 5,", 1)
                .replacen("{\n", "{\n  \"weather\": \"rain\",\n", 1)
        },
        |_| "game.json: format 5".to_string(),
    );
    assert!(err.contains("it reads 1 to 4"), "{err}");
}

/// Replace line `n` (1-based) of the log, keeping its length so that `log-len` still holds.
fn garble_log_line(t: &Table, n: usize) {
    let text = String::from_utf8(read(&t.log_path()))
        .unwrap_or_else(|e| panic!("log.jsonl is not UTF-8: {e}"));
    let garbled: String = text
        .split_inclusive('\n')
        .enumerate()
        .map(|(i, line)| {
            if i + 1 == n {
                // `{"id":N,` stays; the rest of the line becomes x's.
                let keep = line.find(',').map_or(0, |c| c + 1);
                format!("{}{}\n", &line[..keep], "x".repeat(line.len() - keep - 1))
            } else {
                line.to_string()
            }
        })
        .collect();
    assert_eq!(garbled.len(), text.len());
    write(&t.log_path(), garbled.as_bytes());
}

#[test]
fn a_garbled_line_in_the_log_is_reported_by_line_and_column_and_left_as_it_is() {
    let t = Table::rangers("RR", 4);
    t.ok(&["mark", "RR1", "+pinned"]);
    t.ok(&["mark", "RR2", "+pinned"]);
    garble_log_line(&t, 2);
    let before = snapshot(t.path());
    // `{"id":2,` is 8 characters: the 9th is where the JSON goes wrong.
    for args in [
        &["log"][..],
        &["log", "--last", "2"],
        &["log", "--markdown"],
        &["--json", "log"],
        &["undo"],
    ] {
        let err = t.fails(1, args);
        assert!(
            err.contains("log.jsonl:2:9: "),
            "umpire {}: {err}",
            args.join(" ")
        );
    }
    assert_same_files(&before, t.path(), "commands on a garbled log");
    // The event after it is still read when only the last is asked for.
    let last = t.ok(&["log", "--last", "1"]);
    assert!(last.contains("RR2: +pinned"), "{last}");

    // A garbled last line is numbered from the start of the file, even read from the end.
    garble_log_line(&t, 3);
    let err = t.fails(1, &["log", "--last", "1"]);
    assert!(err.contains("log.jsonl:3:9: "), "{err}");
}
