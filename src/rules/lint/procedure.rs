//! The checks of one procedure: bands and grid cells over the totals it can reach, results it
//! can never give, modifiers that can never count, and a check's fallback that never comes.

use std::collections::{BTreeMap, BTreeSet};

use super::Issue;
use super::place::Place;
use super::reach::{self, Ctx, Domains, SideReach, for_each_situation};
use crate::engine::situation::Value;
use crate::model::Ruleset;
use crate::model::{BandDef, CompareBy, Guarded, ItemDef, Policy, ProcedureDef};

/// What a procedure's readings can show, over both sides' reachable totals.
#[derive(Debug, Default)]
struct Seen {
    results: BTreeSet<String>,
    /// Totals read on the table (after `clamp`).
    table: BTreeSet<i64>,
    margins: BTreeSet<i64>,
    /// Grid (row, column) cells read.
    cells: BTreeSet<(usize, usize)>,
}

pub(super) fn check(r: &Ruleset, p: &ProcedureDef) -> Vec<Issue> {
    let mut out = Vec::new();
    let domains = Domains::new(r, p);
    let first = reach::side(r, p, &domains, true);
    let second = if p.sides.len() == 2 {
        reach::side(r, p, &domains, false)
    } else {
        None
    };
    let seen = match (&first, &second, p.sides.len()) {
        (Some(a), None, 0) => Some(read_one(p, a)),
        (Some(a), Some(b), 2) if sides_apart(p) => read_two(p, a, b),
        _ => None,
    };
    if let Some(seen) = &seen {
        readings(p, seen, first.as_ref(), &mut out);
    }
    let fallback = p.check.as_ref().and_then(|c| c.impossible.as_ref());
    if let (Some(i), Some(a)) = (fallback, &first)
        && !a.falls_back
    {
        out.push(Issue::new(
            Place::Impossible(p.name.clone()),
            format!(
                "the check never falls back to `{}`: no situation's modifiers put a pass out of \
                 the dice's reach",
                i.becomes
            ),
            Some("remove `impossible`: it is never read".into()),
        ));
    }
    results(p, seen.as_ref(), &mut out);
    modifiers(r, p, &domains, &mut out);
    out
}

/// Note in `seen` the results a `becomes` may turn `result` into, given which conditions hold
/// on each side and which side lost (mirrors the engine: the first that applies). One that
/// also reads the dice (a natural 6) may or may not apply: both it and what follows stay
/// possible. (Called for every pair of totals: it allocates only for a result not yet seen.)
fn turned(
    p: &ProcedureDef,
    result: &str,
    (first, second): (&Ctx, Option<&Ctx>),
    loser: Option<usize>,
    seen: &mut BTreeSet<String>,
) {
    let mut note = |r: &str| {
        if !seen.contains(r) {
            seen.insert(r.to_string());
        }
    };
    let mut index = 0;
    for x in &p.results {
        for b in &x.becomes {
            let here = index;
            index += 1;
            if x.name != result {
                continue;
            }
            let holds = |c: &Ctx| c.becomes.get(here).copied().unwrap_or(false);
            let applies = match b.side.as_deref() {
                None => holds(first),
                Some(role) => [Some(first), second].iter().enumerate().any(|(i, c)| {
                    c.is_some_and(&holds) && loser.is_some_and(|l| (l == i) == (role == "loser"))
                }),
            };
            if applies {
                note(&b.result);
                if b.natural.is_none() {
                    return;
                }
            }
        }
    }
    note(result);
}

fn band(bands: &[BandDef], v: i64) -> Option<&str> {
    bands
        .iter()
        .find(|b| b.min.is_none_or(|m| v >= m) && b.max.is_none_or(|m| v <= m))
        .map(|b| b.result.as_str())
}

