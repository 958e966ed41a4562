//! The turn's legality once play has started: a roll that is an action is made by a unit of the
//! phase's side, the one unit its bead activates (acting activates it), each figure one action
//! a phase and two a turn; a check owed at once is made before anything else. Each refusal
//! names its rule, and `--anyway "WHY"` lets it through, kept in the log and undone like any
//! change.

use crate::support::parsed;

use super::{game, line};
use crate::support::Table;

/// Rangers RR1-RR4 and lights LI1-LI4 (british), marines CF1-CF4 (french), all in line with an
/// officer, and turn 1 started (2 phases, 2 beads a side).
fn in_play() -> Table {
    let t = game();
    for (name, side, troop, code) in [
        ("rogers", "british", "rangers", "RR"),
        ("gage", "british", "lights", "LI"),
        ("marines", "french", "marine", "CF"),
    ] {
        let troop = format!("troop={troop}");
        t.ok(&[
            "unit",
            "add",
            name,
            &troop,
            "formation=line",
            "officer",
            "--side",
            side,
            "--figures",
            "4",
            "--code",
            code,
        ]);
    }
    t.ok(&["turn"]);
    t
}

/// RR1 fires at CF1 and misses (1 2 +3).
const SHOT: [&str; 8] = [
    "roll", "shoot", "--firer", "RR1", "--target", "CF1", "--dice", "1,2",
];

#[test]
fn a_shot_before_any_bead_is_drawn_is_refused_naming_the_rule_and_the_way_through() {
    let t = in_play();
    let before = (t.state_bytes(), t.log_bytes());
    assert_eq!(
        t.refused(&SHOT),
        "Bead draw refuses rogers: no bead has been drawn in turn 1 (`umpire draw` draws the \
         first bead; or rule otherwise with `--anyway \"WHY\"`)"
    );
    assert_eq!((t.state_bytes(), t.log_bytes()), before);
}

#[test]
fn before_the_first_turn_nothing_is_weighed() {
    let t = game();
    t.unit("rangers", "british", "rangers", 1, "RR", None);
    t.unit("coureurs", "french", "coureurs", 1, "CF", None);
    for _ in 0..2 {
        t.ok(&SHOT);
    }
}

#[test]
fn a_unit_of_the_other_side_is_refused_and_goes_through_with_the_umpires_reason() {
    let t = in_play();
    t.ok(&["draw", "--bead", "red"]);
    let french = [
        "roll", "shoot", "--firer", "CF1", "--target", "RR1", "--dice", "1,2",
    ];
    assert_eq!(
        t.refused(&french),
        "Bead draw refuses marines: phase 1 is for British and colonials (a red bead), not French \
         and allies (a side acts out of its phases with a held react bead: `umpire react french`; \
         or rule otherwise with `--anyway \"WHY\"`)"
    );
    let mut anyway = french.to_vec();
    anyway.extend(["--anyway", "the bead was misread"]);
    let out = t.ok(&anyway);
    assert!(out.contains("=> total 6 against 8 or more: Miss"), "{out}");
    let log = t.ok(&["log", "--last", "1"]);
    assert!(
        log.ends_with(
            "\n    ruled anyway: \"the bead was misread\" (Bead draw refused marines: phase 1 is for \
             British and colonials (a red bead), not French and allies)\n"
        ),
        "{log}"
    );
    let report = t.ok(&["log", "--markdown"]);
    assert!(
        report.contains("  - *ruled anyway: \"the bead was misread\" (Bead draw refused marines"),
        "{report}"
    );
    // As data in the log, and taken back by undo with the rest of the change.
    let json = parsed(&t.ok(&["log", "--last", "1", "--json"]));
    assert_eq!(
        json["events"][0]["rulings"][0],
        serde_json::json!({
            "rule": "Bead draw",
            "who": "marines",
            "why": "phase 1 is for British and colonials (a red bead), not French and allies",
            "reason": "the bead was misread",
        })
    );
    t.ok(&["undo"]);
    assert!(!t.ok(&["fig", "show", "CF1"]).contains("actions"));
}

