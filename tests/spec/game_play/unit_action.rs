//! A unit acting in one command (`roll PROCEDURE --unit NAME`): every able figure with its
//! own markers, the targets shared out as the umpire gave them, the dice entered in order, one
//! line a figure, what changed, and one event that one `undo` takes back.

use super::{Roster, game};
use crate::support::{Table, parsed};

/// A British line of four rangers with rifles and an officer (RR1-RR4) and a French line of
/// four marines with an officer (CF1-CF4).
fn lines() -> Table {
    let t = game();
    t.ok(&[
        "unit",
        "add",
        "rogers",
        "troop=rangers",
        "weapon=rifle",
        "formation=line",
        "officer",
        "--side",
        "british",
        "--figures",
        "4",
        "--code",
        "RR",
    ]);
    t.ok(&[
        "unit",
        "add",
        "marines",
        "troop=marine",
        "formation=line",
        "officer",
        "--side",
        "french",
        "--figures",
        "4",
        "--code",
        "CF",
    ]);
    t
}

#[test]
fn a_formed_unit_volleys_in_one_command_and_one_undo_takes_it_back() {
    let t = lines();
    let before = t.state()["figures"].clone();
    // Rangers +1, rifle +1, volley +3 (the greatest positive; the target in line +2 is not
    // added): +5, so 8 or more on 3 and up. Each target owes one test for the volley, hit or
    // not, however many shots fell on it. The targets go in turn: CF2, CF3, CF2, CF3. The
    // marines have no troop modifier on the results of being hit: 11 a light wound, 9 and 5
    // no effect.
    let out = t.ok(&[
        "roll", "shoot", "--unit", "RR", "--target", "CF2,CF3", "range=15", "volley", "--dice",
        "1,2", "--dice", "5,6", "--dice", "3,3", "--dice", "2,4", "--dice", "5,4", "--dice", "4,5",
        "--dice", "2,3",
    ]);
    assert_eq!(
        out,
        "rogers: shoot with 4 figures
  RR1 at CF2: 1 2 +5 = 8: Hit › hit-result 5 6 = 11: Light wound
  RR2 at CF3: 3 3: Misfire (natural doubles)
  RR3 at CF2: 2 4 +5 = 11: Hit › hit-result 5 4 = 9: No effect
  RR4 at CF3: 4 5 +5 = 14: Hit › hit-result 2 3 = 5: No effect
must follow:
  umpire roll morale --fig CF2 reason=wound   (the wounded figure tests at once)
  umpire roll morale --fig CF2 reason=volley   (every potential target of a volley tests, hit or not)
  umpire roll morale --fig CF3 reason=volley   (every potential target of a volley tests, hit or not)
changes:
  RR1: +must load
  CF2: +light wound
  CF2 owes morale reason=wound
  CF2 owes morale reason=volley
  RR2: +misfire
  RR2: +must load
  CF3 owes morale reason=volley
  RR3: +must load
  CF2 already owes morale reason=volley
  RR4: +must load
  CF3 already owes morale reason=volley
dice: 7 entered, 0 rolled
"
    );
    let events = t.events();
    let last = &events[events.len() - 1];
    assert!(
        last["summary"]
            .as_str()
            .unwrap_or_default()
            .starts_with("shoot (rogers, 4 figures): RR1 at CF2: Hit › Light wound"),
        "{last}"
    );
    t.ok(&["undo"]);
    assert_eq!(t.state()["figures"], before);
    // A second wound in the same volley kills, and the first one's check is no longer owed.
    let out = t.ok(&[
        "roll", "shoot", "--unit", "RR", "--target", "CF2", "--dice", "1,2", "--dice", "5,6",
        "--dice", "2,5", "--dice", "6,1", "--dice", "1,5",
    ]);
    assert!(
        out.starts_with(
            "rogers: shoot with 3 figures
  RR1 at CF2: 1 2 +4 = 7: Miss
  RR2 at CF2: 5 6 +4 = 15: Hit › hit-result 2 5 = 7: Severe wound
  RR3 at CF2: 6 1 +4 = 11: Hit › hit-result 1 5 = 6: Killed
  RR4: held back: no target left in play
changes:"
        ),
        "{out}"
    );
    assert!(!out.contains("must follow"), "{out}");
}

#[test]
fn figures_held_back_by_a_marker_do_not_act_and_a_unit_with_none_able_is_refused() {
    let t = lines();
    t.ok(&["mark", "RR2", "+misfire"]);
    t.ok(&["mark", "RR4", "+dead"]);
    let out = t.ok(&[
        "roll", "shoot", "--unit", "rogers", "--target", "CF1", "--dice", "1,2", "--dice", "1,3",
        "--dice", "6,4",
    ]);
    // Rangers +1, rifle +1, target in line +2: 8 or more on 4 and up; 10 pins a marine.
    assert_eq!(
        out,
        "rogers: shoot with 2 figures
  RR1 at CF1: 1 2 +4 = 7: Miss
  RR3 at CF1: 1 3 +4 = 8: Hit › hit-result 6 4 = 10: Pinned
  RR2: held back: misfire
changes:
  RR1: +must load
  RR3: +must load
  CF1: +pinned
dice: 3 entered, 0 rolled
"
    );
    // Every rifle fired must now load: none is left to fire.
    assert_eq!(
        t.refused(&["roll", "shoot", "--unit", "RR", "--target", "CF1"]),
        "no figure of rogers can shoot (RR1 must load, RR2 misfire, RR3 must load)"
    );
    assert_eq!(
        t.fig("RR1"),
        "RR1: must load (grey), actions 1, phase-actions 1, shots 1"
    );
    assert_eq!(
        t.refused(&["roll", "shoot", "--unit", "nobody", "--target", "CF1"]),
        "there is no unit `nobody` (the units are: rogers, marines)"
    );
    assert_eq!(
        t.refused(&["roll", "shoot", "--unit", "marines", "--target", "CF1"]),
        "CF1 is of marines itself: a unit does not act upon its own figures"
    );
    assert_eq!(
        t.refused(&["roll", "shoot", "--unit", "marines", "--firer", "CF1"]),
        "--unit names the figures acting; --firer cannot name them too"
    );
}

