//! The catalog of rulesets: the tables embedded at compile time, plus a user's own directory
//! (`--tables DIR` or `UMPIRE_TABLES`). Only the ruleset in use is parsed, and the user's files,
//! any of which may override it.

use std::borrow::Cow;
use std::cell::RefCell;
use std::path::Path;

use include_dir::{Dir, include_dir};

use crate::error::{Error, Result};
use crate::files;
use crate::model::Ruleset;
use crate::rules::cache::Cache;
use crate::suggest::{did_you_mean, same};

static EMBEDDED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/tables");

/// A ruleset file not yet parsed.
#[derive(Debug, Clone)]
struct Entry {
    /// Shown in messages: `tables/000-x.yaml` or the user's path.
    file: String,
    /// The name the file suggests (`x` from `000-x.yaml`), tried before parsing anything.
    stem: String,
    /// Borrowed for a built-in table, so that no run copies it.
    text: Cow<'static, str>,
}

/// Every ruleset the user can pick, user files first so that they can override a built-in one.
#[derive(Debug, Clone)]
pub struct Catalog {
    entries: Vec<Entry>,
    builtin: usize,
    cache: Option<Cache>,
    /// A ruleset loaded already (to read the command line's roles), handed to the first
    /// command that asks for it by its id rather than loaded again.
    loaded: RefCell<Option<Ruleset>>,
}

fn stem_of(name: &str) -> String {
    let base = name.rsplit('/').next().unwrap_or(name);
    let base = base.trim_end_matches(".yaml").trim_end_matches(".yml");
    base.trim_start_matches(|c: char| c.is_ascii_digit() || c == '-' || c == '_')
        .to_string()
}

fn is_table(name: &str) -> bool {
    name.ends_with(".yaml") || name.ends_with(".yml")
}

