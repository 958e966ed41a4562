//! How games are stored, seen from outside through the `umpire` binary: changes made at the
//! same moment are all kept, a change killed half-way leaves the old state or the new one, a
//! damaged file is reported by line and column and never overwritten, reading never writes,
//! undo puts back exactly what was, and every mistake an umpire can make is refused cleanly.
//!
//! Every command runs with its own data directory and without the UMPIRE_* variables that
//! would change what it does or where it keeps its files.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant, SystemTime};

use serde_json::Value;

use crate::support::{self, Table, parse_state, read, write};

// ----- helpers ----------------------------------------------------------------------------------

/// What these tests do with a game's data directory beyond running a command.
trait Store {
    fn add_unit(&self, name: &str, code: &str, n: u32);
}

impl Store for Table {
    fn add_unit(&self, name: &str, code: &str, n: u32) {
        self.unit(name, "british", "rangers", n, code, None);
    }
}

fn file_len(path: &Path) -> u64 {
    std::fs::metadata(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .len()
}

fn num(v: &Value, key: &str) -> u64 {
    v.get(key)
        .and_then(Value::as_u64)
        .unwrap_or_else(|| panic!("no number `{key}` in {v}"))
}

fn markers_in(state: &Value, code: &str) -> Vec<String> {
    let figures = state
        .get("figures")
        .and_then(Value::as_array)
        .unwrap_or_else(|| panic!("no figures in {state}"));
    let fig = figures
        .iter()
        .find(|f| f.get("code").and_then(Value::as_str) == Some(code))
        .unwrap_or_else(|| panic!("no figure {code} in {state}"));
    fig.get("markers")
        .and_then(Value::as_array)
        .map(|m| {
            m.iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// A game's state without the two numbers every change moves.
fn without_counters(state: &Value) -> Value {
    let mut v = state.clone();
    if let Some(map) = v.as_object_mut() {
        map.remove("seq");
        map.remove("log-len");
    }
    v
}

/// One entry of a folder: its bytes (files only), its size and when it last changed.
#[derive(Debug, PartialEq, Eq)]
struct Entry {
    bytes: Option<Vec<u8>>,
    len: u64,
    modified: SystemTime,
}

/// Every file and folder under `root`, with its bytes and time of change. A folder's time
/// changes when a file is created or removed in it, even one that is gone again.
fn snapshot(root: &Path) -> BTreeMap<PathBuf, Entry> {
    let mut all = BTreeMap::new();
    let mut todo = vec![root.to_path_buf()];
    while let Some(dir) = todo.pop() {
        let read_dir =
            std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("listing {}: {e}", dir.display()));
        for entry in read_dir {
            let path = entry
                .unwrap_or_else(|e| panic!("listing {}: {e}", dir.display()))
                .path();
            let meta = std::fs::symlink_metadata(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let modified = meta
                .modified()
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let bytes = if meta.is_dir() {
                todo.push(path.clone());
                None
            } else {
                Some(read(&path))
            };
            all.insert(
                path,
                Entry {
                    bytes,
                    len: meta.len(),
                    modified,
                },
            );
        }
    }
    all
}

fn assert_same_files(before: &BTreeMap<PathBuf, Entry>, root: &Path, after_what: &str) {
    let after = snapshot(root);
    let names = |m: &BTreeMap<PathBuf, Entry>| m.keys().cloned().collect::<Vec<_>>();
    assert_eq!(
        names(before),
        names(&after),
        "{after_what}: files were created or removed"
    );
    for (path, was) in before {
        assert!(
            after.get(path) == Some(was),
            "{after_what}: {} changed",
            path.display()
        );
    }
}

/// A small random generator (xorshift), seeded from the clock unless `GAME_STORE_SEED` is
/// set, so that a failing run can be replayed.
struct Rng(u64);

impl Rng {
    fn new() -> Rng {
        let seed = std::env::var("GAME_STORE_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| {
                SystemTime::now()
                    .duration_since(SystemTime::UNIX_EPOCH)
                    .map_or(1, |d| d.as_nanos() as u64)
            });
        Rng(seed | 1)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

// ----- 1. concurrency ---------------------------------------------------------------------------

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

// ----- 2. crash safety --------------------------------------------------------------------------

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

#[test]
fn a_change_killed_at_any_moment_leaves_the_old_state_or_the_new_and_the_next_change_mends_the_log()
{
    // At least this many rounds, and more (up to MAX_ROUNDS) until some kill has fallen
    // inside a change and some change has been let finish.
    const ROUNDS: usize = 50;
    const MAX_ROUNDS: usize = 200;
    let t = Table::rangers("RR", 4);
    // The same game in a second data directory, where each command first runs to the end,
    // to know the state it makes.
    let scratch = Table::rangers("RR", 4);
    let mut rng = Rng::new();
    let seed = rng.0;
    let (mut kept_old, mut torn, mut got_new) = (0, 0, 0);
    let started = Instant::now();

    let mut round = 0;
    while round < ROUNDS || (round < MAX_ROUNDS && (torn == 0 || got_new == 0)) {
        round += 1;
        let old = read(&t.state_path());
        let old_state = parse_state(&old);
        // An undo only when it takes back a mark: the unit itself stays.
        let takes_back_a_mark = undo_target(&t.events()).is_some_and(|e| {
            e.get("command")
                .and_then(Value::as_str)
                .is_some_and(|c| c.starts_with("mark"))
        });
        let args: Vec<String> = if takes_back_a_mark && rng.below(3) == 0 {
            vec!["undo".into()]
        } else {
            let code = format!("RR{}", 1 + rng.below(3));
            let marker = if rng.below(2) == 0 { "pinned" } else { "prone" };
            let change = toggle(&old_state, &code, marker);
            vec!["mark".into(), code, change]
        };
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let what = format!(
            "round {round} (GAME_STORE_SEED={seed}): umpire {}",
            args.join(" ")
        );

        // The state this command makes when it is not interrupted.
        for file in ["game.json", "log.jsonl"] {
            write(
                &scratch.game_dir("g").join(file),
                read(&t.game_dir("g").join(file)),
            );
        }
        let timer = Instant::now();
        scratch.ok(&args);
        let whole_run = timer.elapsed();
        let new = read(&scratch.state_path());

        let mut child = support::piped(t.path(), &args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
        // Anywhere from its start to a little after a whole run's time.
        let span = u64::try_from(whole_run.as_micros()).unwrap_or(u64::MAX) + 1_000;
        std::thread::sleep(Duration::from_micros(rng.below(span)));
        // It may have finished already: then the kill does nothing.
        let _ = child.kill();
        let _ = child
            .wait()
            .unwrap_or_else(|e| panic!("{what}: waiting: {e}"));

        let now = read(&t.state_path());
        let state = parse_state(&now);
        if now == old {
            kept_old += 1;
        } else if now == new {
            got_new += 1;
        } else {
            panic!(
                "{what}: game.json is neither the old state nor the new\nold: {}\nnew: {}\nnow: {}",
                String::from_utf8_lossy(&old),
                String::from_utf8_lossy(&new),
                String::from_utf8_lossy(&now)
            );
        }
        let log_len = file_len(&t.log_path());
        assert!(
            log_len >= num(&state, "log-len"),
            "{what}: the log is shorter than game.json says"
        );
        if now == old && log_len > num(&state, "log-len") {
            // Killed between logging the event and saving the state.
            torn += 1;
        }

        // The next change works, and cuts off whatever line the killed one left.
        let next = toggle(&state, "RR4", "pinned");
        t.ok(&["mark", "RR4", &next]);
        t.assert_log_matches_state("g");
        assert_eq!(
            markers_in(&t.state(), "RR4").contains(&"pinned".to_string()),
            next == "+pinned",
            "{what}: the change after it"
        );
        // Nor does a killed change leave its temporary file behind for good.
        let game_dir = t
            .log_path()
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        let stale: Vec<String> = std::fs::read_dir(&game_dir)
            .unwrap_or_else(|e| panic!("{}: {e}", game_dir.display()))
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with(".tmp"))
            .collect();
        assert!(stale.is_empty(), "{what}: temporary files left: {stale:?}");
    }
    eprintln!(
        "{round} killed changes: {kept_old} kept the old state ({torn} of them with a line \
         logged), {got_new} made the new one, in {:?}",
        started.elapsed()
    );
    // Some kills must have fallen between the log and the state, or the test proved little.
    assert!(
        torn > 0 && got_new > 0,
        "no kill fell inside a change ({kept_old} old, {torn} torn, {got_new} new): \
         retune the delays"
    );
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
    assert_eq!(events.as_array().map(Vec::len), Some(2), "{events}");

    t.ok(&["mark", "RR2", "+prone"]);
    t.assert_log_matches_state("g");
    let log = read(&t.log_path());
    assert!(
        log.starts_with(&valid),
        "the valid events stay as they were"
    );
    assert_eq!(t.events().len(), 3);
}

// ----- 3. damaged files -------------------------------------------------------------------------

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
        |text| text.replacen("\"format\": 1,", "\"format\": 99,", 1),
        |_| "game.json: format 99".to_string(),
    );
    assert!(err.contains("it reads 1"), "{err}");
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
            text.replacen("\"format\": 1,", "\"format\": 2,", 1)
                .replacen("{\n", "{\n  \"weather\": \"rain\",\n", 1)
        },
        |_| "game.json: format 2".to_string(),
    );
    assert!(err.contains("it reads 1"), "{err}");
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

// ----- 4. reading never writes ------------------------------------------------------------------

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

// ----- 5. undo ----------------------------------------------------------------------------------

#[test]
fn undo_takes_back_each_change_in_turn_exactly_and_then_says_there_is_nothing_left() {
    let t = Table::empty();
    t.ok(&["game", "new", "g"]);
    let mut states = vec![t.state()];
    t.add_unit("rangers", "RR", 4);
    states.push(t.state());
    t.add_unit("regulars", "RG", 3);
    states.push(t.state());
    t.ok(&["mark", "RR1", "+pinned", "+prone"]);
    states.push(t.state());
    t.ok(&["mark", "RR1,RG2", "+light-wound"]);
    let mut seq = num(&t.state(), "seq");
    assert_eq!(seq, 4);

    let expect_undone = [
        "#4: RR1: +",
        "#3: RR1: +",
        "#2: Unit regulars",
        "#1: Unit rangers",
    ];
    for (i, said) in expect_undone.iter().enumerate() {
        let out = t.ok(&["undo"]);
        assert!(
            out.starts_with("Undone: ") && out.contains(said),
            "undo {}: {out}",
            i + 1
        );
        let now = t.state();
        let was = states.pop().unwrap_or_else(|| panic!("no state left"));
        assert_eq!(
            without_counters(&now),
            without_counters(&was),
            "undo {} does not give back the state as it was",
            i + 1
        );
        // An undo is a change of its own: logged, never a rewrite of the past.
        seq += 1;
        assert_eq!(num(&now, "seq"), seq);
        t.assert_log_matches_state("g");
    }
    assert_eq!(t.state()["units"], Value::Array(Vec::new()));
    assert_eq!(t.state()["figures"], Value::Array(Vec::new()));

    let before = snapshot(t.path());
    let err = t.fails(2, &["undo"]);
    assert!(err.contains("there is nothing to undo"), "{err}");
    assert_same_files(&before, t.path(), "undo with nothing left");
}

#[test]
fn undo_after_a_mark_keeps_the_game_json_bytes_but_for_seq_and_log_len() {
    let t = Table::rangers("RR", 4);
    let before = String::from_utf8(read(&t.state_path())).unwrap_or_default();
    t.ok(&["mark", "RR2", "+pinned"]);
    t.ok(&["undo"]);
    let after = String::from_utf8(read(&t.state_path())).unwrap_or_default();
    let strip = |text: &str| {
        text.lines()
            .filter(|l| !l.contains("\"seq\"") && !l.contains("\"log-len\""))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(strip(&after), strip(&before));
}

#[test]
fn undo_of_a_unit_removal_puts_units_and_figures_back_where_they_were() {
    let t = Table::rangers("RR", 3);
    t.add_unit("regulars", "RG", 2);
    let before = t.state();
    t.ok(&["unit", "rm", "rangers"]);
    t.ok(&["undo"]);
    assert_eq!(without_counters(&t.state()), without_counters(&before));
}

// ----- 6. mistakes an umpire can make -----------------------------------------------------------

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
