//! What every spec module shares: the `Test` builder that runs the built `umpire` binary cut off
//! from the caller's environment, a plain process for races, kills and terminals, the fixtures
//! several modules use (the test tables, a game's data directory, the rulesets' files), and the
//! shapes of `umpire roll --json` and `umpire odds --json` that the rules' specifications read.
//!
//! Nothing here links the library: every behaviour is seen through the binary.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::Value;
use tempfile::TempDir;

/// The variables that would change what `umpire` does, or where it reads and writes.
pub const ISOLATING: [&str; 7] = [
    "UMPIRE_SEED",
    "UMPIRE_RULES",
    "UMPIRE_TABLES",
    "UMPIRE_GAME",
    "UMPIRE_CACHE_DIR",
    "UMPIRE_CONFIG_DIR",
    "NO_COLOR",
];

/// The binary under test.
pub fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_umpire"))
}

/// The repository (for README.md, man/, tables/ and tests/tables/).
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The fixture rulesets 001 to 004, given to the binary with `--tables`.
pub fn test_tables() -> PathBuf {
    root().join("tests/tables")
}

/// The built-in ruleset's table file, as the binary carries it.
pub const BUILTIN: &str = include_str!("../../tables/000-la-petite-guerre.yaml");

pub fn tempdir() -> TempDir {
    tempfile::tempdir().unwrap_or_else(|e| panic!("a temporary directory: {e}"))
}

pub fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

pub fn write(path: &Path, bytes: impl AsRef<[u8]>) {
    std::fs::write(path, bytes).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
}

/// A situation as words: `"troop=line volley"` → `["troop=line", "volley"]`.
pub fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// Remove the variables that would change what `umpire` does from a command that runs it
/// (directly, or through a shell, `script` or tmux).
pub fn isolate(cmd: &mut Command) -> &mut Command {
    for var in ISOLATING {
        cmd.env_remove(var);
    }
    cmd
}

/// The binary as a plain process with its own data directory: to start several at once, to
/// kill one, or to run it elsewhere.
pub fn process(data: &Path) -> Command {
    let mut cmd = Command::new(bin());
    cmd.env("UMPIRE_DATA_DIR", data);
    isolate(&mut cmd);
    cmd
}

/// A tool beyond Rust that an `#[ignore]`d test needs: missing, the test fails and says so.
pub fn require(program: &str, package: &str) {
    let found = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(program).is_file()));
    assert!(
        found,
        "this test needs `{program}` and it is not on the PATH: install {package} \
         (.ci/run does), then run `cargo test -- --ignored`"
    );
}

/// `umpire ARGS` run on a pseudo-terminal (util-linux `script`), as at a real table; NO_COLOR
/// set or not. Returns what the terminal showed, with plain line ends.
pub fn on_a_terminal(data: &Path, args: &str, no_color: bool) -> String {
    require("script", "bsdutils (util-linux)");
    let mut cmd = Command::new("script");
    cmd.args(["-qec", &format!("{} {args}", bin().display()), "/dev/null"])
        .env("UMPIRE_DATA_DIR", data);
    isolate(&mut cmd);
    if no_color {
        cmd.env("NO_COLOR", "1");
    }
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("`script` (util-linux) runs umpire on a terminal: {e}"));
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stdout).replace("\r\n", "\n")
}

/// A message of the user's mistake or of a failure: one `error: ` message, never a panic.
pub fn assert_clean_error(err: &str, args: &[&str]) {
    assert!(
        err.starts_with("error: "),
        "umpire {}: stderr does not start with `error: `: {err:?}",
        args.join(" ")
    );
    // (`panicked` alone is a factor of the melee: look for the panic message itself.)
    assert!(
        !err.contains("panicked at") && !err.contains("thread '"),
        "umpire {}: {err}",
        args.join(" ")
    );
    assert!(
        !err.contains("RUST_BACKTRACE"),
        "umpire {}: {err}",
        args.join(" ")
    );
}

// ----- the builder ------------------------------------------------------------------------------

