//! Who may shoot in the officers & leaders rules, and at whom: a man who shoots is unloaded,
//! spends a turn halted loading before a turn in which he fires, a rifle that is not a Minie
//! shoots only halted, and a group under a hidden marker neither shoots nor is shot at.

use crate::support::Table;

/// A side of riflemen (Baker rifles, not Minies), one of Minie riflemen, and a target group.
fn game() -> Table {
    let t = Table::empty();
    t.ok(&["game", "new", "sabugal", "--rules", "oal"]);
    for (name, side, fields) in [
        ("riflemen", "a", "class=veteran weapon=rifle"),
        ("minies", "a", "class=veteran weapon=rifle minie"),
        ("voltigeurs", "b", "class=raw weapon=musket"),
    ] {
        let mut args = vec!["unit", "add", name, "--side", side, "--figures", "4"];
        args.extend(fields.split(' '));
        t.ok(&args);
    }
    t.ok(&["turn"]);
    t
}

fn shot<'a>(firer: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "roll", "to-hit", "--fig", firer, "--target", "VO1", "range=10", "--dice", "1",
    ];
    args.extend(extra);
    args
}

/// "Commanded troops must spend a turn halted to load muzzle loaded weapons before a turn in
/// which they fire": a man who shot is unloaded and refused a second shot; `act UNIT load`
/// loads only the men who shot, and they shoot again from the next turn, not this one.
#[test]
fn a_man_who_shot_loads_for_a_turn_before_he_shoots_again() {
    let t = game();
    let out = t.ok(&shot("RI1", &[]));
    assert!(out.contains("changes:\n  RI1: +unloaded\n"), "{out}");
    assert_eq!(
        t.refused(&shot("RI1", &[])),
        "RI1 carries unloaded: it cannot to-hit until that is cleared (shot his musket, rifle or \
         pistol: `umpire act UNIT load` spends a turn halted loading, and he shoots from the \
         next turn; then `umpire act riflemen load --figs RI1`)"
    );
    let out = t.ok(&["act", "riflemen", "load"]);
    assert_eq!(
        out,
        "riflemen: Load muskets or rifles (RI1)\n  RI1: -unloaded\n  RI1: +reloading (to the \
         end of this turn)\n"
    );
    // Loading is his turn: still no shot in it; his comrades, loaded, shoot.
    assert!(
        t.refused(&shot("RI1", &[]))
            .starts_with("RI1 carries reloading: it cannot to-hit")
    );
    t.ok(&shot("RI2", &[]));
    t.ok(&["turn"]);
    t.ok(&["turn"]);
    let out = t.ok(&shot("RI1", &[]));
    assert!(out.contains("changes:\n  RI1: +unloaded\n"), "{out}");
    // A man still loaded has nothing to load.
    assert!(
        t.refused(&["act", "minies", "load"])
            .starts_with("no figure of minies in play carries unloaded: nothing to load")
    );
}

/// "Non – Minie rifles must remain halted for 1 ½ turns to load": a moving rifleman is refused
/// his shot, naming the rule, unless his rifle is a Minie.
#[test]
fn a_rifle_that_is_not_a_minie_shoots_only_halted() {
    let t = game();
    assert_eq!(
        t.refused(&shot("RI1", &["moving"])),
        "not minie weapon=rifle refused by the rule Non-Minie rifles: it needs not moving (A \
         rifle that is not a Minie stays halted a turn and a half to load: the turn it fires it \
         shoots halted. \
         Or rule otherwise with `--anyway \"WHY\"`)"
    );
    t.ok(&shot("MI1", &["moving"]));
    // What the umpire types wins over the roster: his word that this rifle is a Minie.
    t.ok(&shot("RI1", &["moving", "minie"]));
}

/// "Place hidden markers ... When they see the enemy, the figures are placed within 20cms of
/// that marker": a group under its hidden marker is not shot at, naming the rule, and does not
/// shoot or dice for its actions; taken off, it is shot at like any other.
#[test]
fn a_group_under_a_hidden_marker_is_not_on_the_table() {
    let t = game();
    t.ok(&["mark", "VO1,VO2,VO3,VO4", "+hidden"]);
    assert_eq!(
        t.refused(&shot("RI1", &[])),
        "to-hit refused by the rule Hidden markers: it needs not target-hidden (A group under a \
         hidden marker is not on the table: once it sees the enemy, or is seen, its figures are \
         placed within 20 cm of the marker (`umpire mark UNIT -hidden`). \
         Or rule otherwise with `--anyway \"WHY\"`)"
    );
    assert_eq!(
        t.refused(&[
            "roll",
            "to-hit",
            "--unit",
            "voltigeurs",
            "--target",
            "RI1",
            "range=10"
        ]),
        "no figure of voltigeurs can group-fire (VO1 hidden marker, VO2 hidden marker, VO3 \
         hidden marker, VO4 hidden marker)"
    );
    assert!(
        t.refused(&["roll", "actions", "--unit", "voltigeurs"])
            .contains("hidden marker")
    );
    t.ok(&["mark", "VO1,VO2,VO3,VO4", "-hidden"]);
    t.ok(&shot("RI1", &[]));
}

