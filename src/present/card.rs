//! Quick-reference cards: a procedure's dice, modifiers, reading, results, exact odds and
//! notes gathered from the tables into one model, printed here for the terminal and by
//! `sheet` for paper, so that both show the same card.

use std::fmt::Write as _;

use comfy_table::{
    CellAlignment, ColumnConstraint, ContentArrangement, LineStyle, Table, TableStyle, Width,
};

use crate::engine::decide::Decision;
use crate::engine::fraction::Fraction;
use crate::engine::plan::{DicePlan, Plan};
use crate::engine::situation::{Given, Input, Situation, Value};
use crate::error::Result;
use crate::rules::ruleset::Ruleset;
use crate::rules::schema::{
    AmountDef, CheckDef, CompareBy, CompareDef, Comparison, CondValue, Conditions, FollowDef,
    FollowFull, GridDef, Guard, Guarded, ItemDef, Policy, ProcedureDef, ResultDef, Role, RollCase,
    RollDef, TableDef, TargetDef,
};

/// One card: a procedure's rules as headed parts.
#[derive(Debug, Clone)]
pub struct Card {
    pub name: String,
    pub title: String,
    pub aliases: Vec<String>,
    pub help: String,
    pub parts: Vec<Part>,
    /// The results' labels in the procedure's order, as a crowded table letters them.
    pub results: Vec<String>,
}

impl Card {
    /// The labels a crowded table may letter without a legend of its own: the card's results,
    /// when the card lists them.
    pub fn known(&self) -> &[String] {
        let listed = self
            .parts
            .iter()
            .flat_map(|p| &p.blocks)
            .any(|b| matches!(b, Block::Table(g) if g.lists_results));
        if listed { &self.results } else { &[] }
    }
}

/// A headed part of a card (the dice, one modifier group, the odds...).
#[derive(Debug, Clone)]
pub struct Part {
    pub heading: String,
    pub blocks: Vec<Block>,
}

#[derive(Debug, Clone)]
pub enum Block {
    Text(String),
    List(Vec<String>),
    Table(Grid),
}

/// A small table: a header, rows of text, and which columns hold numbers (set right).
#[derive(Debug, Clone, Default)]
pub struct Grid {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
    pub numeric: Vec<bool>,
    /// Where the results' labels are, which may give way to letters when there is no room.
    pub labels: Labels,
    /// A line per result, in the procedure's order: where the letters are explained when a
    /// crowded table of the card uses them.
    pub lists_results: bool,
}

/// Which cells of a grid name results: the body after the first column (a table of results),
/// or the header after the first column (an odds table).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Labels {
    #[default]
    None,
    Body,
    Header,
}

impl Grid {
    fn new(header: &[&str], numeric: &[bool]) -> Grid {
        Grid {
            header: header.iter().map(ToString::to_string).collect(),
            rows: Vec::new(),
            numeric: numeric.to_vec(),
            labels: Labels::None,
            lists_results: false,
        }
    }

    /// The width the table needs to be read without cutting words or squeezing a column of
    /// text under ten characters (each column with its two spaces of gap): the measure of
    /// whether it fits a line.
    pub fn comfortable_width(&self) -> usize {
        let columns = self
            .rows
            .iter()
            .map(Vec::len)
            .chain(std::iter::once(self.header.len()))
            .max()
            .unwrap_or(0);
        (0..columns)
            .map(|i| {
                let cells = self
                    .rows
                    .iter()
                    .filter_map(|r| r.get(i))
                    .chain(self.header.get(i));
                let (mut word, mut line) = (0, 0);
                for c in cells {
                    for l in c.lines() {
                        line = line.max(l.chars().count());
                        for w in l.split_whitespace() {
                            word = word.max(w.chars().count());
                        }
                    }
                }
                word.max(line.min(10)) + 2
            })
            .sum()
    }

    /// The grid as it fits `width` characters: results' labels become letters when the
    /// labels would not fit (see [`Grid::coded`]).
    pub fn fitted(&self, width: usize, known: &[String]) -> (Grid, Vec<String>) {
        if self.comfortable_width() <= width {
            (self.clone(), Vec::new())
        } else {
            self.coded(known)
        }
    }

    /// The grid with its results' labels lettered: the i-th of `known` (the card's results,
    /// listed with their letters elsewhere on the card) is the i-th letter; any other label
    /// takes the next letter and a line of the legend returned.
    pub fn coded(&self, known: &[String]) -> (Grid, Vec<String>) {
        let mut grid = self.clone();
        if self.labels == Labels::None {
            return (grid, Vec::new());
        }
        let mut names: Vec<String> = known.to_vec();
        let mut code = |label: &mut String| {
            if label.is_empty() {
                return;
            }
            let i = match names.iter().position(|n| n == label) {
                Some(i) => i,
                None => {
                    names.push(label.clone());
                    names.len() - 1
                }
            };
            *label = letters(i);
        };
        match self.labels {
            Labels::Body => grid
                .rows
                .iter_mut()
                .flat_map(|r| r.iter_mut().skip(1))
                .for_each(&mut code),
            Labels::Header => grid.header.iter_mut().skip(1).for_each(&mut code),
            Labels::None => {}
        }
        let legend = names
            .iter()
            .enumerate()
            .skip(known.len())
            .map(|(i, n)| format!("{}: {n}", letters(i)))
            .collect();
        (grid, legend)
    }

