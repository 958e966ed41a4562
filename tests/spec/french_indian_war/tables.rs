//! What a table may write for re-rolls, compared amounts, the opponent's conditions, a
//! condition on the amount and what may follow: each mistake refused at load, at its place in
//! the file, with what to write instead. The house tables are the built-in 002 table edited.

use crate::support::{refused_edit, tempdir, write};

/// The built-in French Indian War table edited: its one-line error (see `refused_edit`).
fn refused(from: &str, to: &str, args: &[&str], says: &str) {
    refused_edit("002-french-indian-war.yaml", (from, to), args, says);
}

const SHOOT_REROLL: &str =
    "reroll: {label: captain's re-roll, when: {captain: true}, below: average}";
const RALLY_REROLL: &str = "reroll: {label: captain's or commander's re-roll, any: [{captain: true}, {commander: true}], on: [fail]}";

#[test]
fn a_re_roll_says_what_calls_for_it() {
    refused(
        SHOOT_REROLL,
        "reroll: {label: captain's re-roll, when: {captain: true}, below: median}",
        &["odds", "shoot"],
        "re-roll `captain's re-roll`: `below: median`: write a number, or `average`",
    );
    refused(
        RALLY_REROLL,
        "reroll: {label: x, on: [fail], below: 2}",
        &["odds", "rally"],
        "called for by results `on` or by an amount `below` a bound, not both",
    );
    refused(
        RALLY_REROLL,
        "reroll: {label: x, below: 2}",
        &["odds", "rally"],
        "`below` reads an amount, and this procedure gives none",
    );
    refused(
        "change: [+used-reroll]",
        "change: [+used-rerol]",
        &["odds", "activate"],
        "re-roll `fortified defender's re-roll` makes the change `+used-rerol`: write +NAME or \
         -NAME of a marker, a state or a counter",
    );
    refused(
        RALLY_REROLL,
        "reroll: {label: x, when: {captain: true}}",
        &["odds", "rally"],
        "say what is thrown again: results `on`, or an amount `below` a bound",
    );
    refused(
        RALLY_REROLL,
        "reroll: {label: x, on: [failed]}",
        &["odds", "rally"],
        "result `failed` is not among its results (pass, fail, routed) (did you mean `fail`?)",
    );
    refused(
        RALLY_REROLL,
        "reroll: {label: x, on: [fail], side: attacker}",
        &["odds", "rally"],
        "`side: attacker`: this roll has no sides",
    );
    refused(
        SHOOT_REROLL,
        "reroll: {label: x, belwo: average}",
        &["odds", "shoot"],
        "unknown field `belwo`",
    );
}

#[test]
fn an_opposed_re_roll_names_a_side_of_the_roll() {
    refused(
        "side: attacker, when: {captain: true}, on: [retires, held]",
        "side: attackr, when: {captain: true}, on: [retires, held]",
        &["odds", "charge"],
        "`side: attackr`: its sides are attacker and defender (did you mean `attacker`?)",
    );
    refused(
        "side: attacker, when: {captain: true}, on: [retires, held]",
        "when: {captain: true}, below: average",
        &["odds", "charge"],
        "in an opposed roll, `below` reads one side's amount: name its `side`",
    );
}

#[test]
fn only_an_opposed_roll_reads_the_opponent_or_compares_amounts() {
    refused(
        "{label: musket shooting, value: -2}",
        "{label: musket shooting, opponent: {cover: any}, value: -2}",
        &["odds", "shoot"],
        "a modifier in group `shooting` reads the `opponent`, but this roll has no sides",
    );
    refused(
        "opponent: {cover: fortified}",
        "opponent: {cover: fortress}",
        &["odds", "charge"],
        "`fortress` is not a value or class of `cover`",
    );
    refused(
        "    amount: {unit: hits, floor: 0}\n    results: []\n    marks: [{on: acting, when: {return-fire: true}, change: [+returned-fire]}]\n    follow-up:\n      - {procedure: rally, on: acted-upon, amount: {min: 1}, carry: [cover], note: \"the target took hits: its disruption test\"}\n    may-follow:\n      - {procedure: shoot, unless",
        "    amount: {unit: hits, floor: 0}\n    compare: {by: margin, tie: x, bands: [{min: 1, result: x}]}\n    results: [{name: x, label: X}]\n    marks: [{on: acting, when: {return-fire: true}, change: [+returned-fire]}]\n    follow-up:\n      - {procedure: rally, on: acted-upon, amount: {min: 1}, carry: [cover], note: \"the target took hits: its disruption test\"}\n    may-follow:\n      - {procedure: shoot, unless",
        &["odds", "shoot"],
        "needs exactly one of check, table, grid, amount or compare (or, with two sides, amount \
         and compare: each side's amount compared)",
    );
}

