//! The checks of a ruleset's army point system (`points:`) and army lists (`armies:`), and the
//! reading of a list's lines against the points table that a table's lists and a user's own
//! list (`umpire army check`) share: every kind, grade and tag known, a grade the kind has,
//! costs in half points, alternatives that cost what their line costs, a list within its size.

use crate::error::Result;
use crate::model::{self as m, Points};
use crate::rules::distinct::{Distinct, first_clash};
use crate::rules::schema::{self as s, EntryDef, Shared};
use crate::rules::source::{Locator, Source};
use crate::suggest::{did_you_mean, same};

/// A path from the top of a file: keys, each with a position in the list under it or none.
pub(super) type Path = Vec<(String, Option<usize>)>;

/// The path with one more step.
pub(super) fn step(path: &Path, key: &str, index: Option<usize>) -> Path {
    let mut p = path.clone();
    p.push((key.to_string(), index));
    p
}

/// The path as `Locator::at_path` and `place::path_offset` take it.
pub(super) fn borrowed(path: &Path) -> Vec<(&str, Option<usize>)> {
    path.iter().map(|(k, i)| (k.as_str(), *i)).collect()
}

/// Something wrong with a list, where it is and what to do about it.
#[derive(Debug, Clone)]
pub(super) struct Problem {
    pub(super) path: Path,
    pub(super) message: String,
    pub(super) hint: Option<String>,
}

/// Reads lines against a points table, gathering every problem rather than stopping at the
/// first (a user's list shows them all; a table is refused at the first).
pub(super) struct Reader<'a> {
    points: &'a m::PointsDef,
    pub(super) problems: Vec<Problem>,
}

/// A number as a cost, when it is a whole or half point.
pub(super) fn cost(d: m::Decimal) -> Option<Points> {
    Points::from_decimal(d)
}

/// "`2.25` is no cost": what a number that is not in half points is told.
fn not_halves(d: m::Decimal) -> String {
    if d.cmp_whole(0).is_lt() {
        return format!("`{d}` is not a cost: a cost is 0 or more");
    }
    format!("`{d}` is not a cost: costs are counted in whole and half points")
}

