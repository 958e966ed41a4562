//! The exact-odds part of a card: situations that meet a guard, plans for them, and the odds
//! by net modifier, by target, by row of a grid, or the span of an amount.

use crate::engine::decision::Decision;
use crate::engine::fraction::Fraction;
use crate::engine::plan::{Plan, Reading};
use crate::engine::situation::{Given, Input, Situation, Value};
use crate::engine::throw::DicePlan;
use crate::error::Result;
use crate::model::{
    AmountDef, GridDef, Guard, Guarded, ProcedureDef, RollCase, RollDef, TargetDef, Test,
};
use crate::model::{Decimal, Ruleset};

use super::words::{case_dice, dice_words, percent, result_label, whole_percent};
use super::{Block, Grid, Labels, Part, Voice};
use crate::words::signed;

/// A situation in which the guard holds (its `when`, and the first of its `any`), to read the
/// one case of a rule that the guard picks.
fn situation_meeting(g: Guard<'_>) -> Situation {
    let mut s = Situation::default();
    let conditions = g
        .when
        .iter()
        .chain(g.any.first().into_iter().flat_map(|c| c.iter()));
    for c in conditions {
        let value = match &c.test {
            Test::Flag(b) => Value::Flag(*b),
            Test::Range { min, max } => Value::Number(Decimal::whole(min.or(*max).unwrap_or(0))),
            Test::Values(vs) => match vs.first() {
                Some(v) => Value::Choice(v.clone()),
                None => continue,
            },
        };
        s.given.insert(
            c.factor.clone(),
            Given {
                value,
                distance: None,
                via: None,
            },
        );
    }
    s
}

fn with_given(mut s: Situation, name: &str, value: Value) -> Situation {
    s.given.insert(
        name.to_string(),
        Given {
            value,
            distance: None,
            via: None,
        },
    );
    s
}

fn input_for(p: &ProcedureDef, s: &Situation) -> Input {
    Input {
        shared: s.clone(),
        sides: p
            .sides
            .iter()
            .map(|side| (side.name.clone(), s.clone()))
            .collect(),
    }
}

/// A plan for the situation given or, when the dice depend on the situation, for the first
/// case of the dice that can be read with it.
fn plan_for<'a>(r: &'a Ruleset, p: &'a ProcedureDef, base: &Situation) -> Option<Plan<'a>> {
    if let Ok(plan) = Plan::new(r, p, &input_for(p, base)) {
        return Some(plan);
    }
    let Some(RollDef::Cases(cases)) = &p.roll else {
        return None;
    };
    cases.iter().find_map(|c| {
        let mut s = situation_meeting(c.guard());
        for (k, v) in &base.given {
            s.given.entry(k.clone()).or_insert_with(|| v.clone());
        }
        Plan::new(r, p, &input_for(p, &s)).ok()
    })
}

/// How many distinct throws the plan's dice have, to keep a card quick to make.
fn throws(plan: &Plan<'_>) -> u128 {
    plan.sides
        .iter()
        .map(|s| match &s.dice {
            DicePlan::Roll(spec) => spec.distinct_throws(),
            DicePlan::Fixed(_) => 1,
        })
        .fold(1u128, u128::saturating_mul)
}

/// The distribution of one step with each side's net modifier set: that of the procedure it
/// falls back to where the net modifier makes its check impossible.
fn at_nets(plan: &Plan<'_>, nets: &[i64]) -> Result<Vec<(Decision, Fraction)>> {
    Ok(at_nets_read(plan, nets)?.0)
}

/// A step's distribution, and the procedure it fell back to, if it did.
type Read = (Vec<(Decision, Fraction)>, Option<String>);

/// The same, with the procedure it fell back to, if it did.
fn at_nets_read(plan: &Plan<'_>, nets: &[i64]) -> Result<Read> {
    let mut plan = plan.clone();
    for (side, net) in plan.sides.iter_mut().zip(nets) {
        side.net = *net;
    }
    let plan = plan.or_fallback()?;
    let instead = plan.fallback.as_ref().map(|f| f.becomes.clone());
    Ok((plan.distribution()?, instead))
}

