//! Activation: the score needed by unit type and declared activity, roads for artillery, the
//! captain's or commander's re-roll of a failure, the fortified defender's re-roll of a
//! successful charge, and the activities the rules do not allow.

use super::{expect, passes, refused, said, thrown};

/// `activate` for a unit and activity passes with this chance.
fn activates(situation: &str, p: &str) {
    passes("activate", situation, "Activated", "Fails", p);
}

#[test]
fn every_unit_activates_on_its_own_score_for_the_activity_declared() {
    // (unit, activity, score needed): k or more on 1d6 is (7 - k)/6.
    for (unit, action, p) in [
        ("line", "move-open", "5/6"),
        ("line", "move-difficult", "2/3"),
        ("line", "shoot", "5/6"),
        ("line", "volley", "2/3"),
        ("line", "charge", "1/2"),
        ("grenadiers", "move-open", "5/6"),
        ("grenadiers", "move-difficult", "2/3"),
        ("grenadiers", "shoot", "5/6"),
        ("grenadiers", "volley", "2/3"),
        ("grenadiers", "charge", "2/3"),
        ("skirmishers", "move-open", "5/6"),
        ("skirmishers", "move-difficult", "5/6"),
        ("skirmishers", "shoot", "5/6"),
        ("skirmishers", "charge", "1/3"),
        ("indians", "move-open", "5/6"),
        ("indians", "move-difficult", "5/6"),
        ("indians", "shoot", "2/3"),
        ("indians", "skirmish", "1/2"),
        ("light-artillery", "move-open", "1/2"),
        ("light-artillery", "shoot", "2/3"),
        ("medium-artillery", "move-open", "1/2"),
        ("medium-artillery", "shoot", "1/2"),
    ] {
        activates(&format!("unit={unit} action={action}"), p);
    }
    // Aliases say the same: light infantry are skirmishers, `close` is a charge.
    activates("unit=light-infantry action=close", "1/3");
}

#[test]
fn artillery_moving_along_a_road_needs_one_less() {
    // 4+ becomes 3+: 2/3; a road does nothing for infantry (2+ stays 5/6).
    activates("unit=light-artillery action=move road", "2/3");
    activates("unit=medium-artillery action=move-open road", "2/3");
    activates("unit=line action=move-open road", "5/6");
    // Light artillery may move after firing; only medium artillery may not.
    activates("unit=light-artillery action=move has-fired road", "2/3");
}

#[test]
fn a_captain_or_the_commander_re_rolls_a_failed_activation() {
    // Line volley 3+: 1 - (1/3)^2 = 8/9, the same with the commander adjacent.
    expect(
        "activate",
        "unit=line action=volley captain",
        &[("Activated", "8/9"), ("Fails", "1/9")],
    );
    activates("unit=line action=volley commander", "8/9");
    // Both give one re-roll, not two.
    activates("unit=line action=volley commander captain", "8/9");
    // Skirmishers charge 5+: 1 - (2/3)^2 = 5/9; medium artillery moves 4+: 3/4.
    activates("unit=skirmishers action=charge commander", "5/9");
    activates("unit=medium-artillery action=move captain", "3/4");
}

#[test]
fn a_fortified_defender_has_a_successful_charge_thrown_again_and_the_second_stands() {
    // Line charge 4+ at entrenchments: both throws must pass, (1/2)^2 = 1/4.
    expect(
        "activate",
        "unit=line action=charge cover=entrenchments",
        &[("Activated", "1/4"), ("Fails", "3/4")],
    );
    // A fort is entrenchments; buildings are no fortification: 1/2.
    activates("unit=line action=charge cover=fort", "1/4");
    activates("unit=line action=charge cover=buildings", "1/2");
    // Grenadiers 3+: (2/3)^2 = 4/9; skirmishers 5+: (1/3)^2 = 1/9.
    activates("unit=grenadiers action=charge cover=entrenchments", "4/9");
    activates("unit=skirmishers action=charge cover=entrenchments", "1/9");
    // Only a charge: shooting at entrenched units is not thrown again (5/6).
    activates("unit=line action=shoot cover=entrenchments", "5/6");
    // The captain's re-roll comes first: 3/4 pass it, then half of those stand: 3/8.
    activates("unit=line action=charge cover=entrenchments captain", "3/8");
    // Skirmishers with the commander: 5/9 of 1/3 = 5/27.
    activates(
        "unit=skirmishers action=charge cover=entrenchments commander",
        "5/27",
    );
}

