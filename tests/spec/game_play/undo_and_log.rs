//! Undo of a shot, the log of rolls with their outcome, faces and seed, and the after-action
//! report by turn.

use serde_json::Value;

use super::{Roster, line, skirmish};

#[test]
fn undo_of_a_shot_puts_back_the_targets_and_the_firers_markers() {
    let t = skirmish();
    t.ok(&["mark", "CF1", "+pinned"]);
    t.ok(&["mark", "CF2", "+light"]);
    let before = t.state_bytes();
    // A light wound on a pinned target.
    t.ok(&[
        "roll", "shoot", "--firer", "RF1", "--target", "CF1", "--dice", "5,4", "--dice", "4,1",
    ]);
    assert_eq!(t.fig("CF1"), "CF1: light wound (blue), pinned (purple)");
    assert_eq!(
        t.ok(&["undo"]),
        "Undone: #7: shoot (RF1 at CF1): Hit › Light wound; RF1: +must load; CF1: +light wound\n"
    );
    assert_eq!(t.fig("CF1"), "CF1: pinned (purple)");
    // A kill: the figure comes back into play with its wound.
    t.ok(&[
        "roll", "shoot", "--firer", "RF1", "--target", "CF2", "--dice", "5,4", "--dice", "4,1",
    ]);
    assert_eq!(t.fig("CF2"), "CF2: dead, light wound (blue)");
    t.ok(&["undo"]);
    assert_eq!(t.fig("CF2"), "CF2: light wound (blue)");
    assert!(!t.figs_row("CF2").1, "CF2 is back in play");
    // A misfire: the firer's markers go (a rifle must load after it, too).
    t.ok(&[
        "roll", "shoot", "--firer", "RF2", "--target", "CF1", "--dice", "6,6",
    ]);
    assert_eq!(
        t.fig("RF2"),
        "RF2: misfire (white), must load (grey), actions 1, phase-actions 1, shots 1"
    );
    t.ok(&["undo"]);
    assert_eq!(t.fig("RF2"), "RF2: no markers");
    // Everything but the event count is as it was.
    let strip = |bytes: &[u8]| {
        let mut v: Value = serde_json::from_slice(bytes)
            .unwrap_or_else(|e| panic!("game.json does not parse: {e}"));
        for key in ["seq", "log-len"] {
            v.as_object_mut().map(|o| o.remove(key));
        }
        v
    };
    assert_eq!(strip(&t.state_bytes()), strip(&before));
}

#[test]
fn the_log_shows_rolls_with_their_outcome_and_keeps_their_faces_and_seed() {
    let t = skirmish();
    t.ok(&["turn"]);
    t.ok(&["draw", "--bead", "red"]);
    t.ok(&[
        "roll", "shoot", "--firer", "RF1", "--target", "CF1", "--dice", "5,4", "--seed", "42",
    ]);
    let log = t.ok(&["log"]);
    let last = log.lines().last().unwrap_or_default();
    // The hit-result roll was thrown with seed 42; whatever it was, the log line carries it.
    let event = t.events().pop().unwrap_or_else(|| panic!("no event"));
    let summary = event["summary"].as_str().unwrap_or_default();
    assert!(
        summary.starts_with("shoot (RF1 at CF1): Hit › "),
        "{summary}"
    );
    assert_eq!(
        last,
        format!("#7 turn 1: {summary}  [roll shoot --firer RF1 --target CF1 --dice 5,4 --seed 42]")
    );
    let faces = event["detail"]["faces"]
        .as_array()
        .unwrap_or_else(|| panic!("no faces in {event}"));
    assert_eq!(faces.len(), 2, "{event}");
    assert_eq!(faces[0], "5,4");
    assert_eq!(event["detail"]["seed"], 42);
    assert_eq!(event["detail"]["entered"], 1);
    // Undone and rolled again with the same dice and seed, it is the same roll.
    t.ok(&["undo"]);
    let replay = t.ok(&[
        "roll", "shoot", "--firer", "RF1", "--target", "CF1", "--dice", "5,4", "--seed", "42",
    ]);
    let outcome = summary
        .strip_prefix("shoot (RF1 at CF1): ")
        .and_then(|s| s.split(';').next())
        .unwrap_or_default();
    assert_eq!(line(&replay, "outcome: "), format!("outcome: {outcome}"));
    assert_eq!(
        line(&replay, "dice: "),
        "dice: 1 entered, 1 rolled (seed 42; replay with --seed 42)"
    );
    assert_eq!(
        t.events().pop().unwrap_or_else(|| panic!("no event"))["detail"],
        event["detail"]
    );
    // Taken back again, so that a wound it gave owes no check at once.
    t.ok(&["undo"]);

    // Entered dice only: the log keeps both throws and the seed that was not needed.
    t.ok(&[
        "roll", "shoot", "--firer", "RF2", "--target", "MF1", "--dice", "5,4", "--dice", "4,1",
        "--seed", "9",
    ]);
    let event = t.events().pop().unwrap_or_else(|| panic!("no event"));
    assert_eq!(
        event["detail"],
        serde_json::json!({"entered": 2, "faces": ["5,4", "4,1"], "seed": 9})
    );
    // 4+1 +2 militia = 7: a severe wound.
    assert_eq!(
        event["summary"],
        "shoot (RF2 at MF1): Hit › Severe wound; RF2: +must load; MF1: +severe wound"
    );
    assert_eq!(
        t.ok(&["log", "--last", "1"]),
        format!(
            "#{} turn 1: shoot (RF2 at MF1): Hit › Severe wound; RF2: +must load; MF1: +severe wound  \
             [roll shoot --firer RF2 --target MF1 --dice 5,4 --dice 4,1 --seed 9]\n",
            event["id"]
        )
    );
}