/// One run of `umpire`: what it is given, and what it must print and how it must exit.
/// Without `data_dir` it gets a fresh data directory of its own.
#[derive(Debug, Default)]
#[must_use]
pub struct Test {
    args: Vec<OsString>,
    /// Variables set (`Some`) or removed (`None`), in the order given.
    env: Vec<(OsString, Option<OsString>)>,
    stdin: Option<Vec<u8>>,
    data_dir: Option<PathBuf>,
    status: Option<i32>,
    stdout: Option<String>,
    stdout_contains: Vec<String>,
    stderr: Option<String>,
    stderr_contains: Vec<String>,
}

/// What a run printed and how it exited: equal only when byte for byte the same.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Output {
    /// Standard output as JSON (the run must have succeeded).
    pub fn json(&self) -> Value {
        assert_eq!(self.code, 0, "{}", self.stderr);
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("not JSON: {e}\n{}", self.stdout))
    }
}

impl Test {
    pub fn new() -> Test {
        Test {
            status: Some(0),
            ..Test::default()
        }
    }

    pub fn arg(mut self, arg: impl Into<OsString>) -> Test {
        self.args.push(arg.into());
        self
    }

    pub fn args<I, S>(mut self, args: I) -> Test
    where
        I: IntoIterator<Item = S>,
        S: Into<OsString>,
    {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    pub fn env(mut self, key: impl Into<OsString>, value: impl Into<OsString>) -> Test {
        self.env.push((key.into(), Some(value.into())));
        self
    }

    pub fn env_remove(mut self, key: impl Into<OsString>) -> Test {
        self.env.push((key.into(), None));
        self
    }

    pub fn stdin(mut self, text: impl Into<Vec<u8>>) -> Test {
        self.stdin = Some(text.into());
        self
    }

    /// The data directory to use (games, and the cache and config unless they are set apart).
    pub fn data_dir(mut self, dir: impl Into<PathBuf>) -> Test {
        self.data_dir = Some(dir.into());
        self
    }

    /// `--tables DIR`: a directory of ruleset files added to the built-in ones.
    pub fn tables(self, dir: impl AsRef<Path>) -> Test {
        self.arg("--tables").arg(dir.as_ref())
    }

    /// The exit code it must end with (0 unless told).
    pub fn status(mut self, code: i32) -> Test {
        self.status = Some(code);
        self
    }

    /// Standard output, exactly.
    pub fn stdout(mut self, text: impl Into<String>) -> Test {
        self.stdout = Some(text.into());
        self
    }

    pub fn stdout_contains(mut self, text: impl Into<String>) -> Test {
        self.stdout_contains.push(text.into());
        self
    }

    /// Standard error, exactly.
    pub fn stderr(mut self, text: impl Into<String>) -> Test {
        self.stderr = Some(text.into());
        self
    }

    pub fn stderr_contains(mut self, text: impl Into<String>) -> Test {
        self.stderr_contains.push(text.into());
        self
    }

    fn shown(&self) -> String {
        let words: Vec<String> = self
            .args
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        format!("umpire {}", words.join(" "))
    }

    /// Run it and return what it printed, checking nothing.
    pub fn output(self) -> Output {
        self.output_until(None)
    }

    /// The same, for a run that could hang: still running after `limit`, it is killed and the
    /// test fails.
    pub fn output_within(self, limit: Duration) -> Output {
        self.output_until(Some(limit))
    }

    fn output_until(self, limit: Option<Duration>) -> Output {
        let own = match &self.data_dir {
            Some(_) => None,
            None => Some(tempdir()),
        };
        let data = self
            .data_dir
            .clone()
            .or_else(|| own.as_ref().map(|d| d.path().to_path_buf()))
            .unwrap_or_default();
        let mut cmd = process(&data);
        cmd.args(&self.args);
        for (key, value) in &self.env {
            match value {
                Some(value) => cmd.env(key, value),
                None => cmd.env_remove(key),
            };
        }
        cmd.stdin(if self.stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
        let mut child = cmd
            .spawn()
            .unwrap_or_else(|e| panic!("{}: {e}", self.shown()));
        if let Some(input) = &self.stdin {
            use std::io::Write as _;
            if let Some(mut pipe) = child.stdin.take() {
                // The binary may stop reading early; what it did not read does not matter.
                let _ = pipe.write_all(input);
            }
        }
        let out = match limit {
            None => child.wait_with_output(),
            Some(limit) => wait_at_most(child, limit),
        }
        .unwrap_or_else(|e| panic!("{}: {e}", self.shown()));
        let text = |bytes: Vec<u8>| {
            String::from_utf8(bytes).unwrap_or_else(|e| panic!("{}: not UTF-8: {e}", self.shown()))
        };
        Output {
            code: out.status.code().unwrap_or(-1),
            stdout: text(out.stdout),
            stderr: text(out.stderr),
        }
    }

    /// Run it and check everything it was told to expect.
    pub fn run(self) -> Output {
        let shown = self.shown();
        let status = self.status;
        let stdout = self.stdout.clone();
        let stdout_contains = self.stdout_contains.clone();
        let stderr = self.stderr.clone();
        let stderr_contains = self.stderr_contains.clone();
        let out = self.output();
        if let Some(code) = status {
            assert_eq!(
                out.code, code,
                "{shown}: exit {} where {code} was expected\nstdout: {}\nstderr: {}",
                out.code, out.stdout, out.stderr
            );
        }
        if let Some(want) = stdout {
            assert_eq!(out.stdout, want, "{shown}: stdout");
        }
        for part in stdout_contains {
            assert!(
                out.stdout.contains(&part),
                "{shown}: stdout lacks {part:?}:\n{}",
                out.stdout
            );
        }
        if let Some(want) = stderr {
            assert_eq!(out.stderr, want, "{shown}: stderr");
        }
        for part in stderr_contains {
            assert!(
                out.stderr.contains(&part),
                "{shown}: stderr lacks {part:?}:\n{}",
                out.stderr
            );
        }
        out
    }
}

// ----- a game's data directory ------------------------------------------------------------------

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

    /// Every line of game `g`'s log, parsed.
    pub fn events(&self) -> Vec<Value> {
        let text = String::from_utf8(self.log_bytes())
            .unwrap_or_else(|e| panic!("log.jsonl is not UTF-8: {e}"));
        text.lines()
            .enumerate()
            .map(|(i, line)| {
                serde_json::from_str(line)
                    .unwrap_or_else(|e| panic!("log.jsonl line {}: {e}: {line}", i + 1))
            })
            .collect()
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
        self.test().args(args).stderr("").run().stdout
    }

    /// Run a command that must fail with `code` and one clean `error: ` message; returns stderr.
    pub fn fails(&self, code: i32, args: &[&str]) -> String {
        let out = self.test().args(args).status(code).run();
        assert_clean_error(&out.stderr, args);
        assert_eq!(
            out.stderr.lines().count(),
            1,
            "umpire {}: one line of error expected: {:?}",
            args.join(" "),
            out.stderr
        );
        out.stderr
    }

    /// Run a command the umpire got wrong: exit 2, nothing on stdout, one clean `error: ` line
    /// on stderr. Returns the message without `error: ` and the line end.
    pub fn refused(&self, args: &[&str]) -> String {
        let out = self.test().args(args).status(2).stdout("").run();
        assert_clean_error(&out.stderr, args);
        let message = out
            .stderr
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

// ----- the rulesets' files ----------------------------------------------------------------------

/// The built-in ruleset with `edit` applied, in a tables directory of its own, named as the
/// ruleset it overrides (as a house rule of the built-in one is).
pub fn house_tables(edit: impl Fn(&str) -> String) -> TempDir {
    let dir = tempdir();
    let text = edit(BUILTIN);
    assert_ne!(text, BUILTIN, "the edit changed nothing");
    write(&dir.path().join("la-petite-guerre.yaml"), text);
    dir
}

/// A small ruleset of one procedure, `nerve` (1d6, 4 or more passes, +1 when `brave`), under
/// the id `id` and the title `title`.
pub fn nerve_ruleset(id: &str, title: &str) -> String {
    format!(
        "ruleset: {id}
title: {title}
factors:
  - {{name: brave, kind: flag, help: the figure is brave}}
procedures:
  - name: nerve
    title: Nerve test
    help: roll 1d6, 4 or more passes
    roll: 1d6
    modifiers:
      - group: situation
        policy: all
        items:
          - {{label: brave, when: {{brave: true}}, value: 1}}
    check: {{compare: at-least, target: 4, pass: steady, fail: shaken}}
    results:
      - {{name: steady, label: Steady}}
      - {{name: shaken, label: Shaken}}
"
    )
}

/// One procedure of a ruleset file: its name and title.
#[derive(Debug, Clone)]
pub struct Procedure {
    pub name: String,
    pub title: String,
}

/// One marker of a ruleset's game: name, label and colour.
#[derive(Debug, Clone)]
pub struct Marker {
    pub name: String,
    pub label: String,
    pub colour: String,
}

/// What a ruleset file holds that the tests compare the binary's output with.
#[derive(Debug, Clone)]
pub struct Ruleset {
    pub name: String,
    pub procedures: Vec<Procedure>,
    /// The markers of its game, when it has one.
    pub markers: Option<Vec<Marker>>,
    pub has_turn: bool,
}

fn text_of(v: &serde_yaml::Value, key: &str) -> String {
    v.get(key)
        .and_then(serde_yaml::Value::as_str)
        .unwrap_or_default()
        .to_string()
}

impl Ruleset {
    /// Read a ruleset file (the input the binary reads too).
    pub fn from_file(path: &Path) -> Ruleset {
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        let doc: serde_yaml::Value =
            serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let procs = doc
            .get("procedures")
            .and_then(serde_yaml::Value::as_sequence)
            .cloned()
            .unwrap_or_default();
        let markers = doc.get("game").map(|g| {
            g.get("markers")
                .and_then(serde_yaml::Value::as_sequence)
                .into_iter()
                .flatten()
                .map(|m| Marker {
                    name: text_of(m, "name"),
                    label: text_of(m, "label"),
                    colour: text_of(m, "colour"),
                })
                .collect()
        });
        Ruleset {
            name: text_of(&doc, "ruleset"),
            procedures: procs
                .iter()
                .map(|p| Procedure {
                    name: text_of(p, "name"),
                    title: text_of(p, "title"),
                })
                .collect(),
            markers,
            has_turn: doc.get("turn").is_some(),
        }
    }
}

/// Every ruleset the binary knows with `--tables tests/tables`: the test ones and the built-in
/// one, read from their files, and checked against what `umpire rules --json` lists.
pub fn all_rulesets() -> Vec<Ruleset> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(test_tables())
        .unwrap_or_else(|e| panic!("tests/tables: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    files.push(root().join("tables/000-la-petite-guerre.yaml"));
    let all: Vec<Ruleset> = files.iter().map(|f| Ruleset::from_file(f)).collect();
    let listed = Test::new()
        .tables(test_tables())
        .args(["rules", "--json"])
        .run()
        .json();
    let listed: Vec<(String, Vec<String>)> = listed
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            (
                r["name"].as_str().unwrap_or_default().to_string(),
                r["procedures"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|p| p.as_str().map(str::to_string))
                    .collect(),
            )
        })
        .collect();
    let read: Vec<(String, Vec<String>)> = all
        .iter()
        .map(|r| {
            (
                r.name.clone(),
                r.procedures.iter().map(|p| p.name.clone()).collect(),
            )
        })
        .collect();
    assert_eq!(
        listed, read,
        "the rulesets the binary lists against their files"
    );
    all
}

// ----- rolls and odds as JSON -------------------------------------------------------------------

/// A chance as `--json` prints it; shown as its exact fraction (`1/6`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Chance {
    pub fraction: String,
    pub numerator: String,
    pub denominator: String,
}

impl std::fmt::Display for Chance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.fraction)
    }
}

