//! Each man's actions in a turn, and what markers do to them.

use super::{actions, game, markers};

#[test]
fn a_man_takes_two_actions_a_turn_and_the_second_shoots_at_minus_one() {
    let t = game();
    t.ok(&[
        "roll",
        "acquire",
        "--fig",
        "RA1",
        "--target",
        "OT1",
        "distance=15",
        "--dice",
        "3",
    ]);
    assert_eq!(actions(&t, "RA1"), 1);
    // The second action: a 5 is 4 after the -1, a miss; the roster said it was the second.
    let out = t.ok(&[
        "roll", "shoot", "--fig", "RA1", "--target", "OT1", "range=8", "--dice", "5",
    ]);
    assert!(out.contains("from counters: actions-taken=1"), "{out}");
    assert!(out.contains("-1  shooting is the second action"), "{out}");
    assert!(out.contains("=> total 4 against 5 or more: Miss"), "{out}");
    assert_eq!(actions(&t, "RA1"), 2);
    // A third is refused, and nothing changes.
    let before = t.state_of("braddock");
    let msg = t.refused(&["roll", "move", "--fig", "RA1", "--dice", "3"]);
    assert_eq!(
        msg,
        "Actions refuses RA1: no action left this turn (2 actions a turn): move takes 1 action (a \
         new turn gives the actions back: `umpire turn`; or rule otherwise with `--anyway \"WHY\"`)"
    );
    assert_eq!(t.state_of("braddock"), before);
    // A new turn gives them back.
    t.ok(&["turn"]);
    t.ok(&["turn"]);
    assert_eq!(actions(&t, "RA1"), 0);
    t.ok(&["roll", "move", "--fig", "RA1", "--dice", "3"]);
}

#[test]
fn a_wounded_man_takes_one_action_a_turn() {
    let t = game();
    t.ok(&["mark", "OT1", "+wounded"]);
    t.ok(&["turn"]);
    t.ok(&["roll", "move", "--fig", "OT1", "--dice", "4"]);
    let msg = t.refused(&["act", "ottawa", "fall-prone", "--figs", "OT1"]);
    assert_eq!(
        msg,
        "Actions refuses OT1: no action left this turn (1 action a turn while wounded): fall prone \
         takes 1 action (a new turn gives the actions back: `umpire turn`; or rule otherwise with \
         `--anyway \"WHY\"`)"
    );
    // An unwounded man of the unit still may.
    let out = t.ok(&["act", "ottawa", "fall-prone", "--figs", "OT2"]);
    assert!(out.contains("OT2: +prone"), "{out}");
    assert_eq!(actions(&t, "OT2"), 1);
}

#[test]
fn reloading_takes_what_the_weapon_asks_and_must_fit_in_the_turn() {
    let t = game();
    // A rifle's shot, then 2 actions to reload: only 1 is left this turn.
    t.ok(&[
        "roll", "shoot", "--fig", "RA1", "--target", "OT1", "range=8", "--dice", "2",
    ]);
    assert_eq!(markers(&t, "RA1"), ["unloaded"]);
    let msg = t.refused(&["act", "rangers", "load", "--figs", "RA1"]);
    assert_eq!(
        msg,
        "Actions refuses RA1: 1 action left this turn (2 actions a turn): reload takes 2 actions \
         (a new turn gives the actions back: `umpire turn`; or rule otherwise with `--anyway \"WHY\"`)"
    );
    t.ok(&["turn"]);
    t.ok(&["turn"]);
    t.ok(&["act", "rangers", "load", "--figs", "RA1"]);
    assert!(markers(&t, "RA1").is_empty());
    assert_eq!(actions(&t, "RA1"), 2);
    // A bow reloads in 1.
    t.ok(&["turn"]);
    t.ok(&[
        "roll", "shoot", "--fig", "OT1", "--target", "RA2", "range=6", "--dice", "2",
    ]);
    t.ok(&["act", "ottawa", "load", "--figs", "OT1"]);
    assert_eq!(actions(&t, "OT1"), 2);
}

