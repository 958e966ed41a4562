//! The armies on the table, the sides the players name, initiative points, casualties and
//! victory.

use super::{fight, game};
use crate::support::Table;

#[test]
fn the_lists_go_on_the_table_as_units_with_their_fields_and_points() {
    let t = game();
    let state = t.state_of("monongahela");
    assert_eq!(state["sides"][0]["name"], "british");
    assert_eq!(state["sides"][1]["label"], "French");
    let units = state["units"].as_array().cloned().unwrap_or_default();
    // British: general, 10 infantry, cavalry, light infantry, artillery; French: general,
    // 11 infantry, cavalry, 4 light infantry, artillery.
    let of = |side: &str| units.iter().filter(|u| u["side"] == side).count();
    assert_eq!((of("british"), of("french")), (14, 18));
    let general = units.iter().find(|u| u["name"] == "british-general-1");
    let general = general.cloned().unwrap_or_default();
    assert_eq!(general["fields"]["type"], "command");
    assert_eq!(general["fields"]["general"], "yes");
    assert_eq!(general["points"], 5);
    // British regular infantry pays 0.5 more; the colonial militia (†) does not, nor is it
    // British for shooting.
    let find = |n: &str| {
        units
            .iter()
            .find(|u| u["name"] == n)
            .cloned()
            .unwrap_or_default()
    };
    assert_eq!(find("british-infantry-3")["points"], 3);
    assert_eq!(find("british-infantry-3")["fields"]["british"], "yes");
    assert_eq!(find("british-infantry-7")["points"], 2);
    assert!(
        find("british-infantry-7")["fields"]
            .get("british")
            .is_none()
    );
    // Every unit is worth its list's 40 points.
    let worth: f64 = units.iter().filter_map(|u| u["points"].as_f64()).sum();
    assert!((worth - 80.0).abs() < f64::EPSILON, "{worth}");
    assert!(
        t.ok(&[
            "unit",
            "add",
            "rangers",
            "type=light-infantry",
            "--side",
            "british"
        ])
        .starts_with("Unit rangers (british")
    );
}

#[test]
fn army_mistakes_are_refused_before_anything_is_made() {
    let t = Table::empty();
    for (args, says) in [
        (
            &["--army", "british"][..],
            "`--army british` names no side and list (--army SIDE=LIST: a name for the side and an army list (`umpire army list`))",
        ),
        (
            &[
                "--army",
                "british=british-fiww",
                "--army",
                "french=french-fiw",
            ],
            "no army list `british-fiww` (did you mean `british-fiw`?)",
        ),
        (
            &[
                "--army",
                "british=british-fiw",
                "--army",
                "french=france-napoleonic",
            ],
            "British is a list for 40.0 points a side and France for 50.0: both sides play one size",
        ),
        (
            &["--army", "british=british-fiw"],
            "C'est la Guerre has 2 sides: name each once, not 1",
        ),
        (
            &[
                "--army",
                "british=british-fiw",
                "--army",
                "British=french-fiw",
            ],
            "side `British` is named twice",
        ),
    ] {
        let mut all = vec!["game", "new", "g", "--rules", "clg"];
        all.extend(args);
        assert_eq!(t.refused(&all), says);
    }
    assert!(t.ok(&["game", "list"]).starts_with("No games yet"));
    assert_eq!(
        t.refused(&[
            "game", "new", "g", "--rules", "fiw", "--side", "redcoats", "--side", "b"
        ]),
        "French Indian War Rules's sides are its own (british, french): the players do not name \
         them (leave out the names; `unit add ... --side SIDE` takes the table's)"
    );
}

#[test]
fn a_casualty_lowers_the_next_roll_and_an_initiative_point_takes_it_off() {
    let t = game();
    // The dice-off (British 5, French 3), then the British initiative points (3).
    t.ok(&["turn", "--dice", "5", "--dice", "3", "--dice", "3"]);
    t.ok(&fight(
        "combat",
        "british-infantry-3",
        "french-infantry-7",
        ["3,4", "3,2"],
    ));
    let out = t.ok(&["roll", "--next", "--dice", "1"]);
    assert!(out.contains("  french-infantry-7: casualties 1\n"), "{out}");
    let out = t.ok(&fight(
        "combat",
        "french-infantry-7",
        "british-infantry-3",
        ["4,4", "4,4"],
    ));
    assert!(out.contains("     -1  casualties 1 (-1 each)"), "{out}");
    assert!(out.contains("net modifier +3: 8 + 3 = 11"), "{out}");
    // In the British player turn the French cannot spend; in theirs, a point takes it off.
    assert_eq!(
        t.refused(&["spend", "casualty", "--unit", "french-infantry-7"]),
        "Player turns refuses french-infantry-7: this is the player turn of British, and it is a \
         unit of French (`umpire turn` passes play to the next player; or rule otherwise with `--anyway \"WHY\"`)"
    );
    t.ok(&["turn", "--dice", "3"]);
    assert_eq!(
        t.ok(&["spend", "casualty", "--unit", "french-infantry-7"]),
        "French spends 1 initiative point on french-infantry-7: remove a casualty from a unit \
         in a command group; 2 initiative points left\nfrench-infantry-7: casualties 1 → 0\n"
    );
    assert_eq!(
        t.refused(&["spend", "casualty", "--unit", "french-infantry-7"]),
        "Initiative points refuses french-infantry-7: it has had `casualty` once this turn (a new \
         turn allows it again: `umpire turn`; or rule otherwise with `--anyway \"WHY\"`)"
    );
}

