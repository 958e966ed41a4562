//! The rules model: a ruleset file's shape, reading and checking it, the catalog of rulesets,
//! and the cache of checked rulesets.

pub mod cache;
pub mod catalog;
mod check;
mod check_procedure;
pub mod lint;
mod lookup;
pub mod ruleset;
pub mod schema;
