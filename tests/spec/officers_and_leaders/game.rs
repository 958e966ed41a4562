//! A game: command points thrown from the roster and spent a man at a time, a hit falling at
//! random on the group named, an artillery hit marking the whole group for its next actions
//! roll, and the gallop limit counted.

use crate::support::Table;

/// Sharpe (hero officer) and Harper (veteran NCO), six riflemen and four partisans (raw,
/// disloyal) for side A; eight voltigeurs (raw), a gun crew of four and Dubreton (veteran
/// officer with a drummer) for side B.
fn game() -> Table {
    let t = Table::empty();
    t.ok(&["game", "new", "quatre-bras", "--rules", "oal"]);
    for (name, side, fields, n) in [
        ("sharpe", "a", "class=hero rank=officer weapon=rifle", "1"),
        ("harper", "a", "class=veteran rank=nco weapon=rifle", "1"),
        ("riflemen", "a", "class=veteran weapon=rifle", "6"),
        (
            "partisans",
            "a",
            "class=raw loyalty=disloyal weapon=musket",
            "4",
        ),
        ("voltigeurs", "b", "class=raw weapon=musket", "8"),
        ("guns", "b", "class=veteran", "4"),
        (
            "dubreton",
            "b",
            "class=veteran rank=officer drummer weapon=pistol",
            "1",
        ),
    ] {
        let mut args = vec!["unit", "add", name, "--side", side, "--figures", n];
        args.extend(fields.split(' '));
        t.ok(&args);
    }
    t
}

#[test]
fn officers_throw_command_dice_into_their_sides_pool_when_the_turn_starts() {
    let t = game();
    // Sharpe 4d6; Dubreton, a veteran with a drummer, 4d6. Harper, an NCO, waits to be commanded.
    let out = t.ok(&["turn", "--dice", "6,5,2,4", "--dice", "5,5,1,2"]);
    assert!(
        out.contains("command points: Side A 17 (SH1 17: 6 5 2 4); Side B 13 (DU1 13: 5 5 1 2)\n"),
        "{out}"
    );
    // A busy officer throws one die fewer the next turn.
    t.ok(&["mark", "SH1", "+busy"]);
    t.ok(&["turn"]);
    let out = t.ok(&["turn", "--dice", "1,1,1", "--dice", "1,1,1,1"]);
    assert!(out.contains("Side A 3 (SH1 3: 1 1 1)"), "{out}");
}

#[test]
fn an_nco_commanded_throws_his_dice_into_the_pool_once_a_turn() {
    let t = game();
    t.ok(&["turn", "--dice", "6,5,2,4", "--dice", "5,5,1,2"]);
    // Harper costs a point, then adds his 3d6: the chain of command.
    let out = t.ok(&["spend", "command", "--unit", "harper", "--dice", "3,3,4"]);
    assert_eq!(
        out,
        "Side A spends 1 command point on harper: activate a group: every man of it, or none (1 \
         figure at 1); 16 command points left\n\
         HA1: +commanded (to the end of this turn)\n\
         command points thrown in: HA1 10: 3 3 4; 26 command points left\n\
         dice: 1 entered, 0 rolled\n"
    );
    assert!(
        t.ok(&["status"])
            .contains("Side A: 26 command points left of 27")
    );
    // The log keeps the faces; undo takes the points and the marker back.
    assert!(t.ok(&["log"]).contains("HA1 10: 3 3 4"));
    t.ok(&["undo"]);
    let status = t.ok(&["status"]);
    assert!(
        status.contains("Side A: 17 command points left of 17"),
        "{status}"
    );
    // Rolled, the seed replays it; a spend that brings no one in takes no dice.
    let out = t.ok(&["spend", "command", "--unit", "harper", "--seed", "3"]);
    assert!(
        out.contains("dice: 0 entered, 1 rolled (seed 3; replay with --seed 3)"),
        "{out}"
    );
    assert_eq!(
        t.refused(&["spend", "command", "--unit", "riflemen", "--dice", "3"]),
        "--dice 3 is not needed: no figure throws into the pool for this spend"
    );
    // Harper threw 1 4 6 with seed 3: 17 - 1 + 11; the refusal changed nothing.
    assert!(
        t.ok(&["status"])
            .contains("Side A: 27 command points left of 28")
    );
}

