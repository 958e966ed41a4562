//! What a charge did, as the log's line, the text the umpire reads and `--json`.

use serde_json::json;

use crate::engine::resolve::Step;
use crate::error::Result;
use crate::game::charge::{Charge, Group};
use crate::model::Ruleset;

use super::super::figure::who;
use super::super::figure_said::changes_block;
use super::super::figure_said::{Fought, LoneEnd};
use super::super::roll::{count_throws, dice_line};
use super::super::unit_roll::{Done, figures_word};
use super::super::{Cli, write_json};

/// A figure of the charged unit reacting: its check, and its shot if it fired.
pub(super) struct Reaction {
    pub(super) check: Done,
    pub(super) shot: Option<Done>,
    /// Why a figure that passed did not fire (a marker that blocks it).
    pub(super) held: Option<String>,
}

/// One fight of the charge, as fought.
pub(super) struct Fray {
    pub(super) group: Group,
    pub(super) pairings: Vec<Fought>,
    /// With several against one, the lone figure's worst result.
    pub(super) lone_end: Option<LoneEnd>,
}

/// Everything the charge did, to be printed and logged.
#[derive(Default)]
pub(super) struct Said {
    pub(super) start: Vec<String>,
    pub(super) before: Vec<(String, Vec<(Done, bool)>)>,
    pub(super) react: Option<String>,
    pub(super) reactions: Vec<Reaction>,
    /// The checks the reaction's fire called for at once on chargers, made before the melee.
    pub(super) tested: Vec<Done>,
    pub(super) frays: Vec<Fray>,
    /// Figures with no one to fight, and why.
    pub(super) idle: Vec<(String, String)>,
    /// The lone figures' throws counted more than once by their pairings' steps: entered,
    /// rolled.
    pub(super) shared: (usize, usize),
    pub(super) changes: Vec<String>,
    /// What the whole charge changed, as facts.
    pub(super) facts: Vec<crate::game::facts::Fact>,
}

/// Every step of the charge, in the order rolled.
pub(super) fn steps(said: &Said) -> impl Iterator<Item = &Step> {
    let before = said
        .before
        .iter()
        .flat_map(|(_, r)| r.iter().map(|(d, _)| &d.step));
    let reactions = said
        .reactions
        .iter()
        .flat_map(|r| std::iter::once(&r.check.step).chain(r.shot.as_ref().map(|s| &s.step)));
    let tested = said.tested.iter().map(|d| &d.step);
    let fights = said
        .frays
        .iter()
        .flat_map(|f| f.pairings.iter().map(|p| &p.0));
    before.chain(reactions).chain(tested).chain(fights)
}

/// The throws entered and rolled, the lone figures' shared throws counted once.
pub(super) fn thrown(said: &Said) -> (usize, usize) {
    let (mut entered, mut rolled) = (0, 0);
    for s in steps(said) {
        count_throws(s, &mut entered, &mut rolled);
    }
    (
        entered.saturating_sub(said.shared.0),
        rolled.saturating_sub(said.shared.1),
    )
}

/// The log's line: who charged whom, each roll's figure and outcome.
pub(super) fn summary(c: &Charge<'_>, said: &Said) -> String {
    let mut parts = Vec::new();
    for (label, rolls) in &said.before {
        let each: Vec<String> = rolls
            .iter()
            .map(|(d, _)| format!("{} {}", who(&d.figures), d.step.outcome()))
            .collect();
        parts.push(format!("{label}: {}", each.join(", ")));
    }
    if !said.reactions.is_empty() {
        let each: Vec<String> = said
            .reactions
            .iter()
            .map(|r| {
                let mut s = format!("{} {}", who(&r.check.figures), r.check.step.outcome());
                if let Some(shot) = &r.shot {
                    s.push_str(&format!(
                        ", fires at {}: {}",
                        shot.figures.acted_upon.as_deref().unwrap_or("?"),
                        shot.step.outcome()
                    ));
                }
                s
            })
            .collect();
        parts.push(format!("reaction: {}", each.join(", ")));
    }
    if !said.tested.is_empty() {
        let each: Vec<String> = said
            .tested
            .iter()
            .map(|d| format!("{} {}", who(&d.figures), d.step.outcome()))
            .collect();
        parts.push(format!("at once: {}", each.join(", ")));
    }
    for f in &said.frays {
        let each: Vec<String> = f
            .pairings
            .iter()
            .map(|(step, _, _, figs)| format!("{} {}", who(figs), step.outcome()))
            .collect();
        parts.push(each.join(", "));
    }
    format!("charge ({} at {}): {}", c.unit, c.target, parts.join("; "))
}

