//! An army list put on the table: every unit of each line (the line's own units, or the
//! alternative chosen for it) added to a side as a unit of the game, with the fields its
//! kind, grade and tags give, the points it is worth and the markers every unit starts with;
//! kinds the table does not put on the table are said, not added.

use std::collections::BTreeMap;

use crate::error::{Error, Result};
use crate::game::lookup::{self, game_def};
use crate::game::markers;
use crate::game::roster::{self, UnitSpec};
use crate::game::state::{Event, Game};
use crate::model::{ArmyList, Points, PointsDef, Pricing, Ruleset};
use crate::suggest::same;

/// Put `list` on the table for `side`: its units, named `SIDE-KIND-N`. Returns what was done.
pub fn place(
    game: &mut Game,
    ruleset: &Ruleset,
    side: &str,
    list: &ArmyList,
    event: &mut Event,
) -> Result<Vec<String>> {
    let g = game_def(ruleset)?;
    let side = lookup::side(g, side)?.to_string();
    let p = ruleset
        .model
        .points
        .as_ref()
        .ok_or_else(|| Error::usage(format!("{} has no army lists", ruleset.model.title)))?;
    let placing = p.placing.as_ref().ok_or_else(|| {
        Error::usage(format!(
            "{}'s points table does not say how its units go on the table",
            ruleset.model.title
        ))
        .with_hint("its table needs `points: game:` and each kind's `game:` fields")
    })?;
    let mut numbered: BTreeMap<&str, u32> = BTreeMap::new();
    let mut placed = 0u32;
    let mut worth = Points::ZERO;
    let mut left_out: Vec<String> = Vec::new();
    for e in list.lines.iter().flat_map(|l| &l.units) {
        let Some(kind) = p.unit(&e.unit) else {
            continue;
        };
        if kind.fields.is_empty() {
            left_out.push(format!("{} {}", e.count, kind.label));
            continue;
        }
        let each = p.price(e, &list.tags).map(|x| x.each);
        let grade = e.grade.clone().or_else(|| match &kind.pricing {
            Pricing::Fixed { grade, .. } => grade.clone(),
            Pricing::Graded(_) => None,
        });
        let mut fields: Vec<(String, String)> = kind
            .fields
            .iter()
            .map(|(f, v)| (f.clone(), v.clone()))
            .collect();
        if let (Some(field), Some(grade)) = (&placing.grade, grade) {
            fields.push((field.clone(), grade));
        }
        let has = |t: &String| e.tags.contains(t) || list.tags.contains(t);
        for (tag, field, unless) in &placing.tags {
            if has(tag) && !unless.iter().any(has) {
                fields.push((field.clone(), "yes".into()));
            }
        }
        for _ in 0..e.count {
            let n = numbered.entry(kind.name.as_str()).or_default();
            *n += 1;
            let spec = UnitSpec {
                name: format!("{side}-{}-{n}", kind.name),
                side: side.clone(),
                code: None,
                figures: None,
                fields: fields.clone(),
                points: each,
                note: e.label.clone().unwrap_or_default(),
            };
            roster::add_unit(game, ruleset, &spec, event)?;
            for m in &placing.marks {
                let codes: Vec<String> = game
                    .in_play_of(&spec.name)
                    .iter()
                    .map(|f| f.code.clone())
                    .collect();
                for code in codes {
                    let mark = [lookup::Mark::Add(m.clone())];
                    markers::mark(game, ruleset, &code, &mark, event)?;
                }
            }
            placed += 1;
            worth = worth.plus(each.unwrap_or_default());
        }
    }
    let placed = crate::game::said::Said::ArmyPlaced {
        side: lookup::side_label(g, &side).to_string(),
        units: placed,
        title: list.title.clone(),
        list: list.name.clone(),
        points: worth.to_string(),
        left_out,
        marked: placing
            .marks
            .iter()
            .map(|m| lookup::marker_label(g, m).to_string())
            .collect(),
    };
    // One line, and the units left out on a line of their own.
    Ok(placed.to_string().lines().map(str::to_string).collect())
}

/// Units as messages say them (`2 light infantry and 1 artillery`).
pub type Shown<'a> = &'a dyn Fn(&[crate::model::Entry]) -> String;

/// `list` with line `line` (from 1, as `umpire army show` numbers them) replaced by its
/// alternative `alt`: its number among the line's alternatives (from 1), or a kind of unit
/// only one of them has. What was chosen, as `line 5: 2 light infantry instead of ...`.
pub fn choose(
    list: &mut ArmyList,
    points: &PointsDef,
    (line, alt): (usize, &str),
    shown: Shown<'_>,
) -> Result<String> {
    let title = list.title.clone();
    let lines = list.lines.len();
    let show = shown_by(list);
    let Some(l) = line.checked_sub(1).and_then(|i| list.lines.get_mut(i)) else {
        return Err(Error::usage(format!(
            "the {title} list has no line {line}: it has {lines}"
        ))
        .with_hint(format!("`{show}` numbers them")));
    };
    if l.alternatives.is_empty() {
        return Err(Error::usage(format!(
            "line {line} of the {title} list ({}) has no alternative to choose",
            shown(&l.units)
        ))
        .with_hint(format!("`{show}` shows the `or` lines")));
    }
    let options: Vec<String> = l
        .alternatives
        .iter()
        .enumerate()
        .map(|(i, a)| format!("{}: {}", i + 1, shown(&a.units)))
        .collect();
    let by_kind = |a: &&crate::model::Alternative| {
        let kind = points.unit(alt).map(|k| k.name.as_str());
        a.units
            .iter()
            .any(|e| same(&e.unit, alt) || kind.is_some_and(|k| e.unit == k))
    };
    let found: Vec<usize> = match alt.parse::<usize>() {
        Ok(n) => (1..=l.alternatives.len()).filter(|i| *i == n).collect(),
        Err(_) => (1..=l.alternatives.len())
            .filter(|i| by_kind(&&l.alternatives[i - 1]))
            .collect(),
    };
    let [n] = found[..] else {
        let why = if found.is_empty() {
            "is none of"
        } else {
            "names more than one of"
        };
        return Err(Error::usage(format!(
            "`{alt}` {why} the alternatives of line {line} of the {title} list: {}",
            options.join(", ")
        ))
        .with_hint(format!(
            "--choose SIDE:{line}=N, N from 1 to {}",
            l.alternatives.len()
        )));
    };
    let a = l.alternatives.remove(n - 1);
    let said = format!(
        "line {line}: {} instead of {}",
        shown(&a.units),
        shown(&l.units)
    );
    l.units = a.units;
    l.alternatives.clear();
    l.printed = None;
    if a.note.is_some() {
        l.note = a.note;
    }
    Ok(said)
}

/// The command that shows `list` again: a list of the document by its name, one from a file
/// (named so in a game) by `army check FILE`.
pub fn shown_by(list: &ArmyList) -> String {
    if std::path::Path::new(&list.name).is_file() {
        format!("umpire army check {}", list.name)
    } else {
        format!("umpire army show {}", list.name)
    }
}

/// The lines of `list` whose alternatives were not chosen, by their numbers from 1.
pub fn unchosen(list: &ArmyList) -> Vec<usize> {
    (1..=list.lines.len())
        .filter(|i| !list.lines[i - 1].alternatives.is_empty())
        .collect()
}