#[test]
fn a_c_grade_man_prone_cannot_reload_until_he_stands_up() {
    let t = game();
    t.ok(&["mark", "GR1", "+prone", "+unloaded"]);
    let before = t.state_of("braddock");
    assert_eq!(
        t.refused(&["act", "grenadiers", "load", "--figs", "GR1"]),
        "GR1 cannot reload: grade=c/d prone weapon=smoothbore/rifle refused by the rule Loading \
         prone: it needs grade=a/b (it is c) (C and D grades cannot load when prone: stand up \
         first (an action).)"
    );
    // The whole unit: no one may, and nothing changed.
    assert_eq!(
        t.refused(&["act", "grenadiers", "load"]),
        "no figure of grenadiers may reload: GR1 (refused by the rule Loading prone) (name a \
         figure to see why in full: `umpire act UNIT ACTION --figs CODE`)"
    );
    assert_eq!(t.state_of("braddock"), before);
    // Standing up is an action; then the 2 of reloading do not fit this turn, but next turn do.
    t.ok(&["act", "grenadiers", "stand-up"]);
    t.ok(&["turn"]);
    t.ok(&["turn"]);
    let out = t.ok(&["act", "grenadiers", "load"]);
    assert!(out.contains("GR1: -unloaded"), "{out}");
    // A C grade man prone who is loaded has nothing to do, and is not said to be refused.
    t.ok(&["turn"]);
    t.ok(&["turn"]);
    t.ok(&["act", "grenadiers", "fall-prone"]);
    assert_eq!(
        t.refused(&["act", "grenadiers", "load", "--figs", "GR1"]),
        "no figure of grenadiers in play carries unloaded: nothing to reload"
    );
    // A B grade rifleman reloads prone.
    t.ok(&["mark", "RA1", "+prone", "+unloaded"]);
    t.ok(&["turn"]);
    t.ok(&["turn"]);
    assert!(
        t.ok(&["act", "rangers", "load", "--figs", "RA1"])
            .contains("RA1: -unloaded")
    );
}

#[test]
fn an_action_requires_only_rules_the_table_has() {
    crate::support::refused_edit(
        "001-la-petite-guerre-1750s.yaml",
        ("requires: [Loading prone]", "requires: [Loading prne]"),
        &["rules", "load"],
        "action `load` requires `Loading prne`, which is not a rule of `requires:` (did you mean \
         `Loading prone`?)",
    );
}

#[test]
fn a_stunned_man_does_nothing_but_fall_prone_until_the_end_of_the_next_turn() {
    let t = game();
    t.ok(&[
        "roll", "shoot", "--fig", "RA1", "--target", "OT1", "range=8", "--dice", "6", "--dice", "5",
    ]);
    assert_eq!(markers(&t, "OT1"), ["stunned"]);
    t.ok(&["turn"]);
    let msg = t.refused(&["act", "ottawa", "turn", "--figs", "OT1"]);
    assert!(
        msg.starts_with("OT1 is stunned: it cannot turn to face or about"),
        "{msg}"
    );
    // The whole unit turns; the stunned man is held back.
    let out = t.ok(&["act", "ottawa", "turn"]);
    assert!(out.contains("held back: OT1 (stunned)"), "{out}");
    let out = t.ok(&["act", "ottawa", "fall-prone", "--figs", "OT1"]);
    assert!(out.contains("OT1: +prone"), "{out}");
    // Turn 2 is the following turn: still stunned to its end.
    t.ok(&["turn"]);
    t.ok(&["turn"]);
    assert!(markers(&t, "OT1").contains(&"stunned".to_string()));
    let out = t.ok(&["turn"]);
    assert!(out.contains("Turn 3, player turn 1 of 2"), "{out}");
    assert!(out.contains("OT1: stunned comes off"), "{out}");
    assert_eq!(markers(&t, "OT1"), ["prone"]);
    // Undo puts it back exactly.
    t.ok(&["undo"]);
    assert!(markers(&t, "OT1").contains(&"stunned".to_string()));
}

#[test]
fn a_unit_in_single_file_moving_on_its_lead_mans_roll_takes_an_action_of_each_man() {
    let t = game();
    t.ok(&[
        "unit",
        "add",
        "file",
        "--side",
        "british",
        "grade=b",
        "single-file",
        "--figures",
        "2",
    ]);
    t.ok(&["roll", "move", "--unit", "file", "--dice", "3"]);
    assert_eq!((actions(&t, "FI1"), actions(&t, "FI2")), (1, 1));
    t.ok(&["roll", "move", "--unit", "file", "--dice", "2"]);
    // A man with no action left stays out of his unit's action, and is said to.
    let msg = t.refused(&["roll", "move", "--unit", "file", "--dice", "2"]);
    assert!(
        msg.starts_with(
            "no figure of file can move (FI1 no action left this turn (2 actions a turn)"
        ),
        "{msg}"
    );
    assert_eq!((actions(&t, "FI1"), actions(&t, "FI2")), (2, 2));
}

