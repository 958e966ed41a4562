//! Steps 4 to 6 of the turn, after both sides' actions: charges declared and tested, hand to
//! hand, morale checks for the killed and wounded. Each roll of theirs is made in its step: from
//! the last player turn (or an earlier step) it moves play on to it, before that it is refused
//! naming the sequence of play, and once its step is over too; the umpire has the last word.

use super::game;

#[test]
fn charges_hand_to_hand_and_morale_follow_the_player_turns_in_order() {
    let t = game();
    let h2h = [
        "roll",
        "hand-to-hand",
        "--attacker",
        "RA1",
        "--defender",
        "OT1",
        "--dice",
        "3",
        "--dice",
        "3",
    ];
    assert_eq!(
        t.refused(&h2h),
        "Sequence of play refuses hand-to-hand: it is made in step 4 after the player turns \
         (hand to hand, with rout and pursuit), and the player turn of British and provincials \
         is going (`umpire turn` passes play to the next player; or rule otherwise with \
         `--anyway \"WHY\"`)"
    );
    // The French player turn is the last: a charge test moves play on to the charges.
    t.ok(&["turn"]);
    let out = t.ok(&[
        "roll",
        "charge-test",
        "--fig",
        "OT3",
        "reason=charging",
        "reach=1",
        "--dice",
        "6",
    ]);
    assert!(
        out.contains(
            "changes:\n  Turn 1, step 3 of 5, after the player turns: charges declared and \
             tested, the charger and his target (within 2 inches), and the charge moves (now: \
             `umpire roll charge-test reason=charging` (or reason=charged), `umpire roll move \
             mode=charge`)\n"
        ),
        "{out}"
    );
    // No more actions this turn.
    assert_eq!(
        t.refused(&["roll", "move", "--fig", "OT4", "--dice", "3"]),
        "Player turns refuses ottawa: the player turns of this turn are over (`umpire turn` \
         starts the next turn; or rule otherwise with `--anyway \"WHY\"`)"
    );
    let out = t.ok(&h2h);
    assert!(
        out.contains("  Turn 1, step 4 of 5, after the player turns: hand to hand"),
        "{out}"
    );
    // The charges are over once hand to hand has begun.
    let late = [
        "roll",
        "charge-test",
        "--fig",
        "RA2",
        "reason=charged",
        "--dice",
        "5",
    ];
    assert!(t.refused(&late).starts_with(
        "Sequence of play refuses charge-test: it is made in step 3 after the player turns \
         (charges declared and tested, the charger and his target (within 2 inches), and the \
         charge moves), and step 4 is going"
    ));
    t.ok(&[&late[..], &["--anyway", "he was charged by a second man"]].concat());
    let log = t.ok(&["log", "--last", "1"]);
    assert!(
        log.contains("ruled anyway: \"he was charged by a second man\""),
        "{log}"
    );
    let out = t.ok(&[
        "roll",
        "charge-test",
        "--fig",
        "GR1",
        "reason=friend-hit",
        "--dice",
        "5",
    ]);
    assert!(
        out.contains("  Turn 1, step 5 of 5, after the player turns: morale checks"),
        "{out}"
    );
    // Undone, play is back in the hand to hand step.
    t.ok(&["undo"]);
    assert!(
        t.ok(&["status"])
            .starts_with("Game braddock, turn 1, step 4 of 5, after the player turns")
    );
    assert!(
        t.ok(&["turn"])
            .starts_with("Turn 2, player turn 1 of 2: British and provincials\n")
    );
}

#[test]
fn a_step_of_the_turn_rolls_procedures_of_the_table() {
    crate::support::refused_edit(
        "001-la-petite-guerre-1750s.yaml",
        ("rolls: [hand-to-hand]", "rolls: [hand-to-hnad]"),
        &["odds", "shoot"],
        "`hand-to-hnad` is not a procedure of the table",
    );
}

/// A unit's roll is held to the sequence as a man's is, and the umpire may overrule a rule of
/// eligibility for a whole unit too, the log keeping why.
#[test]
fn a_units_roll_keeps_the_sequence_and_may_be_ruled_otherwise() {
    let t = game();
    assert!(
        t.refused(&[
            "roll",
            "charge-test",
            "--unit",
            "ottawa",
            "reason=friend-hit",
            "--dice",
            "4"
        ])
        .starts_with("OT1: Sequence of play refuses charge-test: it is made in step 5")
    );
    let shot = [
        "roll", "shoot", "--unit", "rangers", "--target", "OT2", "range=5", "--seed", "4",
    ];
    assert!(
        t.refused(&shot)
            .starts_with("RA1: not acquired refused by the rule Aimed shots")
    );
    t.ok(&[&shot[..], &["--anyway", "they saw him move"]].concat());
    let log = t.ok(&["log", "--last", "1"]);
    assert!(
        log.contains("ruled anyway: \"they saw him move\" (Aimed shots refused not acquired"),
        "{log}"
    );
}