#[test]
fn the_faces_thrown_say_which_score_stands() {
    // A 2 fails a line volley (3+); the captain's re-roll of 5 stands.
    let step = thrown("activate", "unit=line action=volley captain", &[&[2], &[5]]);
    assert_eq!(step.decision.label, "Activated");
    assert_eq!(step.throws.len(), 2);
    assert_eq!(step.chance.to_string(), "8/9");
    let taken = &step.rerolls[0];
    assert_eq!(taken["first"], "Fails");
    assert_eq!(taken["taken"], true);
    let text = said(&[
        "roll",
        "activate",
        "unit=line",
        "action=volley",
        "captain",
        "--dice",
        "2",
        "--dice",
        "5",
    ]);
    assert!(
        text.contains("1d6: 2 (entered) = 2  (set aside by the re-roll)\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "re-roll: captain's or commander's re-roll: Fails, thrown again; the second throw \
             stands\n"
        ),
        "{text}"
    );
    assert!(text.contains("=> total 5 against 3 (unit line, action volley) or more: Activated"));
    // The second score stands even when it fails again.
    let step = thrown("activate", "unit=line action=volley captain", &[&[1], &[2]]);
    assert_eq!(step.decision.label, "Fails");
    // A pass is not thrown again, and the explanation says the first score stands.
    let text = said(&[
        "roll",
        "activate",
        "unit=line",
        "action=volley",
        "captain",
        "--dice",
        "4",
    ]);
    assert!(
        text.contains(
            "re-roll: captain's or commander's re-roll: not called for: Activated; it stands\n"
        ),
        "{text}"
    );
    // No captain, no second throw: the fortified defender's re-roll of a 5 fails on a 2.
    let step = thrown(
        "activate",
        "unit=line action=charge cover=entrenchments",
        &[&[5], &[2]],
    );
    assert_eq!(step.decision.label, "Fails");
    // A failure re-rolled by the captain passes, the defender has it thrown again: it fails.
    let text = said(&[
        "roll",
        "activate",
        "unit=line",
        "action=charge",
        "cover=entrenchments",
        "captain",
        "--dice",
        "1",
        "--dice",
        "6",
        "--dice",
        "3",
    ]);
    assert!(
        text.contains("re-roll: fortified defender's re-roll: Activated, thrown again; the second throw stands\n"),
        "{text}"
    );
    assert!(text.contains("outcome: Fails\n"), "{text}");
}

#[test]
fn a_seeded_activation_is_the_same_every_time() {
    let args = [
        "roll",
        "activate",
        "unit=medium-artillery",
        "action=shoot",
        "captain",
        "--seed",
        "5",
    ];
    let first = said(&args);
    assert_eq!(said(&args), first);
    assert!(first.contains("(seed 5; replay with --seed 5)"), "{first}");
    // Seed 5 throws a 2 (4+ fails), the captain's re-roll a 4: activated.
    assert!(
        first.contains("1d6: 2 (rolled) = 2  (set aside by the re-roll)\n"),
        "{first}"
    );
    assert!(first.contains("outcome: Activated\n"), "{first}");
}

#[test]
fn an_activity_the_rules_do_not_allow_is_refused_with_the_rule() {
    for (situation, says) in [
        (
            "unit=indians action=charge",
            "action=charge refused by the rule Charging: it needs unit=line/grenadiers/skirmishers (it is indians)",
        ),
        (
            "unit=light-artillery action=charge",
            "refused by the rule Charging",
        ),
        (
            "unit=skirmishers action=volley",
            "refused by the rule Volley fire: it needs unit=line/grenadiers (it is skirmishers)",
        ),
        (
            "unit=line action=skirmish",
            "refused by the rule Skirmishing",
        ),
        (
            "unit=medium-artillery action=move-difficult",
            "refused by the rule Artillery in difficult terrain",
        ),
        (
            "unit=medium-artillery action=move has-fired",
            "refused by the rule Medium artillery that has fired: it needs not has-fired",
        ),
        (
            "unit=line action=shoot disorganised",
            "disorganised refused by the rule Disorganised units",
        ),
        (
            "unit=line action=move rallied",
            "rallied refused by the rule Rallied this turn",
        ),
    ] {
        let words: Vec<&str> = situation.split(' ').collect();
        for command in ["roll", "odds"] {
            let err = refused(&[&[command, "activate"][..], &words].concat());
            assert!(err.starts_with("error: "), "{err}");
            assert!(err.contains(says), "{situation}: {err}");
            assert_eq!(err.lines().count(), 1, "{err}");
        }
    }
    // The note says how to do it the rules' way.
    let err = refused(&[
        "roll",
        "activate",
        "unit=medium-artillery",
        "action=move",
        "fired",
    ]);
    assert!(
        err.contains("(Medium artillery cannot move once it has opened fire.)"),
        "{err}"
    );
}

#[test]
fn a_word_mistyped_is_refused_with_what_was_meant() {
    let err = refused(&["roll", "activate", "unit=line", "action=volly"]);
    assert!(err.contains("(did you mean `volley`?)"), "{err}");
    let err = refused(&["odds", "activate", "unit=line", "action=volley", "captian"]);
    assert!(err.contains("activate has no factor `captian`"), "{err}");
    assert!(err.contains("(did you mean `captain`?)"), "{err}");
    let err = refused(&["roll", "activat", "unit=line"]);
    assert!(err.contains("(did you mean `activate`?)"), "{err}");
    // Without the unit or the activity there is no score to read.
    let err = refused(&["odds", "activate", "unit=line"]);
    assert!(err.contains("activate needs `action`"), "{err}");
}
