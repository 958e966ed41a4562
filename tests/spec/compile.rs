//! The compile step: a table is checked and compiled into one model before anything runs, so
//! an alias written anywhere names what its name names, and a value no roll could use is
//! refused at load with its place in the file instead of failing (or panicking) later.

use crate::support::{Table, Test, house_tables, placed_error};

/// The table's one-line error for `args`, from a house table made by `edit`: its file and place
/// first, `says` last.
fn refused(edit: (&str, &str), args: &[&str], says: &str) {
    let tables = house_tables(|t| t.replacen(edit.0, edit.1, 1));
    let out = Table::empty()
        .test_with(tables.path())
        .args(args)
        .status(2)
        .run();
    let file = tables.path().join("la-petite-guerre.yaml");
    let first = placed_error(&out.stderr, &file);
    assert!(first.ends_with(says), "{first}");
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
}

#[test]
fn an_inverted_clamp_is_refused_at_load_for_every_command_that_reads_it() {
    for args in [
        &["roll", "results-of-being-hit", "--dice", "3,4"][..],
        &["odds", "results-of-being-hit"],
        &["card", "results-of-being-hit"],
        &["rules", "--check"],
    ] {
        refused(
            ("clamp: [1, 13]", "clamp: [13, 1]"),
            args,
            "clamps its table to [13, 1]: the first end must not be above the second",
        );
    }
}

#[test]
fn a_marker_that_would_set_several_values_is_refused() {
    refused(
        ("acting: {wound: light}", "acting: {wound: [light, severe]}"),
        &["odds", "shoot"],
        "`light-wound` sets `wound` to several values: a marker, or what a unit implies, sets \
         one value (`wound: VALUE`)",
    );
}

#[test]
fn a_factor_named_by_its_alias_runs_as_its_name_does() {
    // `type` is troop's alias.
    let tables = house_tables(|t| {
        t.replacen(
            "{when: {troop: indians}, dice: 3d6",
            "{when: {type: indians}, dice: 3d6",
            1,
        )
    });
    for args in [&["odds", "move", "troop=indians"][..], &["card", "move"]] {
        let builtin = Test::new().args(args).run();
        let house = Test::new()
            .env("UMPIRE_TABLES", tables.path())
            .args(args)
            .run();
        assert_eq!(house.stdout, builtin.stdout, "{args:?}");
    }
    assert!(
        Test::new()
            .env("UMPIRE_TABLES", tables.path())
            .args(["odds", "move", "troop=indians"])
            .run()
            .stdout
            .contains("dice 3d6")
    );
}

#[test]
fn a_marker_that_rolls_what_is_not_a_roll_of_one_figure_when_a_phase_ends_is_refused() {
    // (The marker is called `panicked`: the helper's look for a panic would find its name.)
    for (to, says) in [
        (
            "phase-end: flihgt",
            "marker `panicked` rolls `flihgt` when a phase ends, which is not a procedure",
        ),
        (
            "phase-end: melee",
            "marker `panicked` rolls `melee` when a phase ends: an opposed roll needs two figures",
        ),
        (
            "turn-start: flihgt",
            "marker `panicked` rolls `flihgt` when a turn starts, which is not a procedure",
        ),
        (
            "turn-start: melee",
            "marker `panicked` rolls `melee` when a turn starts: an opposed roll needs two figures",
        ),
    ] {
        let tables = house_tables(|t| t.replacen("phase-end: flight", to, 1));
        let out = Table::empty()
            .test_with(tables.path())
            .args(["odds", "shoot"])
            .status(2)
            .run();
        let file = tables.path().join("la-petite-guerre.yaml");
        assert!(
            out.stderr
                .starts_with(&format!("error: {}:", file.display()))
                && out.stderr.ends_with(&format!("{says}\n"))
                && out.stderr.lines().count() == 1,
            "{}",
            out.stderr
        );
    }
}

