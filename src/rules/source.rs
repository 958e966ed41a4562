//! A table file as written: read from YAML (with `like:` filled in), where its messages point
//! (file:line:col), and the look-ups its checks make before it is compiled.

use crate::error::{Error, Result};
use crate::model::names::Names;
use crate::rules::schema::{FactorDef, ProcedureDef, RulesetDef, ValueSpec};

/// A table file read but not yet compiled: what the checks and the compile step read.
pub(super) struct Source {
    pub(super) def: RulesetDef,
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

impl<'a> Locator<'a> {
    pub(super) fn new(file: &'a str, text: &'a str) -> Locator<'a> {
        Locator { file, text }
    }

    pub(super) fn err(&self, needles: &[&str], message: impl Into<String>) -> Error {
        let (line, column) = locate(self.text, needles);
        Error::usage(format!("{}:{line}:{column}: {}", self.file, message.into()))
    }

    /// The same error at a path of keys and list positions from the top of the file
    /// (`armies`, 2nd; `lists`, 1st; `name`): exact where the same words recur in many places.
    pub(super) fn at_path(
        &self,
        path: &[(&str, Option<usize>)],
        message: impl Into<String>,
    ) -> Error {
        let at = crate::rules::lint::place::path_offset(self.text, path);
        let (line, column) = line_col(self.text, at);
        Error::usage(format!("{}:{line}:{column}: {}", self.file, message.into()))
    }
}

impl Source {
    /// Read a table file's YAML into its written shape, `like:` filled in.
    pub(super) fn read(file: &str, text: &str, at: &Locator<'_>) -> Result<Source> {
        let def: RulesetDef = crate::yaml::from_str(file, text)
            .map_err(|e| e.with_hint("see the ruleset format in the README"))?;
        let mut source = Source { def };
        source.apply_likes(at)?;
        Ok(source)
    }

    /// Fill what a `like:` procedure leaves out from the procedure it is like.
    fn apply_likes(&mut self, at: &Locator<'_>) -> Result<()> {
        let originals = self.def.procedures.clone();
        let mut by_name = std::collections::HashMap::new();
        for p in &originals {
            by_name.entry(p.name.as_str()).or_insert(p);
        }
        for procedure in &mut self.def.procedures {
            let Some(base_name) = procedure.like.clone() else {
                continue;
            };
            let base =
                by_name.get(base_name.as_str()).copied().ok_or_else(|| {
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
            if p.reroll.0.is_empty() {
                p.reroll.clone_from(&base.reroll);
            }
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

    /// A factor by name or alias.
    pub(super) fn factor(&self, name: &str) -> Option<&FactorDef> {
        self.names().1.get(&self.def.factors, name)
    }

    /// Its procedures and its factors by name and alias, made at the first look-up (`like:`,
    /// which comes before, fills parts in, never names).
    fn names(&self) -> &(Names, Names) {
        self.def.names.get_or_init(|| {
            (
                Names::new(&self.def.procedures, |p| (&p.name, &p.aliases)),
                Names::new(&self.def.factors, |f| (&f.name, &f.aliases)),
            )
        })
    }

    /// The factor whose values and classes this one uses (itself, or its `values-from`).
    pub(super) fn value_source<'a>(&'a self, factor: &'a FactorDef) -> &'a FactorDef {
        factor
            .values_from
            .as_deref()
            .and_then(|n| {
                self.names()
                    .1
                    .get(&self.def.factors, n)
                    .filter(|f| f.name == n)
            })
            .unwrap_or(factor)
    }

    pub(super) fn values<'a>(&'a self, factor: &'a FactorDef) -> &'a [ValueSpec] {
        &self.value_source(factor).values
    }

    /// The value a word names (a value or one of its aliases).
    pub(super) fn value<'a>(&'a self, factor: &'a FactorDef, word: &str) -> Option<&'a ValueSpec> {
        let values = self.values(factor);
        values.iter().find(|v| v.name() == word).or_else(|| {
            values
                .iter()
                .find(|v| v.aliases().iter().any(|a| a == word))
        })
    }

    pub(super) fn is_value_or_class(&self, factor: &FactorDef, key: &str) -> bool {
        let source = self.value_source(factor);
        source.values.iter().any(|v| v.name() == key)
            || source.classes.iter().any(|c| c.name == key)
    }

    /// A procedure by name or alias.
    pub(super) fn procedure(&self, name: &str) -> Option<&ProcedureDef> {
        self.names().0.get(&self.def.procedures, name)
    }

    /// The dice a spec names, using this ruleset's custom dice.
    pub(super) fn dice(&self, text: &str) -> Result<crate::engine::dice::DiceSpec> {
        crate::engine::dice::DiceSpec::parse(text, &|name| self.def.dice.get(name).cloned())
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