/// Whether exact chances add up to exactly one.
pub fn sum_is_one<'a>(chances: impl IntoIterator<Item = &'a Chance>) -> bool {
    fn gcd(a: u128, b: u128) -> u128 {
        if b == 0 { a } else { gcd(b, a % b) }
    }
    let (mut num, mut den) = (0u128, 1u128);
    for c in chances {
        let n: u128 = c.numerator.parse().unwrap_or_else(|e| panic!("{c:?}: {e}"));
        let d: u128 = c
            .denominator
            .parse()
            .unwrap_or_else(|e| panic!("{c:?}: {e}"));
        num = num * d + n * den;
        den *= d;
        let g = gcd(num, den).max(1);
        num /= g;
        den /= g;
    }
    num == den
}

/// A modifier line: what it is, its value, and whether it counts (and why not).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ModLine {
    pub group: String,
    pub label: String,
    pub value: i64,
    pub applied: bool,
    #[serde(default)]
    pub reason: Option<String>,
}

/// One side of a planned step, as `odds --json` gives it.
#[derive(Debug, Clone, Deserialize)]
pub struct SidePlan {
    pub modifiers: Vec<ModLine>,
    pub net: i64,
}

/// One outcome of a step, as `odds --json` gives it.
#[derive(Debug, Clone, Deserialize)]
pub struct StepOutcome {
    pub label: String,
    pub loser: Option<String>,
    pub probability: Chance,
}

