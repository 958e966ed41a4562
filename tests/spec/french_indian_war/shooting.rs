//! Musket shooting (1d6-2), volleys (1d6) and artillery (light 1d6-2, medium 1d6): the long
//! range and cover deductions, hits never below 0, the captain's (or a hill's) re-roll of a
//! poor score, the target's disruption test whenever it took hits, and its return fire.

use super::{expect, fiw, refused, said, thrown};

const SIXTH: &str = "1/6";

#[test]
fn muskets_score_1d6_less_2_less_1_at_long_range_and_1_in_cover() {
    // 1d6-2: faces 1 and 2 give 0 hits.
    let musket = [
        ("0 hits", "1/3"),
        ("1 hit", SIXTH),
        ("2 hits", SIXTH),
        ("3 hits", SIXTH),
        ("4 hits", SIXTH),
    ];
    expect("shoot", "", &musket);
    expect("shoot", "range=short", &musket);
    // One square is short range, two long: 1d6-3.
    let long = [
        ("0 hits", "1/2"),
        ("1 hit", SIXTH),
        ("2 hits", SIXTH),
        ("3 hits", SIXTH),
    ];
    expect("shoot", "range=2", &long);
    expect("shoot", "range=long", &long);
    expect("shoot", "cover=woods", &long);
    // Long range into cover: 1d6-4.
    expect(
        "shoot",
        "range=2 cover=buildings",
        &[("0 hits", "2/3"), ("1 hit", SIXTH), ("2 hits", SIXTH)],
    );
    // Three squares is out of musket range.
    let err = refused(&["odds", "shoot", "range=3"]);
    assert!(
        err.contains("range=beyond refused by the rule Range: it needs range=short/long"),
        "{err}"
    );
}

