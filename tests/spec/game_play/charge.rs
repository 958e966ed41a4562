//! The charge as one workflow (`umpire charge`): the chargers test before charging a line, a
//! charger that fails stays out (and with fewer than four charging the bonus is withheld,
//! naming its rule), the charged unit reacts by spending a bead and an activation, those who
//! pass fire at the chargers, every fight's first round carries the charge bonus and the
//! defenders' -1s, and the whole charge is one event that one undo takes back. A unit may not
//! charge two turns running.

use super::{Roster, game};
use crate::support::Table;

/// The line of `out` that starts with `start` (after its indent).
fn line<'a>(out: &'a str, start: &str) -> &'a str {
    out.lines()
        .find(|l| l.trim_start().starts_with(start))
        .unwrap_or_else(|| panic!("no line starting {start:?} in:\n{out}"))
        .trim_start()
}

/// British regulars in line with an officer (BR1-BR4) and French marines in line (CF1-CF2).
fn lines() -> Table {
    let t = game();
    for (name, troop, side, n, code) in [
        ("line", "troop=regulars", "british", "4", "BR"),
        ("mar", "troop=marine", "french", "2", "CF"),
    ] {
        let mut args = vec!["unit", "add", name, troop, "formation=line"];
        if side == "british" {
            args.push("officer");
        }
        args.extend(["--side", side, "--figures", n, "--code", code]);
        t.ok(&args);
    }
    t
}

/// The same, turn 1 started and the red bead drawn.
fn lines_drawn_up() -> Table {
    let t = lines();
    t.ok(&["turn"]);
    t.ok(&["draw", "--bead", "red"]);
    t
}

/// `charge --unit line --target CF --react` with these faces, in order.
fn charge(t: &Table, faces: &[&str]) -> String {
    let mut args = vec!["charge", "--unit", "line", "--target", "CF", "--react"];
    for f in faces {
        args.extend(["--dice", f]);
    }
    t.ok(&args)
}

/// Four chargers test (+3: formed, officer), the marines react: CF1 passes and fires at its
/// opponent BR1 and misses, CF2 fails; then CF1 fights BR1 and BR3, CF2 fights BR2 and BR4.
const ALL_PASS: [&str; 13] = [
    "4,4", "5,3", "3,3", "5,5", // before: all pass
    "5,4", "1,2", // CF1 passes (9), fires at BR1: 3 + 3 = 6, a miss
    "1,1", // CF2 fails (2)
    "4", "3", "2", // BR1, CF1 (shared), BR3
    "5", "6", "3", // BR2, CF2 (shared), BR4
];

#[test]
fn a_charge_tests_the_chargers_spends_the_defenders_bead_and_fights_with_every_modifier() {
    let t = lines_drawn_up();
    let out = charge(&t, &ALL_PASS);
    assert_eq!(
        out.lines().take(4).collect::<Vec<_>>(),
        [
            "line charges mar: 4 figures against 2",
            "  line acts in phase 1 (activation 1 of 2 this turn)",
            "before the charge, morale: the charged unit stands in line",
            "  BR1: 4 4 +3 = 11: Pass",
        ]
    );
    assert_eq!(
        line(&out, "mar reacts"),
        "mar reacts, spending a white bead taken from the bag and activation 1 this turn"
    );
    assert_eq!(
        line(&out, "CF1: 5 4"),
        "CF1: 5 4 = 9: May fire at the chargers; fires at BR1: 1 2 +3 = 6: Miss (then fights \
         with defensive-fire)"
    );
    assert_eq!(
        line(&out, "CF2: 1 1"),
        "CF2: 1 1 = 2: No fire; -1 in the first round of melee"
    );
    // Regulars +1, formed +2, charging +1; the lone marine -1 outnumbered, -1 for its fire
    // (CF1) or its failed reaction (CF2).
    assert_eq!(
        line(&out, "BR1 against CF1"),
        "BR1 against CF1: attacker 4 +4 = 8 against defender 3 -2 = 1: defender: Killed"
    );
    assert_eq!(
        line(&out, "BR3 against CF1"),
        "BR3 against CF1: attacker 2 +4 = 6 against defender 3 -2 = 1: defender: Captured"
    );
    assert_eq!(
        line(&out, "BR4 against CF2"),
        "BR4 against CF2: attacker 3 +4 = 7 against defender 6 -2 = 4: defender: Light wound"
    );
    assert_eq!(line(&out, "dice:"), "dice: 13 entered, 0 rolled");
    let status = t.ok(&["status"]);
    assert!(status.contains("in the bag: 0 red, 0 white\n"), "{status}");
    assert!(status.contains("  mar (french): phase 1\n"), "{status}");
    assert_eq!(t.state()["figures"][4]["state"], "dead", "CF1");
    assert_eq!(t.state()["figures"][5]["state"], "captured", "CF2");
}

