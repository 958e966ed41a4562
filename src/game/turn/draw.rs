//! The draw: phases per turn and tokens per side from the ruleset's turn rule and the roster,
//! tokens drawn from the bag (by the tool or by hand from a real cup), react tokens held and
//! spent, and the activations a unit may make in a turn. The table names its tokens; every
//! message here says the table's word.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::{Start, and_list, check_turn_going, set_turn, turn_def};
use crate::engine::dice::DiceSource;
use crate::engine::fraction::Fraction;
use crate::error::{Error, Refusal, Result};
use crate::game::lookup::{game_def, side_label};
use crate::game::ruling::{Acting, Umpire};
use crate::game::said::Said;
use crate::game::state::{Event, Game, Held, Turn, Unit};
use crate::model::Ruleset;
use crate::model::{DrawDef, DrawTurn, GameDef, Rounding, TurnDef, WhichSide};
use crate::suggest::same;
use crate::words::{times, with_article};

/// The turn rule and its draw; a rule of player turns has none to draw from.
fn the_draw(ruleset: &Ruleset) -> Result<(&TurnDef, &DrawTurn)> {
    let t = turn_def(ruleset)?;
    let d = t.draw().ok_or_else(|| {
        Error::usage(format!(
            "{} plays in player turns: there is no draw",
            ruleset.model.title
        ))
        .with_hint("`umpire turn` passes play to the next player")
    })?;
    Ok((t, d))
}

/// Held react tokens are the turn rule's to allow.
fn reacts(ruleset: &Ruleset) -> Result<&DrawDef> {
    let (_, t) = the_draw(ruleset)?;
    match t.react {
        Some(_) => Ok(&t.draw),
        None => Err(Error::usage(format!(
            "{}'s turn rule has no react {}",
            ruleset.model.title,
            t.draw.plural()
        ))
        .with_hint("a `react: {hold: 1}` entry in its `turn:` section allows them")),
    }
}

/// `no chit has been drawn this turn`, refused before anything that needs a phase.
fn nothing_drawn(d: &DrawDef) -> Error {
    Error::usage(format!("no {} has been drawn this turn", d.token))
        .with_hint("`umpire draw` first")
}

/// Units with at least one figure still in the game, by side.
pub fn units_in_play(game: &Game, g: &GameDef) -> BTreeMap<String, u32> {
    let mut count: BTreeMap<String, u32> = g.sides.iter().map(|s| (s.name.clone(), 0)).collect();
    for u in &game.units {
        if game.figures_of(&u.name).iter().any(|f| f.state.is_none()) {
            *count.entry(u.side.clone()).or_default() += 1;
        }
    }
    count
}

fn pick(count: &BTreeMap<String, u32>, which: WhichSide) -> u32 {
    let values = count.values().copied();
    match which {
        WhichSide::Larger => values.max(),
        WhichSide::Smaller => values.min(),
    }
    .unwrap_or(0)
}

/// Phases in a turn and tokens per side, as the turn rule reads for this roster.
pub fn sizes(t: &DrawTurn, count: &BTreeMap<String, u32>) -> (u32, u32) {
    let base = u64::from(pick(count, t.phases.of));
    let scaled = base * u64::from(t.phases.percent);
    let phases = match t.phases.rounding {
        Rounding::HalfUp => (scaled + 50) / 100,
        Rounding::Down => scaled / 100,
        Rounding::Up => scaled.div_ceil(100),
    };
    let phases = u32::try_from(phases).unwrap_or(u32::MAX).max(t.phases.min);
    (phases, pick(count, t.draw.per_side))
}

/// The side's token as a message says it: `red chit`.
fn token_of(g: &GameDef, d: &DrawDef, side: &str) -> String {
    let which = g
        .sides
        .iter()
        .find(|s| s.name == side)
        .map_or(side, |s| s.token_or_name());
    format!("{which} {}", d.token)
}

