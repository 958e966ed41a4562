//! umpire: a table-side companion for the umpire of a historical miniature wargame.
//!
//! Rules live in YAML tables (`tables/`); this crate holds only general mechanisms, in layers,
//! each using only those before it: `model` (the compiled rules, their dice and look-ups),
//! `engine` (situations, modifiers, plans, resolving, exact odds, throwing dice), `rules`
//! (reading, checking, compiling and linting a table file, the catalog and the cache), `game`
//! (the state kept at the table and how it is stored), `present` (the words, explanations,
//! cards, the sheet, the roster view) and the command line on top (`cli`). Leaves beside them:
//! `error`, `files` (reading within limits), `yaml` (parsing within limits), `paths`, `config`,
//! `suggest`, `text` and `words`.

pub mod cli;
pub mod config;
pub mod engine;
pub mod error;
pub mod files;
#[cfg(test)]
mod fuzz;
pub mod game;
pub mod model;
pub mod paths;
pub mod present;
pub mod rules;
pub mod suggest;
pub mod text;
pub mod words;
pub mod yaml;

/// The layers of the crate doc, checked: a layer's files name no layer after it.
#[cfg(test)]
mod layers {
    use std::path::Path;

    const ORDER: [&str; 6] = ["model", "engine", "rules", "game", "present", "cli"];

    fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                files(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }

    #[test]
    fn no_layer_uses_one_above_it() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
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
}