/// "Charging is in a separate phase and is in addition to the above actions", and a target
/// close enough is seen without a roll: neither costs an action.
#[test]
fn a_charge_move_and_an_automatic_acquisition_cost_no_action() {
    let t = game();
    t.ok(&["roll", "move", "--fig", "RA2", "--dice", "3"]);
    t.ok(&["roll", "move", "--fig", "RA2", "--dice", "3"]);
    assert_eq!(actions(&t, "RA2"), 2);
    // Within 8 inches in the open: acquired, no roll, no action.
    let seen = t.ok(&[
        "roll",
        "acquire",
        "--fig",
        "RA2",
        "--target",
        "OT3",
        "distance=6",
    ]);
    assert!(seen.contains("RA2: +acquired OT3"), "{seen}");
    assert_eq!(actions(&t, "RA2"), 2);
    // A roll with no distance said is a roll, and an action.
    t.ok(&[
        "roll", "acquire", "--fig", "RA1", "--target", "OT3", "--dice", "4",
    ]);
    assert_eq!(actions(&t, "RA1"), 1);
    // At 15 inches it is a roll, and an action he no longer has.
    assert!(
        t.refused(&[
            "roll",
            "acquire",
            "--fig",
            "RA2",
            "--target",
            "OT4",
            "distance=15",
            "--dice",
            "4",
        ])
        .starts_with("Actions refuses RA2: no action left this turn")
    );
    // The charge move is made after the player turns, its step of the turn, and costs no
    // action.
    t.ok(&["turn"]);
    let charge = t.ok(&["roll", "move", "--fig", "RA2", "mode=charge"]);
    assert!(
        charge.contains("2 inches")
            && charge.contains("Turn 1, step 3 of 5, after the player turns"),
        "{charge}"
    );
    assert_eq!(actions(&t, "RA2"), 2);
}

/// A man beyond a leader's control tests once a turn; a broken man runs and does not test.
#[test]
fn a_man_takes_one_control_test_a_turn_and_a_broken_man_none() {
    let t = game();
    t.ok(&["roll", "control", "--fig", "RA1", "--dice", "5"]);
    let again = ["roll", "control", "--fig", "RA1", "--dice", "5"];
    assert_eq!(
        t.refused(&again),
        "Control test refuses RA1: control tests this turn: 1 of 1 made (a new turn counts \
         afresh: `umpire turn`; or rule otherwise with `--anyway \"WHY\"`)"
    );
    // A unit's test holds back the man who took his.
    let unit = t.ok(&["roll", "control", "--unit", "rangers", "--dice", "4"]);
    assert!(
        unit.contains("  RA1: held back: control tests this turn: 1 of 1 made\n"),
        "{unit}"
    );
    let mut anyway = again.to_vec();
    anyway.extend(["--anyway", "he lost sight of the captain"]);
    t.ok(&anyway);
    t.ok(&["turn"]);
    t.ok(&["turn"]);
    t.ok(&again);
    // Men in single file test on their lead man's roll: each has had his test.
    t.ok(&["unit", "set", "rangers", "single-file"]);
    t.ok(&["turn"]);
    t.ok(&["turn"]);
    let file = t.ok(&["roll", "control", "--unit", "rangers", "--dice", "5"]);
    assert!(file.contains("one roll for its 2 figures"), "{file}");
    assert!(
        t.refused(&["roll", "control", "--fig", "RA2", "--dice", "5"])
            .starts_with("Control test refuses RA2: control tests this turn: 1 of 1 made")
    );
    t.ok(&["mark", "GR1", "+broken"]);
    assert!(
        t.refused(&["roll", "control", "--fig", "GR1", "--dice", "5"])
            .starts_with("GR1 carries broken: it cannot control-test until that is cleared")
    );
}

/// "Full distance rolled must be moved, except movement must stop at 2\" from enemy": said
/// with every move, where the umpire moves the man.
#[test]
fn a_move_says_the_full_distance_is_moved_stopping_two_inches_from_an_enemy() {
    let out =
        crate::support::Table::empty().ok(&["roll", "move", "--rules", "1750s", "--dice", "4"]);
    assert!(
        out.contains(
            "  => total 4: 4 inches   chance 1/3 (33.3%)\n     all of it is moved (short only at a \
             terrain feature or friends, if declared), stopping 2 inches from an enemy: only a \
             charge closes into contact\n"
        ),
        "{out}"
    );
}
