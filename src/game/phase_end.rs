//! The end of a phase: every figure in play that carries a marker with a `phase-end` procedure
//! rolls it (how far the marker makes it move, say). With the tool's dice it is rolled at once,
//! from the seeded generator, because the umpire needs the distances to move the figures before
//! the next phase and there is nothing to decide; with dice thrown at the table it is owed, like
//! a check, so that nothing waits on a prompt while the game is locked and the players throw
//! when they come to it (`roll --next`).

use crate::engine::dice::DiceSource;
use crate::engine::plan::Plan;
use crate::engine::situation;
use crate::error::Result;
use crate::game::figures::{self, Figures};
use crate::game::pending::{self, Check};
use crate::game::roster::{game_def, marker_label};
use crate::game::state::{Event, Game};
use crate::model::Ruleset;

/// What ending `phase` of the game's turn does: a line for each figure that rolls a procedure
/// for a marker it carries (with `dice`), or owes it (without), and how many dice were rolled.
pub fn end(
    game: &mut Game,
    ruleset: &Ruleset,
    phase: usize,
    mut dice: Option<&mut DiceSource>,
    event: &mut Event,
) -> Result<(Vec<String>, usize)> {
    let g = game_def(ruleset)?;
    let mut said = Vec::new();
    let mut rolled = 0;
    // Who rolls what, in the roster's order, the figures as they stand when the phase ends.
    let mut due = Vec::new();
    for f in game.figures.iter().filter(|f| f.state.is_none()) {
        for m in &f.markers {
            if let Some(p) = g
                .markers
                .iter()
                .find(|d| &d.name == m)
                .and_then(|d| d.phase_end.clone())
            {
                due.push((f.code.clone(), m.clone(), p));
            }
        }
    }
    let cause = format!("end of phase {phase}");
    for (code, marker, procedure) in due {
        let p = ruleset.procedure_or_err(&procedure)?;
        let why = marker_label(g, &marker);
        let source = match dice.as_deref_mut() {
            Some(source) => source,
            None => {
                let check = Check {
                    procedure: p.name.clone(),
                    figure: code.clone(),
                    factors: Vec::new(),
                    note: Some(why.to_string()),
                    event: game.next_event_id(),
                    cause: cause.clone(),
                };
                said.push(format!(
                    "{cause}: {}",
                    pending::owe(game, check, true, event)
                ));
                continue;
            }
        };
        let figs = Figures::acting(&code);
        let (words, _) = figures::roster_words(game, ruleset, p, &figs, &[])?;
        let input = situation::parse(ruleset, p, &words)?;
        let mut step = Plan::new(ruleset, p, &input)?.resolve(source, None)?;
        rolled += step.throws.iter().filter(|t| t.dice.is_some()).count();
        let faces: Vec<String> = step
            .throws
            .iter()
            .filter_map(|t| {
                let shown: Vec<String> = t.faces.iter().map(ToString::to_string).collect();
                t.dice.as_ref().map(|d| format!("{d}: {}", shown.join(" ")))
            })
            .collect();
        said.push(format!(
            "{cause}: {code} ({why}) {}: {} [{}]",
            p.name,
            step.outcome(),
            faces.join("; ")
        ));
        // Whatever else the procedure does lands as any roll's would.
        let then = game.clone();
        said.extend(figures::land(game, ruleset, &step, &figs, (source, event))?);
        said.extend(crate::game::aim::aim_follow_ups(
            &mut step,
            (&then, game),
            ruleset,
            &figs,
        ));
        let what = format!("{} ({code}): {}", p.name, step.outcome());
        said.extend(pending::queue_follow_ups(game, &step, &what, event));
    }
    Ok((said, rolled))
}
