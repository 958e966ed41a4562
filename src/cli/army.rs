//! `umpire army`: the army lists of the ruleset in use (`list`, `show`), its points table
//! (`points`), and a user's own list checked against it (`check`).

use std::path::PathBuf;

use clap::Subcommand;
use serde_json::{Value, json};

use super::{Cli, write_json};
use crate::error::{Error, Result};
use crate::model::{self as m, ArmyList, Found, Period, PointsDef, Ruleset};
use crate::present::{army, words};
use crate::rules::army_file;
use crate::rules::catalog::Catalog;
use crate::suggest::did_you_mean;

/// How a user's own list is written, for `army check --help`.
const CHECK_SHAPE: &str = "\
A list is a YAML file, each line as the ruleset's own lists write theirs:

  period: PERIOD        # the period it is for (`umpire army list`): its size applies
  size: POINTS          # or the points a side has, for a list of no period
  title: TEXT           # optional
  tags: [TAG]           # tags every unit of the list carries (a surcharge may follow)
  lines:
    - {count: N, unit: KIND, grade: GRADE}
    - count: N
      unit: KIND
      grade: GRADE      # for a kind bought by grade; a kind of one grade needs none
      tags: [TAG]       # this line's own tags
      label: TEXT       # who they are
      printed-each: POINTS  # what you reckon one unit costs (checked: a warning)
      printed: POINTS   # what you reckon the line costs (checked: a warning)
      or:               # alternatives, each costing what the line costs
        - {count: N, unit: KIND, grade: GRADE}
    - units:            # several kinds bought as one line
        - {count: N, unit: KIND, grade: GRADE}
        - {count: N, unit: KIND}

Kinds, grades and tags are the points table's (`umpire army points`). A mistake names
FILE:line:col and the command exits with 2; a list under its size, or a printed figure the
table disagrees with, is a warning.";

#[derive(Debug, Subcommand)]
pub enum ArmyCmd {
    /// The periods and their army lists: each list's total by the points table, and the total
    /// the rule document printed.
    List {
        /// Only this period: its name, an alias, or the start of either (`umpire army list`
        /// shows them).
        period: Option<String>,
    },
    /// One army list line by line: what each unit and each line costs by the points table
    /// (surcharges shown), the alternatives and whether they cost the same, the total against
    /// the game's size, and where a printed figure disagrees.
    Show {
        /// The list's name (`umpire army list`), an alias, or the start of either.
        name: String,
    },
    /// The points table: what each kind of unit costs by grade, the tags and their surcharges.
    Points,
    /// Check your own army list against the points table of the ruleset in use.
    #[command(after_long_help = CHECK_SHAPE)]
    Check {
        /// The list, in YAML (see `umpire army check --help`).
        file: PathBuf,
    },
}

pub(super) fn army(cli: &Cli, catalog: &Catalog, cmd: &ArmyCmd, out: &mut Vec<u8>) -> Result<()> {
    match cmd {
        ArmyCmd::List { period } => list(cli, catalog, period.as_deref(), out),
        ArmyCmd::Show { name } => show(cli, catalog, name, out),
        ArmyCmd::Points => {
            let r = with_points(cli, catalog, false)?;
            let p = points_of(&r)?;
            if cli.json {
                return write_json(
                    out,
                    json!({ "ruleset": r.name(), "points": points_json(p) }),
                );
            }
            out.extend_from_slice(army::points(p).as_bytes());
            Ok(())
        }
        ArmyCmd::Check { file } => check(cli, catalog, file, out),
    }
}

/// The ruleset in use, when it has a points table (and army lists, when `lists`); otherwise
/// an error naming the rulesets that have them.
fn with_points(cli: &Cli, catalog: &Catalog, lists: bool) -> Result<Ruleset> {
    let r = catalog.ruleset(cli.rules())?;
    let has = |x: &Ruleset| x.model.points.is_some() && (!lists || !x.model.armies.is_empty());
    if has(&r) {
        return Ok(r);
    }
    let what = if lists {
        "army lists"
    } else {
        "army point system"
    };
    let others: Vec<String> = catalog
        .all()
        .ok()
        .into_iter()
        .flatten()
        .filter(|x| has(x))
        .map(|x| x.name().to_string())
        .collect();
    let message = format!("ruleset `{}` ({}) has no {what}", r.name(), r.model.title);
    Err(match others.first() {
        None => Error::usage(format!("{message}, nor has any other here")).with_hint(
            "a table declares them under `points:` and `armies:` (see the README's Army lists)",
        ),
        Some(first) => {
            let quoted: Vec<String> = others.iter().map(|o| format!("`{o}`")).collect();
            Error::usage(format!(
                "{message}; {} {}",
                words::and_list(&quoted),
                if others.len() == 1 { "has" } else { "have" }
            ))
            .with_hint(format!("`umpire army list --rules {first}`"))
        }
    })
}

fn points_of(r: &Ruleset) -> Result<&PointsDef> {
    r.model
        .points
        .as_ref()
        .ok_or_else(|| Error::failure("the ruleset has no points table"))
}

