//! A house table changes the game: the turn rule (how often a unit acts, whether beads are
//! held, limits refused) and the unit fields the roster shows and the ruleset names.

use tempfile::TempDir;

use crate::support::{Table, house_tables};

/// A game of La Petite Guerre whose turn rule is changed by a house table: `turn` replaced.
fn house_turn(turn: &str) -> (Table, TempDir) {
    let tables = house_tables(|builtin| {
        let at = builtin
            .find("\nturn:\n")
            .unwrap_or_else(|| panic!("the built-in table has a turn rule"));
        let end = builtin
            .find("\ngame:\n")
            .unwrap_or_else(|| panic!("the built-in table has a game section"));
        format!("{}\n{turn}{}", &builtin[..at], &builtin[end..])
    });
    let t = Table::empty();
    t.test_with(tables.path())
        .args(["game", "new", "g"])
        .output();
    (t, tables)
}

#[test]
fn the_turn_rule_sets_how_often_a_unit_acts_and_whether_beads_are_held() {
    let (t, tables) = house_turn(
        "turn:\n  phases: {percent: 75, of: larger, rounding: half-up, min: 1}\n  \
         draw: {token: bead, per-side: smaller}\n  activations: 1\n",
    );
    let run = |args: &[&str]| {
        t.test()
            .env("UMPIRE_TABLES", tables.path())
            .args(args)
            .output()
    };
    for (name, side, code) in [("rangers", "british", "RR"), ("coureurs", "french", "CF")] {
        let troop = format!("troop={name}");
        let out = run(&[
            "unit",
            "add",
            name,
            &troop,
            "--side",
            side,
            "--figures",
            "2",
            "--code",
            code,
        ]);
        assert_eq!(out.code, 0, "{}", out.stderr);
    }
    run(&["turn", "--phases", "3", "--beads", "2"]);
    run(&["draw", "--bead", "red"]);
    assert_eq!(
        run(&["activate", "rangers"]).stdout,
        "rangers acts in phase 1 (activation 1 of 1 this turn)\n"
    );
    assert_eq!(
        run(&["hold"]).stderr,
        "error: La Petite Guerre's turn rule has no react beads \
         (a `react: {hold: 1}` entry in its `turn:` section allows them)\n"
    );
    run(&["draw", "--bead", "white"]);
    run(&["draw", "--bead", "red"]);
    assert_eq!(
        run(&["activate", "rangers"]).stderr,
        "error: Bead draw refuses rangers: already acted once this turn, in phase 1 \
         (a unit acts at most once in a turn; or rule otherwise with `--anyway \"WHY\"`)\n"
    );
}

#[test]
fn a_turn_rule_without_a_limit_lets_a_unit_act_in_every_phase_and_bad_limits_are_refused() {
    let rule = "turn:\n  phases: {percent: 75, of: larger, rounding: half-up, min: 1}\n  \
                draw: {token: bead, per-side: smaller}\n";
    let (t, tables) = house_turn(rule);
    let run = |args: &[&str]| {
        t.test()
            .env("UMPIRE_TABLES", tables.path())
            .args(args)
            .output()
    };
    run(&[
        "unit",
        "add",
        "rangers",
        "--side",
        "british",
        "troop=rangers",
        "--figures",
        "2",
    ]);
    run(&["turn", "--phases", "3", "--beads", "3"]);
    for phase in 1..=3 {
        run(&["draw", "--bead", "red"]);
        assert_eq!(
            run(&["activate", "rangers"]).stdout,
            format!("rangers acts in phase {phase} (activation {phase} this turn)\n")
        );
    }
    for (extra, says) in [
        (
            "  activations: 0\n",
            "activations must be at least 1 (leave it out for no limit)",
        ),
        (
            "  react: {hold: 2}\n",
            "react hold is 2, but a side holds one react bead at a time: give 1",
        ),
    ] {
        let (t, tables) = house_turn(&format!("{rule}{extra}"));
        let out = t
            .test()
            .env("UMPIRE_TABLES", tables.path())
            .args(["game", "new", "h"])
            .status(2)
            .run();
        assert!(out.stderr.contains(says), "{}", out.stderr);
        assert!(
            out.stderr.contains("la-petite-guerre.yaml:"),
            "{}",
            out.stderr
        );
    }
}

