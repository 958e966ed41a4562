//! What the umpire said about a situation: `name=value` words parsed against a procedure's
//! factors, with aliases, defaults, measured distances turned into bands, and per-side factors.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use serde::Serialize;

use crate::error::{Error, Result};
use crate::model::Ruleset;
use crate::model::decimal::{MAX_WHOLE, PLACES, Unreadable};
use crate::model::{
    ChoiceValue, Cond, Conditions, Decimal, FactorDef, FactorKind, Guard, ProcedureDef, Test,
};
use crate::suggest::{did_you_mean, same};
use crate::words::{flag_word, kind_word};

pub use crate::model::Value;

/// One factor's value as given (or defaulted), with the measured distance it came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Given {
    pub value: Value,
    /// As typed, which may have a fraction (`18.5`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distance: Option<Decimal>,
    /// How a distance became a band, for the explanation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub via: Option<Via>,
}

/// A measured distance read as a band: `distance` fell in (`over`, `upto`] of the scale chosen
/// by `by` (the factor and its value) when the scale depends on one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Via {
    pub distance: Decimal,
    pub unit: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub over: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upto: Option<i64>,
    pub band: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<(String, String)>,
}

/// The factors of one figure or side, by canonical name.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Situation {
    pub given: BTreeMap<String, Given>,
}

/// Everything typed for one roll: shared factors, or per-side factors for an opposed roll.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Input {
    pub shared: Situation,
    pub sides: BTreeMap<String, Situation>,
}

impl Situation {
    /// The value in force: given, or the factor's default.
    pub fn value(&self, ruleset: &Ruleset, name: &str) -> Option<Value> {
        if let Some(g) = self.given.get(name) {
            return Some(g.value.clone());
        }
        let f = ruleset.factor(name)?;
        let d = f.default.as_ref()?;
        match f.kind {
            // The load check made sure a number's default reads as one.
            FactorKind::Number => Decimal::parse(d).ok().map(Value::Number),
            FactorKind::Flag => flag_word(d).map(Value::Flag),
            _ => Some(Value::Choice(d.clone())),
        }
    }

    /// A number factor's value: given, or its default.
    pub fn number(&self, ruleset: &Ruleset, name: &str) -> Option<Decimal> {
        match self.value(ruleset, name) {
            Some(Value::Number(n)) => Some(n),
            _ => None,
        }
    }

    /// Does one condition hold?
    pub fn holds(&self, ruleset: &Ruleset, c: &Cond) -> bool {
        let Some(f) = ruleset.factor(&c.factor) else {
            return false;
        };
        let value = self.value(ruleset, &f.name);
        match (&c.test, value) {
            (Test::Flag(b), v) => v.unwrap_or(Value::Flag(false)) == Value::Flag(*b),
            (Test::Range { min, max }, Some(Value::Number(x))) => {
                min.is_none_or(|m| x.cmp_whole(m) != Ordering::Less)
                    && max.is_none_or(|m| x.cmp_whole(m) != Ordering::Greater)
            }
            (Test::Values(keys), Some(Value::Choice(actual))) => keys
                .iter()
                .any(|k| ruleset.key_covers(f, k, &actual).is_some()),
            _ => false,
        }
    }

    pub fn all_hold(&self, ruleset: &Ruleset, c: &Conditions) -> bool {
        c.iter().all(|c| self.holds(ruleset, c))
    }

    /// Does the guard hold? `unless` fails it when any one of its conditions holds.
    pub fn guard_holds(&self, ruleset: &Ruleset, g: Guard<'_>) -> bool {
        self.all_hold(ruleset, g.when)
            && (g.any.is_empty() || g.any.iter().any(|c| self.all_hold(ruleset, c)))
            && !g.unless.iter().any(|c| self.holds(ruleset, c))
    }

    /// Did the umpire say something that this guard is about (so a miss deserves a word)?
    ///
    /// Yes/no situations, and distances measured, are what the umpire declares; other
    /// conditions only qualify them. So when a guard has such a condition, only a declared
    /// one counts (a bonus at close range is not news to a shot at no range given).
    pub fn touches(&self, ruleset: &Ruleset, g: Guard<'_>) -> bool {
        let conditions = || std::iter::once(g.when).chain(g.any.iter()).flatten();
        let declared = |c: &Cond| self.given.contains_key(&c.factor) && self.holds(ruleset, c);
        let measured = |c: &Cond| {
            ruleset
                .factor(&c.factor)
                .is_some_and(|f| f.distance.is_some())
        };
        let is_flag = |c: &&Cond| c.test == Test::Flag(true) || measured(c);
        if conditions().any(|c| is_flag(&c)) {
            conditions().filter(is_flag).any(declared)
        } else {
            conditions().any(declared)
        }
    }