/// One line of an odds table: its key, and (column rank, column label, chance) per result.
type OddsRow = (String, Vec<((usize, i64), String, Fraction)>);

fn columns_of(
    p: &ProcedureDef,
    dist: Vec<(Decision, Fraction)>,
) -> Vec<((usize, i64), String, Fraction)> {
    dist.into_iter()
        .map(|(d, f)| {
            let index = p
                .results
                .iter()
                .position(|r| r.name == d.result)
                .unwrap_or(usize::MAX);
            let label = match &d.loser {
                Some(l) => format!("{l}: {}", d.label),
                None => d.label.clone(),
            };
            ((index, d.amount.unwrap_or(0)), label, f)
        })
        .collect()
}

/// Who wins an opposed roll: first side, tie, second side.
fn by_winner(
    p: &ProcedureDef,
    dist: Vec<(Decision, Fraction)>,
) -> Vec<((usize, i64), String, Fraction)> {
    let first = p.sides.first().map_or("", |s| s.name.as_str());
    let second = p.sides.get(1).map_or("", |s| s.name.as_str());
    let tie = p
        .compare
        .as_ref()
        .map_or_else(|| "tie".to_string(), |c| result_label(p, &c.tie));
    let mut out = vec![
        ((0, 0), format!("{first} wins"), Fraction::ZERO),
        ((1, 0), tie, Fraction::ZERO),
        ((2, 0), format!("{second} wins"), Fraction::ZERO),
    ];
    for (d, f) in dist {
        let slot = match d.winner.as_deref() {
            Some(w) if w == first => 0,
            Some(_) => 2,
            None => 1,
        };
        if let Some(cell) = out.get_mut(slot) {
            cell.2 = cell.2.checked_add(f).unwrap_or(cell.2.clone());
        }
    }
    out
}

/// The odds table: a line per key, a column per result in the table's order.
fn odds_grid(key: &str, rows: &[OddsRow], voice: Voice) -> Grid {
    let mut columns: Vec<((usize, i64), String)> = Vec::new();
    for (_, cells) in rows {
        for (rank, label, _) in cells {
            if !columns.iter().any(|(_, l)| l == label) {
                columns.push((*rank, label.clone()));
            }
        }
    }
    columns.sort_by_key(|(rank, _)| *rank);
    let mut header = vec![key.to_string()];
    header.extend(columns.iter().map(|(_, l)| l.clone()));
    let numbered = rows
        .iter()
        .all(|(k, _)| k.trim_start_matches('+').parse::<i64>().is_ok());
    let mut grid = Grid {
        numeric: (0..header.len()).map(|i| i > 0 || numbered).collect(),
        header,
        rows: Vec::new(),
        labels: Labels::Header,
        lists_results: false,
    };
    for (k, cells) in rows {
        let mut line = vec![k.clone()];
        for (_, label) in &columns {
            let p = cells
                .iter()
                .filter(|(_, l, _)| l == label)
                .fold(Fraction::ZERO, |acc, (_, _, p)| {
                    acc.checked_add(p.clone()).unwrap_or(acc)
                });
            line.push(match voice {
                Voice::Typed => percent(p),
                Voice::Plain => whole_percent(p),
            });
        }
        grid.rows.push(line);
    }
    grid
}

