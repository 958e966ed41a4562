//! `umpire roll`: resolve a procedure and its chain from typed words, explain each step, and
//! the help of `roll` and `odds` with the procedure's factors from the tables.

use super::{Cli, Report, fresh_seed, rules_flag, write_json};
use crate::engine::dice::{Asker, DiceSource, parse_faces};
use crate::engine::resolve::Step;
use crate::error::{Error, Result};
use crate::model::Ruleset;
use crate::present::explain;
use crate::rules::catalog::Catalog;
use clap::CommandFactory;
use serde_json::json;

/// The help of `roll` or `odds`: clap's own, then the procedures of the ruleset in use, or what
/// the procedure named takes.
///
/// Help never fails for the tables' sake: without a catalog (a broken `--tables`, config or
/// table file) it is clap's help alone.
pub(super) fn procedure_help(
    cli: &Cli,
    catalog: Option<&Catalog>,
    name: &str,
    procedure: Option<&str>,
    out: &mut Vec<u8>,
) -> Result<()> {
    let ruleset = catalog.and_then(|c| c.ruleset(cli.rules()).ok());
    // The ruleset's role options belong in the help; a table that breaks them only loses them.
    let mut cmd = match &ruleset {
        Some(r) => super::parse::with_roles(Cli::command(), r).unwrap_or_else(|_| Cli::command()),
        None => Cli::command(),
    };
    let after = ruleset.map(
        |ruleset| match procedure.and_then(|p| ruleset.procedure(p)) {
            Some(p) => crate::present::describe::procedure(&ruleset, p),
            None => {
                let names: Vec<&str> = ruleset
                    .model
                    .procedures
                    .iter()
                    .map(|p| p.name.as_str())
                    .collect();
                format!(
                    "Procedures of {}: {}",
                    ruleset.model.title,
                    names.join(", ")
                )
            }
        },
    );
    cmd.build();
    let sub = cmd
        .find_subcommand_mut(name)
        .ok_or_else(|| Error::failure(format!("no `{name}` command")))?;
    let mut sub = std::mem::take(sub).bin_name(format!("umpire {name}"));
    if let Some(text) = after {
        sub = sub.after_help(text);
    }
    out.extend_from_slice(sub.render_long_help().to_string().as_bytes());
    Ok(())
}

/// Where a roll's faces come from: those entered with `--dice`, then the umpire's when dice are
/// thrown at the table, then the generator seeded with `--seed` (or a fresh seed).
pub(super) fn dice_source(cli: &Cli, dice: &[String]) -> Result<(DiceSource, u64)> {
    let seed = cli.seed.unwrap_or_else(fresh_seed);
    let ask = if cli.ask_faces {
        Some(super::faces::face_asker(cli.chances.clone())?)
    } else {
        None
    };
    Ok((dice_source_with(dice, seed, ask)?, seed))
}

/// The same with the seed and the asker given: a roll made twice (asked, then written under
/// the game's lock) throws the same.
pub(super) fn dice_source_with(
    dice: &[String],
    seed: u64,
    ask: Option<Asker>,
) -> Result<DiceSource> {
    let entered = dice
        .iter()
        .map(|d| parse_faces_of("--dice", d))
        .collect::<Result<Vec<_>>>()?;
    let source = DiceSource::new(seed, entered);
    Ok(match ask {
        Some(ask) => source.asking(ask),
        None => source,
    })
}

/// Faces typed after `flag` (`--dice`, `--given`), a refusal naming the option and the text.
pub(super) fn parse_faces_of(flag: &str, text: &str) -> Result<Vec<i64>> {
    parse_faces(text).map_err(|e| Error {
        message: format!("{flag} {text}: {}", e.message),
        hint: e.hint.map(|h| h.replace("e.g. ", &format!("e.g. {flag} "))),
        ..e
    })
}