#[test]
fn a_condition_on_the_amount_reads_an_amount_the_roll_gives() {
    refused(
        "{name: fail, label: Fails, note: the turn passes to the opponent}",
        "{name: fail, label: Fails, follow-up: [{procedure: rally, amount: {min: 1}}]}",
        &["odds", "activate"],
        "a follow-up's `amount` condition reads the amount a roll gives, and this procedure \
         gives none",
    );
    refused(
        "amount: {of: defender, min: 1}",
        "amount: {min: 1}",
        &["odds", "charge"],
        "in an opposed roll, an `amount` condition names whose amount: `of: SIDE`",
    );
    refused(
        "amount: {of: defender, min: 1}",
        "amount: {of: loser, min: 1}",
        &["odds", "charge"],
        "`amount` of the loser: a follow-up of every result cannot know it; name a side",
    );
    refused(
        "amount: {of: defender, min: 1}",
        "amount: {of: defendr, min: 1}",
        &["odds", "charge"],
        "`amount` of `defendr`, which is not loser, winner or a side of this roll",
    );
    refused(
        "{procedure: rally, on: acted-upon, amount: {min: 1}, carry: [cover]",
        "{procedure: rally, amount: {min: 3, max: 1}, carry: [cover]",
        &["odds", "shoot"],
        "`amount` from 3 to 1 takes no amount",
    );
    refused(
        "{procedure: rally, on: acted-upon, amount: {min: 1}, carry: [cover]",
        "{procedure: rally, amount: {of: attacker, min: 1}, carry: [cover]",
        &["odds", "shoot"],
        "`amount` of `attacker`: this roll has no sides; leave `of` out",
    );
}

#[test]
fn what_may_follow_names_a_procedure_of_the_ruleset() {
    refused(
        "{procedure: shoot, unless: {return-fire: true}",
        "{procedure: shooot, unless: {return-fire: true}",
        &["odds", "shoot"],
        "every result goes on to `shooot`, which this ruleset does not define",
    );
    refused(
        "{procedure: shoot, unless: {return-fire: true}",
        "{procedure: shoot, side: loser, unless: {return-fire: true}",
        &["odds", "shoot"],
        "what may follow every result cannot be the loser's: name a side",
    );
}

/// Two sides each scoring 1d6 hits, the red side re-rolling a score below 3 when lucky.
const DUEL: &str = "ruleset: duel
title: Duel
factors:
  - {name: lucky, kind: flag, help: the side is lucky}
procedures:
  - name: duel
    title: Duel
    help: each side scores 1d6 hits; the higher score wins
    sides: [{name: red}, {name: blue}]
    roll: 1d6
    reroll:
      - {label: red's luck, side: red, when: {lucky: true}, below: 3}
    amount: {unit: hits}
    compare: {by: margin, tie: even, bands: [{min: 1, result: beaten}]}
    results: [{name: beaten, label: Beaten}, {name: even, label: Even}]
";

#[test]
fn one_side_re_rolls_its_own_score_below_a_number() {
    let tables = tempdir();
    write(&tables.path().join("duel.yaml"), DUEL);
    let rules = crate::support::Rules::from_dir(tables.path(), "duel");
    // Red keeps 3 to 6 and throws 1 or 2 again: 1 and 2 end at 1/3 * 1/6 = 1/18 each, 3 to 6
    // at 1/6 + 1/18 = 2/9 each. Ties: 1/6 whatever red scores; red wins
    // (1/18 * 1 + 2/9 * (2 + 3 + 4 + 5)) / 6 = 19/36.
    let odds = rules.odds("duel", "red.lucky");
    let got: Vec<(String, String)> = odds
        .steps
        .first()
        .map(|s| {
            s.outcomes
                .iter()
                .map(|o| {
                    let who = o.loser.clone().unwrap_or_default();
                    (format!("{who}: {}", o.label), o.probability.to_string())
                })
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(
        got,
        [
            ("red: Beaten".to_string(), "11/36".to_string()),
            ("blue: Beaten".to_string(), "19/36".to_string()),
            (": Even".to_string(), "1/6".to_string()),
        ]
    );
    // Blue's luck is not red's: blue throws once.
    let step = rules
        .try_roll("duel", "blue.lucky", &[&[1], &[6]])
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(step.decision.loser.as_deref(), Some("red"));
    assert!(step.rerolls.is_empty());
    // Red's 2 is below 3: red throws again, and blue's 4 stands.
    let step = rules
        .try_roll("duel", "red.lucky", &[&[2], &[4], &[5]])
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(step.decision.loser.as_deref(), Some("blue"));
    assert_eq!(step.rerolls[0]["side"], "red");
    assert_eq!(step.rerolls[0]["cause"]["amount"], 2);
}

#[test]
fn a_limit_names_a_yes_no_unit_field_allowed_at_least_once() {
    refused(
        "{field: commander, most: 1",
        "{field: commandr, most: 1",
        &["odds", "shoot"],
        "`commandr` is not a unit field (did you mean `commander`?)",
    );
    refused(
        "{field: commander, most: 1",
        "{field: type, most: 1",
        &["odds", "shoot"],
        "is not a yes/no factor",
    );
    refused(
        "{field: captain, most: 1",
        "{field: captain, most: 0",
        &["odds", "shoot"],
        "`most: 0`: give 1 or more",
    );
}

#[test]
fn an_amount_lands_only_as_a_unit_a_counter_adds_up() {
    refused(
        "      amounts: wall-hits\n      at: 6",
        "      amounts: hits\n      at: 6",
        &["odds", "artillery"],
        "procedure `artillery` lands its amount as `wall-hits`, which no counter adds up",
    );
}
