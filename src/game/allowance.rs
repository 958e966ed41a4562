//! A figure's actions: the allowance the table gives it a turn (fewer while it carries some
//! markers) and a phase (each time its unit is activated), counted on counters as it acts,
//! and an action beyond either refused, unless the umpire rules otherwise.

use crate::error::{Refusal, Result};
use crate::game::counters::{self, Count};
use crate::game::lookup::marker_label;
use crate::game::ruling::Umpire;
use crate::game::state::{Event, Game};
use crate::model::{ActionDef, GameDef, Ruleset};

/// The rule of play the allowance's refusals name.
const ACTIONS: &str = "Actions";

/// Whether the table keeps the count of a figure's actions.
pub fn counted(g: &GameDef) -> bool {
    g.action_limits
        .as_ref()
        .is_some_and(|l| l.counter.is_some())
}

/// What the action costs the figure, weighed against what it has left this turn and this
/// phase: beyond either, refused (or let through with the umpire's ruling, kept in `event`).
/// Nothing is counted without a counter.
pub fn check(
    game: &Game,
    g: &GameDef,
    code: &str,
    action: &ActionDef,
    umpire: Umpire<'_>,
    event: &mut Event,
) -> Result<u32> {
    let (cost, refused) = weigh(game, g, code, action);
    for (refusal, fix) in refused {
        umpire.allow(refusal, Some(fix), event)?;
    }
    Ok(cost)
}

/// What the action costs the figure, and the refusals of its allowance (this phase's, this
/// turn's) with what would make it legal: none when it has the action left.
pub fn weigh(
    game: &Game,
    g: &GameDef,
    code: &str,
    action: &ActionDef,
) -> (u32, Vec<(Refusal, String)>) {
    let mut refused = Vec::new();
    let Some(limits) = g.action_limits.as_ref() else {
        return (0, refused);
    };
    let (Some(counter), Some(fig)) = (limits.counter.as_deref(), game.figure(code)) else {
        return (0, refused);
    };
    let cost = game
        .unit(&fig.unit)
        .map_or(1, |u| action.cost.of(&u.fields));
    let actions = |n: u32| crate::words::quantity(i64::from(n), "actions");
    let taken = |c: &str| u32::try_from(fig.counters.get(c).copied().unwrap_or(0)).unwrap_or(0);
    let has = |left: u32| {
        if left == 0 {
            "no action".to_string()
        } else {
            actions(left)
        }
    };
    let refusal = |why: String| Refusal {
        rule: ACTIONS.to_string(),
        who: fig.code.clone(),
        why,
    };
    // Activations begin with play (the first turn): before it, no phase is counted.
    let phases = game.turn.number > 0;
    if let (Some(most), Some(c), true) = (limits.per_phase, limits.phase_counter.as_deref(), phases)
    {
        let done = taken(c);
        if done.saturating_add(cost) > most {
            let why = format!(
                "{} left this phase ({} each time its unit is activated): {} takes {}",
                has(most.saturating_sub(done)),
                actions(most),
                action.label.to_lowercase(),
                actions(cost)
            );
            let fix = "its unit's next activation gives it another".to_string();
            refused.push((refusal(why), fix));
        }
    }
    let Some((allowed, lowered)) = limits.allowance(&fig.markers) else {
        return (cost, refused);
    };
    let done = taken(counter);
    if done.saturating_add(cost) > allowed {
        let per_turn = match lowered {
            Some(m) => format!("{} a turn while {}", actions(allowed), marker_label(g, m)),
            None => format!("{} a turn", actions(allowed)),
        };
        let why = format!(
            "{} left this turn ({per_turn}): {} takes {}",
            has(allowed.saturating_sub(done)),
            action.label.to_lowercase(),
            actions(cost)
        );
        let fix = "a new turn gives the actions back: `umpire turn`".to_string();
        refused.push((refusal(why), fix));
    }
    (cost, refused)
}

/// Count `cost` actions on the figure, this turn and this phase. The counts are bookkeeping:
/// kept in the roster (`umpire fig show`), and said when an action is refused, not at every
/// roll.
pub fn record(
    game: &mut Game,
    ruleset: &Ruleset,
    code: &str,
    cost: u32,
    event: &mut Event,
) -> Result<()> {
    let g = crate::game::lookup::game_def(ruleset)?;
    let Some(limits) = g.action_limits.as_ref() else {
        return Ok(());
    };
    if cost == 0 {
        return Ok(());
    }
    let by = Count::By(i64::from(cost));
    for c in limits.counter.iter().chain(&limits.phase_counter) {
        counters::count(game, ruleset, code, c, by, false, event)?;
    }
    Ok(())
}
