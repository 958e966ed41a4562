//! Commands at the same moment on one game, as real processes of the built binary: of several
//! `game new` under one name exactly one starts the game, a game removed and made again while
//! changes wait for its lock loses none of the changes reported done, and a command that
//! waits for another's lock says so once instead of hanging in silence.
//!
//! Races are made by synchronisation, not by timing: the test holds a game's lock itself, and
//! the commands it starts are told to say at once that they wait (`UMPIRE_LOCK_PATIENCE_MS=0`),
//! so that the line is the sign each one is blocked. Nothing sleeps, and nothing is timed.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Output};
use std::sync::mpsc::{self, Receiver};

use crate::support::{self, Table, read, text};

const WAITING: &str = "waiting for another umpire command on game";

fn start(data: &Path, args: &[&str]) -> Child {
    support::piped(data, args)
        .spawn()
        .unwrap_or_else(|e| panic!("starting umpire {}: {e}", args.join(" ")))
}

fn finish(child: Child, what: &str) -> Output {
    child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("waiting for {what}: {e}"))
}

/// A child whose stderr is read line by line as it comes, so the test can wait for a line.
struct Watched {
    child: Child,
    lines: Receiver<String>,
    said: Vec<String>,
}

impl Watched {
    /// `umpire ARGS`, told to say at once when it waits for a lock.
    fn start(data: &Path, args: &[&str]) -> Watched {
        let mut child = support::piped(data, args)
            .env("UMPIRE_LOCK_PATIENCE_MS", "0")
            .spawn()
            .unwrap_or_else(|e| panic!("starting umpire {}: {e}", args.join(" ")));
        let (send, lines) = mpsc::channel();
        if let Some(err) = child.stderr.take() {
            std::thread::spawn(move || {
                for line in BufReader::new(err).lines().map_while(Result::ok) {
                    let _ = send.send(line);
                }
            });
        }
        Watched {
            child,
            lines,
            said: Vec::new(),
        }
    }

    /// Wait until it has said `what` on stderr `times` times in all (no deadline: a command
    /// that never says it is the test harness's to report).
    fn wait_for(&mut self, what: &str, times: usize) {
        while self.said.iter().filter(|l| l.contains(what)).count() < times {
            match self.lines.recv() {
                Ok(line) => self.said.push(line),
                Err(_) => panic!(
                    "it ended without saying {what:?} {times} times; it said {:?}",
                    self.said
                ),
            }
        }
    }

    /// Its exit code and everything it said on stderr.
    fn finish(mut self) -> (i32, String) {
        let status = self.child.wait().unwrap_or_else(|e| panic!("waiting: {e}"));
        self.said.extend(self.lines.iter());
        (status.code().unwrap_or(-1), self.said.join("\n"))
    }
}

/// Hold a game's lock as another umpire command would (released when dropped).
fn hold_lock(t: &Table, game: &str) -> File {
    let path = t.game_dir(game).join("lock");
    let file = File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    file.lock()
        .unwrap_or_else(|e| panic!("locking {}: {e}", path.display()));
    file
}

/// The names of the units of game `name`, as its game.json has them.
fn units(t: &Table, name: &str) -> Vec<String> {
    t.state_of(name)["units"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|u| u["name"].as_str().map(str::to_string))
        .collect()
}

/// What is in `games/`: only the games, nothing half made or half removed.
fn games_folder(t: &Table) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(t.path().join("games"))
        .unwrap_or_else(|e| panic!("games/: {e}"))
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// `unit add NAME` of one ranger, labelled by the name in capitals, in game `race`.
fn unit_add(name: &str) -> Vec<String> {
    let code = name.to_ascii_uppercase();
    [
        "--game",
        "race",
        "unit",
        "add",
        name,
        "troop=rangers",
        "--side",
        "british",
        "--figures",
        "1",
        "--code",
        &code,
    ]
    .map(str::to_string)
    .to_vec()
}