/// The item `word` names among `items`, or an error saying which `what` there are.
fn named<'a, T>(
    items: &'a [T],
    word: &str,
    what: &str,
    names: impl Fn(&'a T) -> (&'a str, &'a [String]) + Copy,
) -> Result<&'a T> {
    let all = m::names_of(items, names);
    match m::find_named(items, word, names) {
        Found::One(item) => Ok(item),
        Found::Several(many) => {
            let listed: Vec<&str> = many.iter().map(|i| names(i).0).collect();
            Err(Error::usage(format!(
                "`{word}` could be any of these {what}s: {}",
                listed.join(", ")
            ))
            .with_hint("give more of the name"))
        }
        Found::Nothing => {
            let own: Vec<&str> = items.iter().map(|i| names(i).0).collect();
            Err(Error::usage(format!("no {what} `{word}`")).with_hint(
                did_you_mean(word, all.iter().copied())
                    .unwrap_or_else(|| format!("the {what}s are: {}", own.join(", "))),
            ))
        }
    }
}

/// The army list `name` names, and its period.
pub(super) fn find_list<'r>(r: &'r Ruleset, name: &str) -> Result<(&'r Period, &'r ArmyList)> {
    let all: Vec<(&Period, &ArmyList)> = r
        .model
        .armies
        .iter()
        .flat_map(|period| period.lists.iter().map(move |l| (period, l)))
        .collect();
    if all.is_empty() {
        return Err(Error::usage(format!("{} has no army lists", r.model.title)));
    }
    Ok(*named(&all, name, "army list", |(_, l)| l.names())?)
}

fn list(cli: &Cli, catalog: &Catalog, period: Option<&str>, out: &mut Vec<u8>) -> Result<()> {
    let r = with_points(cli, catalog, true)?;
    let p = points_of(&r)?;
    let periods: Vec<&Period> = match period {
        None => r.model.armies.iter().collect(),
        Some(word) => vec![named(&r.model.armies, word, "period", Period::names)?],
    };
    if cli.json {
        let list: Vec<Value> = periods
            .iter()
            .map(|period| {
                let lists: Vec<Value> = period
                    .lists
                    .iter()
                    .map(|l| {
                        json!({
                            "name": l.name,
                            "title": l.title,
                            "aliases": l.aliases,
                            "total": p.total(l),
                            "printed": l.printed,
                            "slips": p.slips(l).len(),
                        })
                    })
                    .collect();
                json!({
                    "name": period.name,
                    "title": period.title,
                    "aliases": period.aliases,
                    "size": period.size,
                    "note": period.note,
                    "lists": lists,
                })
            })
            .collect();
        return write_json(out, json!({ "ruleset": r.name(), "periods": list }));
    }
    out.extend_from_slice(army::periods(p, &periods).as_bytes());
    Ok(())
}

fn show(cli: &Cli, catalog: &Catalog, name: &str, out: &mut Vec<u8>) -> Result<()> {
    let r = with_points(cli, catalog, true)?;
    let p = points_of(&r)?;
    let (period, l) = find_list(&r, name)?;
    if cli.json {
        let value = json!({
            "ruleset": r.name(),
            "period": {"name": period.name, "title": period.title, "size": period.size},
            "army": {
                "name": l.name,
                "title": l.title,
                "aliases": l.aliases,
                "tags": l.tags,
                "notes": l.notes,
            },
            "lines": lines_json(p, l),
            "total": p.total(l),
            "printed": l.printed,
            "size": period.size,
            "slips": slips_json(p, l),
        });
        return write_json(out, value);
    }
    out.extend_from_slice(army::list(p, period, l).as_bytes());
    Ok(())
}

/// The points table as JSON: grades, each kind with its costs by grade (or its one cost and
/// the grade it always has), tags and surcharges.
fn points_json(p: &PointsDef) -> Value {
    let named = |n: &m::NamedDef| json!({"name": n.name, "label": n.label, "aliases": n.aliases, "note": n.note});
    let units: Vec<Value> = p
        .units
        .iter()
        .map(|u| {
            let (costs, grade, cost) = match &u.pricing {
                m::Pricing::Graded(costs) => (
                    costs
                        .iter()
                        .map(|(g, c)| json!({"grade": g, "cost": c}))
                        .collect::<Vec<_>>(),
                    None,
                    None,
                ),
                m::Pricing::Fixed { grade, cost } => (Vec::new(), grade.clone(), Some(*cost)),
            };
            json!({
                "name": u.name,
                "label": u.label,
                "aliases": u.aliases,
                "group": u.group,
                "costs": costs,
                "grade": grade,
                "cost": cost,
                "note": u.note,
            })
        })
        .collect();
    json!({
        "grades": p.grades.iter().map(named).collect::<Vec<_>>(),
        "units": units,
        "tags": p.tags.iter().map(named).collect::<Vec<_>>(),
        "surcharges": p.surcharges,
        "note": p.note,
    })
}

