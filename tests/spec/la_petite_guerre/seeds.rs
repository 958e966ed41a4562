//! Seeds and entered faces: a seeded roll replays exactly, typed faces come first, and
//! every distribution adds up to exactly one.

use crate::support::{Step, sum_is_one};

use super::{TestResult, lpg, roll};

#[test]
fn a_seeded_roll_is_explained_and_replays_exactly() -> TestResult {
    let r = lpg()?;
    let text =
        "troop=line weapon=rifle range=20 cover=half wound=light initial-shot target=militia";
    let first = r.seeded("shoot", text, 7, &[]);
    let again = r.seeded("shoot", text, 7, &[]);
    let faces = |s: &Step| -> Vec<Vec<i64>> {
        let mut v: Vec<Vec<i64>> = s.throws.iter().map(|t| t.faces.clone()).collect();
        v.extend(
            s.next
                .iter()
                .flat_map(|n| n.throws.iter().map(|t| t.faces.clone())),
        );
        v
    };
    assert_eq!(faces(&first), faces(&again));
    assert_eq!(first.outcome(), again.outcome());
    assert!(first.throws.iter().all(|t| !t.entered));
    // The outcome follows from the faces: net +2 (rifle at 20" is effective range).
    let to_hit = &first.throws[0].faces;
    assert_eq!(to_hit.len(), 2);
    let expected = if to_hit[0] == to_hit[1] {
        "misfire"
    } else if to_hit.iter().sum::<i64>() + 2 >= 8 {
        "hit"
    } else {
        "miss"
    };
    assert_eq!(first.decision.result, expected, "faces {to_hit:?}");
    assert_eq!(first.sides[0].net, 2);
    let outcome = first.outcome();
    assert!(outcome.starts_with(&first.decision.label), "{outcome}");
    assert_eq!(first.next.is_empty(), expected != "hit");
    // A different seed gives, over a few throws, different faces.
    let differs = (8..40).any(|seed| faces(&r.seeded("shoot", text, seed, &[])) != faces(&first));
    assert!(differs);
    Ok(())
}

#[test]
fn entered_faces_come_first_then_the_generator() -> TestResult {
    let r = lpg()?;
    let step = r.seeded("shoot", "target=militia", 3, &[&[6, 5]]);
    assert!(step.throws[0].entered);
    assert_eq!(step.throws[0].faces, vec![6, 5]);
    assert_eq!(step.decision.result, "hit");
    assert_eq!(step.chance.to_string(), "1/3");
    let wound = step.next.first().ok_or("a hit rolls on the hit table")?;
    assert!(!wound.throws[0].entered);
    assert!(step.outcome().starts_with("Hit › "), "{}", step.outcome());
    Ok(())
}

#[test]
fn the_worked_example_resolved_with_entered_dice() -> TestResult {
    let r = lpg()?;
    let text =
        "troop=line weapon=rifle range=long cover=half wound=light initial-shot target=militia";
    // 4+3 +2 = 9: hit; then 1+2 +2 (militia) = 5: no effect.
    let step = roll(&r, "shoot", text, &[&[4, 3], &[1, 2]])?;
    assert_eq!(step.decision.totals, vec![9]);
    assert_eq!(step.chance.to_string(), "11/18");
    assert_eq!(step.outcome(), "Hit › No effect");
    assert_eq!(step.next[0].chance.to_string(), "2/9");
    // 2+3 +2 = 7: a miss by one.
    assert_eq!(roll(&r, "shoot", text, &[&[2, 3]])?.outcome(), "Miss");
    Ok(())
}

#[test]
fn every_distribution_adds_up_to_one() -> TestResult {
    let r = lpg()?;
    let cases: &[(&str, &str)] = &[
        ("shoot", ""),
        (
            "shoot",
            "troop=militia weapon=pistol range=40 target=civilians",
        ),
        (
            "shoot",
            "troop=scots volley target-formed target=grenadiers cover=natural",
        ),
        ("hit-result", "target=coureurs"),
        (
            "melee",
            "attacker.troop=indians attacker.charging defender.troop=regulars defender.formed defender.outnumbered=4",
        ),
        ("morale", "reason=rally troop=scots panicked"),
        ("charge-reaction", "troop=militia"),
        ("move", "formation=column rough obstacle"),
        ("move", "craft=bateau men=8 current=1 wound=severe"),
        ("spot", "distance=9"),
        ("hidden-move", "moved=14"),
    ];
    for (procedure, text) in cases {
        let odds = r.try_odds(procedure, text)?;
        let first = odds.steps.first().ok_or("odds with no step")?;
        assert!(
            sum_is_one(first.outcomes.iter().map(|o| &o.probability)),
            "{procedure} {text}: first step"
        );
        assert!(
            sum_is_one(odds.outcomes.iter().map(|o| &o.probability)),
            "{procedure} {text}: final outcomes"
        );
    }
    Ok(())
}
