//! A loaded ruleset: parsing a table file, checking every cross-reference in it, and the
//! look-ups (factor, value, class, procedure) the engine needs.

use std::collections::{BTreeMap, BTreeSet};

use crate::engine::dice::DiceSpec;
use crate::error::{Error, Result};
use crate::rules::cache::{Cache, Focus};
use crate::rules::schema::{
    CondValue, Conditions, FactorDef, FactorKind, FollowDef, GameDef, Guard, Guarded, ProcedureDef,
    Role, RollDef, RulesetDef, TargetDef, ValueSpec,
};
use crate::suggest::did_you_mean;

/// A ruleset checked and ready to use.
#[derive(Debug, Clone)]
pub struct Ruleset {
    pub def: RulesetDef,
    /// Where it came from, for messages (`tables/000-....yaml`, or a user's path).
    pub file: String,
    /// Cut down to what one procedure touches (from the cache): names outside that part may
    /// be missing, and were checked when the whole file was.
    pub partial: bool,
}

/// Byte offset of the first match of each needle in turn, searching from `start`; a needle
/// not found leaves the position where the previous one matched.
pub(crate) fn offset(text: &str, start: usize, needles: &[&str]) -> usize {
    let mut at = start.min(text.len());
    for needle in needles {
        if let Some(found) = text.get(at..).and_then(|rest| rest.find(needle)) {
            at += found;
        }
    }
    at
}

/// Line and column (1-based) of a byte offset.
pub(crate) fn line_col(text: &str, at: usize) -> (usize, usize) {
    let before = text.get(..at).unwrap_or("");
    let line = before.matches('\n').count() + 1;
    let column = before.rfind('\n').map_or(at, |nl| at - nl - 1) + 1;
    (line, column)
}

/// Line and column (1-based) of the first match of each needle in turn, for error messages.
pub(crate) fn locate(text: &str, needles: &[&str]) -> (usize, usize) {
    line_col(text, offset(text, 0, needles))
}

/// Builds `file:line:col: message` errors for one file.
struct Locator<'a> {
    file: &'a str,
    text: &'a str,
}

impl Locator<'_> {
    fn err(&self, needles: &[&str], message: impl Into<String>) -> Error {
        let (line, column) = locate(self.text, needles);
        Error::usage(format!("{}:{line}:{column}: {}", self.file, message.into()))
    }
}

impl Ruleset {
    /// Parse and check one ruleset file.
    pub fn parse(file: &str, text: &str) -> Result<Ruleset> {
        let def: RulesetDef = serde_yaml::from_str(text).map_err(|e| {
            let (line, column) = e.location().map_or((1, 1), |l| (l.line(), l.column()));
            // The library appends " at line N column M"; we already lead with it.
            let message = e.to_string();
            let message = message
                .split(" at line ")
                .next()
                .unwrap_or(&message)
                .to_string();
            Error::usage(format!("{file}:{line}:{column}: {message}"))
                .with_hint("see the ruleset format in the README")
        })?;
        let mut ruleset = Ruleset {
            def,
            file: file.to_string(),
            partial: false,
        };
        let locator = Locator { file, text };
        ruleset.apply_likes(&locator)?;
        ruleset.check(&locator)?;
        Ok(ruleset)
    }

    /// Parse and check one ruleset file, or take it from the cache when this exact text was
    /// parsed and checked before. With `focus`, the cache may give only what resolving that
    /// procedure touches (see [`Ruleset::closure`]).
    pub fn load(
        file: &str,
        text: &str,
        cache: Option<&Cache>,
        focus: Option<Focus<'_>>,
    ) -> Result<Ruleset> {
        if let Some(def) = cache.and_then(|c| c.get(file, text, focus)) {
            let ruleset = Ruleset {
                def,
                file: file.to_string(),
                partial: focus.is_some(),
            };
            // Checked when the whole file was parsed; the entry's hash shows it unchanged since.
            return Ok(ruleset);
        }
        let ruleset = Ruleset::parse(file, text)?;
        if let Some(cache) = cache {
            cache.put(file, text, &ruleset);
        }
        Ok(ruleset)
    }

    pub fn name(&self) -> &str {
        &self.def.ruleset
    }

    pub fn unit(&self) -> &str {
        self.def.unit.as_deref().unwrap_or("")
    }

    /// Fill what a `like:` procedure leaves out from the procedure it is like.
    fn apply_likes(&mut self, at: &Locator<'_>) -> Result<()> {
        let originals = self.def.procedures.clone();
        for procedure in &mut self.def.procedures {
            let Some(base_name) = procedure.like.clone() else {
                continue;
            };
            let base = originals
                .iter()
                .find(|p| p.name == base_name)
                .ok_or_else(|| {
                    at.err(&[&format!("name: {}", procedure.name), "like:"], format!(
                    "procedure `{}` is like `{base_name}`, which this ruleset does not define",
                    procedure.name
                ))
                })?;
            if base.like.is_some() {
                return Err(at.err(&[&format!("name: {}", procedure.name), "like:"], format!(
                    "`{}` is like `{base_name}`, which is itself like another; name the original",
                    procedure.name
                )));
            }
            let p = procedure;
            p.roll = p.roll.take().or_else(|| base.roll.clone());
            if p.drop.is_empty() {
                p.drop.clone_from(&base.drop);
            }
            if p.naturals.is_empty() {
                p.naturals.clone_from(&base.naturals);
            }
            if p.modifiers.is_empty() {
                p.modifiers.clone_from(&base.modifiers);
            }
            if p.sides.is_empty() {
                p.sides.clone_from(&base.sides);
            }
            p.reroll = p.reroll.take().or_else(|| base.reroll.clone());
            p.check = p.check.take().or_else(|| base.check.clone());
            p.table = p.table.take().or_else(|| base.table.clone());
            p.grid = p.grid.take().or_else(|| base.grid.clone());
            p.amount = p.amount.take().or_else(|| base.amount.clone());
            p.compare = p.compare.take().or_else(|| base.compare.clone());
            if p.results.is_empty() {
                p.results.clone_from(&base.results);
            }
        }
        Ok(())
    }

