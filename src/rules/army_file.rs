//! A user's own army list (`umpire army check FILE`), read as a table's list is and checked
//! against the points table of the ruleset in use: every mistake found (not only the first),
//! each at FILE:line:col, and what the list costs against the size it is for.

use crate::error::{Error, Result};
use crate::model::{self as m, Model, Points};
use crate::rules::check_army::{Path, Problem, Reader, borrowed, cost, step};
use crate::rules::lint::Finding;
use crate::rules::lint::place::path_offset;
use crate::rules::schema::ArmyFileDef;
use crate::rules::source::line_col;
use crate::suggest::did_you_mean;

/// A place in the file, 1-based.
pub type At = (usize, usize);

/// What a user's list comes to.
#[derive(Debug, Clone)]
pub struct Checked {
    /// The list as read: its lines, those the table could price.
    pub list: m::ArmyList,
    /// The period it names, if any (its name).
    pub period: Option<String>,
    /// The points a side has: the file's `size:`, else its period's.
    pub size: Option<Points>,
    /// Where the size is judged: the `lines:` key.
    pub size_at: At,
    /// What the list costs, every line as written.
    pub total: Points,
    /// Every mistake, in the order of the file.
    pub mistakes: Vec<Finding>,
    /// Printed figures the points table disagrees with, each where it is written.
    pub slips: Vec<(m::Slip, At)>,
}

/// Read and check `text`, the file shown as `file`, against `model`'s points table.
pub fn check(model: &Model, file: &str, text: &str) -> Result<Checked> {
    let def: ArmyFileDef = crate::yaml::from_str(file, text)
        .map_err(|e| e.with_hint("`umpire army check --help` shows the shape of a list"))?;
    let points = model
        .points
        .as_ref()
        .ok_or_else(|| Error::usage(format!("ruleset `{}` has no points table", model.ruleset)))?;
    let place = |path: &Path| -> At { line_col(text, path_offset(text, &borrowed(path))) };
    let top: Path = Vec::new();
    let mut read = Reader::new(points);
    let mut early: Vec<Problem> = Vec::new();
    let period = match &def.period {
        None => None,
        Some(word) => {
            let found = m::find_exact(&model.armies, word, m::Period::names);
            if found.is_none() {
                let names = m::names_of(&model.armies, m::Period::names);
                early.push(Problem {
                    path: step(&top, "period", None),
                    message: format!("`{word}` is not a period of `{}`", model.ruleset),
                    hint: did_you_mean(word, names.iter().copied()).or_else(|| {
                        (!names.is_empty())
                            .then(|| format!("the periods are: {}", names.join(", ")))
                    }),
                });
            }
            found
        }
    };
    let size = match def.size {
        Some(d) => {
            let c = cost(d);
            if c.is_none() {
                early.push(Problem {
                    path: step(&top, "size", None),
                    message: format!("`{d}` is not a size: give whole or half points"),
                    hint: None,
                });
            }
            c
        }
        None => period.map(|p| p.size),
    };
    if def.period.is_none() && def.size.is_none() {
        let names = m::names_of(&model.armies, m::Period::names);
        early.push(Problem {
            path: top.clone(),
            message: "the list says neither its period (`period:`) nor the points a side has \
                      (`size:`)"
                .into(),
            hint: (!names.is_empty()).then(|| format!("the periods are: {}", names.join(", "))),
        });
    }
    let tags = read.tags(&def.tags, &top);
    let printed = read.cost(def.printed, step(&top, "printed", None));
    let lines = def
        .lines
        .iter()
        .enumerate()
        .map(|(i, l)| read.line(l, &tags, &step(&top, "lines", Some(i))))
        .collect();
    let list = m::ArmyList {
        name: def.name.clone().unwrap_or_default(),
        title: def.title.clone().unwrap_or_default(),
        aliases: Vec::new(),
        tags,
        printed,
        notes: def.notes.clone(),
        lines,
    };
    let mut problems = early;
    problems.extend(read.problems);
    let mut mistakes: Vec<Finding> = problems
        .into_iter()
        .map(|p| {
            let (line, column) = place(&p.path);
            Finding {
                file: file.to_string(),
                line,
                column,
                message: p.message,
                hint: p.hint,
            }
        })
        .collect();
    mistakes.sort_by_key(|f| (f.line, f.column));
    let slips = points
        .slips(&list)
        .into_iter()
        .map(|slip| {
            let path = match slip.at {
                m::SlipAt::Total => step(&top, "printed", None),
                m::SlipAt::Line(i) => step(&step(&top, "lines", Some(i)), "printed", None),
                m::SlipAt::Each(i, j) => {
                    let line = step(&top, "lines", Some(i));
                    let several = def.lines.get(i).is_some_and(|l| !l.units.is_empty());
                    let entry = if several {
                        step(&line, "units", Some(j))
                    } else {
                        line
                    };
                    step(&entry, "printed-each", None)
                }
            };
            let at = place(&path);
            (slip, at)
        })
        .collect();
    Ok(Checked {
        total: points.total(&list),
        list,
        period: period.map(|p| p.name.clone()),
        size,
        size_at: place(&step(&top, "lines", None)),
        mistakes,
        slips,
    })
}