/// A unit add that did not go through was refused because the game was not there.
fn assert_refused_for_no_game(out: &Output, what: &str) {
    let err = text(&out.stderr);
    let last = err.lines().last().unwrap_or("");
    assert_eq!(out.status.code(), Some(2), "{what}: {err}");
    assert!(
        last.starts_with("error: there is no game `race`"),
        "{what}: {err}"
    );
}

#[test]
fn of_twenty_game_new_at_once_exactly_one_starts_the_game_and_no_unit_added_meanwhile_is_lost() {
    // A few rounds: one round may fall so that the processes never overlap.
    for _ in 0..4 {
        twenty_game_new_at_once();
    }
}

fn twenty_game_new_at_once() {
    let t = Table::empty();
    let names = ["aa", "bb", "cc", "dd", "ee", "ff", "gg", "hh"];
    let mut news = Vec::new();
    let mut adds = Vec::new();
    for i in 0..20 {
        news.push(start(t.path(), &["game", "new", "race"]));
        if let Some(name) = names.get(i) {
            let args = unit_add(name);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            adds.push((name.to_string(), start(t.path(), &args)));
        }
    }
    let mut started = 0;
    for child in news {
        let out = finish(child, "game new race");
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        if out.status.success() {
            started += 1;
            assert_eq!(
                stdout,
                "Game race started with La Petite Guerre; it is the current game.\n"
            );
        } else {
            assert_eq!(out.status.code(), Some(2), "{stderr}");
            assert_eq!(stdout, "");
            assert!(
                stderr.starts_with("error: a game `race` already exists (")
                    && stderr.lines().count() == 1,
                "one line of error expected: {stderr:?}"
            );
        }
    }
    assert_eq!(
        started, 1,
        "`game new race` started the game {started} times"
    );
    let done: Vec<(String, Output)> = adds
        .into_iter()
        .map(|(name, child)| {
            let out = finish(child, &format!("unit add {name}"));
            (name, out)
        })
        .collect();
    let kept = units(&t, "race");
    for (name, out) in done {
        if out.status.success() {
            assert!(
                kept.contains(&name),
                "unit add {name} said it was done, and the game has no {name}: {kept:?}"
            );
        } else {
            assert_refused_for_no_game(&out, &format!("unit add {name}"));
        }
    }
    t.assert_log_matches_state("race");
    assert_eq!(games_folder(&t), ["race"]);
    assert_eq!(t.ok(&["game", "list"]).lines().count(), 1);
}

#[test]
fn a_change_that_waited_while_its_game_was_removed_and_made_again_waits_for_the_new_game() {
    const N: usize = 4;
    let t = Table::empty();
    t.ok(&["game", "new", "race"]);
    let old_lock = hold_lock(&t, "race");
    let names = ["aa", "bb", "cc", "dd"];
    let mut adds: Vec<(&str, Watched)> = Vec::new();
    for name in &names[..N] {
        let args = unit_add(name);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        adds.push((name, Watched::start(t.path(), &args)));
    }
    // Each is blocked on the lock once it says so.
    for (_, add) in &mut adds {
        add.wait_for(WAITING, 1);
    }
    // Removed (the folder moved away, as `game rm` does under the lock) and made again.
    let gone = support::tempdir();
    std::fs::rename(t.game_dir("race"), gone.path().join("race"))
        .unwrap_or_else(|e| panic!("moving the game away: {e}"));
    let removed_state = read(&gone.path().join("race/game.json"));
    t.ok(&["game", "new", "race"]);
    let new_lock = hold_lock(&t, "race");
    let made = read(&t.game_dir("race").join("game.json"));
    // The waiting changes get the old lock: not the game's any more, so each must wait for the
    // new game's, which this test holds, and says so again.
    drop(old_lock);
    for (_, add) in &mut adds {
        add.wait_for(WAITING, 2);
    }
    assert_eq!(
        read(&t.game_dir("race").join("game.json")),
        made,
        "a change wrote the new game while another held its lock"
    );
    assert!(read(&t.game_dir("race").join("log.jsonl")).is_empty());
    drop(new_lock);
    for (name, add) in adds {
        let (code, err) = add.finish();
        assert_eq!(code, 0, "unit add {name}: {err}");
    }
    let mut kept = units(&t, "race");
    kept.sort();
    assert_eq!(kept, names[..N]);
    t.assert_log_matches_state("race");
    // Nothing was written into the game removed.
    assert_eq!(read(&gone.path().join("race/game.json")), removed_state);
    assert!(read(&gone.path().join("race/log.jsonl")).is_empty());
}

