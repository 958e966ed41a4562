//! The end of a phase (the next draw, or the next turn): every panicked figure in play flees
//! 2d6 inches, rolled at once with the seeded generator and logged, or owed as a roll for the
//! dice thrown at the table.

use super::skirmish;
use crate::support::Table;

/// The skirmish in turn 1, phase 1 (the red bead from the cup), with CF1 panicked and MF1
/// panicked but dead.
fn panicked() -> Table {
    let t = skirmish();
    t.ok(&["turn"]);
    t.ok(&["draw", "--bead", "red"]);
    t.ok(&["mark", "CF1", "+panicked"]);
    t.ok(&["mark", "MF1", "+panicked", "+dead"]);
    t
}

#[test]
fn the_next_draw_ends_the_phase_and_each_panicked_figure_in_play_flees_2d6() {
    let t = panicked();
    assert_eq!(
        t.ok(&["draw", "--seed", "7"]),
        "end of phase 1: CF1 (panicked) flight: 7 inches [2d6: 2 5]\n\
         Turn 1, phase 2 of 2: red bead: British and colonials\n\
         left in the bag: 0 red, 2 white\n\
         that is the last phase of the turn; `umpire turn` starts the next\n\
         dice: 0 entered, 1 rolled (seed 7; replay with --seed 7)\n"
    );
    // The next turn ends the last phase of this one.
    assert_eq!(
        t.ok(&["turn", "--seed", "3"]),
        "end of phase 2: CF1 (panicked) flight: 5 inches [2d6: 1 4]\n\
         Turn 2: 2 phases; 2 beads a side in the bag (units in play: british 2, french 2)\n\
         dice: 0 entered, 1 rolled (seed 3; replay with --seed 3)\n"
    );
    // No phase was going: the first draw of a turn ends none.
    assert_eq!(
        t.ok(&["draw", "--bead", "red"]),
        "Turn 2, phase 1 of 2: red bead: British and colonials (from the cup)\n\
         left in the bag: 1 red, 2 white\n"
    );
    let log = t.ok(&["log", "--last", "3"]);
    assert!(
        log.contains(
            "turn 1: end of phase 1: CF1 (panicked) flight: 7 inches [2d6: 2 5]; Turn 1, \
             phase 2 of 2: red bead: British and colonials; left in the bag: 0 red, 2 white  \
             [draw --seed 7]\n"
        ),
        "{log}"
    );
    assert!(
        log.contains("turn 2: end of phase 2: CF1 (panicked) flight: 5 inches [2d6: 1 4]; Turn 2"),
        "{log}"
    );
    // In its side's phase, a figure that passed its check to stop fleeing flees no more.
    let out = t.ok(&["draw", "--bead", "white"]);
    assert!(
        out.contains("end of phase 1: CF1 (panicked) flight"),
        "{out}"
    );
    t.ok(&[
        "roll",
        "morale",
        "--fig",
        "CF1",
        "reason=rally",
        "--dice",
        "6,6",
    ]);
    let out = t.ok(&["turn"]);
    assert!(!out.contains("end of phase"), "{out}");
}

#[test]
fn with_dice_thrown_at_the_table_the_flight_is_owed_once_and_made_with_roll_next() {
    let t = panicked();
    t.ok(&["config", "dice", "physical"]);
    let out = t.ok(&["draw", "--bead", "white"]);
    assert!(
        out.starts_with("end of phase 1: CF1 owes flight\n"),
        "{out}"
    );
    assert!(!out.contains("dice:"), "{out}");
    let status = t.ok(&["status"]);
    assert!(
        status.ends_with("  1. CF1 flight: panicked [#9 end of phase 1]\n"),
        "{status}"
    );
    // Not made by the next phase's end: owed once, not twice.
    let out = t.ok(&["turn"]);
    assert!(
        out.starts_with("end of phase 2: CF1 already owes flight\n"),
        "{out}"
    );
    let out = t.ok(&["roll", "--next", "--dice", "3,4"]);
    assert!(
        out.starts_with("check 1 of 1 owed: CF1 flight: panicked [#9 end of phase 1]\n"),
        "{out}"
    );
    assert!(
        out.ends_with(
            "outcome: 7 inches\nchanges:\n  CF1 made the flight it owed\n\
             dice: 1 entered, 0 rolled\n"
        ),
        "{out}"
    );
    // Undo of the roll owes it again; undo of the draw takes back what the phase's end owed.
    t.ok(&["undo"]);
    t.ok(&["undo"]);
    t.ok(&["undo"]);
    assert!(!t.ok(&["status"]).contains("checks owed"));
    t.assert_log_matches_state("g");
}
