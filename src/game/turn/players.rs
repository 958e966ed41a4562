//! Player turns: the sides play in order, one player turn each a turn (the first by the rule,
//! the umpire, or the pools' roll). In a chain, each roll of the chain's procedure in a game
//! activates a unit of the side playing, each so often a player turn, and a result that ends
//! the chain ends the player's turn.

use std::fmt::Write as _;

use super::{PLAYER_TURNS, Start, and_list, check_turn_going, pool, set_turn, turn_def};
use crate::engine::dice::DiceSource;
use crate::engine::resolve::Step;
use crate::error::{Error, Refusal, Result};
use crate::game::lookup::{self, playing, playing_of, side_label};
use crate::game::ruling::{Acting, Umpire};
use crate::game::said::{Next, Said};
use crate::game::state::{Event, Game, Turn, Unit};
use crate::model::{
    ActionDef, ChainDef, FirstPlayer, GameDef, PlayersDef, ProcedureDef, Ruleset, TurnStepDef,
};
use crate::words::times;

/// `Turn 2, player turn 2 of 2: French and allies`.
fn headline(g: &GameDef, t: &Turn) -> String {
    let side = playing_of(t).map_or("nobody", |s| side_label(g, s));
    Said::PlayerTurn {
        turn: t.number,
        player: t.player,
        of: t.order.len(),
        side: side.to_string(),
    }
    .to_string()
}

/// The step of the whole turn going, after the player turns (its place from 1), when one is.
pub fn turn_step<'p>(p: &'p PlayersDef, t: &Turn) -> Option<(usize, &'p TurnStepDef)> {
    let at = usize::try_from(t.player).ok()?.checked_sub(t.order.len())?;
    Some((at, p.then.get(at.checked_sub(1)?)?))
}

/// `Turn 2, after the player turns, step 2 of 3: hand to hand (now: hand-to-hand)`.
pub fn step_headline(p: &PlayersDef, t: &Turn, (at, step): (usize, &TurnStepDef)) -> String {
    let rolls = step
        .rolls
        .iter()
        .map(|r| {
            // A command the umpire can type: a choice of several values gives its first, the
            // others said after it.
            let mut words = vec![format!("`umpire roll {}", r.procedure)];
            let mut others = Vec::new();
            for c in &r.when {
                match &c.test {
                    crate::model::Test::Values(vs) if vs.len() > 1 => {
                        words.push(format!("{}={}", c.factor, vs[0]));
                        others.extend(vs.iter().skip(1).map(|v| format!("{}={v}", c.factor)));
                    }
                    _ => words.push(crate::words::condition(c)),
                }
            }
            match others.is_empty() {
                true => format!("{}`", words.join(" ")),
                false => format!("{}` (or {})", words.join(" "), others.join(", ")),
            }
        })
        .collect();
    // Numbered on from the player turn's steps, as the steps line says them.
    Said::TurnStep {
        turn: t.number,
        at: p.steps.len() + at,
        of: p.steps.len() + p.then.len(),
        label: step.label.clone(),
        rolls,
    }
    .to_string()
}

/// The steps of a player turn, in a line.
fn steps_line(p: &PlayersDef) -> Option<String> {
    let labels = p.steps.iter().map(|s| s.label().to_string()).collect();
    let then = p.then.iter().map(|s| s.label.clone()).collect();
    (!p.steps.is_empty()).then(|| Said::Steps { labels, then }.to_string())
}