/// The `--dice` entries left over, as typed: the last ones, that a chain turned out not to
/// need (thrown at the table before the miss that ended it).
pub(super) fn unused_dice(source: &DiceSource) -> Vec<String> {
    source
        .unused()
        .iter()
        .map(|faces| {
            faces
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect()
}

/// The line that says which `--dice` were not needed, when any were.
fn unused_line(unused: &[String], used: usize) -> Option<String> {
    (!unused.is_empty()).then(|| {
        let shown: Vec<String> = unused.iter().map(|d| format!("--dice {d}")).collect();
        format!(
            "not needed: {} (the chain made {used} roll{} and needed no more)\n",
            shown.join(", "),
            if used == 1 { "" } else { "s" }
        )
    })
}

/// Faces entered for a roll that was never made are a mistake worth saying.
pub(super) fn all_dice_used(source: &DiceSource, given: usize) -> Result<()> {
    let Some(shown) = unused_dice(source).into_iter().next() else {
        return Ok(());
    };
    Err(Error::usage(format!(
        "--dice {shown} was not used: the chain made {} roll(s) and needed no more",
        given - source.unused().len()
    ))
    .with_hint("give one --dice per roll actually made, in order"))
}

pub(super) fn count_throws(s: &Step, entered: &mut usize, rolled: &mut usize) {
    for t in &s.throws {
        if t.dice.is_some() {
            if t.entered {
                *entered += 1;
            } else {
                *rolled += 1;
            }
        }
    }
    for n in &s.next {
        count_throws(n, entered, rolled);
    }
}

pub(super) fn roll(
    cli: &Cli,
    ruleset: &Ruleset,
    procedure: &str,
    how: &RollHow<'_>,
    out: &mut Vec<u8>,
    report: &mut Report,
) -> Result<()> {
    let p = ruleset.procedure_or_err(procedure)?;
    let rolled = resolve_steps(cli, ruleset, p, how.factors, how.dice, how.times)?;
    print_roll(cli, ruleset, p, &rolled, &Extra::default(), out, report)
}

/// How a figure-aware roll was asked for.
pub(super) struct RollHow<'a> {
    pub(super) factors: &'a [String],
    pub(super) dice: &'a [String],
    pub(super) times: u32,
    pub(super) dry_run: bool,
    /// More figures the roll falls on (`--also`).
    pub(super) also: &'a [String],
    pub(super) line: String,
}

/// A resolved roll: the chain of steps of each resolution, and where the dice came from.
pub(super) struct Rolled {
    pub(super) steps: Vec<Step>,
    pub(super) seed: u64,
    pub(super) entered: usize,
    pub(super) rolled: usize,
    /// `--dice` entries the chain did not need (a hit roll after a miss), as typed.
    pub(super) unused: Vec<String>,
}

/// What a figure-aware roll adds to the output: where the roster's words came from, and
/// what landed on the figures.
#[derive(Default)]
pub(super) struct Extra {
    pub(super) before: Vec<String>,
    pub(super) after: Vec<String>,
    pub(super) json: Option<serde_json::Value>,
}

pub(super) fn resolve_steps(
    cli: &Cli,
    ruleset: &Ruleset,
    p: &crate::model::ProcedureDef,
    words: &[String],
    dice: &[String],
    times: u32,
) -> Result<Rolled> {
    let plan = super::odds::planned(ruleset, p, words)?;
    let (mut source, seed) = dice_source(cli, dice)?;
    let mut steps = Vec::new();
    for _ in 0..times {
        steps.push(plan.resolve(&mut source, None)?);
    }
    let (mut n_entered, mut n_rolled) = (0, 0);
    steps
        .iter()
        .for_each(|s| count_throws(s, &mut n_entered, &mut n_rolled));
    // One chain's leftover faces are the later rolls a result cut short; over `--times`,
    // where nothing was thrown at all, or for a roll with no later rolls, a mistake.
    let unused = if times == 1 && n_entered > 0 && !ruleset.next_procedures(p).is_empty() {
        unused_dice(&source)
    } else {
        all_dice_used(&source, dice.len())?;
        Vec::new()
    };
    Ok(Rolled {
        steps,
        seed,
        entered: n_entered,
        rolled: n_rolled,
        unused,
    })
}

/// The checks a resolved chain says must follow, each as the words of its `roll` command.
pub(super) fn must_follow(step: &Step) -> Vec<Vec<String>> {
    explain::follow_ups(step)
        .into_iter()
        .map(|f| {
            let mut words = vec!["roll".to_string(), f.procedure.clone()];
            words.extend(f.args.iter().cloned());
            words
        })
        .collect()
}

pub(super) fn print_roll(
    cli: &Cli,
    ruleset: &Ruleset,
    p: &crate::model::ProcedureDef,
    rolled: &Rolled,
    extra: &Extra,
    out: &mut Vec<u8>,
    report: &mut Report,
) -> Result<()> {
    let (steps, seed, n_entered, n_rolled) =
        (&rolled.steps, rolled.seed, rolled.entered, rolled.rolled);
    let times = u32::try_from(steps.len()).unwrap_or(u32::MAX);
    // One roll's checks are offered next; a series of rolls (`--times`) offers none.
    report.must_follow = match steps.as_slice() {
        [one] if times == 1 => must_follow(one),
        _ => Vec::new(),
    };
    // The printed follow-up must run against the same tables.
    let rules_flag = rules_flag(cli);
    let mut tally: Vec<(String, u32)> = Vec::new();
    for s in steps {
        let o = s.outcome();
        match tally.iter_mut().find(|(l, _)| *l == o) {
            Some((_, n)) => *n += 1,
            None => tally.push((o, 1)),
        }
    }
    if cli.json {
        let follow: Vec<_> = steps
            .iter()
            .map(|s| {
                explain::follow_ups(s)
                    .into_iter()
                    .cloned()
                    .collect::<Vec<_>>()
            })
            .collect();
        let mut value = json!({
            "ruleset": ruleset.name(),
            "procedure": p.name,
            "seed": seed,
            "dice_entered": n_entered,
            "dice_rolled": n_rolled,
            "dice_unused": rolled.unused,
            "resolutions": steps.iter().zip(follow).map(|(s, f)| json!({
                "outcome": s.outcome(),
                "outcome_parts": outcome_parts(s),
                "step": s,
                "follow_ups": f,
            })).collect::<Vec<_>>(),
            "summary": tally.iter().map(|(l, n)| json!({"outcome": l, "count": n})).collect::<Vec<_>>(),
        });
        if let (Some(serde_json::Value::Object(more)), serde_json::Value::Object(v)) =
            (&extra.json, &mut value)
        {
            v.extend(more.clone());
        }
        return write_json(out, value);
    }
    let mut text = String::new();
    for line in &extra.before {
        text.push_str(line);
        text.push('\n');
    }
    if times == 1 {
        if let Some(s) = steps.first() {
            text.push_str(&explain::roll(ruleset, s, &rules_flag));
        }
    } else {
        use std::fmt::Write as _;
        for (i, s) in steps.iter().enumerate() {
            let faces: Vec<String> = flatten_faces(s);
            let _ = writeln!(
                text,
                "{:>4}. {}   [{}]",
                i + 1,
                s.outcome(),
                faces.join("; ")
            );
        }
        let _ = writeln!(text, "summary of {times}:");
        let width = tally
            .iter()
            .map(|(l, _)| l.chars().count())
            .max()
            .unwrap_or(0);
        for (l, n) in &tally {
            let _ = writeln!(
                text,
                "  {l:<width$}  {n:>5}  {:>5.1}%",
                f64::from(*n) * 100.0 / f64::from(times)
            );
        }
        let amounts: Vec<i64> = steps.iter().filter_map(|s| s.decision.amount).collect();
        if amounts.len() == steps.len() {
            let total: i64 = amounts.iter().sum();
            let _ = writeln!(
                text,
                "  total {total}, average {:.2}",
                total as f64 / f64::from(times)
            );
        }
    }
    for line in &extra.after {
        text.push_str(line);
        text.push('\n');
    }
    text.push_str(&dice_line(n_entered, n_rolled, "", seed));
    if let Some(line) = unused_line(&rolled.unused, n_entered) {
        text.push_str(&line);
    }
    out.extend_from_slice(text.as_bytes());
    Ok(())
}

/// A chain's outcome (`Hit › Light wound`) as its parts, a step each in the order they were
/// resolved: the procedure, the result's name and label, and the loser of an opposed roll.
pub(super) fn outcome_parts(s: &Step) -> Vec<serde_json::Value> {
    let d = &s.decision;
    let mut parts = vec![json!({
        "procedure": s.procedure,
        "result": d.result,
        "label": d.label,
        "loser": d.loser,
    })];
    for n in &s.next {
        parts.extend(outcome_parts(n));
    }
    parts
}

/// `dice: 2 entered, 1 rolled (seed 7; replay with --seed 7)`, with `how` after the counts;
/// the seed only where the tool rolled something.
pub(super) fn dice_line(n_entered: usize, n_rolled: usize, how: &str, seed: u64) -> String {
    let replay = if n_rolled > 0 {
        format!(" (seed {seed}; replay with --seed {seed})")
    } else {
        String::new()
    };
    format!("dice: {n_entered} entered, {n_rolled} rolled{how}{replay}\n")
}

pub(super) fn flatten_faces(s: &Step) -> Vec<String> {
    let mut v: Vec<String> = s
        .throws
        .iter()
        .filter(|t| t.dice.is_some())
        .map(|t| {
            t.faces
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    for n in &s.next {
        v.extend(flatten_faces(n));
    }
    v
}
