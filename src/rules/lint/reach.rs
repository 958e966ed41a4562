//! What a procedure can produce over every situation the umpire could describe: the totals
//! each side reaches, with the natural results and the reading context (check target, grid
//! row, `becomes` conditions) they come with. Exact or nothing: past its bounds it gives up.
//!
//! Enumerating whole situations is exponential in the factors, so the pieces of a procedure
//! (its dice, each modifier item, its reading) are grouped by the factors they share; each
//! group is enumerated alone and the groups' summaries are combined.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::throws::{Out, throws};
use crate::engine::fallback::out_of_reach;
use crate::engine::modifiers::item_line;
use crate::engine::plan::Plan;
use crate::engine::situation::{Given, Situation, Value};
use crate::engine::throw::DicePlan;
use crate::model::{Decimal, Ruleset};
use crate::model::{
    FactorKind, Guard, Guarded, NaturalDef, Policy, ProcedureDef, RollDef, TargetDef, Test,
};

/// Situations enumerated over one set of factors.
const MAX_ASSIGNMENTS: u64 = 50_000;
/// Situations enumerated for one side of a procedure in all.
const MAX_WORK: u64 = 400_000;
/// Distinct summaries kept while combining groups.
const MAX_STATES: usize = 20_000;
/// Values of a number factor enumerated one by one (`each`, dice counts, targets).
const MAX_SPAN: i64 = 2_000;

/// The values a factor can take in one procedure; `None` is "not given".
pub(super) type Domain = Vec<Option<Value>>;

/// How a procedure uses one factor, which decides how finely its values must be enumerated.
#[derive(Debug, Default)]
struct Use {
    /// Values and classes named by conditions and `values` maps.
    keys: BTreeSet<String>,
    /// Numbers around which a condition changes its answer.
    points: BTreeSet<i64>,
    /// Every number counts (`each`, dice counts, targets), not only the condition's sides.
    every: bool,
    /// Read by name from a lookup: every value is a case of its own.
    lookup: bool,
}

/// The domain of every factor a procedure reads; `None` where one cannot be bounded.
#[derive(Debug)]
pub(super) struct Domains(BTreeMap<String, Option<Domain>>);

/// Every guard of a procedure, for collecting what it reads.
pub(super) fn guards(p: &ProcedureDef) -> Vec<Guard<'_>> {
    let mut out = Vec::new();
    if let Some(RollDef::Cases(cases)) = &p.roll {
        out.extend(cases.iter().map(Guarded::guard));
    }
    out.extend(p.drop.iter().map(Guarded::guard));
    out.extend(p.naturals.iter().map(Guarded::guard));
    out.extend(
        p.modifiers
            .iter()
            .flat_map(|g| &g.items)
            .map(Guarded::guard),
    );
    out.extend(p.rerolls.iter().map(Guarded::guard));
    out.extend(p.grid.iter().flat_map(|g| &g.rows).map(Guarded::guard));
    out.extend(p.amount.iter().flat_map(|a| &a.halve).map(Guarded::guard));
    out.extend(p.amount.iter().flat_map(|a| &a.instead).map(Guarded::guard));
    out.extend(p.marks.iter().map(Guarded::guard));
    for r in &p.results {
        out.extend(r.becomes.iter().map(Guarded::guard));
        out.extend(r.marks.iter().map(Guarded::guard));
    }
    out
}