/// Pass play on: to the next side's player turn, or to a new turn when every side has played.
/// Says whether a new turn started.
pub(super) fn start(
    game: &mut Game,
    ruleset: &Ruleset,
    g: &GameDef,
    p: &PlayersDef,
    start: Start<'_>,
    source: &mut DiceSource,
    event: &mut Event,
) -> Result<(Vec<String>, bool)> {
    if start.phases.is_some() || start.tokens.is_some() {
        return Err(Error::usage(format!(
            "{} plays in player turns: there are no phases or tokens to count",
            ruleset.model.title
        ))
        .with_hint("leave out --phases and --tokens"));
    }
    let t = &game.turn;
    let more = t.number > 0 && (t.player as usize) < t.order.len();
    if more {
        if let Some(word) = start.first {
            let order: Vec<&str> = t.order.iter().map(|s| side_label(g, s)).collect();
            return Err(Error::usage(format!(
                "turn {} is under way ({}): who plays first is said when a turn starts, not `{word}`",
                t.number,
                order.join(", then ")
            ))
            .with_hint("leave out --first to pass play to the next player"));
        }
        let mut after = t.clone();
        after.player += 1;
        after.ended = None;
        after.declared.clear();
        let mut said = vec![headline(g, &after)];
        if let (Some(pool), Some(side)) = (&p.pool, playing_of(&after))
            && pool::thrown_by_each_player(p)
        {
            let sides = [side.to_string()];
            let (rolled, lines) = pool::roll(game, ruleset, pool, (&sides, false), source)?;
            after.pools.extend(rolled);
            said.extend(lines);
        }
        if let Some(side) = playing_of(&after)
            && let (Some(pool), Some(left)) = (&p.pool, after.pools.get(side))
        {
            let spend = Said::ToSpend {
                side: side_label(g, side).to_string(),
                points: pool.count(left.left),
            };
            said.push(spend.to_string());
        }
        said.extend(steps_line(p));
        set_turn(game, after, event);
        return Ok((said, false));
    }
    let mut order: Vec<String> = g.sides.iter().map(|s| s.name.clone()).collect();
    let mut said = Vec::new();
    let mut high_scorer = game.turn.high_scorer.clone();
    match (p.first, start.first) {
        (FirstPlayer::Sides, Some(word)) => {
            let side = lookup::side(g, word)?.to_string();
            if let Some(at) = order.iter().position(|s| *s == side) {
                order.rotate_left(at);
            }
        }
        (FirstPlayer::Pool, Some(word)) => {
            return Err(Error::usage(format!(
                "who plays first is the pools' roll in {}, not `{word}`",
                ruleset.model.title
            ))
            .with_hint("leave out --first"));
        }
        (FirstPlayer::DiceOff, first) => {
            let winner = match (&high_scorer, first) {
                (Some(won), Some(word)) => {
                    return Err(Error::usage(format!(
                        "{} won the dice-off: it plays first in every turn, not `{word}`",
                        side_label(g, won)
                    ))
                    .with_hint("leave out --first"));
                }
                (Some(won), None) => won.clone(),
                (None, Some(word)) => {
                    let side = lookup::side(g, word)?.to_string();
                    said.push(
                        Said::DiceOffNamed {
                            side: side_label(g, &side).to_string(),
                        }
                        .to_string(),
                    );
                    side
                }
                (None, None) => {
                    let (won, lines) = dice_off(ruleset, g, p, &order, source)?;
                    said.extend(lines);
                    won
                }
            };
            if let Some(at) = order.iter().position(|s| *s == winner) {
                order.rotate_left(at);
            }
            high_scorer = Some(winner);
        }
        (FirstPlayer::Pool | FirstPlayer::Sides, None) => {}
    }
    let mut pools = std::collections::BTreeMap::new();
    if let Some(pool) = &p.pool {
        let by_pool = p.first == FirstPlayer::Pool;
        let sides = if pool::thrown_by_each_player(p) {
            &order[..1]
        } else {
            &order[..]
        };
        let (rolled, lines) = pool::roll(game, ruleset, pool, (sides, by_pool), source)?;
        pools = rolled;
        said.extend(lines);
        if by_pool {
            // Highest first; the roll threw ties again, so the order is strict at the top.
            order.sort_by_key(|s| std::cmp::Reverse(pools.get(s).map_or(0, |p| p.rolled)));
        }
    }
    let after = Turn {
        number: game.turn.number.saturating_add(1),
        order,
        player: 1,
        pools,
        high_scorer,
        ..Turn::default()
    };
    said.insert(0, headline(g, &after));
    said.extend(steps_line(p));
    set_turn(game, after, event);
    Ok((said, true))
}

/// The dice-off thrown before the first turn: every side throws, a tie for the highest again;
/// the high scorer and what was said.
fn dice_off(
    ruleset: &Ruleset,
    g: &GameDef,
    p: &PlayersDef,
    sides: &[String],
    source: &mut DiceSource,
) -> Result<(String, Vec<String>)> {
    let Some(d) = &p.dice_off else {
        return Err(Error::usage(format!(
            "{}'s turn rule has no dice-off to throw",
            ruleset.model.title
        ))
        .with_hint("its table needs `dice-off: {dice: ...}` with `first: dice-off`"));
    };
    let what = |side: &str| format!("the {} of {}", d.label(), side_label(g, side));
    let (thrown, mut said) =
        pool::throw_off(ruleset, g, sides, (d.label(), &d.dice, &what), true, source)?;
    // The throw-off threw ties again, so the highest is one side.
    let won = sides
        .iter()
        .max_by_key(|s| thrown.get(*s).map_or(0, |x| x.rolled))
        .cloned()
        .unwrap_or_default();
    let wins = Said::DiceOffWon {
        side: side_label(g, &won).to_string(),
        note: d.note.clone(),
    };
    said.push(wins.to_string());
    Ok((won, said))
}

/// The chain a procedure's roll is a link of, when the turn rule has one.
fn chain<'r>(ruleset: &'r Ruleset, p: &ProcedureDef) -> Option<&'r ChainDef> {
    chain_of(ruleset).filter(|c| c.procedure == p.name)
}