#[test]
fn the_roster_shows_the_unit_fields_the_ruleset_requires() {
    let tables = crate::support::tempdir();
    let text = crate::support::BUILTIN.replace("required: [troop]", "required: [troop, weapon]");
    crate::support::write(&tables.path().join("la-petite-guerre.yaml"), text);
    let t = Table::empty();
    let run = |args: &[&str]| {
        t.test()
            .env("UMPIRE_TABLES", tables.path())
            .args(args)
            .stderr("")
            .run()
            .stdout
    };
    run(&["game", "new", "g"]);
    assert_eq!(
        run(&["figs"]),
        "No figures yet: `umpire unit add NAME troop=VALUE weapon=VALUE --side SIDE \
         --figures N`.\n"
    );
    run(&[
        "unit",
        "add",
        "rogers",
        "--side",
        "british",
        "troop=rangers",
        "weapon=rifle",
        "--figures",
        "1",
        "--code",
        "RR",
    ]);
    let figs = run(&["figs"]);
    let mut lines = figs.lines();
    assert_eq!(lines.next(), Some("In play (1):"));
    let header: Vec<&str> = lines
        .next()
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    assert_eq!(
        header,
        ["fig", "unit", "side", "troop", "weapon", "markers", "note"]
    );
    assert!(lines.next().is_some_and(|l| l.starts_with('─')), "{figs}");
    let row: Vec<&str> = lines
        .next()
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    assert_eq!(row, ["RR1", "rogers", "british", "rangers", "rifle"]);
}

#[test]
fn a_units_fields_are_the_ones_its_ruleset_names() {
    // A house rule that calls the troop type a grade: `grade=...` is the word, nothing else.
    let tables = crate::support::tempdir();
    let text = crate::support::BUILTIN
        .replace(
            "unit: {troop: troop, weapon: weapon, formation: formation, officer: officer}",
            "unit: {grade: troop, weapon: weapon, formation: formation, officer: officer}",
        )
        .replace("required: [troop]", "required: [grade]")
        .replace("acted-upon: {troop: target}", "acted-upon: {grade: target}")
        .replace("same: [troop]", "same: [grade]");
    crate::support::write(&tables.path().join("la-petite-guerre.yaml"), text);
    let t = Table::empty();
    let run = |args: &[&str]| {
        t.test()
            .env("UMPIRE_TABLES", tables.path())
            .args(args)
            .output()
    };
    assert_eq!(run(&["game", "new", "g"]).code, 0);
    assert_eq!(
        run(&["figs"]).stdout,
        "No figures yet: `umpire unit add NAME grade=VALUE --side SIDE --figures N`.\n"
    );
    let out = run(&[
        "unit",
        "add",
        "rogers",
        "grade=rangers",
        "--side",
        "british",
        "--figures",
        "2",
    ]);
    assert_eq!(
        out.stdout, "Unit rogers (british, grade rangers): 2 figures, RO1-RO2\n",
        "{}",
        out.stderr
    );
    for (args, says) in [
        (
            &[
                "unit",
                "add",
                "gage",
                "lights",
                "--side",
                "british",
                "--figures",
                "1",
            ][..],
            "error: `lights` is not FIELD=VALUE (a unit's fields follow its name as FIELD=VALUE \
             words (a yes/no field alone); `umpire rules RULESET` lists them)\n",
        ),
        (
            &[
                "unit",
                "add",
                "gage",
                "troop=lights",
                "--side",
                "british",
                "--figures",
                "1",
            ],
            "error: La Petite Guerre units have no `troop`; they have: formation, grade, officer, weapon\n",
        ),
        (
            &["unit", "add", "gage", "--side", "british", "--figures", "1"],
            "error: a unit needs its grade (add `grade=VALUE` after its name)\n",
        ),
    ] {
        let out = run(args);
        assert_eq!((out.code, out.stderr.as_str()), (2, says));
    }
}