    /// A list of results with their letters in a first column.
    pub fn lettered(&self) -> Grid {
        let mut grid = self.clone();
        grid.header.insert(0, String::new());
        grid.numeric.insert(0, false);
        for (i, row) in grid.rows.iter_mut().enumerate() {
            row.insert(0, letters(i));
        }
        grid
    }

    /// Leave out columns with nothing in any row (a case label no case has).
    fn pruned(mut self) -> Grid {
        let keep: Vec<bool> = (0..self.header.len())
            .map(|i| {
                self.rows
                    .iter()
                    .any(|r| r.get(i).is_some_and(|c| !c.is_empty()))
            })
            .collect();
        fn pick<T>(v: Vec<T>, keep: &[bool]) -> Vec<T> {
            v.into_iter()
                .zip(keep)
                .filter_map(|(c, k)| k.then_some(c))
                .collect()
        }
        self.header = pick(std::mem::take(&mut self.header), &keep);
        self.numeric = pick(std::mem::take(&mut self.numeric), &keep);
        self.rows = std::mem::take(&mut self.rows)
            .into_iter()
            .map(|r| pick(r, &keep))
            .collect();
        self
    }
}

/// A, B, ... Z, AA, AB, ...: the letter standing for the i-th result in a crowded table.
fn letters(i: usize) -> String {
    let mut n = i;
    let mut out = Vec::new();
    loop {
        out.push(char::from(b'A' + u8::try_from(n % 26).unwrap_or(0)));
        if n < 26 {
            break;
        }
        n = n / 26 - 1;
    }
    out.iter().rev().collect()
}

// ----- words for the tables' data ------------------------------------------------------------

pub fn signed(v: i64) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

/// A condition as the umpire would type it: `terrain=rough`, `flag`, `kind=a/b`.
fn cond_word(name: &str, want: &CondValue) -> String {
    match want {
        CondValue::Flag(true) => name.to_string(),
        CondValue::Flag(false) => format!("not {name}"),
        CondValue::Number(n) => format!("{name}={n}"),
        CondValue::One(v) => format!("{name}={v}"),
        CondValue::Any(vs) => format!("{name}={}", vs.join("/")),
        CondValue::Range(r) => match (r.min, r.max) {
            (Some(a), Some(b)) if a == b => format!("{name}={a}"),
            (Some(a), Some(b)) => format!("{name} {a} to {b}"),
            (Some(a), None) => format!("{name} {a} or more"),
            (None, Some(b)) => format!("{name} {b} or less"),
            (None, None) => name.to_string(),
        },
    }
}

fn conditions_words(c: &Conditions, joiner: &str) -> String {
    c.iter()
        .map(|(n, w)| cond_word(n, w))
        .collect::<Vec<_>>()
        .join(joiner)
}

/// A guard in words: `flag, kind=a`, `kind=b or flag`, `unless other or mode=x`.
pub fn guard_words(g: Guard<'_>) -> String {
    let mut parts = Vec::new();
    if !g.when.is_empty() {
        parts.push(conditions_words(g.when, ", "));
    }
    if !g.any.is_empty() {
        let alternatives: Vec<String> = g
            .any
            .iter()
            .map(|c| {
                let w = conditions_words(c, " and ");
                if c.len() > 1 && g.any.len() > 1 {
                    format!("({w})")
                } else {
                    w
                }
            })
            .collect();
        parts.push(alternatives.join(" or "));
    }
    if !g.unless.is_empty() {
        parts.push(format!("unless {}", conditions_words(g.unless, " or ")));
    }
    parts.join(", ")
}

/// ` (when X)` or ` (unless Y)` after a phrase, or nothing for an unguarded entry.
fn clause(g: Guard<'_>) -> String {
    let words = guard_words(g);
    if words.is_empty() {
        String::new()
    } else if words.starts_with("unless ") {
        format!(" ({words})")
    } else {
        format!(" (when {words})")
    }
}

fn result_label(p: &ProcedureDef, name: &str) -> String {
    p.results
        .iter()
        .find(|r| r.name == name)
        .map_or_else(|| name.to_string(), |r| r.label.clone())
}

pub fn policy_words(policy: Policy) -> &'static str {
    match policy {
        Policy::All => "all apply",
        Policy::BestAndWorst => "use the greatest positive and the greatest negative",
        Policy::Best => "use only the greatest positive",
        Policy::Worst => "use only the greatest negative",
    }
}

