//! A figure's markers and states as the umpire changes them: put on and taken off with the
//! rules that come with them (the state a second marker brings, the point of play a marker
//! lasts until), and cleared. A part of a figure's state: the counters put markers on through
//! it, and the roster and the turn sit above it.

use crate::error::{Error, Result};
use crate::game::lookup::{Mark, figure, game_def, marker, marker_label, now, state, state_label};
use crate::game::said::Said;
use crate::game::state::{Event, Figure, Game};
use crate::model::{GameDef, Lasts, Ruleset, TurnOrder};

/// Apply marker and state changes to one figure, with the ruleset's rules (a second wound
/// kills). Refuses, changing nothing, when a change is impossible. Returns what was done.
pub fn mark(
    game: &mut Game,
    ruleset: &Ruleset,
    code: &str,
    marks: &[Mark],
    event: &mut Event,
) -> Result<Vec<String>> {
    let g = game_def(ruleset)?;
    let before = figure(game, code)?.clone();
    // Each marker once per command: a repeat would otherwise be checked against the change just
    // made ("already marked") instead of against the figure as it was.
    let named = |m: &Mark| match m {
        Mark::Add(n) | Mark::Remove(n) => n.clone(),
    };
    for (i, m) in marks.iter().enumerate() {
        if let Some(first) = marks.iter().take(i).find(|x| named(x) == named(m)) {
            let word = |m: &Mark| match m {
                Mark::Add(n) => format!("+{n}"),
                Mark::Remove(n) => format!("-{n}"),
            };
            let message = if first == m {
                format!("`{}` is given twice", word(m))
            } else {
                format!("`{}` and `{}` cancel out", word(first), word(m))
            };
            return Err(Error::usage(message).with_hint("name each marker once per command"));
        }
    }
    let mut fig = before.clone();
    let mut said = Vec::new();
    for m in marks {
        match m {
            Mark::Add(name) if state(g, name).is_some() => {
                if let Some(s) = &fig.state {
                    return Err(Error::usage(format!(
                        "{} is already {}",
                        fig.code,
                        state_label(g, s)
                    )));
                }
                fig.state = Some(name.clone());
                let state = state_label(g, name).to_string();
                let figure = fig.code.clone();
                said.push(Said::Out { figure, state }.to_string());
            }
            Mark::Remove(name) if state(g, name).is_some() => {
                if fig.state.as_deref() != Some(name.as_str()) {
                    return Err(Error::usage(format!(
                        "{} is not {}",
                        fig.code,
                        state_label(g, name)
                    )));
                }
                fig.state = None;
                let figure = fig.code.clone();
                said.push(Said::Back { figure }.to_string());
            }
            Mark::Add(name) => {
                if let Some(s) = &fig.state {
                    return Err(Error::usage(format!(
                        "{} is {}: it takes no markers",
                        fig.code,
                        state_label(g, s)
                    ))
                    .with_hint(format!(
                        "`umpire mark {} -{s}` if that was a mistake",
                        fig.code
                    )));
                }
                if fig.markers.contains(name) {
                    return Err(Error::usage(format!(
                        "{} is already marked {}",
                        fig.code,
                        marker_label(g, name)
                    ))
                    .with_hint(format!("`umpire fig show {}` shows its markers", fig.code)));
                }
                if marker(g, name).is_none() {
                    return Err(Error::failure("marker vanished"));
                }
                if let Some(line) = if_already(g, &mut fig, name) {
                    said.push(line);
                    continue;
                }
                fig.markers.push(name.clone());
                // Markers in the ruleset's order, whatever order they came in.
                fig.markers.sort_by_key(|m| {
                    g.markers
                        .iter()
                        .position(|d| &d.name == m)
                        .unwrap_or(usize::MAX)
                });
                let lasts = marker(g, name).and_then(|m| m.lasts);
                let until = lasts.map(|l| until(game, ruleset, l));
                let lasting = match (lasts, until) {
                    (Some(l), Some(at)) => {
                        fig.until.insert(name.clone(), at);
                        Some(l)
                    }
                    _ => None,
                };
                let on = Said::MarkerOn {
                    figure: fig.code.clone(),
                    marker: marker_label(g, name).to_string(),
                    lasting,
                };
                said.push(on.to_string());
            }
            Mark::Remove(name) => {
                let Some(at) = fig.markers.iter().position(|m| m == name) else {
                    return Err(Error::usage(format!(
                        "{} is not marked {}",
                        fig.code,
                        marker_label(g, name)
                    ))
                    .with_hint(format!("`umpire fig show {}` shows its markers", fig.code)));
                };
                fig.markers.remove(at);
                fig.until.remove(name);
                let off = Said::MarkerOff {
                    figure: fig.code.clone(),
                    marker: marker_label(g, name).to_string(),
                };
                said.push(off.to_string());
            }
        }
    }
    if fig != before {
        let code = fig.code.clone();
        game.apply(game.figure_change(&code, Some(fig)), event);
    }
    Ok(said)
}

/// Marker `name`'s rule for a figure that already carries one of those it names
/// (`if-already`): the figure takes the rule's state, and the line that says so is returned;
/// nothing changes when the rule does not hold.
pub fn if_already(g: &GameDef, fig: &mut Figure, name: &str) -> Option<String> {
    let rule = marker(g, name)?.if_already.as_ref()?;
    if !fig.markers.iter().any(|m| rule.any.contains(m)) {
        return None;
    }
    fig.state = Some(rule.state.clone());
    let said = Said::SecondRule {
        figure: fig.code.clone(),
        rule: rule.label.clone(),
        state: state_label(g, &rule.state).to_string(),
    };
    Some(said.to_string())
}

/// Take every marker off a figure (its state stays).
pub fn clear(
    game: &mut Game,
    ruleset: &Ruleset,
    code: &str,
    event: &mut Event,
) -> Result<Vec<String>> {
    let fig = figure(game, code)?.clone();
    let marks: Vec<Mark> = fig
        .markers
        .iter()
        .map(|m| Mark::Remove(m.clone()))
        .collect();
    if marks.is_empty() {
        return Err(Error::usage(format!(
            "{} has no markers to clear",
            fig.code
        )));
    }
    mark(game, ruleset, code, &marks, event)
}

/// Player turns in a turn: one a side, or one in a draw.
fn players(ruleset: &Ruleset) -> u32 {
    match (&ruleset.model.turn, &ruleset.model.game) {
        (Some(t), Some(g)) if matches!(t.order, TurnOrder::Players(_)) => {
            u32::try_from(g.sides.len()).unwrap_or(u32::MAX)
        }
        _ => 1,
    }
}

/// The point a marker put on now lasts until: the end of this player turn, of this turn, or
/// of the next.
pub fn until(game: &Game, ruleset: &Ruleset, lasts: Lasts) -> [u32; 2] {
    let [turn, player] = now(game);
    let last = players(ruleset).max(player);
    match lasts {
        Lasts::PlayerTurn => [turn, player],
        Lasts::Turn => [turn, last],
        Lasts::NextTurn => [turn.saturating_add(1), last],
    }
}