    /// The `name=value` words that would give this situation again.
    pub fn words(&self, only: Option<&[String]>) -> Vec<String> {
        self.given
            .iter()
            .filter(|(n, _)| only.is_none_or(|o| o.contains(n)))
            .map(|(n, g)| match (&g.value, g.distance) {
                (Value::Flag(true), _) => n.clone(),
                (_, Some(d)) => format!("{n}={d}"),
                (v, None) => format!("{n}={}", v.word()),
            })
            .collect()
    }
}

/// A number as typed at the table: `20`, `+2`, `18.5`, `20in`, `45cm`, and `20"` where the
/// ruleset lists `"` among its unit's marks: a unit suffix is taken only when it is (the start
/// of) the unit the number is measured in, so `45cm` is never read as inches.
fn number_word(word: &str, unit: &str, marks: &[String]) -> Result<Decimal, Unreadable> {
    let end = word
        .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | '+' | '-')))
        .unwrap_or(word.len());
    let (number, suffix) = word.split_at(end);
    let suffix = suffix.trim();
    let ok = suffix.is_empty()
        || (!unit.is_empty() && unit.starts_with(suffix))
        || marks.iter().any(|m| m == suffix);
    if !ok {
        return Err(Unreadable::NotANumber);
    }
    Decimal::parse(number)
}

/// Whether a word was meant as a number (`18.5.2`, `1e9`, `-3`), so that its refusal says what
/// a number must look like rather than list the factor's values.
fn looks_numeric(word: &str) -> bool {
    word.trim_start_matches(['+', '-'])
        .starts_with(|c: char| c.is_ascii_digit() || c == '.')
}

/// Why `word` (`name=text`) is not a number the factor takes, with how to write one.
fn unreadable(word: &str, f: &FactorDef, text: &str, unit: &str, why: Unreadable) -> Error {
    let measured = f.unit.is_some() || f.distance.is_some();
    let name = &f.name;
    if !measured {
        return match why {
            Unreadable::TooLarge => Error::usage(format!("`{word}`: `{text}` is too large")),
            Unreadable::NotANumber => {
                Error::usage(format!("`{word}`: `{text}` is not a whole number"))
            }
            Unreadable::TooManyPlaces => {
                Error::usage(format!("`{word}`: {name} is a count: give a whole number"))
            }
        }
        .with_hint(format!("e.g. `{name}=2`"));
    }
    let units = if unit.is_empty() { "units" } else { unit };
    match why {
        Unreadable::NotANumber => {
            Error::usage(format!("`{word}`: `{text}` is not a distance in {units}")).with_hint(
                format!("write it in digits, with one decimal point if need be: `{name}=12.5`"),
            )
        }
        Unreadable::TooManyPlaces => Error::usage(format!(
            "`{word}`: a distance has at most {PLACES} decimal places"
        ))
        .with_hint(format!("e.g. `{name}=12.125`")),
        Unreadable::TooLarge => Error::usage(format!(
            "`{word}`: a distance is at most {MAX_WHOLE} {units}"
        ))
        .with_hint(format!("measure it in {units}, e.g. `{name}=12.5`")),
    }
}

/// The other ways the ruleset's own unit is written (`"` for inches); none for another unit.
fn unit_marks<'a>(ruleset: &'a Ruleset, unit: &str) -> &'a [String] {
    if unit == ruleset.unit() {
        &ruleset.model.unit_marks
    } else {
        &[]
    }
}

