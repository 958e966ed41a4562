//! A loaded ruleset: reading a table file (with `like:` filled in and follow-ups made
//! canonical), where its messages point (file:line:col), and the words shared by its checks.

use crate::error::{Error, Result};
use crate::rules::cache::Cache;
use crate::rules::schema::{FactorDef, FactorKind, FollowDef, RulesetDef};

/// A ruleset checked and ready to use.
#[derive(Debug, Clone)]
pub struct Ruleset {
    pub def: RulesetDef,
    /// Where it came from, for messages (`tables/000-....yaml`, or a user's path).
    pub file: String,
}

/// Byte offset of the first match of each needle in turn, searching from `start`; a needle
/// not found leaves the position where the previous one matched.
pub(crate) fn offset(text: &str, start: usize, needles: &[&str]) -> usize {
    let mut at = start.min(text.len());
    for needle in needles {
        if let Some(found) = text.get(at..).and_then(|rest| rest.find(needle)) {
            at += found;
        }
    }
    at
}

/// Line and column (1-based) of a byte offset.
pub(crate) fn line_col(text: &str, at: usize) -> (usize, usize) {
    let before = text.get(..at).unwrap_or("");
    let line = before.matches('\n').count() + 1;
    let column = before.rfind('\n').map_or(at, |nl| at - nl - 1) + 1;
    (line, column)
}

/// Line and column (1-based) of the first match of each needle in turn, for error messages.
pub(crate) fn locate(text: &str, needles: &[&str]) -> (usize, usize) {
    line_col(text, offset(text, 0, needles))
}

/// Builds `file:line:col: message` errors for one file.
pub(super) struct Locator<'a> {
    file: &'a str,
    text: &'a str,
}

impl Locator<'_> {
    pub(super) fn err(&self, needles: &[&str], message: impl Into<String>) -> Error {
        let (line, column) = locate(self.text, needles);
        Error::usage(format!("{}:{line}:{column}: {}", self.file, message.into()))
    }
}

impl Ruleset {
    /// Parse and check one ruleset file.
    pub fn parse(file: &str, text: &str) -> Result<Ruleset> {
        let def: RulesetDef = serde_yaml::from_str(text).map_err(|e| {
            let (line, column) = e.location().map_or((1, 1), |l| (l.line(), l.column()));
            Error::usage(Error::in_file(file, line, column, &e.to_string()))
                .with_hint("see the ruleset format in the README")
        })?;
        let mut ruleset = Ruleset {
            def,
            file: file.to_string(),
        };
        let locator = Locator { file, text };
        ruleset.apply_likes(&locator)?;
        ruleset.check(&locator)?;
        ruleset.canonicalize();
        Ok(ruleset)
    }

    /// Parse and check one ruleset file, or take it whole from the cache when this build
    /// parsed and checked this exact text before.
    pub fn load(file: &str, text: &str, cache: Option<&Cache>) -> Result<Ruleset> {
        if let Some(def) = cache.and_then(|c| c.get(file, text)) {
            // Checked when it was parsed; the entry's key and hash show it unchanged since.
            return Ok(Ruleset {
                def,
                file: file.to_string(),
            });
        }
        let ruleset = Ruleset::parse(file, text)?;
        if let Some(cache) = cache {
            cache.put(file, text, &ruleset.def);
        }
        Ok(ruleset)
    }

    pub fn name(&self) -> &str {
        &self.def.ruleset
    }

    pub fn unit(&self) -> &str {
        self.def.unit.as_deref().unwrap_or("")
    }

