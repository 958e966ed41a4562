//! Morale and panic (two failed checks in a turn panic a figure; passed checks take markers
//! off), and melee: wounds on the loser, up to three attackers, and what is refused.

use super::{Roster, line, skirmish, words};

// ----- morale and panic -------------------------------------------------------------------------

#[test]
fn two_failed_morale_checks_in_one_turn_panic_the_figure_and_a_new_turn_resets_the_count() {
    let t = skirmish();
    t.ok(&["turn"]);
    // 1+2 = 3 fails; the retreat that follows is 3+3 = 6 inches.
    let fail = |code: &str| {
        t.ok(&[
            "roll", "morale", "--fig", code, "--dice", "1,2", "--dice", "3,3",
        ])
    };
    let out = fail("RF1");
    assert_eq!(line(&out, "outcome: "), "outcome: Fail › 6 inches");
    assert!(
        out.ends_with(
            "changes:\n  RF1: failed morale checks this turn 1\ndice: 2 entered, 0 rolled\n"
        ),
        "{out}"
    );
    assert_eq!(
        t.figs_row("RF1"),
        (
            words(&["RF1", "rifles", "british", "regulars", "failed-morale", "1"]),
            false
        )
    );
    let out = fail("RF1");
    assert!(
        out.ends_with(
            "changes:\n  RF1: failed morale checks this turn 2\n  RF1: +panicked\n\
             dice: 2 entered, 0 rolled\n"
        ),
        "{out}"
    );
    assert_eq!(
        t.figs_row("RF1"),
        (
            words(&[
                "RF1",
                "rifles",
                "british",
                "regulars",
                "panicked",
                "(yellow)",
                "failed-morale",
                "2"
            ]),
            false
        )
    );
    assert_eq!(t.fig("RF1"), "RF1: panicked (yellow), failed-morale 2");
    // Another figure failed once this turn.
    fail("RF2");

    // The next turn starts the count again: one more failure does not panic.
    t.ok(&["turn"]);
    assert_eq!(t.fig("RF1"), "RF1: panicked (yellow)");
    assert_eq!(t.fig("RF2"), "RF2: no markers");
    let out = fail("RF2");
    assert!(
        out.ends_with(
            "changes:\n  RF2: failed morale checks this turn 1\ndice: 2 entered, 0 rolled\n"
        ),
        "{out}"
    );
    assert_eq!(t.fig("RF2"), "RF2: failed-morale 1");
    // The panicked figure tests at -2.
    let out = fail("RF1");
    assert_eq!(
        line(&out, "     -2"),
        "     -2  pinned or panicked  [situation]"
    );
    assert!(
        out.contains("\n  RF1: failed morale checks this turn 1\n"),
        "{out}"
    );
    assert!(!out.contains("+panicked"), "{out}");
}

#[test]
fn a_passed_check_to_unpin_takes_pinned_off_and_one_to_rally_takes_panicked_off() {
    let t = skirmish();
    t.ok(&["mark", "RR1", "+pinned"]);
    t.ok(&["mark", "RR2", "+panicked"]);
    // 6+5 -2 pinned +2 rangers = 11: pass.
    let out = t.ok(&[
        "roll",
        "morale",
        "--fig",
        "RR1",
        "reason=unpin",
        "--dice",
        "6,5",
    ]);
    assert_eq!(
        line(&out, "  given"),
        "  given officer=no, pinned=yes, reason=unpin (to un-pin a pinned figure, optional, costs an action), \
         troop=rangers"
    );
    assert!(
        out.ends_with("outcome: Pass\nchanges:\n  RR1: -pinned\ndice: 1 entered, 0 rolled\n"),
        "{out}"
    );
    assert_eq!(t.fig("RR1"), "RR1: actions 1, phase-actions 1");
    // A pass for another reason leaves the marker on.
    let out = t.ok(&[
        "roll",
        "morale",
        "--fig",
        "RR2",
        "reason=wound",
        "--dice",
        "6,5",
    ]);
    assert!(
        out.ends_with("outcome: Pass\nchanges: none\ndice: 1 entered, 0 rolled\n"),
        "{out}"
    );
    assert_eq!(t.fig("RR2"), "RR2: panicked (yellow)");
    let out = t.ok(&[
        "roll",
        "morale",
        "--fig",
        "RR2",
        "reason=rally",
        "--dice",
        "6,5",
    ]);
    assert!(
        out.ends_with("outcome: Pass\nchanges:\n  RR2: -panicked\ndice: 1 entered, 0 rolled\n"),
        "{out}"
    );
    assert_eq!(t.fig("RR2"), "RR2: actions 1, phase-actions 1");
    // A failed check to unpin leaves the figure pinned and counts as a failure.
    t.ok(&["mark", "RR1", "+pinned"]);
    let out = t.ok(&[
        "roll",
        "morale",
        "--fig",
        "RR1",
        "reason=unpin",
        "--dice",
        "2,2",
        "--dice",
        "1,1",
    ]);
    assert_eq!(line(&out, "outcome: "), "outcome: Fail › 2 inches");
    assert_eq!(
        t.fig("RR1"),
        "RR1: pinned (purple), actions 2, failed-morale 1, phase-actions 2"
    );
}