impl Domains {
    pub(super) fn new(r: &Ruleset, p: &ProcedureDef) -> Domains {
        let mut uses: BTreeMap<String, Use> = BTreeMap::new();
        for g in guards(p) {
            for c in g.conditions() {
                let u = uses.entry(c.factor.clone()).or_default();
                match &c.test {
                    Test::Values(vs) => u.keys.extend(vs.iter().cloned()),
                    Test::Range { min, max } => {
                        for m in min.iter().chain(max) {
                            u.points
                                .extend([m.saturating_sub(1), *m, m.saturating_add(1)]);
                        }
                    }
                    Test::Flag(_) => {}
                }
            }
        }
        for item in p.modifiers.iter().flat_map(|g| &g.items) {
            // What an item reads on the other side is a factor of its own here.
            for c in &item.opponent {
                let u = uses.entry(opponent_name(&c.factor)).or_default();
                match &c.test {
                    Test::Values(vs) => u.keys.extend(vs.iter().cloned()),
                    Test::Range { min, max } => {
                        for m in min.iter().chain(max) {
                            u.points
                                .extend([m.saturating_sub(1), *m, m.saturating_add(1)]);
                        }
                    }
                    Test::Flag(_) => {}
                }
            }
            if let Some(f) = &item.factor {
                let u = uses.entry(f.clone()).or_default();
                if let Some(values) = &item.values {
                    u.keys.extend(values.keys().cloned());
                }
                u.every |= item.each.is_some();
            }
        }
        if let Some(RollDef::Cases(cases)) = &p.roll {
            for count in cases.iter().filter_map(|c| c.count.as_ref()) {
                let u = uses.entry(count.factor.clone()).or_default();
                u.every = true;
            }
        }
        match p.check.as_ref().map(|c| &c.target) {
            Some(TargetDef::Factor(f)) => uses.entry(f.clone()).or_default().every = true,
            Some(TargetDef::Lookup(l)) => {
                for f in [&l.rows, &l.columns] {
                    uses.entry(f.clone()).or_default().lookup = true;
                }
            }
            Some(TargetDef::Number(_)) | None => {}
        }
        let map = uses
            .into_iter()
            .map(|(name, u)| {
                let domain = domain(r, &name, &u);
                (name, domain)
            })
            .collect();
        Domains(map)
    }

    pub(super) fn get(&self, name: &str) -> Option<&Domain> {
        self.0.get(name).and_then(Option::as_ref)
    }
}

/// The name a factor of the other side of an opposed roll is enumerated under, beside the
/// same factor of the side itself.
const OPPONENT: &str = "opponent:";

fn opponent_name(factor: &str) -> String {
    format!("{OPPONENT}{factor}")
}

/// The other side's situation within one enumerated: its factors, named as the ruleset does.
fn opponent_of(s: &Situation) -> Situation {
    Situation {
        given: s
            .given
            .iter()
            .filter_map(|(k, g)| Some((k.strip_prefix(OPPONENT)?.to_string(), g.clone())))
            .collect(),
    }
}

fn domain(r: &Ruleset, name: &str, u: &Use) -> Option<Domain> {
    let f = r.factor(name.strip_prefix(OPPONENT).unwrap_or(name))?;
    let mut out: Domain = Vec::new();
    match f.kind {
        FactorKind::Flag => out.extend([None, Some(Value::Flag(true))]),
        FactorKind::Number => {
            // Not giving a number some dice count or target needs is an error at the table,
            // which evaluating the situation finds: here every situation is offered.
            out.push(None);
            if u.every {
                let (lo, hi) = (f.min?, f.max?);
                if hi.saturating_sub(lo) > MAX_SPAN {
                    return None;
                }
                out.extend((lo..=hi).map(|n| Some(Value::Number(Decimal::whole(n)))));
            } else {
                // Conditions change their answer only next to their own numbers.
                let mut points: BTreeSet<i64> = u.points.clone();
                points.extend(f.min.iter().chain(&f.max));
                points.insert(f.min.or(f.max).unwrap_or(0));
                points.retain(|n| f.min.is_none_or(|m| *n >= m) && f.max.is_none_or(|m| *n <= m));
                out.extend(
                    points
                        .into_iter()
                        .map(|n| Some(Value::Number(Decimal::whole(n)))),
                );
            }
        }
        FactorKind::Choice => {
            let mut words: Vec<String> = f.values.iter().map(|v| v.name().to_string()).collect();
            // A class may be given for any of its members.
            words.extend(f.classes.iter().map(|c| c.name.clone()));
            if f.default.is_none() {
                out.push(None);
            }
            // Values every condition and map of the procedure treats alike are one case.
            let mut seen: BTreeSet<Vec<Option<usize>>> = BTreeSet::new();
            for w in words {
                let signature: Vec<Option<usize>> =
                    u.keys.iter().map(|k| r.key_covers(f, k, &w)).collect();
                if u.lookup || seen.insert(signature) {
                    out.push(Some(Value::Choice(w)));
                }
            }
        }
    }
    Some(out)
}

