//! A unit's fields: the words typed for them made canonical values (a choice, or yes/no for a
//! flag field), the rules of eligibility that govern them (a value only some others allow),
//! and changing them during a game.

use std::collections::BTreeMap;

use crate::engine::requires::{self, Standing, Verdict};
use crate::engine::situation::{Given, Situation};
use crate::error::{Error, Refusal, Result};
use crate::game::lookup::{self, game_def};
use crate::game::state::{Event, Game};
use crate::model::{FactorKind, GameDef, Ruleset, Value};
use crate::suggest::did_you_mean;
use crate::words::flag_word;

/// One typed field, `field=value` or a bare flag field (`field` for yes), as (field, value)
/// in the table's spelling.
pub fn parse(ruleset: &Ruleset, g: &GameDef, word: &str) -> Result<(String, String)> {
    let (field, typed) =
        match word.split_once('=') {
            Some((k, v)) if !k.is_empty() && !v.is_empty() => (k.to_ascii_lowercase(), Some(v)),
            None if !word.is_empty() => (word.to_ascii_lowercase(), None),
            _ => {
                return Err(Error::usage(format!("`{word}` is not FIELD=VALUE")).with_hint(
                "a unit's fields follow its name as FIELD=VALUE words; `umpire rules RULESET` \
                 lists them",
            ));
            }
        };
    let Some(factor_name) = g.unit.get(&field) else {
        if typed.is_none() {
            return Err(
                Error::usage(format!("`{word}` is not FIELD=VALUE")).with_hint(
                    "a unit's fields follow its name as FIELD=VALUE words (a yes/no field alone); \
                 `umpire rules RULESET` lists them",
                ),
            );
        }
        let known: Vec<&str> = g.unit.keys().map(String::as_str).collect();
        return Err(Error::usage(format!(
            "{} units have no `{field}`; they have: {}",
            ruleset.model.title,
            known.join(", ")
        ))
        .with_hint_opt(did_you_mean(&field, known.iter().copied())));
    };
    let factor = ruleset
        .factor(factor_name)
        .ok_or_else(|| Error::failure(format!("unit field `{field}` names no factor")))?;
    if factor.kind == FactorKind::Flag {
        let yes = match typed {
            None => true,
            Some(v) => flag_word(v).ok_or_else(|| {
                Error::usage(format!("`{v}` is not yes or no, for {field}"))
                    .with_hint(format!("`{field}` alone, or `{field}=no`"))
            })?,
        };
        return Ok((field, Value::Flag(yes).word()));
    }
    let Some(word) = typed else {
        return Err(Error::usage(format!("`{field}` needs a value"))
            .with_hint(format!("`{field}=VALUE`; `umpire rules` lists the values")));
    };
    let value = ruleset.value(factor, word).ok_or_else(|| {
        let values: Vec<&str> = factor.values.iter().map(|v| v.name()).collect();
        Error::usage(format!(
            "`{word}` is not a {field}; the choices are: {}",
            values.join(", ")
        ))
        .with_hint_opt(did_you_mean(word, values.iter().copied()))
    })?;
    Ok((field, value.name().to_string()))
}

/// The situation a unit's fields make: each field's factor set to its value.
pub(crate) fn situation(
    ruleset: &Ruleset,
    g: &GameDef,
    fields: &BTreeMap<String, String>,
) -> Situation {
    let mut s = Situation::default();
    for (field, value) in fields {
        let (Some(name), Some(f)) = (
            g.unit.get(field),
            g.unit.get(field).and_then(|n| ruleset.factor(n)),
        ) else {
            continue;
        };
        let value = match f.kind {
            FactorKind::Flag => Value::Flag(flag_word(value) == Some(true)),
            _ => Value::Choice(value.clone()),
        };
        s.given.insert(
            name.clone(),
            Given {
                value,
                distance: None,
                via: None,
            },
        );
    }
    s
}

