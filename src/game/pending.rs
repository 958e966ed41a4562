//! The checks a game owes: every check the tables make mandatory after a roll's results, kept
//! on the figure that must make it until it is made or the figure leaves the game. The queue is
//! part of the game's state and changes only through `Change`s, so that undo puts it back
//! exactly and two commands under the store's lock never lose an entry.

use crate::engine::situation;
use crate::error::{Error, Result};
use crate::game::lookup::state_label;
use crate::game::said::Said;
use crate::game::state::{Change, Check, Event, Game};
use crate::model::{GameDef, ProcedureDef, Ruleset};

/// Put the check at the end of the queue, in `event`; `once`: not when the figure already owes
/// the same one. Returns the line that says so.
pub fn owe(game: &mut Game, check: Check, once: bool, event: &mut Event) -> String {
    if once && game.pending.iter().any(|c| c.same(&check)) {
        return Said::Owes {
            figure: check.figure.clone(),
            check: check.what(),
            already: true,
        }
        .to_string();
    }
    let line = Said::Owes {
        figure: check.figure.clone(),
        check: check.what(),
        already: false,
    }
    .to_string();
    let at = game.pending.len();
    game.apply(
        Change::Pending {
            at,
            before: None,
            after: Some(check),
        },
        event,
    );
    line
}

/// The turn the check at `at` was owed in, when that is a turn before the one being played.
pub fn owed_in(game: &Game, at: usize) -> Option<u32> {
    let turn = game.pending.get(at)?.turn;
    (turn > 0 && turn < game.turn.number).then_some(turn)
}

/// Take the check at `at` off the queue, made, in `event`; the line that says so.
pub fn made(game: &mut Game, at: usize, event: &mut Event) -> Option<String> {
    let check = game.pending.get(at)?.clone();
    let line = Said::Made {
        figure: check.figure.clone(),
        check: check.what(),
    }
    .to_string();
    game.apply(
        Change::Pending {
            at,
            before: Some(check),
            after: None,
        },
        event,
    );
    Some(line)
}

/// Drop the checks of figures no longer in play (dead, fled, captured, or taken off the
/// table): they have nothing left to make. One line for each, saying why.
pub fn drop_out_of_play(game: &mut Game, g: &GameDef, event: &mut Event) -> Vec<String> {
    let mut said = Vec::new();
    // From the end, so that each position taken off is still right for those before it.
    for at in (0..game.pending.len()).rev() {
        let Some(check) = game.pending.get(at).cloned() else {
            continue;
        };
        let (figure, state) = match game.figure(&check.figure) {
            Some(f) => match &f.state {
                Some(s) => (f.code.clone(), Some(state_label(g, s).to_string())),
                None => continue,
            },
            None => (check.figure.clone(), None),
        };
        let check_said = check.what();
        said.push(
            Said::Dropped {
                figure,
                check: check_said,
                state,
            }
            .to_string(),
        );
        game.apply(
            Change::Pending {
                at,
                before: Some(check),
                after: None,
            },
            event,
        );
    }
    said.reverse();
    said
}

/// The queue as `status` lists it: numbered, oldest first, each with why and what caused it.
pub fn listing(game: &Game) -> Vec<String> {
    game.pending
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let earlier = if c.turn > 0 && c.turn < game.turn.number {
                format!(" (owed in turn {})", c.turn)
            } else {
                String::new()
            };
            format!("  {}. {}{earlier}", i + 1, c.described())
        })
        .collect()
}

/// Queue every check a resolved chain calls for on a figure of the game (its follow-ups aimed
/// at the figures), as caused by `cause` in the event being made. The lines that say so.
/// The checks a roll's results call for, aimed at its figures as they stand after every
/// result (a figure a later result took out owes none) and owed in the game's queue: the
/// lines that say so.
pub fn owe_follow_ups(
    then: &Game,
    game: &mut Game,
    ruleset: &Ruleset,
    step: &mut crate::engine::resolve::Step,
    figures: &crate::game::roles::Figures,
    cause: &str,
    event: &mut Event,
) -> Vec<String> {
    let mut said = crate::game::aim::aim_follow_ups(step, (then, game), ruleset, figures);
    said.extend(queue_follow_ups(game, step, cause, event));
    said
}

pub fn queue_follow_ups(
    game: &mut Game,
    step: &crate::engine::resolve::Step,
    cause: &str,
    event: &mut Event,
) -> Vec<String> {
    queue(game, step.all_follow_ups(), cause, event)
}