/// Start the next turn: a full bag, no tokens held.
pub(super) fn start(
    game: &mut Game,
    g: &GameDef,
    t: &DrawTurn,
    start: Start<'_>,
    event: &mut Event,
) -> Result<Vec<String>> {
    let d = &t.draw;
    if let Some(side) = start.first {
        return Err(Error::usage(format!(
            "in a draw no side plays first: `{side}` has nothing to say"
        ))
        .with_hint("leave out --first; `umpire draw` gives the phases"));
    }
    let count = units_in_play(game, g);
    let (rule_phases, rule_tokens) = sizes(t, &count);
    let phases = start.phases.unwrap_or(rule_phases);
    let tokens = start.tokens.unwrap_or(rule_tokens);
    if phases == 0 || tokens == 0 {
        let plural = |n: u32, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
        return Err(Error::usage(format!(
            "a turn needs phases and {}; this one would have {} and {} a side",
            d.plural(),
            plural(phases, "phase"),
            d.count(u64::from(tokens))
        ))
        .with_hint(format!(
            "add units to both sides, or give --phases and --{}",
            d.plural()
        )));
    }
    if u64::from(tokens) * count.len() as u64 > 1000 || phases > 1000 {
        return Err(Error::usage(format!(
            "at most 1000 phases and {} in a turn",
            d.plural()
        )));
    }
    let mut said = vec![];
    let next = game.turn.number.saturating_add(1);
    let after = Turn {
        number: next,
        phases,
        bag: g.sides.iter().map(|s| (s.name.clone(), tokens)).collect(),
        ..Turn::default()
    };
    let counts: Vec<String> = count.iter().map(|(s, n)| format!("{s} {n}")).collect();
    let in_bag = u64::from(tokens) * g.sides.len() as u64;
    let short = (in_bag < u64::from(phases)).then(|| {
        Said::ShortBag {
            tokens: d.count(in_bag),
            phases: in_bag,
        }
        .to_string()
    });
    let started = Said::DrawTurn {
        turn: next,
        phases,
        tokens: d.count(u64::from(tokens)),
        units: counts,
    };
    said.push(started.to_string());
    said.extend(short);
    set_turn(game, after, event);
    Ok(said)
}

/// The side whose token it is in the current phase.
pub fn phase_side(game: &Game) -> Option<&str> {
    game.turn.drawn.last().map(String::as_str)
}

/// Draw a token: `token` (one drawn by hand from a real cup: its name or its side's), else
/// one at random.
pub fn draw(
    game: &mut Game,
    ruleset: &Ruleset,
    token: Option<&str>,
    source: &mut DiceSource,
    event: &mut Event,
) -> Result<Vec<String>> {
    let g = game_def(ruleset)?;
    let d = &the_draw(ruleset)?.1.draw;
    check_turn_going(game)?;
    let t = &game.turn;
    let done = u32::try_from(t.drawn.len()).unwrap_or(u32::MAX);
    if done >= t.phases {
        return Err(Error::usage(format!(
            "all {} phases of turn {} are done",
            t.phases, t.number
        ))
        .with_hint("`umpire turn` starts the next"));
    }
    let left: u32 = t.bag.values().sum();
    if left == 0 {
        return Err(
            Error::usage("the bag is empty").with_hint("`umpire turn` starts the next turn")
        );
    }
    let side = match token {
        Some(word) => {
            let side = g
                .sides
                .iter()
                .find(|s| {
                    s.token.as_deref().is_some_and(|t| same(t, word))
                        || same(&s.name, word)
                        || s.aliases.iter().any(|a| same(a, word))
                })
                .ok_or_else(|| {
                    let known: Vec<&str> = g.sides.iter().map(|s| s.token_or_name()).collect();
                    Error::usage(format!(
                        "no `{word}` {}; the {} are {}",
                        d.plural(),
                        d.plural(),
                        known.join(", ")
                    ))
                    .with_hint_opt(crate::suggest::did_you_mean(word, known.iter().copied()))
                })?;
            if t.bag.get(&side.name).copied().unwrap_or(0) == 0 {
                return Err(Error::usage(format!(
                    "no {} is left in the bag",
                    token_of(g, d, &side.name)
                ))
                .with_hint(format!("the bag holds: {}", bag_text(g, t).join(", "))));
            }
            side.name.clone()
        }
        None => {
            let mut n = source.pick(usize::try_from(left).unwrap_or(0));
            let mut chosen = String::new();
            for (s, k) in &t.bag {
                let k = usize::try_from(*k).unwrap_or(0);
                if n < k {
                    chosen.clone_from(s);
                    break;
                }
                n -= k;
            }
            chosen
        }
    };
    let mut after = game.turn.clone();
    if let Some(k) = after.bag.get_mut(&side) {
        *k = k.saturating_sub(1);
    }
    after.drawn.push(side.clone());
    let lost = after.reacting.take();
    let phase = after.drawn.len();
    let drawn = Said::Drawn {
        turn: after.number,
        phase,
        of: after.phases,
        token: token_of(g, d, &side),
        side: side_label(g, &side).to_string(),
        by_hand: token.is_some(),
    };
    let mut said = vec![drawn.to_string()];
    said.push(
        Said::LeftInBag {
            tokens: bag_text(g, &after),
        }
        .to_string(),
    );
    if let Some(r) = lost {
        let side = side_label(g, &r).to_string();
        said.push(Said::ReactionLost { side }.to_string());
    }
    let empty = after.bag.values().all(|k| *k == 0);
    if u32::try_from(phase).unwrap_or(u32::MAX) >= after.phases || empty {
        said.push(Said::LastPhase.to_string());
    }
    set_turn(game, after, event);
    Ok(said)
}