fn read_one(p: &ProcedureDef, a: &SideReach) -> Seen {
    let mut seen = Seen::default();
    for (ctx, (naturals, totals)) in &a.by_ctx {
        if ctx.no_row {
            continue;
        }
        let mut give = |r: &str| {
            turned(p, r, (ctx, None), None, &mut seen.results);
        };
        naturals.iter().for_each(|n| give(n));
        for t in totals {
            if let (Some(c), Some(target)) = (&p.check, ctx.target) {
                let pass = c.compare.holds(*t, target);
                give(if pass { &c.pass } else { &c.fail });
            }
            if let Some(table) = &p.table {
                let read = table.clamp.map_or(*t, |[lo, hi]| (*t).max(lo).min(hi));
                seen.table.insert(read);
                if let Some(x) = band(&table.rows, read) {
                    give(x);
                }
            }
            if let (Some(g), Some(row)) = (&p.grid, ctx.row) {
                let cells = g.rows.get(row).map_or(&[][..], |x| &x.results[..]);
                let width = i64::try_from(cells.len()).unwrap_or(1).max(1);
                let column = t.saturating_sub(g.first_column).clamp(0, width - 1);
                let column = usize::try_from(column).unwrap_or(0);
                seen.cells.insert((row, column));
                if let Some(x) = cells.get(column) {
                    give(x);
                }
            }
        }
    }
    seen
}

/// Whether each side's totals can be reached whatever the other's are: no modifier reads on
/// the other side a factor the roll reads on a side itself (the two would be tied).
fn sides_apart(p: &ProcedureDef) -> bool {
    let items = || p.modifiers.iter().flat_map(|g| &g.items);
    let opponent: BTreeSet<&str> = items()
        .flat_map(|i| &i.opponent)
        .map(|c| c.factor.as_str())
        .collect();
    let guarded = reach::guards(p);
    let mut own = guarded
        .iter()
        .flat_map(|g| g.conditions())
        .map(|c| c.factor.as_str());
    let mut valued = items().filter_map(|i| i.factor.as_deref());
    !own.any(|f| opponent.contains(f)) && !valued.any(|f| opponent.contains(f))
}

/// A side's total as the comparison reads it: itself, or the amount it scores (its floor;
/// `None` where a halving may apply, which depends on the situation, not the total).
fn as_compared(p: &ProcedureDef, total: i64) -> Option<i64> {
    match &p.amount {
        None => Some(total),
        Some(a) if a.halve.is_empty() => Some(a.floor.map_or(total, |f| total.max(f))),
        Some(_) => None,
    }
}

fn read_two(p: &ProcedureDef, a: &SideReach, b: &SideReach) -> Option<Seen> {
    let mut seen = Seen::default();
    let Some(c) = &p.compare else {
        return Some(seen);
    };
    type Read<'r> = BTreeSet<(&'r str, Option<usize>)>;
    let mut known: BTreeMap<(&BTreeSet<i64>, &BTreeSet<i64>), Read<'_>> = BTreeMap::new();
    for (ca, (naturals, ta)) in &a.by_ctx {
        for n in naturals {
            turned(p, n, (ca, None), None, &mut seen.results);
        }
        for (cb, (_, tb)) in &b.by_ctx {
            // The results read, and who lost, before any `becomes`: a few, however many
            // totals; each is turned once for this pair of situations. Situations apart only
            // in what a `becomes` reads show the same totals: those are read once.
            if let Some(read) = known.get(&(ta, tb)) {
                for (result, loser) in read {
                    turned(p, result, (ca, Some(cb)), *loser, &mut seen.results);
                }
                continue;
            }
            let mut read: BTreeSet<(&str, Option<usize>)> = BTreeSet::new();
            'totals: for x in ta {
                for y in tb {
                    // Doubling reads no margin: once every result it can read is seen (a tie,
                    // and beaten or doubled for either loser), no more pairs are needed.
                    if c.by == CompareBy::Doubling && read.len() == 5 {
                        break 'totals;
                    }
                    let (x, y) = (as_compared(p, *x)?, as_compared(p, *y)?);
                    if x == y {
                        read.insert((c.tie.as_str(), None));
                        continue;
                    }
                    let (loser, hi, lo) = if x > y { (1, x, y) } else { (0, y, x) };
                    let result = match c.by {
                        CompareBy::Margin => {
                            let margin = hi.saturating_sub(lo);
                            seen.margins.insert(margin);
                            band(&c.bands, margin)
                        }
                        CompareBy::Doubling => {
                            if i128::from(hi) >= 2 * i128::from(lo) {
                                c.doubled.as_deref()
                            } else {
                                c.beaten.as_deref()
                            }
                        }
                    };
                    if let Some(result) = result {
                        read.insert((result, Some(loser)));
                    }
                }
            }
            for (result, loser) in &read {
                turned(p, result, (ca, Some(cb)), *loser, &mut seen.results);
            }
            known.insert((ta, tb), read);
        }
    }
    Some(seen)
}