/// What a figure's unit fields, its own markers and its counts say of it (what it is, and
/// what it is doing), without a roll's words.
pub(crate) fn standing(
    game: &Game,
    ruleset: &Ruleset,
    g: &GameDef,
    code: &str,
) -> Option<Situation> {
    let f = game.figure(code)?;
    let unit = game.units.iter().find(|u| u.name == f.unit)?;
    let mut here = situation(ruleset, g, &unit.fields);
    let given = |value: Value| Given {
        value,
        distance: None,
        via: None,
    };
    for m in g.markers.iter().filter(|m| f.markers.contains(&m.name)) {
        for (factor, value) in &m.acting {
            here.given.insert(factor.clone(), given(value.clone()));
        }
    }
    // Its counts, as a roll reads them.
    for (factor, n) in crate::game::counters::settings(g, f, false) {
        let n = Value::Number(crate::model::Decimal::whole(n));
        here.given.insert(factor.to_string(), given(n));
    }
    for c in crate::game::counters::none_yet(g, f) {
        for (factor, value) in &c.while_none {
            here.given.insert(factor.clone(), given(value.clone()));
        }
    }
    Some(here)
}

/// The first rule of eligibility a unit's fields break, among the rules whose `when` asks
/// only about what the fields set (an order only some troop types take), and about `doing`,
/// a yes/no factor for what the unit is about to do (be combined with another), when given.
pub fn refusal(
    ruleset: &Ruleset,
    g: &GameDef,
    fields: &BTreeMap<String, String>,
    doing: Option<&str>,
) -> Option<Standing> {
    let mut s = situation(ruleset, g, fields);
    if let Some(flag) = doing {
        let given = Given {
            value: Value::Flag(true),
            distance: None,
            via: None,
        };
        s.given.insert(flag.to_string(), given);
    }
    let set_by_fields =
        |factor: &str| doing == Some(factor) || g.unit.values().any(|f| f == factor);
    ruleset
        .model
        .requires
        .iter()
        .filter(|r| r.procedures.is_empty() && r.when.iter().all(|c| set_by_fields(&c.factor)))
        .filter_map(|r| requires::stand(ruleset, &s, &[], r))
        .find(|st| st.verdict != Verdict::Met)
}

/// The limits on unit fields (`limits:`) the unit's side would break with this unit: one
/// refusal for each field the unit has that enough other units of its side (of its `per`
/// group) have already, with what would make it legal.
pub fn over_limits(
    game: &Game,
    g: &GameDef,
    unit: &crate::game::state::Unit,
) -> Vec<(Refusal, String)> {
    let has = |u: &crate::game::state::Unit, l: &crate::model::FieldLimit| {
        u.fields.get(&l.field).is_some_and(|v| match &l.value {
            Some(want) => v == want,
            None => flag_word(v) == Some(true),
        })
    };
    let said = |l: &crate::model::FieldLimit| match &l.value {
        Some(v) => format!("{}={v}", l.field),
        None => l.field.clone(),
    };
    g.limits
        .iter()
        .filter(|l| has(unit, l))
        .filter_map(|l| {
            let group =
                |u: &crate::game::state::Unit| l.per.as_ref().map(|p| u.fields.get(p).cloned());
            let others = game
                .units
                .iter()
                .filter(|u| u.side == unit.side && u.name != unit.name && has(u, l))
                .filter(|u| group(u) == group(unit))
                .map(|u| u.name.clone())
                .collect::<Vec<_>>();
            let over = others.len() >= l.most as usize;
            over.then(|| {
                let whose = match (&l.per, group(unit).flatten()) {
                    (Some(p), Some(v)) => format!(" for {p} {v}"),
                    (Some(p), None) => format!(" with no {p} given"),
                    (None, _) => String::new(),
                };
                let most = match &l.per {
                    Some(p) => format!("{} at most a {p}", l.most),
                    None => format!("{} at most a side", l.most),
                };
                let refusal = Refusal {
                    rule: l.rule.clone(),
                    who: unit.name.clone(),
                    why: format!(
                        "{}{whose} has {} already ({most})",
                        unit.side,
                        others
                            .iter()
                            .map(|o| format!("{o} with {}", said(l)))
                            .collect::<Vec<_>>()
                            .join(", "),
                    ),
                };
                let first = others.first().map_or("", String::as_str);
                let fix = match &l.per {
                    Some(p) => {
                        format!("give it another {p}: `{p}=N` (or `umpire unit set {first} {p}=N`)")
                    }
                    None if l.value.is_some() => {
                        format!("`umpire unit set {first} {}=...` first", l.field)
                    }
                    None => format!("`umpire unit set {first} {}=no` first", l.field),
                };
                (refusal, fix)
            })
        })
        .collect()
}