    /// Fill what a `like:` procedure leaves out from the procedure it is like.
    fn apply_likes(&mut self, at: &Locator<'_>) -> Result<()> {
        let originals = self.def.procedures.clone();
        for procedure in &mut self.def.procedures {
            let Some(base_name) = procedure.like.clone() else {
                continue;
            };
            let base = originals
                .iter()
                .find(|p| p.name == base_name)
                .ok_or_else(|| {
                    at.err(&[&format!("name: {}", procedure.name), "like:"], format!(
                    "procedure `{}` is like `{base_name}`, which this ruleset does not define",
                    procedure.name
                ))
                })?;
            if base.like.is_some() {
                return Err(at.err(&[&format!("name: {}", procedure.name), "like:"], format!(
                    "`{}` is like `{base_name}`, which is itself like another; name the original",
                    procedure.name
                )));
            }
            let p = procedure;
            p.roll = p.roll.take().or_else(|| base.roll.clone());
            if p.drop.is_empty() {
                p.drop.clone_from(&base.drop);
            }
            if p.naturals.is_empty() {
                p.naturals.clone_from(&base.naturals);
            }
            if p.modifiers.is_empty() {
                p.modifiers.clone_from(&base.modifiers);
            }
            if p.sides.is_empty() {
                p.sides.clone_from(&base.sides);
            }
            p.reroll = p.reroll.take().or_else(|| base.reroll.clone());
            p.check = p.check.take().or_else(|| base.check.clone());
            p.table = p.table.take().or_else(|| base.table.clone());
            p.grid = p.grid.take().or_else(|| base.grid.clone());
            p.amount = p.amount.take().or_else(|| base.amount.clone());
            p.compare = p.compare.take().or_else(|| base.compare.clone());
            if p.results.is_empty() {
                p.results.clone_from(&base.results);
            }
        }
        Ok(())
    }

    /// Write every name a follow-up sets, renames or carries in its canonical form, once, so
    /// that what a step hands on matches the next step's conditions however the table spelt it
    /// (an alias, `true` for a flag). Runs after [`Ruleset::check`], which refused the rest.
    fn canonicalize(&mut self) {
        let canonical_factor =
            |r: &Ruleset, n: &str| r.factor(n).map_or(n.to_string(), |f| f.name.clone());
        let mut procedures = std::mem::take(&mut self.def.procedures);
        for p in &mut procedures {
            for r in &mut p.results {
                for f in r.next.iter_mut().chain(r.follow_up.iter_mut()) {
                    let mut full = f.full();
                    full.set = full
                        .set
                        .iter()
                        .map(|(k, v)| {
                            let Some(fd) = self.factor(k) else {
                                return (k.clone(), v.clone());
                            };
                            let value = match fd.kind {
                                FactorKind::Choice => self
                                    .value(fd, v)
                                    .map_or(v.clone(), |x| x.name().to_string()),
                                FactorKind::Flag => if flag_word(v) == Some(true) {
                                    "yes"
                                } else {
                                    "no"
                                }
                                .to_string(),
                                FactorKind::Number => v.trim().to_string(),
                            };
                            (fd.name.clone(), value)
                        })
                        .collect();
                    full.rename = full
                        .rename
                        .iter()
                        .map(|(a, b)| (canonical_factor(self, a), canonical_factor(self, b)))
                        .collect();
                    if let Some(carry) = &mut full.carry {
                        for n in carry.iter_mut() {
                            *n = canonical_factor(self, n);
                        }
                    }
                    *f = FollowDef::Full(full);
                }
            }
        }
        self.def.procedures = procedures;
    }
}

/// A yes/no word as a table or the umpire writes it.
pub fn flag_word(word: &str) -> Option<bool> {
    match word.to_ascii_lowercase().as_str() {
        "yes" | "y" | "true" | "on" | "1" => Some(true),
        "no" | "n" | "false" | "off" | "0" => Some(false),
        _ => None,
    }
}

/// "from 0 to 10", "of 1 or more", or nothing, for a number factor's bounds.
pub(super) fn range_words(f: &FactorDef) -> String {
    match (f.min, f.max) {
        (Some(a), Some(b)) => format!("from {a} to {b}"),
        (Some(a), None) => format!("of {a} or more"),
        (None, Some(b)) => format!("of {b} or less"),
        (None, None) => String::new(),
    }
}

pub fn kind_word(k: FactorKind) -> &'static str {
    match k {
        FactorKind::Choice => "choice",
        FactorKind::Flag => "yes/no",
        FactorKind::Number => "number",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locate_counts_lines_and_columns() {
        let text = "a: 1\nprocedures:\n  - name: x\n    roll: 2d7x\n";
        assert_eq!(locate(text, &["name: x", "2d7x"]), (4, 11));
    }
}
