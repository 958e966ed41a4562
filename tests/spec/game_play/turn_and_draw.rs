//! The turn from the roster (phases and beads, from the larger and the smaller side) and the
//! bead draw: seeded, from a real cup, past the last phase, and its exact odds.

use crate::support::parsed;

use super::{game, line, sides};

// ----- phases and beads -------------------------------------------------------------------------

#[test]
fn phases_are_three_quarters_of_the_larger_side_halves_up_and_beads_the_smaller_sides_units() {
    for (british, french, said) in [
        (
            7,
            3,
            "Turn 1: 5 phases; 3 beads a side in the bag (units in play: british 7, french 3)\n",
        ),
        (
            6,
            2,
            "Turn 1: 5 phases; 2 beads a side in the bag (units in play: british 6, french 2)\n\
             the bag holds only 4 beads, so the turn ends when it is empty, after 4 phases\n",
        ),
        (
            4,
            4,
            "Turn 1: 3 phases; 4 beads a side in the bag (units in play: british 4, french 4)\n",
        ),
        (
            1,
            1,
            "Turn 1: 1 phase; 1 bead a side in the bag (units in play: british 1, french 1)\n",
        ),
    ] {
        let t = sides(british, french);
        assert_eq!(t.ok(&["turn"]), said, "{british} against {french}");
    }
}

#[test]
fn units_whose_figures_are_all_dead_fled_or_captured_do_not_count_for_the_turn() {
    let t = sides(7, 3);
    for (code, state) in [("BA1", "+dead"), ("BB1", "+fled"), ("BC1", "+captured")] {
        t.ok(&["mark", code, state]);
    }
    // A unit with one figure of two still in play counts.
    t.ok(&["fig", "add", "bd"]);
    t.ok(&["mark", "BD1", "+dead"]);
    assert_eq!(
        t.ok(&["turn"]),
        "Turn 1: 3 phases; 3 beads a side in the bag (units in play: british 4, french 3)\n"
    );
    // The next turn reads the roster again: a figure back in play counts again.
    t.ok(&["mark", "BA1", "-dead"]);
    assert_eq!(
        t.ok(&["turn"]),
        "Turn 2: 4 phases; 3 beads a side in the bag (units in play: british 5, french 3)\n"
    );
}

#[test]
fn turn_phases_and_beads_given_on_the_command_line_override_the_rule() {
    let t = sides(7, 3);
    assert_eq!(
        t.ok(&["turn", "--phases", "2", "--beads", "1"]),
        "Turn 1: 2 phases; 1 bead a side in the bag (units in play: british 7, french 3)\n"
    );
    assert_eq!(
        line(&t.ok(&["status"]), "in the bag: "),
        "in the bag: 1 red, 1 white"
    );
    assert_eq!(
        t.ok(&["turn", "--beads", "4"]),
        "Turn 2: 5 phases; 4 beads a side in the bag (units in play: british 7, french 3)\n"
    );
}

#[test]
fn a_turn_with_no_units_on_a_side_is_refused_with_a_hint() {
    let t = game();
    assert_eq!(
        t.refused(&["turn"]),
        "a turn needs phases and beads; this one would have 1 phase and 0 beads a side \
         (add units to both sides, or give --phases and --beads)"
    );
    t.unit("rangers", "british", "rangers", 2, "RR", None);
    assert_eq!(
        t.refused(&["turn"]),
        "a turn needs phases and beads; this one would have 1 phase and 0 beads a side \
         (add units to both sides, or give --phases and --beads)"
    );
    // Nothing was started.
    assert_eq!(
        t.ok(&["status"]),
        "Game g: no turn started yet (`umpire turn`).\n"
    );
}

// ----- the draw ---------------------------------------------------------------------------------

#[test]
fn a_seeded_draw_is_reproducible_and_the_log_keeps_the_seed_of_an_unseeded_one() {
    // Two tables in the same state draw the same beads with the same seeds.
    let (a, b) = (sides(7, 3), sides(7, 3));
    a.ok(&["turn"]);
    b.ok(&["turn"]);
    for seed in ["1", "2", "3", "4", "5"] {
        assert_eq!(
            a.ok(&["draw", "--seed", seed]),
            b.ok(&["draw", "--seed", seed]),
            "seed {seed}"
        );
    }
    assert_eq!(a.ok(&["status"]), b.ok(&["status"]));

    // A draw without a seed logs the one it used: undone and drawn again with it, it is
    // the same bead.
    let t = sides(7, 3);
    t.ok(&["turn"]);
    let first = t.ok(&["draw"]);
    let event = t.events().pop().unwrap_or_else(|| panic!("no event"));
    let seed = event["detail"]["seed"]
        .as_u64()
        .unwrap_or_else(|| panic!("no seed in {event}"));
    assert_eq!(
        event["detail"]["side"],
        event["changes"][0]["after"]["drawn"][0]
    );
    t.ok(&["undo"]);
    assert_eq!(t.ok(&["draw", "--seed", &seed.to_string()]), first);
}