/// Calls `each` with every situation over `factors` (canonical names); `false` when the
/// domains are unknown or the product is too large.
pub(super) fn for_each_situation(
    domains: &Domains,
    factors: &BTreeSet<String>,
    base: Option<&Situation>,
    mut each: impl FnMut(&Situation),
) -> bool {
    let mut lists: Vec<(&String, &Domain)> = Vec::new();
    let mut size: u64 = 1;
    for name in factors {
        let Some(d) = domains.get(name) else {
            return false;
        };
        size = size.saturating_mul(d.len() as u64);
        lists.push((name, d));
    }
    if size > MAX_ASSIGNMENTS {
        return false;
    }
    if lists.iter().any(|(_, d)| d.is_empty()) {
        return true;
    }
    let mut index = vec![0usize; lists.len()];
    loop {
        let mut s = base.cloned().unwrap_or_default();
        for ((name, d), i) in lists.iter().zip(&index) {
            if let Some(Some(value)) = d.get(*i) {
                s.given.insert(
                    (*name).clone(),
                    Given {
                        value: value.clone(),
                        distance: None,
                        via: None,
                    },
                );
            }
        }
        each(&s);
        // Next index, odometer style.
        let mut pos = 0;
        loop {
            let Some((slot, (_, d))) = index.iter_mut().zip(&lists).nth(pos) else {
                return true;
            };
            *slot += 1;
            if *slot < d.len() {
                break;
            }
            *slot = 0;
            pos += 1;
        }
    }
}

/// What the reading depends on in a situation.
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Ctx {
    pub target: Option<Decimal>,
    pub row: Option<usize>,
    /// A grid where no row fits: an error, no result.
    pub no_row: bool,
    /// Whether each `becomes` condition (results in order, then their entries) holds.
    pub becomes: Vec<bool>,
}

/// One modifier group's contribution so far: a sum, or the greatest positive and negative.
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord)]
struct Part {
    sum: i64,
    best: Option<i64>,
    worst: Option<i64>,
}

impl Part {
    fn add(&mut self, v: i64, policy: Policy) {
        match policy {
            Policy::All => self.sum = self.sum.saturating_add(v),
            _ => {
                if v > 0 && policy != Policy::Worst {
                    self.best = Some(self.best.map_or(v, |b| b.max(v)));
                }
                if v < 0 && policy != Policy::Best {
                    self.worst = Some(self.worst.map_or(v, |w| w.min(v)));
                }
            }
        }
    }

    fn merge(&self, other: &Part, policy: Policy) -> Part {
        let mut out = self.clone();
        out.sum = out.sum.saturating_add(other.sum);
        for v in other.best.iter().chain(&other.worst) {
            out.add(*v, policy);
        }
        out
    }

    fn net(&self) -> i64 {
        self.sum
            .saturating_add(self.best.unwrap_or(0))
            .saturating_add(self.worst.unwrap_or(0))
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord)]
struct State {
    dice: Option<BTreeSet<Out>>,
    /// The lowest and highest unmodified total, naturals aside (what a fallback reads).
    span: Option<(i64, i64)>,
    parts: Vec<Part>,
    ctx: Option<Ctx>,
}

/// A piece of a procedure and the factors it reads.
type Reads = (Piece, BTreeSet<String>);

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Piece {
    Dice,
    Item(usize, usize),
    Reading,
}

/// Everything one side of a procedure can reach: per reading context, the natural results
/// and the modified totals.
#[derive(Debug, Default)]
pub(super) struct SideReach {
    /// The throws read by the procedure itself: not those of situations whose modifiers make
    /// its check impossible, which the procedure it falls back to reads.
    pub by_ctx: BTreeMap<Ctx, (BTreeSet<String>, BTreeSet<i64>)>,
    /// Some situation's modifiers make the check impossible, and it falls back.
    pub falls_back: bool,
    /// A situation in which no grid row fits, as `name=value` words.
    pub no_row_example: Option<String>,
}