/// The built-in tables as (file, text), in the order of their names: the seed of a fuzz
/// harness, which mutates tables as a user would write them.
#[cfg(test)]
pub(crate) fn builtin_tables() -> Vec<(String, &'static str)> {
    let mut tables: Vec<(String, &'static str)> = EMBEDDED
        .files()
        .filter(|f| is_table(&f.path().to_string_lossy()))
        .filter_map(|f| {
            let name = f.path().to_string_lossy().to_string();
            Some((format!("tables/{name}"), f.contents_utf8()?))
        })
        .collect();
    tables.sort();
    tables
}

impl Catalog {
    /// The embedded tables, and the YAML files of `user_dir` when given.
    pub fn load(user_dir: Option<&Path>) -> Result<Catalog> {
        let mut entries = Vec::new();
        if let Some(dir) = user_dir {
            let read = std::fs::read_dir(dir).map_err(|e| {
                Error::usage(format!(
                    "cannot read the tables directory {}: {e}",
                    dir.display()
                ))
                .with_hint("--tables (or UMPIRE_TABLES) names a directory of ruleset .yaml files")
            })?;
            let mut paths: Vec<_> = read
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| is_table(&p.to_string_lossy()))
                .collect();
            paths.sort();
            // Each file's size and their total before any is read, and again as they are read
            // (a file may grow).
            let shown = dir.display().to_string();
            let mut listed = 0u64;
            for path in &paths {
                if let Ok(m) = std::fs::metadata(path)
                    && m.is_file()
                {
                    files::check_size(&path.display().to_string(), m.len(), files::TABLE)?;
                    listed = listed.saturating_add(m.len());
                }
            }
            files::check_size(&shown, listed, files::TABLES)?;
            let mut total = 0u64;
            for path in paths {
                // (Gone since the folder was listed: nothing to read.)
                let Some(text) = files::read_path(&path, files::TABLE)? else {
                    continue;
                };
                total = total.saturating_add(text.len() as u64);
                files::check_size(&shown, total, files::TABLES)?;
                let file = path.display().to_string();
                entries.push(Entry {
                    stem: stem_of(&file),
                    file,
                    text: Cow::Owned(text),
                });
            }
        }
        let mut builtin: Vec<Entry> = EMBEDDED
            .files()
            .filter(|f| is_table(&f.path().to_string_lossy()))
            .map(|f| {
                let name = f.path().to_string_lossy().to_string();
                let file = format!("tables/{name}");
                // Built in, yet held to the same limits as a user's table.
                files::check_size(&file, f.contents().len() as u64, files::TABLE)?;
                let text = match f.contents_utf8() {
                    Some(t) => Cow::Borrowed(t),
                    None => Cow::Owned(files::utf8(&file, 1, f.contents().to_vec())?),
                };
                Ok(Entry {
                    stem: stem_of(&name),
                    file,
                    text,
                })
            })
            .collect::<Result<_>>()?;
        builtin.sort_by(|a, b| a.file.cmp(&b.file));
        let count = builtin.len();
        entries.extend(builtin);
        Ok(Catalog {
            entries,
            builtin: count,
            cache: None,
            loaded: RefCell::new(None),
        })
    }

    /// Keep parsed rulesets in `dir` and read them from there (see [`Cache`]).
    #[must_use]
    pub fn with_cache(mut self, dir: Option<&Path>) -> Catalog {
        self.cache = dir.map(Cache::new);
        self
    }

    fn parse(&self, e: &Entry) -> Result<Ruleset> {
        Ruleset::load(&e.file, &e.text, self.cache.as_ref())
    }

    /// Keep `ruleset`, loaded from this very catalog, for the next [`Catalog::ruleset`] of its id.
    #[must_use]
    pub fn with_loaded(self, ruleset: Ruleset) -> Catalog {
        *self.loaded.borrow_mut() = Some(ruleset);
        self
    }

    /// The default ruleset: the first built-in table in file order.
    pub fn default_name(&self) -> Option<String> {
        self.entries
            .get(self.entries.len() - self.builtin)
            .map(|e| e.stem.clone())
    }

    /// The ruleset called `name` (its id or an alias, in any case: `--rules LPG`), or the
    /// default: the one [`Catalog::all`] lists first under that id, else the first with that
    /// alias, so that every command reads the ruleset that `rules` shows.
    pub fn ruleset(&self, name: Option<&str>) -> Result<Ruleset> {
        let wanted = match name {
            Some(n) => n.to_string(),
            None => self
                .default_name()
                .ok_or_else(|| Error::failure("no ruleset is built in"))?,
        };
        if let Some(r) = self
            .loaded
            .borrow_mut()
            .take_if(|r| same(r.name(), &wanted))
        {
            return Ok(r);
        }
        // A user's file may define any ruleset whatever it is called, and overrides a
        // built-in one of the same id: every user file is read before a built-in one is
        // taken on its file name alone.
        let (user, builtin) = self.entries.split_at(self.entries.len() - self.builtin);
        let mut all = Vec::new();
        for e in user {
            let r = self.parse(e)?;
            if same(r.name(), &wanted) {
                return Ok(r);
            }
            add(&mut all, r);
        }
        if let Some(e) = builtin.iter().find(|e| same(&e.stem, &wanted)) {
            let r = self.parse(e)?;
            if same(r.name(), &wanted) {
                return Ok(r);
            }
        }
        // Not found by file name: look inside every file (ids, then aliases).
        for e in builtin {
            add(&mut all, self.parse(e)?);
        }
        let found = all
            .iter()
            .position(|r| same(r.name(), &wanted))
            .or_else(|| {
                all.iter()
                    .position(|r| r.model.aliases.iter().any(|a| same(a, &wanted)))
            });
        if let Some(at) = found {
            return Ok(all.swap_remove(at));
        }
        let names: Vec<&str> = all.iter().map(Ruleset::name).collect();
        let mut candidates = names.clone();
        candidates.extend(
            all.iter()
                .flat_map(|r| r.model.aliases.iter().map(String::as_str)),
        );
        Err(Error::usage(format!(
            "no ruleset `{wanted}`; there are: {}",
            names.join(", ")
        ))
        .with_hint_opt(did_you_mean(&wanted, candidates)))
    }

    /// Every ruleset file, user files first: where it came from and its text.
    pub fn sources(&self) -> impl Iterator<Item = (&str, &str)> {
        self.entries
            .iter()
            .map(|e| (e.file.as_str(), e.text.as_ref()))
    }

    /// Every ruleset, parsed; a user's file that fails is an error naming it.
    pub fn all(&self) -> Result<Vec<Ruleset>> {
        let mut out = Vec::new();
        for e in &self.entries {
            add(&mut out, self.parse(e)?);
        }
        Ok(out)
    }
}

/// Add a ruleset to a list unless one of the same id is there already: the first file wins.
fn add(list: &mut Vec<Ruleset>, r: Ruleset) {
    if !list.iter().any(|x| x.name() == r.name()) {
        list.push(r);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_table_loads() {
        let catalog = Catalog::load(None).unwrap();
        let all = catalog.all().unwrap();
        assert!(!all.is_empty());
        assert_eq!(
            catalog.ruleset(None).unwrap().name(),
            all.first().unwrap().name()
        );
    }

    #[test]
    fn file_stems_drop_the_number() {
        assert_eq!(stem_of("tables/000-some-rules.yaml"), "some-rules");
        assert_eq!(stem_of("house.yml"), "house");
    }
}