/// Runs of consecutive numbers, for messages.
fn runs(values: impl IntoIterator<Item = i64>) -> Vec<(i64, i64)> {
    let mut out: Vec<(i64, i64)> = Vec::new();
    for v in values {
        match out.last_mut() {
            Some((_, hi)) if hi.checked_add(1) == Some(v) => *hi = v,
            _ => out.push((v, v)),
        }
    }
    out
}

fn span((lo, hi): (i64, i64)) -> String {
    if lo == hi {
        lo.to_string()
    } else {
        format!("{lo} to {hi}")
    }
}

fn span_of(set: &BTreeSet<i64>) -> String {
    match (set.first(), set.last()) {
        (Some(lo), Some(hi)) => span((*lo, *hi)),
        _ => "nothing".into(),
    }
}

fn band_text(b: &BandDef) -> String {
    match (b.min, b.max) {
        (Some(lo), Some(hi)) if lo == hi => format!("{lo}"),
        (Some(lo), Some(hi)) => format!("{lo}..{hi}"),
        (Some(lo), None) => format!("{lo} and up"),
        (None, Some(hi)) => format!("{hi} and below"),
        (None, None) => "any".into(),
    }
}

/// Bands over the values a reading can take: values no band covers, bands no value reaches.
fn bands(
    p: &ProcedureDef,
    bands: &[BandDef],
    values: &BTreeSet<i64>,
    compare: bool,
    what: &str,
    out: &mut Vec<Issue>,
) {
    let uncovered = values.iter().copied().filter(|v| band(bands, *v).is_none());
    for run in runs(uncovered) {
        let last = bands.len().saturating_sub(1);
        let at = if bands.first().and_then(|b| b.min).is_some_and(|m| run.1 < m) {
            0
        } else {
            last
        };
        out.push(Issue::new(
            Place::Band(p.name.clone(), compare, at),
            format!("{what} {} can be reached but no band covers it", span(run)),
            Some(format!("{what}s reachable: {}", span_of(values))),
        ));
    }
    for (i, b) in bands.iter().enumerate() {
        let read = values
            .iter()
            .any(|v| b.min.is_none_or(|m| *v >= m) && b.max.is_none_or(|m| *v <= m));
        if !read {
            out.push(Issue::new(
                Place::Band(p.name.clone(), compare, i),
                format!("band {} (`{}`) can never be read", band_text(b), b.result),
                Some(format!("{what}s reachable: {}", span_of(values))),
            ));
        }
    }
}

