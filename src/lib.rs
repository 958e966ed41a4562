//! umpire: a table-side companion for the umpire of a historical miniature wargame.
//!
//! Rules live in YAML tables (`tables/`); this crate holds only generic mechanisms: dice,
//! modifiers with combination policies, tables, opposed rolls and chains of procedures.

pub mod cache;
pub mod card;
pub mod cli;
pub mod config;
pub mod dice;
pub mod engine;
pub mod error;
pub mod figures;
pub mod fraction;
pub mod game;
pub mod generate;
pub mod interactive;
pub mod paths;
pub mod play;
pub mod render;
pub mod roster;
pub mod ruleset;
pub mod schema;
pub mod sheet;
pub mod situation;
pub mod store;
pub mod suggest;
pub mod tables;
pub mod turn;
pub mod view;
