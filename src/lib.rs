//! umpire: a table-side companion for the umpire of a historical miniature wargame.
//!
//! Rules live in YAML tables (`tables/`); this crate holds only generic mechanisms: dice,
//! modifiers with combination policies, tables, opposed rolls and chains of procedures.

pub mod cache;
pub mod cli;
pub mod dice;
pub mod engine;
pub mod error;
pub mod fraction;
pub mod paths;
pub mod render;
pub mod ruleset;
pub mod schema;
pub mod situation;
pub mod suggest;
pub mod tables;
