//! What a table may write for a summed number, a value read further, a natural condition, a
//! spread and a pool filled from the roster: each mistake refused at load, at its place.

use crate::support::refused_edit;

fn refused(from: &str, to: &str, args: &[&str], says: &str) {
    refused_edit("003-officers-and-leaders.yaml", (from, to), args, says);
}

#[test]
fn a_sum_is_a_number_of_items_that_do_not_read_it() {
    refused(
        "  - name: risk\n    kind: number",
        "  - name: risk\n    kind: flag",
        &["odds", "actions"],
        "`risk` sums its items, so it is a number: write `kind: number`",
    );
    refused(
        "{label: per 10% of the group wounded or killed, factor: lost, each: 1}",
        "{label: per 10% of the group wounded or killed, factor: risk, each: 1}",
        &["odds", "actions"],
        "`risk` sums items that read `risk`: a sum reads no sum (itself)",
    );
    refused(
        "when: {flanked: true}, value: 2}",
        "when: {flanked: true}}",
        &["odds", "actions"],
        "each modifier in group `risk` needs exactly one of value, values or each",
    );
}

#[test]
fn further_is_for_a_choice_and_natural_names_a_side() {
    refused(
        "    further:\n      any: [{mounted: true}, {moving: true}]",
        "    further:\n      any: [{mounted: true}, {movng: true}]",
        &["odds", "to-hit"],
        "movng",
    );
    refused(
        "{natural: {of: winner, min: 6}",
        "{natural: {of: victor, min: 6}",
        &["odds", "melee"],
        "`natural` of `victor`: write `winner`, `loser` or a side (attacker, defender)",
    );
    refused(
        "{natural: {of: winner, min: 6}",
        "{natural: {of: winner, min: 6, max: 5}",
        &["odds", "melee"],
        "`natural` from 6 to 5 takes no total",
    );
}

#[test]
fn a_spread_and_a_pool_say_what_they_change_and_roll() {
    refused(
        "spread: [{count: 5, change: [+dead]}]",
        "spread: [{count: 0, change: [+dead]}]",
        &["odds", "artillery"],
        "result `k5` spreads 0 picks: write 1 to 20",
    );
    refused(
        "spread: [{count: 5, change: [+dead]}]",
        "spread: [{count: 5, change: [+deed]}]",
        &["odds", "artillery"],
        "result `k5` makes the change `+deed`",
    );
    refused(
        "      - {name: killed, label: Killed, marks: [{on: loser, change: [+dead]}]}",
        "      - {name: killed, label: Killed, spread: [{count: 1, change: [+dead]}]}",
        &["odds", "melee"],
        "result `killed` spreads over the group acted upon, and an opposed roll has none: use \
         `marks` on the loser",
    );
    refused(
        "roll: {procedure: command, who:",
        "roll: {procedure: commend, who:",
        &["odds", "command"],
        "the pool's procedure `commend` is not in the table",
    );
    refused(
        "roll: {procedure: command, who:",
        "roll: {procedure: melee, who:",
        &["odds", "command"],
        "the pool adds up the amounts `melee` gives: it needs `amount:` and one side",
    );
    refused(
        "    point: command point\n    roll:",
        "    point: command point\n    dice: 2d6\n    roll:",
        &["odds", "command"],
        "a pool is filled by `dice:` (each side throws them) or `roll:`",
    );
    refused(
        "joins: {rank: nco}",
        "joins: {rank: sergent}",
        &["odds", "command"],
        "`sergent` is not a value or class of `rank`",
    );
    refused(
        "max: 99, default: 0, aliases: [loading-points]",
        "max: 99, default: none, aliases: [loading-points]",
        &["odds", "artillery"],
        "default `none` of `loading` is not a number",
    );
    refused(
        "max: 99, default: 0, aliases: [loading-points]",
        "max: 99, default: 100, aliases: [loading-points]",
        &["odds", "artillery"],
        "default `100` of `loading` is outside its min and max",
    );
    refused(
        "amount: {unit: hits, each-die: to-hit, each",
        "amount: {unit: hits, each-die: to-hti, each",
        &["odds", "group-fire"],
        "`each-die: to-hti` names no procedure of this ruleset (did you mean `to-hit`?)",
    );
    refused(
        "each-die: to-hit, each: [damage]}",
        "each-die: to-hit, each: [group-fire]}",
        &["odds", "group-fire"],
        "procedures go on to each other in a loop of 1: group-fire → group-fire",
    );
    refused(
        "amount: {unit: hits, each-die: to-hit, each",
        "amount: {unit: hits, each-die: damage, each",
        &["odds", "group-fire"],
        "`each-die: damage` reads each die as `damage`'s check, and it has none",
    );
    refused(
        "amount: {unit: hits, each-die: to-hit, each",
        "amount: {unit: hits, each-die: to-hit, floor: 0, each",
        &["odds", "group-fire"],
        "group-fire counts the dice that pass `to-hit`: it may have no `sides`, `halve`, `floor` \
         or `fixed` roll",
    );
    refused(
        "{name: moving, kind: flag, help:",
        "{name: moving, kind: flag, default: maybe, help:",
        &["odds", "group-fire"],
        "default `maybe` of `moving` is not yes or no",
    );
    refused(
        "earns: loading points",
        "earns: loading pints",
        &["odds", "load-gun"],
        "counter `loading` earns amounts of `loading pints`, which no procedure gives",
    );
    refused(
        "        puts-on: commanded",
        "        puts-on: comanded",
        &["odds", "command"],
        "no marker `comanded` in the game",
    );
}