impl<'a> Reader<'a> {
    pub(super) fn new(points: &'a m::PointsDef) -> Reader<'a> {
        Reader {
            points,
            problems: Vec::new(),
        }
    }

    fn refuse(&mut self, path: Path, message: String, hint: Option<String>) {
        self.problems.push(Problem {
            path,
            message,
            hint,
        });
    }

    /// A number written as a cost, in half points.
    pub(super) fn cost(&mut self, d: Option<m::Decimal>, path: Path) -> Option<Points> {
        let d = d?;
        let c = cost(d);
        if c.is_none() {
            self.refuse(path, not_halves(d), None);
        }
        c
    }

    /// The item of `items` a word names (its name or an alias, in any case); an unknown word
    /// is a problem at `path`, with the nearest name or the list of them.
    fn known<'b, T>(
        &mut self,
        items: &'b [T],
        word: &str,
        names: fn(&T) -> (&str, &[String]),
        (what, whats): (&str, &str),
        path: Path,
    ) -> Option<&'b T> {
        let found = m::find_exact(items, word, names);
        if found.is_none() {
            let all = m::names_of(items, names);
            let hint = did_you_mean(word, all.iter().copied())
                .or_else(|| one_of(&format!("the {whats} are"), &all));
            let message = format!("`{word}` is not a {what} of the points table");
            self.refuse(path, message, hint);
        }
        found
    }

    /// Tags as written, made canonical; an unknown one is a problem at `path`.
    pub(super) fn tags(&mut self, tags: &[String], path: &Path) -> Vec<String> {
        let known = self.points.tags.as_slice();
        tags.iter()
            .filter_map(|t| {
                self.known(
                    known,
                    t,
                    m::NamedDef::names,
                    ("tag", "tags"),
                    step(path, "tags", None),
                )
            })
            .map(|t| t.name.clone())
            .collect()
    }

    /// One entry, its names made canonical; `None` when the table cannot price it.
    fn entry(&mut self, e: &EntryDef, path: &Path) -> Option<m::Entry> {
        if e.count == 0 {
            self.refuse(
                step(path, "count", None),
                "a count of 0: give 1 or more".into(),
                None,
            );
        }
        let tags = self.tags(&e.tags, path);
        let printed_each = self.cost(e.printed_each, step(path, "printed-each", None));
        let points = self.points;
        let at = |key: &str| step(path, key, None);
        let units = points.units.as_slice();
        let kind = self.known(units, &e.unit, m::UnitKind::names, KINDS, at("unit"))?;
        let grade = match &e.grade {
            None => None,
            Some(g) => {
                let grades = points.grades.as_slice();
                let known = self.known(
                    grades,
                    g,
                    m::NamedDef::names,
                    ("grade", "grades"),
                    at("grade"),
                )?;
                Some(known.name.clone())
            }
        };
        let grades = kind.grades();
        let wrong = match (&kind.pricing, grade.as_deref()) {
            (m::Pricing::Graded(_), None) => Some(format!(
                "`{}` is bought by grade: give `grade:` ({})",
                kind.name,
                grades.join(", ")
            )),
            (m::Pricing::Fixed { grade: None, .. }, Some(g)) => Some(format!(
                "`{}` has no grades: leave out `grade: {g}`",
                kind.name
            )),
            (m::Pricing::Fixed { grade: Some(f), .. }, Some(g)) if f != g => {
                Some(format!("`{}` is always `{f}`, never `{g}`", kind.name))
            }
            (m::Pricing::Graded(_), Some(g)) if !grades.contains(&g) => Some(format!(
                "`{}` has no grade `{g}`: its grades are {}",
                kind.name,
                grades.join(", ")
            )),
            _ => None,
        };
        if let Some(message) = wrong {
            self.refuse(step(path, "grade", None), message, None);
            return None;
        }
        Some(m::Entry {
            count: e.count,
            unit: kind.name.clone(),
            // A kind of one grade has it whether or not the line says so.
            grade: grade.or_else(|| match &kind.pricing {
                m::Pricing::Fixed { grade, .. } => grade.clone(),
                m::Pricing::Graded(_) => None,
            }),
            tags,
            label: e.label.clone(),
            printed_each,
        })
    }

    /// The units of a line or an alternative: the one written in place, or those of `units:`.
    fn units(&mut self, one: Shared<'_>, path: &Path) -> Vec<m::Entry> {
        let in_place = one.count.is_some()
            || one.unit.is_some()
            || one.grade.is_some()
            || !one.tags.is_empty()
            || one.label.is_some()
            || one.printed_each.is_some();
        match (in_place, one.units.is_empty()) {
            (true, false) => {
                self.refuse(
                    step(path, "units", None),
                    "one kind of unit in place (`count:`, `unit:`...) or several under \
                     `units:`, not both"
                        .into(),
                    None,
                );
                Vec::new()
            }
            (false, true) => {
                self.refuse(
                    path.clone(),
                    "no units: give `count:` and `unit:` (and `grade:`), or several under \
                     `units:`"
                        .into(),
                    None,
                );
                Vec::new()
            }
            (false, false) => one
                .units
                .iter()
                .enumerate()
                .filter_map(|(i, e)| self.entry(e, &step(path, "units", Some(i))))
                .collect(),
            (true, true) => {
                let (Some(count), Some(unit)) = (one.count, one.unit) else {
                    let missing = if one.count.is_none() { "count" } else { "unit" };
                    self.refuse(path.clone(), format!("`{missing}:` is missing"), None);
                    return Vec::new();
                };
                let e = EntryDef {
                    count,
                    unit: unit.to_string(),
                    grade: one.grade.map(str::to_string),
                    tags: one.tags.to_vec(),
                    label: one.label.map(str::to_string),
                    printed_each: one.printed_each,
                };
                self.entry(&e, path).into_iter().collect()
            }
        }
    }

    /// A line with its alternatives, each of which must cost what the line costs.
    pub(super) fn line(&mut self, l: &s::LineDef, list_tags: &[String], path: &Path) -> m::Line {
        let before = self.problems.len();
        let units = self.units(l.shared(), path);
        let printed = self.cost(l.printed, step(path, "printed", None));
        let line_ok = self.problems.len() == before;
        let cost = self.points.cost_of(&units, list_tags);
        let mut alternatives = Vec::new();
        for (i, alt) in l.or.iter().enumerate() {
            let at = step(path, "or", Some(i));
            let before = self.problems.len();
            let alt_units = self.units(alt.shared(), &at);
            let alt_cost = self.points.cost_of(&alt_units, list_tags);
            if line_ok && self.problems.len() == before && alt_cost != cost {
                self.refuse(
                    at,
                    format!(
                        "this alternative costs {alt_cost}, the line it stands for {cost}: an \
                         alternative costs what its line costs"
                    ),
                    None,
                );
            }
            alternatives.push(m::Alternative {
                units: alt_units,
                note: alt.note.clone(),
            });
        }
        m::Line {
            units,
            printed,
            alternatives,
            note: l.note.clone(),
        }
    }
}

