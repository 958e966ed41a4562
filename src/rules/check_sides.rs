//! The checks of a game's side conditions (`game: conditions:`): each loss is a percent of
//! the side's units or a unit of some standing (its conditions on unit fields), and the
//! factor a condition sets is a yes/no factor.

use crate::error::Result;
use crate::rules::schema::{FactorKind, GameDef};
use crate::rules::source::{Locator, Source};
use crate::suggest::did_you_mean;

impl Source {
    pub(super) fn check_sides(&self, g: &GameDef, at: &Locator<'_>) -> Result<()> {
        for c in &g.conditions {
            let here = format!("name: {}", c.name);
            let err =
                |needle: &str, msg: String| at.err(&["game:", "conditions:", &here, needle], msg);
            if c.any.is_empty() {
                return Err(err(
                    "any:",
                    format!("condition `{}` lists no loss in `any`", c.name),
                ));
            }
            for loss in &c.any {
                if !loss.marked.is_empty() && loss.percent.is_none() {
                    return Err(err(
                        "marked:",
                        format!(
                            "condition `{}`: `marked` goes with `percent: N` (units counted \
                             as lost when marked)",
                            c.name
                        ),
                    ));
                }
                for m in &loss.marked {
                    let name = crate::rules::compile_game::marker_name(g, m);
                    if !g.markers.iter().any(|x| x.name == name) {
                        return Err(err(
                            m,
                            format!(
                                "condition `{}` counts the marker `{m}`, which the game does not have",
                                c.name
                            ),
                        ));
                    }
                }
                if loss.more_than_enemy && loss.points.is_none() {
                    return Err(err(
                        "more-than-enemy:",
                        format!(
                            "condition `{}`: `more-than-enemy` goes with `points: N`",
                            c.name
                        ),
                    ));
                }
                if let Some(p) = loss.points {
                    let whole_or_half = crate::model::Points::from_decimal(p)
                        .is_some_and(|x| x > crate::model::Points::ZERO);
                    if !whole_or_half || loss.percent.is_some() || loss.unit.is_some() {
                        return Err(err(
                            "points:",
                            format!(
                                "condition `{}`: `points: {p}` is a loss of its own, of more \
                                 than 0 points in wholes or halves",
                                c.name
                            ),
                        ));
                    }
                    continue;
                }
                match (loss.percent, &loss.unit) {
                    (Some(p), None) if (1..=100).contains(&p) => {}
                    (Some(p), None) => {
                        return Err(err(
                            "percent:",
                            format!("`percent: {p}` of a side's units: give 1 to 100"),
                        ));
                    }
                    (None, Some(when)) => {
                        if loss.label.is_none() {
                            return Err(err(
                                "unit:",
                                format!(
                                    "condition `{}`: a lost unit needs a `label` saying which",
                                    c.name
                                ),
                            ));
                        }
                        let fields: Vec<&str> = g.unit.values().map(String::as_str).collect();
                        for name in when.keys() {
                            let canonical = self.factor(name).map(|f| f.name.as_str());
                            if !canonical.is_some_and(|n| fields.contains(&n)) {
                                return Err(err(
                                    name,
                                    format!("`{name}` is not a unit field's factor"),
                                )
                                .with_hint_opt(did_you_mean(name, fields.iter().copied())));
                            }
                        }
                        self.check_conditions(when, &|n, msg| err(n, msg))?;
                    }
                    _ => {
                        return Err(err(
                            "any:",
                            format!(
                                "condition `{}`: each loss is `{{percent: N}}`, `{{points: N}}` or `{{unit: ..., label: ...}}`",
                                c.name
                            ),
                        ));
                    }
                }
            }
            if let Some(flag) = &c.sets
                && !self
                    .factor(flag)
                    .is_some_and(|f| f.kind == FactorKind::Flag)
            {
                let flags = self
                    .def
                    .factors
                    .iter()
                    .filter(|f| f.kind == FactorKind::Flag)
                    .map(|f| f.name.as_str());
                return Err(err(
                    flag,
                    format!(
                        "condition `{}` sets `{flag}`, which is no yes/no factor",
                        c.name
                    ),
                )
                .with_hint_opt(did_you_mean(flag, flags)));
            }
        }
        Ok(())
    }
}
