//! Plain-text explanations: a resolved chain, the odds of a chain, and what a procedure takes.

use std::fmt::Write as _;

use crate::engine::fraction::Fraction;
use crate::engine::modifiers::ModLine;
use crate::engine::plan::Plan;
use crate::engine::resolve::{SideRecord, Step};
use crate::model::Ruleset;
use crate::model::{FactorKind, ProcedureDef, RollDef};
use crate::present::words;
use crate::words::signed;

fn faces_text(faces: &[i64]) -> String {
    faces
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A probability as `11/18 (61.1%)`.
pub fn chance(p: Fraction) -> String {
    format!("{p} ({:.1}%)", p.percent())
}

fn bar(p: Fraction, width: usize) -> String {
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss
    )]
    let n = (p.to_f64() * width as f64).round() as usize;
    "#".repeat(n)
}

fn modifier_lines(out: &mut String, pad: &str, mods: &[ModLine]) {
    let labels: Vec<String> = mods.iter().map(words::modifier_label).collect();
    let width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    for (m, label) in mods.iter().zip(&labels) {
        let status = match (words::why(m, mods), m.applied) {
            (Some(r), true) => format!("  ({r})"),
            (Some(r), false) => format!("  ignored: {r}"),
            (None, true) => String::new(),
            (None, false) => "  ignored".into(),
        };
        let _ = writeln!(
            out,
            "{pad}  {:>3}  {:<width$}  [{}]{status}",
            signed(m.value),
            label,
            m.group
        );
    }
}

fn side_header(ruleset: &Ruleset, out: &mut String, pad: &str, s: &SideRecord) {
    let who = s
        .side
        .as_ref()
        .map(|x| format!("{x}: "))
        .unwrap_or_default();
    if !s.factors.is_empty() {
        let words: Vec<String> = s
            .factors
            .iter()
            .map(|f| {
                let label = ruleset.factor(&f.name).and_then(|fd| {
                    (fd.kind == FactorKind::Choice).then(|| {
                        let note = ruleset
                            .value(fd, &f.value)
                            .and_then(|v| v.note())
                            .map(|n| format!(", {n}"))
                            .unwrap_or_default();
                        let label = ruleset.value_label(fd, &f.value);
                        (label != f.value || !note.is_empty()).then(|| format!(" ({label}{note})"))
                    })?
                });
                let via = f
                    .via
                    .as_ref()
                    .map(|v| format!(" [{}]", words::via(v)))
                    .unwrap_or_default();
                format!("{}={}{}{}", f.name, f.value, label.unwrap_or_default(), via)
            })
            .collect();
        let _ = writeln!(out, "{pad}{who}given {}", words.join(", "));
    }
    for line in s.standings.iter().filter_map(words::standing) {
        let _ = writeln!(out, "{pad}{who}{line}");
    }
    let drops = if s.drops.is_empty() {
        String::new()
    } else {
        format!(", {}", s.drops.join(", "))
    };
    let why = s
        .dice_label
        .as_ref()
        .map(|l| format!(" ({l})"))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "{pad}{who}dice {}{why}{drops}",
        words::dice_plan(&s.dice)
    );
}