// ----- melee ------------------------------------------------------------------------------------

#[test]
fn a_melee_wound_lands_on_the_loser_and_a_second_wound_kills_it() {
    let t = skirmish();
    // 6+1 coureurs against 2+1 rangers: the defender loses by 4, a severe wound.
    assert_eq!(
        t.ok(&[
            "roll",
            "melee",
            "--attackers",
            "CF1",
            "--defender",
            "RR2",
            "--dice",
            "6",
            "--dice",
            "2"
        ]),
        "from the roster:
  attacker CF1 (coureurs, french), acting: from its unit: troop=coureurs
  defender RR2 (rangers, british), acting: from its unit: troop=rangers
melee — War Club and Musket Butt
  attacker: given troop=coureurs (coureurs du bois)
  attacker: dice 1d6
    1d6: 6 (entered) = 6
     +1  coureurs du bois  [troop type]
    net modifier +1: 6 + 1 = 7
  defender: given troop=rangers
  defender: dice 1d6
    1d6: 2 (entered) = 2
     +1  rangers  [troop type]
    net modifier +1: 2 + 1 = 3
  => attacker 7 against defender 3: attacker wins by 4; defender: Severe wound   chance 1/18 (5.6%)
outcome: defender: Severe wound
must follow: umpire roll morale --fig RR2 reason=wound   (defender)
changes:
  RR2: +severe wound
  RR2 owes morale reason=wound
dice: 2 entered, 0 rolled
"
    );
    assert_eq!(t.fig("RR2"), "RR2: severe wound (black)");
    assert_eq!(t.fig("CF1"), "CF1: no markers");

    // 1+1 coureurs against 4+1 rangers: the attacker loses by 3, a light wound on CF2.
    let out = t.ok(&[
        "roll",
        "melee",
        "--attackers",
        "CF2",
        "--defender",
        "RR1",
        "--dice",
        "1",
        "--dice",
        "4",
    ]);
    assert_eq!(
        line(&out, "  => "),
        "  => attacker 2 against defender 5: defender wins by 3; attacker: Light wound   \
         chance 1/12 (8.3%)"
    );
    assert_eq!(
        line(&out, "must follow: "),
        "must follow: umpire roll morale --fig CF2 reason=wound   (attacker)"
    );
    assert_eq!(t.fig("CF2"), "CF2: light wound (blue)");
    assert_eq!(t.fig("RR1"), "RR1: no markers");

    // The severely wounded RR2 fights at -3 and loses by 3 again: a second wound kills.
    let out = t.ok(&[
        "roll",
        "melee",
        "--attackers",
        "CF1",
        "--defender",
        "RR2",
        "--dice",
        "4",
        "--dice",
        "4",
    ]);
    assert_eq!(
        line(&out, "  defender RR2"),
        "  defender RR2 (rangers, british), acting: from its unit: troop=rangers; \
         from markers: wound=severe (severe wound)"
    );
    assert_eq!(
        line(&out, "     -3"),
        "     -3  severely wounded  [situation]"
    );
    assert_eq!(
        line(&out, "  => "),
        "  => attacker 5 against defender 2: attacker wins by 3; defender: Light wound; \
         a second wound kills: Killed   chance 17/36 (47.2%)"
    );
    assert!(
        out.ends_with(
            "changes:\n  RR2: dead\n  RR2 is dead: the morale reason=wound it owed is dropped\n\
             dice: 2 entered, 0 rolled\n"
        ),
        "{out}"
    );
    assert_eq!(
        t.figs_row("RR2"),
        (
            words(&["RR2", "rangers", "british", "rangers", "dead"]),
            true
        )
    );
    assert_eq!(
        t.refused(&[
            "roll",
            "melee",
            "--attackers",
            "CF1",
            "--defender",
            "RR2",
            "--dice",
            "6",
            "--dice",
            "1"
        ]),
        "RR2 is dead: it takes no part in a roll (`umpire mark RR2 -dead` if that was a mistake)"
    );
}