/// One step of the chain, before any die is thrown.
#[derive(Debug, Clone, Deserialize)]
pub struct Plan {
    pub sides: Vec<SidePlan>,
    pub outcomes: Vec<StepOutcome>,
}

/// A final outcome of the whole chain.
#[derive(Debug, Clone, Deserialize)]
pub struct Final {
    pub outcome: String,
    pub probability: Chance,
}

/// `umpire odds ... --json`.
#[derive(Debug, Clone, Deserialize)]
pub struct Odds {
    pub steps: Vec<Plan>,
    pub outcomes: Vec<Final>,
}

/// A factor as a roll read it (`range` = `long`, perhaps via a measured distance).
#[derive(Debug, Clone, Deserialize)]
pub struct FactorRecord {
    pub name: String,
    pub value: String,
}

/// One side of a resolved step.
#[derive(Debug, Clone, Deserialize)]
pub struct SideRecord {
    pub dice: String,
    pub net: i64,
    pub factors: Vec<FactorRecord>,
}

/// One throw of dice.
#[derive(Debug, Clone, Deserialize)]
pub struct Throw {
    pub faces: Vec<i64>,
    pub entered: bool,
}

/// What a step decided.
#[derive(Debug, Clone, Deserialize)]
pub struct Decision {
    pub result: String,
    pub label: String,
    pub winner: Option<String>,
    pub loser: Option<String>,
    pub amount: Option<i64>,
    pub natural: Option<String>,
    pub totals: Vec<i64>,
    pub explanation: String,
}