fn band_words(min: Option<i64>, max: Option<i64>) -> String {
    match (min, max) {
        (Some(a), Some(b)) if a == b => a.to_string(),
        (Some(a), Some(b)) => format!("{a} to {b}"),
        (Some(a), None) => format!("{a} or more"),
        (None, Some(b)) => format!("{b} or less"),
        (None, None) => "any".into(),
    }
}

/// `2d6`, or `1x (faces 2,3,3,4,4,5)` for a die with faces of its own.
fn dice_words(r: &Ruleset, text: &str) -> String {
    match r.dice(text) {
        Ok(spec) => {
            let plain = spec.die.faces.iter().zip(1..).all(|(f, i)| *f == i);
            if plain {
                text.to_string()
            } else {
                format!("{text} (faces {})", spec.die.describe_faces())
            }
        }
        Err(_) => text.to_string(),
    }
}

fn role_words(role: Role) -> &'static str {
    match role {
        Role::Acting => "the figure acting",
        Role::Target => "the target",
        Role::Loser => "the loser",
        Role::Winner => "the winner",
    }
}

/// A step that follows, by the name the umpire types: `must follow: NAME for the loser, with
/// reason=x (when ...): note` (for each of `sides`).
fn follow_words(f: &FollowFull, sides: &[String], must: bool) -> String {
    let mut s = if must {
        format!("must follow: {}", f.procedure)
    } else {
        format!("then {}", f.procedure)
    };
    if !sides.is_empty() {
        let _ = write!(s, " for the {}", sides.join(" and the "));
    }
    if !f.set.is_empty() {
        let set: Vec<String> = f.set.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let _ = write!(s, ", with {}", set.join(" "));
    }
    s.push_str(&clause(f.guard()));
    if let Some(n) = &f.note {
        let _ = write!(s, ": {n}");
    }
    s
}

// ----- the parts of a card -------------------------------------------------------------------

fn dice_part(r: &Ruleset, p: &ProcedureDef) -> Option<Part> {
    let mut blocks = Vec::new();
    let opposed = (!p.sides.is_empty()).then(|| {
        let names: Vec<&str> = p.sides.iter().map(|s| s.name.as_str()).collect();
        format!(
            "the {}, with their own modifiers ({}.FACTOR=VALUE)",
            names.join(" and the "),
            names.first().copied().unwrap_or_default()
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
                let guard = guard_words(c.guard());
                g.rows.push(vec![
                    case_dice(r, c),
                    c.label.clone().unwrap_or_default(),
                    if guard.is_empty() {
                        "otherwise".into()
                    } else {
                        guard
                    },
                ]);
            }
            blocks.push(Block::Table(g.pruned()));
        }
    }
    if !p.drop.is_empty() {
        blocks.push(Block::List(
            p.drop
                .iter()
                .map(|d| format!("{}{}", d.label, clause(d.guard())))
                .collect(),
        ));
    }
    for n in &p.naturals {
        blocks.push(Block::Text(format!(
            "{}: {}, whatever the modifiers{}",
            n.label,
            result_label(p, &n.result),
            clause(n.guard())
        )));
        if let Some(o) = n.otherwise.as_ref().filter(|_| !n.total.is_empty()) {
            blocks.push(Block::Text(format!(
                "any other natural total: {} (only the natural counts)",
                result_label(p, o)
            )));
        }
    }
    if let Some(rr) = &p.reroll {
        let on: Vec<String> = rr.on.iter().map(|o| result_label(p, o)).collect();
        blocks.push(Block::Text(format!(
            "{}{}: {} may be thrown again once; the second throw stands",
            rr.label,
            clause(rr.guard()),
            on.join(" or ")
        )));
    }
    (!blocks.is_empty()).then(|| Part {
        heading: "Dice".into(),
        blocks,
    })
}

fn case_dice(r: &Ruleset, c: &RollCase) -> String {
    match (&c.dice, c.fixed, &c.count) {
        (_, Some(v), _) => format!("no roll: {v}"),
        (Some(d), None, Some(n)) => {
            let least = if n.min > 1 {
                format!(", at least {}", n.min)
            } else {
                String::new()
            };
            format!("{} per {} {}{least}", dice_words(r, d), n.per, n.factor)
        }
        (Some(d), None, None) => dice_words(r, d),
        (None, None, _) => String::new(),
    }
}

