//! Markers that come off by themselves: taking off the markers whose point play has passed
//! (the point one lasts until is set where it is put on, in `markers`).

use crate::error::Result;
use crate::game::lookup::{game_def, marker_label};
use crate::game::said::Said;
use crate::game::state::{Event, Game};
use crate::model::Ruleset;

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