/// What is left in the bag, a side's tokens each: `1 red`.
fn bag_text(g: &GameDef, t: &Turn) -> Vec<String> {
    g.sides
        .iter()
        .map(|s| {
            let n = t.bag.get(&s.name).copied().unwrap_or(0);
            format!("{n} {}", s.token_or_name())
        })
        .collect()
}

/// Keep the token just drawn as its side's react token (one per side per turn).
pub fn hold(game: &mut Game, ruleset: &Ruleset, event: &mut Event) -> Result<Vec<String>> {
    let g = game_def(ruleset)?;
    let d = reacts(ruleset)?;
    check_turn_going(game)?;
    let Some(side) = phase_side(game).map(str::to_string) else {
        return Err(nothing_drawn(d));
    };
    let phase = u32::try_from(game.turn.drawn.len()).unwrap_or(u32::MAX);
    if let Some(h) = game.turn.held.get(&side) {
        return Err(Error::usage(format!(
            "{} already holds a react {} this turn (drawn in phase {})",
            side_label(g, &side),
            d.token,
            h.phase
        )));
    }
    if game.turn.activations.values().any(|ps| ps.contains(&phase)) {
        return Err(Error::usage(format!(
            "a unit already acted in phase {phase}: its {} cannot be held",
            d.token
        )));
    }
    let mut after = game.turn.clone();
    after.held.insert(
        side.clone(),
        Held {
            phase,
            spent: false,
        },
    );
    set_turn(game, after, event);
    let holds = Said::Holds {
        side: side_label(g, &side).to_string(),
        token: token_of(g, d, &side),
        phase,
    };
    Ok(vec![holds.to_string()])
}

/// Spend a side's react token: its next activation is the reaction.
pub fn react(
    game: &mut Game,
    ruleset: &Ruleset,
    word: &str,
    event: &mut Event,
) -> Result<Vec<String>> {
    let g = game_def(ruleset)?;
    let d = reacts(ruleset)?;
    check_turn_going(game)?;
    let side = crate::game::lookup::side(g, word)?.to_string();
    if phase_side(game) == Some(side.as_str()) {
        return Err(Error::usage(format!(
            "phase {} belongs to {} already: a react {} is for acting in the other side's phase",
            game.turn.drawn.len(),
            side_label(g, &side),
            d.token
        ))
        .with_hint("activate the unit in this phase with `umpire activate UNIT`"));
    }
    match game.turn.held.get(&side) {
        None => {
            return Err(Error::usage(format!(
                "{} holds no react {} this turn",
                side_label(g, &side),
                d.token
            ))
            .with_hint(format!("`umpire hold` keeps the {} just drawn", d.token)));
        }
        Some(h) if h.spent => {
            return Err(Error::usage(format!(
                "{} already spent its react {} this turn",
                side_label(g, &side),
                d.token
            )));
        }
        Some(_) => {}
    }
    let mut after = game.turn.clone();
    if let Some(h) = after.held.get_mut(&side) {
        h.spent = true;
    }
    after.reacting = Some(side.clone());
    set_turn(game, after, event);
    let side = side_label(g, &side).to_string();
    Ok(vec![Said::Reacts { side }.to_string()])
}

/// The rule of play a draw's refusals name: `Bead draw`.
fn draw_rule(d: &DrawDef) -> String {
    format!("{} draw", crate::words::capitalised(&d.token))
}