/// What a kind of unit is called in messages, one and several.
const KINDS: (&str, &str) = ("kind of unit", "kinds");

/// "the kinds are: a, b, c" for a word close to none of them.
fn one_of(what: &str, names: &[&str]) -> Option<String> {
    (!names.is_empty()).then(|| format!("{what}: {}", names.join(", ")))
}

impl Source {
    /// The points table: names distinct, each kind priced one way in half points at grades
    /// the table has, each surcharge naming known tags and kinds.
    /// How a list's units go on the table: each kind's `game:` fields are unit fields of the
    /// game with values they take, the grade goes in a unit field, and tags set yes/no fields.
    fn check_placing(&self, p: &s::PointsDef, top: &Path, at: &Locator<'_>) -> Result<()> {
        let placing = p.game.as_ref();
        let gives = p.units.iter().any(|u| !u.game.is_empty());
        if !gives && placing.is_none() {
            return Ok(());
        }
        let Some(g) = &self.def.game else {
            return Err(at.at_path(
                &borrowed(top),
                "putting units on the table (`game:` of the points table) needs a `game:` section",
            ));
        };
        let fields: Vec<&str> = g.unit.keys().map(String::as_str).collect();
        let field_ok = |field: &str, value: Option<&str>| -> std::result::Result<(), String> {
            let Some(factor) = g.unit.get(field) else {
                return Err(format!("`{field}` is not a unit field of the game"));
            };
            match (value, self.factor(factor)) {
                (Some(v), Some(f))
                    if self.value(f, v).is_none() && f.kind == s::FactorKind::Choice =>
                {
                    Err(format!("`{v}` is not a value of the unit field `{field}`"))
                }
                _ => Ok(()),
            }
        };
        for (i, u) in p.units.iter().enumerate() {
            let here = step(top, "units", Some(i));
            for (field, value) in &u.game {
                field_ok(field, Some(value)).map_err(|m| {
                    at.at_path(&borrowed(&step(&here, "game", None)), m)
                        .with_hint_opt(did_you_mean(field, fields.iter().copied()))
                })?;
            }
        }
        let Some(placing) = placing else {
            return Ok(());
        };
        let here = step(top, "game", None);
        for field in placing
            .grade
            .iter()
            .chain(placing.tags.iter().map(|t| &t.field))
        {
            field_ok(field, None).map_err(|m| {
                at.at_path(&borrowed(&here), m)
                    .with_hint_opt(did_you_mean(field, fields.iter().copied()))
            })?;
        }
        let markers: Vec<&str> = def_markers(&self.def);
        for m in &placing.marks {
            if !markers.contains(&m.as_str()) {
                return Err(at
                    .at_path(
                        &borrowed(&here),
                        format!("`{m}` is not a marker of `game: markers:`"),
                    )
                    .with_hint_opt(did_you_mean(m, markers.iter().copied())));
            }
        }
        for t in placing
            .tags
            .iter()
            .flat_map(|t| std::iter::once(&t.tag).chain(&t.unless))
        {
            let known = p
                .tags
                .iter()
                .any(|v| same(v.name(), t) || v.aliases().iter().any(|a| same(a, t)));
            if !known {
                return Err(at.at_path(
                    &borrowed(&here),
                    format!("`{t}` is not a tag of `points: tags:`"),
                ));
            }
        }
        Ok(())
    }