/// Documents a current limit, not the rule: the rules let up to three figures fight one, but
/// the tool takes one attacker per roll for now.
#[test]
fn up_to_three_attackers_fight_one_defender_with_its_one_die_against_each() {
    let t = skirmish();
    // CF1 and CF2 (coureurs, +1) against RR1 (rangers, +1, outnumbered by 1: -1). The
    // defender's one die (2) is thrown once and read against each attacker's.
    let said = t.ok(&[
        "roll",
        "melee",
        "--attackers",
        "CF1,CF2",
        "--defender",
        "RR1",
        "--dice",
        "6",
        "--dice",
        "2",
        "--dice",
        "3",
    ]);
    assert!(
        said.starts_with("pairing 1 of 2: attacker CF1 against defender RR1\n"),
        "{said}"
    );
    assert!(
        said.contains("pairing 2 of 2: attacker CF2 against defender RR1\n"),
        "{said}"
    );
    assert!(
        said.contains("defender: given outnumbered=1, troop=rangers"),
        "{said}"
    );
    // Pairing 1: 6 + 1 = 7 against 2 + 1 - 1 = 2, won by 5: captured.
    assert!(
        said.contains("attacker 7 against defender 2: attacker wins by 5; defender: Captured"),
        "{said}"
    );
    // Pairing 2: 3 + 1 = 4 against the same 2, won by 2: flee (the captive flees no more).
    assert!(
        said.contains("attacker 4 against defender 2: attacker wins by 2; defender: Flee"),
        "{said}"
    );
    assert!(
        said.contains(
            "\ndice: 3 entered, 1 rolled, the lone figure's throw shared by the 2 pairings (seed "
        ),
        "{said}"
    );
}

#[test]
fn more_than_three_attackers_or_a_missing_side_are_refused() {
    let t = skirmish();
    t.unit("more", "french", "indians", 2, "IN", None);
    let state = t.state_bytes();
    assert_eq!(
        t.refused(&[
            "roll",
            "melee",
            "--attackers",
            "CF1,CF2,CF3,IN1",
            "--defender",
            "RR1"
        ]),
        "melee takes at most 3 attackers against one defender; 4 were named"
    );
    assert_eq!(
        t.refused(&[
            "roll",
            "melee",
            "--attackers",
            "CF1,CF1",
            "--defender",
            "RR1"
        ]),
        "CF1 is named twice among the attackers"
    );
    assert_eq!(
        t.refused(&["roll", "melee", "--attackers", "CF1"]),
        "melee needs both --attackers and --defender"
    );
    assert_eq!(
        t.refused(&["roll", "melee", "--firer", "CF1", "--target", "RR1"]),
        "melee is an opposed roll: name its figures with --attackers and --defender"
    );
    assert_eq!(t.state_bytes(), state);
}

#[test]
fn a_figure_cannot_fight_itself_in_a_melee() {
    let t = skirmish();
    t.refused(&[
        "roll",
        "melee",
        "--attackers",
        "CF1",
        "--defender",
        "CF1",
        "--dice",
        "6",
        "--dice",
        "2",
    ]);
}
