//! What `umpire rules` says: the rulesets, one ruleset with its procedures and turn rule, and
//! one procedure in full (its dice, factors, modifiers, re-rolls, results and notes).

use std::fmt::Write as _;

use crate::model::Ruleset;
use crate::model::{FactorKind, ProcedureDef, RollDef};
use crate::present::words;
use crate::words::signed;

/// The list of rulesets.
pub fn rulesets(all: &[Ruleset], default: Option<&str>) -> String {
    let mut out = String::new();
    for r in all {
        let mark = if Some(r.name()) == default {
            " (default)"
        } else {
            ""
        };
        let aliases = if r.model.aliases.is_empty() {
            String::new()
        } else {
            format!(" [also: {}]", r.model.aliases.join(", "))
        };
        let _ = writeln!(out, "{}{mark} — {}{aliases}", r.name(), r.model.title);
        let procs: Vec<&str> = r.model.procedures.iter().map(|p| p.name.as_str()).collect();
        let _ = writeln!(out, "  procedures: {}", procs.join(", "));
    }
    out
}

/// One ruleset in detail: its procedures with help, notes, the turn rule and its army lists.
pub fn ruleset(r: &Ruleset) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} — {}", r.name(), r.model.title);
    if let Some(s) = &r.model.source {
        let _ = writeln!(out, "  source: {s}");
    }
    for n in &r.model.notes {
        let _ = writeln!(out, "  note: {n}");
    }
    let _ = writeln!(out, "procedures:");
    for p in &r.model.procedures {
        let _ = writeln!(out, "  {:<16} {}: {}", p.name, p.title, p.help);
    }
    let units: Vec<&crate::model::RequireDef> = r
        .model
        .requires
        .iter()
        .filter(|q| {
            r.model.game.as_ref().is_some_and(|g| {
                q.when
                    .iter()
                    .all(|c| g.unit.values().any(|f| *f == c.factor))
            })
        })
        .collect();
    if !units.is_empty() {
        let _ = writeln!(out, "units (checked by `unit add` and `unit set`):");
        for rule in units {
            let _ = writeln!(out, "  {}", words::requirement(rule));
        }
    }
    if let Some(t) = &r.model.turn {
        let _ = writeln!(out, "turn:");
        for (part, rule) in crate::present::card::turn_rules(t) {
            let _ = writeln!(out, "  {}: {rule}", part.to_lowercase());
        }
        for n in &t.notes {
            let _ = writeln!(out, "  note: {n}");
        }
    }
    if !r.model.armies.is_empty() {
        let lists: usize = r.model.armies.iter().map(|p| p.lists.len()).sum();
        let periods = r.model.armies.len();
        let _ = writeln!(
            out,
            "army lists: {lists} in {periods} period{} (`umpire army list --rules {}`)",
            if periods == 1 { "" } else { "s" },
            r.name()
        );
    }
    out
}

/// What a procedure takes: dice, factors and their values, modifiers, results and notes.
pub fn procedure(r: &Ruleset, p: &ProcedureDef) -> String {
    let mut out = String::new();
    heading(&mut out, r, p);
    modifiers(&mut out, r, p);
    check(&mut out, p);
    reading(&mut out, p);
    amount(&mut out, r, p);
    results(&mut out, r, p);
    factors(&mut out, r, p);
    out
}

