//! A compiled ruleset ready to use, and where it came from.

use crate::error::Result;
use crate::rules::Names;
use crate::rules::cache::Cache;
use crate::rules::model::Model;
use crate::rules::source::{Locator, Source};

/// A ruleset checked, compiled and ready to use.
#[derive(Debug, Clone)]
pub struct Ruleset {
    pub model: Model,
    /// Where it came from, for messages (`tables/000-....yaml`, or a user's path).
    pub file: String,
    /// Its procedures and factors by name and alias.
    pub(crate) procedures: Names,
    pub(crate) factors: Names,
}

impl Ruleset {
    /// Read, check and compile one ruleset file.
    pub fn parse(file: &str, text: &str) -> Result<Ruleset> {
        let at = Locator::new(file, text);
        let source = Source::read(file, text, &at)?;
        source.check(&at)?;
        Ok(Ruleset::new(source.compile(&at)?, file))
    }

    /// Read, check and compile one ruleset file, or take its model whole from the cache when
    /// this build compiled this exact text before.
    pub fn load(file: &str, text: &str, cache: Option<&Cache>) -> Result<Ruleset> {
        if let Some(model) = cache.and_then(|c| c.get(file, text)) {
            // Checked when it was compiled; the entry's key and hash show it unchanged since.
            return Ok(Ruleset::new(model, file));
        }
        let ruleset = Ruleset::parse(file, text)?;
        if let Some(cache) = cache {
            cache.put(file, text, &ruleset.model);
        }
        Ok(ruleset)
    }

    fn new(model: Model, file: &str) -> Ruleset {
        Ruleset {
            procedures: Names::new(&model.procedures, |p| (&p.name, &p.aliases)),
            factors: Names::new(&model.factors, |f| (&f.name, &f.aliases)),
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
