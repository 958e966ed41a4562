//! A ruleset whose pieces are units (one stand is one unit): a unit is added without figures,
//! carries its own markers and counts, takes the hits a roll inflicts on it, is eliminated when
//! its count reaches the table's number, and its counts feed its own rolls.

use crate::support::OwnTable;

/// A small grid game: shooting inflicts hits (1d6, −1 a hit the shooter has taken), hits
/// add up on the target, seven eliminate; a shaken unit cannot shoot.
const GRID: &str = r#"
ruleset: grid-test
title: Grid test
unit: squares
factors:
  - name: type
    help: the unit's type
    values: [{name: line}, {name: irregular}]
  - {name: cover, kind: flag, help: the target is in cover}
  - {name: hits-taken, kind: number, min: 0, max: 20, help: hits the shooter has taken}
  - {name: commander, kind: flag, help: the commander is with the unit}
  - {name: resolve-lost, kind: flag, help: the side's resolve is gone}
procedures:
  - name: shoot
    title: Shooting
    help: hits a unit scores
    roll: 1d6
    modifiers:
      - group: shooting
        policy: all
        items:
          - {label: target in cover, when: {cover: true}, value: -1}
          - {factor: hits-taken, label: hits taken, each: -1}
    amount: {unit: hits, floor: 0}
    results: []
  - name: rally
    title: Rally
    help: a unit that took hits tests
    roll: 1d6
    modifiers:
      - group: side
        items:
          - {label: resolve lost, when: {resolve-lost: true}, value: -1}
    check: {compare: at-least, target: 3, pass: pass, fail: fail}
    results:
      - {name: pass, label: Rallied}
      - {name: fail, label: Shaken, marks: [{on: acting, change: [+shaken]}]}
game:
  pieces: units
  sides:
    - {name: red}
    - {name: blue}
  unit: {type: type, commander: commander}
  required: [type]
  roles:
    - {name: target, plays: acted-upon, help: the unit shot at}
  markers:
    - {name: shaken, label: shaken, colour: yellow, blocks: [shoot], note: cannot shoot}
  counters:
    - name: hits
      label: hits
      amounts: hits
      acting: hits-taken
      at: 7
      then: eliminated
      note: a unit with more than 6 hits is eliminated
  states:
    - {name: eliminated, label: eliminated, aliases: [gone]}
  conditions:
    - name: resolve-lost
      label: resolve lost
      any:
        - {percent: 50}
        - {unit: {commander: true}, label: the commander's unit}
      sets: resolve-lost
"#;

/// A game of the grid test with a red unit `grenadiers` and a blue unit `rangers`, played
/// with the grid table as the user's tables.
fn grid() -> OwnTable {
    let grid = OwnTable::new("grid.yaml", GRID);
    grid.ok(&["game", "new", "g", "--rules", "grid-test"]);
    grid.ok(&["unit", "add", "grenadiers", "type=line", "--side", "red"]);
    grid.ok(&["unit", "add", "rangers", "type=irregular", "--side", "blue"]);
    grid
}

/// The grenadiers shoot at the rangers, the die showing `face`.
fn shoot(face: &str) -> [&str; 8] {
    [
        "roll",
        "shoot",
        "--unit",
        "grenadiers",
        "--target",
        "rangers",
        "--dice",
        face,
    ]
}

#[test]
fn a_unit_is_one_piece_named_as_the_unit() {
    let grid = grid();
    assert_eq!(
        grid.ok(&["unit", "add", "militia", "type=line", "--side", "red"]),
        "Unit militia (red, type line)\n"
    );
    let figs = grid.ok(&["figs"]);
    assert!(figs.starts_with("In play (3):\n"), "{figs}");
    assert!(
        !figs.contains("fig "),
        "no column of figures' labels: {figs}"
    );
    assert_eq!(
        grid.refused(&[
            "unit",
            "add",
            "horse",
            "type=line",
            "--side",
            "red",
            "--figures",
            "3"
        ]),
        "error: in Grid test a unit is one piece: it has no figures to count (leave out `--figures`)\n"
    );
    let refused = grid.refused(&["fig", "add", "militia"]);
    assert!(
        refused.starts_with("error: in Grid test a unit is one piece: no figures are added to it"),
        "{refused}"
    );
}

#[test]
fn hits_a_roll_inflicts_add_up_on_the_target_and_seven_eliminate_it() {
    let grid = grid();
    let out = grid.ok(&shoot("5"));
    assert!(out.contains("outcome: 5 hits\n"), "{out}");
    assert!(out.contains("  rangers: hits 5 (+5)\n"), "{out}");
    let out = grid.ok(&shoot("2"));
    assert!(
        out.contains("  rangers: hits 7 (+2)\n  rangers: hits 7 or more: eliminated\n"),
        "{out}"
    );
    let state = grid.table.state();
    assert_eq!(state["figures"][1]["state"], "eliminated");
    assert_eq!(state["figures"][1]["counters"]["hits"], 7);
    // An eliminated unit takes no part in a roll, and the undo puts it back as it was.
    let refused = grid.refused(&shoot("2"));
    assert!(
        refused.starts_with("error: rangers is eliminated"),
        "{refused}"
    );
    grid.ok(&["undo"]);
    let state = grid.table.state();
    assert_eq!(state["figures"][1]["counters"]["hits"], 5);
    assert!(state["figures"][1].get("state").is_none(), "{state}");
}

#[test]
fn a_units_hits_feed_its_own_rolls() {
    let grid = grid();
    grid.ok(&["mark", "grenadiers", "hits+2"]);
    let out = grid.ok(&shoot("5"));
    assert!(out.contains("from counters: hits-taken=2"), "{out}");
    assert!(out.contains("outcome: 3 hits\n"), "{out}");
    let odds = grid
        .test(&[
            "odds",
            "shoot",
            "--unit",
            "grenadiers",
            "--target",
            "rangers",
            "--json",
        ])
        .run()
        .json();
    let zero = &odds["steps"][0]["outcomes"][0];
    assert_eq!(zero["label"], "0 hits", "{odds}");
    assert_eq!(zero["probability"]["fraction"], "1/3", "{odds}");
}

#[test]
fn counts_are_changed_by_hand_and_refused_with_hints() {
    let grid = grid();
    assert_eq!(
        grid.ok(&["mark", "rangers", "hits+3"]),
        "rangers: hits 0 → 3\n"
    );
    assert_eq!(
        grid.ok(&["mark", "rangers", "hits-1"]),
        "rangers: hits 3 → 2\n"
    );
    assert_eq!(
        grid.ok(&["mark", "rangers", "hits-5"]),
        "rangers: hits 2 → 0\n"
    );
    assert_eq!(
        grid.ok(&["mark", "rangers", "hits=7"]),
        "rangers: hits 0 → 7\nrangers: hits 7 or more: eliminated\n"
    );
    assert_eq!(
        grid.refused(&["mark", "rangers", "hits+1"]),
        "error: rangers is eliminated: its counts no longer change \
         (`umpire mark rangers -eliminated` if that was a mistake)\n"
    );
    assert_eq!(
        grid.refused(&["mark", "grenadiers", "hit+1"]),
        "error: no counter `hit`; there are: hits (did you mean `hits`?)\n"
    );
    assert!(
        grid.refused(&["mark", "grenadiers", "hits+x"])
            .contains("needs a whole number")
    );
}

#[test]
fn a_side_loses_its_resolve_when_half_its_units_or_its_commanders_unit_are_gone() {
    let grid = grid();
    grid.ok(&[
        "unit",
        "add",
        "militia",
        "type=line",
        "commander",
        "--side",
        "red",
    ]);
    grid.ok(&[
        "unit",
        "add",
        "light-bobs",
        "type=irregular",
        "--side",
        "red",
    ]);
    assert_eq!(
        grid.ok(&["status"]),
        "Game g (Grid test)\nred: resolve lost: not yet\nblue: resolve lost: not yet\n"
    );
    grid.ok(&["mark", "militia", "+eliminated"]);
    assert_eq!(
        grid.ok(&["status"]),
        "Game g (Grid test)\n\
         red: resolve lost: the commander's unit lost (militia)\n\
         blue: resolve lost: not yet\n"
    );
    grid.ok(&["mark", "light-bobs", "hits=7"]);
    let status = grid.ok(&["status"]);
    assert!(
        status.contains(
            "red: resolve lost: 2 of 3 units lost (50% or more); the commander's unit lost (militia)\n"
        ),
        "{status}"
    );
    let json = grid.test(&["status", "--json"]).run().json();
    assert_eq!(json["conditions"][0]["side"], "red");
    assert_eq!(json["conditions"][0]["holds"], true);
    assert_eq!(json["conditions"][0]["losses"][0]["lost"], 2);
    assert_eq!(json["conditions"][1]["holds"], false);
    // The side's figures roll with it; the other side's without.
    let out = grid.ok(&["roll", "rally", "--unit", "grenadiers", "--dice", "3"]);
    assert!(out.contains("from its side: resolve-lost=yes"), "{out}");
    assert!(out.contains("outcome: Shaken"), "{out}");
    let out = grid.ok(&["roll", "rally", "--unit", "rangers", "--dice", "3"]);
    assert!(out.contains("from its side: resolve-lost=no"), "{out}");
    assert!(out.contains("outcome: Rallied"), "{out}");
}

#[test]
fn the_sheet_says_what_a_count_and_a_sides_losses_do() {
    let grid = grid();
    let sheet = grid.ok(&["cards", "--rules", "grid-test", "--html"]);
    assert!(
        sheet.contains("hits: at 7, eliminated (a unit with more than 6 hits is eliminated)"),
        "{sheet}"
    );
    assert!(
        sheet.contains(
            "resolve lost: when 50% of its units are lost or the commander&#39;s unit is lost"
        ),
        "{sheet}"
    );
}
