//! A figure's actions in a turn: the allowance the table gives it (fewer while it carries
//! some markers), counted on a per-turn counter as it acts, and an action beyond it refused.

use crate::error::{Error, Result};
use crate::game::counters::{self, Count};
use crate::game::roster::marker_label;
use crate::game::state::{Event, Game};
use crate::model::{ActionDef, GameDef, Ruleset};

/// The table's action a procedure is, when its actions are counted and one rolls it.
pub fn rolled<'a>(g: &'a GameDef, procedure: &str) -> Option<&'a ActionDef> {
    if !counted(g) {
        return None;
    }
    g.actions
        .iter()
        .find(|a| a.procedure.as_deref() == Some(procedure))
}

/// Whether the table keeps the count of a figure's actions.
pub fn counted(g: &GameDef) -> bool {
    g.action_limits
        .as_ref()
        .is_some_and(|l| l.counter.is_some())
}

/// What the action costs the figure, when it may still take it this turn; refused when it
/// would take more actions than the figure has left. Nothing is counted without a counter.
pub fn check(game: &Game, g: &GameDef, code: &str, action: &ActionDef) -> Result<u32> {
    let Some(limits) = g.action_limits.as_ref() else {
        return Ok(0);
    };
    let (Some(counter), Some(fig)) = (limits.counter.as_deref(), game.figure(code)) else {
        return Ok(0);
    };
    let cost = game
        .unit(&fig.unit)
        .map_or(1, |u| action.cost.of(&u.fields));
    let Some((allowed, lowered)) = limits.allowance(&fig.markers) else {
        return Ok(cost);
    };
    let taken = u32::try_from(fig.counters.get(counter).copied().unwrap_or(0)).unwrap_or(0);
    if taken.saturating_add(cost) <= allowed {
        return Ok(cost);
    }
    let left = allowed.saturating_sub(taken);
    let actions = |n: u32| crate::words::quantity(i64::from(n), "actions");
    let per_turn = match lowered {
        Some(m) => format!("{} a turn while {}", actions(allowed), marker_label(g, m)),
        None => format!("{} a turn", actions(allowed)),
    };
    let has = if left == 0 {
        "no action".to_string()
    } else {
        actions(left)
    };
    Err(Error::usage(format!(
        "{code} has {has} left this turn ({per_turn}): {} takes {}",
        action.label.to_lowercase(),
        actions(cost)
    ))
    .with_hint("a new turn gives the actions back: `umpire turn`"))
}

/// Count `cost` actions on the figure, with the line that says so.
pub fn record(
    game: &mut Game,
    ruleset: &Ruleset,
    code: &str,
    cost: u32,
    event: &mut Event,
) -> Result<Vec<String>> {
    let g = crate::game::roster::game_def(ruleset)?;
    let Some(counter) = g.action_limits.as_ref().and_then(|l| l.counter.clone()) else {
        return Ok(Vec::new());
    };
    if cost == 0 {
        return Ok(Vec::new());
    }
    counters::count(
        game,
        ruleset,
        code,
        &counter,
        Count::By(i64::from(cost)),
        false,
        event,
    )
}
