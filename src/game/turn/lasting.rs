//! Markers that come off by themselves: where play stands, the point a marker put on now lasts
//! until, and taking off the markers whose point play has passed.

use crate::error::Result;
use crate::game::lookup::{game_def, marker_label};
use crate::game::said::Said;
use crate::game::state::{Event, Game};
use crate::model::{Lasts, Ruleset, TurnOrder};

/// Where play stands: the turn, and the player turn by its place from 1 (1 in a draw).
pub(super) fn now(game: &Game) -> [u32; 2] {
    [game.turn.number, game.turn.player.max(1)]
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

/// Take off the markers whose point play has passed (`passed`: the point just left).
pub(super) fn expire(
    game: &mut Game,
    ruleset: &Ruleset,
    passed: [u32; 2],
    event: &mut Event,
) -> Result<Vec<String>> {
    let g = game_def(ruleset)?;
    let due: Vec<_> = game
        .figures
        .iter()
        .filter(|f| f.until.values().any(|u| *u <= passed))
        .cloned()
        .collect();
    let mut said = Vec::new();
    for mut f in due {
        let gone: Vec<String> = f
            .until
            .iter()
            .filter(|(_, u)| **u <= passed)
            .map(|(m, _)| m.clone())
            .collect();
        for m in &gone {
            f.until.remove(m);
            // A marker taken off by hand meanwhile leaves only its time to drop.
            if f.state.is_none() && f.markers.contains(m) {
                f.markers.retain(|x| x != m);
                let lasts = g
                    .markers
                    .iter()
                    .find(|d| d.name == *m)
                    .and_then(|d| d.lasts);
                let off = Said::ComesOff {
                    figure: f.code.clone(),
                    marker: marker_label(g, m).to_string(),
                    lasts,
                };
                said.push(off.to_string());
            }
        }
        let code = f.code.clone();
        game.apply(game.figure_change(&code, Some(f)), event);
    }
    Ok(said)
}
