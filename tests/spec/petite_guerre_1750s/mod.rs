//! La Petite Guerre – 1750s (rule document 001) played as a game through the binary: player
//! turns whose first side the umpire names, each man's actions counted (two a turn, one when
//! wounded, the second at -1), markers that block actions or last to the end of the next turn,
//! the shot the modifiers make impossible falling back to blind fire, hand to hand of several
//! against one with a throw against each, a broken man's run when each turn starts, and the
//! targets each man has acquired.

mod acquired;
mod actions;
mod fights;
mod sequence;

use crate::support::Table;

/// A game on turn 1, the British playing first: rangers RA1-RA2 (B, rifles), grenadiers GR1
/// (C, muskets) and Ottawa OT1-OT4 (A, bows); RA1 has acquired OT1, GR1 OT2 and OT1 RA2.
fn game() -> Table {
    let t = Table::empty();
    for args in [
        &["game", "new", "braddock", "--rules", "1750s"][..],
        &[
            "unit",
            "add",
            "rangers",
            "--side",
            "british",
            "grade=b",
            "weapon=rifle",
            "--figures",
            "2",
        ],
        &[
            "unit",
            "add",
            "grenadiers",
            "--side",
            "british",
            "grade=c",
            "weapon=musket",
            "--figures",
            "1",
        ],
        &[
            "unit",
            "add",
            "ottawa",
            "--side",
            "french",
            "grade=a",
            "weapon=bow",
            "--figures",
            "4",
        ],
        &["turn", "--first", "british"],
        &["mark", "RA1", "+acquired:OT1"],
        &["mark", "GR1", "+acquired:OT2"],
        &["mark", "OT1", "+acquired:RA2"],
    ] {
        t.ok(args);
    }
    t
}

/// One figure as the game's state keeps it (null when there is none).
fn figure(t: &Table, code: &str) -> serde_json::Value {
    let state = t.state_of("braddock");
    let figures = state["figures"].as_array().cloned().unwrap_or_default();
    figures
        .into_iter()
        .find(|f| f["code"] == code)
        .unwrap_or_default()
}

/// The markers of one figure, from the game's state.
fn markers(t: &Table, code: &str) -> Vec<String> {
    figure(t, code)["markers"]
        .as_array()
        .map(|m| {
            m.iter()
                .filter_map(|x| x.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// A figure's count of actions this turn, from the game's state (0 when none is kept).
fn actions(t: &Table, code: &str) -> i64 {
    figure(t, code)["counters"]["actions"].as_i64().unwrap_or(0)
}