#[test]
fn unit_adds_racing_a_game_removed_and_made_again_are_kept_when_reported_done() {
    const ROUNDS: usize = 4;
    let t = Table::empty();
    for round in 0..ROUNDS {
        t.ok(&["game", "new", "race"]);
        let mut before = Vec::new();
        for name in ["earlya", "earlyb", "earlyc", "earlyd", "earlye"] {
            let name = name.to_string();
            let args = unit_add(&name);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            before.push((name, start(t.path(), &args)));
        }
        let rm = support::piped(t.path(), &["game", "rm", "race", "--yes"])
            .output()
            .unwrap_or_else(|e| panic!("game rm: {e}"));
        assert!(rm.status.success(), "game rm: {}", text(&rm.stderr));
        t.ok(&["game", "new", "race"]);
        // Started once the game is made again: each one reported done must be in it.
        let mut after = Vec::new();
        for name in ["latea", "lateb", "latec", "lated"] {
            let name = name.to_string();
            let args = unit_add(&name);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            after.push((name, start(t.path(), &args)));
        }
        let mut done_early = Vec::new();
        for (name, child) in before {
            let out = finish(child, &format!("unit add {name}"));
            if out.status.success() {
                done_early.push(name);
            } else {
                assert_refused_for_no_game(&out, &format!("round {round}: unit add {name}"));
            }
        }
        let mut done_late = Vec::new();
        for (name, child) in after {
            let out = finish(child, &format!("unit add {name}"));
            assert!(
                out.status.success(),
                "round {round}: unit add {name}: {}",
                text(&out.stderr)
            );
            done_late.push(name);
        }
        let kept = units(&t, "race");
        for name in &done_late {
            assert!(
                kept.contains(name),
                "round {round}: unit add {name} said it was done after the game was made \
                 again, and the game has no {name}: {kept:?}"
            );
        }
        // An early one is in the new game, or went into the game removed after it.
        for name in &kept {
            assert!(
                done_late.contains(name) || done_early.contains(name),
                "round {round}: {name} is in the game but its unit add failed"
            );
        }
        t.assert_log_matches_state("race");
        assert_eq!(games_folder(&t), ["race"], "round {round}");
        t.ok(&["game", "rm", "race", "--yes"]);
    }
}

/// The moment a command waits before it says so is the store's own test's business
/// (`game::store::disk`); here it is told to say it at once.
#[test]
fn a_command_that_waits_for_another_says_so_once() {
    let t = Table::empty();
    t.ok(&["game", "new", "g"]);
    t.unit("rangers", "british", "rangers", 2, "RR", None);
    let held = hold_lock(&t, "g");
    let mut mark = Watched::start(t.path(), &["mark", "RR1", "+pinned"]);
    mark.wait_for(WAITING, 1);
    drop(held);
    let (code, err) = mark.finish();
    assert_eq!(code, 0, "{err}");
    assert_eq!(err, "waiting for another umpire command on game g");
    // Once the lock is free, nobody waits and nothing is said.
    let free = Watched::start(t.path(), &["mark", "RR2", "+pinned"]);
    assert_eq!(free.finish(), (0, String::new()));
    let figs = t.ok(&["figs"]);
    assert_eq!(figs.matches("pinned").count(), 2, "{figs}");
}