#[test]
fn a_bead_from_a_real_cup_is_recorded_by_colour_or_side_and_refused_when_none_is_left() {
    let t = sides(7, 3);
    t.ok(&["turn"]);
    assert_eq!(
        t.ok(&["draw", "--bead", "red"]),
        "Turn 1, phase 1 of 5: red bead: British and colonials (from the cup)\n\
         left in the bag: 2 red, 3 white\n"
    );
    assert_eq!(
        t.ok(&["draw", "--bead", "white"]),
        "Turn 1, phase 2 of 5: white bead: French and allies (from the cup)\n\
         left in the bag: 2 red, 2 white\n"
    );
    // A side's name or alias names its beads too.
    assert_eq!(
        t.ok(&["draw", "--bead", "french"]),
        "Turn 1, phase 3 of 5: white bead: French and allies (from the cup)\n\
         left in the bag: 2 red, 1 white\n"
    );
    assert_eq!(
        t.ok(&["draw", "--bead", "france"]),
        "Turn 1, phase 4 of 5: white bead: French and allies (from the cup)\n\
         left in the bag: 2 red, 0 white\n"
    );
    assert_eq!(
        t.refused(&["draw", "--bead", "white"]),
        "no white bead is left in the bag (the bag holds: 2 red, 0 white)"
    );
    assert_eq!(
        t.refused(&["draw", "--bead", "french"]),
        "no white bead is left in the bag (the bag holds: 2 red, 0 white)"
    );
    assert_eq!(
        t.refused(&["draw", "--bead", "blue"]),
        "no `blue` beads; the beads are red, white"
    );
    // Refusals changed nothing: still phase 4.
    assert_eq!(
        line(&t.ok(&["status"]), "Game g"),
        "Game g, turn 1: phase 4 of 5"
    );
    let logged = t.events().pop().unwrap_or_else(|| panic!("no event"));
    assert_eq!(
        logged["detail"],
        serde_json::json!({"token": "france", "entered": true})
    );
}

#[test]
fn drawing_past_the_last_phase_is_refused_with_a_hint_to_start_the_next_turn() {
    let t = sides(1, 1);
    assert_eq!(
        t.refused(&["draw"]),
        "no turn has started (`umpire turn` starts the first)"
    );
    t.ok(&["turn"]);
    assert_eq!(
        t.ok(&["draw", "--bead", "white"]),
        "Turn 1, phase 1 of 1: white bead: French and allies (from the cup)\n\
         left in the bag: 1 red, 0 white\n\
         that is the last phase of the turn; `umpire turn` starts the next\n"
    );
    // A red bead is still in the bag, but the phases are done.
    for args in [&["draw"][..], &["draw", "--bead", "red"]] {
        assert_eq!(
            t.refused(args),
            "all 1 phases of turn 1 are done (`umpire turn` starts the next)"
        );
    }
    t.ok(&["turn"]);
    assert_eq!(
        line(&t.ok(&["draw", "--bead", "red"]), "Turn "),
        "Turn 2, phase 1 of 1: red bead: British and colonials (from the cup)"
    );
}

#[test]
fn draw_odds_are_exact_fractions_that_follow_the_bag() {
    let t = sides(4, 3);
    assert_eq!(
        t.refused(&["draw", "--odds"]),
        "no turn has started (`umpire turn` starts the first)"
    );
    t.ok(&["turn"]);
    assert_eq!(
        t.ok(&["draw", "--odds"]),
        "Next bead, turn 1:\n  British and colonials (red): 1/2 (50.0%)\n  \
         French and allies (white): 1/2 (50.0%)\n"
    );
    t.ok(&["draw", "--bead", "red"]);
    assert_eq!(
        t.ok(&["draw", "--odds"]),
        "Next bead, turn 1:\n  British and colonials (red): 2/5 (40.0%)\n  \
         French and allies (white): 3/5 (60.0%)\n"
    );
    let v = parsed(&t.ok(&["--json", "draw", "--odds"]));
    let got: Vec<(String, String, String, String)> = v["odds"]
        .as_array()
        .unwrap_or_else(|| panic!("not a list: {v}"))
        .iter()
        .map(|s| {
            let p = &s["probability"];
            let side = format!("{} ({}: {})", s["side"], s["label"], s["token"]);
            (
                side,
                p["fraction"].as_str().unwrap_or_default().to_string(),
                p["numerator"].as_str().unwrap_or_default().to_string(),
                p["denominator"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    let want = |s: &str, f: &str, n: &str, d: &str| (s.into(), f.into(), n.into(), d.into());
    assert_eq!(
        got,
        vec![
            want(
                r#""british" ("British and colonials": "red")"#,
                "2/5",
                "2",
                "5"
            ),
            want(
                r#""french" ("French and allies": "white")"#,
                "3/5",
                "3",
                "5"
            ),
        ]
    );
    // Odds only read: the draw after them is still phase 2.
    let before = t.state_bytes();
    t.ok(&["draw", "--odds"]);
    assert_eq!(t.state_bytes(), before);
    t.ok(&["draw", "--bead", "red"]);
    t.ok(&["draw", "--bead", "red"]);
    assert_eq!(
        t.ok(&["draw", "--odds"]),
        "Next bead, turn 1:\n  British and colonials (red): 0 (0.0%)\n  \
         French and allies (white): 1 (100.0%)\n"
    );
}
