//! `Table`: a data directory of its own where the games of one test live, with the commands a
//! test runs on it and the game files it reads back.

use std::path::{Path, PathBuf};

use serde_json::Value;
use tempfile::TempDir;

use super::{
    Output, Test, assert_clean_error, assert_one_clean_error, error_text, ok_in, read, tempdir,
};

/// A data directory of its own, where the games of one test live.
#[derive(Debug)]
pub struct Table {
    dir: TempDir,
}

impl Table {
    /// An empty data directory.
    pub fn empty() -> Table {
        Table { dir: tempdir() }
    }

    /// Game `g` (the current one) with a unit `rangers` of `n` british rangers labelled
    /// `CODE1..CODEn`.
    pub fn rangers(code: &str, n: u32) -> Table {
        let t = Table::empty();
        t.ok(&["game", "new", "g"]);
        t.unit("rangers", "british", "rangers", n, code, None);
        t
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    pub fn game_dir(&self, name: &str) -> PathBuf {
        self.path().join("games").join(name)
    }

    /// game.json of game `g`.
    pub fn state_path(&self) -> PathBuf {
        self.game_dir("g").join("game.json")
    }

    /// log.jsonl of game `g`.
    pub fn log_path(&self) -> PathBuf {
        self.game_dir("g").join("log.jsonl")
    }

    pub fn state_bytes(&self) -> Vec<u8> {
        read(&self.state_path())
    }

    pub fn log_bytes(&self) -> Vec<u8> {
        read(&self.log_path())
    }

    /// game.json of game `g`, parsed.
    pub fn state(&self) -> Value {
        self.state_of("g")
    }

    /// game.json of game `game`, parsed.
    pub fn state_of(&self, game: &str) -> Value {
        parse_state(&read(&self.game_dir(game).join("game.json")))
    }

    /// Every line of game `g`'s log, parsed.
    pub fn events(&self) -> Vec<Value> {
        self.events_of("g")
    }

    /// Every line of game `game`'s log, parsed.
    pub fn events_of(&self, game: &str) -> Vec<Value> {
        let text = String::from_utf8(read(&self.game_dir(game).join("log.jsonl")))
            .unwrap_or_else(|e| panic!("log.jsonl is not UTF-8: {e}"));
        text.lines()
            .enumerate()
            .map(|(i, line)| {
                serde_json::from_str(line)
                    .unwrap_or_else(|e| panic!("log.jsonl line {}: {e}: {line}", i + 1))
            })
            .collect()
    }

    /// The log of game `game` holds exactly the events its state includes: `log-len` is the
    /// file's length and the lines are events 1..=seq, in order.
    pub fn assert_log_matches_state(&self, game: &str) {
        let state = self.state_of(game);
        let len = read(&self.game_dir(game).join("log.jsonl")).len() as u64;
        let num = |v: &Value, key: &str| {
            v.get(key)
                .and_then(Value::as_u64)
                .unwrap_or_else(|| panic!("no number `{key}` in {v}"))
        };
        assert_eq!(
            num(&state, "log-len"),
            len,
            "log-len in game.json against log.jsonl's length"
        );
        let ids: Vec<u64> = self.events_of(game).iter().map(|e| num(e, "id")).collect();
        let expected: Vec<u64> = (1..=num(&state, "seq")).collect();
        assert_eq!(ids, expected, "the log's event ids against seq");
    }

    /// The binary on this data directory.
    pub fn test(&self) -> Test {
        Test::new().data_dir(self.path())
    }

    /// Run on this data directory; check nothing.
    pub fn run(&self, args: &[&str]) -> Output {
        self.test().args(args).output()
    }

    /// Run a command that must succeed with nothing on stderr; returns stdout.
    pub fn ok(&self, args: &[&str]) -> String {
        ok_in(self.path(), args)
    }

    /// Run a command that must fail with `code` and one clean `error: ` message; returns stderr.
    pub fn fails(&self, code: i32, args: &[&str]) -> String {
        let out = self.test().args(args).status(code).run();
        assert_one_clean_error(&out.stderr, args);
        out.stderr
    }

    /// Run a command the umpire got wrong: exit 2, nothing on stdout, one clean `error: ` line
    /// on stderr. Returns the message without `error: ` and the line end.
    /// The first step's outcomes of `ARGS --json` (an `odds` command), as label → fraction.
    pub fn first_step(&self, args: &[&str]) -> std::collections::BTreeMap<String, String> {
        let json = self.test().args(args).arg("--json").run().json();
        json["steps"][0]["outcomes"]
            .as_array()
            .unwrap_or_else(|| panic!("no outcomes: {json}"))
            .iter()
            .map(|o| {
                let label = o["label"].as_str().unwrap_or_default().to_string();
                let p = o["probability"]["fraction"].as_str().unwrap_or_default();
                (label, p.to_string())
            })
            .collect()
    }

    pub fn refused(&self, args: &[&str]) -> String {
        let out = self.test().args(args).status(2).stdout("").run();
        assert_clean_error(&out.stderr, args);
        let stderr = error_text(&out.stderr);
        let message = stderr
            .strip_prefix("error: ")
            .and_then(|m| m.strip_suffix('\n'))
            .unwrap_or_else(|| {
                panic!(
                    "umpire {}: stderr is not one `error: ` line: {:?}",
                    args.join(" "),
                    out.stderr
                )
            });
        assert!(
            !message.contains('\n'),
            "umpire {}: {message}",
            args.join(" ")
        );
        message.to_string()
    }

    /// The binary on this data directory, with a user's tables directory (`UMPIRE_TABLES`).
    pub fn test_with(&self, tables: &Path) -> Test {
        self.test().env("UMPIRE_TABLES", tables)
    }

    /// A game `g` played with the ruleset in `tables`: rangers RA1-RA2 (british, rifles) and
    /// coureurs CF1-CF2 (french).
    pub fn house_game(tables: &Path) -> Table {
        let t = Table::empty();
        for args in [
            &["game", "new", "g"][..],
            &[
                "unit",
                "add",
                "rangers",
                "troop=rangers",
                "weapon=rifle",
                "--side",
                "british",
                "--figures",
                "2",
            ],
            &[
                "unit",
                "add",
                "cf",
                "troop=coureurs",
                "--side",
                "french",
                "--figures",
                "2",
            ],
        ] {
            t.test_with(tables).args(args).stderr("").run();
        }
        t
    }

    /// Add a unit of `n` figures labelled `CODE1..CODEn`.
    pub fn unit(
        &self,
        name: &str,
        side: &str,
        troop: &str,
        n: u32,
        code: &str,
        weapon: Option<&str>,
    ) {
        let n = n.to_string();
        let troop = format!("troop={troop}");
        let weapon = weapon.map(|w| format!("weapon={w}"));
        let mut args = vec![
            "unit",
            "add",
            name,
            &troop,
            "--side",
            side,
            "--figures",
            &n,
            "--code",
            code,
        ];
        if let Some(w) = &weapon {
            args.push(w);
        }
        self.ok(&args);
    }
}

/// The text of a game.json, parsed.
pub fn parse_state(bytes: &[u8]) -> Value {
    serde_json::from_slice(bytes).unwrap_or_else(|e| {
        panic!(
            "game.json does not parse: {e}\n{}",
            String::from_utf8_lossy(bytes)
        )
    })
}

/// A game played with one table file of the user's own (the directory `UMPIRE_TABLES` names
/// holds it): every command runs on the game's data directory with that table.
pub struct OwnTable {
    pub table: Table,
    tables: TempDir,
}

impl OwnTable {
    /// The table `yaml` written as `file`, and no game yet.
    pub fn new(file: &str, yaml: &str) -> OwnTable {
        let tables = tempdir();
        super::write(&tables.path().join(file), yaml);
        OwnTable {
            table: Table::empty(),
            tables,
        }
    }

    pub fn test(&self, args: &[&str]) -> Test {
        self.table.test_with(self.tables.path()).args(args)
    }

    /// A command that succeeds with nothing on stderr: its stdout.
    pub fn ok(&self, args: &[&str]) -> String {
        self.test(args).stderr("").run().stdout
    }

    /// A command refused as a mistake (exit 2): its stderr.
    pub fn refused(&self, args: &[&str]) -> String {
        self.test(args).status(2).run().stderr
    }
}
