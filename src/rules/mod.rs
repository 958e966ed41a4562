//! Making the rules model: a ruleset file's written shape (`schema`), reading it (`source`),
//! checking it (`check`, `check_procedure`, `check_reading`, `check_impossible`,
//! `check_reroll`, `check_requires`, `check_actions`, `check_charge`, `check_army`,
//! `check_counters`, `check_sides`), compiling it into
//! `crate::model` (`compile`, its `game:` section in `compile_game`), a user's army list
//! checked against it (`army_file`),
//! loading a ruleset once per process (`ruleset`), linting it for table authors by running the
//! engine over it (`lint`), the catalog of rulesets, and the cache of compiled rulesets.

pub mod army_file;
pub mod cache;
pub mod catalog;
mod check;
mod check_actions;
mod check_army;
mod check_charge;
mod check_counters;
mod check_impossible;
mod check_marks;
mod check_procedure;
mod check_reading;
mod check_requires;
mod check_reroll;
mod check_sides;
mod compile;
mod compile_game;
mod compile_turn;
mod distinct;
pub mod lint;
pub mod ruleset;
pub mod schema;
mod source;