/// The explanation of a resolved chain, step by step.
pub fn step(ruleset: &Ruleset, s: &Step, depth: usize, out: &mut String) {
    let pad = "  ".repeat(depth);
    let whose = s
        .for_side
        .as_ref()
        .map(|x| format!(" (for the {x})"))
        .unwrap_or_default();
    let _ = writeln!(out, "{pad}{} — {}{whose}", s.procedure, s.title);
    for (i, side) in s.sides.iter().enumerate() {
        side_header(ruleset, out, &format!("{pad}  "), side);
        let throws: Vec<_> = s.throws.iter().filter(|t| t.side == side.side).collect();
        for (n, t) in throws.iter().enumerate() {
            let how = if t.entered { "entered" } else { "rolled" };
            let set_aside = if n + 1 < throws.len() {
                "  (set aside by the re-roll)"
            } else {
                ""
            };
            match &t.dice {
                Some(d) => {
                    let kept = if t.kept.len() == t.faces.len() {
                        String::new()
                    } else {
                        format!(", kept {}", faces_text(&t.kept))
                    };
                    let _ = writeln!(
                        out,
                        "{pad}    {d}: {} ({how}){kept} = {}{set_aside}",
                        faces_text(&t.faces),
                        t.natural_total
                    );
                }
                None => {
                    let _ = writeln!(out, "{pad}    no roll: {}", t.natural_total);
                }
            }
        }
        if !side.modifiers.is_empty() {
            modifier_lines(out, &format!("{pad}  "), &side.modifiers);
        }
        let total = s.decision.totals.get(i).copied().unwrap_or(0);
        let natural = total - side.net;
        if !words::natural(&s.decision) || s.sides.len() > 1 {
            let _ = writeln!(
                out,
                "{pad}    net modifier {}: {natural} {} = {total}",
                signed(side.net),
                if side.net < 0 {
                    format!("- {}", -side.net)
                } else {
                    format!("+ {}", side.net)
                }
            );
        } else {
            let _ = writeln!(out, "{pad}    net modifier {} (not used)", signed(side.net));
        }
    }
    if let Some(r) = &s.reroll {
        let _ = writeln!(out, "{pad}  re-roll: {}", words::reroll(r));
    }
    // Too many throws to count (5d100) leave the chance out rather than the roll.
    match s.chance {
        Some(p) => {
            let _ = writeln!(
                out,
                "{pad}  => {}   chance {}",
                words::decision(&s.decision),
                chance(p)
            );
        }
        None => {
            let _ = writeln!(out, "{pad}  => {}", words::decision(&s.decision));
        }
    }
    if let Some(n) = &s.note {
        let _ = writeln!(out, "{pad}     {n}");
    }
    for n in &s.next {
        step(ruleset, n, depth + 1, out);
    }
}

/// Every follow-up of a chain, in the order they are owed.
pub fn follow_ups(s: &Step) -> Vec<&crate::engine::resolve::FollowUp> {
    s.all_follow_ups()
}

/// The whole `roll` report.
pub fn roll(ruleset: &Ruleset, s: &Step, rules_flag: &str) -> String {
    let mut out = String::new();
    step(ruleset, s, 0, &mut out);
    let _ = writeln!(out, "outcome: {}", s.outcome());
    for f in follow_ups(s) {
        let note = f
            .note
            .as_ref()
            .map(|n| format!("   ({n})"))
            .unwrap_or_default();
        let args = if f.args.is_empty() {
            String::new()
        } else {
            format!(" {}", f.args.join(" "))
        };
        let _ = writeln!(
            out,
            "must follow: umpire{rules_flag} roll {}{args}{note}",
            f.procedure
        );
    }
    out
}

/// A table of outcomes with fraction, percentage and bar.
pub fn distribution(out: &mut String, pad: &str, rows: &[(String, Fraction)]) {
    let width = rows
        .iter()
        .map(|(l, _)| l.chars().count())
        .max()
        .unwrap_or(0);
    let fw = rows
        .iter()
        .map(|(_, p)| p.to_string().len())
        .max()
        .unwrap_or(0);
    for (label, p) in rows {
        let line = format!(
            "{pad}{label:<width$}  {:>fw$}  {:>6.2}%  {}",
            p.to_string(),
            p.percent(),
            bar(*p, 30)
        );
        // A chance too small for a mark of the bar leaves no blank at the end of the line.
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

/// A step's dice and modifiers, side by side, and how its total is read.
pub fn plan_summary(ruleset: &Ruleset, plan: &Plan<'_>, out: &mut String, pad: &str) {
    for side in &plan.sides {
        let record = SideRecord {
            side: side.side.clone(),
            dice: side.dice.clone(),
            dice_label: side.dice_label.clone(),
            drops: side.drops.clone(),
            modifiers: side.modifiers.clone(),
            net: side.net,
            factors: Vec::new(),
            standings: side.standings.clone(),
        };
        side_header(ruleset, out, pad, &record);
        modifier_lines(out, pad, &side.modifiers);
        let who = side
            .side
            .as_ref()
            .map(|x| format!("{x}: "))
            .unwrap_or_default();
        let _ = writeln!(out, "{pad}  {who}net modifier {}", signed(side.net));
    }
    let _ = writeln!(out, "{pad}{}", words::reading(plan));
}

/// Sort numeric outcomes (amounts) by value; leave named outcomes in table order.
pub fn ordered(mut rows: Vec<(String, Fraction)>) -> Vec<(String, Fraction)> {
    let number = |l: &str| {
        l.split_whitespace()
            .next()
            .and_then(|w| w.parse::<i64>().ok())
    };
    if rows.iter().all(|(l, _)| number(l).is_some()) {
        rows.sort_by_key(|(l, _)| number(l).unwrap_or(0));
    }
    rows
}

/// A step's own odds as rows: each result (with its loser in an opposed roll) and its chance.
pub fn first_rows(plan: &Plan<'_>) -> crate::error::Result<Vec<(String, Fraction)>> {
    let rows = plan
        .distribution()?
        .into_iter()
        .map(|(d, p)| {
            (
                d.loser
                    .as_ref()
                    .map_or_else(|| d.label.clone(), |l| format!("{l}: {}", d.label)),
                p,
            )
        })
        .collect();
    Ok(ordered(rows))
}

/// The whole `odds` report: each step's own odds, then the final outcomes of the chain.
pub fn odds(
    ruleset: &Ruleset,
    plan: &Plan<'_>,
    finals: &[(String, Fraction)],
) -> crate::error::Result<String> {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} — {} ({})",
        plan.procedure.name, plan.procedure.title, ruleset.model.title
    );
    plan_summary(ruleset, plan, &mut out, "  ");
    distribution(&mut out, "    ", &first_rows(plan)?);
    let following = plan.next_plans()?;
    let mut queue = following.clone();
    let mut shown = 0;
    while let Some(next) = queue.first().cloned() {
        queue.remove(0);
        shown += 1;
        if shown > 8 {
            break;
        }
        let _ = writeln!(
            out,
            "  then {} — {}",
            next.procedure.name, next.procedure.title
        );
        plan_summary(ruleset, &next, &mut out, "    ");
        let rows = ordered(
            next.distribution()?
                .into_iter()
                .map(|(d, p)| (d.label, p))
                .collect(),
        );
        distribution(&mut out, "      ", &rows);
        queue.extend(next.next_plans()?);
    }
    if !following.is_empty() {
        let _ = writeln!(out, "final outcomes:");
        distribution(&mut out, "  ", finals);
    }
    if let Some(mean) = mean(finals) {
        let _ = writeln!(out, "average: {mean:.2}");
    }
    Ok(out)
}