#[test]
fn the_whole_charge_is_one_event_that_one_undo_takes_back() {
    let t = lines_drawn_up();
    let before = t.state_bytes();
    charge(&t, &ALL_PASS);
    let log = t.ok(&["log", "--last", "1"]);
    assert!(
        log.starts_with(
            "#5 turn 1: charge (line at mar): the charged unit stands in line: BR1 Pass, BR2 \
             Pass, BR3 Pass, BR4 Pass; reaction: CF1 May fire at the chargers, fires at BR1: \
             Miss, CF2 No fire; -1 in the first round of melee; BR1 against CF1 defender: Killed"
        ),
        "{log}"
    );
    t.ok(&["undo"]);
    let after: serde_json::Value =
        crate::support::parsed(&String::from_utf8_lossy(&t.state_bytes()));
    let was: serde_json::Value = crate::support::parsed(&String::from_utf8_lossy(&before));
    for key in ["turn", "units", "figures", "pending"] {
        assert_eq!(after[key], was[key], "{key}");
    }
}

#[test]
fn a_charger_that_fails_its_test_stays_out_and_three_chargers_get_no_bonus() {
    let t = lines_drawn_up();
    let out = t.ok(&[
        "charge", "--unit", "BR", "--target", "mar", "--dice", "4,4", "--dice", "1,2", "--dice",
        "3,3", "--dice", "5,5", "--dice", "4", "--dice", "3", "--dice", "2", "--dice", "5",
        "--dice", "2",
    ]);
    assert_eq!(
        line(&out, "BR2: 1 2"),
        "BR2: 1 2 +3 = 6: Fail: out of the charge"
    );
    // Three charge: BR1 and BR4 against CF1, BR3 against CF2; the bonus needs four.
    assert_eq!(
        line(&out, "BR1 against CF1"),
        "BR1 against CF1: attacker 4 +3 = 7 against defender 3 -1 = 2: defender: Captured"
    );
    assert_eq!(
        line(&out, "attacker: charging"),
        "attacker: charging withheld: Charging needs figures 4 or more (it is 3)"
    );
    assert_eq!(
        line(&out, "BR3 against CF2"),
        "BR3 against CF2: attacker 5 +3 = 8 against defender 2 = 2: defender: Killed"
    );
    assert!(!out.contains("BR2 against"), "{out}");
}

#[test]
fn a_unit_may_not_charge_two_turns_running() {
    let t = lines_drawn_up();
    charge(&t, &ALL_PASS);
    t.ok(&[
        "unit",
        "add",
        "more",
        "troop=marine",
        "--side",
        "french",
        "--figures",
        "2",
        "--code",
        "MM",
    ]);
    t.ok(&["turn"]);
    t.ok(&["draw", "--bead", "red"]);
    let before = (t.state_bytes(), t.log_bytes());
    let err = t.refused(&["charge", "--unit", "line", "--target", "MM", "--seed", "1"]);
    assert!(
        err.starts_with(
            "attacker: charging refused by the rule Charging two turns running: it needs not \
             charged-last-turn"
        ),
        "{err}"
    );
    assert_eq!((t.state_bytes(), t.log_bytes()), before);
}