#[test]
fn the_results_a_lone_figure_takes_worst_first_or_together_are_results_of_its_procedure() {
    for args in [&["rules", "--check"][..], &["odds", "melee"]] {
        refused(
            (
                "worst-first: [killed, captured,",
                "worst-first: [killed, taken,",
            ),
            args,
            "procedure `melee`: many-on-one: worst-first names result `taken`, which is not \
             among its results (tie, flee, light-wound, severe-wound, captured, killed)",
        );
    }
    refused(
        ("count: 2, result: killed,", "count: 2, result: dead,"),
        &["rules", "--check"],
        "procedure `melee`: many-on-one: together names result `dead`, which is not among its \
         results (tie, flee, light-wound, severe-wound, captured, killed)",
    );
    refused(
        (
            "worst-first: [killed, captured,",
            "worst-first: [killed, killed,",
        ),
        &["rules", "--check"],
        "procedure `melee`: many-on-one: worst-first lists `killed` twice",
    );
}

#[test]
fn a_charge_or_a_combining_that_names_what_the_table_lacks_is_refused_with_its_place() {
    for (edit, says) in [
        (
            ("fight: melee", "fight: brawl"),
            "`brawl` is not a procedure of this ruleset",
        ),
        (
            ("side: attacker\n    flag", "side: charger\n    flag"),
            "`charger` is not a side of `melee`",
        ),
        (
            ("out: [fail]", "out: [failed]"),
            "`failed` is not a result of `morale` (did you mean `fail`?)",
        ),
        (
            ("fired: defensive-fire", "fired: range"),
            "`range` is not a yes/no factor",
        ),
        (
            ("same: [troop]", "same: [troops]"),
            "`troops` is not a unit field (did you mean `troop`?)",
        ),
        (
            (
                "each: {field: officer, figures: 12}",
                "each: {field: officer, figures: 0}",
            ),
            "`figures: 0`: give 1 or more",
        ),
        (
            ("flag: combined", "flag: combine"),
            "`combine` is not a factor of this ruleset (did you mean `combined`?)",
        ),
    ] {
        refused(edit, &["rules", "--check"], says);
    }
}

#[test]
fn a_counter_that_names_what_the_table_lacks_is_refused_with_its_place() {
    for (edit, says) in [
        (
            ("then: panicked", "then: panic-stricken"),
            "counter `failed-morale` adds `panic-stricken`, which is neither a marker nor a state",
        ),
        (
            ("at: 2\n      then: panicked", "at: 0\n      then: panicked"),
            "counter `failed-morale` needs `at` of 1 or more",
        ),
        (
            ("then: panicked", "then: panicked\n      acting: cover"),
            "counter `failed-morale` sets `cover`, which is no number factor",
        ),
        (
            ("then: panicked", "then: panicked\n      acting: outnumber"),
            "counter `failed-morale` sets `outnumber`, which is no factor (did you mean `outnumbered`?)",
        ),
        (
            ("then: panicked", "then: panicked\n      amounts: hits"),
            "counter `failed-morale` adds up amounts of `hits`, which no procedure gives",
        ),
    ] {
        refused(edit, &["rules", "--check"], says);
    }
}

#[test]
fn a_side_condition_that_names_what_the_table_lacks_is_refused_with_its_place() {
    let conditions = |text: &str| {
        (
            "  states:\n",
            format!("  conditions:\n    - {{name: broken, label: broken, {text}}}\n  states:\n"),
        )
    };
    for (text, says) in [
        ("any: []", "condition `broken` lists no loss in `any`"),
        (
            "any: [{percent: 0}]",
            "`percent: 0` of a side's units: give 1 to 100",
        ),
        (
            "any: [{unit: {officer: true}}]",
            "condition `broken`: a lost unit needs a `label` saying which",
        ),
        (
            "any: [{unit: {cover: half}, label: the covered unit}]",
            "`cover` is not a unit field's factor",
        ),
        (
            "any: [{percent: 50, unit: {officer: true}, label: x}]",
            "each loss is `{percent: N}`, `{points: N}` or `{unit: ..., label: ...}`",
        ),
        (
            "any: [{percent: 50}], sets: range",
            "condition `broken` sets `range`, which is no yes/no factor",
        ),
    ] {
        let (from, to) = conditions(text);
        refused((from, &to), &["rules", "--check"], says);
    }
}