/// A check that must follow, and its words.
#[derive(Debug, Clone, Deserialize)]
pub struct FollowUp {
    pub procedure: String,
    pub args: Vec<String>,
}

/// A resolved step and what followed from it, as `roll --json` gives it.
#[derive(Debug, Clone, Deserialize)]
pub struct Step {
    pub procedure: String,
    pub sides: Vec<SideRecord>,
    pub throws: Vec<Throw>,
    pub reroll: Option<Value>,
    pub decision: Decision,
    pub chance: Chance,
    pub next: Vec<Step>,
    pub follow_ups: Vec<FollowUp>,
    /// The outcome of the chain from here (`Hit › Light wound`): filled for the first step.
    #[serde(skip)]
    outcome: String,
}

impl Step {
    pub fn outcome(&self) -> String {
        self.outcome.clone()
    }
}

/// A ruleset as the binary is told to use it: the built-in one, or one from a tables directory.
#[derive(Debug, Clone)]
pub struct Rules {
    flags: Vec<OsString>,
}

impl Rules {
    /// The built-in ruleset, La Petite Guerre (the default).
    pub fn builtin() -> Rules {
        Rules { flags: Vec::new() }
    }

    /// A ruleset of `tests/tables`.
    pub fn test(name: &str) -> Rules {
        Rules::from_dir(&test_tables(), name)
    }

