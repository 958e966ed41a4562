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

#[cfg(test)]
mod layers;
