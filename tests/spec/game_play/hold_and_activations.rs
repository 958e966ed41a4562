//! Held and spent react beads, and activations: a unit acts in its side's phase, once a phase
//! and twice a turn, and not at all with no figure left in play.

use crate::support::parsed;

use super::{line, skirmish};

// ----- hold and react ---------------------------------------------------------------------------

#[test]
fn a_held_bead_is_a_phase_one_a_side_a_turn_and_its_reaction_acts_in_the_other_sides_phase() {
    let t = skirmish();
    t.ok(&["turn", "--phases", "6", "--beads", "3"]);
    assert_eq!(
        t.refused(&["hold"]),
        "no bead has been drawn this turn (`umpire draw` first)"
    );
    t.ok(&["draw", "--bead", "red"]);
    assert_eq!(
        t.ok(&["hold"]),
        "British and colonials holds the red bead of phase 1 to react later this turn\n"
    );
    // The held bead's phase passes without an activation.
    assert_eq!(
        t.refused(&["activate", "rangers"]),
        "Bead draw refuses rangers: the bead of phase 1 is held as a react bead; no unit acts on \
         it now (or rule otherwise with `--anyway \"WHY\"`)"
    );
    // It still counts as a phase: the next bead is phase 2.
    assert_eq!(
        line(&t.ok(&["draw", "--bead", "red"]), "Turn "),
        "Turn 1, phase 2 of 6: red bead: British and colonials (from the cup)"
    );
    assert_eq!(
        t.refused(&["hold"]),
        "British and colonials already holds a react bead this turn (drawn in phase 1)"
    );
    t.ok(&["activate", "rifles"]);

    // The french phase: the british spend their react bead and act in it.
    t.ok(&["draw", "--bead", "white"]);
    assert_eq!(
        t.refused(&["react", "french"]),
        "phase 3 belongs to French and allies already: a react bead is for acting in the other side's phase \
         (activate the unit in this phase with `umpire activate UNIT`)"
    );
    t.ok(&["activate", "coureurs"]);
    assert_eq!(
        t.refused(&["hold"]),
        "a unit already acted in phase 3: its bead cannot be held"
    );
    assert_eq!(
        t.ok(&["react", "brits"]),
        "British and colonials reacts: activate the reacting unit with `umpire activate UNIT`\n"
    );
    assert_eq!(
        t.ok(&["status"]),
        "Game g, turn 1: phase 3 of 6\n\
         this phase: French and allies (white bead)\n\
         in the bag: 1 red, 2 white\n\
         British and colonials: react bead of phase 1 spent\n\
         French and allies: no react bead held\n\
         British and colonials is reacting: its next activation is the reaction\n\
         acted this turn:\n  \
         rifles (british): phase 2\n  \
         coureurs (french): phase 3\n"
    );
    assert_eq!(
        t.ok(&["activate", "rangers"]),
        "rangers acts, reacting, in phase 3 (activation 1 of 2 this turn)\n"
    );
    // One reaction only: the bead is spent.
    assert_eq!(
        t.refused(&["activate", "rifles"]),
        "Bead draw refuses rifles: phase 3 is for French and allies (a white bead), not British \
         and colonials (to react out of turn, spend a held bead first: `umpire react british`; or \
         rule otherwise with `--anyway \"WHY\"`)"
    );
    assert_eq!(
        t.refused(&["react", "british"]),
        "British and colonials already spent its react bead this turn"
    );
    assert_eq!(
        line(&t.ok(&["status"]), "  rangers"),
        "  rangers (british): phase 3"
    );
}

#[test]
fn held_beads_go_back_in_the_bag_and_counts_start_again_at_the_next_turn() {
    let t = skirmish();
    t.ok(&["turn", "--phases", "4", "--beads", "2"]);
    t.ok(&["draw", "--bead", "red"]);
    t.ok(&["hold"]);
    t.ok(&["draw", "--bead", "white"]);
    t.ok(&["hold"]);
    t.ok(&["draw", "--bead", "red"]);
    t.ok(&["activate", "rangers"]);
    assert_eq!(
        t.ok(&["turn", "--phases", "4", "--beads", "2"]),
        "Turn 2: 4 phases; 2 beads a side in the bag (units in play: british 2, french 2)\n"
    );
    assert_eq!(
        t.ok(&["status"]),
        "Game g, turn 2: phase 0 of 4\n\
         in the bag: 2 red, 2 white\n\
         British and colonials: no react bead held\n\
         French and allies: no react bead held\n\
         acted this turn:\n  \
         no unit yet\n"
    );
    // A side may hold a bead again.
    t.ok(&["draw", "--bead", "red"]);
    assert_eq!(
        t.ok(&["hold"]),
        "British and colonials holds the red bead of phase 1 to react later this turn\n"
    );
}