/// What the dice give before modifiers, and the lowest and highest total they show.
type Dice = (BTreeSet<Out>, (i64, i64));

struct Ctxt<'a> {
    r: &'a Ruleset,
    p: &'a ProcedureDef,
    naturals: bool,
    dice_cache: HashMap<(String, Vec<usize>), Option<Dice>>,
}

/// What one side reaches; `naturals` for the side whose dice naturals are read on.
pub(super) fn side(
    r: &Ruleset,
    p: &ProcedureDef,
    domains: &Domains,
    naturals: bool,
) -> Option<SideReach> {
    let clusters = clusters(pieces(p, naturals));
    let mut cx = Ctxt {
        r,
        p,
        naturals,
        dice_cache: HashMap::new(),
    };
    let empty = State {
        dice: None,
        span: None,
        parts: vec![Part::default(); p.modifiers.len()],
        ctx: None,
    };
    let mut states: BTreeSet<State> = BTreeSet::from([empty.clone()]);
    let mut out = SideReach::default();
    let mut work: u64 = 0;
    for (factors, members) in &clusters {
        // Within a cluster, the factors several pieces read are enumerated together and each
        // piece's own factors apart: the pieces only meet through the shared ones.
        let shared: BTreeSet<String> = factors
            .iter()
            .filter(|f| members.iter().filter(|(_, fs)| fs.contains(*f)).count() > 1)
            .cloned()
            .collect();
        let mut found: BTreeSet<State> = BTreeSet::new();
        let mut failed = false;
        let complete = for_each_situation(domains, &shared, None, |base| {
            if failed {
                return;
            }
            let mut combos: BTreeSet<State> = BTreeSet::from([empty.clone()]);
            let mut example = None;
            for (piece, fs) in members {
                let own: BTreeSet<String> = fs.difference(&shared).cloned().collect();
                let mut partials: BTreeSet<State> = BTreeSet::new();
                let whole = for_each_situation(domains, &own, Some(base), |s| {
                    work += 1;
                    match cx.state(&[*piece], s) {
                        Err(()) => failed = true,
                        Ok(None) => {}
                        Ok(Some(state)) => {
                            if state.ctx.as_ref().is_some_and(|c| c.no_row) && example.is_none() {
                                example = Some(s.words(None).join(" "));
                            }
                            partials.insert(state);
                        }
                    }
                });
                failed |= !whole || work > MAX_WORK;
                if failed {
                    return;
                }
                let mut next = BTreeSet::new();
                for a in &combos {
                    for b in &partials {
                        next.insert(merge(p, a, b));
                        if next.len() > MAX_STATES {
                            failed = true;
                            return;
                        }
                    }
                }
                combos = next;
            }
            if combos
                .iter()
                .any(|c| c.ctx.as_ref().is_some_and(|c| c.no_row))
            {
                out.no_row_example = out.no_row_example.take().or(example);
            }
            found.extend(combos);
            failed |= found.len() > MAX_STATES;
        });
        if !complete || failed {
            return None;
        }
        let mut next = BTreeSet::new();
        for a in &states {
            for b in &found {
                next.insert(merge(p, a, b));
                if next.len() > MAX_STATES {
                    return None;
                }
            }
        }
        states = next;
    }
    tally(p, states, &mut out);
    Some(out)
}

