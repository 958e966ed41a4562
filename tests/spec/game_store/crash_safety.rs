//! Crash safety: a change killed at any moment leaves the old state or the new one, and the
//! next change mends the log.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant, SystemTime};

use serde_json::Value;

use super::{markers_in, num};
use crate::support::{self, Table, parse_state, read, write};

fn file_len(path: &Path) -> u64 {
    std::fs::metadata(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .len()
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
