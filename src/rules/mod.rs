//! The rules model: a ruleset file's written shape (`schema`), reading it (`source`), checking
//! it (`check`, `check_procedure`), compiling it into the model the rest of the crate runs on
//! (`compile`, `model`), its look-ups (`lookup`), linting it for table authors (`lint`), the
//! catalog of rulesets, and the cache of compiled rulesets.

pub mod cache;
pub mod catalog;
mod check;
mod check_procedure;
mod compile;
pub mod lint;
mod lookup;
pub mod model;
pub mod ruleset;
pub mod schema;
mod source;

/// The item a name or one of its aliases names: an exact name wins over an alias.
pub(crate) fn named<'a, T>(
    items: &'a [T],
    name: &str,
    names: impl Fn(&T) -> (&String, &Vec<String>),
) -> Option<&'a T> {
    items
        .iter()
        .find(|x| names(x).0 == name)
        .or_else(|| items.iter().find(|x| names(x).1.iter().any(|a| a == name)))
}