#[test]
fn throws_a_spend_needs_and_not_typed_are_rolled_and_said_so() {
    let t = game();
    t.ok(&[
        "unit",
        "add",
        "sergeants",
        "--side",
        "a",
        "class=raw",
        "rank=nco",
        "--figures",
        "2",
    ]);
    t.ok(&["turn", "--dice", "6,5,2,4", "--dice", "5,5,1,2"]);
    // Two NCOs, one throw typed: the second is rolled, and the seed kept.
    let out = t.ok(&[
        "spend",
        "command",
        "--unit",
        "sergeants",
        "--dice",
        "1,2",
        "--seed",
        "9",
    ]);
    assert!(
        out.contains("command points thrown in: SE1 3: 1 2, SE2 "),
        "{out}"
    );
    assert!(
        out.ends_with("dice: 1 entered, 1 rolled (seed 9; replay with --seed 9)\n"),
        "{out}"
    );
    // One too many, after those needed: named as such.
    t.ok(&["undo"]);
    assert_eq!(
        t.refused(&[
            "spend",
            "command",
            "--unit",
            "sergeants",
            "--dice",
            "1,2",
            "--dice",
            "3,4",
            "--dice",
            "5,6"
        ]),
        "--dice 5,6 is not needed: the figures this spend brings into the pool have thrown"
    );
}

/// The refusal to ask for the faces of `who`'s `dice` without a terminal.
fn no_terminal(who: &str, dice: &str) -> String {
    format!(
        "physical dice: command ({who}) needs the faces of {dice}, and there is no terminal to \
         ask on (give the faces with --dice (one per roll, in order), or turn physical dice off: \
         `umpire config dice tool`)"
    )
}

#[test]
fn with_physical_dice_the_command_dice_are_typed_and_never_rolled_unasked() {
    let t = game();
    // `--physical` for one command, or the config's setting for every one.
    let before = t.state_of("quatre-bras");
    assert_eq!(
        t.refused(&["turn", "--physical"]),
        no_terminal("SH1", "4d6")
    );
    assert_eq!(t.state_of("quatre-bras"), before);
    t.ok(&["config", "dice", "physical"]);
    // No terminal to ask on: refused, naming whose dice, and nothing written.
    assert_eq!(
        t.refused(&["turn", "--dice", "6,5,2,4"]),
        no_terminal("DU1", "4d6")
    );
    assert_eq!(t.state_of("quatre-bras"), before);
    let out = t.ok(&["turn", "--dice", "6,5,2,4", "--dice", "5,5,1,2"]);
    assert!(out.ends_with("dice: 2 entered, 0 rolled\n"), "{out}");
    // A spend that brings an NCO in asks for his dice too; given, they are thrown in.
    let before = t.state_of("quatre-bras");
    assert_eq!(
        t.refused(&["spend", "command", "--unit", "harper"]),
        no_terminal("HA1", "3d6")
    );
    assert_eq!(t.state_of("quatre-bras"), before);
    t.ok(&["config", "dice", "tool"]);
    assert_eq!(
        t.refused(&["spend", "command", "--unit", "harper", "--physical"]),
        no_terminal("HA1", "3d6")
    );
    let out = t.ok(&["spend", "command", "--unit", "harper", "--dice", "3,3,4"]);
    assert!(
        out.contains("command points thrown in: HA1 10: 3 3 4; 26 command points left\n"),
        "{out}"
    );
    // A spend that throws nothing needs no faces.
    t.ok(&["spend", "command", "--unit", "riflemen", "--physical"]);
}

