//! What the fuzz harness feeds, and to what: table files to the read, check and compile step
//! and then to the linter, odds, a roll and the cards; `game.json` and `log.jsonl` to the
//! store's readers, the roster views and one change; `config.yaml` to the config's parser.
//! Inputs start from real files (the built-in tables, the test tables, a game played by the
//! binary) so that mutations reach past the parser.

use std::sync::OnceLock;

use rand::RngExt;
use serde_json::Value;

use super::mutate::{self, Rng, Words};
use super::{Kept, Target};
use crate::config::Config;
use crate::engine::dice::DiceSource;
use crate::files;
use crate::game::state::{Event, Game};
use crate::game::store::Store;
use crate::model::Ruleset;
use crate::present::{card, view};

/// A kind of file's starting points, parsed once.
struct Corpus {
    texts: Vec<&'static str>,
    /// Each text's values (`None` where they do not convert to JSON's).
    values: Vec<Option<Value>>,
    words: Words,
}

impl Corpus {
    fn new(texts: Vec<&'static str>, parse: fn(&str) -> Option<Value>) -> Corpus {
        let values: Vec<Option<Value>> = texts.iter().map(|t| parse(t)).collect();
        let words = Words::of(&values.iter().flatten().cloned().collect::<Vec<_>>());
        Corpus {
            texts,
            values,
            words,
        }
    }

    /// One mutated file: its values changed and written again, its text changed, or both.
    fn mutant(&self, rng: &mut Rng, write: fn(&Value) -> Option<String>) -> Vec<u8> {
        let i = rng.random_range(0..self.texts.len());
        let text = self.texts.get(i).copied().unwrap_or_default();
        let other = self
            .texts
            .get(rng.random_range(0..self.texts.len()))
            .copied()
            .unwrap_or_default();
        let value = self.values.get(i).cloned().flatten();
        let mut bytes = match value {
            Some(mut v) if rng.random_bool(0.6) => {
                mutate::value(rng, &mut v, &self.words, 4);
                let written = write(&v).unwrap_or_else(|| text.to_string()).into_bytes();
                // Mostly left as written, so that the values reach the checks behind the parser.
                if rng.random_bool(0.6) {
                    return written;
                }
                written
            }
            _ => text.as_bytes().to_vec(),
        };
        mutate::text(rng, &mut bytes, other.as_bytes(), &self.words, 6);
        bytes
    }
}

fn yaml_value(text: &str) -> Option<Value> {
    serde_yaml::from_str(text).ok()
}

fn yaml_text(v: &Value) -> Option<String> {
    serde_yaml::to_string(v).ok()
}

fn json_value(text: &str) -> Option<Value> {
    serde_json::from_str(text).ok()
}

fn json_text(v: &Value) -> Option<String> {
    serde_json::to_string_pretty(v).ok()
}

// ----- tables -----------------------------------------------------------------------------------

/// The tables the tests read besides the built-in ones, every file of their folder.
static TEST_TABLES: include_dir::Dir<'static> =
    include_dir::include_dir!("$CARGO_MANIFEST_DIR/tests/tables");

/// Every table a case may start from: the built-in ones, then the tests' in file order.
fn table_texts() -> Vec<&'static str> {
    let mut tests: Vec<(String, &'static str)> = TEST_TABLES
        .files()
        .filter(|f| f.path().extension().is_some_and(|e| e == "yaml"))
        .filter_map(|f| Some((f.path().to_string_lossy().to_string(), f.contents_utf8()?)))
        .collect();
    tests.sort();
    crate::rules::catalog::builtin_tables()
        .into_iter()
        .chain(tests)
        .map(|(_, t)| t)
        .collect()
}

fn table_corpus() -> &'static Corpus {
    static CORPUS: OnceLock<Corpus> = OnceLock::new();
    CORPUS.get_or_init(|| Corpus::new(table_texts(), yaml_value))
}

/// As many procedures as a case looks at past the compile step: enough for every real
/// ruleset, few enough that a case stays within its bound.
const PROCEDURES: usize = 40;

