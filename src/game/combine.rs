//! Two units combined into one (`game: combine:`): the rules of eligibility that govern the
//! table's flag for it, weighed on each unit's fields; the fields both must share; a field one
//! unit must bring for every so many figures; then the figures of the one join the other.

use crate::engine::requires::Standing;
use crate::error::{Error, Result};
use crate::game::fields;
use crate::game::roster::{self, game_def};
use crate::game::state::{Event, Game};
use crate::model::Ruleset;

/// The first unit of the two whose fields break a rule of eligibility on combining, with how
/// the rule stands.
pub fn refusal(
    game: &Game,
    ruleset: &Ruleset,
    into: &str,
    from: &str,
) -> Result<Option<(String, Standing)>> {
    let g = game_def(ruleset)?;
    let Some(def) = g.combine.as_ref() else {
        return Ok(None);
    };
    for word in [into, from] {
        let u = roster::unit_or_code(game, word)?;
        if let Some(st) = fields::refusal(ruleset, g, &u.fields, Some(&def.flag)) {
            return Ok(Some((u.name.clone(), st)));
        }
    }
    Ok(None)
}

/// Unit `from` joins unit `into` (names or the codes on their bases), as the rules allow.
pub fn merge(
    game: &mut Game,
    ruleset: &Ruleset,
    into: &str,
    from: &str,
    event: &mut Event,
) -> Result<Vec<String>> {
    let g = game_def(ruleset)?;
    let def = g
        .combine
        .as_ref()
        .ok_or_else(|| Error::usage(format!("{} combines no units", ruleset.model.title)))?;
    let a = roster::unit_or_code(game, into)?.clone();
    let b = roster::unit_or_code(game, from)?.clone();
    if a.name == b.name {
        return Err(Error::usage(format!("{} is one unit: name two", a.name)));
    }
    if a.side != b.side {
        return Err(Error::usage(format!(
            "{} is of {} and {} of {}: only a side's own units combine",
            a.name, a.side, b.name, b.side
        )));
    }
    // The caller says the rule in words first (see `refusal`); this is the guard.
    if let Some((unit, st)) = refusal(game, ruleset, into, from)? {
        return Err(Error::usage(format!(
            "{unit}: the rule {} does not allow it",
            st.rule
        )));
    }
    for f in &def.same {
        let (x, y) = (a.fields.get(f), b.fields.get(f));
        if x != y {
            let said = |u: &str, v: Option<&String>| {
                format!("{u} {f} {}", v.map_or("none", String::as_str))
            };
            return Err(Error::usage(format!(
                "{} and {} differ: units combine only with the same {f}",
                said(&a.name, x),
                said(&b.name, y)
            ))
            .with_hint_opt(def.note.clone()));
        }
    }
    let in_play = |u: &str| {
        game.figures_of(u)
            .iter()
            .filter(|f| f.state.is_none())
            .count()
    };
    let total = in_play(&a.name) + in_play(&b.name);
    let mut merged = a.clone();
    if let Some(e) = &def.each {
        let with = [&a, &b]
            .iter()
            .filter(|u| {
                u.fields
                    .get(&e.field)
                    .is_some_and(|v| crate::words::flag_word(v) == Some(true))
            })
            .count();
        let need = total.div_ceil(e.figures.max(1) as usize);
        if with < need {
            return Err(Error::usage(format!(
                "{total} figures need {need} with {} (one for every {}); {with} with them",
                e.field, e.figures
            ))
            .with_hint_opt(def.note.clone()));
        }
        if with > 0 {
            merged.fields.insert(e.field.clone(), "yes".into());
        }
    }
    let moved: Vec<String> = game
        .figures_of(&b.name)
        .iter()
        .map(|f| f.code.clone())
        .collect();
    for code in &moved {
        if let Some(mut f) = game.figure(code).cloned() {
            f.unit.clone_from(&a.name);
            game.apply(game.figure_change(code, Some(f)), event);
        }
    }
    game.apply(game.unit_change(&a.name, Some(merged)), event);
    game.apply(game.unit_change(&b.name, None), event);
    Ok(vec![format!(
        "{} joins {}: {total} figures in play ({} come over: {})",
        b.name,
        a.name,
        moved.len(),
        moved.join(", ")
    )])
}
