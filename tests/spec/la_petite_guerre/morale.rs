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
