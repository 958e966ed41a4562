//! `umpire act UNIT ACTION`: an action of the ruleset's list that takes markers off. Loading
//! takes the marker that says a rifle must load off every figure of the unit that carries it
//! (or the figures named), one event; an action that is a roll or changes nothing is refused
//! with what to do instead.

use super::game;
use crate::support::Table;

/// Rangers with rifles in line (RR1-RR3) that have fired, and marines (CF1).
fn fired() -> Table {
    let t = game();
    t.unit("rogers", "british", "rangers", 3, "RR", Some("rifle"));
    t.unit("marines", "french", "marine", 1, "CF", None);
    for (code, faces) in [("RR1", "1,2"), ("RR2", "1,3")] {
        t.ok(&[
            "roll", "shoot", "--firer", code, "--target", "CF1", "--dice", faces,
        ]);
    }
    t
}

#[test]
fn a_rifle_that_must_load_cannot_fire_until_its_unit_loads() {
    let t = fired();
    assert_eq!(
        t.refused(&["roll", "shoot", "--firer", "RR1", "--target", "CF1"]),
        "RR1 carries must load: it cannot shoot until that is cleared (rifles and artillery load \
         with an action after each shot (muskets need none); then `umpire act rogers load --figs \
         RR1`)"
    );
    assert_eq!(
        t.ok(&["act", "rogers", "load", "--figs", "RR1"]),
        "rogers: Load rifle or artillery (RR1)\n  RR1: -must load\n"
    );
    // By the code on the bases and in any case: every figure that needs it, only those.
    assert_eq!(
        t.ok(&["act", "rr", "Load"]),
        "rogers: Load rifle or artillery (RR2)\n  RR2: -must load\n"
    );
    let log = t.ok(&["log", "--last", "1"]);
    assert!(
        log.starts_with("#6 turn 0: load (rogers): RR2  [act rr Load]"),
        "{log}"
    );
    t.ok(&["undo"]);
    assert!(t.ok(&["fig", "show", "RR2"]).contains("must load"));
}

#[test]
fn an_action_that_is_a_roll_or_unknown_is_refused_with_what_to_do() {
    let t = fired();
    let before = (t.state_bytes(), t.log_bytes());
    assert_eq!(
        t.refused(&["act", "rogers", "fire"]),
        "Fire is a roll: shoot (`umpire roll shoot --unit rogers`)"
    );
    assert_eq!(
        t.refused(&["act", "rogers", "lod"]),
        "`lod` is not an action of La Petite Guerre (did you mean `load`?)"
    );
    assert_eq!(
        t.refused(&["act", "rogers", "load", "--figs", "CF1"]),
        "CF1 is not of rogers"
    );
    assert_eq!(
        t.refused(&["act", "rogers", "load", "--figs", "RR3"]),
        "no figure of rogers in play carries must load: nothing to load rifle or artillery"
    );
    assert_eq!((t.state_bytes(), t.log_bytes()), before);
    // Where the table counts actions, one that changes nothing else is counted.
    assert_eq!(
        t.ok(&["act", "rogers", "charge"]),
        "rogers: Charge (RR1, RR2, RR3)\n"
    );
}
