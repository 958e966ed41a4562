//! The rolls a marker makes the figure carrying it roll at a moment of the turn: when a phase
//! ends (`phase-end`) or a turn starts (`turn-start`), how far the marker makes it move, say. With the tool's dice they are rolled at once, from the seeded generator, because
//! the umpire needs the distances to move the figures before play goes on and there is nothing
//! to decide; with dice thrown at the table they are owed, like a check, so that nothing waits
//! on a prompt while the game is locked and the players throw when they come to it
//! (`roll --next`).

use crate::engine::dice::DiceSource;
use crate::engine::plan::Plan;
use crate::engine::situation;
use crate::error::Result;
use crate::game::figures;
use crate::game::lookup::{game_def, marker_label};
use crate::game::pending;
use crate::game::roles::Figures;
use crate::game::said::Said;
use crate::game::spread;
use crate::game::state::{Check, Event, Game};
use crate::model::{MarkerDef, Ruleset};

/// A moment of the turn at which markers may make their figures roll.
#[derive(Debug, Clone, Copy)]
pub enum Moment {
    /// The end of the phase of this number.
    PhaseEnd(usize),
    /// The start of the turn of this number.
    TurnStart(u32),
}

impl Moment {
    /// The procedure `m` makes its figure roll at this moment, if any.
    fn procedure(self, m: &MarkerDef) -> Option<&String> {
        match self {
            Moment::PhaseEnd(_) => m.phase_end.as_ref(),
            Moment::TurnStart(_) => m.turn_start.as_ref(),
        }
    }

    /// What is said of the rolls, and owed checks are said to be caused by.
    fn cause(self) -> String {
        match self {
            Moment::PhaseEnd(n) => format!("end of phase {n}"),
            Moment::TurnStart(n) => format!("start of turn {n}"),
        }
    }
}

/// What `moment` does: a line for each figure that rolls a procedure for a marker it carries
/// (with `dice`), or owes it (without).
pub fn roll(
    game: &mut Game,
    ruleset: &Ruleset,
    moment: Moment,
    mut dice: Option<&mut DiceSource>,
    event: &mut Event,
) -> Result<Vec<String>> {
    let g = game_def(ruleset)?;
    let mut said = Vec::new();
    // Who rolls what, in the roster's order, the figures as they stand at that moment.
    let mut due = Vec::new();
    for f in game.figures.iter().filter(|f| f.state.is_none()) {
        for m in &f.markers {
            if let Some(p) = g
                .markers
                .iter()
                .find(|d| &d.name == m)
                .and_then(|d| moment.procedure(d).cloned())
            {
                due.push((f.code.clone(), m.clone(), p));
            }
        }
    }
    let cause = moment.cause();
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
                    at_once: false,
                    turn: game.turn.number,
                };
                let owes = pending::owe(game, check, true, event);
                said.push(
                    Said::AtMoment {
                        moment: cause.clone(),
                        said: owes,
                    }
                    .to_string(),
                );
                continue;
            }
        };
        let figs = Figures::acting(&code);
        let (words, _) = figures::roster_words(game, ruleset, p, &figs, &[])?;
        let input = situation::parse(ruleset, p, &words)?;
        let mut step = Plan::new(ruleset, p, &input)?.resolve(source, None)?;
        let faces: Vec<String> = step
            .throws
            .iter()
            .filter_map(|t| {
                let shown: Vec<String> = t.faces.iter().map(ToString::to_string).collect();
                t.dice.as_ref().map(|d| format!("{d}: {}", shown.join(" ")))
            })
            .collect();
        let rolled = Said::MarkerRoll {
            moment: cause.clone(),
            figure: code.clone(),
            marker: why.to_string(),
            procedure: p.name.clone(),
            outcome: step.outcome(),
            faces,
        };
        said.push(rolled.to_string());
        // Whatever else the procedure does lands as any roll's would.
        let then = game.clone();
        said.extend(spread::land(game, ruleset, &step, &figs, (source, event))?);
        said.extend(crate::game::aim::aim_follow_ups(
            &mut step,
            (&then, game),
            ruleset,
            &figs,
        ));
        let what = format!("{} ({code}): {}", p.name, step.outcome());
        said.extend(pending::queue_follow_ups(game, &step, &what, event));
    }
    Ok(said)
}