#[test]
fn a_group_is_commanded_whole_at_a_point_a_man_two_for_the_disloyal() {
    let t = game();
    t.ok(&["turn", "--dice", "6,5,2,4", "--dice", "5,5,1,2"]);
    t.ok(&["spend", "command", "--unit", "harper", "--dice", "3,3,4"]);
    let out = t.ok(&["spend", "command", "--unit", "partisans"]);
    assert!(
        out.starts_with(
            "Side A spends 8 command points on partisans: activate a group: every man of it, \
             or none (4 figures at 1, 2 a disloyal man or a router (PA1, PA2, PA3, PA4)); 18 \
             command points left\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("PA4: +commanded (to the end of this turn)"),
        "{out}"
    );
    // Once a turn; and a router costs 2.
    assert_eq!(
        t.refused(&["spend", "command", "--unit", "partisans"]),
        "Command points refuses partisans: it has had `command` once this turn (a new turn \
         allows it again: `umpire turn`; or rule otherwise with `--anyway \"WHY\"`)"
    );
    t.ok(&["mark", "RI1", "+running"]);
    let out = t.ok(&["spend", "command", "--unit", "riflemen"]);
    assert!(
        out.contains("(6 figures at 1, 2 a disloyal man or a router (RI1)); 11"),
        "{out}"
    );
}

#[test]
fn a_side_spends_no_more_command_points_than_it_threw() {
    let t = game();
    t.ok(&["turn", "--dice", "1,1,1,1", "--dice", "1,1,1,1"]);
    t.ok(&["spend", "command", "--unit", "harper", "--dice", "1,1,1"]);
    t.ok(&["spend", "command", "--unit", "riflemen"]);
    assert_eq!(
        t.refused(&["spend", "command", "--unit", "partisans"]),
        "Command points refuses Side A: it has 0 command points left; 4 figures at 1, 2 a \
         disloyal man or a router (PA1, PA2, PA3, PA4) costs 8 (`umpire turn` passes play to \
         the next player; or rule otherwise with `--anyway \"WHY\"`)"
    );
}

#[test]
fn a_hit_falls_at_random_on_the_group_and_a_chosen_man_is_hit_when_aimed() {
    let t = game();
    let out = t.ok(&[
        "roll", "shoot", "--fig", "RI1", "--target", "VO1", "range=10", "--dice", "6", "--dice",
        "6", "--seed", "1",
    ]);
    let dead: Vec<&str> = out
        .lines()
        .filter(|l| l.ends_with("dead (at random among the 8 figures of voltigeurs)"))
        .collect();
    assert_eq!(dead.len(), 1, "{out}");
    // The same seed picks the same man.
    let again = game().ok(&[
        "roll", "shoot", "--fig", "RI1", "--target", "VO1", "range=10", "--dice", "6", "--dice",
        "6", "--seed", "1",
    ]);
    assert_eq!(out, again);
    // Aimed, the man named is hit.
    let out = t.ok(&[
        "roll", "shoot", "--fig", "SH1", "--target", "VO2", "range=10", "aimed", "--dice", "6",
        "--dice", "6",
    ]);
    assert!(
        out.contains("changes:\n  SH1: +unloaded\n  VO2: dead\n"),
        "{out}"
    );
}

#[test]
fn an_artillery_hit_marks_the_group_for_its_next_actions_roll() {
    let t = game();
    let out = t.ok(&[
        "roll",
        "artillery",
        "--fig",
        "GU1",
        "--target",
        "VO1",
        "gun-range=40",
        "--dice",
        "6",
        "--seed",
        "4",
    ]);
    // 5 killed over 8 men, picks on their own: some may fall on a man already dead.
    assert!(out.contains("outcome: 5 killed\n"), "{out}");
    assert_eq!(
        out.matches("(at random among the 8 figures of voltigeurs)")
            .count(),
        5,
        "{out}"
    );
    assert_eq!(out.matches(": +shelled (+9)").count(), 8, "{out}");
    let out = t.ok(&["roll", "actions", "--unit", "voltigeurs", "--dice", "6"]);
    assert!(
        out.contains("       +9  hit by artillery within 50 cm"),
        "{out}"
    );
    assert!(out.contains("Halts facing the nearest enemy"), "{out}");
    assert!(out.contains(": -shelled (+9)"), "{out}");
    // Used: the next roll reads only the group's losses (a second roll this turn, as the
    // umpire rules).
    let out = t.ok(&[
        "roll",
        "actions",
        "--unit",
        "voltigeurs",
        "--dice",
        "6",
        "--anyway",
        "to see",
    ]);
    assert!(!out.contains("shelled"), "{out}");
    assert!(
        out.contains("per 10% of the group wounded or killed"),
        "{out}"
    );
}

#[test]
fn a_gun_fires_only_once_its_crew_has_loaded_it_and_firing_empties_it() {
    let t = game();
    t.ok(&["unit", "set", "guns", "gun=muzzle-loader"]);
    // Side B's part of the turn: the guns are its.
    t.ok(&["turn"]);
    t.ok(&["turn"]);
    let fire: Vec<&str> = "roll artillery --fig GU1 --target VO1 gun-range=40 --dice 1"
        .split(' ')
        .collect();
    assert_eq!(
        t.refused(&fire),
        "gun=muzzle-loader loading 11 or less refused by the rule Muzzle-loader loading: it \
         needs loading 12 or more (it is 0) (A muzzle-loader fires once it has 12 loading \
         points: `umpire roll load-gun --fig GUN loaders=N` each turn. \
         Or rule otherwise with `--anyway \"WHY\"`)"
    );
    // Five men load, but four count; once a turn.
    let load = ["roll", "load-gun", "--fig", "GU1", "loaders=5"];
    let out = t.ok(&load);
    assert!(
        out.contains("+4  crewmen loading 5 (+1 each, at most +4)"),
        "{out}"
    );
    assert!(out.contains("GU1: loading points 4 (+4)"), "{out}");
    assert!(
        t.refused(&load)
            .starts_with("GU1 carries served: it cannot load-gun")
    );
    for _ in 0..2 {
        t.ok(&["turn"]);
        t.ok(&["turn"]);
        t.ok(&load);
    }
    // 12 points: it fires the same turn, and the points are gone.
    let out = t.ok(&fire);
    assert!(out.contains("from counters: loading=12"), "{out}");
    assert!(out.contains("GU1: loading points 0\n"), "{out}");
    assert!(t.refused(&fire).contains("(it is 0)"));
    // A breech-loader needs 6, at most 3 men at a time.
    t.ok(&["unit", "set", "guns", "gun=breech-loader"]);
    t.ok(&["turn"]);
    t.ok(&["turn"]);
    let out = t.ok(&load);
    assert!(out.contains("GU1: loading points 3 (+3)"), "{out}");
    t.ok(&["turn"]);
    t.ok(&["turn"]);
    t.ok(&load);
    t.ok(&fire);
}

#[test]
fn a_group_fires_by_the_ratio_of_its_figures_in_play() {
    let t = game();
    // Eight voltigeurs: 4 shots; one dead, seven: 3.
    let fire: Vec<&str> = "roll group-fire --fig VO1 --target RI1 range=50 --seed 2"
        .split(' ')
        .collect();
    let out = t.ok(&fire);
    assert!(out.contains("weapon=musket figures=8\n"), "{out}");
    assert!(out.contains("(2 of 4): 2 hits   chance 675/2048"), "{out}");
    assert!(
        out.contains("dice 4d8 (stationary: 1 shot in 2 figures)"),
        "{out}"
    );
    t.ok(&["mark", "VO8", "+dead"]);
    let out = t.ok(&fire);
    assert!(
        out.contains("dice 3d8 (stationary: 1 shot in 2 figures)"),
        "{out}"
    );
    // The unit named fires once, not once a man.
    let out = t.ok(&[
        "roll",
        "group-fire",
        "--unit",
        "voltigeurs",
        "range=50",
        "--seed",
        "2",
    ]);
    assert!(
        out.starts_with("voltigeurs: group-fire, one roll for its 7 figures"),
        "{out}"
    );
    assert_eq!(out.matches("dice 3d8").count(), 1, "{out}");
}

#[test]
fn a_horseman_gallops_twice_in_a_row_then_walks() {
    let t = game();
    t.ok(&[
        "unit",
        "add",
        "hussars",
        "--side",
        "b",
        "class=veteran",
        "mounted",
        "--figures",
        "1",
    ]);
    let gallop = ["roll", "cavalry-move", "--fig", "HU1", "pace=gallop"];
    assert!(t.ok(&gallop).contains("HU1: gallops in a row 1"));
    assert!(t.ok(&gallop).contains("HU1: gallops in a row 2"));
    assert!(t.refused(&gallop).starts_with(
        "gallops 2 or more pace=canter/gallop refused by the rule Gallop limit: it needs \
             pace=walk (it is gallop)"
    ),);
    let walk = t.ok(&["roll", "cavalry-move", "--fig", "HU1", "pace=walk"]);
    assert!(walk.contains("outcome: 30 cm"), "{walk}");
    assert!(t.ok(&gallop).contains("HU1: gallops in a row 1"));
}

#[test]
fn a_throw_too_many_for_the_figures_that_roll_is_refused_with_nothing_changed() {
    let t = game();
    assert_eq!(
        t.refused(&[
            "turn", "--dice", "1,1,1,1", "--dice", "1,1,1,1", "--dice", "2,2",
        ]),
        "--dice 2,2 was not used: only a new turn rolls the sides' points (give the throws when \
         the turn starts, one --dice a figure that rolls, in the roster's order)"
    );
    assert!(t.ok(&["status"]).contains("no turn started yet"));
}

#[test]
fn a_groups_losses_in_the_roster_raise_its_risk_a_tenth_at_a_time() {
    let t = game();
    // 3 of 8 voltigeurs dead or wounded: 37%, +3.
    t.ok(&["mark", "VO1", "+dead"]);
    t.ok(&["mark", "VO2", "+wounded"]);
    t.ok(&["mark", "VO3", "+wounded"]);
    let out = t.ok(&["roll", "actions", "--unit", "voltigeurs", "--dice", "3"]);
    assert!(out.contains("lost=3"), "{out}");
    assert!(
        out.contains("+3  per 10% of the group wounded or killed 3 (+1 each)"),
        "{out}"
    );
    // What the umpire types wins over the roster.
    let out = t.ok(&[
        "roll",
        "actions",
        "--unit",
        "voltigeurs",
        "lost=0",
        "--dice",
        "3",
        "--anyway",
        "a second look",
    ]);
    assert!(out.contains("risk 0: none of its items holds"), "{out}");
}

#[test]
fn a_side_whose_every_unit_is_gone_or_running_has_lost() {
    let t = game();
    t.ok(&["turn"]);
    t.ok(&["turn"]);
    // Side B (its part of the turn): voltigeurs, guns and Dubreton. The voltigeurs run on the
    // actions table.
    t.ok(&[
        "roll",
        "actions",
        "--unit",
        "voltigeurs",
        "risk=9",
        "--dice",
        "1",
    ]);
    assert!(t.ok(&["status"]).contains("Side B: side has lost: not yet"));
    for code in ["GU1", "GU2", "GU3", "GU4"] {
        t.ok(&["mark", code, "+dead"]);
    }
    t.ok(&["mark", "DU1", "+running"]);
    assert!(
        t.ok(&["status"])
            .contains("Side B: side has lost: 3 of 3 units lost or marked (100% or more)")
    );
    assert!(t.ok(&["status"]).contains("Side A: side has lost: not yet"));
}

#[test]
fn a_marker_rolled_when_a_turn_starts_throws_dice_of_its_own_after_the_pools() {
    let t = game();
    // A house rule: a shaken officer throws his command dice again when a turn starts.
    let dir = super::house((
        "    - name: busy\n",
        "    - {name: shaken, label: shaken, colour: white, turn-start: command}\n    - name: busy\n",
    ));
    let run = |args: &[&str]| t.test_with(dir.path()).args(args).run().stdout;
    run(&["mark", "SH1", "+shaken"]);
    let out = run(&["turn", "--seed", "1"]);
    // One dice line for the command's three throws: the two pools' and the marker's.
    assert_eq!(out.matches("dice: ").count(), 1, "{out}");
    assert!(
        out.ends_with("dice: 0 entered, 3 rolled (seed 1; replay with --seed 1)\n"),
        "{out}"
    );
    // From one generator: the marker's dice are not the pool's again.
    let between = |from: &str, to: char| {
        let at = out.find(from).map_or(0, |i| i + from.len());
        out[at..].split(to).next().unwrap_or_default().to_string()
    };
    let pool = between("(SH1 ", ')');
    let marker = between("(shaken) command: ", '\n');
    assert!(!pool.is_empty() && !marker.is_empty(), "{out}");
    let faces = |s: &str| {
        s.rsplit(':')
            .next()
            .unwrap_or_default()
            .trim()
            .trim_end_matches(']')
            .to_string()
    };
    assert_ne!(faces(&pool), faces(&marker), "{out}");
}

/// Uncommanded men fire by the ratio whichever command fires them: `to-hit --unit` of an
/// uncommanded group of 6 stationary riflemen throws 3 dice, as `group-fire` does; commanded,
/// each man shoots.
#[test]
fn an_uncommanded_group_fires_by_the_ratio_whichever_command_fires_it() {
    let t = game();
    for procedure in ["to-hit", "group-fire"] {
        let out = t.ok(&[
            "roll", procedure, "--unit", "riflemen", "range=50", "--seed", "3",
        ]);
        assert!(
            out.starts_with("riflemen: group-fire, one roll for its 6 figures"),
            "{out}"
        );
        assert_eq!(out.matches("dice 3d8").count(), 1, "{out}");
        t.ok(&["undo"]);
    }
    let odds = t.ok(&["odds", "to-hit", "--unit", "riflemen", "range=50"]);
    assert!(
        odds.starts_with("riflemen: odds of group-fire, one roll for its 6 figures"),
        "{odds}"
    );
    t.ok(&["turn", "--dice", "6,5,2,4", "--dice", "5,5,1,2"]);
    t.ok(&["spend", "command", "--unit", "riflemen"]);
    let out = t.ok(&[
        "roll", "to-hit", "--unit", "riflemen", "range=50", "--seed", "3",
    ]);
    assert!(out.starts_with("riflemen: to-hit with 6 figures"), "{out}");
}

/// Each side shoots and dices on the actions table in its own part of the turn: the
/// voltigeurs (Side B) do not fire in Side A's, unless the umpire rules so.
#[test]
fn a_group_acts_in_its_sides_part_of_the_turn() {
    let t = game();
    let fire: Vec<&str> = "roll group-fire --fig VO1 --target RI1 range=50 --seed 2"
        .split(' ')
        .collect();
    // Before the first turn nothing is weighed.
    t.ok(&fire);
    t.ok(&["undo"]);
    t.ok(&["turn"]);
    assert_eq!(
        t.refused(&fire),
        "Player turns refuses voltigeurs: this is the player turn of Side A, not of Side B \
         (`umpire turn` passes play to the next player; or rule otherwise with `--anyway \
         \"WHY\"`)"
    );
    let mut anyway = fire.clone();
    anyway.extend(["--anyway", "they fired as the British moved"]);
    t.ok(&anyway);
    t.ok(&["turn"]);
    t.ok(&fire);
}

/// "If firing at a group larger than 10 figures, allocate hits among the nearest 10": the
/// hits on twelve voltigeurs fall among the first ten in play, whatever the dice pick.
#[test]
fn hits_on_a_group_larger_than_ten_fall_among_its_first_ten() {
    let t = game();
    t.ok(&["fig", "add", "voltigeurs", "--count", "4"]);
    for seed in 1..=12 {
        let seed = seed.to_string();
        let out = t.ok(&[
            "roll",
            "artillery",
            "--fig",
            "GU1",
            "--target",
            "VO2",
            "gun-range=40",
            "--dice",
            "6",
            "--seed",
            &seed,
        ]);
        assert!(
            out.contains("(at random among the 10 figures of voltigeurs)"),
            "{out}"
        );
        // The whole group is shelled; only the first ten are hit.
        assert!(
            !out.contains("VO11: dead") && !out.contains("VO12: dead"),
            "{out}"
        );
        t.ok(&["undo"]);
    }
}

/// Group fire applies its hits in the same command: each hit is a damage roll (the shooter's
/// class read from the roster), and on a group of twelve the dead and wounded fall among its
/// first ten in play, whatever the dice pick.
#[test]
fn group_fire_applies_its_hits_through_damage_in_one_command() {
    let t = game();
    t.ok(&["fig", "add", "voltigeurs", "--count", "4"]);
    // Six stationary riflemen: 3 shots, all hit at 4 or more (medium range, open); the damage
    // dice 6, 6 and 5 kill (gunpowder weapons, a veteran shooter +0).
    let fire = |seed: &str| {
        t.ok(&[
            "roll",
            "group-fire",
            "--fig",
            "RI1",
            "--target",
            "VO1",
            "range=50",
            "--dice",
            "7,7,4",
            "--dice",
            "6",
            "--dice",
            "6",
            "--dice",
            "5",
            "--seed",
            seed,
        ])
    };
    let out = fire("1");
    assert!(
        out.contains(
            "=> each die against 4 (range medium, cover open) or more: 7 7 4 (3 of 3): 3 hits"
        ),
        "{out}"
    );
    assert_eq!(
        out.matches("  damage — Damage from a hit\n").count(),
        3,
        "{out}"
    );
    assert!(
        out.contains("outcome: 3 hits › Killed; Killed; Killed\n"),
        "{out}"
    );
    assert_eq!(
        out.matches("dead (at random among the 10 figures of voltigeurs)")
            .count(),
        3,
        "{out}"
    );
    assert!(out.contains("dice: 4 entered, 0 rolled"), "{out}");
    let dead = || t.ok(&["--json", "figs"]).matches("\"dead\"").count();
    assert_eq!(dead(), 3);
    t.ok(&["undo"]);
    assert_eq!(dead(), 0);
    // Whatever the pick, the eleventh and twelfth men are never hit.
    for seed in 2..=12 {
        let out = fire(&seed.to_string());
        assert!(
            !out.contains("VO11: dead") && !out.contains("VO12: dead"),
            "{out}"
        );
        t.ok(&["undo"]);
    }
}

/// "A wounded figure shoots at short range only", read from its marker; and a group dices on
/// its actions table once a turn, a second roll refused by the rule until the next turn.
#[test]
fn a_wounded_man_shoots_short_and_a_group_dices_for_actions_once_a_turn() {
    let t = game();
    t.ok(&["turn"]);
    t.ok(&["mark", "RI1", "+wounded"]);
    assert_eq!(
        t.refused(&[
            "roll",
            "to-hit",
            "--fig",
            "RI1",
            "--target",
            "VO1",
            "range=150",
            "--dice",
            "8"
        ]),
        "wounded refused by the rule Wounded shooting: it needs range=short (it is long) (A \
         wounded figure shoots at short range only. \
         Or rule otherwise with `--anyway \"WHY\"`)"
    );
    t.ok(&[
        "roll", "to-hit", "--fig", "RI1", "--target", "VO1", "range=10", "--dice", "1",
    ]);
    t.ok(&["roll", "actions", "--fig", "RI2", "--dice", "3"]);
    assert_eq!(
        t.refused(&["roll", "actions", "--fig", "RI2", "--dice", "3"]),
        "Actions once a turn refuses RI2: actions rolls this turn: 1 of 1 made (a new turn counts \
         afresh: `umpire turn`; or rule otherwise with `--anyway \"WHY\"`)"
    );
    t.ok(&["turn"]);
    t.ok(&["turn"]);
    t.ok(&["roll", "actions", "--fig", "RI2", "--dice", "3"]);
}

/// "Groups may combine with another group of similar troops ... if they are reduced to 3 or
/// less figures": the group joining has 3 in play or fewer, foot with foot of one weapon.
#[test]
fn a_group_reduced_to_three_combines_with_a_similar_one() {
    let t = game();
    t.ok(&[
        "unit",
        "add",
        "jaegers",
        "--side",
        "a",
        "class=veteran",
        "weapon=rifle",
        "--figures",
        "4",
    ]);
    assert_eq!(
        t.refused(&["unit", "merge", "riflemen", "jaegers"]),
        "Combining groups refuses jaegers: it has 4 figures in play: a unit combines once \
         reduced to 3 or fewer (Groups of similar troops combine into a larger group once \
         reduced to 3 figures or fewer. Reading: similar troops are foot with foot, horse with \
         horse, of the same weapon; the group of 3 or fewer joins the other. Or rule otherwise \
         with `--anyway \"WHY\"`)"
    );
    t.ok(&["mark", "JA1", "+dead"]);
    assert_eq!(
        t.ok(&["unit", "merge", "riflemen", "jaegers"]),
        "jaegers joins riflemen: 9 figures in play (4 come over: JA1, JA2, JA3, JA4)\n"
    );
    // Muskets do not join rifles.
    assert!(
        t.refused(&["unit", "merge", "riflemen", "partisans"])
            .starts_with("Combining groups refuses")
    );
    // A group given no weapon carries muskets, the default: it joins muskets.
    t.ok(&[
        "unit",
        "add",
        "militia",
        "--side",
        "a",
        "class=raw",
        "--figures",
        "2",
    ]);
    assert!(
        t.ok(&["unit", "merge", "partisans", "militia"])
            .starts_with("militia joins partisans: 6 figures in play")
    );
}

/// "Crew figures ... act as firearm equipped troops. These always count as under command":
/// a gun's crew shoots every man, where a group of 4 uncommanded throws 2 dice by the ratio.
#[test]
fn a_guns_crew_always_counts_as_under_command() {
    let t = game();
    let fire = [
        "roll", "to-hit", "--unit", "guns", "--target", "RI1", "range=10", "--seed", "2",
    ];
    assert!(
        t.ok(&fire)
            .starts_with("guns: group-fire, one roll for its 4 figures")
    );
    t.ok(&["undo"]);
    t.ok(&["unit", "set", "guns", "gun=muzzle-loader"]);
    let out = t.ok(&fire);
    assert!(out.starts_with("guns: to-hit with 4 figures\n"), "{out}");
}
