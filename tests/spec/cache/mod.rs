//! The parsed-ruleset cache, seen from outside: a warm run prints exactly what a cold run
//! prints, for every procedure of every ruleset; a damaged, stale or unusable cache changes no
//! result and no message; and the cache is kept where the environment says.
//!
//! Every command runs with its own data and cache directories and without the UMPIRE_*
//! variables that would change what it does.

mod damaged;
mod hostile;
mod kept;
mod messages;
mod stale;
mod warm_as_cold;

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::support::{Output, Test, test_tables, write};

fn shown<S: AsRef<OsStr>>(args: &[S]) -> String {
    args.iter()
        .map(|a| a.as_ref().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

/// `umpire ARGS` with its data and cache where given; checks nothing.
fn run<S: AsRef<OsStr>>(data: &Path, cache: &Path, args: &[S]) -> Output {
    Test::new()
        .data_dir(data)
        .env("UMPIRE_CACHE_DIR", cache)
        .args(args.iter().map(|a| a.as_ref().to_os_string()))
        .output()
}

/// A regular file where a cache directory would be: a cache that can be neither read nor
/// written, so that every run parses the tables.
fn no_cache(root: &Path) -> PathBuf {
    let file = root.join("not-a-directory");
    std::fs::write(&file, "a file, not a directory\n")
        .unwrap_or_else(|e| panic!("writing {}: {e}", file.display()));
    file
}

/// Everything in a cache directory, sorted (empty when there is no such directory).
fn files_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut all: Vec<PathBuf> = read
        .map(|e| {
            e.unwrap_or_else(|e| panic!("listing {}: {e}", dir.display()))
                .path()
        })
        .collect();
    all.sort();
    all
}

fn is_entry(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(OsStr::to_string_lossy)
        .unwrap_or_default();
    name.starts_with("rules-") && name.ends_with(".cache")
}

/// The cache's key, which seals its entries.
fn is_key(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n == "key")
}

/// The one entry in a cache directory (beside the key, and nothing else).
fn the_entry(cache: &Path) -> PathBuf {
    let all = files_in(cache);
    let entries: Vec<&PathBuf> = all.iter().filter(|p| !is_key(p)).collect();
    match entries.as_slice() {
        [one] if is_entry(one) => (*one).clone(),
        _ => panic!(
            "expected one rules-*.cache (and the key) in {}, found {all:?}",
            cache.display()
        ),
    }
}

/// Where two outputs part, for a failure message that fits on a screen.
fn difference(cold: &Output, warm: &Output) -> String {
    if cold.code != warm.code {
        return format!(
            "exit {} cold, {} warm; stderr cold {:?}, warm {:?}",
            cold.code, warm.code, cold.stderr, warm.stderr
        );
    }
    for (what, a, b) in [
        ("stdout", &cold.stdout, &warm.stdout),
        ("stderr", &cold.stderr, &warm.stderr),
    ] {
        if a == b {
            continue;
        }
        let (la, lb): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
        let at = la.iter().zip(&lb).take_while(|(x, y)| x == y).count();
        return format!(
            "{what} differs at line {}: cold {:?}, warm {:?}",
            at + 1,
            la.get(at),
            lb.get(at)
        );
    }
    "identical".to_string()
}

/// The first `key: value` line of a table file.
fn yaml_key(text: &str, key: &str) -> String {
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{key}:")))
        .map(|v| v.trim().to_string())
        .unwrap_or_else(|| panic!("no `{key}:` line"))
}

/// The test tables of `tests/tables`, copied to `dir` as `<ruleset id>.yaml`, the name under
/// which a ruleset is found without reading the other files. Returns the ids.
fn copy_test_tables(dir: &Path) -> Vec<String> {
    let source = test_tables();
    let mut ids = Vec::new();
    for path in files_in(&source) {
        if path.extension().is_none_or(|e| e != "yaml" && e != "yml") {
            continue;
        }
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        let id = yaml_key(&text, "ruleset");
        write(&dir.join(format!("{id}.yaml")), text.as_bytes());
        ids.push(id);
    }
    assert!(ids.len() >= 4, "test tables: {ids:?}");
    ids
}
fn args(words: &[&str]) -> Vec<OsString> {
    words.iter().map(OsString::from).collect()
}

/// The words of a situation the procedure takes, from what `rules P --json` and `rules P` say:
/// each factor without a default gets its first value (a choice) or 2 (a number), the first
/// yes/no factor is set, and an opposed roll gets all of it for every side.
fn situation(described: &Value, text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut flag_set = false;
    for f in described["factors"].as_array().into_iter().flatten() {
        let name = f["name"].as_str().unwrap_or_default();
        let has_default = !f["default"].is_null();
        match f["kind"].as_str() {
            Some("choice") if !has_default => {
                if let Some(v) = f["values"][0]["name"].as_str() {
                    words.push(format!("{name}={v}"));
                }
            }
            Some("number") if !has_default => words.push(format!("{name}=2")),
            Some("yes/no") if !flag_set => {
                words.push(name.to_string());
                flag_set = true;
            }
            _ => {}
        }
    }
    // `sides: attacker and defender (write factors as attacker.NAME=VALUE)`
    let sides: Vec<String> = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("sides: "))
        .map(|l| {
            l.split(" (")
                .next()
                .unwrap_or_default()
                .split([',', ' '])
                .filter(|w| !w.is_empty() && *w != "and")
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    if sides.is_empty() {
        return words;
    }
    sides
        .iter()
        .flat_map(|s| words.iter().map(move |w| format!("{s}.{w}")))
        .collect()
}

/// Run `command` with an empty cache, then again with what that run kept: the output of both
/// when they are the same, else where they differ.
fn cold_then_warm(data: &Path, cache: &Path, command: &[OsString]) -> Result<Output, String> {
    let cold = run(data, cache, command);
    if !files_in(cache).iter().any(|p| is_entry(p)) {
        return Err(format!(
            "umpire {}: the cold run kept nothing in the cache",
            shown(command)
        ));
    }
    let warm = run(data, cache, command);
    if cold == warm {
        Ok(cold)
    } else {
        Err(format!(
            "umpire {}: {}",
            shown(command),
            difference(&cold, &warm)
        ))
    }
}

/// The quick-start roll of the README, with a range in inches.
const QUICK_START: &[&str] = &[
    "roll",
    "shoot",
    "troop=line",
    "weapon=rifle",
    "range=30",
    "cover=half",
    "wound=light",
    "initial-shot",
    "target=militia",
    "--seed",
    "3",
];

/// An entry's first line: `umpire-rules FORMAT BUILD TEXT BODY`, the last three as 16 hex
/// digits each (the build, and hashes of the table's text and of the rest of the entry).
fn header_of(entry: &[u8]) -> Vec<String> {
    let at = entry
        .iter()
        .position(|&b| b == b'\n')
        .unwrap_or_else(|| panic!("the entry has no header line"));
    String::from_utf8_lossy(&entry[..at])
        .split(' ')
        .map(str::to_string)
        .collect()
}