fn readings(p: &ProcedureDef, seen: &Seen, first: Option<&SideReach>, out: &mut Vec<Issue>) {
    if let Some(t) = &p.table {
        bands(p, &t.rows, &seen.table, false, "total", out);
    }
    if let Some(c) = p.compare.as_ref().filter(|c| c.by == CompareBy::Margin) {
        bands(p, &c.bands, &seen.margins, true, "margin", out);
    }
    let Some(g) = &p.grid else {
        return;
    };
    if let Some(example) = first.and_then(|f| f.no_row_example.as_ref()) {
        out.push(Issue::new(
            Place::Grid(p.name.clone()),
            "no grid row fits some situations".into(),
            Some(format!(
                "e.g. `{example}`; add a last row without conditions"
            )),
        ));
    }
    for (i, row) in g.rows.iter().enumerate() {
        let columns: BTreeSet<usize> = seen
            .cells
            .iter()
            .filter(|(r, _)| *r == i)
            .map(|(_, c)| *c)
            .collect();
        if columns.is_empty() {
            out.push(Issue::new(
                Place::GridRow(p.name.clone(), i),
                format!("grid row `{}` can never be read", row.label),
                Some(
                    "rows above it take every situation it fits, or its conditions never hold"
                        .into(),
                ),
            ));
            continue;
        }
        let unread = (0..row.results.len()).filter(|c| !columns.contains(c));
        let total = |c: usize| g.first_column.saturating_add(i64::try_from(c).unwrap_or(0));
        for (lo, hi) in runs(unread.map(|c| i64::try_from(c).unwrap_or(0))) {
            let (lo, hi) = (total(lo as usize), total(hi as usize));
            out.push(Issue::new(
                Place::GridRow(p.name.clone(), i),
                format!(
                    "grid row `{}`: the {} can never be read",
                    row.label,
                    if lo == hi {
                        format!("column for total {lo}")
                    } else {
                        format!("columns for totals {lo} to {hi}")
                    }
                ),
                None,
            ));
        }
    }
}

/// Results nothing gives: by reachability when known, else by what names them at all.
fn results(p: &ProcedureDef, seen: Option<&Seen>, out: &mut Vec<Issue>) {
    let named: BTreeSet<&str> = {
        let mut n: BTreeSet<&str> = BTreeSet::new();
        for x in &p.naturals {
            n.insert(&x.result);
            n.extend(x.otherwise.as_deref());
        }
        if let Some(c) = &p.check {
            n.extend([c.pass.as_str(), c.fail.as_str()]);
        }
        n.extend(
            p.table
                .iter()
                .flat_map(|t| &t.rows)
                .map(|b| b.result.as_str()),
        );
        n.extend(
            p.grid
                .iter()
                .flat_map(|g| &g.rows)
                .flat_map(|r| r.results.iter().map(String::as_str)),
        );
        if let Some(c) = &p.compare {
            n.insert(&c.tie);
            n.extend(c.bands.iter().map(|b| b.result.as_str()));
            n.extend(c.beaten.as_deref());
            n.extend(c.doubled.as_deref());
        }
        n.extend(
            p.results
                .iter()
                .flat_map(|r| &r.becomes)
                .map(|b| b.result.as_str()),
        );
        n
    };
    for x in &p.results {
        let never = match seen {
            Some(s) => !s.results.contains(&x.name),
            None => !named.contains(x.name.as_str()),
        };
        if never {
            let hint = if named.contains(x.name.as_str()) {
                "only bands, cells or conditions that are never reached give it"
            } else {
                "no natural, check, band, cell, compare or `becomes` names it"
            };
            out.push(Issue::new(
                Place::Result(p.name.clone(), x.name.clone()),
                format!("result `{}` can never happen", x.name),
                Some(hint.into()),
            ));
        }
    }
}

fn label(item: &ItemDef, i: usize) -> String {
    item.label
        .clone()
        .or_else(|| item.factor.clone())
        .unwrap_or_else(|| format!("#{}", i + 1))
}

fn item_factors(item: &ItemDef) -> BTreeSet<String> {
    let mut f: BTreeSet<String> = item
        .guard()
        .conditions()
        .map(|c| c.factor.clone())
        .collect();
    f.extend(item.factor.iter().cloned());
    f
}