#[test]
fn a_reaction_needs_a_bead_left_and_nothing_is_written_without_one() {
    let t = lines_drawn_up();
    // The only white bead goes to the marines' reaction.
    charge(&t, &ALL_PASS);
    t.ok(&[
        "unit",
        "add",
        "more",
        "troop=marine",
        "--side",
        "french",
        "--figures",
        "2",
        "--code",
        "MM",
    ]);
    let before = (t.state_bytes(), t.log_bytes());
    assert_eq!(
        t.refused(&[
            "charge", "--unit", "line", "--target", "MM", "--react", "--seed", "3"
        ]),
        "more cannot react: no white bead is left in the bag, and none is held"
    );
    assert_eq!((t.state_bytes(), t.log_bytes()), before);
}

#[test]
fn a_charge_at_a_friend_or_an_empty_unit_is_refused() {
    let t = lines_drawn_up();
    t.ok(&[
        "unit",
        "add",
        "lights",
        "troop=lights",
        "--side",
        "british",
        "--figures",
        "2",
        "--code",
        "LI",
    ]);
    assert_eq!(
        t.refused(&["charge", "--unit", "line", "--target", "LI"]),
        "line and lights are both of british: a unit charges the enemy"
    );
    assert!(
        t.refused(&["charge", "--unit", "line", "--target", "nosuch"])
            .starts_with("there is no unit `nosuch`"),
    );
    assert_eq!(
        t.refused(&[
            "charge",
            "--unit",
            "line",
            "--target",
            "CF",
            "--fight",
            "CF1=BR1,BR2,BR3,BR4"
        ]),
        "`CF1=BR1,BR2,BR3,BR4`: a fight has 1 to 3 figures against one"
    );
}

#[test]
fn a_unit_that_acted_twice_this_turn_cannot_react() {
    let t = lines();
    t.ok(&["turn", "--phases", "3", "--beads", "2"]);
    for _ in 0..2 {
        t.ok(&["draw", "--bead", "white"]);
        t.ok(&["activate", "mar"]);
    }
    t.ok(&["draw", "--bead", "red"]);
    assert_eq!(
        t.refused(&[
            "charge", "--unit", "line", "--target", "mar", "--react", "--seed", "2"
        ]),
        "mar already acted 2 times this turn: it cannot react (a unit acts at most 2 times in a \
         turn)"
    );
}

#[test]
fn a_charge_in_json_says_each_roll_and_the_fights() {
    let t = lines_drawn_up();
    let mut args = vec![
        "charge", "--unit", "line", "--target", "CF", "--react", "--json",
    ];
    for f in ALL_PASS {
        args.extend(["--dice", f]);
    }
    let v = crate::support::parsed(&t.ok(&args));
    assert_eq!(v["schema"], 1);
    assert_eq!(v["unit"], "line");
    assert_eq!(v["before"][0]["rolls"][1]["outcome"], "Pass");
    assert_eq!(v["reactions"][0]["shot"]["outcome"], "Miss");
    assert_eq!(v["fights"][0]["lone"], "CF1");
    assert_eq!(v["fights"][0]["worst"]["result"], "killed");
    assert_eq!(v["dice_entered"], 13);
}

#[test]
fn a_charge_every_charger_fails_to_make_costs_the_defender_nothing() {
    let t = lines_drawn_up();
    let out = charge(&t, &["1,1", "1,2", "2,1", "1,3"]);
    assert_eq!(
        line(&out, "BR4: 1 3"),
        "BR4: 1 3 +3 = 7: Fail: out of the charge"
    );
    assert!(
        out.contains("no fight: no charger reached the enemy\n"),
        "{out}"
    );
    assert!(!out.contains("mar reacts"), "{out}");
    assert!(t.ok(&["status"]).contains("in the bag: 0 red, 1 white\n"));
}

