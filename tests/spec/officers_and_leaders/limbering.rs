//! "Limbered guns can be unlimbered in 2 turns by 4 stationary men in contact with the gun
//! model. Limbered guns and wagons move at 15 cms a turn": the crew's turns of work are
//! counted, a turn at a time; two limber the gun, which then moves 15 cm and does not fire;
//! two more unlimber it.

use crate::support::Table;

#[test]
fn two_turns_of_work_limber_a_gun_and_two_more_unlimber_it() {
    let t = Table::empty();
    t.ok(&["game", "new", "solo", "--rules", "oal"]);
    t.ok(&[
        "unit",
        "add",
        "guns",
        "--side",
        "a",
        "class=veteran",
        "gun=muzzle-loader",
        "--figures",
        "4",
    ]);
    t.ok(&[
        "unit",
        "add",
        "voltigeurs",
        "--side",
        "b",
        "class=raw",
        "--figures",
        "4",
    ]);
    t.ok(&["turn"]);
    let limber = ["act", "guns", "limber", "--figs", "GU1"];
    let out = t.ok(&limber);
    assert!(
        out.contains("  GU1: turns limbering or unlimbering 1\n"),
        "{out}"
    );
    // One turn's work a turn.
    assert_eq!(
        t.refused(&limber),
        "GU1 is worked at limbering this turn: it cannot limber or unlimber a gun (a turn's \
         work on limbering or unlimbering: the next is the next turn's)"
    );
    t.ok(&["turn"]);
    t.ok(&["turn"]);
    let out = t.ok(&limber);
    assert!(
        out.contains("  GU1: turns limbering or unlimbering 2\n  GU1: +limbered\n"),
        "{out}"
    );
    let out = t.ok(&["roll", "gun-move", "--fig", "GU1"]);
    assert!(
        out.contains("from markers: limbered") && out.contains("outcome: 15 cm"),
        "{out}"
    );
    assert!(
        t.refused(&[
            "roll",
            "artillery",
            "--fig",
            "GU1",
            "--target",
            "VO1",
            "range=30"
        ])
        .starts_with("GU1 carries limbered: it cannot artillery")
    );
    // Two more turns unlimber it, and the count starts again.
    for _ in 0..2 {
        t.ok(&["turn"]);
        t.ok(&["turn"]);
        t.ok(&limber);
    }
    let shown = t.ok(&["unit", "show", "guns"]);
    assert!(
        shown.contains("  GU1: worked at limbering this turn (tan)\n")
            && !shown.contains("limbered")
            && !shown.contains("limbering 1"),
        "{shown}"
    );
}

#[test]
fn an_action_counts_on_a_counter_and_a_toggle_is_a_marker() {
    let refused = |from: &str, to: &str, says: &str| {
        crate::support::refused_edit(
            "003-officers-and-leaders.yaml",
            (from, to),
            &["odds", "actions"],
            says,
        );
    };
    refused(
        "counts: limbering,",
        "counts: limbring,",
        "action `limber` counts on `limbring`, which is not a counter",
    );
    refused(
        "      at: 2\n      then: limbered\n      toggles: true",
        "      toggles: true",
        "counter `limbering` toggles: its `then` must be a marker to put on and take off",
    );
    refused(
        "      then: limbered\n      toggles: true",
        "      then: dead\n      toggles: true",
        "counter `limbering` toggles: its `then` must be a marker to put on and take off",
    );
}
