//! Checks a roll calls for whatever its result (receiving fire, hit or not): a procedure's own
//! `follow-up`, its conditions read on the roll's situation as typed, `on` the figure that
//! makes it, printed after the checks of the results, said on the card and by `rules`, and a
//! table that gets them wrong refused at its line.

use std::path::Path;

use crate::support::{Test, tempdir, write};

/// A ruleset whose shot calls for a test of its mark when it is a salvo, whatever the result.
const SALVO: &str = "\
ruleset: salvo
title: Salvo
factors:
  - {name: salvo, kind: flag, help: the shot is one of a salvo}
  - {name: reason, help: why the test is taken, values: [hit, salvo]}
procedures:
  - name: shot
    title: Shot
    help: one figure fires
    roll: 1d6
    check: {compare: at-least, target: 4, pass: hit, fail: miss}
    results:
      - name: hit
        label: Hit
        follow-up: [{procedure: test, set: {reason: hit}, note: the hit figure tests}]
      - {name: miss, label: Miss}
    follow-up:
      - procedure: test
        on: acted-upon
        when: {salvo: true}
        carry: []
        set: {reason: salvo}
        note: every mark of a salvo tests
  - name: test
    title: Test
    help: a figure's nerve
    roll: 1d6
    factors: [reason]
    check: {compare: at-least, target: 4, pass: pass, fail: fail}
    results: [{name: pass, label: Pass}, {name: fail, label: Fail}]
";

fn salvo(dir: &Path, text: &str) -> Test {
    write(&dir.join("salvo.yaml"), text);
    Test::new().tables(dir).args(["--rules", "salvo"])
}

fn musts(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| l.starts_with("must follow: "))
        .collect()
}

#[test]
fn a_check_of_any_result_follows_a_miss_and_comes_after_the_results_checks() {
    let d = tempdir();
    let miss = salvo(d.path(), SALVO)
        .args(["roll", "shot", "salvo", "--dice", "1"])
        .run()
        .stdout;
    // The condition reads the shot's own `salvo`, which is not carried to the test.
    assert_eq!(
        musts(&miss),
        [format!(
            "must follow: umpire --tables {} --rules salvo roll test reason=salvo   \
             (every mark of a salvo tests)",
            d.path().display()
        )]
    );
    let hit = salvo(d.path(), SALVO)
        .args(["roll", "shot", "salvo", "--dice", "6"])
        .run()
        .stdout;
    let shown: Vec<String> = musts(&hit)
        .iter()
        .map(|l| l.rsplit(" roll ").next().unwrap_or("").to_string())
        .collect();
    assert_eq!(
        shown,
        [
            "test reason=hit   (the hit figure tests)",
            "test reason=salvo   (every mark of a salvo tests)"
        ]
    );
    // Not a salvo: the miss calls for nothing.
    let single = salvo(d.path(), SALVO)
        .args(["roll", "shot", "--dice", "1"])
        .run()
        .stdout;
    assert!(musts(&single).is_empty(), "{single}");
}

#[test]
fn the_card_and_the_rules_say_what_any_result_calls_for() {
    let d = tempdir();
    let rules = salvo(d.path(), SALVO).args(["rules", "shot"]).run().stdout;
    assert!(
        rules.contains(
            "  any result: must follow: test for the figure acted upon, with reason=salvo \
             (when salvo): every mark of a salvo tests\n"
        ),
        "{rules}"
    );
    let card = salvo(d.path(), SALVO).args(["card", "shot"]).run().stdout;
    assert!(
        card.contains("Any result: must follow: test for the figure"),
        "{card}"
    );
}

#[test]
fn a_follow_up_of_any_result_that_cannot_be_followed_is_refused_at_its_line() {
    let d = tempdir();
    let file = d.path().join("salvo.yaml");
    for (from, to, says) in [
        (
            "        on: acted-upon\n",
            "        on: loser\n",
            "a follow-up is `on` the figure acting or acted upon; the loser or winner of an \
             opposed roll is its `side`",
        ),
        (
            "        on: acted-upon\n",
            "        side: loser\n",
            "a follow-up of every result cannot be the loser's: name a side of the roll",
        ),
        (
            "      - procedure: test\n        on:",
            "      - procedure: tset\n        on:",
            "every result goes on to `tset`, which this ruleset does not define",
        ),
    ] {
        let bad = SALVO.replacen(from, to, 1);
        assert_ne!(bad, SALVO);
        let out = salvo(d.path(), &bad)
            .args(["rules", "shot"])
            .status(2)
            .run();
        assert!(
            out.stderr
                .starts_with(&format!("error: {}:", file.display()))
                && out.stderr.contains(&format!("procedure `shot`: {says}")),
            "{}",
            out.stderr
        );
    }
}