/// The pieces of a side's roll (its dice, each modifier item, its reading), each with the
/// factors it reads.
fn pieces(p: &ProcedureDef, naturals: bool) -> Vec<(Piece, BTreeSet<String>)> {
    let mut pieces: Vec<(Piece, BTreeSet<String>)> = Vec::new();
    let names = |gs: &mut dyn Iterator<Item = Guard<'_>>| -> BTreeSet<String> {
        gs.flat_map(|g| g.conditions().map(|c| c.factor.clone()).collect::<Vec<_>>())
            .collect()
    };
    let mut dice = BTreeSet::new();
    if let Some(RollDef::Cases(cases)) = &p.roll {
        dice.extend(names(&mut cases.iter().map(Guarded::guard)));
        dice.extend(
            cases
                .iter()
                .filter_map(|c| c.count.as_ref())
                .map(|c| c.factor.clone()),
        );
    }
    dice.extend(names(&mut p.drop.iter().map(Guarded::guard)));
    if naturals {
        dice.extend(names(&mut p.naturals.iter().map(Guarded::guard)));
    }
    pieces.push((Piece::Dice, dice));
    for (gi, g) in p.modifiers.iter().enumerate() {
        for (ii, item) in g.items.iter().enumerate() {
            let mut f = names(&mut std::iter::once(item.guard()));
            f.extend(item.opponent.iter().map(|c| opponent_name(&c.factor)));
            f.extend(item.factor.iter().cloned());
            pieces.push((Piece::Item(gi, ii), f));
        }
    }
    let mut reading = names(&mut p.grid.iter().flat_map(|g| &g.rows).map(Guarded::guard));
    reading.extend(names(
        &mut p
            .results
            .iter()
            .flat_map(|x| &x.becomes)
            .map(Guarded::guard),
    ));
    match p.check.as_ref().map(|c| &c.target) {
        Some(TargetDef::Factor(f)) => {
            reading.insert(f.clone());
        }
        Some(TargetDef::Lookup(l)) => reading.extend([l.rows.clone(), l.columns.clone()]),
        Some(TargetDef::Number(_)) | None => {}
    }
    pieces.push((Piece::Reading, reading));
    pieces
}

/// The pieces that share a factor, together, with the factors of each cluster.
fn clusters(pieces: Vec<(Piece, BTreeSet<String>)>) -> Vec<(BTreeSet<String>, Vec<Reads>)> {
    // Pieces that share a factor are enumerated together.
    let mut clusters: Vec<(BTreeSet<String>, Vec<Reads>)> = Vec::new();
    for (piece, factors) in pieces {
        let (joined, mut rest): (Vec<_>, Vec<_>) = clusters
            .into_iter()
            .partition(|(fs, _)| !fs.is_disjoint(&factors));
        let mut merged = (factors.clone(), vec![(piece, factors)]);
        for (fs, ps) in joined {
            merged.0.extend(fs);
            merged.1.extend(ps);
        }
        rest.push(merged);
        clusters = rest;
    }
    clusters
}

/// What the states reached give: the naturals and the modified totals by reading, and whether
/// a check falls back.
fn tally(p: &ProcedureDef, states: BTreeSet<State>, out: &mut SideReach) {
    for s in states {
        let net = s
            .parts
            .iter()
            .fold(0i64, |acc, x| acc.saturating_add(x.net()));
        let ctx = s.ctx.unwrap_or_default();
        let fallback = p.check.as_ref().filter(|c| c.impossible.is_some());
        if let (Some(c), Some(target), Some(span)) = (fallback, ctx.target, s.span)
            && out_of_reach(span, net, c.compare, target).is_some()
        {
            out.falls_back = true;
            continue;
        }
        let entry = out.by_ctx.entry(ctx).or_default();
        for o in s.dice.iter().flatten() {
            match o {
                Out::Natural(result) => {
                    entry.0.insert(result.clone());
                }
                Out::Sum(n) => {
                    entry.1.insert(n.saturating_add(net));
                }
            }
        }
    }
    if out.no_row_example.is_some() && !out.by_ctx.keys().any(|c| c.no_row) {
        out.no_row_example = None;
    }
}

fn merge(p: &ProcedureDef, a: &State, b: &State) -> State {
    State {
        dice: a.dice.clone().or_else(|| b.dice.clone()),
        span: a.span.or(b.span),
        parts: a
            .parts
            .iter()
            .zip(&b.parts)
            .zip(&p.modifiers)
            .map(|((x, y), g)| x.merge(y, g.policy))
            .collect(),
        ctx: a.ctx.clone().or_else(|| b.ctx.clone()),
    }
}

