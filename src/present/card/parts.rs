//! The parts of a card read straight from the tables: the dice, the modifiers, the target
//! of a check, a table, a grid, the comparison of opposed totals, an amount and the results.

use crate::model::Ruleset;
use crate::model::{
    AmountDef, CheckDef, CompareBy, CompareDef, GridDef, Guarded, ItemDef, ProcedureDef, ResultDef,
    RollDef, TableDef, TargetDef,
};

use super::words::{
    ANY_RESULT, any_result_parts_in, case_dice, clause_in, dice_words, guard_in,
    may_follow_parts_in, result_label, result_parts_in, voice_with,
};
use super::{Block, Grid, Labels, Part, Voice};
use crate::present::words;
use crate::words::{capitalised, signed};

pub(super) fn dice_part(r: &Ruleset, p: &ProcedureDef, voice: Voice) -> Option<Part> {
    let mut blocks = Vec::new();
    let opposed = (!p.sides.is_empty()).then(|| {
        let names: Vec<&str> = p.sides.iter().map(|s| s.name.as_str()).collect();
        let typed = match voice {
            Voice::Typed => format!(
                " ({}.FACTOR=VALUE)",
                names.first().copied().unwrap_or_default()
            ),
            Voice::Plain => String::new(),
        };
        format!(
            "the {}, with their own modifiers{typed}",
            names.join(" and the ")
        )
    });
    match (&opposed, &p.roll) {
        (Some(o), Some(RollDef::Dice(d))) => {
            blocks.push(Block::Text(format!("{} each: {o}", dice_words(r, d))));
        }
        (Some(o), _) => blocks.push(Block::Text(format!("opposed: {o}"))),
        (None, _) => {}
    }
    if let Some(m) = &p.many_on_one {
        let count = m
            .count
            .as_ref()
            .map(|c| format!("; the others count as {c}"))
            .unwrap_or_default();
        blocks.push(Block::Text(format!(
            "up to {} against a lone {}: each pairing rolled, the {}'s one throw against each{count}",
            m.up_to, m.lone, m.lone
        )));
    }
    match &p.roll {
        Some(RollDef::Dice(d)) if opposed.is_none() => blocks.push(Block::Text(dice_words(r, d))),
        Some(RollDef::Dice(_)) | None => {}
        Some(RollDef::Cases(cases)) => {
            blocks.push(Block::Text("the first case that fits:".into()));
            let mut g = Grid::new(&["dice", "case", "when"], &[false, false, false]);
            for c in cases {
                let guard = guard_in(r, voice, c.guard());
                let when = match (voice, &c.label) {
                    // A case's label says when it is read.
                    (Voice::Plain, Some(_)) => String::new(),
                    _ if guard.is_empty() => "otherwise".into(),
                    _ => guard,
                };
                g.rows.push(vec![
                    case_dice(r, c),
                    c.label.clone().unwrap_or_default(),
                    when,
                ]);
            }
            blocks.push(Block::Table(g.pruned()));
        }
    }
    if !p.drop.is_empty() {
        blocks.push(Block::List(
            p.drop
                .iter()
                .map(|d| labelled(voice, &d.label, d.guard()))
                .collect(),
        ));
    }
    for n in &p.naturals {
        blocks.push(Block::Text(format!(
            "{}: {}, whatever the modifiers{}",
            n.label,
            result_label(p, &n.result),
            clause_in(r, voice, n.guard())
        )));
        if let Some(o) = n.otherwise.as_ref().filter(|_| !n.total.is_empty()) {
            blocks.push(Block::Text(format!(
                "any other natural total: {} (only the natural counts)",
                result_label(p, o)
            )));
        }
    }
    for rr in &p.rerolls {
        blocks.push(Block::Text(words::reroll_rule(
            r,
            p,
            rr,
            voice == Voice::Plain,
        )));
    }
    (!blocks.is_empty()).then(|| Part {
        heading: "Dice".into(),
        blocks,
    })
}

/// A labelled entry with its condition: typed, the label then the condition; in the umpire's
/// words the label alone, which the table writes to say when the entry counts.
fn labelled(voice: Voice, label: &str, g: crate::model::Guard<'_>) -> String {
    match voice {
        Voice::Typed => format!("{label}{}", words::clause(g)),
        Voice::Plain => label.to_string(),
    }
}