#[test]
fn a_captain_re_rolls_a_shooting_score_below_the_average_and_the_second_stands() {
    // 1d6-2 averages 5/3: 0 and 1 hit (1/2 of throws) are thrown again.
    // 0: 1/2 * 1/3 = 1/6; 1: 1/2 * 1/6 = 1/12; 2 to 4: 1/6 + 1/12 = 1/4 each.
    expect(
        "shoot",
        "captain",
        &[
            ("0 hits", "1/6"),
            ("1 hit", "1/12"),
            ("2 hits", "1/4"),
            ("3 hits", "1/4"),
            ("4 hits", "1/4"),
        ],
    );
    // At long range (1d6-3, average 1) only 0 hits (1/2) is thrown again: a quarter each.
    expect(
        "shoot",
        "range=long captain",
        &[
            ("0 hits", "1/4"),
            ("1 hit", "1/4"),
            ("2 hits", "1/4"),
            ("3 hits", "1/4"),
        ],
    );
    // Long range into cover (1d6-4, average 1/2): 0 (2/3) again: 4/9, then 5/18 each.
    expect(
        "shoot",
        "range=long cover=woods captain",
        &[("0 hits", "4/9"), ("1 hit", "5/18"), ("2 hits", "5/18")],
    );
    // The explanation says the score, the bound and which throw stands.
    let text = said(&[
        "roll",
        "shoot",
        "captain",
        "range=2",
        "cover=woods",
        "--dice",
        "1",
        "--dice",
        "6",
    ]);
    assert!(
        text.contains(
            "re-roll: captain's re-roll: 0 hits, below the average of a throw (1/2), thrown \
             again; the second throw stands\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("=> total 2: 2 hits   chance 5/18 (27.8%)\n"),
        "{text}"
    );
    // A score at or above the average stands.
    let text = said(&["roll", "shoot", "captain", "--dice", "4"]);
    assert!(
        text.contains(
            "re-roll: captain's re-roll: not called for: 2 hits, not below the average of a \
             throw (5/3); it stands\n"
        ),
        "{text}"
    );
    let step = thrown("shoot", "captain", &[&[4]]);
    assert_eq!(step.throws.len(), 1);
    assert_eq!(step.rerolls[0]["taken"], false);
    assert_eq!(step.rerolls[0]["cause"]["bound"]["num"], 5);
}

#[test]
fn a_volley_scores_1d6_less_1_in_cover() {
    expect(
        "volley",
        "",
        &[
            ("1 hit", SIXTH),
            ("2 hits", SIXTH),
            ("3 hits", SIXTH),
            ("4 hits", SIXTH),
            ("5 hits", SIXTH),
            ("6 hits", SIXTH),
        ],
    );
    expect(
        "volley",
        "cover=fields",
        &[
            ("0 hits", SIXTH),
            ("1 hit", SIXTH),
            ("2 hits", SIXTH),
            ("3 hits", SIXTH),
            ("4 hits", SIXTH),
            ("5 hits", SIXTH),
        ],
    );
    // Average 7/2: 1 to 3 are thrown again (1/2): 1/12 each, 4 to 6 1/4 each.
    expect(
        "volley",
        "captain",
        &[
            ("1 hit", "1/12"),
            ("2 hits", "1/12"),
            ("3 hits", "1/12"),
            ("4 hits", "1/4"),
            ("5 hits", "1/4"),
            ("6 hits", "1/4"),
        ],
    );
    // A volley is never return fire, and reaches one square: it takes no range.
    let err = refused(&["roll", "volley", "return-fire"]);
    assert!(err.contains("volley does not use `return-fire`"), "{err}");
    let err = refused(&["roll", "volley", "range=2"]);
    assert!(err.contains("volley does not use `range`"), "{err}");
}

#[test]
fn artillery_scores_by_its_weight_with_range_and_cover() {
    let light = [
        ("0 hits", "1/3"),
        ("1 hit", SIXTH),
        ("2 hits", SIXTH),
        ("3 hits", SIXTH),
        ("4 hits", SIXTH),
    ];
    expect("artillery", "unit=light-artillery", &light);
    // Medium 1d6 at long range in cover is 1d6-2 too; 2 squares is still short range.
    expect(
        "artillery",
        "unit=medium-artillery range=3 cover=woods",
        &light,
    );
    expect(
        "artillery",
        "unit=medium-artillery range=2 cover=woods",
        &[
            ("0 hits", SIXTH),
            ("1 hit", SIXTH),
            ("2 hits", SIXTH),
            ("3 hits", SIXTH),
            ("4 hits", SIXTH),
            ("5 hits", SIXTH),
        ],
    );
    // Light at long range in cover: 1d6-4.
    expect(
        "artillery",
        "unit=light-guns range=4 cover=entrenchments",
        &[("0 hits", "2/3"), ("1 hit", SIXTH), ("2 hits", SIXTH)],
    );
    // On a hill the guns re-roll a poor score (1d6-3 averages 1: 0 again): a quarter each.
    expect(
        "artillery",
        "unit=light-artillery range=long hill",
        &[
            ("0 hits", "1/4"),
            ("1 hit", "1/4"),
            ("2 hits", "1/4"),
            ("3 hits", "1/4"),
        ],
    );
    // A hill and a captain give one re-roll, not two.
    expect(
        "artillery",
        "unit=light-artillery range=long hill captain",
        &[
            ("0 hits", "1/4"),
            ("1 hit", "1/4"),
            ("2 hits", "1/4"),
            ("3 hits", "1/4"),
        ],
    );
    // Beyond 4 squares is out of range; infantry have no gun to fire.
    let err = refused(&["odds", "artillery", "unit=medium-artillery", "range=5"]);
    assert!(err.contains("refused by the rule Range"), "{err}");
    let err = refused(&["odds", "artillery", "unit=line"]);
    assert!(err.contains("no case of artillery's dice fits"), "{err}");
}

#[test]
fn hits_call_for_the_target_s_disruption_test_and_offer_return_fire() {
    // 6 - 3 = 3 hits on a target in fields: its rally test follows, in cover.
    let step = thrown("shoot", "cover=fields", &[&[6]]);
    assert_eq!(step.decision.amount, Some(3));
    let rally: Vec<(&str, &[String])> = step
        .follow_ups
        .iter()
        .map(|f| (f.procedure.as_str(), f.args.as_slice()))
        .collect();
    assert_eq!(rally, [("rally", &["cover=fields".to_string()][..])]);
    // The target may return fire, with muskets or guns.
    let answers: Vec<(&str, &[String])> = step
        .may_follow
        .iter()
        .map(|f| (f.procedure.as_str(), f.args.as_slice()))
        .collect();
    assert_eq!(
        answers,
        [
            ("shoot", &["return-fire".to_string()][..]),
            ("artillery", &["return-fire".to_string()][..]),
        ]
    );
    // No hits, no test; the return fire is still offered.
    let step = thrown("shoot", "cover=fields", &[&[2]]);
    assert_eq!(step.decision.label, "0 hits");
    assert!(step.follow_ups.is_empty());
    assert_eq!(step.may_follow.len(), 2);
    // Return fire is not answered in turn.
    let step = thrown("shoot", "return-fire", &[&[6]]);
    assert!(step.may_follow.is_empty());
    assert_eq!(step.follow_ups.len(), 1);
    let text = said(&["roll", "volley", "captain", "cover=woods", "--dice", "5"]);
    assert!(
        text.contains(
            "must follow: umpire --rules french-indian-war roll rally cover=woods   (the target \
             took hits: its disruption test)\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("may follow: umpire --rules french-indian-war roll shoot return-fire   ("),
        "{text}"
    );
    // A disorganised unit neither shoots nor returns fire.
    let err = refused(&["roll", "shoot", "return-fire", "disorganised"]);
    assert!(
        err.contains("refused by the rule Disorganised units"),
        "{err}"
    );
}

#[test]
fn seeded_shots_replay() {
    let a = fiw().seeded("artillery", "unit=medium-artillery hill", 3, &[]);
    let b = fiw().seeded("artillery", "unit=medium-artillery hill", 3, &[]);
    assert_eq!(a.decision.amount, b.decision.amount);
    assert_eq!(a.throws.len(), b.throws.len());
    assert!(a.decision.amount.is_some_and(|n| (1..=6).contains(&n)));
}