/// Whether the figure fought in the charge.
fn fights(said: &Said, code: Option<&str>) -> bool {
    said.frays.iter().any(|f| {
        std::iter::once(&f.group.lone)
            .chain(&f.group.others)
            .any(|c| Some(c.as_str()) == code)
    })
}

/// What the charge did, printed: as `--json`, else as the text the umpire reads.
pub(super) fn print(
    cli: &Cli,
    ruleset: &Ruleset,
    c: &Charge<'_>,
    said: &Said,
    (seed, entered, rolled): (u64, usize, usize),
    dry_run: bool,
    out: &mut Vec<u8>,
) -> Result<()> {
    let idle = &said.idle;
    if cli.json {
        return write_json(
            out,
            as_json(ruleset, c, said, (seed, entered, rolled), dry_run),
        );
    }
    let brief = crate::present::brief::brief;
    let mut t = format!(
        "{} charges {}: {} against {}\n",
        c.unit,
        c.target,
        figures_word(c.chargers.len()),
        c.defenders.len()
    );
    for l in &said.start {
        t.push_str(&format!("  {l}\n"));
    }
    before_text(&mut t, said);
    reaction_text(&mut t, c, said);
    if !said.tested.is_empty() {
        t.push_str("tested at once, before the melee:\n");
        for d in &said.tested {
            let p = &d.step.procedure;
            t.push_str(&format!("  {}: {p} {}\n", who(&d.figures), brief(&d.step)));
        }
    }
    fights_text(&mut t, c, said);
    for (f, why) in idle {
        t.push_str(&format!("  {f}: {why}\n"));
    }
    t.push_str(&changes_block(dry_run, &landed(said)));
    t.push_str(&dice_line(entered, rolled, "", seed));
    out.extend_from_slice(t.as_bytes());
    Ok(())
}