fn item_rows(r: &Ruleset, item: &ItemDef, rows: &mut Vec<Vec<String>>) {
    let guard = guard_words(item.guard());
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
    let prefix = item
        .label
        .as_ref()
        .map(|l| format!("{l} "))
        .unwrap_or_default();
    if let Some(values) = &item.values {
        let mut entries: Vec<(&String, &i64)> = values.iter().collect();
        // Greatest first: the card reads from the best case to the worst.
        entries.sort_by(|a, b| b.1.cmp(a.1));
        for (key, v) in entries {
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

/// A group whose items all give a value per value of the same factor, each under its own
/// condition (a set of values for each kind of opposition, say), as one table: a line per
/// value of the factor, a column per item. Half the lines of a list of every pair.
fn matrix(r: &Ruleset, items: &[ItemDef]) -> Option<Grid> {
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
        .map(|f| r.values(f).iter().map(|v| v.name().to_string()).collect())
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
        let guard = guard_words(i.guard());
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
        let mut row = vec![label.to_string(), format!("{fname}={k}")];
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

fn modifier_parts(r: &Ruleset, p: &ProcedureDef) -> Vec<Part> {
    p.modifiers
        .iter()
        .filter(|g| !g.items.is_empty())
        .map(|g| {
            let policy = policy_words(g.policy);
            let mut blocks = Vec::new();
            // A note that only says the policy again ("... modifier") is not said twice.
            let restates = |n: &str| {
                n.strip_prefix(policy)
                    .is_some_and(|rest| rest.split_whitespace().count() <= 1)
            };
            if let Some(n) = g.note.as_ref().filter(|n| !restates(n)) {
                blocks.push(Block::Text(n.clone()));
            }
            let grid = matrix(r, &g.items).unwrap_or_else(|| {
                let mut grid = Grid::new(&["", "modifier", "when"], &[true, false, false]);
                for item in &g.items {
                    item_rows(r, item, &mut grid.rows);
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

fn check_part(r: &Ruleset, p: &ProcedureDef, c: &CheckDef) -> Part {
    let mut blocks = Vec::new();
    let target = match &c.target {
        TargetDef::Number(n) => n.to_string(),
        TargetDef::From(from) => match (&from.factor, &from.lookup) {
            (Some(f), _) => f.clone(),
            (None, Some(_)) => "the number in the table".into(),
            (None, None) => "the target".into(),
        },
    };
    let how = match c.compare {
        Comparison::AtLeast => format!("{target} or more"),
        Comparison::MoreThan => format!("more than {target}"),
        Comparison::AtMost => format!("{target} or less"),
        Comparison::LessThan => format!("less than {target}"),
    };
    blocks.push(Block::Text(format!(
        "{how}: {}; otherwise {}",
        result_label(p, &c.pass),
        result_label(p, &c.fail)
    )));
    if let TargetDef::From(from) = &c.target {
        if let Some(f) = from.factor.as_deref().and_then(|f| r.factor(f)) {
            blocks.push(Block::Text(format!("{}: {}", f.name, f.help)));
        }
        if let Some(l) = &from.lookup {
            let names = |factor: &str, fallback: Vec<String>| {
                r.factor(factor).map_or(fallback, |f| {
                    r.values(f).iter().map(|v| v.name().to_string()).collect()
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

fn table_part(p: &ProcedureDef, t: &TableDef) -> Part {
    let mut blocks = Vec::new();
    if let Some([lo, hi]) = t.clamp {
        blocks.push(Block::Text(format!(
            "totals below {lo} read as {lo}, above {hi} as {hi}"
        )));
    }
    let mut grid = Grid::new(&["total", "result"], &[true, false]);
    for b in &t.rows {
        grid.rows
            .push(vec![band_words(b.min, b.max), result_label(p, &b.result)]);
    }
    blocks.push(Block::Table(grid));
    Part {
        heading: "Table".into(),
        blocks,
    }
}

/// A grid is printed turned: a line per total, a column per row of the rule (rows are few,
/// totals many), which keeps it narrow on any screen.
fn grid_part(p: &ProcedureDef, g: &GridDef) -> Part {
    let mut blocks = Vec::new();
    let conditions: Vec<String> = g
        .rows
        .iter()
        .map(|row| {
            let words = guard_words(row.guard());
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

fn compare_part(p: &ProcedureDef, c: &CompareDef) -> Part {
    let tie = result_label(p, &c.tie);
    let mut blocks = Vec::new();
    match c.by {
        CompareBy::Margin => {
            blocks.push(Block::Text(format!(
                "equal totals: {tie}; else the winner's margin gives the loser's result:"
            )));
            let mut grid = Grid::new(&["margin", "the loser"], &[true, false]);
            for b in &c.bands {
                grid.rows
                    .push(vec![band_words(b.min, b.max), result_label(p, &b.result)]);
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
                "equal totals: {tie}; else the higher total wins: the loser is {beaten}; {doubled} when the winner's total is at least twice the loser's"
            )));
        }
    }
    Part {
        heading: "Comparing the totals".into(),
        blocks,
    }
}

fn amount_part(r: &Ruleset, a: &AmountDef) -> Part {
    let unit = a.unit.clone().unwrap_or_else(|| r.unit().to_string());
    let mut blocks = vec![Block::Text(if unit.is_empty() {
        "the total is the result".into()
    } else {
        format!("the total is the result, in {unit}")
    })];
    for h in &a.halve {
        blocks.push(Block::Text(format!(
            "halved, rounded {}, for {}{}",
            if h.round_up { "up" } else { "down" },
            h.label,
            clause(h.guard())
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

fn results_part(p: &ProcedureDef) -> Option<Part> {
    if p.results.is_empty() {
        return None;
    }
    let mut grid = Grid::new(&["result", "what it means"], &[false, false]);
    for res in &p.results {
        grid.rows
            .push(vec![res.label.clone(), result_parts(p, res).join("; ")]);
    }
    let mut grid = grid.pruned();
    grid.lists_results = true;
    Some(Part {
        heading: "Results".into(),
        blocks: vec![Block::Table(grid)],
    })
}

/// What one result means, in words: its note, what it becomes, the steps that follow at once
/// and the checks that must follow, and the marks it makes. Cards and `umpire rules PROC` say
/// it the same way.
pub fn result_parts(p: &ProcedureDef, res: &ResultDef) -> Vec<String> {
    let mut parts = Vec::new();
    if let Some(n) = &res.note {
        parts.push(n.clone());
    }
    for b in &res.becomes {
        // In an opposed roll the condition is read on one side: `(loser: unless x=y)`.
        let condition = match (&b.side, guard_words(b.guard())) {
            (_, w) if w.is_empty() => String::new(),
            (Some(side), w) if w.starts_with("unless ") => format!(" ({side}: {w})"),
            (Some(side), w) => format!(" ({side}: when {w})"),
            (None, _) => clause(b.guard()),
        };
        parts.push(format!(
            "{}: {}{condition}",
            b.label,
            result_label(p, &b.result)
        ));
    }
    for f in &res.next {
        let f = f.full();
        let sides: Vec<String> = f.side.iter().cloned().collect();
        parts.push(follow_words(&f, &sides, false));
    }
    // The same check for each side (a tie tests both) is said once, for both.
    let mut follows: Vec<(FollowFull, Vec<String>)> = Vec::new();
    for f in res.follow_up.iter().map(FollowDef::full) {
        let same = |g: &FollowFull| {
            g.procedure == f.procedure
                && g.set == f.set
                && g.rename == f.rename
                && g.carry == f.carry
                && g.when == f.when
                && g.any == f.any
                && g.unless == f.unless
                && g.note == f.note
        };
        match (follows.last_mut(), &f.side) {
            (Some((g, sides)), Some(side)) if same(g) && !sides.is_empty() => {
                sides.push(side.clone());
            }
            _ => {
                let sides = f.side.iter().cloned().collect();
                follows.push((f, sides));
            }
        }
    }
    for (f, sides) in &follows {
        parts.push(follow_words(f, sides, true));
    }
    for m in &res.marks {
        parts.push(format!(
            "marks {}: {}{}",
            role_words(m.on),
            m.change.join(" "),
            clause(m.guard())
        ));
    }
    parts
}

// ----- exact odds ----------------------------------------------------------------------------

/// A chance as a rounded percentage that never claims a certainty the dice do not give.
pub fn percent(p: Fraction) -> String {
    if p.is_zero() {
        return "-".into();
    }
    if p == Fraction::ONE {
        return "100%".into();
    }
    let x = p.percent();
    if x < 0.05 {
        "<0.1%".into()
    } else if x > 99.95 {
        ">99.9%".into()
    } else {
        format!("{x:.1}%")
    }
}

/// A situation in which the guard holds (its `when`, and the first of its `any`), to read the
/// one case of a rule that the guard picks.
fn situation_meeting(r: &Ruleset, g: Guard<'_>) -> Situation {
    let mut s = Situation::default();
    let conditions = g
        .when
        .iter()
        .chain(g.any.first().into_iter().flat_map(|c| c.iter()));
    for (name, want) in conditions {
        let Some(f) = r.factor(name) else {
            continue;
        };
        let value = match want {
            CondValue::Flag(b) => Value::Flag(*b),
            CondValue::Number(n) => Value::Number(*n),
            CondValue::Range(range) => Value::Number(range.min.or(range.max).unwrap_or(0)),
            CondValue::One(v) => Value::Choice(v.clone()),
            CondValue::Any(vs) => match vs.first() {
                Some(v) => Value::Choice(v.clone()),
                None => continue,
            },
        };
        s.given.insert(
            f.name.clone(),
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
        let mut s = situation_meeting(r, c.guard());
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
            DicePlan::Roll(spec) => {
                let sides = spec.die.faces.len() as u128;
                let mut n: u128 = 1;
                for i in 0..spec.count as u128 {
                    n = n.saturating_mul(sides + i) / (i + 1);
                }
                n
            }
            DicePlan::Fixed(_) => 1,
        })
        .fold(1u128, u128::saturating_mul)
}

/// The distribution of one step with each side's net modifier set.
fn at_nets(plan: &Plan<'_>, nets: &[i64]) -> Result<Vec<(Decision, Fraction)>> {
    let mut plan = plan.clone();
    for (side, net) in plan.sides.iter_mut().zip(nets) {
        side.net = *net;
    }
    plan.distribution()
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
            cell.2 = cell.2.checked_add(f).unwrap_or(cell.2);
        }
    }
    out
}

/// The odds table: a line per key, a column per result in the table's order.
fn odds_grid(key: &str, rows: &[OddsRow]) -> Grid {
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
                    acc.checked_add(*p).unwrap_or(acc)
                });
            line.push(percent(p));
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
            if p.denominator() <= 1_000_000 {
                format!("{l} {}", crate::present::explain::chance(*p))
            } else {
                format!("{l} {}", percent(*p))
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The odds part: what the odds are by (in its heading, to spare a line) and the odds.
fn odds_part(r: &Ruleset, p: &ProcedureDef) -> Option<Part> {
    let (by, blocks) = if let Some(a) = &p.amount {
        amount_odds(r, p, a)
    } else if let Some(g) = &p.grid {
        grid_odds(r, p, g)
    } else if let Some(c) = &p.check
        && let TargetDef::From(from) = &c.target
    {
        target_odds(r, p, from)
    } else {
        net_odds(r, p)
    }?;
    let without = p
        .reroll
        .as_ref()
        .map(|rr| format!(", without the {}", rr.label))
        .unwrap_or_default();
    Some(Part {
        heading: format!("Odds{by}{without}"),
        blocks,
    })
}

fn has_modifiers(p: &ProcedureDef) -> bool {
    p.modifiers.iter().any(|g| !g.items.is_empty())
}

/// What a part of odds is by (` by net modifier (exact, rounded)`), and its blocks.
type Odds = (String, Vec<Block>);

/// By net modifier -5..+5 (a check against a number, a table, an opposed roll).
fn net_odds(r: &Ruleset, p: &ProcedureDef) -> Option<Odds> {
    let plan = plan_for(r, p, &Situation::default())?;
    let opposed = plan.sides.len() > 1;
    let nets: Vec<i64> = if has_modifiers(p) && throws(&plan) <= 20_000 {
        (-5..=5).collect()
    } else {
        vec![0]
    };
    let mut rows: Vec<OddsRow> = Vec::new();
    for n in &nets {
        let dist = at_nets(&plan, &[*n, 0]).ok()?;
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
    Some((by, vec![Block::Table(odds_grid("net", &rows))]))
}

/// A check whose target is a number factor or a table: by target, at net modifier 0.
fn target_odds(
    r: &Ruleset,
    p: &ProcedureDef,
    from: &crate::rules::schema::TargetFrom,
) -> Option<Odds> {
    let mut targets: Vec<(i64, Situation)> = Vec::new();
    let key;
    if let Some(fname) = &from.factor {
        let f = r.factor(fname)?;
        key = f.name.clone();
        // The totals the dice can make bound the targets worth a line.
        let probe = plan_for(
            r,
            p,
            &with_given(Situation::default(), &f.name, Value::Number(0)),
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
                with_given(Situation::default(), &f.name, Value::Number(t)),
            ));
        }
    } else if let Some(l) = &from.lookup {
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
                x.1.iter().map(|(_, l, f)| (l.clone(), *f)).collect();
            v.sort_by(|a, b| a.0.cmp(&b.0));
            v
        };
        probs(a) == probs(b)
    };
    if from.factor.is_some() {
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
    blocks.push(Block::Table(odds_grid(&key, &rows)));
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
fn grid_odds(r: &Ruleset, p: &ProcedureDef, g: &GridDef) -> Option<Odds> {
    let mut rows: Vec<OddsRow> = Vec::new();
    for row in &g.rows {
        let s = situation_meeting(r, row.guard());
        let Some(plan) = plan_for(r, p, &s) else {
            continue;
        };
        // The plan reads the row its situation picks; a row an earlier one shadows is left out.
        if plan.reading_text() != format!("read row {} by the total", row.label) {
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
        vec![Block::Table(odds_grid("", &rows))],
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
                (label, situation_meeting(r, c.guard()), Some(c))
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
            .filter_map(|(d, f)| d.amount.map(|v| (v, *f)))
            .collect();
        let (Some(lo), Some(hi)) = (
            amounts.iter().map(|(v, _)| *v).min(),
            amounts.iter().map(|(v, _)| *v).max(),
        ) else {
            continue;
        };
        #[allow(clippy::cast_precision_loss)]
        let mean: f64 = amounts.iter().map(|(v, f)| *v as f64 * f.to_f64()).sum();
        let span = if lo == hi {
            lo.to_string()
        } else {
            format!("{lo} to {hi}")
        };
        let span = if unit.is_empty() {
            span
        } else {
            format!("{span} {unit}")
        };
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

// ----- the card ------------------------------------------------------------------------------

/// The card of one procedure, from the tables alone.
pub fn build(r: &Ruleset, p: &ProcedureDef) -> Card {
    let mut parts = Vec::new();
    parts.extend(dice_part(r, p));
    parts.extend(modifier_parts(r, p));
    if let Some(c) = &p.check {
        parts.push(check_part(r, p, c));
    }
    if let Some(t) = &p.table {
        parts.push(table_part(p, t));
    }
    if let Some(g) = &p.grid {
        parts.push(grid_part(p, g));
    }
    if let Some(c) = &p.compare {
        parts.push(compare_part(p, c));
    }
    if let Some(a) = &p.amount {
        parts.push(amount_part(r, a));
    }
    parts.extend(results_part(p));
    parts.extend(odds_part(r, p));
    if !p.notes.is_empty() {
        parts.push(Part {
            heading: "Notes".into(),
            blocks: vec![Block::List(p.notes.clone())],
        });
    }
    Card {
        name: p.name.clone(),
        title: p.title.clone(),
        aliases: p.aliases.clone(),
        help: p.help.clone(),
        parts,
        results: p.results.iter().map(|r| r.label.clone()).collect(),
    }
}

/// The procedures named (each checked, with a suggestion for a typo), or all of them.
pub fn chosen<'a>(r: &'a Ruleset, names: &[String]) -> Result<Vec<&'a ProcedureDef>> {
    if names.is_empty() {
        return Ok(r.def.procedures.iter().collect());
    }
    names.iter().map(|n| r.procedure_or_err(n)).collect()
}

/// The terminal cards of the procedures named (all when none is), `width` columns wide.
pub fn cards(
    ruleset: &Ruleset,
    procedures: &[String],
    width: usize,
    colour: bool,
) -> Result<String> {
    let chosen = chosen(ruleset, procedures)?;
    let texts: Vec<String> = chosen
        .iter()
        .map(|p| render(&build(ruleset, p), width, colour))
        .collect();
    Ok(texts.join("\n"))
}

// ----- the terminal --------------------------------------------------------------------------

const INDENT: usize = 2;

/// Greedy word wrap by characters; a word longer than the line is cut.
fn wrap(text: &str, width: usize, first: &str, rest: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = first.to_string();
    let mut empty = true;
    let room = |prefix: &str| width.saturating_sub(prefix.chars().count()).max(1);
    for word in text.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        loop {
            let used = line.chars().count();
            let need = word.len() + usize::from(!empty);
            if used + need <= width || (empty && used >= width) {
                if !empty {
                    line.push(' ');
                }
                line.extend(word.iter());
                empty = false;
                break;
            }
            if empty {
                // Alone on its line and still too long: cut it.
                let fit = room(&line);
                let (head, tail) = word.split_at(fit.min(word.len()));
                line.extend(head.iter());
                lines.push(std::mem::replace(&mut line, rest.to_string()));
                word = tail.to_vec();
                if word.is_empty() {
                    break;
                }
                continue;
            }
            lines.push(std::mem::replace(&mut line, rest.to_string()));
            empty = true;
        }
    }
    if !empty || lines.is_empty() {
        lines.push(line);
    }
    lines
}

fn bold(text: &str, colour: bool) -> String {
    if colour {
        format!("\x1b[1m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

/// Break opportunities for a crowded terminal table, in words longer than a dozen characters:
/// a space after each `/` of a list of values in the body; in the header, where labels are
/// short, a line of their own for the parts between hyphens.
fn broken(cell: &str, header: bool) -> String {
    const LONG: usize = 12;
    let word = |w: &str| -> String {
        if w.chars().count() <= LONG {
            return w.to_string();
        }
        let chars: Vec<char> = w.chars().collect();
        let mut pieces: Vec<String> = vec![String::new()];
        for (i, c) in chars.iter().enumerate() {
            if let Some(last) = pieces.last_mut() {
                last.push(*c);
            }
            let between_letters = *c == '-'
                && i > 0
                && chars.get(i - 1).is_some_and(|x| x.is_alphabetic())
                && chars.get(i + 1).is_some_and(|x| x.is_alphabetic());
            let breaks = if header {
                *c == '/' || between_letters
            } else {
                *c == '/'
            };
            if breaks && i + 1 < chars.len() {
                pieces.push(String::new());
            }
        }
        if !header {
            return pieces.join(" ");
        }
        let mut lines: Vec<String> = Vec::new();
        for piece in pieces {
            match lines.last_mut() {
                Some(l) if l.chars().count() + piece.chars().count() <= LONG => l.push_str(&piece),
                _ => lines.push(piece),
            }
        }
        lines.join("\n")
    };
    cell.lines()
        .map(|l| l.split(' ').map(word).collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A table as terminal lines (with the legend of any letters standing for results other than
/// the `known` ones), at most `width` characters wide.
fn table_text(grid: &Grid, width: usize, known: &[String]) -> (Vec<String>, Vec<String>) {
    let (mut grid, legend) = grid.fitted(width, known);
    if grid.comfortable_width() > width {
        grid.header = grid.header.iter().map(|c| broken(c, true)).collect();
        for row in &mut grid.rows {
            for cell in row.iter_mut() {
                *cell = broken(cell, false);
            }
        }
    }
    let mut t = Table::new();
    // A rule under the header only: rows read like a printed table, not a grid of boxes.
    t.load_style(TableStyle::new().header_separator(LineStyle::none().fill('─').junction('─')))
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(u16::try_from(width).unwrap_or(u16::MAX))
        .force_no_tty();
    if grid.header.iter().any(|h| !h.is_empty()) {
        t.set_header(grid.header.clone());
    }
    for row in &grid.rows {
        t.add_row(row.clone());
    }
    // Two spaces between columns (the junction and one of padding): room is short at 80.
    for c in t.column_iter_mut().skip(1) {
        c.set_padding((0, 1));
    }
    for (i, numeric) in grid.numeric.iter().enumerate() {
        // A column of numbers is as wide as its numbers, or its header's longest word: the
        // header wraps, the room goes to the columns of words.
        let cells = grid
            .rows
            .iter()
            .filter_map(|r| r.get(i))
            .flat_map(|c| c.lines())
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0);
        let header = grid
            .header
            .get(i)
            .map(|h| {
                h.split_whitespace()
                    .map(|w| w.chars().count())
                    .max()
                    .unwrap_or(0)
            })
            .unwrap_or(0);
        if *numeric && let Some(c) = t.column_mut(i) {
            c.set_cell_alignment(CellAlignment::Right);
            let width = cells.max(header);
            if width <= 16 {
                // The fixed width counts the column's padding.
                let padding = if i == 0 { 2 } else { 1 };
                let width = u16::try_from(width + padding).unwrap_or(18);
                c.set_constraint(ColumnConstraint::Absolute(Width::Fixed(width)));
            }
        }
    }
    let lines = t
        .to_string()
        .lines()
        .map(|l| l.trim_end().to_string())
        .collect();
    (lines, legend)
}

/// One card as plain text (bold headings when `colour`), no line longer than `width`.
pub fn render(card: &Card, width: usize, colour: bool) -> String {
    let width = width.max(1);
    let pad = " ".repeat(INDENT);
    let mut lines: Vec<String> = Vec::new();
    // comfy-table pads each cell by one: one more space makes the indent.
    let inner = width.saturating_sub(INDENT - 1);
    // When a table must letter its results, the card's list of results gives the letters.
    let known = card.known();
    let crowded = |b: &Block| match b {
        Block::Table(g) => g.labels != Labels::None && g.comfortable_width() > inner,
        _ => false,
    };
    let lettering = !known.is_empty() && card.parts.iter().flat_map(|p| &p.blocks).any(crowded);
    let title = format!("══ {} — {} ", card.name, card.title);
    let fill = width.saturating_sub(title.chars().count());
    if fill > 0 {
        lines.push(bold(&format!("{title}{}", "═".repeat(fill)), colour));
    } else {
        lines.extend(
            wrap(title.trim_end(), width, "", "")
                .iter()
                .map(|l| bold(l, colour)),
        );
    }
    if !card.aliases.is_empty() {
        lines.extend(wrap(
            &format!("also: {}", card.aliases.join(", ")),
            width,
            "",
            "",
        ));
    }
    lines.extend(wrap(&card.help, width, "", ""));
    for part in &card.parts {
        lines.push(String::new());
        lines.extend(
            wrap(&part.heading, width, "", "")
                .iter()
                .map(|l| bold(l, colour)),
        );
        for block in &part.blocks {
            match block {
                Block::Text(t) => lines.extend(wrap(t, width, &pad, &pad)),
                Block::List(items) => {
                    for item in items {
                        lines.extend(wrap(item, width, &format!("{pad}- "), &format!("{pad}  ")));
                    }
                }
                Block::Table(g) => {
                    let (table, legend) = if g.lists_results && lettering {
                        table_text(&g.lettered(), inner, &[])
                    } else {
                        table_text(g, inner, known)
                    };
                    for l in table {
                        lines.push(format!("{}{l}", " ".repeat(INDENT - 1)));
                    }
                    for item in legend {
                        lines.extend(wrap(&item, width, &pad, &format!("{pad}   ")));
                    }
                }
            }
        }
    }
    let mut out = String::new();
    for line in lines {
        // A table that could not be squeezed (a very narrow width) is cut, never left long.
        if !line.contains('\x1b') && line.chars().count() > width {
            for piece in wrap(&line, width, "", "") {
                let _ = writeln!(out, "{}", piece.trim_end());
            }
        } else {
            let _ = writeln!(out, "{line}");
        }
    }
    out
}
