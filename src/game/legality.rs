//! The turn's legality: who may act now, weighed before a roll that is an action, an `act` or
//! a charge of a game. A refusal names its rule and what would make it legal; the umpire has
//! the last word (`--anyway "WHY"`), and a ruling against a refusal is kept with the change.
//!
//! The rules of play hold once play has started (the first `umpire turn`): before it the
//! roster is set up and tried out, and nothing is weighed.

use crate::engine::situation;
use crate::error::{Refusal, Result};
use crate::game::lookup;
use crate::game::ruling::{Acting, Umpire};
use crate::game::state::{Event, Game};
use crate::game::turn;
use crate::model::{ActionDef, ProcedureDef, Ruleset, TurnOrder};

/// Whether the unit may act now, by the turn rule: in a draw, a unit of the phase's side (or
/// of the side reacting) and the one unit its token activates; in player turns, a unit of the
/// side playing, activated where activations are rolled, before a failed one ended the turn.
/// What the umpire overrides is kept in `event`.
pub fn may_act(
    game: &Game,
    ruleset: &Ruleset,
    (unit, action): (&str, Option<&ActionDef>),
    umpire: Umpire<'_>,
    event: &mut Event,
) -> Result<Acting> {
    let idle = Acting { activates: false };
    let Some(t) = ruleset.model.turn.as_ref() else {
        return Ok(idle);
    };
    if game.turn.number == 0 {
        return Ok(idle);
    }
    let g = lookup::game_def(ruleset)?;
    let u = lookup::unit(game, unit)?;
    let weighed = match &t.order {
        TurnOrder::Draw(d) => turn::draw_may_act(game, g, d, u),
        TurnOrder::Players(p) => turn::player_may_act(game, g, (p, action), u),
    };
    match weighed {
        Ok(acting) => Ok(acting),
        Err((refusal, fix)) => {
            umpire.allow(refusal, fix, event)?;
            Ok(idle)
        }
    }
}

/// Record that the unit acts now: activated, where its acting activates it.
pub fn acts(
    game: &mut Game,
    ruleset: &Ruleset,
    unit: &str,
    acting: Acting,
    umpire: Umpire<'_>,
    event: &mut Event,
) -> Result<Vec<String>> {
    if !acting.activates {
        return Ok(Vec::new());
    }
    turn::activate(game, ruleset, unit, umpire, event)
}

/// The table's action a roll of the procedure is, in a game, with the factors typed (`words`):
/// the first action that rolls it whose conditions on the roll's factors hold (a check may be
/// an action only when taken by choice, not when a result calls for it).
pub fn action_rolled<'a>(
    ruleset: &'a Ruleset,
    p: &ProcedureDef,
    words: &[String],
) -> Option<&'a ActionDef> {
    let actions = &ruleset.model.game.as_ref()?.actions;
    let mut rolling = actions
        .iter()
        .filter(|a| a.procedure.as_deref() == Some(p.name.as_str()))
        .peekable();
    rolling.peek()?;
    // Words the roll itself refuses are its own error to report, not this one's.
    let typed = situation::parse(ruleset, p, words).ok();
    rolling.find(|a| {
        let when = a.when.is_empty()
            || typed
                .as_ref()
                .is_some_and(|t| t.shared.all_hold(ruleset, &a.when));
        let unless = typed
            .as_ref()
            .is_some_and(|t| a.unless.iter().any(|c| t.shared.holds(ruleset, c)));
        when && !unless
    })
}

/// The rule of play a check owed at once refuses by.
const OWED: &str = "Checks owed";

