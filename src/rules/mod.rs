//! The rules model: a ruleset file's shape (`schema`), reading it (`ruleset`), checking it as
//! it loads (`check`, `check_procedure`), its look-ups (`lookup`), linting it for table authors
//! (`lint`), the catalog of rulesets, and the cache of checked rulesets.

pub mod cache;
pub mod catalog;
mod check;
mod check_procedure;
pub mod lint;
mod lookup;
pub mod ruleset;
pub mod schema;