/// `charge --unit marines --target gage FLAGS` with these faces in order (and seed 1 for any
/// die left to roll).
fn marines_charge<'a>(flags: &[&'a str], faces: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["charge", "--unit", "marines", "--target", "gage"];
    args.extend(flags);
    for f in faces {
        args.extend(["--dice", f]);
    }
    args.extend(["--seed", "1"]);
    args
}

/// Lights in line with an officer (LI1-LI4) and marines in line with an officer (CF1-CF5),
/// out of turn (nothing is weighed before the first turn).
fn lights_and_marines() -> Table {
    let t = game();
    for (name, troop, side, n, code) in [
        ("gage", "troop=lights", "british", "4", "LI"),
        ("marines", "troop=marine", "french", "5", "CF"),
    ] {
        t.ok(&[
            "unit",
            "add",
            name,
            troop,
            "formation=line",
            "officer",
            "--side",
            side,
            "--figures",
            n,
            "--code",
            code,
        ]);
    }
    t
}

#[test]
fn a_pinned_figure_stays_out_of_the_charge_and_too_few_able_figures_cannot_charge() {
    let t = lights_and_marines();
    t.ok(&["mark", "CF5", "+pinned"]);
    let out = t.ok(&marines_charge(
        &[],
        &[
            "4,3", "5,2", "6,1", "2,4", "2", "4", "5", "1", "4", "6", "3", "3",
        ],
    ));
    assert!(out.contains("\n  CF5: does not charge: pinned\n"), "{out}");
    assert!(!out.contains("CF5: 4"), "{out}");
    t.ok(&["undo"]);
    // With CF4 panicked too, three may charge: no charge, unless the umpire rules so.
    t.ok(&["mark", "CF4", "+panicked"]);
    let before = (t.state_bytes(), t.log_bytes());
    let charge = marines_charge(&[], &["4,3", "5,2", "6,1"]);
    assert_eq!(
        t.refused(&charge),
        "Charging refuses marines: 3 of its figures may charge, and a charge needs at least 4 \
         (move into contact and fight with `umpire roll` instead; or rule otherwise with \
         `--anyway \"WHY\"`)"
    );
    assert_eq!((t.state_bytes(), t.log_bytes()), before);
    let mut anyway = charge.to_vec();
    anyway.extend(["--anyway", "a scenario rule"]);
    let out = t.ok(&anyway);
    assert!(out.contains("  CF4: does not charge: panicked\n"), "{out}");
}

#[test]
fn a_charger_the_reaction_fire_sends_fleeing_does_not_fight() {
    let t = lights_and_marines();
    t.ok(&["mark", "CF5", "+dead"]);
    // LI1 passes and fires at CF1: a hit, 1 3 on the hit result: it flees.
    let out = t.ok(&marines_charge(
        &["--react"],
        &[
            "4,3", "5,2", "6,1", "2,4", "5,3", "2,3", "1,3", "1,2", "1,2", "1,2", "2", "4", "5",
            "1", "4", "6",
        ],
    ));
    assert!(
        out.contains("  CF1: out of the fight: Flee 6\" towards cover\n"),
        "{out}"
    );
    assert!(
        out.contains("  LI1: no fight: its opponents are out\n"),
        "{out}"
    );
    assert!(!out.contains("CF1 against LI1"), "{out}");
    // The three others charged as four launched it: the bonus stays.
    assert!(!out.contains("charging withheld"), "{out}");
}

