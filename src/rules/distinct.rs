//! Names the umpire types are matched whatever their case (`Cover=Half`), so the names of one
//! kind in a table must differ in more than case: `Half` and `half` would be one word at the
//! table, and which of the two it meant would be a guess. One thing may be spelt in two cases
//! (an alias `A` of the value `a`, from before words were matched in any case): it is still
//! one thing.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use crate::error::Result;
use crate::rules::schema::FactorKind;
use crate::rules::source::{Locator, Source};
use crate::suggest::folded;

impl Source {
    /// Each kind of name the umpire types, checked: factors, each choice factor's values (with
    /// its classes), procedures, each opposed procedure's sides, and in a game its sides, unit
    /// fields, and markers with states (`mark CF3 +NAME` takes either). A repeat or a name
    /// differing from another only in case is refused at its place in the file.
    pub(super) fn check_names(&self, at: &Locator<'_>) -> Result<()> {
        let def = &self.def;
        // At the name that clashes, looked for from its thing's `name:`.
        let refuse = |path: &[&str], clash: Clash<'_>| {
            let mut path = path.to_vec();
            let owner = format!("name: {}", clash.owner);
            path.extend([owner.as_str(), clash.name]);
            Err(at.err(&path, clash.wrong))
        };
        let factors = def
            .factors
            .iter()
            .map(|f| (f.name.as_str(), &f.aliases[..]));
        if let Some(clash) = first_clash("factor name", factors) {
            return refuse(&["factors:"], clash);
        }
        for f in &def.factors {
            if f.kind != FactorKind::Choice || f.values_from.is_some() {
                continue;
            }
            let values = f.values.iter().map(|v| (v.name(), v.aliases()));
            let classes = f.classes.iter().map(|c| (c.name.as_str(), &[][..]));
            let what = format!("value of `{}`", f.name);
            if let Some(clash) = first_clash(&what, values.chain(classes)) {
                return refuse(&["factors:", &format!("name: {}", f.name)], clash);
            }
        }
        let procedures = def
            .procedures
            .iter()
            .map(|p| (p.name.as_str(), &p.aliases[..]));
        if let Some(clash) = first_clash("procedure name", procedures) {
            return refuse(&["procedures:"], clash);
        }
        for p in &def.procedures {
            let sides = p.sides.iter().map(|s| (s.name.as_str(), &s.aliases[..]));
            if let Some(clash) = first_clash(&format!("side of `{}`", p.name), sides) {
                return refuse(
                    &["procedures:", &format!("name: {}", p.name), "sides:"],
                    clash,
                );
            }
        }
        let Some(g) = &def.game else {
            return Ok(());
        };
        let sides = g.sides.iter().map(|s| (s.name.as_str(), &s.aliases[..]));
        if let Some(clash) = first_clash("side name", sides) {
            return refuse(&["game:", "sides:"], clash);
        }
        let fields = g.unit.keys().map(|k| (k.as_str(), &[][..]));
        if let Some(clash) = first_clash("unit field", fields) {
            return Err(at.err(&["game:", "unit:", clash.name], clash.wrong));
        }
        let markers = g.markers.iter().map(|m| (m.name.as_str(), &m.aliases[..]));
        let states = g.states.iter().map(|s| (s.name.as_str(), &s.aliases[..]));
        if let Some(clash) = first_clash("marker or state name", markers.chain(states)) {
            return refuse(&["game:"], clash);
        }
        Ok(())
    }
}

/// A name that repeats another or differs from another thing's only in case.
pub(super) struct Clash<'a> {
    /// The name of the thing it names.
    pub(super) owner: &'a str,
    pub(super) name: &'a str,
    pub(super) wrong: String,
}

/// The first name of `things` (each a name and its aliases) that repeats another or differs
/// from another thing's only in case.
pub(super) fn first_clash<'a>(
    what: &str,
    things: impl Iterator<Item = (&'a str, &'a [String])>,
) -> Option<Clash<'a>> {
    let mut seen = Distinct::new(what);
    for (i, (owner, aliases)) in things.enumerate() {
        for name in std::iter::once(owner).chain(aliases.iter().map(String::as_str)) {
            if let Some(wrong) = seen.clash(name, i) {
                return Some(Clash { owner, name, wrong });
            }
        }
    }
    None
}

/// The names of one kind seen so far (a factor's values and aliases, the sides...), by their
/// lower-case form.
#[derive(Debug)]
pub(super) struct Distinct<'a> {
    /// What they are, for the message: `factor name`.
    what: String,
    /// The first spelling of each word, and the thing it names.
    seen: HashMap<String, (&'a str, usize)>,
}

impl<'a> Distinct<'a> {
    pub(super) fn new(what: impl Into<String>) -> Distinct<'a> {
        Distinct {
            what: what.into(),
            seen: HashMap::new(),
        }
    }

    /// Take `name`, a name of the thing `owner` (its place in its list): what is wrong when
    /// it is spelt exactly as before, or another thing is already the same word.
    pub(super) fn clash(&mut self, name: &'a str, owner: usize) -> Option<String> {
        match self.seen.entry(folded(name).into_owned()) {
            Entry::Vacant(v) => {
                v.insert((name, owner));
                None
            }
            Entry::Occupied(o) if o.get().0 == name => {
                Some(format!("{} `{name}` is used twice", self.what))
            }
            Entry::Occupied(o) if o.get().1 == owner => None,
            Entry::Occupied(o) => Some(format!(
                "{} `{name}` differs from `{}` only in case, and names are typed in any case",
                self.what,
                o.get().0
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Distinct;

    #[test]
    fn names_must_differ_in_more_than_case() {
        let mut names = Distinct::new("side name");
        assert_eq!(names.clash("british", 0), None);
        assert_eq!(names.clash("French", 1), None);
        assert_eq!(names.clash("french", 1), None, "one side in two cases");
        assert_eq!(
            names.clash("british", 0),
            Some("side name `british` is used twice".into())
        );
        assert_eq!(
            names.clash("British", 2),
            Some(
                "side name `British` differs from `british` only in case, and names are typed \
                 in any case"
                    .into()
            )
        );
    }
}