/// A refusal of player turns, by what would make it legal.
type Refused = (Refusal, Option<String>);

/// What refuses a unit acting in player turns as they stand: no player turn going, another
/// side's, or one a failed activation ended.
fn turn_refusals(game: &Game, g: &GameDef, u: &Unit) -> Vec<Refused> {
    let refusal = |why: String| Refusal {
        rule: PLAYER_TURNS.to_string(),
        who: u.name.clone(),
        why,
    };
    let pass = || Some("`umpire turn` passes play to the next player".to_string());
    let Some(side) = playing(game) else {
        if game.turn.number > 0 {
            let over = "the player turns of this turn are over".to_string();
            let next = "`umpire turn` starts the next turn".to_string();
            return vec![(refusal(over), Some(next))];
        }
        return vec![(refusal("no player turn is going".into()), pass())];
    };
    let mut refused = Vec::new();
    if u.side != side {
        let why = format!(
            "this is the player turn of {}, not of {}",
            side_label(g, side),
            side_label(g, &u.side)
        );
        refused.push((refusal(why), pass()));
    }
    if let Some(failed) = &game.turn.ended {
        let why = format!(
            "the player turn of {} ended when {failed} failed to activate",
            side_label(g, side)
        );
        refused.push((refusal(why), pass()));
    }
    refused
}

/// Whether a unit may act now in player turns: a unit of the side playing, before a failed
/// activation ended its turn, and (where activations are rolled) activated this player turn.
/// Refused: the refusal and what would make it legal.
pub fn player_may_act(
    game: &Game,
    g: &GameDef,
    (p, action): (&PlayersDef, Option<&ActionDef>),
    u: &Unit,
) -> std::result::Result<Acting, Refused> {
    if let Some(first) = turn_refusals(game, g, u).into_iter().next() {
        return Err(first);
    }
    if let Some(c) = &p.chain
        && activations_now(game, &u.name) == 0
    {
        let refusal = Refusal {
            rule: PLAYER_TURNS.to_string(),
            who: u.name.clone(),
            why: "it has not been activated this player turn".to_string(),
        };
        let fix = format!("`umpire roll {} --unit {}` first", c.procedure, u.name);
        return Err((refusal, Some(fix)));
    }
    // An activated unit carries out the activity it declared, and no other.
    if let (Some(c), Some(a), Some(said)) = (&p.chain, action, game.turn.declared.get(&u.name))
        && !a.declared.is_empty()
        && !a.declared.contains(said)
    {
        let factor = c.declares.as_deref().unwrap_or_default();
        let why = format!(
            "it was activated for {factor} {said}: {} needs {factor} {} declared",
            a.label.to_lowercase(),
            a.declared.join(" or ")
        );
        let refusal = Refusal {
            rule: PLAYER_TURNS.to_string(),
            who: u.name.clone(),
            why,
        };
        let fix = "the activity is declared before the activation roll and cannot be switched";
        return Err((refusal, Some(fix.to_string())));
    }
    Ok(Acting { activates: false })
}

/// Before a roll of the chain's procedure: the unit must be of the side playing, its player
/// turn not ended, and the unit not activated as often as the rule allows this player turn
/// (unless the umpire rules otherwise).
pub fn chain_check(
    game: &Game,
    ruleset: &Ruleset,
    p: &ProcedureDef,
    unit: &str,
    umpire: Umpire<'_>,
    event: &mut Event,
) -> Result<()> {
    if chain(ruleset, p).is_none() {
        return Ok(());
    }
    let g = lookup::game_def(ruleset)?;
    check_turn_going(game).map_err(|e| {
        e.with_hint(format!(
            "`umpire turn` starts the first: each `{}` roll is a unit's activation in its \
             side's player turn",
            p.name
        ))
    })?;
    let u = lookup::unit(game, unit)?;
    for (refusal, fix) in turn_refusals(game, g, u) {
        umpire.allow(refusal, fix, event)?;
    }
    let Some(side) = playing(game) else {
        return Ok(());
    };
    let done = activations_now(game, &u.name);
    if let Some(most) = turn_def(ruleset)?.activations
        && done >= most as usize
    {
        let why = format!(
            "it has already been activated {} this player turn",
            times(u64::from(most))
        );
        let refusal = Refusal {
            rule: PLAYER_TURNS.to_string(),
            who: u.name.clone(),
            why,
        };
        umpire.allow(refusal, still_to_act(game, g, side), event)?;
    }
    Ok(())
}

/// How often the unit was activated in the player turn going.
fn activations_now(game: &Game, unit: &str) -> usize {
    game.turn.activations.get(unit).map_or(0, |ps| {
        ps.iter().filter(|p| **p == game.turn.player).count()
    })
}