/// Whether a unit may act now in a draw: in a phase of its side (or of the side reacting), the
/// unit its token activates. Acting activates it when no unit of its side acted in the phase
/// yet. Refused: the refusal and what would make it legal.
pub fn draw_may_act(
    game: &Game,
    g: &GameDef,
    t: &DrawTurn,
    unit: &Unit,
) -> std::result::Result<Acting, (Refusal, Option<String>)> {
    let d = &t.draw;
    let phase = u32::try_from(game.turn.drawn.len()).unwrap_or(u32::MAX);
    let refusal = |why: String| Refusal {
        rule: draw_rule(d),
        who: unit.name.clone(),
        why,
    };
    let Some(side) = phase_side(game) else {
        return Err((
            refusal(format!(
                "no {} has been drawn in turn {}",
                d.token, game.turn.number
            )),
            Some(format!("`umpire draw` draws the first {}", d.token)),
        ));
    };
    let acted_in_phase = |name: &str| {
        game.turn
            .activations
            .get(name)
            .is_some_and(|ps| ps.contains(&phase))
    };
    if acted_in_phase(&unit.name) {
        return Ok(Acting { activates: false });
    }
    let reacting = game.turn.reacting.as_deref() == Some(unit.side.as_str());
    if side != unit.side && !reacting {
        let fix = if t.react.is_some() {
            format!(
                "a side acts out of its phases with a held react {}: `umpire react {}`",
                d.token, unit.side
            )
        } else {
            format!("`umpire draw` draws the next {}", d.token)
        };
        return Err((
            refusal(format!(
                "phase {phase} is for {} ({}), not {}",
                side_label(g, side),
                with_article(&token_of(g, d, side)),
                side_label(g, &unit.side)
            )),
            Some(fix),
        ));
    }
    let other = game
        .units
        .iter()
        .find(|u| u.side == unit.side && u.name != unit.name && acted_in_phase(&u.name));
    if let Some(other) = other.filter(|_| !reacting) {
        return Err((
            refusal(format!(
                "the {} of phase {phase} activated {}",
                token_of(g, d, side),
                other.name
            )),
            Some(format!("`umpire draw` draws the next {}", d.token)),
        ));
    }
    Ok(Acting { activates: true })
}

/// Record that a unit acts in this phase; refuse a third activation in one turn (unless the
/// umpire rules otherwise). Its figures' counts kept per activation start again.
pub fn activate(
    game: &mut Game,
    ruleset: &Ruleset,
    name: &str,
    umpire: Umpire<'_>,
    event: &mut Event,
) -> Result<Vec<String>> {
    let g = game_def(ruleset)?;
    let (rule, t) = the_draw(ruleset)?;
    let d = &t.draw;
    check_turn_going(game)?;
    let unit = crate::game::lookup::unit(game, name)?.clone();
    if !game
        .figures_of(&unit.name)
        .iter()
        .any(|f| f.state.is_none())
    {
        return Err(Error::usage(format!(
            "{} has no figure left in the game",
            unit.name
        )));
    }
    let phase = u32::try_from(game.turn.drawn.len()).unwrap_or(u32::MAX);
    let reacting = game.turn.reacting.as_deref() == Some(unit.side.as_str());
    let refusal = |why: String| Refusal {
        rule: draw_rule(d),
        who: unit.name.clone(),
        why,
    };
    match phase_side(game) {
        None => return Err(nothing_drawn(d)),
        Some(s) if s != unit.side && !reacting => {
            let why = format!(
                "phase {phase} is for {} ({}), not {}",
                side_label(g, s),
                with_article(&token_of(g, d, s)),
                side_label(g, &unit.side)
            );
            let fix = if t.react.is_some() {
                format!(
                    "to react out of turn, spend a held {} first: `umpire react {}`",
                    d.token, unit.side
                )
            } else {
                "a unit acts in a phase of its own side".to_string()
            };
            umpire.allow(refusal(why), Some(fix), event)?;
        }
        Some(_) => {}
    }
    if game
        .turn
        .held
        .get(&unit.side)
        .is_some_and(|h| h.phase == phase && !h.spent)
        && !reacting
    {
        let why = format!(
            "the {} of phase {phase} is held as a react {}; no unit acts on it now",
            d.token, d.token
        );
        umpire.allow(refusal(why), None, event)?;
    }
    let earlier = game
        .turn
        .activations
        .get(&unit.name)
        .cloned()
        .unwrap_or_default();
    if earlier.contains(&phase) {
        return Err(Error::usage(format!(
            "{} already acted in phase {phase}",
            unit.name
        )));
    }
    let limit = rule.activations;
    if let Some(most) = limit
        && earlier.len() >= most as usize
    {
        let list: Vec<String> = earlier.iter().map(u32::to_string).collect();
        let why = format!(
            "already acted {} this turn, in phase{} {}",
            times(u64::from(most)),
            if list.len() == 1 { "" } else { "s" },
            and_list(&list)
        );
        let fix = format!("a unit acts at most {} in a turn", times(u64::from(most)));
        umpire.allow(refusal(why), Some(fix), event)?;
    }
    let mut after = game.turn.clone();
    after
        .activations
        .entry(unit.name.clone())
        .or_default()
        .push(phase);
    if reacting {
        after.reacting = None;
    }
    let n = earlier.len() + 1;
    set_turn(game, after, event);
    super::reset_per_activation(game, g, &unit.name, event);
    let acts = Said::Acts {
        unit: unit.name.clone(),
        reacting,
        phase,
        activation: n,
        most: limit,
    };
    Ok(vec![acts.to_string()])
}