/// The label an item's values are said after (`LABEL VALUE`), with its space.
fn label_prefix(item: &ItemDef) -> String {
    item.label
        .as_ref()
        .map(|l| format!("{l} "))
        .unwrap_or_default()
}

/// An item's values by the modifier each gives, greatest first: a card reads from the best
/// case to the worst.
fn greatest_first(values: &std::collections::BTreeMap<String, i64>) -> Vec<(&String, &i64)> {
    let mut entries: Vec<(&String, &i64)> = values.iter().collect();
    entries.sort_by(|a, b| b.1.cmp(a.1));
    entries
}

fn item_rows(r: &Ruleset, item: &ItemDef, rows: &mut Vec<Vec<String>>, voice: Voice) {
    if voice == Voice::Plain {
        return plain_item_rows(r, item, rows);
    }
    let guard = with_opponent(
        words::guard(item.guard()),
        words::opponent_words(r, item, false),
    );
    let with_guard = |first: String| {
        if guard.is_empty() {
            first
        } else if first.is_empty() {
            guard.clone()
        } else {
            format!("{first}, {guard}")
        }
    };
    if let Some(v) = item.value {
        let label = item.label.clone().unwrap_or_default();
        // `flag | flag`: when the word to type is the label itself, it is said once.
        let when = if guard == label {
            String::new()
        } else {
            guard.clone()
        };
        rows.push(vec![signed(v), label, when]);
        return;
    }
    let Some(fname) = item.factor.as_deref() else {
        return;
    };
    let prefix = label_prefix(item);
    if let Some(values) = &item.values {
        for (key, v) in greatest_first(values) {
            let label = r
                .factor(fname)
                .map_or(key.as_str(), |f| r.value_label(f, key));
            rows.push(vec![
                signed(*v),
                format!("{prefix}{label}"),
                with_guard(format!("{fname}={key}")),
            ]);
        }
    } else if let Some(each) = item.each {
        let limit = item
            .limit
            .map(|l| format!(" (at most {})", signed(l)))
            .unwrap_or_default();
        let label = item.label.clone().unwrap_or_else(|| fname.to_string());
        rows.push(vec![
            format!("{} each", signed(each)),
            format!("{label}{limit}"),
            with_guard(format!("per {fname}")),
        ]);
    }
}

/// A guard's words with what it reads on the other side after them.
fn with_opponent(guard: String, opponent: String) -> String {
    match (guard.is_empty(), opponent.is_empty()) {
        (_, true) => guard,
        (true, false) => opponent,
        (false, false) => format!("{guard}, {opponent}"),
    }
}

/// An item's lines in the umpire's words: the value and the label, which says when it counts
/// (the table's words; the condition in words where there is no label).
fn plain_item_rows(r: &Ruleset, item: &ItemDef, rows: &mut Vec<Vec<String>>) {
    let guard = with_opponent(
        words::plain_guard(r, item.guard()),
        words::opponent_words(r, item, true),
    );
    let with_guard = |label: String| {
        if guard.is_empty() || item.label.is_some() {
            label
        } else {
            format!("{label} ({guard})")
        }
    };
    if let Some(v) = item.value {
        rows.push(vec![signed(v), item.label.clone().unwrap_or(guard.clone())]);
        return;
    }
    let Some(fname) = item.factor.as_deref() else {
        return;
    };
    let prefix = label_prefix(item);
    if let Some(values) = &item.values {
        for (key, v) in greatest_first(values) {
            let label = words::plain_condition(
                r,
                &crate::model::Cond {
                    factor: fname.to_string(),
                    test: crate::model::Test::Values(vec![key.clone()]),
                },
            );
            rows.push(vec![signed(*v), with_guard(format!("{prefix}{label}"))]);
        }
    } else if let Some(each) = item.each {
        let limit = item
            .limit
            .map(|l| format!(", at most {}", signed(l)))
            .unwrap_or_default();
        let label = item
            .label
            .clone()
            .unwrap_or_else(|| fname.replace('-', " "));
        rows.push(vec![
            format!("{} each", signed(each)),
            with_guard(format!("{label} (per {}{limit})", fname.replace('-', " "))),
        ]);
    }
}