#[test]
fn acting_activates_the_phases_unit_and_another_unit_of_the_side_waits_for_its_bead() {
    let t = in_play();
    t.ok(&["draw", "--bead", "red"]);
    let out = t.ok(&SHOT);
    assert_eq!(
        line(&out, "  rogers acts"),
        "  rogers acts in phase 1 (activation 1 of 2 this turn)"
    );
    assert_eq!(
        t.refused(&["roll", "move", "--unit", "gage", "--dice", "3,4"]),
        "Bead draw refuses gage: the red bead of phase 1 activated rogers (`umpire draw` draws the \
         next bead; or rule otherwise with `--anyway \"WHY\"`)"
    );
    assert!(t.ok(&["status"]).contains("  rogers (british): phase 1\n"));
}

#[test]
fn a_figure_acts_once_a_phase_and_twice_a_turn() {
    let t = in_play();
    t.ok(&["turn", "--phases", "4", "--beads", "3"]);
    t.ok(&["draw", "--bead", "red"]);
    t.ok(&SHOT);
    assert_eq!(
        t.refused(&["roll", "move", "--fig", "RR1", "--dice", "3,4"]),
        "Actions refuses RR1: no action left this phase (1 action each time its unit is \
         activated): move takes 1 action (its unit's next activation gives it another; or rule \
         otherwise with `--anyway \"WHY\"`)"
    );
    // The unit's next activation gives one more; the third in the turn is refused.
    t.ok(&["draw", "--bead", "red"]);
    t.ok(&["roll", "move", "--fig", "RR1", "--dice", "3,4"]);
    t.ok(&["draw", "--bead", "red"]);
    assert_eq!(
        t.refused(&SHOT),
        "Bead draw refuses rogers: already acted twice this turn, in phases 1 and 2 (a unit acts \
         at most twice in a turn; or rule otherwise with `--anyway \"WHY\"`)"
    );
    // The umpire's word lets through both rules the third action breaks, each kept.
    let mut anyway = SHOT.to_vec();
    anyway.extend(["--anyway", "a house rule"]);
    t.ok(&anyway);
    let log = t.ok(&["log", "--last", "1"]);
    assert!(
        log.contains(
            "\n    ruled anyway: \"a house rule\" (Bead draw refused rogers: already acted twice \
             this turn, in phases 1 and 2)\n    ruled anyway: \"a house rule\" (Actions refused \
             RR1: no action left this turn (2 actions a turn): fire takes 1 action)\n"
        ),
        "{log}"
    );
}

#[test]
fn a_unit_action_leaves_out_the_figures_with_no_action_left_and_says_so() {
    let t = in_play();
    t.ok(&["draw", "--bead", "red"]);
    t.ok(&SHOT);
    let out = t.ok(&[
        "roll",
        "spot",
        "--unit",
        "rogers",
        "distance=5",
        "--dice",
        "3,4,5",
    ]);
    assert!(
        out.contains("RR1: held back: no action left this phase"),
        "{out}"
    );
}

#[test]
fn a_mandatory_check_is_no_action_and_one_taken_by_choice_is() {
    let t = in_play();
    t.ok(&["draw", "--bead", "red"]);
    t.ok(&SHOT);
    // Not the phase's side, but a check the rules call for is no action.
    t.ok(&[
        "roll",
        "morale",
        "--fig",
        "CF2",
        "reason=volley",
        "--dice",
        "6,6",
    ]);
    // By choice it is one: refused out of the marines' phase.
    assert!(
        t.refused(&[
            "roll",
            "morale",
            "--fig",
            "CF2",
            "reason=rally",
            "--dice",
            "6,6"
        ])
        .starts_with("Bead draw refuses marines: phase 1 is for British")
    );
}

