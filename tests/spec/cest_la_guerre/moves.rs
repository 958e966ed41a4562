//! Moving in C'est la Guerre beyond the plain move: a unit moves once a round, mounted units
//! may move on into contact, and cavalry whose card allows it dismount and remount, each for an
//! initiative point and as the unit's move for the round.

use super::game;
use crate::support::Table;

/// The British first, with 6 initiative points.
fn british_turn() -> Table {
    let t = game();
    t.ok(&["turn", "--dice", "5", "--dice", "3", "--dice", "6"]);
    t
}

/// "Some mounted troops get a subsequent movement ... Cavalry can move up to an additional one
/// half (1/2) of its movement, and Light Cavalry can move up to an additional full movement if
/// this results in contact": a second plain move is refused; a moved cavalry unit moves on for
/// a point, once, 20 cm (half of 40); a unit that has not moved, or foot, may not.
#[test]
fn a_unit_moves_once_a_round_and_mounted_units_may_move_on_into_contact() {
    let t = british_turn();
    t.ok(&["spend", "move", "--unit", "british-cavalry-1"]);
    assert_eq!(
        t.refused(&["spend", "move", "--unit", "british-cavalry-1"]),
        "Initiative points refuses british-cavalry-1: it is moved this round: no `move` for a \
         unit so marked (`umpire mark british-cavalry-1 -moved` first; or rule otherwise with \
         `--anyway \"WHY\"`)"
    );
    assert_eq!(
        t.ok(&["spend", "subsequent", "--unit", "british-cavalry-1"]),
        "British spends 1 initiative point on british-cavalry-1: a mounted unit's subsequent \
         move into contact (cavalry half its allowance more, light cavalry a full one); 4 \
         initiative points left\n"
    );
    assert!(
        t.refused(&["spend", "subsequent", "--unit", "british-cavalry-1"])
            .contains("it has had `subsequent` once this turn")
    );
    let out = t.ok(&["roll", "move", "--unit", "british-cavalry-1", "subsequent"]);
    assert!(
        out.contains("no roll: 20 (cavalry's subsequent move: half its allowance more)"),
        "{out}"
    );
    t.ok(&[
        "unit",
        "add",
        "rangers",
        "--side",
        "british",
        "type=light-cavalry",
    ]);
    assert_eq!(
        t.refused(&["spend", "subsequent", "--unit", "rangers"]),
        "Initiative points refuses rangers: `subsequent` is for a unit moved this round, and it \
         is not (`umpire spend move --unit rangers` first; or rule otherwise with `--anyway \
         \"WHY\"`)"
    );
    t.ok(&["spend", "move", "--unit", "british-infantry-1"]);
    assert!(
        t.refused(&["spend", "subsequent", "--unit", "british-infantry-1"])
            .contains(
                "`subsequent` is spent only on a unit with unit=regular-mounted/light-cavalry"
            )
    );
    // Light cavalry moves on a full allowance; foot has no subsequent move at all.
    assert!(
        t.ok(&["roll", "move", "unit=light-cavalry", "subsequent"])
            .contains("no roll: 50 (light cavalry's subsequent move: a full allowance more)")
    );
    assert!(
        t.refused(&["roll", "move", "unit=regular-infantry", "subsequent"])
            .starts_with("subsequent refused by the rule Subsequent move")
    );
}

/// "Some cavalry may dismount and remount ... A unit dismounting or remounting has used its
/// movement for the Round": cavalry whose card allows it (`dismounts`) becomes regular infantry
/// for a point, and may not move again that round; it then shoots as infantry; it remounts
/// another round. Cavalry without it is refused.
#[test]
fn cavalry_whose_card_allows_it_dismounts_as_regular_infantry() {
    let t = british_turn();
    assert!(
        t.refused(&["spend", "dismount", "--unit", "british-cavalry-1"])
            .contains("`dismount` is spent only on a unit with dismounts and unit=cavalry")
    );
    t.ok(&["unit", "set", "british-cavalry-1", "dismounts"]);
    assert_eq!(
        t.ok(&["spend", "dismount", "--unit", "british-cavalry-1"]),
        "British spends 1 initiative point on british-cavalry-1: cavalry whose card allows it \
         dismount, as regular infantry (its move for the round); 5 initiative points left\n\
         british-cavalry-1: +moved this round (to the end of this turn)\n\
         british-cavalry-1: type cavalry → regular-infantry\n"
    );
    assert!(
        t.refused(&["spend", "move", "--unit", "british-cavalry-1"])
            .contains("it is moved this round")
    );
    // Dismounted, it shoots as regular infantry (cavalry does not shoot at all).
    let out = t.ok(&[
        "roll",
        "combat",
        "--attacker",
        "british-cavalry-1",
        "--defender",
        "french-infantry-1",
        "--dice",
        "3,4",
        "--dice",
        "3,4",
        "--dry-run",
    ]);
    assert!(
        out.contains("+4  against infantry regular infantry  [combat factor]"),
        "{out}"
    );
    t.ok(&["turn", "--dice", "2"]);
    t.ok(&["turn", "--dice", "6"]);
    assert!(
        t.ok(&["spend", "remount", "--unit", "british-cavalry-1"])
            .contains("british-cavalry-1: type regular-infantry → cavalry\n")
    );
    // Infantry that was never cavalry has nothing to remount.
    assert!(
        t.refused(&["spend", "remount", "--unit", "british-infantry-1"])
            .contains("`remount` is spent only on a unit with dismounts and unit=regular-infantry")
    );
}

