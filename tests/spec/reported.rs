//! Bugs reported against the core, each pinned by what it got wrong: a follow-up's alias that
//! never matched, a roll once too big to count, help that lost the procedure, garbled words.

use std::path::Path;

use crate::support::{Test, subdir, tempdir, write};

/// A ruleset with a roll of 5d100 whose hit is followed by a test given by an alias.
const BIG: &str = "\
ruleset: big
title: Big dice
factors:
  - name: reason
    help: why the test is taken
    values: [{name: wound, aliases: [hurt]}, other]
  - {name: rested, kind: flag, help: the figure has rested}
procedures:
  - name: barrage
    title: Barrage
    help: a roll of many dice
    roll: 5d100
    check: {compare: at-least, target: 250, pass: hit, fail: miss}
    results:
      - {name: hit, label: Hit, next: [{procedure: test, set: {reason: hurt}}]}
      - {name: miss, label: Miss}
  - name: test
    title: Test
    help: a test after a hit
    roll: 1d6
    modifiers:
      - group: situation
        items:
          - {label: wounded, when: {reason: wound}, value: -3}
          - {label: rested, when: {rested: true}, value: 1}
    check: {compare: at-least, target: 4, pass: pass, fail: fail}
    results: [{name: pass, label: Pass}, {name: fail, label: Fail}]
";

fn big(dir: &Path, text: &str) -> Test {
    write(&dir.join("big.yaml"), text);
    Test::new().tables(dir).args(["--rules", "big"])
}