    // ----- look-ups -------------------------------------------------------------------------

    /// A factor by name or alias.
    pub fn factor(&self, name: &str) -> Option<&FactorDef> {
        self.def
            .factors
            .iter()
            .find(|f| f.name == name)
            .or_else(|| {
                self.def
                    .factors
                    .iter()
                    .find(|f| f.aliases.iter().any(|a| a == name))
            })
    }

    /// The factor whose values and classes this one uses (itself, or its `values-from`).
    fn value_source<'a>(&'a self, factor: &'a FactorDef) -> &'a FactorDef {
        factor
            .values_from
            .as_deref()
            .and_then(|n| self.def.factors.iter().find(|f| f.name == n))
            .unwrap_or(factor)
    }

    pub fn values<'a>(&'a self, factor: &'a FactorDef) -> &'a [ValueSpec] {
        &self.value_source(factor).values
    }

    pub fn classes<'a>(&'a self, factor: &'a FactorDef) -> &'a [crate::rules::schema::ClassDef] {
        &self.value_source(factor).classes
    }

    /// The canonical value a user's word names (a value or one of its aliases).
    pub fn value<'a>(&'a self, factor: &'a FactorDef, word: &str) -> Option<&'a ValueSpec> {
        let values = self.values(factor);
        values.iter().find(|v| v.name() == word).or_else(|| {
            values
                .iter()
                .find(|v| v.aliases().iter().any(|a| a == word))
        })
    }

