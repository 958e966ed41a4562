//! The optional reserve force of C'est la Guerre: a third of a side's cards at most, holding a
//! sub-command, off the table until it arrives by the reserve roll after the first round, all
//! of it together, face down.

use super::{fight, game};
use crate::support::Table;

/// The British list of the French & Indian War has no sub-command: one is added.
fn with_sub_command() -> Table {
    let t = game();
    t.ok(&[
        "unit",
        "add",
        "british-sub-command",
        "--side",
        "british",
        "type=command",
        "grade=average",
    ]);
    t
}

/// "A player may set aside up to one third of his Combat Cards as a Reserve Force ... dummy
/// cards ... counted the same ... there must be at least one Sub-Command Unit included": a
/// force without a sub-command (the general is none) is refused, naming the rule and the way
/// through; a sixth card of fifteen is refused; a card in reserve neither moves nor fights.
#[test]
fn the_reserve_force_is_a_third_of_the_cards_with_a_sub_command() {
    let t = with_sub_command();
    assert_eq!(
        t.refused(&["mark", "british-general-1,british-infantry-1", "+reserve"]),
        "Reserve force refuses British: the units in reserve (british-general-1, \
         british-infantry-1) would hold no sub-command (name one sub-command with them, in the \
         same command: `umpire mark UNIT,british-general-1,british-infantry-1 +reserve`; or \
         rule otherwise with `--anyway \"WHY\"`)"
    );
    t.ok(&[
        "mark",
        "british-sub-command,british-infantry-1,british-infantry-2,british-light-infantry-1,\
         british-infantry-4",
        "+reserve",
    ]);
    assert_eq!(
        t.refused(&["mark", "british-infantry-3", "+reserve"]),
        "Reserve force refuses British: 6 of its 15 units would be in reserve \
         (british-infantry-1, british-infantry-2, british-infantry-3, british-infantry-4, \
         british-light-infantry-1, british-sub-command): one in 3 at most, 5 (`umpire mark \
         british-infantry-3 -reserve`; or rule otherwise with `--anyway \"WHY\"`)"
    );
    // Taking the sub-command out would leave the force without one.
    assert!(
        t.refused(&["mark", "british-sub-command", "-reserve"])
            .contains("would hold no sub-command")
    );
    assert!(
        t.refused(&fight(
            "melee",
            "british-infantry-1",
            "french-infantry-1",
            ["3,3", "3,3"]
        ))
        .starts_with("attacker: melee refused by the rule Reserve force")
    );
    t.ok(&["turn", "--dice", "5", "--dice", "3", "--dice", "4"]);
    assert!(
        t.refused(&["spend", "move", "--unit", "british-infantry-1"])
            .contains("it is in reserve: no `move` for a unit so marked")
    );
}

/// "After the first Round ... declaring where he wishes this force to come onto the field ...
/// All units must be placed with the cards face down": the roll is refused in the first round
/// (the game's round is read, not typed) and for a card not in reserve; from the second round
/// a card of the force rolls, and on arrival every card of its side in reserve comes on, face
/// down, the edge kept in the log.
#[test]
fn the_reserve_force_comes_on_together_after_the_first_round() {
    let t = with_sub_command();
    t.ok(&[
        "mark",
        "british-sub-command,british-infantry-1,british-infantry-2",
        "+reserve",
    ]);
    let roll = [
        "roll",
        "reserves",
        "--unit",
        "british-infantry-2",
        "edge=flank",
        "--dice",
        "3,4",
    ];
    t.ok(&["turn", "--dice", "5", "--dice", "3", "--dice", "4"]);
    assert_eq!(
        t.refused(&roll),
        "reserves refused by the rule Reserve arrival: it needs round 2 or more (it is 1) (A \
         reserve force may come on after the first round, from the second on. \
         Or rule otherwise with `--anyway \"WHY\"`)"
    );
    t.ok(&["turn", "--dice", "2"]);
    t.ok(&["turn", "--dice", "6"]);
    assert_eq!(
        t.refused(&[
            "roll",
            "reserves",
            "--unit",
            "british-infantry-3",
            "edge=flank",
            "--dice",
            "3,4"
        ]),
        "reserves refused by the rule Reserve roll: it needs in-reserve (A unit of the reserve \
         force rolls for it (`umpire mark UNIT,UNIT +reserve` puts it in reserve before the \
         first round). Or rule otherwise with `--anyway \"WHY\"`)"
    );
    // 7 on the flank arrives (7+); the whole force comes on.
    let out = t.ok(&roll);
    assert!(
        out.contains("  from the game: round=2 (the turn)\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "outcome: Reserves arrive\nchanges:\n  british-infantry-1: -in reserve\n  \
             british-infantry-2: -in reserve\n  british-sub-command: -in reserve\n"
        ),
        "{out}"
    );
    let figs = t.ok(&["figs"]);
    let line = figs
        .lines()
        .find(|l| l.contains("british-infantry-1 "))
        .unwrap_or_default();
    assert!(
        line.contains("face down") && !line.contains("reserve"),
        "{line}"
    );
    let log = t.ok(&["log"]);
    assert!(log.contains("edge=flank"), "{log}");
    // Come on, it moves and fights like any other card.
    t.ok(&["spend", "move", "--unit", "british-infantry-1"]);
}

/// A 6 on the flank does not arrive: no card changes, and the force may try again.
#[test]
fn a_reserve_that_fails_its_roll_stays_off_the_table() {
    let t = with_sub_command();
    t.ok(&["mark", "british-sub-command,british-infantry-1", "+reserve"]);
    for dice in [["5", "3", "4"].as_slice(), &["2"], &["6"]] {
        let mut args = vec!["turn"];
        for d in dice {
            args.extend(["--dice", d]);
        }
        t.ok(&args);
    }
    let out = t.ok(&[
        "roll",
        "reserves",
        "--unit",
        "british-sub-command",
        "edge=flank",
        "--dice",
        "2,4",
    ]);
    assert!(
        out.contains("outcome: Not this round\nchanges: none\n"),
        "{out}"
    );
    assert!(
        t.refused(&["spend", "move", "--unit", "british-infantry-1"])
            .contains("it is in reserve")
    );
}