fn read_table(bytes: &[u8]) -> &'static str {
    let file = "fuzz.yaml";
    if files::check_size(file, bytes.len() as u64, files::TABLE).is_err() {
        return "too big";
    }
    let Ok(text) = files::utf8(file, 1, bytes.to_vec()) else {
        return "not UTF-8";
    };
    let ruleset = match Ruleset::parse(file, &text) {
        Ok(r) => r,
        // The YAML's own mistakes, against those its checks find.
        Err(e) if e.to_string().contains("see the ruleset format") => {
            return "refused by the parser";
        }
        Err(_) => return "refused by the checks",
    };
    // A table that compiles must stand up to everything a command does with it.
    let _ = crate::rules::lint::lint(&ruleset, &text);
    let _ = crate::game::lookup::game_def(&ruleset);
    for p in ruleset.model.procedures.iter().take(PROCEDURES) {
        let _ = crate::engine::odds::odds(&ruleset, &p.name, &[]);
        let mut dice = DiceSource::new(7, Vec::new());
        let _ = crate::engine::resolve::resolve(&ruleset, &p.name, &[], &mut dice);
        let _ = card::cards(&ruleset, std::slice::from_ref(&p.name), 80, false);
    }
    "compiled"
}

pub(super) fn tables() -> Target<Vec<u8>> {
    Target {
        name: "tables",
        cases: 24,
        make: |rng| table_corpus().mutant(rng, yaml_text),
        run: |bytes| read_table(bytes),
        files: |bytes| vec![("yaml", bytes.clone())],
    }
}

// ----- a game's state and log -------------------------------------------------------------------

const GAME: &str = include_str!("../../tests/fuzz/game.json");
const LOG: &str = include_str!("../../tests/fuzz/log.jsonl");

/// A game's two files.
#[derive(Debug)]
pub(super) struct GameInput {
    state: Vec<u8>,
    log: Vec<u8>,
}

fn builtin() -> &'static Ruleset {
    static RULESET: OnceLock<Ruleset> = OnceLock::new();
    RULESET.get_or_init(|| {
        // The first built-in table: the game's files of the corpus are one of its games.
        let tables = crate::rules::catalog::builtin_tables();
        let (file, text) = tables
            .first()
            .unwrap_or_else(|| panic!("no built-in table"));
        Ruleset::parse(file, text).unwrap_or_else(|e| panic!("the built-in tables: {e}"))
    })
}

/// Put the files where a store finds game `g`, and do what `figs`, `status`, `unit list`,
/// `fig show`, `log` and a change do with them.
fn read_game(input: &GameInput) -> &'static str {
    let dir = scratch();
    let game_dir = dir.path().join("games/g");
    std::fs::create_dir_all(&game_dir).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(game_dir.join("game.json"), &input.state).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(game_dir.join("log.jsonl"), &input.log).unwrap_or_else(|e| panic!("{e}"));
    let Ok(files) = Store::new(dir.path().to_path_buf()).game("g") else {
        return "no game";
    };
    let Ok(game) = files.read() else {
        return "state refused";
    };
    let ruleset = builtin();
    let _ = view::roster(&game, ruleset, false);
    let _ = view::roster(&game, ruleset, true);
    let _ = view::game(&game, ruleset);
    let _ = view::units(&game, ruleset);
    for u in &game.units {
        let _ = view::unit(&game, ruleset, u);
    }
    for f in &game.figures {
        let _ = view::figure(&game, ruleset, f);
    }
    let mut reached = "log refused";
    if let Ok(read) = files.read_log(&game, None) {
        reached = if read.cut.is_some() {
            "log read, cut"
        } else {
            "log read"
        };
        let events: Vec<Event> = read.events.into_iter().map(|(_, e)| e).collect();
        let _ = view::report(&game, ruleset, &events);
        for e in &events {
            let _ = view::event_line(e);
        }
    }
    let _ = files.read_log(&game, Some(3));
    // A change: the next id, the log cut back to what the state counts, one line appended.
    let _ = files.update(|g: &mut Game| {
        let mut event = Event::new(g.turn.number, "fuzz", "a change");
        // Undone at once: what undo does to the state, with each change turned round.
        let changes: Vec<_> = g
            .units
            .first()
            .map(|u| g.unit_change(&u.name, None))
            .into_iter()
            .collect();
        for c in changes {
            g.apply(c.clone(), &mut event);
            g.apply(c.inverse(), &mut event);
        }
        Ok((Some(event), ()))
    });
    reached
}

/// A folder for one case: in memory where there is such a folder, as every change syncs its
/// files and a disk's syncs would take most of the time.
fn scratch() -> tempfile::TempDir {
    let shm = std::path::Path::new("/dev/shm");
    shm.is_dir()
        .then(|| tempfile::tempdir_in(shm).ok())
        .flatten()
        .map_or_else(tempfile::tempdir, Ok)
        .unwrap_or_else(|e| panic!("a temporary directory: {e}"))
}