#[test]
fn a_unit_tests_its_morale_in_one_command_each_figure_with_its_own_markers() {
    let t = lines();
    t.ok(&["mark", "CF2", "+light-wound"]);
    // Formed +2, officer +1; CF2 lightly wounded -1. 8 or more passes: CF1 5 + 3, CF4 10 + 3
    // pass; CF2 5 + 2 and CF3 3 + 3 fail and retreat 2d6 (11 and 8 inches).
    let out = t.ok(&[
        "--json",
        "roll",
        "morale",
        "--unit",
        "marines",
        "reason=volley",
        "--dice",
        "3,2",
        "--dice",
        "2,3",
        "--dice",
        "6,5",
        "--dice",
        "1,2",
        "--dice",
        "4,4",
        "--dice",
        "5,5",
    ]);
    let json = parsed(&out);
    let figs = json["figures"].as_array().expect("figures");
    let outcomes: Vec<(&str, &str)> = figs
        .iter()
        .map(|f| {
            (
                f["figure"].as_str().unwrap_or_default(),
                f["outcome"].as_str().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        outcomes,
        [
            ("CF1", "Pass"),
            ("CF2", "Fail › 11 inches"),
            ("CF3", "Fail › 8 inches"),
            ("CF4", "Pass")
        ]
    );
    assert_eq!(json["dice_entered"], 6);
}

#[test]
fn the_other_potential_targets_of_a_unit_volley_owe_their_test_and_the_unit_makes_them_at_once() {
    let t = lines();
    // RR1 hits CF1 (9 on the results: no effect); the others misfire on doubles.
    t.ok(&[
        "roll", "shoot", "--unit", "RR", "--target", "CF1", "--also", "CF3,CF4", "range=15",
        "volley", "--dice", "1,2", "--dice", "4,5", "--dice", "2,2", "--dice", "3,3", "--dice",
        "4,4",
    ]);
    let status = t.ok(&["status"]);
    for code in ["CF1", "CF3", "CF4"] {
        assert!(
            status.contains(&format!(
                "{code} morale reason=volley: every potential target"
            )),
            "{status}"
        );
    }
    assert!(!status.contains("CF2 morale"), "{status}");
    // A target of the roll named again with --also is refused.
    assert_eq!(
        t.refused(&[
            "roll", "shoot", "--unit", "RR", "--target", "CF1", "--also", "cf1", "volley"
        ]),
        "CF1 is a target of this roll already: --also names other figures"
    );
    // Formed (+2) with an officer (+1): the marines' test for the volley, one command, by the
    // figures that owe it (CF2 was no potential target).
    let out = t.ok(&[
        "roll",
        "morale",
        "--unit",
        "marines",
        "reason=volley",
        "--dice",
        "4,4",
        "--dice",
        "3,3",
        "--dice",
        "2,3",
    ]);
    assert!(
        out.contains("  CF2: held back: owes no morale reason=volley\n"),
        "{out}"
    );
    for code in ["CF1", "CF3", "CF4"] {
        assert!(
            out.contains(&format!("  {code} made the morale reason=volley it owed\n")),
            "{out}"
        );
    }
    assert!(!out.contains("CF2 made"), "{out}");
    assert!(!t.ok(&["status"]).contains("checks owed"));
}

#[test]
fn a_unit_moves_on_one_roll_and_a_formed_unit_spots_on_one() {
    let t = lines();
    t.ok(&[
        "unit",
        "add",
        "ottawa",
        "troop=indians",
        "formation=skirmish",
        "--side",
        "french",
        "--figures",
        "2",
        "--code",
        "OT",
    ]);
    assert_eq!(
        t.ok(&["roll", "move", "--unit", "rogers", "--dice", "5,4"]),
        "rogers: move, one roll for its 4 figures (RR1, RR2, RR3, RR4)\n  move — Movement\n    \
         given formation=line, troop=rangers\n    dice 2d6 (line or unformed)\n      2d6: 5 4 \
         (entered) = 9\n      net modifier 0: 9 + 0 = 9\n    => total 9: 9 inches   chance 1/9 \
         (11.1%)\nchanges: none\ndice: 1 entered, 0 rolled\n"
    );
    assert!(
        t.ok(&[
            "roll",
            "spot",
            "--unit",
            "marines",
            "distance=10",
            "--dice",
            "5,4,2"
        ])
        .starts_with("marines: spot, one roll for its 4 figures (CF1, CF2, CF3, CF4)\n"),
    );
    // Skirmishers spot one by one.
    assert!(
        t.ok(&["roll", "spot", "--unit", "OT", "distance=10", "--dice", "5,4,2", "--dice", "1,1,1"])
            .starts_with("ottawa: spot with 2 figures\n  OT1: 5 4 2 = 11: Spotted\n  OT2: 1 1 1 = 3: Not spotted\n"),
    );
    let json = parsed(&t.ok(&["roll", "move", "--unit", "OT", "--dice", "1,2,3", "--json"]));
    assert_eq!(json["one_roll_for"], serde_json::json!(["OT1", "OT2"]));
}