/// A group whose items all give a value per value of the same factor, each under its own
/// condition (a set of values for each kind of opposition, say), as one table: a line per
/// value of the factor, a column per item. Half the lines of a list of every pair.
fn matrix(r: &Ruleset, items: &[ItemDef], voice: Voice) -> Option<Grid> {
    let fname = items.first()?.factor.clone()?;
    let all_values = items.len() >= 2
        && items.iter().all(|i| {
            i.factor.as_deref() == Some(fname.as_str())
                && i.values.is_some()
                && i.value.is_none()
                && i.each.is_none()
        });
    if !all_values {
        return None;
    }
    let f = r.factor(&fname);
    // The factor's own order of values, then any class or value only the items name.
    let mut keys: Vec<String> = f
        .map(|f| f.values.iter().map(|v| v.name().to_string()).collect())
        .unwrap_or_default();
    for i in items {
        for k in i.values.iter().flat_map(|v| v.keys()) {
            if !keys.contains(k) {
                keys.push(k.clone());
            }
        }
    }
    keys.retain(|k| {
        items
            .iter()
            .any(|i| i.values.as_ref().is_some_and(|v| v.contains_key(k)))
    });
    let mut header = vec![fname.clone(), "when".to_string()];
    for i in items {
        let guard = guard_in(r, voice, i.guard());
        header.push(match (&i.label, guard.is_empty()) {
            (Some(l), true) => l.clone(),
            (Some(l), false) => format!("{l} ({guard})"),
            (None, _) => guard,
        });
    }
    let mut grid = Grid {
        numeric: (0..header.len()).map(|c| c >= 2).collect(),
        header,
        rows: Vec::new(),
        labels: Labels::None,
        lists_results: false,
    };
    for k in &keys {
        let label = f.map_or(k.as_str(), |f| r.value_label(f, k));
        let typed = match voice {
            Voice::Typed => format!("{fname}={k}"),
            Voice::Plain => String::new(),
        };
        let mut row = vec![label.to_string(), typed];
        for i in items {
            row.push(
                i.values
                    .as_ref()
                    .and_then(|v| v.get(k))
                    .map(|v| signed(*v))
                    .unwrap_or_default(),
            );
        }
        grid.rows.push(row);
    }
    Some(grid)
}

pub(super) fn modifier_parts(r: &Ruleset, p: &ProcedureDef, voice: Voice) -> Vec<Part> {
    p.modifiers
        .iter()
        .filter(|g| !g.items.is_empty())
        .map(|g| {
            let policy = words::policy(g.policy);
            let mut blocks = Vec::new();
            // A note that only says the policy again ("... modifier") is not said twice.
            let restates = |n: &str| {
                n.strip_prefix(policy)
                    .is_some_and(|rest| rest.split_whitespace().count() <= 1)
            };
            if let Some(n) = g.note.as_ref().filter(|n| !restates(n)) {
                blocks.push(Block::Text(n.clone()));
            }
            let grid = matrix(r, &g.items, voice).unwrap_or_else(|| {
                let mut grid = Grid::new(&["", "modifier", "when"], &[true, false, false]);
                for item in &g.items {
                    item_rows(r, item, &mut grid.rows, voice);
                }
                grid
            });
            blocks.push(Block::Table(grid.pruned()));
            Part {
                heading: format!("Modifiers: {} — {policy}", g.group),
                blocks,
            }
        })
        .collect()
}