/// The name, title and help, the dice, what is dropped, the sides, naturals and re-rolls.
fn heading(out: &mut String, r: &Ruleset, p: &ProcedureDef) {
    let aliases = if p.aliases.is_empty() {
        String::new()
    } else {
        format!(" [also: {}]", p.aliases.join(", "))
    };
    let _ = writeln!(
        *out,
        "{} — {} ({}){aliases}",
        p.name, p.title, r.model.title
    );
    let _ = writeln!(*out, "  {}", p.help);
    match &p.roll {
        Some(RollDef::Dice(d)) => {
            let _ = writeln!(*out, "dice: {d}");
        }
        Some(RollDef::Cases(cases)) => {
            let _ = writeln!(*out, "dice (first that fits):");
            for c in cases {
                let what = c.dice.clone().map_or_else(
                    || format!("no roll: {}", c.fixed.unwrap_or(0)),
                    |d| match &c.count {
                        Some(n) => format!("{d} per {} {}", n.per, n.factor),
                        None => d,
                    },
                );
                let _ = writeln!(*out, "  {what:<18} {}", c.label.clone().unwrap_or_default());
            }
        }
        None => {}
    }
    for d in &p.drop {
        let _ = writeln!(*out, "  {}", d.label);
    }
    if !p.sides.is_empty() {
        let names: Vec<String> = p.sides.iter().map(|s| s.name.clone()).collect();
        let _ = writeln!(
            *out,
            "sides: {} (write factors as {}.NAME=VALUE)",
            names.join(" and "),
            names.first().cloned().unwrap_or_default()
        );
    }
    for n in &p.naturals {
        let _ = writeln!(
            *out,
            "natural: {} = {}",
            n.label,
            p.results
                .iter()
                .find(|x| x.name == n.result)
                .map_or(n.result.as_str(), |x| x.label.as_str())
        );
    }
    for rr in &p.rerolls {
        let _ = writeln!(*out, "re-roll: {}", words::reroll_rule(r, p, rr, false));
    }
}

/// The modifier groups, each item with its value.
fn modifiers(out: &mut String, r: &Ruleset, p: &ProcedureDef) {
    for g in &p.modifiers {
        let policy = words::policy(g.policy);
        let _ = writeln!(*out, "modifiers, {} ({policy}):", g.group);
        for item in &g.items {
            if let (Some(v), Some(l)) = (item.value, &item.label) {
                // What it reads on the other side, which its label may not say.
                let opponent = if item.opponent.is_empty() {
                    String::new()
                } else {
                    format!(
                        " (the opponent's {})",
                        words::conditions(&item.opponent, ", ")
                    )
                };
                let _ = writeln!(*out, "  {:>3}  {l}{opponent}", signed(v));
            } else if let (Some(values), Some(f)) = (
                &item.values,
                item.factor.as_deref().and_then(|f| r.factor(f)),
            ) {
                for (k, v) in values {
                    let prefix = item
                        .label
                        .as_ref()
                        .map(|l| format!("{l} "))
                        .unwrap_or_default();
                    let _ = writeln!(
                        out,
                        "  {:>3}  {prefix}{} ({}={k})",
                        signed(*v),
                        r.value_label(f, k),
                        f.name
                    );
                }
            } else if let (Some(each), Some(f)) = (item.each, &item.factor) {
                let limit = item
                    .limit
                    .map(|l| format!(", at most {}", signed(l)))
                    .unwrap_or_default();
                let _ = writeln!(
                    out,
                    "  {:>3}  per {f} ({}{limit})",
                    signed(each),
                    item.label.clone().unwrap_or_default()
                );
            }
        }
    }
}

/// A check against a target: what passes and what fails, and a target read from a table.
fn check(out: &mut String, p: &ProcedureDef) {
    if let Some(c) = &p.check {
        let target = match &c.target {
            crate::model::TargetDef::Number(n) => n.to_string(),
            crate::model::TargetDef::Factor(x) => format!("the {x}"),
            crate::model::TargetDef::Lookup(_) => "the table below".into(),
        };
        let how = crate::words::compared(c.compare, &target);
        let label = |n: &str| p.result_label(n);
        let _ = writeln!(
            *out,
            "result: {how} = {}; otherwise {}",
            label(&c.pass),
            label(&c.fail)
        );
        if let Some(i) = &c.impossible {
            let _ = writeln!(*out, "  {}", words::fallback_rule(i));
        }
        if let crate::model::TargetDef::Lookup(l) = &c.target {
            let _ = writeln!(
                out,
                "target by {} (rows) and {} (columns):",
                l.rows, l.columns
            );
            for (row, cols) in &l.cells {
                let cells: Vec<String> = cols.iter().map(|(c, n)| format!("{c} {n}")).collect();
                let _ = writeln!(*out, "  {row}: {}", cells.join(", "));
            }
        }
    }
}