/// The expected amount, when every outcome is a number.
pub fn mean(rows: &[(String, Fraction)]) -> Option<f64> {
    let mut sum = 0.0;
    for (l, p) in rows {
        let v: i64 = l.split_whitespace().next()?.parse().ok()?;
        #[allow(clippy::cast_precision_loss)]
        let v = v as f64;
        sum += v * p.to_f64();
    }
    Some(sum)
}

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
    let aliases = if p.aliases.is_empty() {
        String::new()
    } else {
        format!(" [also: {}]", p.aliases.join(", "))
    };
    let _ = writeln!(out, "{} — {} ({}){aliases}", p.name, p.title, r.model.title);
    let _ = writeln!(out, "  {}", p.help);
    match &p.roll {
        Some(RollDef::Dice(d)) => {
            let _ = writeln!(out, "dice: {d}");
        }
        Some(RollDef::Cases(cases)) => {
            let _ = writeln!(out, "dice (first that fits):");
            for c in cases {
                let what = c.dice.clone().map_or_else(
                    || format!("no roll: {}", c.fixed.unwrap_or(0)),
                    |d| match &c.count {
                        Some(n) => format!("{d} per {} {}", n.per, n.factor),
                        None => d,
                    },
                );
                let _ = writeln!(out, "  {what:<18} {}", c.label.clone().unwrap_or_default());
            }
        }
        None => {}
    }
    for d in &p.drop {
        let _ = writeln!(out, "  {}", d.label);
    }
    if !p.sides.is_empty() {
        let names: Vec<String> = p.sides.iter().map(|s| s.name.clone()).collect();
        let _ = writeln!(
            out,
            "sides: {} (write factors as {}.NAME=VALUE)",
            names.join(" and "),
            names.first().cloned().unwrap_or_default()
        );
    }
    for n in &p.naturals {
        let _ = writeln!(
            out,
            "natural: {} = {}",
            n.label,
            p.results
                .iter()
                .find(|x| x.name == n.result)
                .map_or(n.result.as_str(), |x| x.label.as_str())
        );
    }
    for g in &p.modifiers {
        let policy = words::policy(g.policy);
        let _ = writeln!(out, "modifiers, {} ({policy}):", g.group);
        for item in &g.items {
            if let (Some(v), Some(l)) = (item.value, &item.label) {
                let _ = writeln!(out, "  {:>3}  {l}", signed(v));
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
    if let Some(c) = &p.check {
        let target = match &c.target {
            crate::model::TargetDef::Number(n) => n.to_string(),
            crate::model::TargetDef::Factor(x) => format!("the {x}"),
            crate::model::TargetDef::Lookup(_) => "the table below".into(),
        };
        let how = crate::words::compared(c.compare, &target);
        let label = |n: &str| {
            p.results
                .iter()
                .find(|x| x.name == n)
                .map_or(n.to_string(), |x| x.label.clone())
        };
        let _ = writeln!(
            out,
            "result: {how} = {}; otherwise {}",
            label(&c.pass),
            label(&c.fail)
        );
        if let crate::model::TargetDef::Lookup(l) = &c.target {
            let _ = writeln!(
                out,
                "target by {} (rows) and {} (columns):",
                l.rows, l.columns
            );
            for (row, cols) in &l.cells {
                let cells: Vec<String> = cols.iter().map(|(c, n)| format!("{c} {n}")).collect();
                let _ = writeln!(out, "  {row}: {}", cells.join(", "));
            }
        }
    }
    let label = |n: &str| {
        p.results
            .iter()
            .find(|x| x.name == n)
            .map_or(n.to_string(), |x| x.label.clone())
    };
    if let Some(t) = &p.table {
        let clamp = t
            .clamp
            .map(|[a, b]| format!(" (totals read within {a}..{b})"))
            .unwrap_or_default();
        let _ = writeln!(out, "table{clamp}:");
        let bands: Vec<String> = t.rows.iter().map(|b| words::band(b.min, b.max)).collect();
        let width = bands.iter().map(String::len).max().unwrap_or(0);
        for (b, band) in t.rows.iter().zip(&bands) {
            let _ = writeln!(out, "  {band:>width$}  {}", label(&b.result));
        }
    }
    if let Some(c) = &p.compare {
        let _ = writeln!(out, "compare: equal totals = {}", label(&c.tie));
        let bands: Vec<String> = c.bands.iter().map(|b| words::band(b.min, b.max)).collect();
        let width = bands.iter().map(String::len).max().unwrap_or(0);
        for (b, band) in c.bands.iter().zip(&bands) {
            let _ = writeln!(out, "  wins by {band:>width$}  loser: {}", label(&b.result));
        }
        if let (Some(b), Some(d)) = (&c.beaten, &c.doubled) {
            let _ = writeln!(out, "  beaten: {}; doubled: {}", label(b), label(d));
        }
    }
    if let Some(g) = &p.grid {
        let _ = writeln!(out, "table (columns from total {}):", g.first_column);
        for row in &g.rows {
            let cells: Vec<String> = row.results.iter().map(|x| label(x)).collect();
            let _ = writeln!(out, "  {}: {}", row.label, cells.join(" | "));
        }
    }
    if let Some(a) = &p.amount {
        let unit = a.unit.clone().unwrap_or_else(|| r.unit().to_string());
        let _ = writeln!(out, "result: the total, in {unit}");
        for h in &a.halve {
            let _ = writeln!(out, "  halved when {}", h.label);
        }
    }
    for res in &p.results {
        let parts = crate::present::card::result_parts(r, p, res);
        if !parts.is_empty() {
            let _ = writeln!(out, "  {}: {}", res.label, parts.join("; "));
        }
    }
    let any = crate::present::card::any_result_parts(r, p);
    if !any.is_empty() {
        let _ = writeln!(
            out,
            "  {}: {}",
            crate::present::card::ANY_RESULT,
            any.join("; ")
        );
    }
    let rules = r.requirements(p);
    if !rules.is_empty() {
        let _ = writeln!(out, "rules of eligibility:");
        for rule in rules {
            let _ = writeln!(out, "  {}", words::requirement(rule));
        }
    }
    let factors = r.chain_factors(p);
    if !factors.is_empty() {
        let _ = writeln!(out, "factors (FACTOR words after the procedure):");
        for name in factors {
            if let Some(f) = r.factor(&name) {
                let _ = writeln!(out, "  {}", words::factor_help(r, f));
                if let Some(n) = &f.note {
                    let _ = writeln!(out, "      note: {n}");
                }
                if f.kind == FactorKind::Choice {
                    for v in f.values.iter().filter(|v| v.note().is_some()) {
                        let _ =
                            writeln!(out, "      {}: {}", v.name(), v.note().unwrap_or_default());
                    }
                }
            }
        }
    }
    if !p.notes.is_empty() {
        let _ = writeln!(out, "notes:");
        for n in &p.notes {
            let _ = writeln!(out, "  - {n}");
        }
    }
    out
}
