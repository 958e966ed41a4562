//! Two units combined into one (`game: combine:`): the rules of eligibility that govern the
//! table's flag for it, weighed on each unit's fields; the fields both must share; a field one
//! unit must bring for every so many figures; then the figures of the one join the other, or
//! one figure moves across. A refusal names its rule, and the umpire may rule otherwise.

use crate::engine::requires::Standing;
use crate::error::{Error, Result};
use crate::game::fields;
use crate::game::lookup::{self, game_def};
use crate::game::said::Said;
use crate::game::state::{Event, Game, Unit};
use crate::model::Ruleset;

/// The rule of play a combining refusal names when the table names none.
const COMBINING: &str = "Combining";

/// A rule on combining that two units break, as facts (worded in presentation).
#[derive(Debug, Clone)]
pub enum Breach {
    /// The two units are of different sides: only a side's own units combine.
    Sides { units: [(String, String); 2] },
    /// A rule of eligibility on the unit's fields.
    Ineligible { unit: String, standing: Standing },
    /// A field both must share: each unit's name and value.
    Differ {
        rule: String,
        field: String,
        units: [(String, Option<String>); 2],
        note: Option<String>,
    },
    /// The unit joining has more figures in play than the `most` a unit combines at.
    NotReduced {
        rule: String,
        unit: String,
        figures: usize,
        most: u32,
        note: Option<String>,
    },
    /// A field the unit must have for every `per` figures: `with` have it, `need` must.
    Short {
        rule: String,
        unit: String,
        field: String,
        figures: usize,
        per: u32,
        need: usize,
        with: usize,
        note: Option<String>,
    },
}

/// What `into` taking in `coming` figures in play of `from` breaks of the rules on combining:
/// a rule of eligibility on either unit's fields, a field both must share, a field one unit
/// must bring for every so many figures (`brings`: whether `from`'s field comes over with its
/// figures, as in a merge, not with one figure moved).
pub fn weigh(
    game: &Game,
    ruleset: &Ruleset,
    (into, from): (&Unit, &Unit),
    coming: usize,
    brings: bool,
) -> Result<Vec<Breach>> {
    let g = game_def(ruleset)?;
    let mut breaks = Vec::new();
    if into.side != from.side {
        let units = [
            (into.name.clone(), into.side.clone()),
            (from.name.clone(), from.side.clone()),
        ];
        breaks.push(Breach::Sides { units });
    }
    let Some(def) = g.combine.as_ref() else {
        return Ok(breaks);
    };
    let rule = def.rule.as_deref().unwrap_or(COMBINING).to_string();
    for u in [into, from] {
        if let Some(standing) = fields::refusal(ruleset, g, &u.fields, Some(&def.flag)) {
            let unit = u.name.clone();
            breaks.push(Breach::Ineligible { unit, standing });
        }
    }
    // A field left out reads as its factor's default, or no for a yes/no one.
    let value = |u: &Unit, f: &str| {
        u.fields.get(f).cloned().or_else(|| {
            let factor = g.unit.get(f).and_then(|n| ruleset.factor(n))?;
            match (&factor.default, factor.kind) {
                (Some(d), _) => Some(d.clone()),
                (None, crate::model::FactorKind::Flag) => Some("no".to_string()),
                (None, _) => None,
            }
        })
    };
    for f in &def.same {
        let (x, y) = (value(into, f), value(from, f));
        if x != y {
            breaks.push(Breach::Differ {
                rule: rule.clone(),
                field: f.clone(),
                units: [(into.name.clone(), x), (from.name.clone(), y)],
                note: def.note.clone(),
            });
        }
    }
    if let Some(most) = def.reduced_to
        && brings
        && in_play(game, &from.name) > most as usize
    {
        breaks.push(Breach::NotReduced {
            rule: rule.clone(),
            unit: from.name.clone(),
            figures: in_play(game, &from.name),
            most,
            note: def.note.clone(),
        });
    }
    if let Some(e) = &def.each {
        let figures = in_play(game, &into.name) + coming;
        let has = |u: &Unit| has_flag(u, &e.field);
        let with = usize::from(has(into)) + usize::from(brings && has(from));
        let need = figures.div_ceil(e.figures.max(1) as usize);
        if with < need {
            breaks.push(Breach::Short {
                rule,
                unit: into.name.clone(),
                field: e.field.clone(),
                figures,
                per: e.figures,
                need,
                with,
                note: def.note.clone(),
            });
        }
    }
    Ok(breaks)
}

/// How a command lets a breach through: refused, or kept as the umpire's ruling in the event.
pub type Allow<'a> = &'a dyn Fn(Breach, &mut Event) -> Result<()>;

/// Whether the unit's yes/no field is yes.
fn has_flag(u: &Unit, field: &str) -> bool {
    u.fields
        .get(field)
        .is_some_and(|v| crate::words::flag_word(v) == Some(true))
}

/// The figures of unit `u` in play.
fn in_play(game: &Game, u: &str) -> usize {
    game.figures_of(u)
        .iter()
        .filter(|f| f.state.is_none())
        .count()
}

/// Unit `from` joins unit `into` (names or the codes on their bases), as the rules allow
/// (or as the umpire rules).
pub fn merge(
    game: &mut Game,
    ruleset: &Ruleset,
    (into, from): (&str, &str),
    allow: Allow<'_>,
    event: &mut Event,
) -> Result<Vec<String>> {
    let g = game_def(ruleset)?;
    let def = g
        .combine
        .as_ref()
        .ok_or_else(|| Error::usage(format!("{} combines no units", ruleset.model.title)))?;
    let a = lookup::unit_or_code(game, into)?.clone();
    let b = lookup::unit_or_code(game, from)?.clone();
    if a.name == b.name {
        return Err(Error::usage(format!("{} is one unit: name two", a.name)));
    }
    for breach in weigh(game, ruleset, (&a, &b), in_play(game, &b.name), true)? {
        allow(breach, event)?;
    }
    let total = in_play(game, &a.name) + in_play(game, &b.name);
    let mut merged = a.clone();
    if let Some(e) = &def.each
        && [&a, &b].iter().any(|u| has_flag(u, &e.field))
    {
        merged.fields.insert(e.field.clone(), "yes".into());
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
    let joined = Said::Joined {
        from: b.name,
        into: a.name,
        in_play: total,
        moved,
    };
    Ok(vec![joined.to_string()])
}

/// Figure `code` leaves its unit for unit `to`: a part of one unit combining with another, held
/// to the same rules (or as the umpire rules). Where the table says nothing of combining, a
/// figure moves freely within its side.
pub fn move_figure(
    game: &mut Game,
    ruleset: &Ruleset,
    (code, to): (&str, &str),
    allow: Allow<'_>,
    event: &mut Event,
) -> Result<Vec<String>> {
    let mut f = lookup::figure(game, code)?.clone();
    let into = lookup::unit(game, to)?.clone();
    if f.unit == into.name {
        return Err(Error::usage(format!(
            "{} is already in {}",
            f.code, into.name
        )));
    }
    let from = lookup::unit(game, &f.unit)?.clone();
    let coming = usize::from(f.state.is_none());
    for breach in weigh(game, ruleset, (&into, &from), coming, false)? {
        allow(breach, event)?;
    }
    f.unit.clone_from(&into.name);
    let c = f.code.clone();
    game.apply(game.figure_change(&c, Some(f)), event);
    let moved = Said::Moved {
        figure: c,
        from: from.name,
        into: into.name,
    };
    Ok(vec![moved.to_string()])
}