fn game_files(input: &GameInput) -> Kept {
    vec![
        ("game.json", input.state.clone()),
        ("log.jsonl", input.log.clone()),
    ]
}

fn state_corpus() -> &'static Corpus {
    static CORPUS: OnceLock<Corpus> = OnceLock::new();
    CORPUS.get_or_init(|| Corpus::new(vec![GAME], json_value))
}

pub(super) fn game_state() -> Target<GameInput> {
    Target {
        name: "game_state",
        cases: 200,
        make: |rng| GameInput {
            state: state_corpus().mutant(rng, json_text),
            log: LOG.as_bytes().to_vec(),
        },
        run: read_game,
        files: game_files,
    }
}

fn log_corpus() -> &'static Corpus {
    static CORPUS: OnceLock<Corpus> = OnceLock::new();
    // Each event a starting point of its own; the log is made of several.
    CORPUS.get_or_init(|| Corpus::new(LOG.lines().collect(), json_value))
}

/// A log of mutated and whole events, and a state that counts all of it (or, now and then,
/// the length it had: a log cut short or grown).
fn make_log(rng: &mut Rng) -> GameInput {
    let corpus = log_corpus();
    let mut log = Vec::new();
    // Mostly one line changed: each broken line stops the reading there.
    let lines = LOG.lines().count();
    let changed = rng.random_range(0..lines);
    for (i, line) in LOG.lines().enumerate() {
        if i == changed || rng.random_bool(0.02) {
            let mut mutant = corpus.mutant(rng, |v| serde_json::to_string(v).ok());
            // A line is one event: a newline a mutation put in makes two lines, as by hand.
            mutant.retain(|b| *b != b'\n' || rng.random_bool(0.1));
            log.extend(mutant);
        } else {
            log.extend_from_slice(line.as_bytes());
        }
        log.push(b'\n');
    }
    if rng.random_bool(0.1) {
        mutate::text(rng, &mut log, LOG.as_bytes(), &corpus.words, 3);
    }
    let mut state: Value = json_value(GAME).unwrap_or_default();
    if rng.random_bool(0.8) {
        state["log-len"] = Value::from(log.len());
    }
    if rng.random_bool(0.2) {
        state["seq"] = Value::from(rng.random_range(0..20u64));
    }
    GameInput {
        state: json_text(&state).unwrap_or_default().into_bytes(),
        log,
    }
}

pub(super) fn game_log() -> Target<GameInput> {
    Target {
        name: "game_log",
        cases: 100,
        make: make_log,
        run: read_game,
        files: game_files,
    }
}

// ----- the config -------------------------------------------------------------------------------

fn config_corpus() -> &'static Corpus {
    static CORPUS: OnceLock<Corpus> = OnceLock::new();
    CORPUS.get_or_init(|| {
        // Settings that name rulesets the tables declare (the first, and the third).
        let names: Vec<String> = table_texts()
            .iter()
            .filter_map(|t| yaml_value(t)?.get("ruleset")?.as_str().map(str::to_string))
            .collect();
        let name = |i: usize| names.get(i).cloned().unwrap_or_default();
        let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
        Corpus::new(
            vec![
                leak(format!(
                    "# umpire's settings: `umpire config KEY VALUE` changes them.\nrules: {}\n\
                     dice: physical\ncolour: never\n",
                    name(0)
                )),
                "dice: tool\ncolour: always\n",
                leak(format!("rules: {}\ncolour: auto\n", name(2))),
            ],
            yaml_value,
        )
    })
}

fn read_config(bytes: &[u8]) -> &'static str {
    let file = "config.yaml";
    if files::check_size(file, bytes.len() as u64, files::CONFIG).is_err() {
        return "too big";
    }
    let Ok(text) = files::utf8(file, 1, bytes.to_vec()) else {
        return "not UTF-8";
    };
    match crate::yaml::from_str::<Config>(file, &text) {
        Ok(config) => {
            for key in ["rules", "dice", "colour"] {
                let _ = config.get(key);
            }
            "read"
        }
        Err(_) => "refused",
    }
}

pub(super) fn config() -> Target<Vec<u8>> {
    Target {
        name: "config",
        cases: 1000,
        make: |rng| config_corpus().mutant(rng, yaml_text),
        run: |bytes| read_config(bytes),
        files: |bytes| vec![("yaml", bytes.clone())],
    }
}
