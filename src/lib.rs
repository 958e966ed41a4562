//! umpire: a table-side companion for the umpire of a historical miniature wargame.
//!
//! Rules live in YAML tables (`tables/`); this crate holds only general mechanisms, in four
//! layers that depend downwards only: `rules` (reading and checking a ruleset), `engine`
//! (situations, modifiers, dice, plans, resolving and exact odds), `game` (the state kept at the
//! table and how it is stored), `present` (explanations, cards, the sheet, the roster view), and
//! the command line on top (`cli`).

pub mod cli;
pub mod engine;
pub mod error;
pub mod game;
pub mod paths;
pub mod present;
pub mod rules;
pub mod suggest;