/// The Napoleonic option, "Change of Formation to Square ... considered the units movement for
/// the turn. Units in Square cannot move ... do not get the 'if enfilading fire' bonus ... uses
/// the 'Pike or other Close Ord' Combat Outcome Chart": formed for a point, the square is
/// refused a move, takes no enfilading fire, and doubled by cavalry flees (the pikes' chart)
/// where regular infantry is destroyed; it changes back another round.
#[test]
fn regular_infantry_in_square_does_not_move_and_takes_the_pikes_chart() {
    let t = british_turn();
    assert!(
        t.refused(&["spend", "form-square", "--unit", "british-cavalry-1"])
            .contains("`form-square` is spent only on a unit with unit=regular-infantry")
    );
    let out = t.ok(&["spend", "form-square", "--unit", "british-infantry-1"]);
    assert!(
        out.ends_with(
            "british-infantry-1: +in square\nbritish-infantry-1: +moved this round (to the end of \
             this turn)\n"
        ),
        "{out}"
    );
    // Not this round, nor while it stands in square.
    t.ok(&["mark", "british-infantry-1", "-moved"]);
    assert!(
        t.refused(&["spend", "move", "--unit", "british-infantry-1"])
            .contains("it is in square: no `move` for a unit so marked")
    );
    t.ok(&["mark", "british-infantry-1", "+moved"]);
    let melee = |square: &str| {
        t.ok(&[
            "roll",
            "melee",
            "--attacker",
            "french-cavalry-1",
            "--defender",
            square,
            "--dice",
            "6,6",
            "--dice",
            "1,1",
            "--dry-run",
        ])
    };
    assert!(melee("british-infantry-1").contains(
        "defender: Doubled; in square (the pikes' chart): Flees in disorder and rolls for a \
             casualty"
    ));
    assert!(
        melee("british-infantry-2")
            .contains("defender: Doubled; regular infantry against mounted: Destroyed")
    );
    // No enfilading bonus against a square.
    let shot = t.ok(&[
        "roll",
        "combat",
        "--attacker",
        "french-infantry-1",
        "--defender",
        "british-infantry-1",
        "a.enfilading",
        "--dice",
        "3,3",
        "--dice",
        "3,3",
        "--dry-run",
    ]);
    assert!(!shot.contains("enfilading fire"), "{shot}");
    // Changing back is the next round's move.
    assert!(
        t.refused(&["spend", "leave-square", "--unit", "british-infantry-1"])
            .contains("it is moved this round: no `leave-square` for a unit so marked")
    );
    t.ok(&["turn", "--dice", "2"]);
    t.ok(&["turn", "--dice", "6"]);
    assert!(
        t.ok(&["spend", "leave-square", "--unit", "british-infantry-1"])
            .contains("british-infantry-1: -in square\n")
    );
}

/// A spend's `sets` names unit fields and values they take, and a marker's `including` asks
/// only about what a unit's fields set: each mistake refused when the table is read.
#[test]
fn a_spends_fields_and_a_shares_including_are_checked() {
    let refused = |(from, to): (&str, &str), says: &str| {
        crate::support::refused_edit(
            "004-cest-la-guerre.yaml",
            (from, to),
            &["rules", "move"],
            says,
        );
    };
    refused(
        ("sets: {type: regular-infantry}", "sets: {type: marines}"),
        "the spend sets `unit=marines`, which is not a value of `unit`",
    );
    refused(
        (
            "sets: {type: regular-infantry}",
            "sets: {kind: regular-infantry}",
        ),
        "`kind` is not a unit field of the game",
    );
    refused(
        (
            "including: {when: {unit: command, general: false}",
            "including: {when: {unit: command, bad-going: false}",
        ),
        "`including` asks about `bad-going`, which no unit field sets",
    );
}
