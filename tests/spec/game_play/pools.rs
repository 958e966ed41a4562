//! Player turns with a pool of points: each side rolls its points when a turn starts (the
//! higher plays first, a tie thrown again), spends them in its player turn at the listed cost
//! and the circumstances' extra costs, buying a marker off a unit or a count off it, so often a
//! turn; markers that last a player turn, a turn or the next come off by themselves; and the
//! table's mistakes in a turn rule are refused with their place in the file.

use crate::support::{OwnTable, Table, Test, placed_error, tempdir, write};

const POOLS: &str = r#"
ruleset: pool-test
title: Pool test
factors:
  - {name: type, help: the unit's type, values: [{name: foot}, {name: guns}]}
procedures:
  - name: fight
    title: Fighting
    help: a unit fights
    roll: 1d6
    check: {compare: at-least, target: 4, pass: win, fail: lose}
    results:
      - {name: win, label: Wins, marks: [{on: acting, change: [+braced]}]}
      - {name: lose, label: Loses, marks: [{on: acting, change: [+disordered, +casualties]}]}
turn:
  players: {first: pool, steps: [move, {name: fight, label: fight it out}]}
  pool:
    point: pip
    dice: 1d6
    spend:
      - name: move
        label: move a unit or a group
        cost: 1
        extra:
          - {name: far, label: far from the general, cost: 1}
          - {name: guns, label: guns alone, aliases: [artillery], cost: 1}
      - {name: reorder, label: reorder a unit, cost: 1, takes-off: disordered, per-unit: 1}
      - {name: heal, label: take a casualty off, cost: 2, counter: casualties, by: -1, per-unit: 1}
game:
  pieces: units
  sides: [{name: red}, {name: blue}]
  unit: {type: type}
  markers:
    - {name: disordered, label: disordered, colour: white}
    - {name: braced, label: braced, colour: blue, lasts: next-turn}
    - {name: spent, label: spent, colour: grey, lasts: player-turn}
  counters:
    - {name: casualties, label: casualties, at: 9, then: gone}
  states:
    - {name: gone, label: gone}
"#;

/// A game of the pool test: a red unit `hussars` and a blue unit `guards`.
fn pools() -> OwnTable {
    let p = OwnTable::new("pools.yaml", POOLS);
    p.ok(&["game", "new", "g", "--rules", "pool-test"]);
    p.ok(&["unit", "add", "hussars", "type=foot", "--side", "red"]);
    p.ok(&["unit", "add", "guards", "type=foot", "--side", "blue"]);
    p
}

#[test]
fn the_side_that_rolls_more_points_plays_first_and_spends_them() {
    let p = pools();
    assert_eq!(
        p.ok(&["turn", "--dice", "2", "--dice", "5"]),
        "Turn 1, player turn 1 of 2: blue\n\
         pips 1d6: red 2 (typed), blue 5 (typed)\n\
         steps: 1. move; 2. fight it out\n\
         dice: 2 entered, 0 rolled\n"
    );
    assert_eq!(
        p.ok(&["spend", "move", "far", "artillery"]),
        "blue spends 3 pips: move a unit or a group (move 1 + far from the general 1 + guns \
         alone 1); 2 pips left\n"
    );
    assert_eq!(
        p.refused(&["spend", "move", "far", "far"]),
        "error: `far` is given twice (each extra cost is paid once)\n"
    );
    assert_eq!(
        p.refused(&["spend", "heal", "--unit", "guards"]),
        "error: guards has no casualties to take off\n"
    );
    assert_eq!(
        p.refused(&["spend", "move", "--unit", "hussars"]),
        "error: Player turns refuses hussars: this is the player turn of blue, and it is a unit \
         of red (`umpire turn` passes play to the next player; or rule otherwise with `--anyway \"WHY\"`)\n"
    );
    p.ok(&["spend", "move"]);
    assert_eq!(
        p.refused(&["spend", "move", "far"]),
        "error: Pips refuses blue: it has 1 pip left; move 1 + far from the general 1 costs 2 \
         (`umpire turn` passes play to the next player; or rule otherwise with `--anyway \"WHY\"`)\n"
    );
    let status = p.ok(&["status"]);
    assert!(
        status.starts_with(
            "Game g, turn 1, player turn 1 of 2: blue\n\
             order: blue, then red\n\
             steps: 1. move; 2. fight it out\n\
             blue: 1 pip left of 5\n\
             red: 2 pips left of 2\n"
        ),
        "{status}"
    );
    assert_eq!(
        p.ok(&["turn"]),
        "Turn 1, player turn 2 of 2: red\nred: 2 pips to spend\nsteps: 1. move; 2. fight it out\n"
    );
    // The pools are kept in the game, with the faces thrown.
    let pools = &p.table.state()["turn"]["pools"];
    assert_eq!(pools["blue"]["faces"], serde_json::json!([5]));
    assert_eq!(pools["blue"]["left"], 1);
    // The umpire has the last word: red spends more than it has, and the log keeps why.
    assert_eq!(
        p.ok(&["spend", "move", "far"]),
        "red spends 2 pips: move a unit or a group (move 1 + far from the general 1); 0 pips \
         left\n"
    );
    p.ok(&["spend", "move", "far", "--anyway", "a second messenger"]);
    let log = p.ok(&["log", "--last", "1"]);
    assert!(
        log.contains(
            "    ruled anyway: \"a second messenger\" (Pips refused red: it has 0 pips left; \
             move 1 + far from the general 1 costs 2)"
        ),
        "{log}"
    );
    assert_eq!(p.table.state()["turn"]["pools"]["red"]["left"], 0);
    // Let through in another side's turn, a unit's spend comes out of its own side's pool.
    p.ok(&[
        "spend",
        "move",
        "--unit",
        "guards",
        "--anyway",
        "a counter-march",
    ]);
    assert_eq!(p.table.state()["turn"]["pools"]["blue"]["left"], 0);
}

#[test]
fn a_tie_for_who_plays_first_is_thrown_again() {
    let p = pools();
    assert_eq!(
        p.refused(&["turn", "--dice", "3", "--dice", "3"]),
        "error: a tie at 3 for who plays first: the sides throw again (give the new throws \
         after the first ones, a --dice for each side (4 in all))\n"
    );
    let out = p.ok(&[
        "turn", "--dice", "3", "--dice", "3", "--dice", "4", "--dice", "1",
    ]);
    assert!(
        out.starts_with(
            "Turn 1, player turn 1 of 2: red\n\
             pips 1d6: red 3 (typed), blue 3 (typed)\n\
             a tie at 3: thrown again\n\
             pips 1d6: red 4 (typed), blue 1 (typed)\n"
        ),
        "{out}"
    );
    assert_eq!(
        p.table.state()["turn"]["pools"]["red"]["faces"],
        serde_json::json!([3, 4])
    );
    assert_eq!(
        p.refused(&["turn", "--first", "blue"]),
        "error: turn 1 is under way (red, then blue): who plays first is said when a turn \
         starts, not `blue` (leave out --first to pass play to the next player)\n"
    );
    // A seed throws the same pools in another game.
    let (a, b) = (pools(), pools());
    assert_eq!(
        a.ok(&["turn", "--seed", "11"]),
        b.ok(&["turn", "--seed", "11"])
    );
}

#[test]
fn points_buy_a_marker_off_a_unit_or_a_count_once_a_turn_and_undo_gives_them_back() {
    let p = pools();
    p.ok(&["turn", "--dice", "6", "--dice", "1"]);
    p.ok(&["roll", "fight", "--unit", "hussars", "--dice", "1"]);
    assert_eq!(
        p.refused(&["spend", "reorder"]),
        "error: `reorder` is spent on one unit: name it with --unit (umpire spend reorder --unit NAME)\n"
    );
    let before = p.table.state();
    assert_eq!(
        p.ok(&["spend", "reorder", "--unit", "hussars"]),
        "red spends 1 pip on hussars: reorder a unit; 5 pips left\nhussars: -disordered\n"
    );
    assert_eq!(
        p.refused(&["spend", "reorder", "--unit", "hussars"]),
        "error: Pips refuses hussars: it has had `reorder` once this turn (a new turn allows it \
         again: `umpire turn`; or rule otherwise with `--anyway \"WHY\"`)\n"
    );
    p.ok(&["undo"]);
    let after = p.table.state();
    for part in ["turn", "figures", "units"] {
        assert_eq!(
            after[part], before[part],
            "undo restores the {part} exactly"
        );
    }
    p.ok(&["spend", "reorder", "--unit", "hussars"]);
    assert_eq!(
        p.ok(&["spend", "heal", "--unit", "hussars"]),
        "red spends 2 pips on hussars: take a casualty off; 3 pips left\n\
         hussars: casualties 1 → 0\n"
    );
    assert_eq!(
        p.refused(&["spend", "reorder", "--unit", "guards"]),
        "error: Player turns refuses guards: this is the player turn of red, and it is a unit of \
         blue (`umpire turn` passes play to the next player; or rule otherwise with `--anyway \"WHY\"`)\n"
    );
    let unknown = p.refused(&["spend", "reorderr", "--unit", "hussars"]);
    assert!(
        unknown.starts_with(
            "error: nothing called `reorderr` to spend pips on; there is move, reorder, heal"
        ),
        "{unknown}"
    );
    assert!(unknown.contains("did you mean `reorder`?"), "{unknown}");
    let circumstance = p.refused(&["spend", "move", "farr"]);
    assert!(
        circumstance.starts_with(
            "error: `farr` is not a circumstance of `move`; its extra costs are far, guns"
        ),
        "{circumstance}"
    );
}

#[test]
fn markers_come_off_when_their_time_is_up() {
    let p = pools();
    p.ok(&["turn", "--dice", "6", "--dice", "1"]);
    let out = p.ok(&["roll", "fight", "--unit", "hussars", "--dice", "5"]);
    assert!(
        out.contains("  hussars: +braced (to the end of the next turn)\n"),
        "{out}"
    );
    assert_eq!(
        p.ok(&["mark", "hussars", "+spent"]),
        "hussars: +spent (to the end of this player turn)\n"
    );
    // The end of red's player turn takes `spent` off; `braced` lasts through turn 2.
    let out = p.ok(&["turn"]);
    assert!(
        out.ends_with("hussars: spent comes off (it lasts a player turn)\n"),
        "{out}"
    );
    p.ok(&["turn", "--dice", "6", "--dice", "1"]);
    p.ok(&["turn"]);
    let state = p.table.state();
    assert_eq!(
        state["figures"][0]["markers"],
        serde_json::json!(["braced"])
    );
    let out = p.ok(&["turn", "--dice", "6", "--dice", "1"]);
    assert!(
        out.contains("hussars: braced comes off (it lasts to the end of the next turn)\n"),
        "{out}"
    );
    assert!(p.table.state()["figures"][0].get("until").is_none());
}

#[test]
fn spending_is_refused_where_the_turn_rule_has_no_pool() {
    let t = Table::empty();
    t.ok(&["game", "new", "m", "--rules", "fiw"]);
    t.ok(&["turn"]);
    assert_eq!(
        t.refused(&["spend", "move"]),
        "French Indian War Rules's turn rule has no pool of points to spend"
    );
}

/// The first line of the error the pool test table gives once `edit` made a mistake in it.
fn table_error(from: &str, to: &str) -> String {
    let tables = tempdir();
    let file = tables.path().join("pools.yaml");
    write(&file, POOLS.replacen(from, to, 1));
    let out = Test::new()
        .tables(tables.path())
        .args(["rules", "--check"])
        .status(2)
        .run();
    placed_error(&out.stderr, &file).to_string()
}

#[test]
fn a_turn_rules_mistakes_are_refused_with_their_place() {
    for (from, to, says) in [
        (
            "  players: {first: pool,",
            "  phases: {percent: 50, of: larger, rounding: up}\n  players: {first: pool,",
            "a turn of player turns has no `phases:`, `draw:` or `react:` (those are a draw's): give one kind of turn",
        ),
        (
            "    dice: 1d6\n    spend:",
            "    dice: 1q6\n    spend:",
            "`1q6` is not a dice expression",
        ),
        (
            "takes-off: disordered",
            "takes-off: disorderd",
            "no marker `disorderd` in the game",
        ),
        (
            "counter: casualties, by: -1,",
            "counter: casualties,",
            "`counter:` needs `by:`, the change to it (-1 takes one off)",
        ),
        (
            "  pool:\n    point: pip",
            "  chain: {procedure: fihgt, ends-on: [lose]}\n  pool:\n    point: pip",
            "the chain's procedure `fihgt` is not in the table",
        ),
        (
            "  pool:\n    point: pip",
            "  chain: {procedure: fight, ends-on: [lost]}\n  pool:\n    point: pip",
            "`fight` has no result `lost`",
        ),
        (
            "{name: guns, label: guns alone, aliases: [artillery], cost: 1}",
            "{name: far, label: guns alone, cost: 1}",
            "circumstance of `move` `far` is used twice",
        ),
        (
            "    roll: 1d6\n    check:",
            "    roll: 1d6\n    marks: [{on: acting, change: [+bracde]}]\n    check:",
            "procedure `fight`: the roll makes the change `+bracde`: write +NAME or -NAME of a \
             marker, a state or a counter",
        ),
        (
            "takes-off: disordered",
            "takes-off: disordered, marks: bracd",
            "no marker `bracd` in the game",
        ),
        (
            "        cost: 1\n        extra:",
            "        cost: 1\n        puts-on: braced\n        marks: braced\n        extra:",
            "give `puts-on` (a unit named) or `marks` (a unit if named), not both",
        ),
        (
            "lasts: next-turn",
            "lasts: next-week",
            "unknown variant `next-week`, expected one of `player-turn`, `turn`, `next-turn`",
        ),
    ] {
        let first = table_error(from, to);
        assert!(first.contains(says), "{to}: {first}");
    }
    // `first: pool` needs a pool to roll.
    let tables = tempdir();
    let file = tables.path().join("pools.yaml");
    let text = POOLS.replacen("first: pool", "first: sides", 1);
    let cut = text.find("  pool:\n").unwrap_or(0);
    let end = text.find("game:\n").unwrap_or(0);
    let without = format!(
        "{}{}",
        &text[..cut].replacen("first: sides", "first: pool", 1),
        &text[end..]
    );
    write(&file, without);
    let out = Test::new()
        .tables(tables.path())
        .args(["rules", "--check"])
        .status(2)
        .run();
    assert!(
        placed_error(&out.stderr, &file)
            .ends_with("`first: pool` needs a `pool:` for the sides to roll"),
        "{}",
        out.stderr
    );
}
