//! The turn rule as the tables give it (`turn:`): said in `rules RULESET`, on the printed sheet,
//! and in `status` only where the rule has it.

use crate::support::{Table, Test, house_tables};

#[test]
fn the_rules_say_every_part_of_the_turn_rule() {
    let text = Test::new()
        .args(["rules", "la-petite-guerre"])
        .stderr("")
        .run()
        .stdout;
    let turn = text.split("\nturn:\n").nth(1).unwrap_or_default();
    for line in [
        "  phases: 75% of the units on the larger side, rounded to the nearest, halves up, at least 1\n",
        "  beads: each side puts in the bag as many as the smaller side has units; each bead drawn is a phase for its side\n",
        "  activations: a unit acts at most twice in a turn\n",
        "  react: a side may hold one bead it drew, instead of acting on it, and spend it later in the turn to act in the other side's phase\n",
    ] {
        assert!(turn.contains(line), "missing {line:?} in:\n{turn}");
    }
    let sheet = Test::new()
        .args(["cards", "--html"])
        .stderr("")
        .run()
        .stdout;
    assert!(
        sheet.contains("<p><b>Activations:</b> a unit acts at most twice in a turn.</p>"),
        "the sheet's turn sequence lacks the activations"
    );
    assert!(sheet.contains("<p><b>React:</b> a side may hold one bead it drew"));
}

#[test]
fn a_turn_rule_without_react_beads_says_nothing_of_them() {
    let tables = house_tables(|t| {
        t.replace("  activations: 2\n  react: {hold: 1}\n", "")
            .replace("A unit may be activated at most twice in a turn. ", "")
    });
    let t = Table::house_game(tables.path());
    let run = |args: &[&str]| {
        t.test_with(tables.path())
            .args(args)
            .stderr("")
            .run()
            .stdout
    };
    run(&["turn", "--seed", "1"]);
    // A unit of the other side is refused without the react beads this rule lacks.
    let out = t
        .test_with(tables.path())
        .args(["draw", "--bead", "white"])
        .stderr("")
        .run();
    assert!(out.stdout.contains("white bead"), "{}", out.stdout);
    t.test_with(tables.path())
        .args(["activate", "rangers"])
        .status(2)
        .stderr(
            "error: phase 1 is for French and allies (a white bead); rangers is a unit of British \
             and colonials (a unit acts in a phase of its own side)\n",
        )
        .run();
    let status = run(&["status"]);
    assert!(!status.contains("react"), "{status}");
    assert!(status.contains("in the bag: "), "{status}");
    let rules = run(&["rules", "la-petite-guerre"]);
    assert!(
        !rules.contains("  react:") && !rules.contains("  activations:"),
        "{rules}"
    );
    // Without a limit, a unit acts as often as its side draws beads.
    let acts = run(&["activate", "cf"]);
    assert!(!acts.contains(" of "), "{acts}");
}
