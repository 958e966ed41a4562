//! The charge: both units roll the hits they inflict at once (irregulars 1d6-2, regulars
//! 1d6+2, the attacker 1 less against buildings or fortifications), never below 0; the unit
//! taking more hits retires a square and every unit that took hits tests; equal hits leave the
//! defender in its square. A captain re-rolls the charging die of a unit that would retire.
//!
//! Scores: a regular's 1d6+2 is 3 to 8; an irregular's 1d6-2 is 0 (1/3) or 1 to 4 (1/6 each).

use serde_json::Value;

use super::{expect, fiw, refused, said, thrown};

#[test]
fn the_unit_that_scores_more_hits_holds_and_the_other_retires() {
    // Grenadiers (3..8) against Indians (0..4): the attacker loses only on 3 against 4 (1/36)
    // and ties on 3-3 and 4-4 (2/36).
    expect(
        "charge",
        "attacker.unit=grenadiers defender.unit=indians",
        &[
            ("defender: Retires", "11/12"),
            ("attacker: Retires", "1/36"),
            ("Equal hits", "1/18"),
        ],
    );
    // Regulars against regulars: 6 ties in 36, the rest shared.
    expect(
        "charge",
        "a.unit=line d.unit=grenadiers",
        &[
            ("defender: Retires", "5/12"),
            ("attacker: Retires", "5/12"),
            ("Equal hits", "1/6"),
        ],
    );
    // Irregulars: equal on 0-0 (1/9) and on each of 1 to 4 (1/36 each): 2/9.
    expect(
        "charge",
        "a.unit=skirmishers d.unit=indians",
        &[
            ("defender: Retires", "7/18"),
            ("attacker: Retires", "7/18"),
            ("Equal hits", "2/9"),
        ],
    );
}

#[test]
fn a_defender_in_buildings_or_fortifications_takes_a_hit_off_the_attacker() {
    // Grenadiers 1d6+1 (2..7) against Indians: they lose on 2-3, 2-4, 3-4 and tie on 2-2,
    // 3-3, 4-4: 3/36 each.
    let fortified = [
        ("defender: Retires", "5/6"),
        ("attacker: Retires", "1/12"),
        ("Equal hits", "1/12"),
    ];
    expect(
        "charge",
        "a.unit=grenadiers d.unit=indians d.cover=buildings",
        &fortified,
    );
    expect(
        "charge",
        "a.unit=grenadiers d.unit=indians d.cover=fort",
        &fortified,
    );
    // Woods give no cover against a charge.
    expect(
        "charge",
        "a.unit=grenadiers d.unit=indians d.cover=woods",
        &[
            ("defender: Retires", "11/12"),
            ("attacker: Retires", "1/36"),
            ("Equal hits", "1/18"),
        ],
    );
    // The line says what it reads on the other side.
    let text = said(&[
        "odds",
        "charge",
        "a.unit=grenadiers",
        "d.unit=indians",
        "d.cover=buildings",
    ]);
    assert!(
        text.contains("-1  target in buildings or fortifications  [target]"),
        "{text}"
    );
}

#[test]
fn the_odds_say_what_each_side_scores() {
    let odds = fiw()
        .test_run()
        .args([
            "odds",
            "charge",
            "a.unit=grenadiers",
            "d.unit=indians",
            "d.cover=buildings",
            "--json",
        ])
        .run()
        .json();
    let scores = &odds["steps"][0]["scores"];
    let of = |i: usize| -> Vec<(i64, String)> {
        scores[i]["outcomes"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|o| {
                (
                    o["amount"].as_i64().unwrap_or(-1),
                    o["probability"]["fraction"]
                        .as_str()
                        .unwrap_or_default()
                        .to_string(),
                )
            })
            .collect()
    };
    assert_eq!(scores[0]["side"], "attacker");
    let sixth = || "1/6".to_string();
    assert_eq!(
        of(0),
        [
            (2, sixth()),
            (3, sixth()),
            (4, sixth()),
            (5, sixth()),
            (6, sixth()),
            (7, sixth())
        ]
    );
    assert_eq!(
        of(1),
        [
            (0, "1/3".to_string()),
            (1, sixth()),
            (2, sixth()),
            (3, sixth()),
            (4, sixth())
        ]
    );
    let text = said(&["odds", "charge", "a.unit=line", "d.unit=indians"]);
    assert!(
        text.contains("  attacker scores (average 5.50):\n"),
        "{text}"
    );
    assert!(
        text.contains("  defender scores (average 1.67):\n"),
        "{text}"
    );
}