/// LI1's fire wounds CF1: it tests at once, before the melee; failing, it falls back and does
/// not fight, and owes no test after; passing, it fights wounded.
#[test]
fn a_charger_wounded_by_the_reaction_fire_tests_at_once_before_the_melee() {
    let t = lights_and_marines();
    t.ok(&["mark", "CF5", "+dead"]);
    // Four checks before the charge, LI1's check, shot and hit result (2 4: light wound), the
    // three other lights' checks, then CF1's test at once and its retreat.
    let faces = [
        "4,3", "5,2", "6,1", "2,4", "5,3", "2,3", "2,4", "1,2", "1,2", "1,2",
    ];
    let failed: Vec<&str> = faces.iter().copied().chain(["1,2", "3,3"]).collect();
    let out = t.ok(&marines_charge(&["--react"], &failed));
    assert!(
        out.contains(
            "tested at once, before the melee:\n  CF1: morale 1 2 +2 = 5: Fail › retreat 3 3 = \
             6: 6 inches\nmelee, first round:\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("  CF1: out of the fight: morale Fail\n"),
        "{out}"
    );
    assert!(!out.contains("CF1 against LI1"), "{out}");
    assert!(!out.contains("CF1 owes morale reason=wound"), "{out}");
    assert_eq!(
        t.fig("CF1"),
        "CF1: light wound (blue), actions 1, failed-morale 1, phase-actions 1"
    );
    t.ok(&["undo"]);
    // 6 5 +2 = 13 passes: CF1 fights, with its wound.
    let passed: Vec<&str> = faces.iter().copied().chain(["6,5"]).collect();
    let out = t.ok(&marines_charge(&["--react"], &passed));
    assert!(out.contains("  CF1: morale 6 5 +2 = 13: Pass\n"), "{out}");
    assert!(out.contains("  LI1 against CF1:\n"), "{out}");
}

/// The charge is each charger's action, and reacting each defender's: one with no action left
/// this turn stays out (and says so), and those who act spend one.
#[test]
fn a_charger_or_a_defender_with_no_action_left_stays_out() {
    let t = lights_and_marines();
    t.ok(&["mark", "CF5", "actions=2"]);
    t.ok(&["mark", "LI4", "actions=2"]);
    let out = t.ok(&marines_charge(
        &["--react"],
        &[
            "4,3", "5,2", "6,1", "2,4", "5,3", "2,3", "4,5", "1,2", "1,2", "5", "5", "1", "1", "4",
            "3",
        ],
    ));
    assert!(
        out.contains(
            "  CF5: does not charge: no action left this turn (2 actions a turn): charge takes 1 \
             action\n"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "  LI4: does not react: no action left this turn (2 actions a turn): morale check \
             takes 1 action\n"
        ),
        "{out}"
    );
    assert!(!out.contains("  LI4: 1 2"), "{out}");
    assert_eq!(t.fig("CF1"), "CF1: actions 1, phase-actions 1");
    assert!(t.fig("LI1").starts_with("LI1: actions 1, phase-actions 1"));
}

/// A line unit of five with two pinned is no longer formed: its volley is withheld.
#[test]
fn three_able_figures_in_line_are_not_formed_and_do_not_volley() {
    let t = lights_and_marines();
    t.ok(&["mark", "CF4", "+pinned"]);
    t.ok(&["mark", "CF5", "+pinned"]);
    let out = t.ok(&[
        "roll", "shoot", "--fig", "CF1", "--target", "LI1", "volley", "range=10", "--dice", "1,2",
    ]);
    assert!(
        out.contains(
            "as its unit stands: not formed (in line or column with 4 or more figures: too few \
             able figures)"
        ),
        "{out}"
    );
    assert!(
        out.contains("  volley withheld: Volley fire needs formed\n"),
        "{out}"
    );
}

/// The fights of one round are fought at once: LI1 killed in the first does not unform the
/// lights for the others (each defender keeps its +2 for a formed unit).
#[test]
fn the_fights_of_a_round_are_simultaneous() {
    let t = lights_and_marines();
    t.ok(&["mark", "CF5", "+dead"]);
    let out = t.ok(&marines_charge(
        &[],
        &[
            "4,3", "5,2", "6,1", "2,4", "6", "1", "1", "1", "3", "3", "3", "3",
        ],
    ));
    assert!(
        out.contains(
            "CF1 against LI1: attacker 6 +3 = 9 against defender 1 +2 = 3: defender: Killed"
        ),
        "{out}"
    );
    assert!(
        out.contains("CF2 against LI2: attacker 1 +3 = 4 against defender 1 +2 = 3"),
        "{out}"
    );
}