pub(super) fn check_part(r: &Ruleset, p: &ProcedureDef, c: &CheckDef) -> Part {
    let mut blocks = Vec::new();
    let target = match &c.target {
        TargetDef::Number(n) => n.to_string(),
        TargetDef::Factor(f) => f.clone(),
        TargetDef::Lookup(_) => "the number in the table".into(),
    };
    let how = crate::words::compared(c.compare, &target);
    blocks.push(Block::Text(format!(
        "{how}: {}; otherwise {}",
        result_label(p, &c.pass),
        result_label(p, &c.fail)
    )));
    if let Some(i) = &c.impossible {
        blocks.push(Block::Text(words::fallback_rule(i)));
    }
    if let TargetDef::Factor(f) = &c.target
        && let Some(f) = r.factor(f)
    {
        blocks.push(Block::Text(format!("{}: {}", f.name, f.help)));
    }
    {
        if let TargetDef::Lookup(l) = &c.target {
            let names = |factor: &str, fallback: Vec<String>| {
                r.factor(factor).map_or(fallback, |f| {
                    f.values.iter().map(|v| v.name().to_string()).collect()
                })
            };
            let rows = names(&l.rows, l.cells.keys().cloned().collect());
            let first_row = l.cells.values().next();
            let columns = names(
                &l.columns,
                first_row
                    .map(|c| c.keys().cloned().collect())
                    .unwrap_or_default(),
            );
            let mut header = vec![format!("{} \\ {}", l.rows, l.columns)];
            header.extend(columns.iter().cloned());
            let mut grid = Grid {
                numeric: (0..header.len()).map(|i| i > 0).collect(),
                header,
                rows: Vec::new(),
                labels: Labels::None,
                lists_results: false,
            };
            for row in &rows {
                let mut cells = vec![row.clone()];
                for col in &columns {
                    cells.push(
                        l.cells
                            .get(row)
                            .and_then(|c| c.get(col))
                            .map(ToString::to_string)
                            .unwrap_or_default(),
                    );
                }
                grid.rows.push(cells);
            }
            blocks.push(Block::Table(grid));
        }
    }
    Part {
        heading: "Target".into(),
        blocks,
    }
}

pub(super) fn table_part(p: &ProcedureDef, t: &TableDef) -> Part {
    let mut blocks = Vec::new();
    if let Some([lo, hi]) = t.clamp {
        blocks.push(Block::Text(format!(
            "totals below {lo} read as {lo}, above {hi} as {hi}"
        )));
    }
    let mut grid = Grid::new(&["total", "result"], &[true, false]);
    for b in &t.rows {
        grid.rows
            .push(vec![words::band(b.min, b.max), result_label(p, &b.result)]);
    }
    blocks.push(Block::Table(grid));
    Part {
        heading: "Table".into(),
        blocks,
    }
}

/// A grid is printed turned: a line per total, a column per row of the rule (rows are few,
/// totals many), which keeps it narrow on any screen.
pub(super) fn grid_part(r: &Ruleset, p: &ProcedureDef, g: &GridDef, voice: Voice) -> Part {
    let mut blocks = Vec::new();
    let conditions: Vec<String> = g
        .rows
        .iter()
        .map(|row| {
            let words = guard_in(r, voice, row.guard());
            let words = if words.is_empty() {
                "any other case".to_string()
            } else {
                words
            };
            format!("{}: {words}", row.label)
        })
        .collect();
    blocks.push(Block::Text(
        "the column by the situation, the line by the total:".into(),
    ));
    blocks.push(Block::List(conditions));
    let mut header = vec!["total".to_string()];
    header.extend(g.rows.iter().map(|r| r.label.clone()));
    let width = g.rows.iter().map(|r| r.results.len()).max().unwrap_or(0);
    let mut grid = Grid {
        numeric: (0..header.len()).map(|i| i == 0).collect(),
        header,
        rows: Vec::new(),
        labels: Labels::Body,
        lists_results: false,
    };
    for i in 0..width {
        let total = g
            .first_column
            .saturating_add(i64::try_from(i).unwrap_or(i64::MAX));
        let key = if i == 0 && width > 1 {
            format!("{total} or less")
        } else if i + 1 == width && width > 1 {
            format!("{total} or more")
        } else {
            total.to_string()
        };
        let mut cells = vec![key];
        for row in &g.rows {
            cells.push(
                row.results
                    .get(i)
                    .map(|x| result_label(p, x))
                    .unwrap_or_default(),
            );
        }
        grid.rows.push(cells);
    }
    blocks.push(Block::Table(grid));
    Part {
        heading: "Table".into(),
        blocks,
    }
}

pub(super) fn compare_part(p: &ProcedureDef, c: &CompareDef) -> Part {
    let tie = result_label(p, &c.tie);
    // Compared amounts are each side's score; otherwise the totals themselves.
    let (what, heading) = if p.amount.is_some() {
        ("scores", "Comparing the scores")
    } else {
        ("totals", "Comparing the totals")
    };
    let mut blocks = Vec::new();
    match c.by {
        CompareBy::Margin => {
            blocks.push(Block::Text(format!(
                "equal {what}: {tie}; else the winner's margin gives the loser's result:"
            )));
            let mut grid = Grid::new(&["margin", "the loser"], &[true, false]);
            for b in &c.bands {
                grid.rows
                    .push(vec![words::band(b.min, b.max), result_label(p, &b.result)]);
            }
            blocks.push(Block::Table(grid));
        }
        CompareBy::Doubling => {
            let beaten = c
                .beaten
                .as_deref()
                .map(|b| result_label(p, b))
                .unwrap_or_default();
            let doubled = c
                .doubled
                .as_deref()
                .map(|d| result_label(p, d))
                .unwrap_or_default();
            blocks.push(Block::Text(format!(
                "equal {what}: {tie}; else the higher wins: the loser is {beaten}; {doubled} when the winner's is at least twice the loser's"
            )));
        }
    }
    Part {
        heading: heading.into(),
        blocks,
    }
}