/// "Place hidden markers, and half their number of dummy markers": the roster keeps which
/// are dummies. A dummy does nothing and cannot be shot at; seen, it is taken off, no loss to
/// its side.
#[test]
fn a_dummy_marker_does_nothing_and_is_taken_off_once_seen() {
    let t = game();
    t.ok(&[
        "unit",
        "add",
        "decoy",
        "--side",
        "b",
        "class=raw",
        "--figures",
        "1",
    ]);
    t.ok(&["mark", "DE1", "+dummy"]);
    let at_it = [
        "roll", "to-hit", "--fig", "RI1", "--target", "DE1", "range=10", "--dice", "8",
    ];
    assert!(
        t.refused(&at_it)
            .starts_with("to-hit refused by the rule Hidden markers: it needs not target-hidden")
    );
    assert_eq!(
        t.refused(&["roll", "actions", "--unit", "decoy", "--dice", "3"]),
        "no figure of decoy can actions (DE1 dummy marker)"
    );
    assert_eq!(
        t.ok(&["mark", "DE1", "+removed"]),
        "DE1: taken off (a dummy marker seen)\n"
    );
    assert!(t.ok(&["status"]).contains("Side B: side has lost: not yet"));
}

/// "Commanded Troops unable to fire Volleys and Salvoes (EG: Guerrillas etc) ... will only fire
/// 1 per 3 shooters when firing if moving, or 1 per 2 shooters if stationary": a commanded
/// group with `no-volleys` fires by the ratio, where a commanded group of regulars fires every
/// man.
#[test]
fn commanded_guerrillas_still_fire_by_the_ratio() {
    let t = game();
    t.ok(&[
        "unit",
        "add",
        "guerrillas",
        "--side",
        "a",
        "class=raw",
        "no-volleys",
        "--figures",
        "4",
    ]);
    t.ok(&["mark", "GU1,GU2,GU3,GU4,RI1,RI2,RI3,RI4", "+commanded"]);
    let fire = |unit| {
        t.ok(&[
            "roll",
            "to-hit",
            "--unit",
            unit,
            "--target",
            "VO1",
            "range=10",
            "--seed",
            "1",
            "--dry-run",
        ])
    };
    assert!(
        fire("guerrillas").starts_with(
            "guerrillas: group-fire, one roll for its 4 figures (GU1, GU2, GU3, GU4)\n"
        )
    );
    assert!(fire("riflemen").starts_with("riflemen: to-hit with 4 figures\n"));
}

/// Hits fall at random on the target's group: a man killed by one shot leaves his group to be
/// shot at by the next man, where the named man alone would leave the others without a target.
#[test]
fn a_group_shoots_on_at_the_group_when_the_man_named_falls() {
    let t = game();
    t.ok(&["mark", "RI1,RI2,RI3,RI4", "+commanded"]);
    t.ok(&["mark", "VO3,VO4", "+dead"]);
    // The first shot hits and kills, falling on VO1 (seed 3); the next shots go to VO2.
    let out = t.ok(&[
        "roll", "to-hit", "--unit", "riflemen", "--target", "VO1", "range=10", "--dice", "8",
        "--dice", "6", "--dice", "8", "--dice", "1", "--dice", "1", "--dice", "1", "--seed", "3",
    ]);
    assert!(
        out.starts_with(
            "riflemen: to-hit with 4 figures\n  RI1 at VO1: 8 = 8: Hit › damage 6 = 6: Killed\n  \
             RI2 at VO2: 8 = 8: Hit › damage 1 = 1: Graze\n"
        ),
        "{out}"
    );
}

/// A Gatling "fires as ... Breach loaded rifles" whatever its crew carries: the crew's muskets
/// in the roster do not put it on a musket's range bands (50 cm is a rifle's medium range).
#[test]
fn a_gatling_reads_a_rifles_range_whatever_its_crew_carries() {
    let t = game();
    t.ok(&[
        "unit",
        "add",
        "gatling",
        "--side",
        "a",
        "class=veteran",
        "weapon=musket",
        "--figures",
        "2",
    ]);
    let out = t.ok(&[
        "roll",
        "gatling",
        "--fig",
        "GA1",
        "crew=2",
        "range=50",
        "--dice",
        "2,4,6,8,1,3",
    ]);
    assert!(
        out.contains("[50 cm: over 30 up to 90 is medium for weapon rifle]"),
        "{out}"
    );
}

/// "Charging shock cavalry count a +1 to their melee die rolls (+2 if Cuirassiers)", "Moving
/// Cavalry ... may not shoot at the gallop", and formed regulars lower the risk: the kind of
/// horseman and a formed group are the roster's, only the charge, the pace and the risk's
/// other items are said.
#[test]
fn the_roster_says_the_kind_of_horseman_and_a_formed_group() {
    let t = game();
    t.ok(&[
        "unit",
        "add",
        "cuirassiers",
        "--side",
        "b",
        "class=veteran",
        "mounted",
        "horse=cuirassiers",
        "weapon=sword",
        "--figures",
        "2",
    ]);
    t.ok(&[
        "unit",
        "add",
        "guards",
        "--side",
        "a",
        "class=veteran",
        "formed",
        "--figures",
        "4",
    ]);
    let out = t.ok(&[
        "roll",
        "melee",
        "--attacker",
        "CU1",
        "--defender",
        "GU1",
        "a.charging",
        "--dice",
        "3",
        "--dice",
        "3",
        "--dry-run",
    ]);
    assert!(out.contains("+2  charging cuirassiers"), "{out}");
    t.ok(&["turn"]);
    assert_eq!(
        t.refused(&[
            "roll",
            "to-hit",
            "--fig",
            "CU1",
            "--target",
            "RI1",
            "range=3",
            "pace=gallop"
        ]),
        "pace=gallop refused by the rule Shooting at the gallop: it needs pace=halt/walk/canter \
         (it is gallop) (Cavalry may not shoot at the gallop. \
         Or rule otherwise with `--anyway \"WHY\"`)"
    );
    t.ok(&["turn"]);
    let out = t.ok(&[
        "roll",
        "actions",
        "--unit",
        "guards",
        "--dice",
        "3",
        "--dry-run",
    ]);
    assert!(out.contains("-1  unit formed of regulars"), "{out}");
}
