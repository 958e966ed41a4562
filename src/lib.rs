//! umpire: a table-side companion for the umpire of a historical miniature wargame.
//!
//! Rules live in YAML tables (`tables/`); this crate holds only general mechanisms, in layers:
//! `rules` (a ruleset file's shape, reading, checking and linting it, the catalog), `engine`
//! (situations, modifiers, dice, plans, resolving and exact odds), `game` (the state kept at the
//! table and how it is stored), `present` (explanations, cards, the sheet, the roster view) and
//! the command line on top (`cli`). Leaves beside them: `error`, `files` (reading within
//! limits), `yaml` (parsing within limits), `paths`, `config`, `suggest` and `words`. Each layer uses only those below it,
//! except that `rules` still borrows the engine's dice (for `NdS` specs) and plans (for the
//! linter's reachable totals).

pub mod cli;
pub mod config;
pub mod engine;
pub mod error;
pub mod files;
#[cfg(test)]
mod fuzz;
pub mod game;
pub mod paths;
pub mod present;
pub mod rules;
pub mod suggest;
pub mod text;
pub mod words;
pub mod yaml;
