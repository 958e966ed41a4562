//! The linter for table authors (`umpire rules --check`): defects a ruleset loads with but no
//! game can show — bands out of reach of the totals, results nothing gives, factors and
//! markers nothing reads, modifiers that never count. Every finding is exact: where the
//! linter cannot decide (too many situations to enumerate) it says nothing.

pub(crate) mod place;
mod procedure;
mod reach;
mod throws;

use std::collections::BTreeSet;
use std::fmt;

use place::Place;

use crate::error::Result;
use crate::model::Guarded;
use crate::model::Ruleset;
use crate::rules::catalog::Catalog;
use crate::rules::schema::RulesetDef;

/// One defect, at its place in the file.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Finding {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
    pub hint: Option<String>,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )?;
        if let Some(h) = &self.hint {
            write!(f, " ({h})")?;
        }
        Ok(())
    }
}

/// A defect before its place is looked up in the text.
#[derive(Debug, Clone)]
struct Issue {
    place: Place,
    text: String,
    hint: Option<String>,
}

impl Issue {
    fn new(place: Place, text: String, hint: Option<String>) -> Issue {
        Issue { place, text, hint }
    }
}

/// Every finding in a loaded, checked ruleset; `text` is the file it was loaded from.
pub fn lint(ruleset: &Ruleset, text: &str) -> Vec<Finding> {
    // What each procedure wrote itself, to point at the procedure a `like:` took a part from.
    let raw: Option<RulesetDef> = crate::yaml::from_str("", text).ok();
    let mut issues: Vec<(Option<&str>, Issue)> = Vec::new();
    issues.extend(factors(ruleset).into_iter().map(|i| (None, i)));
    issues.extend(markers(ruleset).into_iter().map(|i| (None, i)));
    for p in &ruleset.model.procedures {
        for issue in procedure::check(ruleset, p) {
            issues.push((Some(p.name.as_str()), issue));
        }
    }
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for (procedure, issue) in issues {
        let place = owner(raw.as_ref(), issue.place);
        let (line, column) = place::resolve(text, &place);
        // A part taken by `like:` shows the same defect twice at the same place.
        if !seen.insert((line, column, issue.text.clone())) {
            continue;
        }
        let message = match procedure {
            Some(p) => format!("procedure `{p}`: {}", issue.text),
            None => issue.text,
        };
        out.push(Finding {
            file: ruleset.file.clone(),
            line,
            column,
            message,
            hint: issue.hint,
        });
    }
    out.sort_by_key(|f| (f.line, f.column));
    out
}

/// The place in the procedure that wrote the part, when a `like:` procedure took it over.
fn owner(raw: Option<&RulesetDef>, place: Place) -> Place {
    let Some(raw) = raw else { return place };
    let base = |p: &str, wrote: &dyn Fn(&crate::rules::schema::ProcedureDef) -> bool| {
        raw.procedures
            .iter()
            .find(|x| x.name == p)
            .filter(|x| !wrote(x))
            .and_then(|x| x.like.clone())
            .unwrap_or_else(|| p.to_string())
    };
    match place {
        Place::Band(p, compare, i) => {
            let owner = if compare {
                base(&p, &|x| x.compare.is_some())
            } else {
                base(&p, &|x| x.table.is_some())
            };
            Place::Band(owner, compare, i)
        }
        Place::Grid(p) => Place::Grid(base(&p, &|x| x.grid.is_some())),
        Place::GridRow(p, i) => Place::GridRow(base(&p, &|x| x.grid.is_some()), i),
        Place::Item(p, g, i) => Place::Item(base(&p, &|x| !x.modifiers.is_empty()), g, i),
        Place::Result(p, r) => Place::Result(base(&p, &|x| !x.results.is_empty()), r),
        Place::Impossible(p) => Place::Impossible(base(&p, &|x| x.check.is_some())),
        other => other,
    }
}