#[test]
fn a_side_that_lost_15_points_and_more_than_the_enemy_has_lost_the_battle() {
    let t = game();
    // 5 + 4 + 2.5 + 2.5 = 14 points: not yet.
    for u in [
        "french-general-1",
        "french-artillery-1",
        "french-infantry-8",
        "french-infantry-9",
    ] {
        t.ok(&["mark", u, "+destroyed"]);
    }
    let status = t.ok(&["status"]);
    assert!(
        status.contains(
            "French: battle lost (15 points lost, more than the enemy): not yet (14 points lost)\n"
        ),
        "{status}"
    );
    t.ok(&["mark", "french-infantry-1", "+fled"]);
    // British lose 15 too (5 + 4 + 3 + 3): 16 is more than 15, and 15 is not more than 16.
    for u in [
        "british-general-1",
        "british-artillery-1",
        "british-infantry-3",
        "british-infantry-4",
    ] {
        t.ok(&["mark", u, "+destroyed"]);
    }
    let status = t.ok(&["status"]);
    assert!(
        status.contains(
            "British: battle lost (15 points lost, more than the enemy): not yet (15 points lost)\n\
             French: battle lost (15 points lost, more than the enemy): 16 points lost (15 or \
             more, more than the enemy's 15)\n"
        ),
        "{status}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&t.ok(&["status", "--json"])).unwrap_or_default();
    let french = &json["conditions"][1];
    assert_eq!(french["holds"], true);
    assert_eq!(
        french["losses"][0],
        serde_json::json!({"loss": "points", "lost": 16, "at": 15, "most": 15})
    );
}

#[test]
fn the_turn_rule_and_its_reading_are_said() {
    let rules = Table::empty().ok(&["rules", "clg"]);
    assert!(
        rules.contains(
            "  player turns: each side plays a player turn; the sides throw 1d6 once, before the \
             first turn (a tie is thrown again), and the high scorer plays first in every turn; \
             the low scorer chooses the terrain"
        ),
        "{rules}"
    );
    assert!(
        rules.contains(
            "  note: Reading: the high scorer of the deployment dice-off (thrown by the first \
             `umpire turn`, a tie thrown again) goes first in every round"
        ),
        "{rules}"
    );
}

/// "Each Round ... with the High Scorer going first": the first `turn` throws the deployment
/// dice-off (a tie again), its winner plays first in every round, and each player throws his
/// own initiative points when his player turn starts.
#[test]
fn the_dice_offs_high_scorer_goes_first_in_every_round() {
    let t = game();
    // A tie typed is thrown again typed, a die for each side.
    assert_eq!(
        t.refused(&["turn", "--dice", "4", "--dice", "4", "--dice", "6"]),
        "a tie at 4 for who plays first: the sides throw again (give the new throws after the \
         first ones, a --dice for each side (4 in all))"
    );
    let out = t.ok(&[
        "turn", "--dice", "4", "--dice", "4", "--dice", "2", "--dice", "6",
    ]);
    assert!(
        out.starts_with(
            "Turn 1, player turn 1 of 2: French\n\
             deployment dice-off 1d6: British 4 (typed), French 4 (typed)\n\
             a tie at 4: thrown again\n\
             deployment dice-off 1d6: British 2 (typed), French 6 (typed)\n\
             French is the high scorer: it plays first in every turn (the low scorer chooses the \
             terrain and his side and deploys first, cards face down; then the high scorer \
             deploys)\n\
             initiative points 1d6: French"
        ),
        "{out}"
    );
    let out = t.ok(&["turn", "--dice", "5"]);
    assert!(
        out.starts_with(
            "Turn 1, player turn 2 of 2: British\ninitiative points 1d6: British 5 (typed)\n\
             British: 5 initiative points to spend\n"
        ),
        "{out}"
    );
    // Round 2 and 3: French first again, with no dice-off; nobody else may be named first.
    for round in 2..=3 {
        let out = t.ok(&["turn", "--dice", "1"]);
        assert!(
            out.starts_with(&format!(
                "Turn {round}, player turn 1 of 2: French\ninitiative points 1d6: French 1 \
                 (typed)\n"
            )),
            "{out}"
        );
        t.ok(&["turn", "--dice", "6"]);
    }
    assert_eq!(
        t.refused(&["turn", "--first", "british"]),
        "French won the dice-off: it plays first in every turn, not `british` (leave out --first)"
    );
    // Undone back to the start, the dice-off is to throw again; a winner may be named.
    for _ in 0..6 {
        t.ok(&["undo"]);
    }
    let out = t.ok(&["turn", "--first", "british", "--dice", "3"]);
    assert!(
        out.starts_with(
            "Turn 1, player turn 1 of 2: British\nBritish won the dice-off, as the umpire says: \
             it plays first in every turn\ninitiative points 1d6: British 3 (typed)\n"
        ),
        "{out}"
    );
}

#[test]
fn in_a_game_a_roll_that_names_no_unit_uses_the_games_ruleset() {
    let t = Table::empty();
    t.ok(&["game", "new", "flanders", "--rules", "clg"]);
    let out = t.ok(&["roll", "reserves", "edge=own", "--dice", "3,4"]);
    assert!(out.starts_with("reserves — Reserve arrival"), "{out}");
    assert!(
        t.ok(&["card", "reserves"])
            .contains("reserves — Reserve arrival")
    );
    // `--rules` still answers for another ruleset.
    assert!(
        t.ok(&["roll", "shoot", "--rules", "lpg", "--dice", "3,4"])
            .contains("Buck and Ball")
    );
}

#[test]
fn cavalry_does_not_shoot_but_fights_in_melee() {
    let t = game();
    assert_eq!(
        t.refused(&fight(
            "combat",
            "british-cavalry-1",
            "french-infantry-7",
            ["3,4", "3,2"]
        )),
        "attacker: combat refused by the rule Who shoots: it needs \
         unit=regular-infantry/close-order/light-infantry/gun (it is cavalry) (Only infantry and \
         artillery start a shooting (the shooting chart's rows); combat engineers only return \
         fire, as the unit shot at (`--defender`); cavalry, command units, light cavalry and \
         pikes do not shoot: they fight in melee (`umpire roll melee`). \
         Or rule otherwise with `--anyway \"WHY\"`)"
    );
    // Combat engineers return fire, but never start a shooting.
    let roll = |a: &str, d: &str| -> Vec<String> {
        format!(
            "roll combat a.unit={a} a.enemy=infantry d.unit={d} d.enemy=infantry --rules clg \
             --dice 3,4 --dice 3,2"
        )
        .split(' ')
        .map(str::to_string)
        .collect()
    };
    fn args(v: &[String]) -> Vec<&str> {
        v.iter().map(String::as_str).collect()
    }
    assert!(
        t.refused(&args(&roll("engineers", "regular-infantry")))
            .starts_with("attacker: combat refused by the rule Who shoots")
    );
    t.ok(&args(&roll("regular-infantry", "engineers")));
    // Infantry shoots at the cavalry, which is not refused as the side shot at.
    t.ok(&fight(
        "combat",
        "french-infantry-7",
        "british-cavalry-1",
        ["3,4", "3,2"],
    ));
    t.ok(&fight(
        "melee",
        "british-cavalry-1",
        "french-infantry-7",
        ["3,4", "3,2"],
    ));
}

/// Artillery shoots only if it did not move this round: a move spent on the guns marks them
/// moved until the round ends, and their shot is refused till then.
#[test]
fn artillery_that_moved_does_not_shoot_that_round() {
    let t = game();
    t.ok(&["turn", "--dice", "5", "--dice", "2", "--dice", "4"]);
    let shot = fight(
        "combat",
        "british-artillery-1",
        "french-infantry-7",
        ["3,4", "3,2"],
    );
    let mut dry = shot.clone();
    dry.push("--dry-run");
    t.ok(&dry);
    let moved = t.ok(&["spend", "move", "--unit", "british-artillery-1"]);
    assert!(
        moved.contains("british-artillery-1: +moved this round (to the end of this turn)"),
        "{moved}"
    );
    assert!(t.refused(&shot).starts_with(
        "attacker: unit=gun refused by the rule Artillery that moved: it needs not moved"
    ));
    // The next round it shoots again.
    t.ok(&["turn", "--dice", "2"]);
    t.ok(&["turn", "--dice", "4"]);
    t.ok(&shot);
}

/// "An extra point ... if the general has been lost": once the general's unit is out of the
/// game, a move costs the point with nothing typed, and the spend says where it read it.
#[test]
fn a_lost_general_is_read_from_the_roster_in_a_moves_cost() {
    let t = game();
    t.ok(&["turn", "--dice", "5", "--dice", "3", "--dice", "6"]);
    assert!(
        t.ok(&["spend", "move", "--unit", "british-infantry-1"])
            .starts_with("British spends 1 initiative point on british-infantry-1: move a unit")
    );
    t.ok(&["mark", "british-general-1", "+destroyed"]);
    assert!(
        t.ok(&["spend", "move", "--unit", "british-infantry-2"])
            .starts_with(
                "British spends 2 initiative points on british-infantry-2: move a unit, a command \
         group, a column or a line (move 1 + the general has been lost (british-general-1 is out \
         of the game) 1); 3 initiative points left\n"
            )
    );
    // Named as well, it is paid once; the French, their general standing, pay nothing more.
    assert!(
        t.ok(&[
            "spend",
            "move",
            "general-lost",
            "--unit",
            "british-infantry-3"
        ])
        .contains("(move 1 + the general has been lost 1); 1 initiative point left")
    );
    t.ok(&["turn", "--dice", "4"]);
    assert!(
        t.ok(&["spend", "move", "--unit", "french-infantry-1"])
            .contains("move a unit, a command group, a column or a line; 3 initiative points left")
    );
    // Undone, the general stands again and the move costs 1.
    for _ in 0..5 {
        t.ok(&["undo"]);
    }
    assert!(
        t.ok(&["spend", "move", "--unit", "british-infantry-2"])
            .contains("line; 4 initiative points left")
    );
}

/// A list of one's own, checked as `army check` does, seeds a game: its dummy cards go on the
/// table face down like every unit, neither shoot nor fight, and taken off once seen are no
/// loss. An `or` line's alternative is chosen with `--choose SIDE:LINE=ALT`.
#[test]
fn a_game_is_seeded_from_own_list_with_a_dummy_and_a_chosen_alternative() {
    let t = Table::empty();
    let file = t.path().join("braddock.yaml");
    crate::support::write(
        &file,
        "period: fiw\ntitle: Braddock's column\nlines:\n\
         \x20 - {count: 1, unit: general, grade: average}\n\
         \x20 - {count: 6, unit: infantry, grade: average}\n\
         \x20 - {count: 2, unit: dummy}\n\
         \x20 - {count: 2, unit: cavalry, grade: average, or: [{count: 4, unit: light-infantry}]}\n",
    );
    let own = format!("british={}", file.display());
    let out = t.ok(&[
        "game",
        "new",
        "g",
        "--rules",
        "clg",
        "--army",
        &own,
        "--army",
        "french=french-fiw",
        "--choose",
        "british:4=1",
        "--choose",
        "french:5=light-infantry",
    ]);
    assert_eq!(
        out,
        format!(
            "Game g started with C'est la Guerre; it is the current game.\n\
             British: 13 units of the Braddock's column list ({}), 25.0 points, each face down\n\
             French: 19 units of the French list (french-fiw), 40.0 points, each face down\n\
             British: line 4: 4 light infantry instead of 2 average cavalry\n\
             French: line 5: 2 light infantry instead of 1 average cavalry\n\
             French: line 2 kept, not its alternatives (`--choose french:LINE=N`; `umpire army \
             show french-fiw`)\n",
            file.display()
        )
    );
    let units = t.ok(&["unit", "list"]);
    assert!(
        units.contains("british-dummy-2") && !units.contains("british-cavalry"),
        "{units}"
    );
    assert!(
        units.contains("french-light-infantry-6") && !units.contains("french-cavalry"),
        "{units}"
    );
    // A dummy neither shoots nor fights, nor is fought.
    assert!(
        t.refused(&fight("melee", "french-infantry-1", "british-dummy-1", ["3,3", "3,3"]))
            .starts_with("defender: melee refused by the rule Dummy cards: it needs unit=foot/horse (it is dummy)")
    );
    // Seen, it is taken off, and its side has lost nothing.
    assert_eq!(
        t.ok(&["mark", "british-dummy-1", "+removed"]),
        "british-dummy-1: taken off (a dummy card seen)\n"
    );
    assert!(t.ok(&["status"]).contains(
        "British: battle lost (15 points lost, more than the enemy): not yet (0 points lost)"
    ));
    // What cannot be chosen is refused with the choices.
    assert_eq!(
        t.refused(&[
            "game",
            "new",
            "h",
            "--rules",
            "clg",
            "--army",
            "a=french-fiw",
            "--army",
            "b=british-fiw",
            "--choose",
            "a:5=cavalry"
        ]),
        "`cavalry` is none of the alternatives of line 5 of the French list: 1: 2 light \
         infantry, 2: 1 inferior regular infantry (colonial militia) (--choose SIDE:5=N, N from 1 \
         to 2)"
    );
    assert_eq!(
        t.refused(&[
            "game",
            "new",
            "h",
            "--rules",
            "clg",
            "--army",
            "a=french-fiw",
            "--army",
            "b=british-fiw",
            "--choose",
            "a:4=1"
        ]),
        "line 4 of the French list (1 elite regular infantry) has no alternative to choose \
         (`umpire army show french-fiw` shows the `or` lines)"
    );
    // A list with a mistake seeds nothing, and says where.
    crate::support::write(
        &file,
        "period: fiw\ntitle: x\nlines:\n  - {count: 1, unit: genral}\n",
    );
    let refused = t.refused(&[
        "game",
        "new",
        "h",
        "--rules",
        "clg",
        "--army",
        &own,
        "--army",
        "b=british-fiw",
    ]);
    assert!(
        refused.starts_with(&format!("{}:4:", file.display()))
            && refused.contains("did you mean `general`")
            && refused.contains("(`umpire army check "),
        "{refused}"
    );
}

/// "Disordered units may not move but can only reform": a move spent on a unit in disorder
/// is refused, naming the spend that reorders it; the umpire may rule otherwise.
#[test]
fn a_unit_in_disorder_does_not_move_until_it_reorders() {
    let t = game();
    t.ok(&["turn", "--dice", "5", "--dice", "3", "--dice", "4"]);
    t.ok(&["mark", "british-infantry-1", "+disordered"]);
    let mv = ["spend", "move", "--unit", "british-infantry-1"];
    assert_eq!(
        t.refused(&mv),
        "Initiative points refuses british-infantry-1: it is in disorder: no `move` for a unit \
         so marked (`umpire spend reorder --unit british-infantry-1` first; or rule otherwise \
         with `--anyway \"WHY\"`)"
    );
    t.ok(&["spend", "reorder", "--unit", "british-infantry-1"]);
    assert!(t.ok(&mv).contains("2 initiative points left"));
}

/// "Each Combat Engineer unit can build ... 10 cm of roads, 5 cm of a bridge ... or 10 cm of
/// field fortifications per turn ... A Combat Engineer that has moved cannot construct": works
/// kept as counters on the engineers, built up over the rounds, once a round and not after
/// moving, by engineers only.
#[test]
fn combat_engineers_build_works_up_over_the_rounds() {
    let t = game();
    t.ok(&[
        "unit",
        "add",
        "sappers",
        "--side",
        "british",
        "type=engineers",
    ]);
    t.ok(&["turn", "--dice", "5", "--dice", "3", "--dice", "4"]);
    assert_eq!(
        t.ok(&["spend", "bridge", "--unit", "sappers"]),
        "British spends 0 initiative points on sappers: combat engineers build or demolish 5 cm \
         of bridge (no initiative point); 4 initiative points left\nsappers: +building this round \
         (to the end of this turn)\nsappers: cm of bridge built 0 → 5\n"
    );
    assert_eq!(
        t.refused(&["spend", "works", "--unit", "sappers"]),
        "Initiative points refuses sappers: it is building this round: no `works` for a unit so \
         marked (`umpire mark sappers -built` first; or rule otherwise with `--anyway \"WHY\"`)"
    );
    assert_eq!(
        t.refused(&["spend", "bridge", "--unit", "british-infantry-1"]),
        "Initiative points refuses british-infantry-1: `bridge` is spent only on a unit with \
         unit=engineers (name a unit it is for; or rule otherwise with `--anyway \"WHY\"`)"
    );
    t.ok(&["turn", "--dice", "2"]);
    t.ok(&["turn", "--dice", "3"]);
    t.ok(&["spend", "move", "--unit", "sappers"]);
    assert!(
        t.refused(&["spend", "bridge", "--unit", "sappers"])
            .contains("it is moved this round")
    );
    t.ok(&["turn", "--dice", "2"]);
    t.ok(&["turn", "--dice", "3"]);
    assert!(
        t.ok(&["spend", "bridge", "--unit", "sappers"])
            .contains("sappers: cm of bridge built 5 → 10")
    );
}