fn modifiers(r: &Ruleset, p: &ProcedureDef, domains: &Domains, out: &mut Vec<Issue>) {
    for (gi, g) in p.modifiers.iter().enumerate() {
        for (ii, item) in g.items.iter().enumerate() {
            let place = || Place::Item(p.name.clone(), gi, ii);
            let name = label(item, ii);
            let factors = item_factors(item);
            // Situations where the guard holds, and the `values` keys they read.
            let mut holds = false;
            let mut keys_read: BTreeSet<String> = BTreeSet::new();
            let complete = for_each_situation(domains, &factors, None, |s| {
                if !s.guard_holds(r, item.guard()) {
                    return;
                }
                holds = true;
                let (Some(values), Some(f)) = (
                    &item.values,
                    item.factor.as_deref().and_then(|n| r.factor(n)),
                ) else {
                    return;
                };
                if let Some(Value::Choice(actual)) = s.value(r, &f.name)
                    && let Some((_, k)) = values
                        .keys()
                        .filter_map(|k| r.key_covers(f, k, &actual).map(|size| (size, k)))
                        .min_by_key(|(size, _)| *size)
                {
                    keys_read.insert(k.clone());
                }
            });
            if complete && !holds {
                out.push(Issue::new(
                    place(),
                    format!(
                        "modifier `{name}` can never apply: its conditions contradict each other"
                    ),
                    None,
                ));
                continue;
            }
            if item.value == Some(0) || item.each == Some(0) {
                out.push(Issue::new(
                    place(),
                    format!("modifier `{name}` is 0: it never changes the total"),
                    Some("give it a value or remove it".into()),
                ));
            }
            for (k, v) in item.values.iter().flatten() {
                if complete && !keys_read.contains(k) {
                    out.push(Issue::new(
                        place(),
                        format!("modifier `{name}`: `{k}` can never apply"),
                        Some("its conditions rule it out, or narrower keys cover every value it stands for".into()),
                    ));
                    continue;
                }
                if let Some(why) = wrong_sign(g.policy, *v) {
                    out.push(Issue::new(
                        place(),
                        format!("modifier `{name}`: `{k}: {v}` never counts: {why}"),
                        None,
                    ));
                }
            }
            if let Some(v) = item.value
                && let Some(why) = wrong_sign(g.policy, v)
            {
                out.push(Issue::new(
                    place(),
                    format!("modifier `{name}` never counts: {why}"),
                    None,
                ));
                continue;
            }
            if let Some(other) = superseded(r, domains, &g.items, ii, g.policy) {
                out.push(Issue::new(
                    place(),
                    format!("modifier `{name}` never counts: `{other}` applies whenever it does and is greater"),
                    Some(format!("policy {:?} keeps only the greatest", g.policy).to_lowercase()),
                ));
            }
        }
    }
}

fn wrong_sign(policy: Policy, v: i64) -> Option<&'static str> {
    match policy {
        Policy::Best if v < 0 => Some("the group's policy `best` keeps only the greatest positive"),
        Policy::Worst if v > 0 => {
            Some("the group's policy `worst` keeps only the greatest negative")
        }
        _ => None,
    }
}

/// Another fixed item of the group that holds whenever item `i` holds and always beats it.
fn superseded(
    r: &Ruleset,
    domains: &Domains,
    items: &[ItemDef],
    i: usize,
    policy: Policy,
) -> Option<String> {
    let a = items.get(i)?;
    // What an item reads on the other side is not enumerated here: no finding on it.
    if !a.opponent.is_empty() {
        return None;
    }
    let va = a.value.filter(|v| *v != 0)?;
    let keeps_one = match policy {
        Policy::All => false,
        Policy::Best => va > 0,
        Policy::Worst => va < 0,
        Policy::BestAndWorst => true,
    };
    if !keeps_one {
        return None;
    }
    for (j, b) in items.iter().enumerate() {
        let Some(vb) = b.value.filter(|_| j != i && b.opponent.is_empty()) else {
            continue;
        };
        let beats = if va > 0 { vb > va } else { vb < va };
        if !beats {
            continue;
        }
        let mut factors = item_factors(a);
        factors.extend(item_factors(b));
        let mut implied = true;
        let mut any = false;
        let complete = for_each_situation(domains, &factors, None, |s| {
            if s.guard_holds(r, a.guard()) {
                any = true;
                implied &= s.guard_holds(r, b.guard());
            }
        });
        if complete && any && implied {
            return Some(label(b, j));
        }
    }
    None
}