pub fn value_list(f: &FactorDef) -> String {
    f.values
        .iter()
        .map(ChoiceValue::name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Parse the FACTOR words typed after a procedure.
pub fn parse(ruleset: &Ruleset, procedure: &ProcedureDef, words: &[String]) -> Result<Input> {
    let allowed = ruleset.chain_factors(procedure);
    let mut input = Input::default();
    let side_of = |prefix: &str| {
        procedure
            .sides
            .iter()
            .find(|s| same(&s.name, prefix) || s.aliases.iter().any(|a| same(a, prefix)))
    };
    for word in words {
        let (name_part, value_part) = match word.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (word.trim(), None),
        };
        let (side, name) = match name_part.split_once('.') {
            Some((prefix, rest)) if !procedure.sides.is_empty() => {
                let side = side_of(prefix).ok_or_else(|| {
                    let names: Vec<&str> =
                        procedure.sides.iter().map(|s| s.name.as_str()).collect();
                    Error::usage(format!(
                        "`{word}`: `{prefix}` is not a side of {}; its sides are {}",
                        procedure.name,
                        names.join(" and ")
                    ))
                    .with_hint_opt(did_you_mean(prefix, names.iter().copied()))
                })?;
                (Some(side.name.clone()), rest)
            }
            _ => (None, name_part),
        };
        if side.is_none() && !procedure.sides.is_empty() {
            let first = procedure.sides.first().map_or("", |s| s.name.as_str());
            return Err(Error::usage(format!(
                "`{word}`: {} is an opposed roll, so say whose factor it is",
                procedure.name
            ))
            .with_hint(format!("e.g. `{first}.{word}`")));
        }
        let factor = ruleset
            .factor(name)
            .filter(|f| allowed.contains(&f.name))
            .ok_or_else(|| {
                let mut candidates: Vec<&str> = allowed.iter().map(String::as_str).collect();
                for f in &allowed {
                    if let Some(def) = ruleset.factor(f) {
                        candidates.extend(def.aliases.iter().map(String::as_str));
                    }
                }
                let what = if ruleset.factor(name).is_some() {
                    "does not use"
                } else {
                    "has no factor"
                };
                Error::usage(format!(
                    "{} {what} `{name}`; it takes: {}",
                    procedure.name,
                    allowed.join(", ")
                ))
                .with_hint_opt(
                    did_you_mean(name, candidates)
                        .or_else(|| Some(format!("see `umpire rules {}`", procedure.name))),
                )
            })?;
        let given = parse_value(ruleset, factor, word, value_part)?;
        let situation = match &side {
            Some(s) => input.sides.entry(s.clone()).or_default(),
            None => &mut input.shared,
        };
        if situation.given.insert(factor.name.clone(), given).is_some() {
            return Err(Error::usage(format!("`{}` is given twice", factor.name))
                .with_hint("give each factor once"));
        }
    }
    // What the procedure always reads as given, unless the words said it.
    if procedure.sides.is_empty() {
        for (f, v) in &procedure.given {
            input
                .shared
                .given
                .entry(f.clone())
                .or_insert_with(|| Given {
                    value: v.clone(),
                    distance: None,
                    via: None,
                });
        }
    }
    for s in &procedure.sides {
        input.sides.entry(s.name.clone()).or_default();
    }
    resolve_distances(ruleset, &mut input.shared)?;
    for s in input.sides.values_mut() {
        resolve_distances(ruleset, s)?;
    }
    Ok(input)
}

fn parse_value(ruleset: &Ruleset, f: &FactorDef, word: &str, value: Option<&str>) -> Result<Given> {
    let plain = |value| {
        Ok(Given {
            value,
            distance: None,
            via: None,
        })
    };
    match f.kind {
        FactorKind::Flag => match value {
            None => plain(Value::Flag(true)),
            Some(v) => flag_word(v).map_or_else(
                || {
                    Err(Error::usage(format!("`{word}`: {} is yes or no", f.name))
                        .with_hint(format!("write `{}` alone for yes", f.name)))
                },
                |b| plain(Value::Flag(b)),
            ),
        },
        FactorKind::Number => {
            let v = value.ok_or_else(|| {
                Error::usage(format!("`{word}`: {} needs a number", f.name))
                    .with_hint(format!("e.g. `{}=2`", f.name))
            })?;
            let unit = f.unit.as_deref().unwrap_or(ruleset.unit());
            let n = number_word(v, unit, unit_marks(ruleset, unit))
                .map_err(|why| unreadable(word, f, v, unit, why))?;
            // Only a measure has a fraction: a count is of whole things.
            if f.unit.is_none() && !n.is_whole() {
                return Err(unreadable(word, f, v, unit, Unreadable::TooManyPlaces));
            }
            let below = f.min.filter(|m| n.cmp_whole(*m) == Ordering::Less);
            let above = f.max.filter(|m| n.cmp_whole(*m) == Ordering::Greater);
            if let Some(bound) = below.or(above) {
                let range = format!(
                    "{}..{}",
                    f.min.map(|m| m.to_string()).unwrap_or_default(),
                    f.max.map(|m| m.to_string()).unwrap_or_default()
                );
                return Err(
                    Error::usage(format!("`{word}`: {} must be in {range}", f.name))
                        .with_hint(format!("the nearest is `{}={bound}`", f.name)),
                );
            }
            plain(Value::Number(n))
        }
        FactorKind::Choice => {
            let list = value_list(f);
            let v = value.ok_or_else(|| {
                Error::usage(format!(
                    "`{word}` needs a value: {} is one of {list}",
                    f.name
                ))
                .with_hint(format!(
                    "e.g. `{}={}`",
                    f.name,
                    f.values.first().map_or("", ChoiceValue::name)
                ))
            })?;
            if let Some(spec) = ruleset.value(f, v) {
                return plain(Value::Choice(spec.name().to_string()));
            }
            // A class stands for any of its members where the tables treat them alike.
            if let Some(class) = ruleset.class(f, v) {
                return plain(Value::Choice(class.name.clone()));
            }
            if f.distance.is_some() {
                let unit = f.unit.as_deref().unwrap_or(ruleset.unit());
                match number_word(v, unit, unit_marks(ruleset, unit)) {
                    Ok(d) if d < Decimal::default() => {
                        return Err(Error::usage(format!(
                            "`{word}`: a distance cannot be negative"
                        ))
                        .with_hint(format!(
                            "give the distance measured, e.g. `{}=12.5`",
                            f.name
                        )));
                    }
                    // The band is chosen once every factor is known (the weapon picks the scale).
                    Ok(d) => {
                        return Ok(Given {
                            value: Value::Number(d),
                            distance: Some(d),
                            via: None,
                        });
                    }
                    Err(why) if looks_numeric(v) => {
                        return Err(unreadable(word, f, v, unit, why));
                    }
                    Err(_) => {}
                }
            }
            let mut names: Vec<&str> = f.values.iter().map(ChoiceValue::name).collect();
            names.extend(f.classes.iter().map(|c| c.name.as_str()));
            names.extend(
                f.values
                    .iter()
                    .flat_map(|s| s.aliases().iter().map(String::as_str)),
            );
            let takes = if f.distance.is_some() {
                format!(
                    "{list}, or a distance in {}",
                    f.unit.as_deref().unwrap_or(ruleset.unit())
                )
            } else {
                list
            };
            Err(Error::usage(format!("`{word}`: {} takes {takes}", f.name))
                .with_hint_opt(did_you_mean(v, names)))
        }
    }
}

/// Turn measured distances into the band their scale gives.
fn resolve_distances(ruleset: &Ruleset, s: &mut Situation) -> Result<()> {
    let pending: Vec<(String, Decimal)> = s
        .given
        .iter()
        .filter_map(|(n, g)| g.distance.map(|d| (n.clone(), d)))
        .collect();
    for (name, d) in pending {
        let Some(f) = ruleset.factor(&name) else {
            continue;
        };
        let Some(dist) = &f.distance else { continue };
        let by_value = dist
            .by
            .as_deref()
            .and_then(|b| s.value(ruleset, b).map(|v| (b, v.word())));
        let scale = dist
            .scales
            .iter()
            .find(|sc| {
                by_value
                    .as_ref()
                    .is_some_and(|(_, v)| sc.for_values.contains(v))
            })
            .or_else(|| dist.scales.iter().find(|sc| sc.for_values.is_empty()))
            .ok_or_else(|| {
                Error::failure(format!("{}: no distance scale for `{name}`", ruleset.file))
            })?;
        let unit = f.unit.as_deref().unwrap_or(ruleset.unit());
        let mut lower = None;
        for band in &scale.bands {
            // `upto: 18` takes 18 itself, and 18.5 is over it.
            if band
                .upto
                .is_none_or(|u| d.cmp_whole(u) != Ordering::Greater)
            {
                let via = Via {
                    distance: d,
                    unit: unit.to_string(),
                    over: lower,
                    upto: band.upto,
                    band: band.value.clone(),
                    by: by_value.clone().map(|(b, v)| (b.to_string(), v)),
                };
                if let Some(g) = s.given.get_mut(&name) {
                    g.value = Value::Choice(band.value.clone());
                    g.via = Some(via);
                }
                break;
            }
            lower = band.upto;
        }
    }
    Ok(())
}

pub fn kind_of(f: &FactorDef) -> &'static str {
    kind_word(f.kind)
}
