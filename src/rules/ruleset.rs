//! A compiled ruleset ready to use, where it came from, and the rulesets this process has
//! loaded already.

use std::sync::{Arc, Mutex, PoisonError};

use crate::error::Result;
use crate::model::{Model, Ruleset};
use crate::rules::cache::{Cache, text_hash};
use crate::rules::source::{Locator, Source};

/// A model this process has loaded, and the text it was made from (by length and hash).
#[derive(Debug)]
struct Loaded {
    file: String,
    len: usize,
    hash: u64,
    model: Arc<Model>,
}

/// The models loaded in this process, one per file: a ruleset asked for again (the guided mode
/// runs one command after another, `rules` reads every file and then shows one) is neither
/// decoded nor compiled again. Being a static, it is never dropped: the models live until the
/// process ends, and the system takes their memory back whole instead of piece by piece (a
/// tenth of a warm roll was spent freeing the model).
static LOADED: Mutex<Vec<Loaded>> = Mutex::new(Vec::new());

/// The model loaded earlier in this process from exactly this text of `file`, if any.
fn loaded(file: &str, text: &str, hash: u64) -> Option<Arc<Model>> {
    let all = LOADED.lock().unwrap_or_else(PoisonError::into_inner);
    all.iter()
        .find(|l| l.file == file && l.len == text.len() && l.hash == hash)
        .map(|l| Arc::clone(&l.model))
}

/// Keep a model for the rest of the process, in place of any earlier text of the same file.
fn keep(file: &str, text: &str, hash: u64, model: &Arc<Model>) {
    let mut all = LOADED.lock().unwrap_or_else(PoisonError::into_inner);
    let entry = Loaded {
        file: file.to_string(),
        len: text.len(),
        hash,
        model: Arc::clone(model),
    };
    match all.iter_mut().find(|l| l.file == file) {
        // The table was edited during the process: its old model is of no more use.
        Some(old) => *old = entry,
        None => all.push(entry),
    }
}

impl Ruleset {
    /// Read, check and compile one ruleset file.
    pub fn parse(file: &str, text: &str) -> Result<Ruleset> {
        Ok(Ruleset::new(Arc::new(compile(file, text)?), file))
    }

    /// Read, check and compile one ruleset file, or take its model whole from this process's
    /// earlier loads or from the cache, when this build compiled this exact text before.
    pub fn load(file: &str, text: &str, cache: Option<&Cache>) -> Result<Ruleset> {
        let hash = text_hash(text);
        let model = match loaded(file, text, hash) {
            Some(model) => model,
            None => {
                // Checked when it was compiled; the entry's key and hash show it unchanged since.
                let model = match cache.and_then(|c| c.get(file, hash)) {
                    Some(model) => Arc::new(model),
                    None => {
                        let model = Arc::new(compile(file, text)?);
                        if let Some(cache) = cache {
                            cache.put(file, hash, &model);
                        }
                        model
                    }
                };
                keep(file, text, hash, &model);
                model
            }
        };
        Ok(Ruleset::new(model, file))
    }
}

fn compile(file: &str, text: &str) -> Result<Model> {
    let at = Locator::new(file, text);
    let source = Source::read(file, text, &at)?;
    source.check(&at)?;
    source.compile(&at)
}
