//! Rallying and the disruption test: 3 or more on 1d6, +1 for a regular next to a regular and
//! for an irregular in cover, the captain's or commander's re-roll of a failure, and a
//! failure routing the unit once the army's resolve is lost.

use super::{expect, fiw, passes, said, thrown};

fn rallies(situation: &str, p: &str) {
    passes("rally", situation, "Rallied", "Disorganised", p);
}

#[test]
fn three_or_more_rallies_with_a_point_for_support_or_cover() {
    rallies("", "2/3");
    rallies("unit=line", "2/3");
    // A regular next to a regular: 2+ is 5/6; an irregular in cover likewise.
    rallies("unit=line adjacent-regular", "5/6");
    rallies("unit=medium-artillery adjacent-regular", "5/6");
    rallies("unit=indians cover=woods", "5/6");
    rallies("unit=skirmishers cover=any", "5/6");
    // Each point only for its own kind of unit.
    rallies("unit=indians adjacent-regular", "2/3");
    rallies("unit=line cover=woods", "2/3");
}

#[test]
fn a_captain_or_the_commander_re_rolls_a_failed_rally() {
    // 1 - (1/3)^2 = 8/9; with the +1, 1 - (1/6)^2 = 35/36.
    expect(
        "rally",
        "captain",
        &[("Rallied", "8/9"), ("Disorganised", "1/9")],
    );
    rallies("unit=grenadiers adjacent-regular commander", "35/36");
    let step = thrown("rally", "unit=line commander", &[&[2], &[3]]);
    assert_eq!(step.decision.label, "Rallied");
    assert_eq!(step.rerolls.len(), 1);
}

#[test]
fn once_the_army_s_resolve_is_lost_a_failed_rally_routs_the_unit() {
    // The failure (1/3) routs instead of disorganising.
    expect(
        "rally",
        "unit=line resolve-lost",
        &[("Rallied", "2/3"), ("Routs", "1/3")],
    );
    // The re-roll still comes first: only two failures rout, 1/9.
    expect(
        "rally",
        "unit=indians resolve-lost captain",
        &[("Rallied", "8/9"), ("Routs", "1/9")],
    );
    let text = said(&["roll", "rally", "unit=line", "resolve-lost", "--dice", "2"]);
    assert!(
        text.contains(
            "=> total 2 against 3 or more: Disorganised; the army's resolve is lost: Routs"
        ),
        "{text}"
    );
    assert!(
        text.contains("the unit routs and is removed from play"),
        "{text}"
    );
    assert!(text.contains("outcome: Routs\n"), "{text}");
}

#[test]
fn a_seeded_rally_replays() {
    let a = fiw().seeded("rally", "unit=skirmishers cover=fields captain", 11, &[]);
    let b = fiw().seeded("rally", "unit=skirmishers cover=fields captain", 11, &[]);
    assert_eq!(a.decision.label, b.decision.label);
    let faces = |s: &crate::support::Step| -> Vec<Vec<i64>> {
        s.throws.iter().map(|t| t.faces.clone()).collect()
    };
    assert_eq!(faces(&a), faces(&b));
    assert_eq!(a.chance.to_string(), "35/36");
}