#[test]
fn counted_actions_their_costs_and_what_markers_block_are_checked_at_load() {
    let limits = "action-limits: {per-phase: 1, per-turn: 2, counter: actions, phase-counter: phase-actions}";
    let load = "{name: load, label: Load rifle or artillery, clears: [must-load],";
    for (edit, says) in [
        (
            (
                limits,
                "action-limits: {per-phase: 1, per-turn: 2, counter: hitz}",
            ),
            "actions are counted on `hitz`, which is not a counter",
        ),
        (
            (
                limits,
                "action-limits: {per-turn: 2, counter: failed-morale, fewer: [{marker: pinnd, per-turn: 1}]}",
            ),
            "`pinnd` is not a marker (did you mean `pinned`?)",
        ),
        (
            (
                limits,
                "action-limits: {per-turn: 2, counter: failed-morale, fewer: [{marker: pinned, per-turn: 2}]}",
            ),
            "`pinned` leaves 2 actions a turn, not fewer than the 2 allowed",
        ),
        (
            (
                limits,
                "action-limits: {per-turn: 2, fewer: [{marker: pinned, per-turn: 1}]}",
            ),
            "`fewer:` needs a `counter` to count the actions a turn on",
        ),
        (
            (
                limits,
                "action-limits: {per-phase: 1, per-turn: 2, counter: actions, phase-counter: actions}",
            ),
            "counter `actions` counts actions since the unit's activation: give it `per-activation: true`",
        ),
        (
            (
                "procedure: morale, when: {reason: [receive-charge, unpin, rally]}",
                "procedure: morale, when: {reasn: [receive-charge, unpin, rally]}",
            ),
            "condition names factor `reasn`, which this ruleset does not define (did you mean `reason`?)",
        ),
        (
            ("stops: [flee, fail]", "stops: [fle, fail]"),
            "`fle` is not a result of any procedure (did you mean `flee`?)",
        ),
        (
            ("    at-least: 4", "    at-least: 0"),
            "`at-least: 0` asks for nothing: give 1 or more",
        ),
        (
            (
                load,
                "{name: load, label: Load rifle or artillery, clears: [must-load], cost: {by: weapn, values: {rifle: 1}, otherwise: 2},",
            ),
            "action `load` costs by `weapn`, which is not a unit field (did you mean `weapon`?)",
        ),
        (
            (
                load,
                "{name: load, label: Load rifle or artillery, clears: [must-load], cost: {by: weapon, values: {rifel: 1}, otherwise: 2},",
            ),
            "`rifel` is not a value of the unit field `weapon` (did you mean `rifle`?)",
        ),
        (
            ("blocks: [shoot]", "blocks: [shoto]"),
            "blocks `shoto`, which is neither a procedure nor an action (did you mean `shoot`?)",
        ),
        (
            (
                "      lone: defender\n",
                "      lone: defender\n      beyond-first: {outnumberd: 1}\n",
            ),
            "many-on-one sets `outnumberd`, which this ruleset does not define",
        ),
        (
            ("    action: charge", "    action: charg"),
            "`charg` is not an action of `game: actions:` (did you mean `charge`?)",
        ),
        (
            ("rolls: [shoot]", "rolls: [shooot]"),
            "counter `shots` counts the rolls of `shooot`, which is not a procedure of this ruleset (did you mean `shoot`?)",
        ),
        (
            (
                "while-none: {initial-shot: true}",
                "while-none: {initial-shots: true}",
            ),
            "condition names factor `initial-shots`, which this ruleset does not define (did you mean `initial-shot`?)",
        ),
        (
            ("rolls: [shoot]", "most: 1"),
            "counter `shots` has `most` but counts no rolls: give it `rolls: [PROCEDURE]`",
        ),
        (
            ("rolls: [shoot]", "rolls: [shoot]\n      most: 0"),
            "counter `shots` needs `most` of 1 or more",
        ),
    ] {
        refused(edit, &["rules", "--check"], says);
    }
}