/// A check owed at once is made before anything else is rolled, drawn or started: unless this
/// command makes one (`making`: the places in the queue of the checks it makes), the first
/// still owed refuses it, or the umpire rules otherwise.
pub fn owed_first(
    game: &Game,
    making: &[usize],
    umpire: Umpire<'_>,
    event: &mut Event,
) -> Result<()> {
    let at_once = |i: &usize| game.pending.get(*i).is_some_and(|c| c.at_once);
    if game.turn.number == 0 || making.iter().any(at_once) {
        return Ok(());
    }
    let Some((_, c)) = game
        .pending
        .iter()
        .enumerate()
        .find(|(i, c)| c.at_once && !making.contains(i))
    else {
        return Ok(());
    };
    let why = match &c.note {
        Some(note) => format!("{} is owed at once ({note})", c.what()),
        None => format!("{} is owed at once", c.what()),
    };
    let refusal = Refusal {
        rule: OWED.to_string(),
        who: c.figure.clone(),
        why,
    };
    // `roll --next` makes the checks owed at once first: this is the first of them.
    let next = "`umpire roll --next` makes it".to_string();
    umpire.allow(refusal, Some(next), event)
}

/// The rule of play a roll made outside its step of the turn refuses by.
const SEQUENCE: &str = "Sequence of play";

/// A roll that a step of the whole turn makes (`then:`, after the player turns), from the
/// first turn on. Made in the last player turn or an earlier step, it moves play on to its
/// step (said in the lines returned, steps between passed over: no charge, no charge test);
/// made in its step, it stands; made before the last player turn or after its step, it is
/// refused naming the sequence of play, unless the umpire rules otherwise.
pub fn in_its_step(
    game: &mut Game,
    ruleset: &Ruleset,
    plan: &crate::engine::plan::Plan<'_>,
    umpire: Umpire<'_>,
    event: &mut Event,
) -> Result<Vec<String>> {
    let Some(p) = ruleset.model.turn.as_ref().and_then(|t| t.players()) else {
        return Ok(Vec::new());
    };
    let name = &plan.procedure.name;
    // The steps that make this roll, by their place from 1.
    let steps: Vec<usize> = p
        .then
        .iter()
        .enumerate()
        .filter(|(_, st)| {
            st.rolls
                .iter()
                .any(|r| &r.procedure == name && plan.first_holds(&r.when))
        })
        .map(|(i, _)| i + 1)
        .collect();
    if game.turn.number == 0 || steps.is_empty() {
        return Ok(Vec::new());
    }
    let players = game.turn.order.len();
    let now = turn::turn_step(p, &game.turn).map(|(n, _)| n);
    if now.is_some_and(|n| steps.contains(&n)) {
        return Ok(Vec::new());
    }
    // Onwards: from the last player turn, or from an earlier step.
    let last_player = now.is_none() && game.turn.player as usize == players;
    if let Some(&to) = steps
        .iter()
        .find(|k| last_player || now.is_some_and(|n| **k > n))
    {
        let mut after = game.turn.clone();
        after.player = u32::try_from(players + to).unwrap_or(u32::MAX);
        after.ended = None;
        after.declared.clear();
        let said = turn::turn_step(p, &after)
            .map(|at| turn::step_headline(p, &after, at))
            .into_iter()
            .collect();
        turn::set_turn(game, after, event);
        return Ok(said);
    }
    let g = lookup::game_def(ruleset)?;
    let at = steps[0];
    let label = p.then.get(at - 1).map_or("", |s| s.label.as_str());
    // Numbered on from the player turn's steps, as the turn says them.
    let number = |n: usize| p.steps.len() + n;
    let (going, fix) = match (now, lookup::playing(game)) {
        (Some(n), _) => (
            format!("step {} is going", number(n)),
            "its step is over this turn: a new turn, `umpire turn`",
        ),
        (None, Some(side)) => (
            format!(
                "the player turn of {} is going",
                lookup::side_label(g, side)
            ),
            "`umpire turn` passes play to the next player",
        ),
        (None, None) => ("no part of the turn is going".to_string(), "`umpire turn`"),
    };
    let refusal = Refusal {
        rule: SEQUENCE.to_string(),
        who: name.clone(),
        why: format!(
            "it is made in step {} after the player turns ({label}), and {going}",
            number(at)
        ),
    };
    umpire.allow(refusal, Some(fix.to_string()), event)?;
    Ok(Vec::new())
}
