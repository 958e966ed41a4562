//! An army list put on the table: every unit of each line (the line's own units, not its
//! alternatives) added to a side as a unit of the game, with the fields its kind, grade and
//! tags give and the points it is worth; kinds the table does not put on the table (a dummy
//! card) are said, not added.

use std::collections::BTreeMap;

use crate::error::{Error, Result};
use crate::game::roster::{self, UnitSpec, game_def};
use crate::game::state::{Event, Game};
use crate::model::{ArmyList, Points, Pricing, Ruleset};

/// Put `list` on the table for `side`: its units, named `SIDE-KIND-N`. Returns what was done.
pub fn place(
    game: &mut Game,
    ruleset: &Ruleset,
    side: &str,
    list: &ArmyList,
    event: &mut Event,
) -> Result<Vec<String>> {
    let g = game_def(ruleset)?;
    let side = roster::side(g, side)?.to_string();
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
            placed += 1;
            worth = worth.plus(each.unwrap_or_default());
        }
    }
    let placed = crate::game::said::Said::ArmyPlaced {
        side: crate::game::turn::side_label(g, &side).to_string(),
        units: placed,
        title: list.title.clone(),
        list: list.name.clone(),
        points: worth.to_string(),
        left_out,
    };
    // One line, and the units left out on a line of their own.
    Ok(placed.to_string().lines().map(str::to_string).collect())
}