/// Queue these follow-ups, each on the figure it is aimed at (one that is not aimed at a figure
/// of the game is left to the umpire).
pub fn queue<'f>(
    game: &mut Game,
    follow_ups: impl IntoIterator<Item = &'f crate::engine::resolve::FollowUp>,
    cause: &str,
    event: &mut Event,
) -> Vec<String> {
    let id = game.next_event_id();
    let mut said = Vec::new();
    for f in follow_ups {
        let Some(figure) = &f.figure else { continue };
        let check = Check {
            procedure: f.procedure.clone(),
            figure: figure.clone(),
            factors: crate::game::aim::follow_up_factors(f).to_vec(),
            note: f.note.clone(),
            event: id,
            cause: cause.to_string(),
            at_once: f.at_once,
            turn: game.turn.number,
        };
        said.push(owe(game, check, f.once, event));
    }
    said
}

/// Where in the queue is the oldest check a roll makes: `procedure` for `figure`, every factor
/// the check sets said the same among those typed (`FACTOR=VALUE`, or an alias). Typing the
/// command a roll printed as owed makes the check owed.
pub fn matching(
    game: &Game,
    ruleset: &Ruleset,
    p: &ProcedureDef,
    figure: &str,
    typed: &[String],
) -> Option<usize> {
    // Most figures owe nothing: the words are read only for one that does.
    if !game
        .pending
        .iter()
        .any(|c| c.procedure == p.name && c.figure.eq_ignore_ascii_case(figure))
    {
        return None;
    }
    let said = situation::parse(ruleset, p, typed).ok()?.shared;
    game.pending.iter().position(|c| {
        c.procedure == p.name
            && c.figure.eq_ignore_ascii_case(figure)
            && situation::parse(ruleset, p, &c.factors).is_ok_and(|owed| {
                owed.shared
                    .given
                    .iter()
                    .all(|(k, g)| said.given.get(k).is_some_and(|t| t.value == g.value))
            })
    })
}

/// The place in the queue of the check `roll --next` makes: number `number` as `status` lists
/// them (from 1), else the oldest owed at once, else the oldest, of `procedure` when one is
/// named (canonical).
pub fn pick(game: &Game, procedure: Option<&str>, number: Option<usize>) -> Result<usize> {
    let owed = game.pending.len();
    if owed == 0 {
        return Err(Error::usage(format!("game {} owes no check", game.name))
            .with_hint("a roll whose results call for a check leaves it owed"));
    }
    let list = || "`umpire status` lists them".to_string();
    let at = match number {
        Some(n) => {
            let at = n.checked_sub(1).filter(|at| *at < owed).ok_or_else(|| {
                let numbers = if owed > 1 {
                    format!(", 1 to {owed}")
                } else {
                    String::new()
                };
                Error::usage(format!(
                    "there is no check {n}: the game owes {}{numbers}",
                    crate::words::quantity(i64::try_from(owed).unwrap_or(i64::MAX), "check")
                ))
                .with_hint(list())
            })?;
            match (procedure, game.pending.get(at)) {
                (Some(p), Some(c)) if c.procedure != p => {
                    return Err(Error::usage(format!(
                        "check {n} is {} {}, not {p}",
                        c.figure,
                        c.what()
                    ))
                    .with_hint(list()));
                }
                _ => at,
            }
        }
        // A check owed at once comes before the others.
        None => game
            .pending
            .iter()
            .position(|c| c.at_once && procedure.is_none_or(|p| c.procedure == p))
            .or_else(|| {
                game.pending
                    .iter()
                    .position(|c| procedure.is_none_or(|p| c.procedure == p))
            })
            .ok_or_else(|| {
                Error::usage(format!(
                    "no {} check is owed",
                    procedure.unwrap_or_default()
                ))
                .with_hint(format!(
                    "the game owes {} of other procedures: {}",
                    crate::words::quantity(i64::try_from(owed).unwrap_or(i64::MAX), "check"),
                    list()
                ))
            })?,
    };
    Ok(at)
}

/// The factor words a check is rolled with: its own, but for a factor the umpire typed anew,
/// then those typed.
pub fn with_typed(ruleset: &Ruleset, check: &Check, typed: &[String]) -> Vec<String> {
    let name = |w: &str| {
        let n = w.split('=').next().unwrap_or(w);
        ruleset.factor(n).map_or(n.to_string(), |f| f.name.clone())
    };
    let said: Vec<String> = typed.iter().map(|w| name(w)).collect();
    check
        .factors
        .iter()
        .filter(|w| !said.contains(&name(w)))
        .chain(typed)
        .cloned()
        .collect()
}