    pub fn value_label<'a>(&'a self, factor: &'a FactorDef, name: &'a str) -> &'a str {
        self.values(factor)
            .iter()
            .find(|v| v.name() == name)
            .map(ValueSpec::label)
            .or_else(|| {
                self.classes(factor)
                    .iter()
                    .find(|c| c.name == name)
                    .map(|c| c.label.as_deref().unwrap_or(&c.name))
            })
            .unwrap_or(name)
    }

    /// How many values a key (a value or a class) covers; `None` when it does not cover `actual`.
    pub fn key_covers(&self, factor: &FactorDef, key: &str, actual: &str) -> Option<usize> {
        if key == actual {
            return Some(1);
        }
        self.classes(factor)
            .iter()
            .find(|c| c.name == key)
            .filter(|c| c.members.iter().any(|m| m == actual))
            .map(|c| c.members.len())
    }

    fn is_value_or_class(&self, factor: &FactorDef, key: &str) -> bool {
        self.values(factor).iter().any(|v| v.name() == key)
            || self.classes(factor).iter().any(|c| c.name == key)
    }

    /// A procedure by name or alias.
    pub fn procedure(&self, name: &str) -> Option<&ProcedureDef> {
        let procs = &self.def.procedures;
        procs
            .iter()
            .find(|p| p.name == name)
            .or_else(|| procs.iter().find(|p| p.aliases.iter().any(|a| a == name)))
    }

    /// A procedure, or a usage error listing the procedures with a suggestion.
    pub fn procedure_or_err(&self, name: &str) -> Result<&ProcedureDef> {
        self.procedure(name).ok_or_else(|| {
            let names: Vec<&str> = self
                .def
                .procedures
                .iter()
                .map(|p| p.name.as_str())
                .collect();
            let aliases = self
                .def
                .procedures
                .iter()
                .flat_map(|p| p.aliases.iter().map(String::as_str));
            let hint = did_you_mean(name, names.iter().copied().chain(aliases));
            Error::usage(format!(
                "{} has no procedure `{name}`; it has: {}",
                self.def.title,
                names.join(", ")
            ))
            .with_hint_opt(hint)
        })
    }

    /// The dice a spec names, using this ruleset's custom dice.
    pub fn dice(&self, text: &str) -> Result<DiceSpec> {
        DiceSpec::parse(text, &|name| self.def.dice.get(name).cloned())
    }

    /// Factors a procedure reads itself, in the order a reader meets them.
    pub fn own_factors(&self, p: &ProcedureDef) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        let mut add = |n: &str| {
            if !names.iter().any(|x| x == n) {
                names.push(n.to_string());
            }
        };
        let guard = |g: Guard<'_>, add: &mut dyn FnMut(&str)| {
            for c in std::iter::once(g.when)
                .chain(g.any.iter())
                .chain(std::iter::once(g.unless))
            {
                c.keys().for_each(|k| add(k));
            }
        };
        for f in &p.factors {
            add(f);
        }
        if let Some(c) = p.many_on_one.as_ref().and_then(|m| m.count.as_ref()) {
            add(c);
        }
        if let Some(RollDef::Cases(cases)) = &p.roll {
            for c in cases {
                guard(c.guard(), &mut add);
                if let Some(count) = &c.count {
                    add(&count.factor);
                }
            }
        }
        p.drop.iter().for_each(|d| guard(d.guard(), &mut add));
        p.naturals.iter().for_each(|n| guard(n.guard(), &mut add));
        for item in p.modifiers.iter().flat_map(|g| &g.items) {
            if let Some(f) = &item.factor {
                add(f);
            }
            guard(item.guard(), &mut add);
        }
        if let Some(r) = &p.reroll {
            guard(r.guard(), &mut add);
        }
        if let Some(check) = &p.check
            && let TargetDef::From(from) = &check.target
        {
            if let Some(f) = &from.factor {
                add(f);
            }
            if let Some(l) = &from.lookup {
                add(&l.rows);
                add(&l.columns);
            }
        }
        if let Some(grid) = &p.grid {
            grid.rows.iter().for_each(|r| guard(r.guard(), &mut add));
        }
        if let Some(amount) = &p.amount {
            amount.halve.iter().for_each(|h| guard(h.guard(), &mut add));
        }
        for b in p.results.iter().flat_map(|r| &r.becomes) {
            guard(b.guard(), &mut add);
        }
        for m in p.results.iter().flat_map(|r| &r.marks) {
            guard(m.guard(), &mut add);
        }
        // A distance band needs the factor that picks its scale.
        let mut extra = Vec::new();
        for n in &names {
            if let Some(by) = self
                .factor(n)
                .and_then(|f| f.distance.as_ref())
                .and_then(|d| d.by.clone())
                && !names.contains(&by)
            {
                extra.push(by);
            }
        }
        names.extend(extra);
        names
    }

    /// Procedures a procedure's results resolve at once (`next`).
    pub fn next_procedures<'a>(&'a self, p: &'a ProcedureDef) -> Vec<&'a ProcedureDef> {
        let mut out: Vec<&ProcedureDef> = Vec::new();
        for f in p.results.iter().flat_map(|r| &r.next) {
            let name = match f {
                FollowDef::Name(n) => n.as_str(),
                FollowDef::Full(f) => f.procedure.as_str(),
            };
            if let Some(q) = self.procedure(name)
                && !out.iter().any(|x| x.name == q.name)
            {
                out.push(q);
            }
        }
        out
    }

    /// Every factor the whole chain from `p` reads: its own, then its follow-ups'.
    pub fn chain_factors(&self, p: &ProcedureDef) -> Vec<String> {
        let mut seen = vec![p.name.clone()];
        let mut names = self.own_factors(p);
        let mut queue: Vec<&ProcedureDef> = self.next_procedures(p);
        while let Some(q) = queue.pop() {
            if seen.contains(&q.name) {
                continue;
            }
            seen.push(q.name.clone());
            for f in self.own_factors(q) {
                if !names.contains(&f) {
                    names.push(f);
                }
            }
            queue.extend(self.next_procedures(q));
        }
        names
    }

    /// What resolving `p` can touch: the procedures it goes on to (`next`, `follow-up`, `like`)
    /// and every factor those read, with the factors these take their values or scales from.
    /// A ruleset cut down to these resolves `p` exactly as the whole one does.
    pub fn closure(&self, p: &ProcedureDef) -> (Vec<String>, Vec<String>) {
        let mut procs: Vec<String> = Vec::new();
        let mut queue = vec![p];
        while let Some(q) = queue.pop() {
            if procs.contains(&q.name) {
                continue;
            }
            procs.push(q.name.clone());
            let linked = q
                .results
                .iter()
                .flat_map(|r| r.next.iter().chain(&r.follow_up))
                .map(|f| match f {
                    FollowDef::Name(n) => n.as_str(),
                    FollowDef::Full(f) => f.procedure.as_str(),
                })
                .chain(q.like.as_deref());
            queue.extend(linked.filter_map(|n| self.procedure(n)));
        }
        let mut factors: Vec<String> = Vec::new();
        let mut add = |n: &str| {
            if let Some(f) = self.factor(n)
                && !factors.contains(&f.name)
            {
                factors.push(f.name.clone());
            }
        };
        for q in procs.iter().filter_map(|n| self.procedure(n)) {
            self.own_factors(q).iter().for_each(|n| add(n));
            for f in q
                .results
                .iter()
                .flat_map(|r| r.next.iter().chain(&r.follow_up))
            {
                if let FollowDef::Full(f) = f {
                    f.set.keys().for_each(|n| add(n));
                    f.rename.iter().for_each(|(a, b)| {
                        add(a);
                        add(b);
                    });
                    f.carry.iter().flatten().for_each(|n| add(n));
                }
            }
        }
        let mut i = 0;
        while let Some(name) = factors.get(i).cloned() {
            if let Some(f) = self.factor(&name) {
                let linked = f
                    .values_from
                    .iter()
                    .chain(f.distance.as_ref().and_then(|d| d.by.as_ref()));
                for n in linked {
                    if let Some(g) = self.factor(n)
                        && !factors.contains(&g.name)
                    {
                        factors.push(g.name.clone());
                    }
                }
            }
            i += 1;
        }
        (procs, factors)
    }

    // ----- checks -----------------------------------------------------------------------------

    fn check(&self, at: &Locator<'_>) -> Result<()> {
        let def = &self.def;
        let mut names = BTreeSet::new();
        for f in &def.factors {
            for n in std::iter::once(&f.name).chain(&f.aliases) {
                if !names.insert(n.clone()) {
                    return Err(
                        at.err(&["factors:", n], format!("factor name `{n}` is used twice"))
                    );
                }
            }
        }
        for (name, faces) in &def.dice {
            if faces.len() < 2 {
                return Err(at.err(
                    &["dice:", name],
                    format!("die `{name}` needs at least two faces"),
                ));
            }
        }
        for f in &def.factors {
            self.check_factor(f, at)?;
        }
        let mut procs = BTreeSet::new();
        for p in &def.procedures {
            for n in std::iter::once(&p.name).chain(&p.aliases) {
                if !procs.insert(n.clone()) {
                    return Err(at.err(
                        &["procedures:", &format!("name: {n}")],
                        format!("procedure name `{n}` is used twice"),
                    ));
                }
            }
        }
        for p in &def.procedures {
            self.check_procedure(p, at)?;
        }
        self.check_no_cycles(at)?;
        // A cut-down ruleset lacks most factors and procedures the game section names; the
        // section was checked with the whole file before the cache kept it.
        if let Some(game) = def.game.as_ref().filter(|_| !self.partial) {
            self.check_game(game, at)?;
        }
        if let Some(turn) = &def.turn
            && turn.phases.percent == 0
        {
            return Err(at.err(
                &["turn:", "percent:"],
                "turn phases percent must be above 0",
            ));
        }
        Ok(())
    }

    fn check_game(&self, g: &GameDef, at: &Locator<'_>) -> Result<()> {
        let err = |needle: &str, msg: String| at.err(&["game:", needle], msg);
        if g.sides.len() < 2 {
            return Err(err("sides:", "a game needs at least two sides".into()));
        }
        let mut names = BTreeSet::new();
        for n in g
            .sides
            .iter()
            .flat_map(|s| std::iter::once(&s.name).chain(&s.aliases))
        {
            if !names.insert(n.as_str()) {
                return Err(err(n, format!("side name `{n}` is used twice")));
            }
        }
        let mut beads = BTreeSet::new();
        for s in &g.sides {
            if !beads.insert(s.bead.as_str()) {
                return Err(err(&s.bead, format!("two sides draw `{}` beads", s.bead)));
            }
        }
        for (field, factor) in g.unit.iter().chain(&g.targeted) {
            match self.factor(factor) {
                Some(f) if f.kind == FactorKind::Choice => {}
                _ => {
                    return Err(err(
                        factor,
                        format!(
                            "unit field `{field}` needs a choice factor, and `{factor}` is not one"
                        ),
                    ));
                }
            }
        }
        for field in g.targeted.keys().chain(&g.required) {
            if !g.unit.contains_key(field) {
                return Err(err(
                    field,
                    format!("`{field}` is not one of the unit fields"),
                ));
            }
        }
        let mut markers = BTreeSet::new();
        let states: Vec<&str> = g.states.iter().map(|s| s.name.as_str()).collect();
        for m in &g.markers {
            for n in std::iter::once(&m.name).chain(&m.aliases) {
                if !markers.insert(n.as_str()) {
                    return Err(err(n, format!("marker name `{n}` is used twice")));
                }
            }
        }
        for m in &g.markers {
            let here = |needle: &str, msg: String| {
                at.err(&["game:", &format!("name: {}", m.name), needle], msg)
            };
            self.check_conditions(&m.acting, &here)?;
            self.check_conditions(&m.targeted, &here)?;
            for p in &m.blocks {
                if self.procedure(p).is_none() {
                    return Err(here(
                        p,
                        format!("marker `{}` blocks `{p}`, which is not a procedure", m.name),
                    ));
                }
            }
            if let Some(a) = &m.if_already {
                for n in &a.any {
                    if !g.markers.iter().any(|x| &x.name == n) {
                        return Err(here(n, format!("`{n}` is not a marker")));
                    }
                }
                if !states.contains(&a.state.as_str()) {
                    return Err(here(
                        &a.state,
                        format!(
                            "`{}` is not one of the states ({})",
                            a.state,
                            states.join(", ")
                        ),
                    ));
                }
            }
        }
        for c in &g.counters {
            if !g.markers.iter().any(|x| x.name == c.then) {
                return Err(err(
                    &c.then,
                    format!(
                        "counter `{}` adds `{}`, which is not a marker",
                        c.name, c.then
                    ),
                ));
            }
            if c.at < 1 {
                return Err(err(
                    &c.name,
                    format!("counter `{}` needs `at` of 1 or more", c.name),
                ));
            }
        }
        Ok(())
    }

    fn check_factor(&self, f: &FactorDef, at: &Locator<'_>) -> Result<()> {
        let here = format!("name: {}", f.name);
        let err = |needle: &str, msg: String| at.err(&["factors:", &here, needle], msg);
        if let Some(src) = &f.values_from {
            match self.def.factors.iter().find(|g| &g.name == src) {
                Some(g) if g.kind == FactorKind::Choice && g.values_from.is_none() => {}
                _ => {
                    return Err(err(
                        "values-from",
                        format!(
                            "factor `{}` takes its values from `{src}`, which is not a choice factor with values",
                            f.name
                        ),
                    ));
                }
            }
        }
        match f.kind {
            FactorKind::Choice => {
                if self.values(f).is_empty() {
                    return Err(err(
                        "name:",
                        format!("choice factor `{}` has no values", f.name),
                    ));
                }
                for c in &f.classes {
                    for m in &c.members {
                        if !self.values(f).iter().any(|v| v.name() == m) {
                            return Err(err(
                                m,
                                format!(
                                    "class `{}` of `{}` names `{m}`, which is not one of its values",
                                    c.name, f.name
                                ),
                            ));
                        }
                    }
                }
                if let Some(d) = &f.default
                    && self.value(f, d).is_none()
                {
                    return Err(err(
                        "default:",
                        format!("default `{d}` is not a value of `{}`", f.name),
                    ));
                }
                if let Some(dist) = &f.distance {
                    if let Some(by) = &dist.by
                        && self.factor(by).is_none_or(|g| g.kind != FactorKind::Choice)
                    {
                        return Err(err(
                            "by:",
                            format!(
                                "distance of `{}` is scaled by `{by}`, which is not a choice factor",
                                f.name
                            ),
                        ));
                    }
                    if dist
                        .scales
                        .iter()
                        .filter(|s| s.for_values.is_empty())
                        .count()
                        != 1
                    {
                        return Err(err(
                            "scales:",
                            format!(
                                "distance of `{}` needs exactly one scale without `for` (used for everything else)",
                                f.name
                            ),
                        ));
                    }
                    for s in &dist.scales {
                        let Some((last, rest)) = s.bands.split_last() else {
                            return Err(err(
                                "bands:",
                                format!("a distance scale of `{}` has no bands", f.name),
                            ));
                        };
                        if last.upto.is_some() || rest.iter().any(|b| b.upto.is_none()) {
                            return Err(err(
                                "bands:",
                                format!(
                                    "distance bands of `{}` need `upto` on every band but the last",
                                    f.name
                                ),
                            ));
                        }
                        for b in &s.bands {
                            if self.value(f, &b.value).is_none() {
                                return Err(err(
                                    &b.value,
                                    format!(
                                        "distance band `{}` is not a value of `{}`",
                                        b.value, f.name
                                    ),
                                ));
                            }
                        }
                        if let Some(by) = dist.by.as_deref().and_then(|b| self.factor(b)) {
                            for v in &s.for_values {
                                if self.value(by, v).is_none() {
                                    return Err(err(
                                        v,
                                        format!("scale for `{v}`: not a value of `{}`", by.name),
                                    ));
                                }
                            }
                        }
                    }
                }
            }
            FactorKind::Flag | FactorKind::Number => {
                if !f.values.is_empty() || f.values_from.is_some() {
                    return Err(err(
                        "values",
                        format!("`{}` is a {:?} factor and takes no values", f.name, f.kind)
                            .to_lowercase(),
                    ));
                }
            }
        }
        Ok(())
    }

    fn check_conditions(&self, c: &Conditions, at: &dyn Fn(&str, String) -> Error) -> Result<()> {
        for (name, want) in c {
            let Some(f) = self.factor(name) else {
                let hint = did_you_mean(name, self.def.factors.iter().map(|f| f.name.as_str()));
                return Err(at(
                    name,
                    format!(
                        "condition names factor `{name}`, which this ruleset does not define{}",
                        hint.map(|h| format!(" ({h})")).unwrap_or_default()
                    ),
                ));
            };
            let ok = match (f.kind, want) {
                (FactorKind::Flag, CondValue::Flag(_)) => true,
                (FactorKind::Number, CondValue::Number(_) | CondValue::Range(_)) => true,
                (FactorKind::Choice, CondValue::One(v)) => {
                    if !self.is_value_or_class(f, v) {
                        return Err(at(v, format!("`{v}` is not a value or class of `{name}`")));
                    }
                    true
                }
                (FactorKind::Choice, CondValue::Any(vs)) => {
                    if let Some(v) = vs.iter().find(|v| !self.is_value_or_class(f, v)) {
                        return Err(at(v, format!("`{v}` is not a value or class of `{name}`")));
                    }
                    true
                }
                _ => false,
            };
            if !ok {
                return Err(at(
                    name,
                    format!(
                        "condition on `{name}` does not fit a {} factor",
                        kind_word(f.kind)
                    ),
                ));
            }
        }
        Ok(())
    }

    fn check_guard(&self, g: Guard<'_>, at: &dyn Fn(&str, String) -> Error) -> Result<()> {
        self.check_conditions(g.when, at)?;
        for c in g.any {
            self.check_conditions(c, at)?;
        }
        self.check_conditions(g.unless, at)
    }

    #[allow(clippy::too_many_lines)]
    fn check_procedure(&self, p: &ProcedureDef, at: &Locator<'_>) -> Result<()> {
        let here = format!("name: {}", p.name);
        let err = |needle: &str, msg: String| {
            at.err(
                &["procedures:", &here, needle],
                format!("procedure `{}`: {msg}", p.name),
            )
        };
        let result_names: Vec<&str> = p.results.iter().map(|r| r.name.as_str()).collect();
        let need_result = |r: &str, needle: &str| -> Result<()> {
            if result_names.contains(&r) {
                Ok(())
            } else {
                Err(err(
                    needle,
                    format!(
                        "result `{r}` is not among its results ({})",
                        result_names.join(", ")
                    ),
                )
                .with_hint_opt(did_you_mean(r, result_names.iter().copied())))
            }
        };
        for f in &p.factors {
            if self.factor(f).is_none() {
                return Err(err(
                    f,
                    format!("takes factor `{f}`, which this ruleset does not define"),
                ));
            }
        }
        let kinds = [
            p.check.is_some(),
            p.table.is_some(),
            p.grid.is_some(),
            p.amount.is_some(),
            p.compare.is_some(),
        ];
        if kinds.iter().filter(|k| **k).count() != 1 {
            return Err(err(
                "name:",
                "needs exactly one of check, table, grid, amount or compare".into(),
            ));
        }
        match &p.roll {
            None => return Err(err("name:", "has no roll".into())),
            Some(RollDef::Dice(d)) => {
                self.dice(d).map_err(|e| err(d, e.message))?;
            }
            Some(RollDef::Cases(cases)) => {
                if cases.is_empty() {
                    return Err(err("roll:", "roll has no cases".into()));
                }
                for c in cases {
                    self.check_guard(c.guard(), &|n, m| err(n, m))?;
                    match (&c.dice, c.fixed) {
                        (Some(d), None) => {
                            self.dice(d).map_err(|e| err(d, e.message))?;
                        }
                        (None, Some(_)) => {}
                        _ => {
                            return Err(err(
                                "roll:",
                                "each roll case needs `dice` or `fixed`, not both".into(),
                            ));
                        }
                    }
                    if let Some(count) = &c.count {
                        if self
                            .factor(&count.factor)
                            .is_none_or(|f| f.kind != FactorKind::Number)
                        {
                            return Err(err(
                                &count.factor,
                                format!(
                                    "dice count uses `{}`, which is not a number factor",
                                    count.factor
                                ),
                            ));
                        }
                        if count.per < 1 {
                            return Err(err("per:", "dice count `per` must be at least 1".into()));
                        }
                    }
                }
            }
        }
        for d in &p.drop {
            self.check_guard(d.guard(), &|n, m| err(n, m))?;
        }
        for n in &p.naturals {
            self.check_guard(n.guard(), &|x, m| err(x, m))?;
            need_result(&n.result, &n.result)?;
            if let Some(o) = &n.otherwise {
                need_result(o, o)?;
            }
            if !n.doubles && n.total.is_empty() {
                return Err(err(
                    &n.result,
                    "a natural result needs `doubles: true` or `total`".into(),
                ));
            }
        }
        for g in &p.modifiers {
            for item in &g.items {
                self.check_guard(item.guard(), &|n, m| err(n, m))?;
                let forms = [
                    item.value.is_some(),
                    item.values.is_some(),
                    item.each.is_some(),
                ];
                if forms.iter().filter(|x| **x).count() != 1 {
                    return Err(err(
                        &g.group,
                        format!(
                            "each modifier in group `{}` needs exactly one of value, values or each",
                            g.group
                        ),
                    ));
                }
                if item.value.is_some() && item.label.is_none() {
                    return Err(err(
                        &g.group,
                        format!("a fixed modifier in group `{}` needs a label", g.group),
                    ));
                }
                if item.values.is_some() || item.each.is_some() {
                    let Some(fname) = &item.factor else {
                        return Err(err(&g.group, "`values` and `each` need `factor`".into()));
                    };
                    let Some(f) = self.factor(fname) else {
                        return Err(err(
                            fname,
                            format!(
                                "modifier reads factor `{fname}`, which this ruleset does not define"
                            ),
                        ));
                    };
                    if let Some(values) = &item.values {
                        if f.kind != FactorKind::Choice {
                            return Err(err(
                                fname,
                                format!(
                                    "`values` needs a choice factor; `{fname}` is a {}",
                                    kind_word(f.kind)
                                ),
                            ));
                        }
                        for k in values.keys() {
                            if !self.is_value_or_class(f, k) {
                                return Err(err(
                                    k,
                                    format!("`{k}` is not a value or class of `{fname}`"),
                                )
                                .with_hint_opt(did_you_mean(
                                    k,
                                    self.values(f).iter().map(ValueSpec::name),
                                )));
                            }
                        }
                    }
                    if item.each.is_some() && f.kind != FactorKind::Number {
                        return Err(err(
                            fname,
                            format!(
                                "`each` needs a number factor; `{fname}` is a {}",
                                kind_word(f.kind)
                            ),
                        ));
                    }
                }
            }
        }
        if let Some(r) = &p.reroll {
            self.check_guard(r.guard(), &|n, m| err(n, m))?;
            for o in &r.on {
                need_result(o, o)?;
            }
        }
        if !p.sides.is_empty() && p.sides.len() != 2 {
            return Err(err(
                "sides:",
                "an opposed roll has exactly two sides".into(),
            ));
        }
        if let Some(c) = &p.check {
            need_result(&c.pass, &c.pass)?;
            need_result(&c.fail, &c.fail)?;
            if let TargetDef::From(from) = &c.target {
                match (&from.factor, &from.lookup) {
                    (Some(f), None) => {
                        if self.factor(f).is_none_or(|x| x.kind != FactorKind::Number) {
                            return Err(err(
                                f,
                                format!("target factor `{f}` is not a number factor"),
                            ));
                        }
                    }
                    (None, Some(l)) => {
                        for (fname, needle) in [(&l.rows, "rows:"), (&l.columns, "columns:")] {
                            if self
                                .factor(fname)
                                .is_none_or(|x| x.kind != FactorKind::Choice)
                            {
                                return Err(err(
                                    needle,
                                    format!("lookup by `{fname}`, which is not a choice factor"),
                                ));
                            }
                        }
                        let rows = self.factor(&l.rows);
                        let cols = self.factor(&l.columns);
                        if let (Some(rows), Some(cols)) = (rows, cols) {
                            for v in self.values(rows) {
                                let Some(row) = l.cells.get(v.name()) else {
                                    return Err(err(
                                        "cells:",
                                        format!("lookup has no row for `{}`", v.name()),
                                    ));
                                };
                                for c in self.values(cols) {
                                    if !row.contains_key(c.name()) {
                                        return Err(err(
                                            v.name(),
                                            format!(
                                                "lookup row `{}` has no column `{}`",
                                                v.name(),
                                                c.name()
                                            ),
                                        ));
                                    }
                                }
                            }
                        }
                    }
                    _ => {
                        return Err(err(
                            "target:",
                            "target takes a number, `factor` or `lookup`".into(),
                        ));
                    }
                }
            }
        }
        if let Some(t) = &p.table {
            check_bands(&t.rows, &|n, m| err(n, m))?;
            for b in &t.rows {
                need_result(&b.result, &b.result)?;
            }
        }
        if let Some(g) = &p.grid {
            let width = g.rows.first().map_or(0, |r| r.results.len());
            if width == 0 {
                return Err(err("grid:", "grid has no rows or columns".into()));
            }
            for r in &g.rows {
                self.check_guard(r.guard(), &|n, m| err(n, m))?;
                if r.results.len() != width {
                    return Err(err(
                        &r.label,
                        format!(
                            "grid row `{}` has {} columns; the first has {width}",
                            r.label,
                            r.results.len()
                        ),
                    ));
                }
                for x in &r.results {
                    need_result(x, x)?;
                }
            }
        }
        if let Some(a) = &p.amount {
            for h in &a.halve {
                self.check_guard(h.guard(), &|n, m| err(n, m))?;
            }
        }
        if let Some(c) = &p.compare {
            if p.sides.len() != 2 {
                return Err(err("compare:", "compare needs two `sides`".into()));
            }
            need_result(&c.tie, &c.tie)?;
            match c.by {
                crate::rules::schema::CompareBy::Margin => {
                    if c.bands.is_empty() {
                        return Err(err("compare:", "comparing by margin needs `bands`".into()));
                    }
                    check_bands(&c.bands, &|n, m| err(n, m))?;
                    for b in &c.bands {
                        need_result(&b.result, &b.result)?;
                    }
                }
                crate::rules::schema::CompareBy::Doubling => {
                    for r in [&c.beaten, &c.doubled] {
                        let Some(r) = r else {
                            return Err(err(
                                "compare:",
                                "comparing by doubling needs `beaten` and `doubled`".into(),
                            ));
                        };
                        need_result(r, r)?;
                    }
                }
            }
        } else if !p.sides.is_empty() {
            return Err(err("sides:", "sides need `compare`".into()));
        }
        let side_names: Vec<&str> = p.sides.iter().map(|s| s.name.as_str()).collect();
        if let Some(m) = &p.many_on_one {
            if !side_names.contains(&m.lone.as_str()) {
                return Err(err(
                    &m.lone,
                    format!("many-on-one: `{}` is not a side of this roll", m.lone),
                ));
            }
            if m.up_to < 2 {
                return Err(err(
                    "up-to:",
                    "many-on-one needs `up-to` of 2 or more".into(),
                ));
            }
            if let Some(c) = &m.count
                && self.factor(c).is_none_or(|f| f.kind != FactorKind::Number)
            {
                return Err(err(
                    c,
                    format!("many-on-one counts into `{c}`, which is not a number factor"),
                ));
            }
        }
        for r in &p.results {
            for m in &r.marks {
                let Some(g) = &self.def.game else {
                    return Err(err(
                        "marks:",
                        "`marks` change a game's figures: the ruleset needs a `game:` section"
                            .into(),
                    ));
                };
                if matches!(m.on, Role::Loser | Role::Winner) && p.sides.is_empty() {
                    return Err(err(
                        "on:",
                        format!(
                            "result `{}` marks the loser or winner, but this roll has no sides",
                            r.name
                        ),
                    ));
                }
                self.check_guard(m.guard(), &|n, msg| err(n, msg))?;
                for c in &m.change {
                    let name = c.strip_prefix('+').or_else(|| c.strip_prefix('-'));
                    let known = name.is_some_and(|n| {
                        g.markers.iter().any(|x| x.name == n)
                            || g.states.iter().any(|x| x.name == n)
                            || (c.starts_with('+') && g.counters.iter().any(|x| x.name == n))
                    });
                    if !known {
                        return Err(err(
                            c,
                            format!(
                                "result `{}` makes the change `{c}`: write +NAME or -NAME of a marker or state, or +NAME of a counter",
                                r.name
                            ),
                        ));
                    }
                }
            }
            for b in &r.becomes {
                need_result(&b.result, &b.result)?;
                self.check_guard(b.guard(), &|n, m| err(n, m))?;
                match b.side.as_deref() {
                    None => {}
                    Some("loser" | "winner") if !p.sides.is_empty() => {}
                    Some(s) => {
                        return Err(err(
                            s,
                            format!(
                                "`becomes` reads side `{s}`; only `loser` or `winner` of an opposed roll can be read"
                            ),
                        ));
                    }
                }
            }
        }
        for r in &p.results {
            for f in r.next.iter().chain(&r.follow_up) {
                let f = f.full();
                let Some(q) = self.procedure(&f.procedure) else {
                    return Err(err(
                        &f.procedure,
                        format!(
                            "result `{}` goes on to `{}`, which this ruleset does not define",
                            r.name, f.procedure
                        ),
                    ));
                };
                self.check_guard(f.guard(), &|n, m| err(n, m))?;
                if let Some(s) = &f.side
                    && !(s == "loser" || s == "winner" || side_names.contains(&s.as_str()))
                {
                    return Err(err(
                        s,
                        format!("follow-up side `{s}` is not loser, winner or a side of this roll"),
                    ));
                }
                for (old, new) in &f.rename {
                    for n in [old, new] {
                        if self.factor(n).is_none() {
                            return Err(err(
                                n,
                                format!(
                                    "follow-up renames `{n}`, which this ruleset does not define"
                                ),
                            ));
                        }
                    }
                }
                for (k, v) in &f.set {
                    let Some(fd) = self.factor(k) else {
                        return Err(err(
                            k,
                            format!("follow-up sets `{k}`, which this ruleset does not define"),
                        ));
                    };
                    if fd.kind == FactorKind::Choice && self.value(fd, v).is_none() {
                        return Err(err(
                            v,
                            format!("follow-up sets `{k}={v}`, which is not a value of `{k}`"),
                        ));
                    }
                }
                if !q.sides.is_empty() && r.next.iter().any(|n| n.full().procedure == q.name) {
                    return Err(err(
                        &f.procedure,
                        "an opposed roll cannot follow at once; list it as a follow-up".into(),
                    ));
                }
            }
        }
        Ok(())
    }

    /// `next` chains must end: a loop would make the odds infinite.
    fn check_no_cycles(&self, at: &Locator<'_>) -> Result<()> {
        fn visit<'a>(
            r: &'a Ruleset,
            p: &'a ProcedureDef,
            path: &mut Vec<&'a str>,
            done: &mut BTreeMap<&'a str, bool>,
            at: &Locator<'_>,
        ) -> Result<()> {
            if done.get(p.name.as_str()) == Some(&true) {
                return Ok(());
            }
            if path.contains(&p.name.as_str()) {
                return Err(at.err(
                    &["procedures:", &format!("name: {}", p.name)],
                    format!(
                        "procedures go on to each other in a loop: {} → {}",
                        path.join(" → "),
                        p.name
                    ),
                ));
            }
            path.push(&p.name);
            for q in r.next_procedures(p) {
                visit(r, q, path, done, at)?;
            }
            path.pop();
            done.insert(&p.name, true);
            Ok(())
        }
        let mut done = BTreeMap::new();
        for p in &self.def.procedures {
            visit(self, p, &mut Vec::new(), &mut done, at)?;
        }
        Ok(())
    }
}

