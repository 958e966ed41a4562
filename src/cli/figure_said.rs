//! What a roll with figures prints: the changes it made, the roster's words of one figure's
//! roll, and every pairing of a fight.

use crate::engine::fight;
use crate::engine::resolve::Step;
use crate::game::roles;
use serde_json::json;

use crate::error::Result;
use crate::game::state::{Change, Game};
use crate::model::Ruleset;
use crate::present::explain;

use super::owed::Which;
use super::roll::{Extra, dice_line, must_follow, outcome_parts};
use super::{Cli, Report, rules_flag, write_json};

/// The heading of what a roll did to the figures, or would have done in a dry run.
fn changes_head(dry_run: bool) -> &'static str {
    if dry_run {
        "would change (dry run, nothing written):"
    } else {
        "changes:"
    }
}

/// What a roll did to the figures (or would have, in a dry run), a line each, or `none`.
pub(super) fn changes_block<S: AsRef<str>>(dry_run: bool, changes: &[S]) -> String {
    let head = changes_head(dry_run);
    if changes.is_empty() {
        return format!("{head} none\n");
    }
    let mut text = format!("{head}\n");
    for c in changes {
        text.push_str(&format!("  {}\n", c.as_ref()));
    }
    text
}

/// What a figure's roll adds to what `roll` prints: the check it makes (`roll --next`), the
/// roster's lines, and what it changed, as sentences and as the game's log keeps them.
pub(super) fn roster_extra(
    game: &Game,
    (which, owed): (&Which<'_>, Option<usize>),
    (lines, landed): (&[String], &[String]),
    (dry_run, state_changes): (bool, &[Change]),
) -> Extra {
    let head = changes_head(dry_run);
    let mut extra = Extra::default();
    // `roll --next` says first which check it makes.
    if let (Which::Owed { .. }, Some(at)) = (which, owed)
        && let Some(check) = game.pending.get(at)
    {
        extra.before.push(format!(
            "check {} of {} owed: {}",
            at + 1,
            game.pending.len(),
            check.described()
        ));
    }
    extra.before.push("from the roster:".into());
    extra.before.extend(lines.iter().map(|l| format!("  {l}")));
    if landed.is_empty() {
        extra.after.push(format!("{head} none"));
    } else {
        extra.after.push(head.into());
        extra.after.extend(landed.iter().map(|l| format!("  {l}")));
    }
    // The changes as sentences, and as the game's log keeps them.
    extra.json = Some(json!({
        "roster": lines,
        "changes": landed,
        "dry_run": dry_run,
        "state_changes": state_changes,
        "facts": crate::game::facts::of(state_changes),
    }));
    if let (Some(serde_json::Value::Object(more)), Some(at)) = (&mut extra.json, owed) {
        more.insert("check".into(), json!(game.pending.get(at)));
    }
    extra
}

/// What a fight of several pairings prints: each pairing's roster, roll and changes, what
/// befell the lone figure, and the dice; or all of it as JSON.
pub(super) fn print_pairings(
    cli: &Cli,
    ruleset: &Ruleset,
    (fought, lone_end): (&[Fought], Option<&LoneEnd>),
    (seed, n_entered, n_rolled): (u64, usize, usize),
    (dry_run, state_changes): (bool, &[Change]),
    out: &mut Vec<u8>,
    report: &mut Report,
) -> Result<()> {
    let n = fought.len();
    let head = changes_head(dry_run);
    // Every pairing's checks are owed, not only the first's.
    report.must_follow = fought.iter().flat_map(|(s, ..)| must_follow(s)).collect();
    if cli.json {
        let value = json!({
            "ruleset": ruleset.name(),
            "seed": seed,
            "dice_entered": n_entered,
            "dice_rolled": n_rolled,
            "dry_run": dry_run,
            "pairings": fought.iter().map(|(step, lines, landed, figs)| json!({
                "figures": figs.sides,
                "roster": lines,
                "outcome": step.outcome(),
                "outcome_parts": outcome_parts(step),
                "step": step,
                "follow_ups": explain::follow_ups(step),
                "changes": landed,
            })).collect::<Vec<_>>(),
            "lone": lone_end.map(|end| json!({
                "figure": end.figure,
                "against": end.against,
                "worst": end.worst.as_ref().map(|(label, w)| json!({
                    "result": w.result,
                    "label": label,
                    "together": w.together,
                })),
                "changes": end.changes,
            })),
            "state_changes": state_changes,
            "facts": crate::game::facts::of(state_changes),
        });
        return write_json(out, value);
    }
    let mut text = String::new();
    for (i, (step, lines, landed, figs)) in fought.iter().enumerate() {
        let who: Vec<String> = figs.sides.iter().map(|(s, f)| format!("{s} {f}")).collect();
        text.push_str(&format!(
            "pairing {} of {n}: {}\n",
            i + 1,
            who.join(" against ")
        ));
        text.push_str("from the roster:\n");
        for l in lines {
            text.push_str(&format!("  {l}\n"));
        }
        text.push_str(&explain::roll(ruleset, step, &rules_flag(cli)));
        if landed.is_empty() {
            text.push_str(&format!("{head} none\n"));
        } else {
            text.push_str(&format!("{head}\n"));
            for l in landed {
                text.push_str(&format!("  {l}\n"));
            }
        }
        text.push('\n');
    }
    if let Some(end) = lone_end {
        let worst = end.worst.as_ref().map(|(label, w)| (label.as_str(), w));
        text.push_str(&crate::present::whole::lone_end(
            &end.figure,
            end.against,
            worst,
        ));
        for l in &end.changes {
            text.push_str(&format!("  {l}\n"));
        }
    }
    let shared = if lone_end.is_some_and(|e| e.shared) {
        format!(", the lone figure's throw shared by the {n} pairings")
    } else {
        String::new()
    };
    text.push_str(&dice_line(n_entered, n_rolled, &shared, seed));
    out.extend_from_slice(text.as_bytes());
    Ok(())
}

/// What befell the lone figure of several against one, once every pairing landed.
pub(super) struct LoneEnd {
    pub(super) figure: String,
    /// How many it fought.
    pub(super) against: usize,
    /// Its worst result, with that result's label; none when no pairing gave it one.
    pub(super) worst: Option<(String, fight::Worst)>,
    /// The checks it owed that its end took away.
    pub(super) changes: Vec<String>,
    /// Whether its one throw served every pairing.
    pub(super) shared: bool,
}

/// Each pairing: its step, the roster's lines, what it landed, and its figures.
pub(super) type Fought = (Step, Vec<String>, Vec<String>, roles::Figures);
