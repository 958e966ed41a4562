//! What a unit's fields and size imply for its figures (`game: implies:`): whether a condition
//! holds for the value a unit's field sets, the entries that hold for a unit, and the flags a
//! unit of an entry's kind short of its figures is known not to have.

use crate::game::state::{Game, Unit};
use crate::model::{Cond, GameDef, ImpliesDef, Ruleset, Test, Value};

/// Does a condition on a choice factor hold for the value the unit's field sets (a class
/// covering it will do)?
pub fn unit_holds(ruleset: &Ruleset, g: &GameDef, u: &Unit, c: &Cond) -> bool {
    let Some(f) = ruleset.factor(&c.factor) else {
        return false;
    };
    let value = g
        .unit
        .iter()
        .filter(|(_, factor)| **factor == f.name)
        .find_map(|(field, _)| u.fields.get(field));
    match (&c.test, value) {
        (Test::Values(keys), Some(v)) => keys.iter().any(|k| ruleset.key_covers(f, k, v).is_some()),
        // A yes/no field never set is no.
        (Test::Flag(want), v) => v.is_some_and(|v| *v == Value::Flag(true).word()) == *want,
        _ => false,
    }
}

/// The entries of `implies` that hold for a unit: each condition met by the value its fields
/// set (a class covering it will do), and enough of its figures in play.
pub fn implies<'g>(
    game: &Game,
    ruleset: &Ruleset,
    g: &'g GameDef,
    unit: &str,
) -> Vec<&'g ImpliesDef> {
    let Some(u) = game.unit(unit) else {
        return Vec::new();
    };
    // Figures in play, less those carrying a marker the entry does not count.
    let counted = |i: &ImpliesDef| {
        game.in_play_unordered(unit)
            .filter(|f| !f.markers.iter().any(|m| i.unmarked.contains(m)))
            .count()
    };
    g.implies
        .iter()
        .filter(|i| {
            i.when.iter().all(|c| unit_holds(ruleset, g, u, c))
                && i.figures
                    .is_none_or(|n| counted(i) >= usize::try_from(n).unwrap_or(usize::MAX))
        })
        .collect()
}

/// The flags (and the label of the entry that would set them) a unit is known not to have: it
/// is of the kind an entry speaks of, but short of the figures the entry counts (a line of
/// three able men is not formed). `holding`: the entries that hold for it.
pub fn short_of(
    game: &Game,
    ruleset: &Ruleset,
    g: &GameDef,
    unit: &str,
    (holding, acted_upon): (&[&ImpliesDef], bool),
) -> Vec<(String, String)> {
    let Some(u) = game.unit(unit) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let short = g.implies.iter().filter(|i| {
        i.figures.is_some()
            && !holding.iter().any(|h| std::ptr::eq(*h, *i))
            && i.when.iter().all(|c| unit_holds(ruleset, g, u, c))
    });
    for i in short {
        let sets = if acted_upon { &i.acted_upon } else { &i.acting };
        for (factor, value) in sets {
            if *value == Value::Flag(true) {
                out.push((factor.clone(), i.label.clone()));
            }
        }
    }
    out
}