    pub(super) fn check_points(&self, at: &Locator<'_>) -> Result<()> {
        let def = &self.def;
        let Some(p) = &def.points else {
            if !def.armies.is_empty() {
                return Err(at.at_path(
                    &[("armies", None)],
                    "army lists need a `points:` table to price them",
                ));
            }
            return Ok(());
        };
        let top: Path = vec![("points".into(), None)];
        self.check_placing(p, &top, at)?;
        fn named(v: &s::ValueSpec) -> (&str, &[String]) {
            (v.name(), v.aliases())
        }
        for (key, clash) in [
            ("grades", first_clash("grade", p.grades.iter().map(named))),
            ("tags", first_clash("tag", p.tags.iter().map(named))),
            (
                "units",
                first_clash(
                    "kind of unit",
                    p.units.iter().map(|u| (u.name.as_str(), &u.aliases[..])),
                ),
            ),
        ] {
            if let Some(c) = clash {
                return Err(at.err(
                    &[
                        "\npoints:",
                        &format!("{key}:"),
                        &format!("name: {}", c.owner),
                        c.name,
                    ],
                    c.wrong,
                ));
            }
        }
        let grade = |g: &str| {
            p.grades
                .iter()
                .find(|v| same(v.name(), g) || v.aliases().iter().any(|a| same(a, g)))
        };
        let grade_names: Vec<&str> = p.grades.iter().map(s::ValueSpec::name).collect();
        for (i, u) in p.units.iter().enumerate() {
            let here = step(&top, "units", Some(i));
            let refuse = |key: &str, message: String| {
                at.at_path(&borrowed(&step(&here, key, None)), message)
            };
            match (&u.cost, u.costs.is_empty()) {
                (Some(_), false) => {
                    return Err(refuse(
                        "costs",
                        format!("`{}` has one `cost` or `costs` by grade, not both", u.name),
                    ));
                }
                (None, true) => {
                    return Err(refuse(
                        "name",
                        format!(
                            "`{}` has no cost: give `cost:` or `costs:` by grade",
                            u.name
                        ),
                    ));
                }
                (None, false) if u.grade.is_some() => {
                    return Err(refuse(
                        "grade",
                        format!(
                            "`{}` is priced by grade: `grade:` is for a kind of one cost that \
                             always has one grade",
                            u.name
                        ),
                    ));
                }
                _ => {}
            }
            for g in u.costs.keys().chain(&u.grade) {
                if grade(g).is_none() {
                    return Err(
                        refuse(g, format!("`{g}` is not a grade of `points: grades:`"))
                            .with_hint_opt(did_you_mean(g, grade_names.iter().copied())),
                    );
                }
            }
            for (key, d) in u
                .costs
                .iter()
                .map(|(k, d)| (k.as_str(), d))
                .chain(u.cost.as_ref().map(|d| ("cost", d)))
            {
                if cost(*d).is_none_or(|c| c < Points::ZERO) {
                    return Err(refuse(key, not_halves(*d)));
                }
            }
        }
        let known_tag = |t: &str| {
            p.tags
                .iter()
                .any(|v| same(v.name(), t) || v.aliases().iter().any(|a| same(a, t)))
        };
        let known_unit = |n: &str| {
            p.units
                .iter()
                .any(|u| same(&u.name, n) || u.aliases.iter().any(|a| same(a, n)))
        };
        for (i, sc) in p.surcharges.iter().enumerate() {
            let here = step(&top, "surcharges", Some(i));
            let refuse = |key: &str, message: String| {
                at.at_path(&borrowed(&step(&here, key, None)), message)
            };
            for t in std::iter::once(&sc.tag).chain(&sc.unless) {
                if !known_tag(t) {
                    let tags = p.tags.iter().map(s::ValueSpec::name);
                    let key = if *t == sc.tag { "tag" } else { "unless" };
                    return Err(
                        refuse(key, format!("`{t}` is not a tag of `points: tags:`"))
                            .with_hint_opt(did_you_mean(t, tags)),
                    );
                }
            }
            for n in &sc.units {
                if !known_unit(n) {
                    let units = p.units.iter().map(|u| u.name.as_str());
                    return Err(refuse(
                        "units",
                        format!("`{n}` is not a kind of unit of `points: units:`"),
                    )
                    .with_hint_opt(did_you_mean(n, units)));
                }
            }
            if cost(sc.add).is_none() {
                return Err(refuse("add", not_halves(sc.add)));
            }
        }
        Ok(())
    }