/// How a total is read otherwise: a table of bands, a comparison, a grid.
fn reading(out: &mut String, p: &ProcedureDef) {
    let label = |n: &str| p.result_label(n);
    if let Some(t) = &p.table {
        let clamp = t
            .clamp
            .map(|[a, b]| format!(" (totals read within {a}..{b})"))
            .unwrap_or_default();
        let _ = writeln!(*out, "table{clamp}:");
        let bands: Vec<String> = t.rows.iter().map(|b| words::band(b.min, b.max)).collect();
        let width = bands.iter().map(String::len).max().unwrap_or(0);
        for (b, band) in t.rows.iter().zip(&bands) {
            let _ = writeln!(*out, "  {band:>width$}  {}", label(&b.result));
        }
    }
    if let Some(c) = &p.compare {
        let compared = if p.amount.is_some() {
            "scores"
        } else {
            "totals"
        };
        let _ = writeln!(*out, "compare: equal {compared} = {}", label(&c.tie));
        let bands: Vec<String> = c.bands.iter().map(|b| words::band(b.min, b.max)).collect();
        let width = bands.iter().map(String::len).max().unwrap_or(0);
        for (b, band) in c.bands.iter().zip(&bands) {
            let _ = writeln!(
                *out,
                "  wins by {band:>width$}  loser: {}",
                label(&b.result)
            );
        }
        if let (Some(b), Some(d)) = (&c.beaten, &c.doubled) {
            let _ = writeln!(*out, "  beaten: {}; doubled: {}", label(b), label(d));
        }
    }
    if let Some(g) = &p.grid {
        let _ = writeln!(*out, "table (columns from total {}):", g.first_column);
        for row in &g.rows {
            let cells: Vec<String> = row.results.iter().map(|x| label(x)).collect();
            let _ = writeln!(*out, "  {}: {}", row.label, cells.join(" | "));
        }
    }
}

/// An amount the roll gives, with its floor and halvings.
fn amount(out: &mut String, r: &Ruleset, p: &ProcedureDef) {
    if let Some(a) = &p.amount {
        let unit = a.unit.clone().unwrap_or_else(|| r.unit().to_string());
        let whose = if p.sides.is_empty() {
            "result: the total"
        } else {
            "score of each side: its total"
        };
        match &a.each_die {
            Some(check) => {
                let _ = writeln!(*out, "result: {}", words::each_die(check, &unit, &a.each));
            }
            None => {
                let _ = writeln!(*out, "{whose}, in {unit}");
            }
        }
        if let Some(f) = a.floor {
            let _ = writeln!(*out, "  never below {f}");
        }
        for h in &a.halve {
            let _ = writeln!(*out, "  halved when {}", h.label);
        }
    }
}

/// What each result does, and what any result or another unit's answer calls for.
fn results(out: &mut String, r: &Ruleset, p: &ProcedureDef) {
    for res in &p.results {
        let parts = crate::present::card::result_parts(r, p, res);
        if !parts.is_empty() {
            let _ = writeln!(*out, "  {}: {}", res.label, parts.join("; "));
        }
    }
    let any = crate::present::card::any_result_parts(r, p);
    if !any.is_empty() {
        let _ = writeln!(
            *out,
            "  {}: {}",
            crate::present::card::ANY_RESULT,
            any.join("; ")
        );
    }
    for may in crate::present::card::may_follow_parts(r, p) {
        let _ = writeln!(*out, "  {may}");
    }
}

/// The rules of eligibility, the factors the chain reads, and the notes.
fn factors(out: &mut String, r: &Ruleset, p: &ProcedureDef) {
    let rules = r.requirements(p);
    if !rules.is_empty() {
        let _ = writeln!(*out, "rules of eligibility:");
        for rule in rules {
            let _ = writeln!(*out, "  {}", words::requirement(rule));
        }
    }
    let factors = r.chain_factors(p);
    if !factors.is_empty() {
        let _ = writeln!(*out, "factors (FACTOR words after the procedure):");
        for name in factors {
            if let Some(f) = r.factor(&name) {
                let _ = writeln!(*out, "  {}", words::factor_help(r, f));
                if let Some(n) = &f.note {
                    let _ = writeln!(*out, "      note: {n}");
                }
                if f.kind == FactorKind::Choice {
                    for v in f.values.iter().filter(|v| v.note().is_some()) {
                        let _ =
                            writeln!(*out, "      {}: {}", v.name(), v.note().unwrap_or_default());
                    }
                }
            }
        }
    }
    if !p.notes.is_empty() {
        let _ = writeln!(*out, "notes:");
        for n in &p.notes {
            let _ = writeln!(*out, "  - {n}");
        }
    }
}
