//! The rules model: a ruleset file's shape, reading and checking it, the catalog of rulesets,
//! and the cache of checked rulesets.

pub mod cache;
pub mod catalog;
pub mod lint;
pub mod ruleset;
pub mod schema;
