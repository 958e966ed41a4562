//! How games are stored, seen from outside through the `umpire` binary: changes made at the
//! same moment are all kept, a change killed half-way leaves the old state or the new one, a
//! damaged file is reported by line and column and never overwritten, reading never writes,
//! undo puts back exactly what was, and every mistake an umpire can make is refused cleanly.
//!
//! Every command runs with its own data directory and without the UMPIRE_* variables that
//! would change what it does or where it keeps its files.

mod concurrency;
mod crash_safety;
mod damaged_files;
mod mistakes;
mod read_only;
mod undo;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use serde_json::Value;

use crate::support::{Table, read};

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
