//! "Those units ... who can shoot must do so": each unit starts one shooting a player turn,
//! kept on the roster; a list's special rule ("Prussian Infantry can fire twice during their
//! turn if they have not moved") lets its infantry start a second one in its own player turn
//! when it has not moved, never a third. The umpire may rule otherwise, and the log keeps why.

use crate::support::Table;

/// Prussia (Seven Years War) against France, Prussia playing first with 6 initiative points,
/// the cards that fight turned face up.
fn rossbach() -> Table {
    let t = Table::empty();
    let army = [
        "--army",
        "prussia=prussia-syw",
        "--army",
        "france=france-syw",
    ];
    t.ok(&[&["game", "new", "rossbach", "--rules", "clg"][..], &army].concat());
    t.ok(&["turn", "--dice", "5", "--dice", "3", "--dice", "6"]);
    t.ok(&[
        "mark",
        "prussia-infantry-1,prussia-infantry-2,france-infantry-1,france-infantry-2",
        "-face-down",
    ]);
    t
}

fn shoot<'a>(a: &'a str, d: &'a str) -> Vec<&'a str> {
    vec![
        "roll",
        "combat",
        "--attacker",
        a,
        "--defender",
        d,
        "--dice",
        "3,4",
        "--dice",
        "3,3",
    ]
}

#[test]
fn prussian_infantry_fires_twice_in_its_own_turn_when_it_has_not_moved() {
    let t = rossbach();
    let out = t.ok(&shoot("prussia-infantry-1", "france-infantry-1"));
    assert!(
        out.contains("  prussia-infantry-1: +has shot (to the end of this player turn)\n"),
        "{out}"
    );
    let out = t.ok(&shoot("prussia-infantry-1", "france-infantry-2"));
    assert!(
        out.contains("from the game: attacker.own-turn=yes (prussia playing)")
            && out.contains(
                "  prussia-infantry-1: +has shot twice (to the end of this player turn)\n"
            ),
        "{out}"
    );
    assert!(
        t.refused(&shoot("prussia-infantry-1", "france-infantry-2"))
            .starts_with("attacker: fires-twice has-shot refused by the rule Firing twice: it needs not shot-twice")
    );
    // Moved, it fires once only.
    t.ok(&["spend", "move", "--unit", "prussia-infantry-2"]);
    t.ok(&shoot("prussia-infantry-2", "france-infantry-1"));
    assert!(
        t.refused(&shoot("prussia-infantry-2", "france-infantry-1"))
            .starts_with("attacker: fires-twice has-shot refused by the rule Firing twice: it needs not moved")
    );
    // Other lists' units start one shooting a player turn, unless the umpire says otherwise.
    t.ok(&shoot("france-infantry-1", "prussia-infantry-2"));
    let again = shoot("france-infantry-1", "prussia-infantry-2");
    assert_eq!(
        t.refused(&again),
        "attacker: not fires-twice has-shot refused by the rule One shooting a turn: it needs \
         not has-shot (A unit starts one shooting in a player turn (a unit shooting back does \
         not start one). Or rule otherwise with `--anyway \"WHY\"`)"
    );
    t.ok(&[&again[..], &["--anyway", "the second rank fires too"]].concat());
    let log = t.ok(&["log", "--last", "1"]);
    assert!(
        log.contains("ruled anyway: \"the second rank fires too\" (One shooting a turn"),
        "{log}"
    );
    // France's player turn: the marks are gone, and it is not Prussia's own turn.
    t.ok(&["turn", "--dice", "2"]);
    let out = t.ok(&shoot("prussia-infantry-1", "france-infantry-2"));
    assert!(!out.contains("own-turn"), "{out}");
    assert!(
        t.refused(&shoot("prussia-infantry-1", "france-infantry-2"))
            .starts_with(
                "attacker: fires-twice has-shot refused by the rule Firing twice: it needs own-turn"
            )
    );
}

#[test]
fn a_mark_names_a_side_of_its_roll_and_the_own_turn_factor_is_yes_or_no() {
    let refused = |from: &str, to: &str, says: &str| {
        crate::support::refused_edit(
            "004-cest-la-guerre.yaml",
            (from, to),
            &["odds", "combat"],
            says,
        );
    };
    refused(
        "{side: attacker, when: {has-shot: false}",
        "{side: shooter, when: {has-shot: false}",
        "marks side `shooter`: a side of the roll's (attacker, defender)",
    );
    refused(
        "own-turn-factor: own-turn",
        "own-turn-factor: round",
        "`round` is not a yes/no factor",
    );
}