#[test]
fn a_captain_re_rolls_the_charging_die_of_a_unit_that_would_retire() {
    // The defender's captain throws again when the defender would retire: for each attacker
    // score a (3..8) the defender retires only if both throws are below a,
    // sum((a-3)^2)/216 = 55/216; it ties on d = a or a re-rolled d' = a, 51/216 = 17/72.
    expect(
        "charge",
        "a.unit=line d.unit=line d.captain",
        &[
            ("defender: Retires", "55/216"),
            ("attacker: Retires", "55/108"),
            ("Equal hits", "17/72"),
        ],
    );
    // Both captains: the attacker's first (on a loss or a tie), then the defender's on a
    // loss; counted throw by throw: 235/648, 575/1296 and 251/1296.
    expect(
        "charge",
        "a.unit=line d.unit=line d.captain a.captain",
        &[
            ("defender: Retires", "235/648"),
            ("attacker: Retires", "575/1296"),
            ("Equal hits", "251/1296"),
        ],
    );
    // The attacker throws 1 (3 hits) against 4 (6 hits): it would retire, so it throws
    // again, a 6 (8 hits), and the defender retires.
    let text = said(&[
        "roll",
        "charge",
        "a.unit=line",
        "a.captain",
        "d.unit=line",
        "--dice",
        "1",
        "--dice",
        "4",
        "--dice",
        "6",
    ]);
    assert!(
        text.contains(
            "re-roll: attacker's captain's re-roll: attacker: Retires, the attacker's dice \
             thrown again; the second throw stands\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("=> attacker 8 hits against defender 6 hits: attacker scores more, by 2; defender: Retires"),
        "{text}"
    );
}

#[test]
fn a_charge_rolled_says_both_scores_the_comparison_and_the_tests_owed() {
    // Grenadiers throw 2 (2 + 2 - 1 = 3 hits), the Indians in buildings 6 (4 hits).
    let step = thrown(
        "charge",
        "a.unit=grenadiers d.unit=indians d.cover=buildings",
        &[&[2], &[6]],
    );
    assert_eq!(step.decision.label, "Retires");
    assert_eq!(step.decision.loser.as_deref(), Some("attacker"));
    assert_eq!(step.decision.read["kind"], "amounts");
    let scored: Vec<(&str, i64)> = step.decision.read["sides"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|s| {
            (
                s["side"].as_str().unwrap_or_default(),
                s["amount"].as_i64().unwrap_or(-1),
            )
        })
        .collect();
    assert_eq!(scored, [("attacker", 3), ("defender", 4)]);
    // Both took hits: both test, each with its own words.
    let owed: Vec<(&str, Vec<&str>)> = step
        .follow_ups
        .iter()
        .map(|f| {
            (
                f.procedure.as_str(),
                f.args.iter().map(String::as_str).collect(),
            )
        })
        .collect();
    assert_eq!(
        owed,
        [
            ("rally", vec!["unit=grenadiers"]),
            ("rally", vec!["cover=buildings", "unit=indians"]),
        ]
    );
    // 6 for the grenadiers (7 hits), 1 for the Indians (-1, never below 0): only the
    // defender took hits, and it retires.
    let text = said(&[
        "roll",
        "charge",
        "a.unit=grenadiers",
        "d.unit=indians",
        "d.cover=buildings",
        "--dice",
        "6",
        "--dice",
        "1",
    ]);
    assert!(
        text.contains(
            "=> attacker 7 hits against defender 0 hits (total -1, never below 0): attacker \
             scores more, by 7; defender: Retires"
        ),
        "{text}"
    );
    assert!(text.contains("outcome: defender: Retires\n"), "{text}");
    let owed: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("must follow:"))
        .collect();
    assert_eq!(
        owed,
        [
            "must follow: umpire --rules french-indian-war roll rally cover=buildings unit=indians   (defender: took hits: its disruption test)"
        ]
    );
}

#[test]
fn equal_hits_leave_the_defender_in_its_square() {
    let text = said(&[
        "roll",
        "charge",
        "a.unit=line",
        "d.unit=line",
        "--dice",
        "3",
        "--dice",
        "3",
    ]);
    assert!(
        text.contains("=> attacker 5 hits against defender 5 hits, equal: Equal hits"),
        "{text}"
    );
    assert!(
        text.contains("the defender holds its square; the attacker retires 1 square"),
        "{text}"
    );
    assert_eq!(text.matches("must follow: ").count(), 2, "{text}");
    // Nobody hit, nobody tests.
    let step = thrown("charge", "a.unit=skirmishers d.unit=indians", &[&[1], &[2]]);
    assert_eq!(step.decision.label, "Equal hits");
    assert!(step.follow_ups.is_empty());
    assert_eq!(
        step.decision.read["sides"][0]["steps"][0]["floor"]["to"],
        Value::from(0)
    );
}

#[test]
fn a_charge_needs_both_units_said_by_side() {
    let err = refused(&["roll", "charge", "unit=line"]);
    assert!(
        err.contains(
            "charge is an opposed roll, so say whose factor it is (e.g. `attacker.unit=line`)"
        ),
        "{err}"
    );
    let err = refused(&["roll", "charge", "attaker.unit=line"]);
    assert!(err.contains("(did you mean `attacker`?)"), "{err}");
    let err = refused(&["odds", "charge", "a.unit=line"]);
    assert!(
        err.contains("no case of charge's dice fits the defender's situation (give defender.unit;"),
        "{err}"
    );
}