#[test]
fn the_after_action_report_groups_events_by_turn_and_leaves_out_undone_ones() {
    let t = skirmish();
    t.ok(&["mark", "MF2", "+prone"]);
    t.ok(&["turn", "--phases", "2", "--beads", "1"]);
    t.ok(&["draw", "--bead", "red"]);
    t.ok(&[
        "roll", "shoot", "--firer", "RF1", "--target", "CF1", "--dice", "5,4", "--dice", "4,1",
    ]);
    // Taken back: not in the report.
    t.ok(&["roll", "--next", "--dice", "1,1", "--dice", "2,2"]);
    t.ok(&["undo"]);
    t.ok(&["roll", "--next", "--dice", "6,6"]);
    t.ok(&["turn", "--phases", "2", "--beads", "1"]);
    t.ok(&["draw", "--bead", "red"]);
    t.ok(&["activate", "rangers"]);
    assert_eq!(
        t.ok(&["log", "--markdown"]),
        "# After-action report: g

*La Petite Guerre*, 12 events.

## Before the first turn

- Unit rangers (british, troop rangers): 2 figures, RR1-RR2
- Unit rifles (british, troop regulars, weapon rifle): 2 figures, RF1-RF2
- Unit coureurs (french, troop coureurs): 3 figures, CF1-CF3
- Unit militia (french, troop militia): 2 figures, MF1-MF2
- MF2: +prone

## Turn 1

- Turn 1: 2 phases; 1 bead a side in the bag (units in play: british 2, french 2)
- Turn 1, phase 1 of 2: red bead: British and colonials (from the cup); left in the bag: 0 red, 1 white
- shoot (RF1 at CF1): Hit › Light wound; RF1: +must load; CF1: +light wound
- morale (CF1, reason=wound): Pass

## Turn 2

- Turn 2: 2 phases; 1 bead a side in the bag (units in play: british 2, french 2)
- Turn 2, phase 1 of 2: red bead: British and colonials (from the cup); left in the bag: 0 red, 1 white
- rangers acts in phase 1 (activation 1 of 2 this turn)

## Where it stands

- British and colonials: 4 of 4 figures in play
- French and allies: 5 of 5 figures in play
"
    );
    // The plain log still shows the undone roll and the undo.
    let log = t.ok(&["log"]);
    assert!(
        log.contains("#9 turn 1: morale (CF1, reason=wound): Fail › 4 inches; CF1: failed morale checks this turn 1  [roll --next --dice 1,1 --dice 2,2]\n"),
        "{log}"
    );
    assert!(
        log.contains("#10 turn 1: undid #9: morale (CF1, reason=wound): Fail › 4 inches; CF1: failed morale checks this turn 1  [undo]\n"),
        "{log}"
    );
}
