//! Look-up by name and alias in constant time, for the model's lists.

use std::collections::HashMap;

use crate::suggest::folded;

/// The items of a list by name and by alias, so that a look-up costs the same however long
/// the list (a chain of thousands of procedures looks each one up): an exact name wins over
/// an alias, and of two items of one name or alias the first. Names are matched whatever their
/// case (`roll Shoot`): the checks refuse a table whose names differ only in case, so the
/// lower-case key names one item.
#[derive(Debug, Clone, Default)]
pub(crate) struct Names {
    by_name: HashMap<String, usize>,
    by_alias: HashMap<String, usize>,
}

impl Names {
    pub(crate) fn new<T>(items: &[T], names: impl Fn(&T) -> (&String, &Vec<String>)) -> Names {
        Names::of(items.iter().map(|item| {
            let (name, aliases) = names(item);
            (name.as_str(), &aliases[..])
        }))
    }

    /// The index of items given as (name, aliases), in order.
    pub(crate) fn of<'a>(items: impl Iterator<Item = (&'a str, &'a [String])>) -> Names {
        let mut index = Names::default();
        for (i, (name, aliases)) in items.enumerate() {
            index.by_name.entry(folded(name).into_owned()).or_insert(i);
            for a in aliases {
                index.by_alias.entry(folded(a).into_owned()).or_insert(i);
            }
        }
        index
    }

    /// The position of the item `name` names, by name first, then by alias.
    pub(crate) fn position(&self, name: &str) -> Option<usize> {
        let name = folded(name);
        self.by_name
            .get(name.as_ref())
            .or_else(|| self.by_alias.get(name.as_ref()))
            .copied()
    }

    /// The item `name` names in `items`, the list this index was made from.
    pub(crate) fn get<'a, T>(&self, items: &'a [T], name: &str) -> Option<&'a T> {
        self.position(name).and_then(|i| items.get(i))
    }
}