#[test]
fn a_check_owed_at_once_is_made_before_the_next_roll_draw_or_turn() {
    let t = in_play();
    t.ok(&["draw", "--bead", "red"]);
    // A light wound: CF1 tests at once.
    t.ok(&[
        "roll", "shoot", "--firer", "RR1", "--target", "CF1", "--dice", "6,5", "--dice", "3,4",
    ]);
    let refused = "Checks owed refuses CF1: morale reason=wound is owed at once (the wounded \
                   figure tests at once) (`umpire roll --next` makes it; or rule otherwise with \
                   `--anyway \"WHY\"`)";
    assert_eq!(t.refused(&["draw", "--bead", "white"]), refused);
    assert_eq!(t.refused(&["turn"]), refused);
    assert_eq!(
        t.refused(&[
            "roll", "shoot", "--firer", "RR2", "--target", "CF2", "--dice", "2,3"
        ]),
        refused
    );
    let out = t.ok(&[
        "draw",
        "--bead",
        "white",
        "--anyway",
        "the check is made at the table",
    ]);
    assert!(
        out.ends_with(
            "still owed: 1 check (`umpire status` lists them; `umpire roll --next` makes the \
             next, those owed at once first)\n"
        ),
        "{out}"
    );
    t.ok(&["undo"]);
    t.ok(&["roll", "--next", "--dice", "6,6"]);
    t.ok(&["draw", "--bead", "white"]);
}

#[test]
fn a_refusal_in_json_gives_the_rule_who_and_why() {
    let t = in_play();
    let out = t.test().args(SHOT).arg("--json").status(2).output();
    let v = parsed(&out.stderr);
    assert_eq!(
        v["error"]["refused"],
        serde_json::json!({
            "rule": "Bead draw",
            "who": "rogers",
            "why": "no bead has been drawn in turn 1",
        })
    );
}

#[test]
fn anyway_needs_a_reason() {
    let t = in_play();
    assert_eq!(
        t.refused(&["draw", "--anyway", " "]),
        "--anyway needs the umpire's reason (e.g. --anyway \"the bead was misread\")"
    );
}

#[test]
fn status_in_json_says_the_phase_and_whose_it_is() {
    let t = in_play();
    let before = parsed(&t.ok(&["status", "--json"]));
    assert_eq!(
        (before["phase"].clone(), before["playing"].clone()),
        (0.into(), serde_json::Value::Null)
    );
    t.ok(&["draw", "--bead", "white"]);
    let now = parsed(&t.ok(&["status", "--json"]));
    assert_eq!(now["number"], 1);
    assert_eq!(now["phase"], 1);
    assert_eq!(now["playing"], "french");
}

/// A check owed in one turn and made in the next counts toward the turn it was owed in: a
/// figure that failed once in turn 1 and fails its turn-1 check in turn 2 has failed twice in
/// turn 1 and panics, while turn 2's count is left alone; `status` says which turn each check
/// was owed in.
#[test]
fn a_check_carried_into_the_next_turn_counts_toward_the_turn_it_was_owed_in() {
    let t = in_play();
    // A tie in melee (3 +3 rangers, formed, against 4 +2 formed): both test (not at once, so
    // the turn may end with them owed).
    let tie = "roll melee --attackers RR1 --defender CF1 --dice 3 --dice 4";
    t.ok(&tie.split(' ').collect::<Vec<_>>());
    // RR1 failed a check in turn 1 already (a counter with a dash in its name, typed with its
    // change).
    t.ok(&["mark", "RR1", "failed-morale+1"]);
    t.ok(&["turn"]);
    let status = t.ok(&["status"]);
    assert!(
        status.contains(
            "  1. RR1 morale reason=melee-tie: attacker [#5 melee (RR1 against CF1): Tie] (owed \
             in turn 1)\n"
        ),
        "{status}"
    );
    // One failure in turn 2 so far: the carried check does not add to it.
    t.ok(&["mark", "RR1", "failed-morale+1"]);
    let out = t.ok(&["roll", "--next", "--dice", "1,1", "--dice", "3,3"]);
    assert!(out.contains("outcome: Fail"), "{out}");
    assert!(
        out.contains(
            "  RR1: failed morale checks this turn 2 (in turn 1, when the check was owed)\n"
        ),
        "{out}"
    );
    assert!(out.contains("  RR1: +panicked\n"), "{out}");
    let rr1 = t.ok(&["fig", "show", "RR1"]);
    assert!(rr1.contains("failed-morale 1"), "{rr1}");
    // A check two turns old counts toward no turn the tool still keeps.
    t.ok(&["undo"]);
    t.ok(&["turn", "--anyway", "the checks wait"]);
    let out = t.ok(&["roll", "--next", "--dice", "1,1", "--dice", "3,3"]);
    assert!(
        out.contains(
            "  RR1: not counted in failed morale checks this turn (the check was owed in turn 1)\n"
        ),
        "{out}"
    );
}