/// The markers of `added` a side's units carry more of than their share (`share:`), and
/// those `added` or `removed` whose carriers lack the unit they must include: a refusal for
/// each, naming the units that carry it, with what would make it legal (taking it off a unit
/// the command `named`).
pub fn over_shares(
    game: &Game,
    ruleset: &Ruleset,
    g: &GameDef,
    (added, removed, named): (&[&str], &[&str], &[&str]),
) -> Vec<(Refusal, String)> {
    let mut over = Vec::new();
    for m in g
        .markers
        .iter()
        .filter(|m| added.contains(&m.name.as_str()) || removed.contains(&m.name.as_str()))
    {
        let Some(share) = &m.share else { continue };
        for side in &g.sides {
            let units: Vec<&crate::game::state::Unit> = game
                .units
                .iter()
                .filter(|u| u.side == side.name && !game.in_play_of(&u.name).is_empty())
                .collect();
            let carrying: Vec<&str> = units
                .iter()
                .filter(|u| {
                    game.in_play_of(&u.name)
                        .iter()
                        .any(|f| f.markers.contains(&m.name))
                })
                .map(|u| u.name.as_str())
                .collect();
            let most = units.len() / share.one_in.max(1) as usize;
            if carrying.len() > most && added.contains(&m.name.as_str()) {
                let refusal = Refusal {
                    rule: share.rule.clone(),
                    who: side.label.clone().unwrap_or_else(|| side.name.clone()),
                    why: format!(
                        "{} of its {} units would be {} ({}): one in {} at most, {most}",
                        carrying.len(),
                        units.len(),
                        m.label,
                        carrying.join(", "),
                        share.one_in
                    ),
                };
                // Taking it off a unit just named undoes this command's step over the share.
                let just = carrying
                    .iter()
                    .rev()
                    .find(|u| {
                        named.contains(u)
                            || game
                                .in_play_of(u)
                                .iter()
                                .any(|f| named.contains(&f.code.as_str()))
                    })
                    .or(carrying.last())
                    .copied()
                    .unwrap_or_default();
                over.push((refusal, format!("`umpire mark {just} -{}`", m.name)));
            }
            // Carriers that must hold a kind of unit (a reserve force, its sub-command).
            let Some((when, label)) = &share.including else {
                continue;
            };
            let holds = |u: &&str| {
                game.unit(u)
                    .is_some_and(|u| situation(ruleset, g, &u.fields).all_hold(ruleset, when))
            };
            if !carrying.is_empty() && !carrying.iter().any(holds) {
                let refusal = Refusal {
                    rule: share.rule.clone(),
                    who: side.label.clone().unwrap_or_else(|| side.name.clone()),
                    why: format!(
                        "the units {} ({}) would hold no {label}",
                        m.label,
                        carrying.join(", ")
                    ),
                };
                let fix = if added.contains(&m.name.as_str()) {
                    format!(
                        "name one {label} with them, in the same command: `umpire mark UNIT,{} \
                         +{}`",
                        named.join(","),
                        m.name
                    )
                } else {
                    let all: Vec<&str> = carrying.iter().chain(named).copied().collect();
                    format!(
                        "give them another {label} first, or take them all off in one command: \
                         `umpire mark {} -{}`",
                        all.join(","),
                        m.name
                    )
                };
                over.push((refusal, fix));
            }
        }
    }
    over
}

/// Change some of a unit's fields (`FIELD=VALUE`, `FLAG=no`); the caller weighs the
/// rules of eligibility on the result ([`refusal`]) before the change is kept.
pub fn set(
    game: &mut Game,
    ruleset: &Ruleset,
    name: &str,
    words: &[String],
    event: &mut Event,
) -> Result<Vec<String>> {
    let g = game_def(ruleset)?;
    let mut unit = lookup::unit(game, name)?.clone();
    if words.is_empty() {
        return Err(Error::usage("give the fields to change, as FIELD=VALUE")
            .with_hint(format!("`umpire unit set {} FIELD=VALUE`", unit.name)));
    }
    let mut said = Vec::new();
    for w in words {
        let (field, value) = parse(ruleset, g, w)?;
        let before = unit.fields.insert(field.clone(), value.clone());
        let set = crate::game::said::Said::Field {
            unit: unit.name.clone(),
            field,
            was: before,
            now: value,
        };
        said.push(set.to_string());
    }
    game.apply(game.unit_change(&unit.name.clone(), Some(unit)), event);
    Ok(said)
}