    /// The army lists: periods and lists named once, sizes in half points, every line read
    /// against the points table, and no list over its period's size.
    pub(super) fn check_armies(&self, at: &Locator<'_>) -> Result<()> {
        let def = &self.def;
        let Some(p) = &def.points else {
            return Ok(());
        };
        // At the second of two names, by its place: list names recur across periods.
        let mut periods = Distinct::new("period");
        let mut lists = Distinct::new("army list");
        let mut owner = 0;
        for (i, a) in def.armies.iter().enumerate() {
            for name in std::iter::once(&a.period).chain(&a.aliases) {
                if let Some(wrong) = periods.clash(name, i) {
                    let key = if *name == a.period {
                        "period"
                    } else {
                        "aliases"
                    };
                    return Err(at.at_path(&[("armies", Some(i)), (key, None)], wrong));
                }
            }
            for (j, l) in a.lists.iter().enumerate() {
                for name in std::iter::once(&l.name).chain(&l.aliases) {
                    if let Some(wrong) = lists.clash(name, owner) {
                        let key = if *name == l.name { "name" } else { "aliases" };
                        let path = [("armies", Some(i)), ("lists", Some(j)), (key, None)];
                        return Err(at.at_path(&path, wrong));
                    }
                }
                owner += 1;
            }
        }
        let points = self.points_model(p);
        for (i, period) in def.armies.iter().enumerate() {
            let here: Path = vec![("armies".into(), Some(i))];
            let Some(size) = cost(period.size) else {
                return Err(at.at_path(
                    &borrowed(&step(&here, "size", None)),
                    not_halves(period.size),
                ));
            };
            for (j, l) in period.lists.iter().enumerate() {
                let list_at = step(&here, "lists", Some(j));
                let mut read = Reader::new(&points);
                let list = read.list(l, &list_at);
                if let Some(first) = read.problems.into_iter().next() {
                    return Err(at
                        .at_path(&borrowed(&first.path), first.message)
                        .with_hint_opt(first.hint));
                }
                let total = points.total(&list);
                if total > size {
                    return Err(at.at_path(
                        &borrowed(&step(&list_at, "name", None)),
                        format!(
                            "`{}` costs {total}, more than the {size} points a side has in `{}`",
                            l.name, period.period
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
}

impl Reader<'_> {
    /// A table's list, read whole (its problems gathered).
    pub(super) fn list(&mut self, l: &s::ArmyListDef, path: &Path) -> m::ArmyList {
        let tags = self.tags(&l.tags, path);
        let printed = self.cost(l.printed, step(path, "printed", None));
        let lines = l
            .lines
            .iter()
            .enumerate()
            .map(|(k, line)| self.line(line, &tags, &step(path, "lines", Some(k))))
            .collect();
        m::ArmyList {
            name: l.name.clone(),
            title: l.title.clone(),
            aliases: l.aliases.clone(),
            tags,
            printed,
            notes: l.notes.clone(),
            lines,
        }
    }
}

/// The names of the markers a table's game gives.
fn def_markers(def: &s::RulesetDef) -> Vec<&str> {
    def.game
        .as_ref()
        .map(|g| g.markers.iter().map(|m| m.name.as_str()).collect())
        .unwrap_or_default()
}