/// Units bought together, each priced.
fn units_json(p: &PointsDef, tags: &[String], units: &[m::Entry]) -> Vec<Value> {
    units
        .iter()
        .map(|e| {
            let price = p.price(e, tags);
            let extras: Vec<Value> = price
                .iter()
                .flat_map(|x| &x.extras)
                .map(|(label, add)| json!({"label": label, "add": add}))
                .collect();
            json!({
                "count": e.count,
                "unit": e.unit,
                "grade": e.grade,
                "tags": e.tags,
                "label": e.label,
                "base": price.as_ref().map(|x| x.base),
                "extras": extras,
                "each": price.as_ref().map(|x| x.each),
                "cost": price.as_ref().map(|x| x.total),
                "printed_each": e.printed_each,
            })
        })
        .collect()
}

/// A list's lines as JSON: each line's units, cost, printed cost and alternatives.
fn lines_json(p: &PointsDef, l: &ArmyList) -> Vec<Value> {
    l.lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let cost = p.cost_of(&line.units, &l.tags);
            let alternatives: Vec<Value> = line
                .alternatives
                .iter()
                .map(|a| {
                    let alt = p.cost_of(&a.units, &l.tags);
                    json!({
                        "units": units_json(p, &l.tags, &a.units),
                        "cost": alt,
                        "same_cost": alt == cost,
                        "note": a.note,
                    })
                })
                .collect();
            json!({
                "line": i + 1,
                "units": units_json(p, &l.tags, &line.units),
                "cost": cost,
                "printed": line.printed,
                "alternatives": alternatives,
                "note": line.note,
            })
        })
        .collect()
}

/// The printed figures the table disagrees with: where (line and part from 1, or the total),
/// what was printed and what the table makes it.
fn slips_json(p: &PointsDef, l: &ArmyList) -> Vec<Value> {
    p.slips(l)
        .iter()
        .map(|s| {
            let (what, line, part) = match s.at {
                m::SlipAt::Each(i, j) => ("each", Some(i + 1), Some(j + 1)),
                m::SlipAt::Line(i) => ("line", Some(i + 1), None),
                m::SlipAt::Total => ("total", None, None),
            };
            json!({
                "what": what,
                "line": line,
                "part": part,
                "printed": s.printed,
                "computed": s.computed,
                "says": words::slip(s),
            })
        })
        .collect()
}

fn check(cli: &Cli, catalog: &Catalog, file: &std::path::Path, out: &mut Vec<u8>) -> Result<()> {
    let r = with_points(cli, catalog, false)?;
    let p = points_of(&r)?;
    let shown = file.display().to_string();
    let text = crate::files::read_path(file, crate::files::ARMY)?
        .ok_or_else(|| Error::usage(format!("{shown}: no such file")))?;
    let checked = army_file::check(&r.model, &shown, &text)?;
    let mut mistakes = checked.mistakes.clone();
    let mut warnings: Vec<crate::rules::lint::Finding> = Vec::new();
    let at = |(line, column): army_file::At, message: String| crate::rules::lint::Finding {
        file: shown.clone(),
        line,
        column,
        message,
        hint: None,
    };
    if mistakes.is_empty()
        && let Some(size) = checked.size
    {
        let says = words::against_size(checked.total, size);
        if checked.total > size {
            mistakes.push(at(checked.size_at, says));
        } else if checked.total < size {
            warnings.push(at(checked.size_at, says));
        }
    }
    for (slip, place) in &checked.slips {
        warnings.push(at(*place, words::slip(slip)));
    }
    warnings.sort_by_key(|f| (f.line, f.column));
    if cli.json {
        write_json(
            out,
            json!({
                "ruleset": r.name(),
                "file": shown,
                "period": checked.period,
                "size": checked.size,
                "total": checked.total,
                "lines": lines_json(p, &checked.list),
                "mistakes": mistakes,
                "warnings": warnings,
            }),
        )?;
    } else if mistakes.is_empty() {
        let period = checked
            .period
            .as_deref()
            .and_then(|n| r.model.armies.iter().find(|x| x.name == n));
        let mut text = army::file_heading(&shown, &checked.list.title, period, checked.size);
        text.push('\n');
        army::write_table(&mut text, p, &checked.list);
        for w in &warnings {
            text.push_str(&format!(
                "{}:{}:{}: warning: {}\n",
                w.file, w.line, w.column, w.message
            ));
        }
        // A list under its size says so in its warning; one of its size, here.
        let verdict = match checked.size {
            Some(size) if size == checked.total => Some(words::against_size(checked.total, size)),
            Some(_) => None,
            None => Some(format!("{} points", checked.total)),
        };
        if let Some(v) = verdict {
            text.push_str(&format!("{shown}: {v}.\n"));
        }
        for n in &checked.list.notes {
            text.push_str(&format!("note: {n}\n"));
        }
        out.extend_from_slice(text.as_bytes());
    } else {
        for f in &mistakes {
            out.extend_from_slice(format!("{f}\n").as_bytes());
        }
    }
    match mistakes.len() {
        0 => Ok(()),
        n => Err(Error::usage(format!(
            "{n} mistake{} in {shown}",
            if n == 1 { "" } else { "s" }
        ))),
    }
}