// ----- activations ------------------------------------------------------------------------------

#[test]
fn a_unit_acts_in_its_sides_phase_once_a_phase_and_twice_a_turn() {
    let t = skirmish();
    assert_eq!(
        t.refused(&["activate", "rangers"]),
        "no turn has started (`umpire turn` starts the first)"
    );
    t.ok(&["turn", "--phases", "6", "--beads", "3"]);
    assert_eq!(
        t.refused(&["activate", "rangers"]),
        "no bead has been drawn this turn (`umpire draw` first)"
    );
    t.ok(&["draw", "--bead", "red"]);
    assert_eq!(
        t.refused(&["activate", "coureurs"]),
        "Bead draw refuses coureurs: phase 1 is for British and colonials (a red bead), not French \
         and allies (to react out of turn, spend a held bead first: `umpire react french`; or rule \
         otherwise with `--anyway \"WHY\"`)"
    );
    assert_eq!(
        t.ok(&["activate", "rangers"]),
        "rangers acts in phase 1 (activation 1 of 2 this turn)\n"
    );
    assert_eq!(
        t.refused(&["activate", "rangers"]),
        "rangers already acted in phase 1"
    );
    t.ok(&["draw", "--bead", "white"]);
    t.ok(&["activate", "militia"]);
    t.ok(&["draw", "--bead", "red"]);
    assert_eq!(
        t.ok(&["activate", "rangers"]),
        "rangers acts in phase 3 (activation 2 of 2 this turn)\n"
    );
    t.ok(&["activate", "rifles"]);
    t.ok(&["draw", "--bead", "red"]);
    assert_eq!(
        t.refused(&["activate", "rangers"]),
        "Bead draw refuses rangers: already acted twice this turn, in phases 1 and 3 \
         (a unit acts at most twice in a turn; or rule otherwise with `--anyway \"WHY\"`)"
    );
    assert_eq!(
        t.ok(&["status"]),
        "Game g, turn 1: phase 4 of 6\n\
         this phase: British and colonials (red bead)\n\
         in the bag: 0 red, 2 white\n\
         British and colonials: no react bead held\n\
         French and allies: no react bead held\n\
         acted this turn:\n  \
         rangers (british): phase 1, 3\n  \
         rifles (british): phase 3\n  \
         militia (french): phase 2\n"
    );
    let v = parsed(&t.ok(&["--json", "status"]));
    assert_eq!(
        v["activations"],
        serde_json::json!({"rangers": [1, 3], "rifles": [3], "militia": [2]})
    );
    assert_eq!(
        v["drawn"],
        serde_json::json!(["british", "french", "british", "british"])
    );
}

#[test]
fn a_unit_with_no_figure_left_in_play_cannot_be_activated() {
    let t = skirmish();
    t.ok(&["mark", "RR1", "+dead"]);
    t.ok(&["mark", "RR2", "+fled"]);
    t.ok(&["turn", "--phases", "4", "--beads", "2"]);
    t.ok(&["draw", "--bead", "red"]);
    t.refused(&["activate", "rangers"]);
}

#[test]
fn a_reaction_in_the_sides_own_phase_does_not_let_a_unit_act_twice_in_it() {
    let t = skirmish();
    t.ok(&["turn", "--phases", "6", "--beads", "3"]);
    t.ok(&["draw", "--bead", "red"]);
    t.ok(&["hold"]);
    t.ok(&["draw", "--bead", "red"]);
    t.ok(&["activate", "rangers"]);
    // Today `react british` is taken in the british phase, and then `activate rangers` says
    // "rangers acts, reacting, in phase 2 (activation 2 of 2 this turn)": `status` shows
    // "rangers (british): phase 2, 2".
    let _ = t.run(&["react", "british"]);
    t.refused(&["activate", "rangers"]);
}
