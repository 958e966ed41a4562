//! What every spec module shares: the `Test` builder that runs the built `umpire` binary cut off
//! from the caller's environment, a plain process for races, kills and terminals, the fixtures
//! several modules use (the test tables, a game's data directory, the rulesets' files), and the
//! shapes of `umpire roll --json` and `umpire odds --json` that the rules' specifications read.
//!
//! Nothing here links the library: every behaviour is seen through the binary.
//!
//! Every item is used as `crate::support::X`. The helpers every module needs are here; the
//! builder (`builder`), a game's data directory (`table`), the rulesets' files (`rulesets`) and
//! rolls and odds as JSON (`rolls_and_odds`) have modules of their own, re-exported here.

mod builder;
mod rolls_and_odds;
mod rulesets;
mod screen;
mod table;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;
use tempfile::TempDir;

pub use builder::{Output, Test, ok, ok_in, run};
pub use rolls_and_odds::{ModLine, Plan, Rules, Step, sum_is_one};
pub use rulesets::{
    Marker, Ruleset, all_rulesets, builtin_names, house_tables, nerve_ruleset, refused_edit,
};
pub use screen::Screen;
pub use table::{OwnTable, Table, parse_state};

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
pub const BUILTIN: &str = include_str!("../../../tables/000-la-petite-guerre.yaml");

/// Every built-in table file, in the order the binary lists them (by file name).
pub fn builtin_tables() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("tables"))
        .unwrap_or_else(|e| panic!("tables/: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    files
}

pub fn tempdir() -> TempDir {
    tempfile::tempdir().unwrap_or_else(|e| panic!("a temporary directory: {e}"))
}

/// The directory `name` under `root` (a path of several names too), made if it is not there
/// yet, with the folders on the way.
pub fn subdir(root: &Path, name: &str) -> PathBuf {
    let dir = root.join(name);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("creating {}: {e}", dir.display()));
    dir
}

pub fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

pub fn write(path: &Path, bytes: impl AsRef<[u8]>) {
    std::fs::write(path, bytes).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
}

/// What a program printed, as text (anything not UTF-8 replaced).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Text that must be JSON, parsed.
pub fn parsed(json: &str) -> Value {
    serde_json::from_str(json).unwrap_or_else(|e| panic!("not JSON: {e}\n{json}"))
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

/// `umpire ARGS` on the data directory `data` as a plain process (to start several at once or
/// to kill one), with nothing on its input and its output piped.
pub fn piped(data: &Path, args: &[&str]) -> Command {
    let mut cmd = process(data);
    cmd.args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
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

/// The version of the shape of `--json` output the binary must print.
pub const JSON_SCHEMA: u64 = 1;

/// An error as `--json` gives it on stderr, one line of `{"schema": 1, "error": {"message":
/// ..., "hint": ... or null}}`, checked and said as the text form would say it (`error:
/// MESSAGE (HINT)`), so that what is asked of an error's words is asked of both forms. Text
/// that is not JSON is returned as it is.
pub fn error_text(stderr: &str) -> String {
    if !stderr.starts_with('{') {
        return stderr.to_string();
    }
    assert!(
        stderr.ends_with('\n') && stderr.lines().count() == 1,
        "a JSON error is one line: {stderr:?}"
    );
    let v = parsed(stderr);
    assert_eq!(v["schema"], JSON_SCHEMA, "{stderr}");
    let message = v["error"]["message"]
        .as_str()
        .unwrap_or_else(|| panic!("no error message in {stderr}"));
    assert!(!message.is_empty(), "{stderr}");
    match &v["error"]["hint"] {
        Value::Null => format!("error: {message}\n"),
        Value::String(hint) => format!("error: {message} ({hint})\n"),
        other => panic!("the hint is neither text nor null: {other}"),
    }
}

/// A message of the user's mistake or of a failure: one `error: ` message (or its JSON form,
/// under `--json`), never a panic.
pub fn assert_clean_error(err: &str, args: &[&str]) {
    let err = &error_text(err);
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

/// One clean `error: ` message, on one line.
pub fn assert_one_clean_error(err: &str, args: &[&str]) {
    assert_clean_error(err, args);
    let err = &error_text(err);
    assert_eq!(
        err.lines().count(),
        1,
        "umpire {}: one line of error expected: {err:?}",
        args.join(" ")
    );
}

/// The first line of a table error, which must name `file` and a line and column
/// (`error: FILE:LINE:COL: ...`).
pub fn placed_error<'a>(stderr: &'a str, file: &Path) -> &'a str {
    let first = stderr.lines().next().unwrap_or_default();
    let place = first
        .strip_prefix(&format!("error: {}:", file.display()))
        .unwrap_or_else(|| panic!("no file in {stderr}"));
    let mut numbers = place.split(':').take(2).map(str::parse::<usize>);
    assert!(
        matches!((numbers.next(), numbers.next()), (Some(Ok(_)), Some(Ok(_)))),
        "no line:col in {first}"
    );
    first
}

/// A property test's configuration: `cases` cases from a fixed seed, so that every run checks
/// the same cases (`PROPTEST_RNG_SEED=N` asks for other ones).
pub fn proptest_config(cases: u32) -> proptest::test_runner::Config {
    use proptest::test_runner::{Config, RngSeed};
    let given = Config::default();
    let rng_seed = match given.rng_seed {
        RngSeed::Random => RngSeed::Fixed(1),
        seed @ RngSeed::Fixed(_) => seed,
    };
    Config {
        cases,
        rng_seed,
        ..given
    }
}