/// One line of odds in words, with exact fractions: `Pass 1/3 (33.3%), Fail 2/3 (66.7%)`.
fn odds_line(cells: &[((usize, i64), String, Fraction)]) -> String {
    let mut cells = cells.to_vec();
    cells.sort_by_key(|(rank, _, _)| *rank);
    cells
        .iter()
        .filter(|(_, _, p)| !p.is_zero())
        .map(|(_, l, p)| {
            // A fraction is for reading: past six digits the percentage says it better.
            if p.denominator() <= num_bigint::BigUint::from(1_000_000u32) {
                format!("{l} {}", crate::present::explain::chance(p.clone()))
            } else {
                format!("{l} {}", percent(p.clone()))
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The odds part: what the odds are by (in its heading, to spare a line) and the odds.
pub(super) fn odds_part(r: &Ruleset, p: &ProcedureDef, voice: Voice) -> Option<Part> {
    let (by, blocks) = if let Some(a) = p.amount.as_ref().filter(|_| p.sides.is_empty()) {
        amount_odds(r, p, a)
    } else if let Some(g) = &p.grid {
        grid_odds(r, p, g, voice)
    } else if let Some(target @ (TargetDef::Factor(_) | TargetDef::Lookup(_))) =
        p.check.as_ref().map(|c| &c.target)
    {
        target_odds(r, p, target, voice)
    } else {
        net_odds(r, p, voice)
    }?;
    let labels: Vec<String> = p.rerolls.iter().map(|rr| rr.label.clone()).collect();
    let without = if labels.is_empty() {
        String::new()
    } else {
        format!(", without the {}", crate::present::words::or_list(&labels))
    };
    let odds = match voice {
        Voice::Typed => "Odds",
        Voice::Plain => "Odds in %",
    };
    Some(Part {
        heading: format!("{odds}{by}{without}"),
        blocks,
    })
}

fn has_modifiers(p: &ProcedureDef) -> bool {
    p.modifiers.iter().any(|g| !g.items.is_empty())
}

/// What a part of odds is by (` by net modifier (exact, rounded)`), and its blocks.
type Odds = (String, Vec<Block>);

/// By net modifier -5..+5 (a check against a number, a table, an opposed roll).
fn net_odds(r: &Ruleset, p: &ProcedureDef, voice: Voice) -> Option<Odds> {
    let plan = plan_for(r, p, &Situation::default())?;
    let opposed = plan.sides.len() > 1;
    let nets: Vec<i64> = if has_modifiers(p) && throws(&plan) <= 20_000 {
        (-5..=5).collect()
    } else {
        vec![0]
    };
    let mut rows: Vec<OddsRow> = Vec::new();
    // The nets at which the check falls back, and the procedure rolled instead.
    let mut instead: Vec<(i64, String)> = Vec::new();
    for n in &nets {
        let (dist, fell) = at_nets_read(&plan, &[*n, 0]).ok()?;
        instead.extend(fell.map(|q| (*n, q)));
        let cells = if opposed {
            by_winner(p, dist)
        } else {
            columns_of(p, dist)
        };
        rows.push((signed(*n), cells));
    }
    if let [(_, cells)] = rows.as_slice() {
        let by = if opposed {
            " with equal modifiers (exact)"
        } else {
            " (exact)"
        };
        return Some((by.into(), vec![Block::Text(odds_line(cells))]));
    }
    let by = if opposed {
        let first = p.sides.first().map_or("", |s| s.name.as_str());
        let second = p.sides.get(1).map_or("", |s| s.name.as_str());
        format!(" by the {first}'s net modifier, the {second}'s at 0 (exact, rounded)")
    } else {
        " by net modifier (exact, rounded)".to_string()
    };
    let mut blocks = vec![Block::Table(odds_grid("net", &rows, voice))];
    if let (Some((lo, q)), Some((hi, _))) = (instead.first(), instead.last()) {
        let nets = if lo == hi {
            signed(*lo)
        } else {
            format!("{} to {}", signed(*lo), signed(*hi))
        };
        blocks.push(Block::Text(format!(
            "net {nets}: out of reach, rolled as {q}"
        )));
    }
    Some((by, blocks))
}

/// A check whose target is a number factor or a table: by target, at net modifier 0.
fn target_odds(r: &Ruleset, p: &ProcedureDef, target: &TargetDef, voice: Voice) -> Option<Odds> {
    let mut targets: Vec<(i64, Situation)> = Vec::new();
    let key;
    if let TargetDef::Factor(fname) = target {
        let f = r.factor(fname)?;
        key = f.name.clone();
        // The totals the dice can make bound the targets worth a line.
        let probe = plan_for(
            r,
            p,
            &with_given(
                Situation::default(),
                &f.name,
                Value::Number(Decimal::whole(0)),
            ),
        )?;
        let (lo, hi) = natural_span(&probe)?;
        let lo = lo.saturating_sub(1).max(f.min.unwrap_or(i64::MIN));
        let hi = hi.saturating_add(1).min(f.max.unwrap_or(i64::MAX));
        if hi < lo || hi - lo > 40 {
            return None;
        }
        for t in lo..=hi {
            targets.push((
                t,
                with_given(
                    Situation::default(),
                    &f.name,
                    Value::Number(Decimal::whole(t)),
                ),
            ));
        }
    } else if let TargetDef::Lookup(l) = target {
        key = "number".to_string();
        for (row, cols) in &l.cells {
            for (col, n) in cols {
                if targets.iter().any(|(t, _)| t == n) {
                    continue;
                }
                let s = with_given(Situation::default(), &l.rows, Value::Choice(row.clone()));
                targets.push((*n, with_given(s, &l.columns, Value::Choice(col.clone()))));
            }
        }
        targets.sort_by_key(|(t, _)| *t);
    } else {
        return None;
    }
    let mut rows: Vec<OddsRow> = Vec::new();
    for (t, s) in &targets {
        let plan = plan_for(r, p, s)?;
        let dist = at_nets(&plan, &[0]).ok()?;
        rows.push((t.to_string(), columns_of(p, dist)));
    }
    // Lines at either end that say the same as their neighbour add nothing.
    let same = |a: &OddsRow, b: &OddsRow| {
        let probs = |x: &OddsRow| {
            let mut v: Vec<(String, Fraction)> =
                x.1.iter().map(|(_, l, f)| (l.clone(), f.clone())).collect();
            v.sort_by(|a, b| a.0.cmp(&b.0));
            v
        };
        probs(a) == probs(b)
    };
    if matches!(target, TargetDef::Factor(_)) {
        while rows.len() > 2
            && rows
                .first()
                .zip(rows.get(1))
                .is_some_and(|(a, b)| same(a, b))
        {
            rows.remove(0);
        }
        while rows.len() > 2
            && rows
                .last()
                .zip(rows.get(rows.len() - 2))
                .is_some_and(|(a, b)| same(a, b))
        {
            rows.pop();
        }
    }
    if rows.is_empty() {
        return None;
    }
    let mut blocks = Vec::new();
    if has_modifiers(p) {
        blocks.push(Block::Text(
            "a net modifier of +N reads as a target N lower".into(),
        ));
    }
    blocks.push(Block::Table(odds_grid(&key, &rows, voice)));
    Some((
        format!(" by {key}, at net modifier 0 (exact, rounded)"),
        blocks,
    ))
}

/// The lowest and highest natural total of the first side's dice.
fn natural_span(plan: &Plan<'_>) -> Option<(i64, i64)> {
    match &plan.sides.first()?.dice {
        DicePlan::Roll(spec) => {
            let (all, _) = spec.enumerate_weighted().ok()?;
            let totals = all.iter().map(|(faces, _)| {
                spec.kept(faces)
                    .iter()
                    .fold(0i64, |a, b| a.saturating_add(*b))
            });
            let lo = totals.clone().min()?;
            let hi = totals.max()?;
            Some((lo, hi))
        }
        DicePlan::Fixed(v) => Some((*v, *v)),
    }
}

/// A grid: each of its rows at net modifier 0.
fn grid_odds(r: &Ruleset, p: &ProcedureDef, g: &GridDef, voice: Voice) -> Option<Odds> {
    let mut rows: Vec<OddsRow> = Vec::new();
    for row in &g.rows {
        let s = situation_meeting(row.guard());
        let Some(plan) = plan_for(r, p, &s) else {
            continue;
        };
        // The plan reads the row its situation picks; a row an earlier one shadows is left out.
        if !matches!(&plan.reading, Reading::Grid { row: read, .. } if std::ptr::eq(*read, row)) {
            continue;
        }
        let Ok(dist) = at_nets(&plan, &[0]) else {
            continue;
        };
        rows.push((row.label.clone(), columns_of(p, dist)));
    }
    if rows.is_empty() {
        return None;
    }
    Some((
        " at net modifier 0 (exact, rounded)".into(),
        vec![Block::Table(odds_grid("", &rows, voice))],
    ))
}

/// An amount: its span and average for each case of the dice, with nothing else said.
fn amount_odds(r: &Ruleset, p: &ProcedureDef, a: &AmountDef) -> Option<Odds> {
    let unit = a.unit.clone().unwrap_or_else(|| r.unit().to_string());
    let cases: Vec<(String, Situation, Option<&RollCase>)> = match &p.roll {
        Some(RollDef::Dice(d)) => vec![(dice_words(r, d), Situation::default(), None)],
        Some(RollDef::Cases(cases)) => cases
            .iter()
            .map(|c| {
                let label = c.label.clone().unwrap_or_else(|| case_dice(r, c));
                (label, situation_meeting(c.guard()), Some(c))
            })
            .collect(),
        None => return None,
    };
    let mut grid = Grid::new(
        &["dice", "span", "average", "net"],
        &[false, true, true, true],
    );
    for (label, s, case) in cases {
        let Ok(plan) = Plan::new(r, p, &input_for(p, &s)) else {
            continue;
        };
        let Some(side) = plan.sides.first() else {
            continue;
        };
        // The situation that meets a case's guard may meet an earlier case's too.
        if let Some(c) = case {
            let dice = match &side.dice {
                DicePlan::Roll(spec) => spec.to_string(),
                DicePlan::Fixed(v) => format!("no roll: {v}"),
            };
            let want = match (&c.dice, c.fixed) {
                (_, Some(v)) => format!("no roll: {v}"),
                (Some(d), None) => r.dice(d).map(|s| s.to_string()).unwrap_or_default(),
                (None, None) => String::new(),
            };
            if side.dice_label != c.label || (c.count.is_none() && dice != want) {
                continue;
            }
        }
        let net = side.net;
        let Ok(dist) = plan.distribution() else {
            continue;
        };
        let amounts: Vec<(i64, Fraction)> = dist
            .iter()
            .filter_map(|(d, f)| d.amount.map(|v| (v, f.clone())))
            .collect();
        let (Some(lo), Some(hi)) = (
            amounts.iter().map(|(v, _)| *v).min(),
            amounts.iter().map(|(v, _)| *v).max(),
        ) else {
            continue;
        };
        #[allow(clippy::cast_precision_loss)]
        let mean: f64 = amounts.iter().map(|(v, f)| *v as f64 * f.to_f64()).sum();
        let span = crate::words::span(lo, hi, &unit, " to ");
        grid.rows
            .push(vec![label, span, format!("{mean:.1}"), signed(net)]);
    }
    if grid.rows.is_empty() {
        return None;
    }
    let every_net_zero = grid.rows.iter().all(|r| r.get(3).is_some_and(|n| n == "0"));
    if let [row] = grid.rows.as_slice() {
        let cell = |i: usize| row.get(i).cloned().unwrap_or_default();
        let net = if every_net_zero {
            String::new()
        } else {
            format!(" (net modifier {})", cell(3))
        };
        return Some((
            " (exact)".into(),
            vec![Block::Text(format!(
                "{}: {}, average {}{net}",
                cell(0),
                cell(1),
                cell(2)
            ))],
        ));
    }
    let by = if every_net_zero {
        " of each case, with no modifier (exact)"
    } else {
        " of each case, with only the modifiers that always apply (exact)"
    };
    if every_net_zero {
        for row in &mut grid.rows {
            row.truncate(3);
        }
        grid.header.truncate(3);
        grid.numeric.truncate(3);
    }
    Some((by.into(), vec![Block::Table(grid)]))
}