pub(super) fn amount_part(r: &Ruleset, p: &ProcedureDef, a: &AmountDef, voice: Voice) -> Part {
    let unit = a.unit.clone().unwrap_or_else(|| r.unit().to_string());
    let whose = if p.sides.is_empty() {
        "the total is the result"
    } else {
        "each side's total is its score"
    };
    let said = match &a.each_die {
        Some(check) => words::each_die(check, &unit, &a.each),
        None if unit.is_empty() => whose.into(),
        None => format!("{whose}, in {unit}"),
    };
    let mut blocks = vec![Block::Text(said)];
    for h in &a.halve {
        blocks.push(Block::Text(format!(
            "halved, rounded {}, for {}",
            if h.round_up { "up" } else { "down" },
            labelled(voice, &h.label, h.guard())
        )));
    }
    if let Some(f) = a.floor {
        blocks.push(Block::Text(format!("never below {f}")));
    }
    Part {
        heading: "Result".into(),
        blocks,
    }
}

/// From this many cases, what a result becomes is a chart of its own.
const CHARTED: usize = 3;

/// What a result becomes, case by case, the first that fits standing: a heading, and a row
/// per case (its label, its condition, the result).
fn becomes_chart(r: &Ruleset, p: &ProcedureDef, res: &ResultDef, voice: Voice) -> (String, Grid) {
    let first = res.becomes.first().and_then(|b| b.side.as_ref());
    let whose = match first {
        Some(side) if res.becomes.iter().all(|b| b.side.as_ref() == Some(side)) => {
            format!(", read on the {side}")
        }
        _ => String::new(),
    };
    let heading = format!(
        "{}{whose}: the first line that fits stands, else it stays {}",
        res.label, res.label
    );
    let mut grid = Grid::new(&["case", "when", "becomes"], &[false, false, false]);
    for b in &res.becomes {
        grid.rows.push(vec![
            b.label.clone(),
            guard_in(r, voice, b.guard()),
            result_label(p, &b.result),
        ]);
    }
    (heading, grid)
}

pub(super) fn results_part(r: &Ruleset, p: &ProcedureDef, voice: Voice) -> Option<Part> {
    let any = any_result_parts_in(r, p, voice);
    let may = may_follow_parts_in(r, p, voice);
    if p.results.is_empty() && any.is_empty() && may.is_empty() {
        return None;
    }
    let mut blocks = Vec::new();
    let mut charts = Vec::new();
    if !p.results.is_empty() {
        let mut grid = Grid::new(&["result", "what it means"], &[false, false]);
        for res in &p.results {
            // A result that becomes one of many by the situation (a chart by a choice
            // factor) gets a chart of its own: one cell could not hold it.
            let charted = res.becomes.len() >= CHARTED;
            let mut parts = result_parts_in(r, p, res, voice_with(voice, !charted));
            if charted {
                parts.insert(0, "see the chart below".into());
                charts.push(becomes_chart(r, p, res, voice));
            }
            grid.rows.push(vec![res.label.clone(), parts.join("; ")]);
        }
        let mut grid = grid.pruned();
        grid.lists_results = true;
        blocks.push(Block::Table(grid));
    }
    for (heading, chart) in charts {
        blocks.push(Block::Text(heading));
        blocks.push(Block::Table(chart));
    }
    if !any.is_empty() {
        blocks.push(Block::Text(format!(
            "{}: {}",
            capitalised(ANY_RESULT),
            any.join("; ")
        )));
    }
    if !may.is_empty() {
        blocks.push(Block::Text(capitalised(&may.join("; "))));
    }
    Some(Part {
        heading: "Results".into(),
        blocks,
    })
}
