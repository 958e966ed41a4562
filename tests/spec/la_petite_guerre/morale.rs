//! Morale and receiving a charge: the modifiers, the retreat of a failure, and the reason
//! for a check.

use super::{TestResult, chain, explained, first_step, line, lpg, p_of, pairs, plan, roll};

#[test]
fn morale_passes_on_8_or_more() -> TestResult {
    let r = lpg()?;
    let odds = first_step(&r, "morale", "")?;
    assert_eq!(odds, pairs(&[("Pass", "5/12"), ("Fail", "7/12")])); // 8..12: 5+4+3+2+1 = 15 of 36
    assert_eq!(
        roll(&r, "morale", "reason=unpin", &[&[4, 4]])?
            .decision
            .result,
        "pass"
    ); // doubles are no matter here
    assert_eq!(
        roll(&r, "morale", "reason=unpin", &[&[3, 4], &[1, 1]])?
            .decision
            .result,
        "fail"
    );
    Ok(())
}

#[test]
fn morale_with_several_modifiers() -> TestResult {
    let r = lpg()?;
    // Rangers +2, in a formed unit +2, officer within 6" +1 (README reading), lightly wounded −1 = +4.
    let text = "troop=rangers formed officer wound=light reason=wound";
    let p = plan(&r, "morale", text)?;
    assert_eq!(p.sides[0].net, 4);
    assert_eq!(line(&p.sides[0].modifiers, "officer within 6").value, 1);
    assert_eq!(
        first_step(&r, "morale", text)?,
        pairs(&[("Pass", "11/12"), ("Fail", "1/12")])
    ); // 4..12: 33 of 36
    // Indians charging from hiding +2, no enemy within 24" +3 = +5: 3..12 pass, 35 of 36.
    let text = "troop=indians from-hiding no-enemy-near";
    assert_eq!(plan(&r, "morale", text)?.sides[0].net, 5);
    assert_eq!(p_of(&first_step(&r, "morale", text)?, "Pass"), "35/36");
    // Civilians −2, hit by artillery −3, pinned −2, severely wounded −3 = −10: nothing passes.
    let text = "troop=civilians artillery-hit pinned wound=severe";
    assert_eq!(plan(&r, "morale", text)?.sides[0].net, -10);
    assert_eq!(first_step(&r, "morale", text)?, pairs(&[("Fail", "1")]));
    // Militia behind held fortifications +3, outnumbered in melee −1 = +2: 6..12 pass, 26 of 36.
    let text = "troop=militia fortified outnumbered=2";
    assert_eq!(plan(&r, "morale", text)?.sides[0].net, 2);
    assert_eq!(p_of(&first_step(&r, "morale", text)?, "Pass"), "13/18");
    Ok(())
}

#[test]
fn indian_only_morale_modifiers_need_indians() -> TestResult {
    let r = lpg()?;
    for flag in ["charging-unformed", "from-hiding", "charging-formed"] {
        let p = plan(&r, "morale", &format!("troop=regulars {flag}"))?;
        assert_eq!(
            p.sides[0].net, 0,
            "{flag} without troop=indians: {:?}",
            p.sides[0].modifiers
        );
    }
    Ok(())
}

#[test]
fn morale_troop_modifiers() -> TestResult {
    let r = lpg()?;
    for (troop, net) in [
        ("rangers", 2),
        ("coureurs", 2),
        ("grenadiers", 2),
        ("scots", 2),
        ("civilians", -2),
        ("regulars", 0),
        ("indians", 0),
        ("militia", 0),
    ] {
        assert_eq!(
            plan(&r, "morale", &format!("troop={troop}"))?.sides[0].net,
            net,
            "troop={troop}"
        );
    }
    // Indians, civilians and militia hit by artillery −3; others are not.
    assert_eq!(
        plan(&r, "morale", "troop=militia artillery-hit")?.sides[0].net,
        -3
    );
    assert_eq!(
        plan(&r, "morale", "troop=regulars artillery-hit")?.sides[0].net,
        0
    );
    Ok(())
}

#[test]
fn a_failed_morale_check_retreats_2d6_inches() -> TestResult {
    let r = lpg()?;
    let step = roll(&r, "morale", "reason=wound", &[&[1, 2], &[3, 4]])?;
    assert_eq!(step.decision.result, "fail");
    assert_eq!(step.chance.to_string(), "7/12");
    assert_eq!(step.next.len(), 1);
    assert_eq!(step.next[0].procedure, "retreat");
    assert_eq!(step.next[0].decision.amount, Some(7));
    assert_eq!(step.outcome(), "Fail › 7 inches");
    assert_eq!(
        chain(&r, "morale", "reason=wound")?,
        pairs(&[("Pass", "5/12"), ("Fail › retreat 2-12 inches", "7/12")])
    );
    // A pass retreats nowhere.
    assert!(
        roll(&r, "morale", "reason=wound", &[&[6, 2]])?
            .next
            .is_empty()
    );
    Ok(())
}

#[test]
fn a_failure_before_charging_a_line_or_works_does_not_retreat() -> TestResult {
    let r = lpg()?;
    for reason in ["charging-line", "charging-works"] {
        let text = format!("reason={reason}");
        let step = roll(&r, "morale", &text, &[&[1, 2]])?;
        assert_eq!(step.decision.result, "fail", "{reason}");
        assert!(step.next.is_empty(), "{reason}: no retreat");
        assert_eq!(step.outcome(), "Fail");
        assert_eq!(
            chain(&r, "morale", &text)?,
            pairs(&[("Pass", "5/12"), ("Fail", "7/12")])
        );
    }
    Ok(())
}