/// `units of SIDE still to activate: a, b`, or none left.
fn still_to_act(game: &Game, g: &GameDef, side: &str) -> Option<String> {
    let left: Vec<String> = game
        .units
        .iter()
        .filter(|u| u.side == side && activations_now(game, &u.name) == 0)
        .filter(|u| game.figures_of(&u.name).iter().any(|f| f.state.is_none()))
        .map(|u| u.name.clone())
        .collect();
    (!left.is_empty()).then(|| {
        Said::StillToAct {
            side: side_label(g, side).to_string(),
            units: left,
        }
        .to_string()
    })
}

/// After a roll of the chain's procedure: the unit has been activated, and a result that ends
/// the chain ends its side's player turn.
pub fn chain_record(
    game: &mut Game,
    ruleset: &Ruleset,
    p: &ProcedureDef,
    unit: &str,
    step: &Step,
    event: &mut Event,
) -> Result<Vec<String>> {
    let Some(c) = chain(ruleset, p) else {
        return Ok(Vec::new());
    };
    let result = step.decision.result.as_str();
    let g = lookup::game_def(ruleset)?;
    let Some(side) = playing(game).map(str::to_string) else {
        return Ok(Vec::new());
    };
    let mut after = game.turn.clone();
    after
        .activations
        .entry(unit.to_string())
        .or_default()
        .push(after.player);
    let ends = c.ends_on.iter().any(|r| r == result);
    // What the unit declared it would do, which holds it to that activity.
    let declared = c.declares.as_ref().and_then(|f| {
        let given = step.sides.iter().flat_map(|s| &s.factors);
        given
            .filter(|x| &x.name == f)
            .map(|x| x.value.clone())
            .next()
    });
    match declared {
        Some(d) => after.declared.insert(unit.to_string(), d),
        None => after.declared.remove(unit),
    };
    if ends {
        after.ended = Some(unit.to_string());
    }
    super::reset_per_activation(game, g, unit, event);
    let last = after.player as usize >= after.order.len();
    let next = if last {
        Next::Turn(after.number.saturating_add(1))
    } else {
        let side = after.order.get(after.player as usize);
        Next::Play(side.map_or("", |s| side_label(g, s)).to_string())
    };
    set_turn(game, after, event);
    let mut said = Vec::new();
    let label = side_label(g, &side).to_string();
    if ends {
        let unit = unit.to_string();
        let failed = Said::FailedToActivate {
            unit,
            side: label,
            next,
        };
        said.push(failed.to_string());
    } else {
        match still_to_act(game, g, &side) {
            Some(line) => said.push(line),
            None => said.push(Said::AllActivated { side: label, next }.to_string()),
        }
    }
    Ok(said)
}

/// `umpire status` in player turns: whose turn, its steps, the pools, who acted.
pub(super) fn status(game: &Game, ruleset: &Ruleset, g: &GameDef, p: &PlayersDef) -> String {
    let t = &game.turn;
    let mut s = String::new();
    let now = match turn_step(p, t) {
        Some(at) => step_headline(p, t, at),
        None => headline(g, t),
    };
    let _ = writeln!(s, "Game {}, {}", game.name, lower_first(&now));
    let order: Vec<&str> = t.order.iter().map(|x| side_label(g, x)).collect();
    let _ = writeln!(s, "order: {}", order.join(", then "));
    if let Some(line) = steps_line(p) {
        let _ = writeln!(s, "{line}");
    }
    if let Some(pool) = &p.pool {
        for side in &t.order {
            if let Some(x) = t.pools.get(side) {
                let _ = writeln!(
                    s,
                    "{}: {} left of {}",
                    side_label(g, side),
                    pool.count(x.left),
                    x.rolled
                );
            }
        }
    }
    if let Some(unit) = &t.ended {
        let _ = writeln!(
            s,
            "the player turn ended when {unit} failed to activate (`umpire turn` passes play)"
        );
    }
    if chain_of(ruleset).is_some() {
        let acted: Vec<String> = game
            .units
            .iter()
            .filter(|u| activations_now(game, &u.name) > 0)
            .map(|u| match t.declared.get(&u.name) {
                // What it declared holds it: said beside it.
                Some(d) => format!("{} ({d})", u.name),
                None => u.name.clone(),
            })
            .collect();
        let _ = writeln!(
            s,
            "activated this player turn: {}",
            if acted.is_empty() {
                "no unit yet".to_string()
            } else {
                and_list(&acted)
            }
        );
        if let Some(side) = playing(game)
            && t.ended.is_none()
            && let Some(line) = still_to_act(game, g, side)
        {
            let _ = writeln!(s, "{line}");
        }
    }
    s
}

/// The turn rule's chain of activations, when it has one.
fn chain_of(ruleset: &Ruleset) -> Option<&ChainDef> {
    ruleset.model.turn.as_ref()?.players()?.chain.as_ref()
}

fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_lowercase().chain(c).collect())
        .unwrap_or_default()
}