/// The chance that the next token drawn is each side's, exactly.
pub fn odds(game: &Game, ruleset: &Ruleset) -> Result<Vec<(String, Fraction)>> {
    let g = game_def(ruleset)?;
    the_draw(ruleset)?;
    check_turn_going(game)?;
    let left: u32 = game.turn.bag.values().sum();
    if left == 0 {
        return Err(
            Error::usage("the bag is empty").with_hint("`umpire turn` starts the next turn")
        );
    }
    Ok(g.sides
        .iter()
        .map(|s| {
            let k = game.turn.bag.get(&s.name).copied().unwrap_or(0);
            (
                format!("{} ({})", side_label(g, &s.name), s.token_or_name()),
                Fraction::new(u128::from(k), u128::from(left)),
            )
        })
        .collect())
}

/// `umpire status`: the turn, the phase, the bag, held tokens and who acted.
pub(super) fn status(game: &Game, g: &GameDef, rule: &DrawTurn) -> String {
    let t = &game.turn;
    let mut s = String::new();
    let d = &rule.draw;
    let phase = t.drawn.len();
    let _ = writeln!(
        s,
        "Game {}, turn {}: phase {phase} of {}",
        game.name, t.number, t.phases
    );
    if let Some(side) = phase_side(game) {
        let _ = writeln!(
            s,
            "this phase: {} ({})",
            side_label(g, side),
            token_of(g, d, side)
        );
    }
    let _ = writeln!(s, "in the bag: {}", bag_text(g, t).join(", "));
    for side in g.sides.iter().filter(|_| rule.react.is_some()) {
        let held = match t.held.get(&side.name) {
            Some(h) if h.spent => format!("react {} of phase {} spent", d.token, h.phase),
            Some(h) => format!("holds a react {} (phase {})", d.token, h.phase),
            None => format!("no react {} held", d.token),
        };
        let _ = writeln!(s, "{}: {held}", side_label(g, &side.name));
    }
    if let Some(r) = &t.reacting {
        let _ = writeln!(
            s,
            "{} is reacting: its next activation is the reaction",
            side_label(g, r)
        );
    }
    let _ = writeln!(s, "acted this turn:");
    let mut any = false;
    for u in &game.units {
        if let Some(ps) = t.activations.get(&u.name) {
            any = true;
            let list: Vec<String> = ps.iter().map(u32::to_string).collect();
            let _ = writeln!(s, "  {} ({}): phase {}", u.name, u.side, list.join(", "));
        }
    }
    if !any {
        let _ = writeln!(s, "  no unit yet");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::PhasesDef;

    fn rule() -> DrawTurn {
        DrawTurn {
            phases: PhasesDef {
                percent: 75,
                of: WhichSide::Larger,
                rounding: Rounding::HalfUp,
                min: 1,
            },
            draw: DrawDef {
                token: "chit".into(),
                tokens: None,
                per_side: WhichSide::Smaller,
            },
            react: None,
        }
    }

    fn count(a: u32, b: u32) -> BTreeMap<String, u32> {
        [("a".to_string(), a), ("b".to_string(), b)].into()
    }

    #[test]
    fn phases_are_three_quarters_of_the_larger_side_halves_up() {
        // The README's readings: 7 units give 5 phases, 6 give 5 (4.5 up), 4 give 3.
        assert_eq!(sizes(&rule(), &count(7, 3)).0, 5);
        assert_eq!(sizes(&rule(), &count(6, 2)).0, 5);
        assert_eq!(sizes(&rule(), &count(4, 4)).0, 3);
        assert_eq!(sizes(&rule(), &count(1, 1)).0, 1);
    }

    #[test]
    fn tokens_are_the_smaller_sides_units() {
        assert_eq!(sizes(&rule(), &count(7, 3)).1, 3);
    }
}