#[test]
fn the_reason_for_a_morale_check_is_explained() -> TestResult {
    let r = lpg()?;
    let text = explained(&r, "morale", "reason=charging-line", &[&[1, 2]]);
    assert!(text.contains("a failure does not retreat"), "{text}");
    let text = explained(&r, "morale", "reason=unpin", &[&[6, 6]]);
    assert!(text.contains("optional, costs an action"), "{text}");
    let text = explained(&r, "morale", "reason=wound", &[&[6, 6]]);
    assert!(text.contains("mandatory, no action"), "{text}");
    Ok(())
}

#[test]
fn receiving_a_charge() -> TestResult {
    let r = lpg()?;
    // The same 2d6 and 8+ as morale, but a failure means −1 in the first round, not a retreat.
    assert_eq!(
        chain(&r, "charge-reaction", "")?,
        pairs(&[
            ("May fire at the chargers", "5/12"),
            ("No fire; -1 in the first round of melee", "7/12")
        ])
    );
    // Formed +2, officer +1 = +3: 5..12 pass, 30 of 36.
    let text = "formed officer";
    assert_eq!(plan(&r, "charge-reaction", text)?.sides[0].net, 3);
    assert_eq!(
        p_of(
            &chain(&r, "charge-reaction", text)?,
            "May fire at the chargers"
        ),
        "5/6"
    );
    let step = roll(&r, "charge-reaction", "", &[&[2, 1]])?;
    assert_eq!(step.decision.result, "fail");
    assert!(step.next.is_empty(), "a failed reaction does not retreat");
    // That failure is a −1 in the first round of melee.
    assert_eq!(
        plan(&r, "melee", "defender.failed-reaction")?.sides[1].net,
        -1
    );
    Ok(())
}

/// The checks a roll calls for, as the words `roll --json` gives them: `morale reason=volley`.
fn checks(step: &crate::support::Step) -> Vec<String> {
    let mut out: Vec<String> = step
        .follow_ups
        .iter()
        .map(|f| format!("{} {}", f.procedure, f.args.join(" ")))
        .collect();
    for n in &step.next {
        out.extend(checks(n));
    }
    out
}

#[test]
fn receiving_volley_fire_calls_for_a_check_hit_or_not() -> TestResult {
    let r = lpg()?;
    // 1+2 and +4 (line troops +1, volleying +3) is 7: a miss.
    let miss = roll(&r, "shoot", "troop=line volley target=militia", &[&[1, 2]])?;
    assert_eq!(miss.decision.result, "miss");
    assert_eq!(checks(&miss), ["morale reason=volley troop=militia"]);
    // A hit that wounds calls for both checks: the wound's first, then the volley's.
    let text = "troop=line volley target=marine target-pinned";
    let hit = roll(&r, "shoot", text, &[&[3, 4], &[1, 2]])?;
    assert_eq!(hit.outcome(), "Hit › Light wound");
    let mut both = checks(&hit);
    both.sort();
    assert_eq!(
        both,
        [
            "morale pinned reason=volley troop=marine",
            "morale pinned reason=wound troop=marine wound=light",
        ]
    );
    let said = explained(&r, "shoot", text, &[&[3, 4], &[1, 2]]);
    let musts: Vec<&str> = said
        .lines()
        .filter(|l| l.starts_with("must follow: "))
        .collect();
    assert_eq!(
        musts,
        [
            "must follow: umpire roll morale pinned reason=wound troop=marine wound=light   \
             (the wounded figure tests at once)",
            "must follow: umpire roll morale pinned reason=volley troop=marine   \
             (every potential target of a volley tests, hit or not)",
        ]
    );
    let text = explained(&r, "shoot", "troop=line volley target=militia", &[&[1, 2]]);
    assert!(
        text.contains(
            "must follow: umpire roll morale reason=volley troop=militia   \
             (every potential target of a volley tests, hit or not)\n"
        ),
        "{text}"
    );
    // No volley, no check: a single shot that misses calls for none.
    let single = roll(&r, "shoot", "troop=line target=militia", &[&[1, 2]])?;
    assert!(checks(&single).is_empty(), "{:?}", checks(&single));
    Ok(())
}

#[test]
fn troops_shot_at_by_artillery_test_with_the_artillery_modifier() -> TestResult {
    let r = lpg()?;
    for target in [
        "indians",
        "militia",
        "frontiersmen",
        "coureurs",
        "civilians",
    ] {
        let text = format!("troop=line weapon=ball target={target}");
        let step = roll(&r, "shoot", &text, &[&[1, 2]])?;
        assert_eq!(step.decision.result, "miss", "{target}");
        assert_eq!(
            checks(&step),
            [format!(
                "morale artillery-hit reason=artillery troop={target}"
            )],
            "{target}"
        );
    }
    // Canister too; but line troops shot at by artillery, or muskets, call for none.
    let step = roll(&r, "shoot", "weapon=canister target=indians", &[&[1, 2]])?;
    assert_eq!(
        checks(&step),
        ["morale artillery-hit reason=artillery troop=indians"]
    );
    for text in ["weapon=ball target=regulars", "target=indians"] {
        let step = roll(&r, "shoot", text, &[&[1, 2]])?;
        assert!(checks(&step).is_empty(), "{text}: {:?}", checks(&step));
    }
    // The check counts -3 for indians, civilians and militia hit by artillery, not others.
    let p = plan(&r, "morale", "artillery-hit reason=artillery troop=indians")?;
    assert_eq!(p.sides[0].net, -3);
    let p = plan(
        &r,
        "morale",
        "artillery-hit reason=artillery troop=coureurs",
    )?;
    assert_eq!(p.sides[0].net, 2);
    Ok(())
}
