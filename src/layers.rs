//! The architecture, checked: the layers of the crate doc use only the layers before them, and
//! no files import each other in a circle (none at all in `game`, none of more than two files
//! elsewhere), read from the `crate::` and `super::` paths of every file under `src/`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, bottom first.
const ORDER: [&str; 6] = ["model", "engine", "rules", "game", "present", "cli"];

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn no_layer_uses_one_above_it() {
    let src = src();
    let mut wrong = Vec::new();
    for (i, layer) in ORDER.iter().enumerate() {
        let mut all = Vec::new();
        files(&src.join(layer), &mut all);
        assert!(!all.is_empty(), "no files in src/{layer}");
        for path in all {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            for above in ORDER.iter().skip(i + 1) {
                if text.contains(&format!("crate::{above}::")) {
                    wrong.push(format!("{} uses {above}", path.display()));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "layers used out of order: {wrong:#?}");
}

/// A file's module path: `game/roster.rs` is `game::roster`, `cli/generate/mod.rs` is
/// `cli::generate`.
fn module_of(src: &Path, path: &Path) -> Vec<String> {
    let rel = path.strip_prefix(src).unwrap_or(path).with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts
        .last()
        .is_some_and(|l| l == "mod" || l == "lib" || l == "main")
    {
        parts.pop();
    }
    parts
}

/// The text before the file's unit tests: what the tests import is not the module's.
fn without_tests(text: &str) -> &str {
    text.find("#[cfg(test)]\nmod tests")
        .map_or(text, |at| &text[..at])
}

/// Every path a file names that starts at the crate or at a parent (`crate::a::b`,
/// `super::c`), with the names of a braced group each added on (`crate::a::{b, c::d}` names
/// `crate::a::b` and `crate::a::c`).
fn paths_named(text: &str) -> Vec<Vec<String>> {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut found = Vec::new();
    for (at, _) in text
        .match_indices("crate::")
        .chain(text.match_indices("super::"))
    {
        if text[..at].ends_with(ident) {
            continue;
        }
        // The path runs over names and `::`; a `{` after it opens a group.
        let rest = &text[at..];
        let end = rest
            .find(|c: char| !ident(c) && c != ':')
            .unwrap_or(rest.len());
        let path: Vec<String> = rest[..end]
            .split("::")
            .filter(|p| !p.is_empty())
            .map(str::to_string)
            .collect();
        if let Some(group) = rest[end..].strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            for name in group.split(',') {
                let first = name.trim().split("::").next().unwrap_or("").trim();
                if !first.is_empty() && first != "self" {
                    let mut more = path.clone();
                    more.push(first.to_string());
                    found.push(more);
                }
            }
        }
        found.push(path);
    }
    found
}

/// The modules each file imports, by module path.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let src = src();
    let mut all = Vec::new();
    files(&src, &mut all);
    let modules: BTreeMap<Vec<String>, PathBuf> = all
        .iter()
        .map(|p| (module_of(&src, p), p.clone()))
        .collect();
    let mut edges = BTreeMap::new();
    for (module, path) in &modules {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let mut deps = BTreeSet::new();
        for named in paths_named(without_tests(&text)) {
            let mut full: Vec<String> = Vec::new();
            let mut parts = named.iter().peekable();
            match parts.peek().map(|s| s.as_str()) {
                Some("crate") => {
                    parts.next();
                }
                _ => {
                    full.clone_from(module);
                    while parts.peek().is_some_and(|p| *p == "super") {
                        parts.next();
                        full.pop();
                    }
                }
            }
            full.extend(parts.cloned());
            // The longest head of the path that is a file's module.
            let target = (1..=full.len())
                .rev()
                .map(|n| full[..n].to_vec())
                .find(|m| modules.contains_key(m));
            if let Some(target) = target
                && &target != module
                // A child naming its parent's items is not an import of a file above it.
                && !module.starts_with(&target)
            {
                deps.insert(target.join("::"));
            }
        }
        edges.insert(module.join("::"), deps);
    }
    edges
}

/// The circles of `edges`: its strongly connected components of more than one module.
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<BTreeSet<String>> {
    // Kosaraju: the order in which a depth-first search finishes, then the reversed graph.
    fn visit<'a>(
        v: &'a str,
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        seen: &mut BTreeSet<&'a str>,
        order: &mut Vec<&'a str>,
    ) {
        if !seen.insert(v) {
            return;
        }
        for w in edges.get(v).into_iter().flatten() {
            visit(w, edges, seen, order);
        }
        order.push(v);
    }
    let mut seen = BTreeSet::new();
    let mut order = Vec::new();
    for v in edges.keys() {
        visit(v, edges, &mut seen, &mut order);
    }
    let mut reversed: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (v, ws) in edges {
        for w in ws {
            reversed.entry(w.clone()).or_default().insert(v.clone());
        }
    }
    let mut placed = BTreeSet::new();
    let mut found = Vec::new();
    for v in order.into_iter().rev() {
        let mut component = Vec::new();
        visit(v, &reversed, &mut placed, &mut component);
        if component.len() > 1 {
            found.push(component.into_iter().map(str::to_string).collect());
        }
    }
    found
}

#[test]
fn no_files_import_each_other_in_a_circle_in_game_nor_of_more_than_two_elsewhere() {
    let wrong: Vec<BTreeSet<String>> = circles(&imports())
        .into_iter()
        .filter(|c| c.len() > 2 || c.iter().any(|m| m.starts_with("game::")))
        .collect();
    assert!(
        wrong.is_empty(),
        "files importing each other in a circle: {wrong:#?}"
    );
}

#[test]
fn the_circle_finder_finds_a_circle_and_only_one() {
    let edges: BTreeMap<String, BTreeSet<String>> = [
        ("a", &["b"][..]),
        ("b", &["c"]),
        ("c", &["a"]),
        ("d", &["a"]),
    ]
    .into_iter()
    .map(|(v, ws)| (v.to_string(), ws.iter().map(|w| (*w).to_string()).collect()))
    .collect();
    let found = circles(&edges);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        found[0].iter().map(String::as_str).collect::<Vec<_>>(),
        ["a", "b", "c"]
    );
}

#[test]
fn paths_are_read_with_their_groups() {
    let named = paths_named("use crate::game::{state::Game, roster};\nlet x = super::odds::f();");
    let joined: Vec<String> = named.iter().map(|p| p.join("::")).collect();
    assert!(
        joined.contains(&"crate::game::state".to_string()),
        "{joined:?}"
    );
    assert!(
        joined.contains(&"crate::game::roster".to_string()),
        "{joined:?}"
    );
    assert!(joined.contains(&"super::odds::f".to_string()), "{joined:?}");
}