#[test]
fn an_alias_set_by_a_follow_up_matches_the_next_steps_conditions() {
    let d = tempdir();
    let out = big(d.path(), BIG)
        .args(["roll", "barrage", "--dice", "60,60,60,60,60", "--dice", "6"])
        .run();
    assert!(
        out.stdout.contains("    given reason=wound\n"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("  -3  wounded  [situation]\n"),
        "{}",
        out.stdout
    );
    // A 6 passes unless the -3 applies.
    assert!(
        out.stdout.contains("outcome: Hit › Fail\n"),
        "{}",
        out.stdout
    );
}

#[test]
fn a_follow_up_setting_a_value_of_the_wrong_kind_is_refused_at_load_with_its_line() {
    let d = tempdir();
    let file = d.path().join("big.yaml");
    for (set, says) in [
        (
            "{reason: bored}",
            "`reason=bored`, which is not a value of `reason`",
        ),
        ("{rested: maybe}", "`rested=maybe`, which is not yes or no"),
    ] {
        let bad = BIG.replace("set: {reason: hurt}", &format!("set: {set}"));
        let out = big(d.path(), &bad).args(["roll", "test"]).status(2).run();
        assert_eq!(
            out.stderr,
            format!(
                "error: {}:15:72: procedure `barrage`: follow-up sets {says}\n",
                file.display()
            )
        );
    }
    // A flag set as `true` is handed on as the same yes as one typed.
    let good = BIG.replace("set: {reason: hurt}", "set: {reason: hurt, rested: true}");
    let out = big(d.path(), &good)
        .args(["roll", "barrage", "--dice", "60,60,60,60,60", "--dice", "6"])
        .run();
    assert!(
        out.stdout.contains("    given reason=wound, rested=yes\n"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("  +1  rested   [situation]\n"),
        "{}",
        out.stdout
    );
}

/// The sums of `n` dice of `sides` faces, each with how many ordered throws give it: the
/// tests' own count, apart from the tool's.
fn sums(n: usize, sides: u64) -> Vec<u64> {
    let mut d = vec![1u64];
    for _ in 0..n {
        let mut e = vec![0u64; d.len() + sides as usize];
        for (total, ways) in d.iter().enumerate() {
            for face in 1..=sides as usize {
                e[total + face] += ways;
            }
        }
        d = e;
    }
    d
}

fn reduced(num: u128, den: u128) -> String {
    let (mut a, mut b) = (num, den);
    while b != 0 {
        (a, b) = (b, a % b);
    }
    format!("{}/{}", num / a, den / a)
}

/// 5d100 (91 million throws up to order) once had no odds; they are exact now, and a roll
/// says its chance: the hits are the sums of 250 or more out of 100^5.
#[test]
fn a_roll_of_many_dice_has_exact_odds_and_its_chance() {
    let d = tempdir();
    let hits: u64 = sums(5, 100).iter().skip(250).sum();
    let hit = reduced(u128::from(hits), 100u128.pow(5));
    assert_eq!(hit, "5179640631/10000000000");
    let out = big(d.path(), BIG)
        .args(["roll", "barrage", "--seed", "3"])
        .run();
    assert!(
        out.stdout.contains(&format!(
            "  => total 306 against 250 or more: Hit   chance {hit} (51.8%)\n"
        )),
        "{}",
        out.stdout
    );
    // The step that follows: 1d6 - 3 never reaches 4.
    assert!(
        out.stdout
            .contains("    => total -2 against 4 or more: Fail   chance 1 (100.0%)\n"),
        "{}",
        out.stdout
    );
    let json = big(d.path(), BIG)
        .args(["odds", "barrage", "--json"])
        .run()
        .json();
    assert_eq!(json["steps"][0]["outcomes"][0]["result"], "hit", "{json}");
    assert_eq!(
        json["outcomes"][0]["probability"]["fraction"],
        hit.as_str(),
        "{json}"
    );
}

#[test]
fn help_after_options_that_name_figures_still_shows_the_procedures_factors() {
    for args in [
        &["roll", "--firer", "CF1", "shoot", "--help"][..],
        &["roll", "shoot", "--target", "CF2", "-h"],
        &["odds", "--firer", "CF1", "shoot", "--help"],
    ] {
        let out = Test::new().args(args).run();
        assert!(out.stdout.contains("Usage: umpire "), "{}", out.stdout);
        assert!(
            out.stdout
                .contains("factors (FACTOR words after the procedure):\n"),
            "umpire {}: {}",
            args.join(" "),
            out.stdout
        );
        assert!(out.stdout.contains("  cover=VALUE"), "{}", out.stdout);
    }
}

#[test]
fn roll_without_a_procedure_names_the_procedures_of_the_ruleset() {
    let out = Test::new().args(["roll"]).status(2).run();
    assert_eq!(
        out.stderr,
        "error: a procedure is needed (one of: shoot, hit-result, melee, flee-distance, morale, \
         retreat, flight, charge-reaction, move, spot, hidden-move)\n"
    );
}

#[test]
fn a_comparison_reads_as_english() {
    let out = Test::new()
        .args(["roll", "hidden-move", "moved=14", "--dice", "3,4,5"])
        .run();
    assert!(
        out.stdout
            .contains("  => total 12 against less than 14 (moved): Revealed   chance 181/216"),
        "{}",
        out.stdout
    );
    let out = Test::new()
        .args(["roll", "spot", "distance=10", "--dice", "3,4,5"])
        .run();
    assert!(
        out.stdout
            .contains("  => total 12 against more than 10 (distance): Spotted"),
        "{}",
        out.stdout
    );
}

#[test]
fn one_of_a_unit_is_singular() {
    let out = Test::new()
        .args(["roll", "flee-distance", "--dice", "1"])
        .run();
    assert!(
        out.stdout
            .contains("  => total 1: 1 inch   chance 1/6 (16.7%)\noutcome: 1 inch\n"),
        "{}",
        out.stdout
    );
    let out = Test::new()
        .args(["roll", "flee-distance", "--dice", "2"])
        .run();
    assert!(out.stdout.contains("outcome: 2 inches\n"), "{}", out.stdout);
}

#[test]
fn a_check_both_sides_must_take_is_said_once_for_both() {
    let out = Test::new().args(["rules", "melee"]).run();
    assert!(
        out.stdout.contains(
            "  Tie: both take a morale test; if both stay, fight again at once; must follow: \
             morale for the attacker and the defender, with reason=melee-tie\n"
        ),
        "{}",
        out.stdout
    );
    assert_eq!(out.stdout.matches("must follow: morale for").count(), 4);
}

#[test]
fn faces_that_are_not_numbers_are_named_where_they_were_typed() {
    let out = Test::new()
        .args(["roll", "shoot", "--dice", "a,b"])
        .status(2)
        .run();
    assert_eq!(
        out.stderr,
        "error: --dice a,b: `a` is not a whole number \
         (give the faces thrown, separated by commas, e.g. --dice 4,2)\n"
    );
}

/// Two sides throwing 5d20 each: 42,504 distinct throws a side, 1.8 billion together.
const CLASH: &str = "\
ruleset: clash
title: Clash
procedures:
  - name: clash
    title: Clash
    help: two sides throw many dice
    sides: [{name: red}, {name: blue}]
    roll: 5d20
    compare: {by: margin, tie: tie, bands: [{min: 1, result: beaten}]}
    results: [{name: tie, label: Tie}, {name: beaten, label: Beaten}]
";

/// 5d20 against 5d20 (1.8 billion throws up to order) once had no odds; a tie is the sum of
/// the squares of each total's ways, and each side loses as often as the other.
#[test]
fn an_opposed_roll_of_many_dice_has_exact_odds() {
    let d = tempdir();
    write(&d.path().join("clash.yaml"), CLASH);
    let ways = sums(5, 20);
    let all = 20u128.pow(10);
    let tie: u128 = ways.iter().map(|w| u128::from(*w) * u128::from(*w)).sum();
    let lose = (all - tie) / 2;
    let out = Test::new()
        .tables(d.path())
        .args(["--rules", "clash", "odds", "clash"])
        .run();
    for line in [
        format!("    Tie             {}    2.15%", reduced(tie, all)),
        format!("    red: Beaten   {}   48.92%", reduced(lose, all)),
        format!("    blue: Beaten  {}   48.92%", reduced(lose, all)),
    ] {
        assert!(out.stdout.contains(&line), "{line}\n{}", out.stdout);
    }
}

#[test]
fn help_is_given_even_when_the_tables_or_the_config_are_broken() {
    let d = tempdir();
    let config = subdir(d.path(), "config");
    write(&config.join("config.yaml"), "rules: [\n");
    for (args, env) in [
        (
            &["--tables", "/nonexistent", "roll", "shoot", "--help"][..],
            None,
        ),
        (&["roll", "shoot", "--help"][..], Some(&config)),
        (&["odds", "--help"][..], Some(&config)),
    ] {
        let mut t = Test::new().args(args);
        if let Some(dir) = env {
            t = t.env("UMPIRE_CONFIG_DIR", dir);
        }
        let out = t.stderr("").run();
        assert!(out.stdout.contains("Usage: umpire "), "{}", out.stdout);
    }
    // `umpire help roll` says where the procedures are.
    Test::new()
        .args(["help", "roll"])
        .stdout_contains(
            "`umpire rules` lists the procedures; `umpire roll PROCEDURE --help` shows what one \
             takes.",
        )
        .run();
}

/// 30d100: the odds would take too long to weigh, so `odds` says so and a roll leaves its
/// chance out, both at once.
#[test]
fn dice_too_many_to_weigh_quickly_roll_without_a_chance() {
    let d = tempdir();
    write(
        &d.path().join("huge.yaml"),
        "ruleset: huge\ntitle: Huge\nprocedures:\n  - {name: storm, title: Storm, help: many \
         dice, roll: 30d100, check: {compare: at-least, target: 1500, pass: hit, fail: miss}, \
         results: [{name: hit, label: Hit}, {name: miss, label: Miss}]}\n",
    );
    let huge = || Test::new().tables(d.path()).args(["--rules", "huge"]);
    huge()
        .args(["odds", "storm"])
        .status(2)
        .stderr(
            "error: storm has too many outcomes to count exactly (the odds are worked out only \
             while that stays quick; a roll still works)\n",
        )
        .run();
    let out = huge().args(["roll", "storm", "--seed", "1"]).run();
    assert!(
        out.stdout
            .contains("  => total 1468 against 1500 or more: Miss\n"),
        "{}",
        out.stdout
    );
}