/// What the charge did, as `--json`.
fn as_json(
    ruleset: &Ruleset,
    c: &Charge<'_>,
    said: &Said,
    (seed, entered, rolled): (u64, usize, usize),
    dry_run: bool,
) -> serde_json::Value {
    let idle = &said.idle;
    let done = |d: &Done| {
        json!({
            "figure": d.figures.acting,
            "target": d.figures.acted_upon,
            "outcome": d.step.outcome(),
            "step": d.step,
            "changes": d.changes,
        })
    };
    json!({
        "ruleset": ruleset.name(),
        "unit": c.unit,
        "target": c.target,
        "started": said.start,
        "before": said.before.iter().map(|(label, rolls)| json!({
            "why": label,
            "rolls": rolls.iter().map(|(d, out_of_it)| {
                let mut v = done(d);
                v["out_of_the_charge"] = json!(out_of_it);
                v
            }).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "reaction": said.react,
        "reactions": said.reactions.iter().map(|r| json!({
            "check": done(&r.check),
            "shot": r.shot.as_ref().map(done),
            "held": r.held,
        })).collect::<Vec<_>>(),
        "tested": said.tested.iter().map(done).collect::<Vec<_>>(),
        "fights": said.frays.iter().map(|f| json!({
            "lone": f.group.lone,
            "worst": f.lone_end.as_ref().and_then(|e| e.worst.as_ref()).map(|(label, w)| json!({
                "result": w.result, "label": label, "together": w.together,
            })),
            "against": f.group.others,
            "pairings": f.pairings.iter().map(|(step, lines, landed, figs)| json!({
                "figures": figs.sides,
                "roster": lines,
                "outcome": step.outcome(),
                "step": step,
                "changes": landed,
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "idle": idle.iter().map(|(f, why)| json!({"figure": f, "why": why})).collect::<Vec<_>>(),
        "changes": said.changes,
        "facts": said.facts,
        "seed": seed,
        "dice_entered": entered,
        "dice_rolled": rolled,
        "dry_run": dry_run,
    })
}

/// The checks before the charge, as the umpire reads them: each charger's result, and whether
/// it keeps the charger out.
fn before_text(t: &mut String, said: &Said) {
    let brief = crate::present::brief::brief;
    for (label, rolls) in &said.before {
        let p = rolls.first().map_or("", |(d, _)| d.step.procedure.as_str());
        t.push_str(&format!("before the charge, {p}: {label}\n"));
        for (d, out_of_it) in rolls {
            let stays = if *out_of_it {
                ": out of the charge"
            } else {
                ""
            };
            t.push_str(&format!(
                "  {}: {}{stays}\n",
                who(&d.figures),
                brief(&d.step)
            ));
        }
    }
}

/// The charged unit's reaction, as the umpire reads it: each figure's check, and its fire or
/// why it held it.
fn reaction_text(t: &mut String, c: &Charge<'_>, said: &Said) {
    let brief = crate::present::brief::brief;
    if let Some(r) = &said.react {
        t.push_str(&format!("{r}\n"));
        let flags = c.def.reaction.as_ref();
        for r in &said.reactions {
            let mut l = format!("  {}: {}", who(&r.check.figures), brief(&r.check.step));
            match (&r.shot, &r.held) {
                (Some(s), _) => l.push_str(&format!(
                    "; fires at {}: {}{}",
                    s.figures.acted_upon.as_deref().unwrap_or("?"),
                    brief(&s.step),
                    flags
                        .and_then(|f| f.fired.as_deref())
                        .filter(|_| fights(said, s.figures.acting.as_deref()))
                        .map(|f| format!(" (then fights with {f})"))
                        .unwrap_or_default()
                )),
                (None, Some(why)) => l.push_str(&format!("; does not fire: {why}")),
                (None, None) => {}
            }
            t.push_str(&l);
            t.push('\n');
        }
    }
}

/// The fights' first round, as the umpire reads it: each pairing's result and the standings
/// it leaves, and a lone figure's end.
fn fights_text(t: &mut String, c: &Charge<'_>, said: &Said) {
    let brief = crate::present::brief::brief;
    if said.frays.is_empty() {
        t.push_str("no fight: no charger reached the enemy\n");
    } else {
        t.push_str(&format!("{}, first round:\n", c.fight.name));
    }
    for f in &said.frays {
        t.push_str(&format!(
            "  {} against {}:\n",
            f.group.lone,
            f.group.others.join(", ")
        ));
        for (step, _, _, figs) in &f.pairings {
            t.push_str(&format!("    {}: {}\n", who(figs), brief(step)));
            for side in &step.sides {
                for st in side
                    .standings
                    .iter()
                    .filter_map(crate::present::words::standing)
                {
                    let s = side.side.as_deref().unwrap_or_default();
                    t.push_str(&format!("      {s}: {st}\n"));
                }
            }
        }
        if let Some(end) = &f.lone_end {
            let worst = end.worst.as_ref().map(|(label, w)| (label.as_str(), w));
            let line = crate::present::whole::lone_end(&end.figure, end.against, worst);
            t.push_str(&format!("    {line}"));
        }
    }
}

/// Every change the charge made, in the order made: each roll's, then the charge's own.
fn landed(said: &Said) -> Vec<&String> {
    said.before
        .iter()
        .flat_map(|(_, r)| r.iter().flat_map(|(d, _)| &d.changes))
        .chain(said.reactions.iter().flat_map(|r| {
            r.check
                .changes
                .iter()
                .chain(r.shot.iter().flat_map(|s| &s.changes))
        }))
        .chain(said.tested.iter().flat_map(|d| &d.changes))
        .chain(
            said.frays
                .iter()
                .flat_map(|f| f.pairings.iter().flat_map(|p| &p.2)),
        )
        .chain(&said.changes)
        .collect()
}
