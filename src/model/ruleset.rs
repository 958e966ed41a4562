//! A ruleset ready to use: its compiled model shared, the file it came from, and its names
//! indexed. Loading one (from a file, the cache or this process) is `rules::ruleset`'s.

use std::sync::Arc;

use crate::model::Model;
use crate::model::names::Names;

/// A ruleset checked, compiled and ready to use. The model is shared: every ruleset loaded
/// from one text is the same model (see [`LOADED`]).
#[derive(Debug, Clone)]
pub struct Ruleset {
    pub model: Arc<Model>,
    /// Where it came from, for messages (`tables/000-....yaml`, or a user's path).
    pub file: String,
    /// Its procedures and factors by name and alias.
    pub(crate) procedures: Names,
    pub(crate) factors: Names,
}

impl Ruleset {
    /// A ruleset of a compiled model, its names indexed.
    pub(crate) fn new(model: Arc<Model>, file: &str) -> Ruleset {
        Ruleset {
            procedures: Names::of(model.procedures.entries()),
            factors: Names::of(
                model
                    .factors
                    .iter()
                    .map(|f| (f.name.as_str(), &f.aliases[..])),
            ),
            model,
            file: file.to_string(),
        }
    }

    pub fn name(&self) -> &str {
        &self.model.ruleset
    }

    pub fn unit(&self) -> &str {
        self.model.unit.as_deref().unwrap_or("")
    }
}