    /// A ruleset of a tables directory.
    pub fn from_dir(dir: &Path, name: &str) -> Rules {
        Rules {
            flags: vec![
                "--tables".into(),
                dir.as_os_str().to_owned(),
                "--rules".into(),
                name.into(),
            ],
        }
    }

    /// The binary with these rules.
    pub fn test_run(&self) -> Test {
        Test::new().args(self.flags.clone())
    }

    /// `umpire odds PROCEDURE SITUATION --json`, or its error message.
    pub fn try_odds(&self, procedure: &str, situation: &str) -> Result<Odds, String> {
        let out = self
            .test_run()
            .args(["odds", procedure])
            .args(words(situation))
            .arg("--json")
            .output();
        if out.code != 0 {
            assert_clean_error(&out.stderr, &[procedure, situation]);
            return Err(out.stderr);
        }
        Ok(serde_json::from_str(&out.stdout)
            .unwrap_or_else(|e| panic!("odds {procedure} {situation}: {e}\n{}", out.stdout)))
    }

    pub fn odds(&self, procedure: &str, situation: &str) -> Odds {
        self.try_odds(procedure, situation)
            .unwrap_or_else(|e| panic!("odds {procedure} {situation}: {e}"))
    }

    /// `umpire roll PROCEDURE SITUATION --json` with `extra` flags, or its error message.
    pub fn try_roll_with(
        &self,
        procedure: &str,
        situation: &str,
        extra: &[String],
    ) -> Result<Step, String> {
        let out = self
            .test_run()
            .args(["roll", procedure])
            .args(words(situation))
            .args(extra)
            .arg("--json")
            .output();
        if out.code != 0 {
            assert_clean_error(&out.stderr, &[procedure, situation]);
            return Err(out.stderr);
        }
        let json: Value = serde_json::from_str(&out.stdout)
            .unwrap_or_else(|e| panic!("roll {procedure} {situation}: {e}\n{}", out.stdout));
        let first = &json["resolutions"][0];
        let mut step: Step = serde_json::from_value(first["step"].clone())
            .unwrap_or_else(|e| panic!("roll {procedure} {situation}: {e}\n{}", out.stdout));
        step.outcome = first["outcome"].as_str().unwrap_or_default().to_string();
        Ok(step)
    }

    /// Resolve with the faces given, one set per roll in order: the binary refuses faces the
    /// chain leaves unused, so every one of them is used.
    pub fn try_roll(
        &self,
        procedure: &str,
        situation: &str,
        dice: &[&[i64]],
    ) -> Result<Step, String> {
        let mut extra = Vec::new();
        for faces in dice {
            let faces: Vec<String> = faces.iter().map(ToString::to_string).collect();
            extra.push(format!("--dice={}", faces.join(",")));
        }
        self.try_roll_with(procedure, situation, &extra)
    }

    /// Resolve with the dice of a seed (after the faces given, if any).
    pub fn seeded(&self, procedure: &str, situation: &str, seed: u64, dice: &[&[i64]]) -> Step {
        let mut extra = vec!["--seed".to_string(), seed.to_string()];
        for faces in dice {
            let faces: Vec<String> = faces.iter().map(ToString::to_string).collect();
            extra.push(format!("--dice={}", faces.join(",")));
        }
        self.try_roll_with(procedure, situation, &extra)
            .unwrap_or_else(|e| panic!("roll {procedure} {situation} --seed {seed}: {e}"))
    }
}

/// Wait for `child` for at most `limit`, reading what it prints meanwhile (a child that fills
/// a pipe nobody reads would wait for ever); still running then, it is killed.
fn wait_at_most(mut child: Child, limit: Duration) -> std::io::Result<std::process::Output> {
    fn drain(pipe: Option<impl std::io::Read + Send + 'static>) -> JoinHandle<Vec<u8>> {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    }
    let (stdout, stderr) = (drain(child.stdout.take()), drain(child.stderr.take()));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Err(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                format!("still running after {limit:?}: killed"),
            ));
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let joined = |h: JoinHandle<Vec<u8>>| h.join().unwrap_or_default();
    Ok(std::process::Output {
        status,
        stdout: joined(stdout),
        stderr: joined(stderr),
    })
}