/// Bands must run upward without gaps or overlaps; the ends may be open.
fn check_bands(
    bands: &[crate::rules::schema::BandDef],
    err: &dyn Fn(&str, String) -> Error,
) -> Result<()> {
    let mut previous: Option<i64> = None;
    for (i, b) in bands.iter().enumerate() {
        let first = i == 0;
        let last = i + 1 == bands.len();
        if let (Some(lo), Some(hi)) = (b.min, b.max)
            && lo > hi
        {
            return Err(err(&b.result, format!("band {lo}..{hi} runs backwards")));
        }
        match (previous, b.min) {
            (Some(p), Some(lo)) if lo != p + 1 => {
                return Err(err(
                    &b.result,
                    format!(
                        "band for `{}` starts at {lo}; the one before ends at {p}",
                        b.result
                    ),
                ));
            }
            (Some(_), None) => {
                return Err(err(
                    &b.result,
                    format!("band for `{}` needs `min`", b.result),
                ));
            }
            (None, None) if !first => return Err(err(&b.result, "band needs `min`".into())),
            _ => {}
        }
        match b.max {
            Some(hi) => previous = Some(hi),
            None if !last => {
                return Err(err(
                    &b.result,
                    format!("only the last band may leave out `max` (`{}`)", b.result),
                ));
            }
            None => {}
        }
    }
    Ok(())
}

pub fn kind_word(k: FactorKind) -> &'static str {
    match k {
        FactorKind::Choice => "choice",
        FactorKind::Flag => "yes/no",
        FactorKind::Number => "number",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locate_counts_lines_and_columns() {
        let text = "a: 1\nprocedures:\n  - name: x\n    roll: 2d7x\n";
        assert_eq!(locate(text, &["name: x", "2d7x"]), (4, 11));
    }
}