#[test]
fn a_units_losses_name_a_number_factor_a_step_and_markers_it_has() {
    refused(
        "losses: {factor: lost, per: 10, marked: [wounded]}",
        "losses: {factor: class, per: 10, marked: [wounded]}",
        &["odds", "actions"],
        "`losses` sets a number factor, and `class` is not one",
    );
    refused(
        "losses: {factor: lost, per: 10, marked: [wounded]}",
        "losses: {factor: lost, per: 0, marked: [wounded]}",
        &["odds", "actions"],
        "`per: 0`: count losses in steps of 1 to 100 percent",
    );
    refused(
        "losses: {factor: lost, per: 10, marked: [wounded]}",
        "losses: {factor: lost, per: 10, marked: [wonded]}",
        &["odds", "actions"],
        "`losses` counts the marker `wonded`, which the game does not have",
    );
}

#[test]
fn a_side_condition_counts_markers_the_game_has_with_a_percent() {
    refused(
        "        - {percent: 100, marked: [running]}",
        "        - {percent: 100, marked: [runing]}",
        &["odds", "actions"],
        "condition `lost` counts the marker `runing`, which the game does not have",
    );
    refused(
        "        - {percent: 100, marked: [running]}",
        "        - {points: 10, marked: [running]}",
        &["odds", "actions"],
        "condition `lost`: `marked` goes with `percent: N`",
    );
}

#[test]
fn a_flag_factor_s_default_holds_when_not_given() {
    let tables = super::house((
        "{name: moving, kind: flag, help:",
        "{name: moving, kind: flag, default: yes, help:",
    ));
    // Moving by default: 1 shot in 3 of 9 figures, and short range read as medium (4+).
    crate::support::Test::new()
        .tables(tables.path())
        .args([
            "--rules",
            "oal",
            "roll",
            "group-fire",
            "figures=9",
            "range=10",
            "--dice",
            "4,4,3",
        ])
        .stdout_contains("dice 3d8 (moving: 1 shot in 3 figures)")
        .stdout_contains("(2 of 3): 2 hits")
        .run();
}

/// A procedure's `given` names a factor and a value it takes, and belongs to a roll of one
/// figure: an opposed roll's sides say their own.
#[test]
fn a_procedures_given_factors_are_checked() {
    refused(
        "    given: {weapon: rifle}",
        "    given: {weapon: cannon}",
        &["odds", "gatling"],
        "the procedure sets `weapon=cannon`, which is not a value of `weapon`",
    );
    refused(
        "    many-on-one:\n      up-to: 4",
        "    given: {weapon: sword}\n    many-on-one:\n      up-to: 4",
        &["odds", "melee"],
        "`given` sets factors of a roll of one figure; an opposed roll's sides say their own",
    );
}

#[test]
fn a_limit_counts_a_value_of_a_choice_field_per_value_of_another() {
    refused(
        "{field: rank, value: officer, per: player,",
        "{field: rank, value: officr, per: player,",
        &["odds", "actions"],
        "`officr` is not a value of `rank`",
    );
    refused(
        "{field: rank, value: officer, per: player,",
        "{field: rank, value: officer, per: players,",
        &["odds", "actions"],
        "`players` is not a unit field",
    );
    refused(
        "{field: rank, value: officer, per: player,",
        "{field: rank, per: player,",
        &["odds", "actions"],
        "`rank` is not a yes/no factor",
    );
}
