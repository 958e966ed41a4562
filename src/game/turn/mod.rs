//! The turn: which side plays now, by the ruleset's turn rule. A draw gives each phase to a
//! side (`draw`); player turns give the sides play in order (`players`), each perhaps a chain
//! of activations a failed one ends, with a pool of points each side rolls and spends
//! (`pool`). Passing a point of play takes off the markers that last until it (`lasting`).

mod draw;
mod filled;
mod lasting;
mod players;
mod pool;

pub use draw::{activate, draw, draw_may_act, hold, odds, react, sizes, units_in_play};
pub use players::{chain_check, chain_record, player_may_act, step_headline, turn_step};
pub use pool::spend;

use crate::engine::dice::DiceSource;
use crate::error::{Error, Result};
use crate::game::lookup::{game_def, now, playing};
use crate::game::state::{Change, Event, Game, Turn};
use crate::model::{GameDef, Ruleset, TurnDef, TurnOrder};

/// The rule of play player turns' refusals name.
const PLAYER_TURNS: &str = "Player turns";

/// What the umpire may say when a turn starts: the draw's counts instead of the rule's, the
/// side that plays first.
#[derive(Debug, Clone, Copy, Default)]
pub struct Start<'a> {
    pub phases: Option<u32>,
    pub tokens: Option<u32>,
    pub first: Option<&'a str>,
}

fn turn_def(ruleset: &Ruleset) -> Result<&TurnDef> {
    ruleset.model.turn.as_ref().ok_or_else(|| {
        Error::usage(format!(
            "{} has no turn rule (phases and a draw, or player turns)",
            ruleset.model.title
        ))
        .with_hint("add a `turn:` section to its table (see the README)")
    })
}

pub fn set_turn(game: &mut Game, after: Turn, event: &mut Event) {
    let change = Change::Turn {
        before: game.turn.clone(),
        after,
    };
    game.apply(change, event);
}

fn check_turn_going(game: &Game) -> Result<()> {
    if game.turn.number == 0 {
        return Err(Error::usage("no turn has started").with_hint("`umpire turn` starts the first"));
    }
    Ok(())
}

/// Move play on: the next turn (a draw's, or the first player's), or the next player's turn.
/// Markers that last until the point of play passed come off.
pub fn start(
    game: &mut Game,
    ruleset: &Ruleset,
    start: Start<'_>,
    source: &mut DiceSource,
    event: &mut Event,
) -> Result<Vec<String>> {
    let t = turn_def(ruleset)?;
    let g = game_def(ruleset)?;
    let [turn, player] = now(game);
    let (mut said, new_turn) = match &t.order {
        TurnOrder::Draw(d) => (draw::start(game, g, d, start, event)?, true),
        TurnOrder::Players(p) => players::start(game, ruleset, g, p, start, source, event)?,
    };
    // A new turn passes the whole of the last one; a player's turn, that player's.
    let passed = [turn, if new_turn { u32::MAX } else { player }];
    said.extend(lasting::expire(game, ruleset, passed, event)?);
    if new_turn {
        reset_per_turn(game, g, event);
        // Fights that go on from the last turn, each with its roll.
        said.extend(crate::game::links::going_on(game, ruleset, g));
    }
    Ok(said)
}

/// Counters that last a turn start again from 0. A figure that still owes a check of the turn
/// that ended keeps that turn's counts aside, for the check to count toward its own turn.
fn reset_per_turn(game: &mut Game, g: &GameDef, event: &mut Event) {
    let ended = game.turn.number.saturating_sub(1);
    let names: Vec<&str> = g
        .counters
        .iter()
        .filter(|c| c.per_turn)
        .map(|c| c.name.as_str())
        .collect();
    let owes = |code: &str| {
        ended > 0
            && game
                .pending
                .iter()
                .any(|c| c.turn == ended && c.figure.eq_ignore_ascii_case(code))
    };
    let changed: Vec<_> = game
        .figures
        .iter()
        .filter_map(|f| {
            let mut after = f.clone();
            after.last_turn = if owes(&f.code) {
                let kept = f
                    .counters
                    .iter()
                    .filter(|(k, _)| names.contains(&k.as_str()));
                kept.map(|(k, n)| (k.clone(), *n)).collect()
            } else {
                Default::default()
            };
            after.counters.retain(|k, _| !names.contains(&k.as_str()));
            (after != *f).then_some(after)
        })
        .collect();
    for f in changed {
        let code = f.code.clone();
        game.apply(game.figure_change(&code, Some(f)), event);
    }
}

/// Counters kept per activation start again from 0 for the figures of a unit activated.
fn reset_per_activation(game: &mut Game, g: &GameDef, unit: &str, event: &mut Event) {
    reset_counters(game, g, |c| c.per_activation, Some(unit), event);
}

/// The counters `which` picks start again from 0, on every figure or on a unit's.
fn reset_counters(
    game: &mut Game,
    g: &GameDef,
    which: impl Fn(&crate::model::CounterDef) -> bool,
    unit: Option<&str>,
    event: &mut Event,
) {
    let names: Vec<&str> = g
        .counters
        .iter()
        .filter(|c| which(c))
        .map(|c| c.name.as_str())
        .collect();
    let reset: Vec<_> = game
        .figures
        .iter()
        .filter(|f| unit.is_none_or(|u| f.unit == u))
        .filter(|f| names.iter().any(|c| f.counters.contains_key(*c)))
        .cloned()
        .collect();
    for mut f in reset {
        f.counters.retain(|k, _| !names.contains(&k.as_str()));
        let code = f.code.clone();
        game.apply(game.figure_change(&code, Some(f)), event);
    }
}

/// Where play stands: the phase (in a draw) or player turn going, from 1 (0 before any), and
/// the side whose it is.
pub fn playing_now(game: &Game) -> (u32, Option<&str>) {
    if game.turn.order.is_empty() {
        let phase = u32::try_from(game.turn.drawn.len()).unwrap_or(u32::MAX);
        (phase, draw::phase_side(game))
    } else {
        (game.turn.player, playing(game))
    }
}

/// `umpire status`: the turn as the rule keeps it.
pub fn status(game: &Game, ruleset: &Ruleset) -> Result<String> {
    let g = game_def(ruleset)?;
    if game.turn.number == 0 {
        return Ok(format!(
            "Game {}: no turn started yet (`umpire turn`).\n",
            game.name
        ));
    }
    match &turn_def(ruleset)?.order {
        TurnOrder::Draw(d) => Ok(draw::status(game, g, d)),
        TurnOrder::Players(p) => Ok(players::status(game, ruleset, g, p)),
    }
}

/// `1`, `1 and 2`, `1, 2 and 3`.
fn and_list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}