/// Factors nothing reads: no procedure, follow-up, other factor or game section names them.
/// (A rule of eligibility reads a factor only for what it governs, which something else sets.)
fn factors(r: &Ruleset) -> Vec<Issue> {
    let mut read: BTreeSet<String> = BTreeSet::new();
    // The compiled model names every factor by its canonical name.
    let mut add = |n: &str| {
        read.insert(n.to_string());
    };
    for p in &r.model.procedures {
        r.own_factors(p).iter().for_each(|n| add(n));
        // A unit rolls once for all when its fields meet these.
        p.once_per_unit
            .iter()
            .flatten()
            .for_each(|c| add(&c.factor));
        // A unit's roll rolls another when its first figure meets these.
        p.unit_roll
            .iter()
            .flat_map(|u| u.when.iter().chain(u.any.iter().flatten()).chain(&u.unless))
            .for_each(|c| add(&c.factor));
        for f in p
            .results
            .iter()
            .flat_map(|x| x.next.iter().chain(&x.follow_up))
            .chain(&p.follow_up)
            .chain(&p.may_follow)
        {
            f.guard().conditions().for_each(|c| add(&c.factor));
            f.set.keys().for_each(|n| add(n));
            f.rename.iter().for_each(|(a, b)| {
                add(a);
                add(b);
            });
            f.carry.iter().flatten().for_each(|n| add(n));
        }
    }
    for f in &r.model.factors {
        f.values_from.iter().for_each(|n| add(n));
        f.distance.iter().flat_map(|d| &d.by).for_each(|n| add(n));
    }
    if let Some(g) = &r.model.game {
        g.unit
            .values()
            .chain(g.acted_upon.values())
            .for_each(|n| add(n));
        for m in &g.markers {
            m.acting
                .keys()
                .chain(m.acted_upon.keys())
                .for_each(|n| add(n));
        }
        // The flag a combining of units sets, for the rules of eligibility that govern it.
        g.combine.iter().for_each(|c| add(&c.flag));
    }
    r.model
        .factors
        .iter()
        .filter(|f| !read.contains(&f.name))
        .map(|f| {
            Issue::new(
                Place::Factor(f.name.clone()),
                format!("factor `{}` is read by nothing", f.name),
                Some("use it in a modifier or condition, list it in a procedure's `factors:`, or remove it".into()),
            )
        })
        .collect()
}

/// Markers with no effect in play: they set no factor, block nothing, and nothing puts them on,
/// takes them off or counts them.
fn markers(r: &Ruleset) -> Vec<Issue> {
    let Some(g) = &r.model.game else {
        return Vec::new();
    };
    // What a roll changes (its own marks, a result's, a re-roll's, what it spreads), and what
    // a pool's spend puts on or takes off.
    let rolls = r.model.procedures.iter().flat_map(|p| {
        let marks = p
            .marks
            .iter()
            .chain(p.results.iter().flat_map(|x| &x.marks))
            .chain(p.rerolls.iter().flat_map(|x| &x.marks))
            .flat_map(|m| &m.change);
        let spread = p
            .results
            .iter()
            .flat_map(|x| &x.spread)
            .flat_map(|s| &s.change);
        marks.chain(spread)
    });
    let spent = r
        .model
        .turn
        .as_ref()
        .and_then(|t| t.players())
        .and_then(|p| p.pool.as_ref())
        .into_iter()
        .flat_map(|pool| &pool.spend)
        .flat_map(|s| s.puts_on.iter().chain(&s.takes_off))
        .map(String::as_str);
    let changed: BTreeSet<&str> = rolls
        .filter_map(|c| c.strip_prefix('+').or_else(|| c.strip_prefix('-')))
        .chain(spent)
        .collect();
    g.markers
        .iter()
        .filter(|m| {
            let n = m.name.as_str();
            m.acting.is_empty()
                && m.acted_upon.is_empty()
                && m.blocks.is_empty()
                && m.if_already.is_none()
                && m.phase_end.is_none()
                && m.turn_start.is_none()
                && !changed.contains(n)
                && !g.counters.iter().any(|c| c.then.as_deref() == Some(n))
                && !g
                    .markers
                    .iter()
                    .flat_map(|x| x.if_already.iter().flat_map(|a| &a.any))
                    .any(|x| x == n)
        })
        .map(|m| {
            Issue::new(
                Place::Marker(m.name.clone()),
                format!("marker `{}` has no effect in play", m.name),
                Some("give it `acting:` or `targeted:` factors or `blocks:`, or let a result's `marks` or a counter put it on".into()),
            )
        })
        .collect()
}

/// `umpire rules --check`: lint one ruleset (`name`) or every one in the catalog, print one
/// line per finding and a summary per ruleset; an error (exit 1) when anything was found.
/// Lint every ruleset, or the one `name` gives: a ruleset's name, or a procedure of the
/// ruleset in use (`in_use`), which lints the ruleset it belongs to. Each ruleset's name with
/// its findings, in the catalog's order.
pub fn check(
    catalog: &Catalog,
    name: Option<&str>,
    in_use: Option<&str>,
) -> Result<Vec<(String, Vec<Finding>)>> {
    let chosen = match name {
        None => None,
        Some(n) => Some(catalog.ruleset(Some(n)).or_else(|e| {
            catalog
                .ruleset(in_use)
                .ok()
                .filter(|r| r.procedure(n).is_some())
                .ok_or(e)
        })?),
    };
    let mut report = Vec::new();
    for (file, text) in catalog.sources() {
        if chosen.as_ref().is_some_and(|c| c.file != file) {
            continue;
        }
        let ruleset = Ruleset::parse(file, text)?;
        report.push((ruleset.name().to_string(), lint(&ruleset, text)));
    }
    Ok(report)
}
