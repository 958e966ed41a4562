//! Plain-text explanations: a resolved chain, the odds of a chain, and what a procedure takes.

use std::fmt::Write as _;

use crate::engine::fraction::Fraction;
use crate::engine::modifiers::ModLine;
use crate::engine::plan::Plan;
use crate::engine::record::SideRecord;
use crate::engine::resolve::Step;
use crate::model::FactorKind;
use crate::model::Ruleset;
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
    for f in &s.further {
        let _ = writeln!(out, "{pad}{who}{}", words::further(f));
    }
    for sum in &s.sums {
        let _ = writeln!(out, "{pad}{who}{}", words::summed(sum));
        // Only what adds to the sum: its other items are on the card.
        let adding: Vec<ModLine> = sum
            .lines
            .iter()
            .filter(|l| l.applied && l.value != 0)
            .cloned()
            .collect();
        modifier_lines(out, pad, &adding);
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
    if let Some(f) = &s.fallback {
        fallback_lines(ruleset, out, &pad, f, &whose);
    }
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
            // No dice: the side's header already says the total it has.
            if let Some(d) = &t.dice {
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
        }
        if !side.modifiers.is_empty() {
            modifier_lines(out, &format!("{pad}  "), &side.modifiers);
        }
        let total = s.decision.totals.get(i).copied().unwrap_or(0);
        let natural = total - side.net;
        let thrown = throws.iter().any(|t| t.dice.is_some());
        if !thrown && side.modifiers.is_empty() {
            // A fixed total nothing modifies: nothing to add up.
        } else if !words::natural(&s.decision) || s.sides.len() > 1 {
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
    for r in &s.rerolls {
        let _ = writeln!(out, "{pad}  re-roll: {}", words::reroll(r));
    }
    // Too many throws to count (5d100) leave the chance out rather than the roll.
    match &s.chance {
        Some(p) => {
            let _ = writeln!(
                out,
                "{pad}  => {}   chance {}",
                words::decision(&s.decision),
                chance(p.clone())
            );
        }
        None => {
            let _ = writeln!(out, "{pad}  => {}", words::decision(&s.decision));
        }
    }
    if let Some(l) = &s.lands_as {
        let _ = writeln!(out, "{pad}     {}", words::lands_as(l));
    }
    if let Some(n) = &s.note {
        let _ = writeln!(out, "{pad}     {n}");
    }
    for n in &s.next {
        step(ruleset, n, depth + 1, out);
    }
}

/// The procedure asked for, whose check the modifiers made impossible: its dice and
/// modifiers, and why the roll was made as another (`whose` follows its title, as a step's).
fn fallback_lines(
    ruleset: &Ruleset,
    out: &mut String,
    pad: &str,
    f: &crate::engine::record::Fallback,
    whose: &str,
) {
    let _ = writeln!(out, "{pad}{} — {}{whose}", f.procedure, f.title);
    side_header(ruleset, out, &format!("{pad}  "), &f.side);
    modifier_lines(out, &format!("{pad}  "), &f.side.modifiers);
    let _ = writeln!(out, "{pad}    net modifier {}", signed(f.side.net));
    let _ = writeln!(out, "{pad}  => {}", words::fallback(f));
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
        let _ = writeln!(
            out,
            "must follow: umpire{rules_flag} roll {}{}",
            f.procedure,
            command_tail(f)
        );
    }
    for f in &s.may_follow {
        let _ = writeln!(
            out,
            "may follow: umpire{rules_flag} roll {}{}",
            f.procedure,
            command_tail(f)
        );
    }
    out
}

/// A follow-up's words after its procedure, and its note: ` WORDS   (NOTE)`.
fn command_tail(f: &crate::engine::resolve::FollowUp) -> String {
    let args = if f.args.is_empty() {
        String::new()
    } else {
        format!(" {}", f.args.join(" "))
    };
    let note = f
        .note
        .as_ref()
        .map(|n| format!("   ({n})"))
        .unwrap_or_default();
    format!("{args}{note}")
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
            bar(p.clone(), 30)
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
            sums: side.sums.clone(),
            further: side.further.clone(),
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
    for (r, _) in &plan.rerolls {
        let rule = words::reroll_rule(ruleset, plan.procedure, r, false);
        let _ = writeln!(out, "{pad}re-roll: {rule}");
    }
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
    match &plan.fallback {
        // What was asked for, and why it is rolled as another procedure, before that one.
        Some(f) => {
            let _ = writeln!(
                out,
                "{} — {} ({})",
                f.procedure, f.title, ruleset.model.title
            );
            let side = SideRecord {
                factors: Vec::new(),
                ..f.side.clone()
            };
            side_header(ruleset, &mut out, "  ", &side);
            modifier_lines(&mut out, "  ", &side.modifiers);
            let _ = writeln!(out, "    net modifier {}", signed(side.net));
            let _ = writeln!(out, "  {}", words::fallback(f));
            let _ = writeln!(out, "{} — {}", plan.procedure.name, plan.procedure.title);
        }
        None => {
            let _ = writeln!(
                out,
                "{} — {} ({})",
                plan.procedure.name, plan.procedure.title, ruleset.model.title
            );
        }
    }
    plan_summary(ruleset, plan, &mut out, "  ");
    distribution(&mut out, "    ", &first_rows(plan)?);
    scores(plan, &mut out)?;
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

/// The odds of a chain from where the table stands: the step asked for, the faces given and
/// what they gave, then every final outcome from there.
pub fn given_odds(
    ruleset: &Ruleset,
    plan: &Plan<'_>,
    thrown: &[crate::engine::given::Thrown],
    finals: &[(String, Fraction)],
) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} — {} ({})",
        plan.procedure.name, plan.procedure.title, ruleset.model.title
    );
    plan_summary(ruleset, plan, &mut out, "  ");
    for t in thrown {
        let _ = writeln!(out, "  {}", words::thrown(t));
    }
    let _ = writeln!(out, "chances from here:");
    distribution(&mut out, "  ", finals);
    if let Some(mean) = mean(finals) {
        let _ = writeln!(out, "average: {mean:.2}");
    }
    out
}

/// For compared amounts: what each side scores, with its chance and its average.
fn scores(plan: &Plan<'_>, out: &mut String) -> crate::error::Result<()> {
    let crate::engine::plan::Reading::Amounts { unit, .. } = &plan.reading else {
        return Ok(());
    };
    for (side, list) in plan.sides.iter().zip(plan.side_amounts()?) {
        let rows: Vec<(String, Fraction)> = list
            .iter()
            .map(|(v, p)| (crate::words::quantity(*v, unit), p.clone()))
            .collect();
        let average = mean(&rows)
            .map(|m| format!(" (average {m:.2})"))
            .unwrap_or_default();
        let who = side.side.as_deref().unwrap_or_default();
        let _ = writeln!(out, "  {who} scores{average}:");
        distribution(out, "    ", &rows);
    }
    Ok(())
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