impl Ctxt<'_> {
    /// The summary of one situation over a cluster's factors: `Ok(None)` when it is an error
    /// at the table (no dice case, a missing number), `Err` when it is too large to know.
    fn state(&mut self, members: &[Piece], s: &Situation) -> Result<Option<State>, ()> {
        let mut state = State {
            dice: None,
            span: None,
            parts: vec![Part::default(); self.p.modifiers.len()],
            ctx: None,
        };
        for piece in members {
            match *piece {
                Piece::Dice => match self.dice(s)? {
                    Some((d, span)) => {
                        state.dice = Some(d);
                        state.span = Some(span);
                    }
                    None => return Ok(None),
                },
                Piece::Item(gi, ii) => {
                    let Some(g) = self.p.modifiers.get(gi) else {
                        continue;
                    };
                    let Some(item) = g.items.get(ii) else {
                        continue;
                    };
                    if let (Some(line), Some(part)) = (
                        item_line(self.r, &g.group, item, s, Some(&opponent_of(s))),
                        state.parts.get_mut(gi),
                    ) && line.applied
                    {
                        part.add(line.value, g.policy);
                    }
                }
                Piece::Reading => match self.ctx(s) {
                    Some(c) => state.ctx = Some(c),
                    None => return Ok(None),
                },
            }
        }
        Ok(Some(state))
    }

    fn ctx(&self, s: &Situation) -> Option<Ctx> {
        let (r, p) = (self.r, self.p);
        let mut ctx = Ctx::default();
        if let Some(c) = &p.check {
            ctx.target = Some(match &c.target {
                TargetDef::Number(n) => Decimal::whole(*n),
                TargetDef::Factor(f) => s.number(r, f)?,
                TargetDef::Lookup(l) => {
                    let row = s.value(r, &l.rows)?.word();
                    let col = s.value(r, &l.columns)?.word();
                    Decimal::whole(*l.cells.get(&row)?.get(&col)?)
                }
            });
        }
        if let Some(g) = &p.grid {
            ctx.row = g.rows.iter().position(|row| s.guard_holds(r, row.guard()));
            // A row left unfound because a value was not given asks for it: no gap in the grid.
            let unsaid = || {
                g.rows
                    .iter()
                    .flat_map(|row| row.guard().conditions())
                    .filter(|c| {
                        r.factor(&c.factor)
                            .is_some_and(|f| f.kind != FactorKind::Flag)
                    })
                    .any(|c| s.value(r, &c.factor).is_none())
            };
            if ctx.row.is_none() && unsaid() {
                return None;
            }
            ctx.no_row = ctx.row.is_none();
        }
        ctx.becomes = p
            .results
            .iter()
            .flat_map(|x| &x.becomes)
            .map(|b| s.guard_holds(r, b.guard()))
            .collect();
        Some(ctx)
    }

    /// What the dice give in this situation, before modifiers, and their span.
    fn dice(&mut self, s: &Situation) -> Result<Option<Dice>, ()> {
        let Ok(plan) = Plan::side_plan(self.r, self.p, None, s.clone(), None) else {
            return Ok(None);
        };
        let naturals: Vec<usize> = if self.naturals {
            (0..self.p.naturals.len())
                .filter(|i| {
                    self.p
                        .naturals
                        .get(*i)
                        .is_some_and(|n| s.guard_holds(self.r, n.guard()))
                })
                .collect()
        } else {
            Vec::new()
        };
        let key = match &plan.dice {
            DicePlan::Roll(spec) => format!("{spec} of {:?}", spec.die.faces),
            DicePlan::Fixed(v) => format!("fixed {v}"),
        };
        let key = (key, naturals);
        if let Some(known) = self.dice_cache.get(&key) {
            return known.clone().map(Some).ok_or(());
        }
        let list: Vec<&NaturalDef> = key
            .1
            .iter()
            .filter_map(|i| self.p.naturals.get(*i))
            .collect();
        let outs = throws(&plan.dice, &list).map(|o| (o, plan.dice.span()));
        self.dice_cache.insert(key, outs.clone());
        outs.map(Some).ok_or(())
    }
}
