//! The results of being hit: the table by target, natural doubles, the ends of the table,
//! the whole chain of a shot, and the morale check a wound asks of the target.

use crate::support::{BUILTIN, Rules, sum_is_one, tempdir, write};

use super::{TestResult, applied, chain, first_step, lpg, p_of, pairs, plan, roll};

#[test]
fn hit_results_for_an_unlisted_troop_type() -> TestResult {
    let r = lpg()?;
    // No modifier: read the non-double total on the table.
    let expected = pairs(&[
        ("Killed", "1/6"),                  // natural doubles: 6 of 36
        ("Pinned", "1/18"),                 // 10: 2 of 36
        ("Light wound", "1/3"),             // 3, 6, 8, 11: 2+4+4+2 = 12 of 36
        ("Flee 6\" towards cover", "1/18"), // 4: 2 of 36
        ("No effect", "2/9"),               // 5, 9: 4+4 = 8 of 36
        ("Severe wound", "1/6"),            // 7: 6 of 36
    ]);
    assert_eq!(first_step(&r, "hit-result", "")?, expected);
    // Marine, rangers and scots are line troops with no modifier on this table.
    for target in ["marine", "rangers", "scots"] {
        assert_eq!(
            first_step(&r, "hit-result", &format!("target={target}"))?,
            expected,
            "target={target}"
        );
    }
    Ok(())
}

#[test]
fn hit_results_for_militia_and_civilians_plus_2() -> TestResult {
    let r = lpg()?;
    // Non-double totals +2: 3→5 NE(2) 4→6 LW(2) 5→7 SW(4) 6→8 LW(4) 7→9 NE(6) 8→10 P(4) 9→11 LW(4) 10→12 F(2) 11→13 F(2)
    let expected = pairs(&[
        ("Killed", "1/6"),                 // 6 of 36
        ("Pinned", "1/9"),                 // 4 of 36
        ("Light wound", "5/18"),           // 2+4+4 = 10 of 36
        ("Flee 6\" towards cover", "1/9"), // 2+2 = 4 of 36
        ("No effect", "2/9"),              // 2+6 = 8 of 36
        ("Severe wound", "1/9"),           // 4 of 36
    ]);
    for target in ["militia", "civilians"] {
        let p = plan(&r, "hit-result", &format!("target={target}"))?;
        assert_eq!(p.sides[0].net, 2, "target={target}");
        assert_eq!(
            first_step(&r, "hit-result", &format!("target={target}"))?,
            expected,
            "target={target}"
        );
    }
    Ok(())
}

#[test]
fn hit_results_for_regulars_grenadiers_and_lights_minus_1() -> TestResult {
    let r = lpg()?;
    // Non-double totals −1: 3→2 P(2) 4→3 LW(2) 5→4 F(4) 6→5 NE(4) 7→6 LW(6) 8→7 SW(4) 9→8 LW(4) 10→9 NE(2) 11→10 P(2)
    let expected = pairs(&[
        ("Killed", "1/6"),                 // 6 of 36
        ("Pinned", "1/9"),                 // 2+2 = 4 of 36
        ("Light wound", "1/3"),            // 2+6+4 = 12 of 36
        ("Flee 6\" towards cover", "1/9"), // 4 of 36
        ("No effect", "1/6"),              // 4+2 = 6 of 36
        ("Severe wound", "1/9"),           // 4 of 36
    ]);
    for target in ["regulars", "grenadiers", "lights"] {
        let p = plan(&r, "hit-result", &format!("target={target}"))?;
        // Grenadiers are regulars of a kind, but the −1 applies once (README reading).
        assert_eq!(
            p.sides[0].net, -1,
            "target={target}: {:?}",
            p.sides[0].modifiers
        );
        assert_eq!(applied(&p.sides[0].modifiers).len(), 1, "target={target}");
        assert_eq!(
            first_step(&r, "hit-result", &format!("target={target}"))?,
            expected,
            "target={target}"
        );
    }
    Ok(())
}

#[test]
fn hit_results_for_indians_frontiersmen_and_coureurs_plus_1() -> TestResult {
    let r = lpg()?;
    // Non-double totals +1: 3→4 F(2) 4→5 NE(2) 5→6 LW(4) 6→7 SW(4) 7→8 LW(6) 8→9 NE(4) 9→10 P(4) 10→11 LW(2) 11→12 F(2)
    let expected = pairs(&[
        ("Killed", "1/6"),                 // 6 of 36
        ("Pinned", "1/9"),                 // 4 of 36
        ("Light wound", "1/3"),            // 4+6+2 = 12 of 36
        ("Flee 6\" towards cover", "1/9"), // 2+2 = 4 of 36
        ("No effect", "1/6"),              // 2+4 = 6 of 36
        ("Severe wound", "1/9"),           // 4 of 36
    ]);
    for target in ["indians", "frontiersmen", "coureurs"] {
        assert_eq!(
            plan(&r, "hit-result", &format!("target={target}"))?.sides[0].net,
            1,
            "target={target}"
        );
        assert_eq!(
            first_step(&r, "hit-result", &format!("target={target}"))?,
            expected,
            "target={target}"
        );
    }
    Ok(())
}

#[test]
fn natural_doubles_kill_on_the_hit_table_whatever_the_modifier() -> TestResult {
    let r = lpg()?;
    for target in ["militia", "regulars", "indians"] {
        for double in [[1, 1], [4, 4], [6, 6]] {
            let step = roll(&r, "hit-result", &format!("target={target}"), &[&double])?;
            assert_eq!(step.decision.result, "killed", "target={target} {double:?}");
            assert_eq!(step.chance.to_string(), "1/6");
        }
    }
    Ok(())
}

#[test]
fn the_hit_table_is_read_within_1_to_13() -> TestResult {
    let r = lpg()?;
    let rules = r
        .test_run()
        .args(["rules", "hit-result"])
        .stderr("")
        .run()
        .stdout;
    assert!(
        rules.contains("\ntable (totals read within 1..13):\n"),
        "hit-result has no table read within 1..13: {rules}"
    );
    // The highest reachable total: militia 5+6+2 = 13, the top row.
    let top = roll(&r, "hit-result", "target=militia", &[&[5, 6]])?;
    assert_eq!(top.decision.totals, vec![13]);
    assert_eq!(top.decision.result, "flee");
    // The lowest reachable: regulars 1+2−1 = 2.
    let low = roll(&r, "hit-result", "target=regulars", &[&[1, 2]])?;
    assert_eq!(low.decision.totals, vec![2]);
    assert_eq!(low.decision.result, "pinned");

    // A house rule with bigger modifiers goes beyond the table and is read at its ends.
    // (The built-in table, copied with the target modifiers of hit-result changed, in a file
    // named after its ruleset: the file a roll or odds reads for it.)
    let modifier = "{factor: target, values: {regulars: -1, grenadiers: -1, lights: -1, indians: 1, frontiersmen: 1, coureurs: 1, militia: 2, civilians: 2}}";
    assert_eq!(
        BUILTIN.matches(modifier).count(),
        1,
        "hit-result's target modifier"
    );
    let tables = tempdir();
    write(
        &tables.path().join("la-petite-guerre.yaml"),
        BUILTIN.replace(
            modifier,
            "{factor: target, values: {regulars: -5, grenadiers: -1, lights: -1, indians: 1, frontiersmen: 1, coureurs: 1, militia: 5, civilians: 2}}",
        ),
    );
    let house = Rules::from_dir(tables.path(), "la-petite-guerre");
    // 5+6+5 = 16, read as 13: flee.
    let high = roll(&house, "hit-result", "target=militia", &[&[5, 6]])?;
    assert_eq!(
        (high.decision.totals.clone(), high.decision.result.as_str()),
        (vec![16], "flee")
    );
    assert_eq!(
        high.decision.read,
        serde_json::json!({"kind": "table", "total": 16, "read": 13})
    );
    // 1+2−5 = −2, read as 1: pinned.
    let under = roll(&house, "hit-result", "target=regulars", &[&[1, 2]])?;
    assert_eq!(
        (
            under.decision.totals.clone(),
            under.decision.result.as_str()
        ),
        (vec![-2], "pinned")
    );
    assert_eq!(
        under.decision.read,
        serde_json::json!({"kind": "table", "total": -2, "read": 1})
    );
    // Militia +5: non-doubles 3..6 → 8..11 (LW 2, NE 2, P 4, LW 4), 7..11 → 12+ flee (6+4+4+2+2 = 18).
    let odds = first_step(&house, "hit-result", "target=militia")?;
    assert_eq!(p_of(&odds, "Flee 6\" towards cover"), "1/2"); // 18 of 36
    assert_eq!(p_of(&odds, "Light wound"), "1/6"); // 2+4 = 6 of 36
    Ok(())
}

#[test]
fn the_whole_chain_of_the_worked_example_at_militia() -> TestResult {
    let r = lpg()?;
    let text =
        "troop=line weapon=rifle range=long cover=half wound=light initial-shot target=militia";
    let expected = pairs(&[
        ("Misfire", "1/6"),                         // 6 of 36
        ("Hit › Killed", "11/108"),                 // 11/18 × 1/6
        ("Hit › Pinned", "11/162"),                 // 11/18 × 1/9
        ("Hit › Light wound", "55/324"),            // 11/18 × 5/18
        ("Hit › Flee 6\" towards cover", "11/162"), // 11/18 × 1/9
        ("Hit › No effect", "11/81"),               // 11/18 × 2/9
        ("Hit › Severe wound", "11/162"),           // 11/18 × 1/9
        ("Miss", "2/9"),                            // 8 of 36
    ]);
    assert_eq!(chain(&r, "shoot", text)?, expected);
    // The probabilities add up to exactly one.
    let odds = r.try_odds("shoot", text)?;
    assert!(sum_is_one(odds.outcomes.iter().map(|o| &o.probability)));
    Ok(())
}

#[test]
fn the_chain_with_no_factors() -> TestResult {
    let r = lpg()?;
    let expected = pairs(&[
        ("Misfire", "1/6"),
        ("Hit › Killed", "1/18"),                 // 1/3 × 1/6
        ("Hit › Pinned", "1/54"),                 // 1/3 × 1/18
        ("Hit › Light wound", "1/9"),             // 1/3 × 1/3
        ("Hit › Flee 6\" towards cover", "1/54"), // 1/3 × 1/18
        ("Hit › No effect", "2/27"),              // 1/3 × 2/9
        ("Hit › Severe wound", "1/18"),           // 1/3 × 1/6
        ("Miss", "1/2"),
    ]);
    assert_eq!(chain(&r, "shoot", "")?, expected);
    Ok(())
}

#[test]
fn a_wound_makes_the_target_not_the_firer_test_morale() -> TestResult {
    let r = lpg()?;
    // Regulars (pinned firer) shoot at pinned militia: 6+5 +1 −2 = 10 hits; 1+3 +2 = 6: light wound.
    let step = roll(
        &r,
        "shoot",
        "troop=regulars pinned target=militia target-pinned",
        &[&[6, 5], &[1, 3]],
    )?;
    assert_eq!(step.outcome(), "Hit › Light wound");
    let wound = &step.next[0];
    assert_eq!(wound.decision.totals, vec![6]);
    let follow = wound
        .follow_ups
        .first()
        .ok_or("a light wound must be followed by a morale check")?;
    assert_eq!(follow.procedure, "morale");
    assert!(
        follow.args.contains(&"troop=militia".to_string()),
        "{:?}",
        follow.args
    );
    assert!(
        !follow.args.contains(&"troop=regulars".to_string()),
        "{:?}",
        follow.args
    );
    assert!(
        follow.args.contains(&"reason=wound".to_string()),
        "{:?}",
        follow.args
    );
    assert!(
        follow.args.contains(&"wound=light".to_string()),
        "{:?}",
        follow.args
    );
    assert!(
        follow.args.contains(&"pinned".to_string()),
        "the target was pinned: {:?}",
        follow.args
    );
    // 3+2 +2 = 7: a severe wound.
    let severe = roll(
        &r,
        "shoot",
        "troop=regulars pinned target=militia",
        &[&[6, 5], &[3, 2]],
    )?;
    assert_eq!(severe.outcome(), "Hit › Severe wound");
    let follow = severe.next[0]
        .follow_ups
        .first()
        .ok_or("a severe wound must be followed by a morale check")?;
    assert!(
        follow.args.contains(&"wound=severe".to_string()),
        "{:?}",
        follow.args
    );
    assert!(
        !follow.args.contains(&"pinned".to_string()),
        "the firer's pin is not the target's: {:?}",
        follow.args
    );
    Ok(())
}

// Doubtful behaviour found by these tests:

#[test]
fn a_second_wound_from_a_shot_kills() -> TestResult {
    let r = lpg()?;
    // 3 and 4 (7) with no target modifier is a severe wound; on a wounded figure it kills.
    let step = roll(&r, "hit-result", "target-wound=light", &[&[3, 4]])?;
    assert!(step.outcome().contains("Killed"), "got {}", step.outcome());
    let step = roll(&r, "hit-result", "target-wound=none", &[&[3, 4]])?;
    assert!(
        step.outcome().contains("Severe wound"),
        "got {}",
        step.outcome()
    );
    // A militiaman (+2): of 36 throws, 6 are natural doubles (killed) and 14 read as a wound
    // (6 light, 7 severe, 8 light and 11 light: 2 + 4 + 4 + 4). Wounded already, all 20 kill.
    let fresh = first_step(&r, "hit-result", "target=militia")?;
    assert_eq!(p_of(&fresh, "Killed"), "1/6");
    assert_eq!(p_of(&fresh, "Light wound"), "5/18");
    assert_eq!(p_of(&fresh, "Severe wound"), "1/9");
    let wounded = first_step(&r, "hit-result", "target=militia target-wound=light")?;
    assert_eq!(p_of(&wounded, "Killed"), "5/9");
    assert_eq!(p_of(&wounded, "Light wound"), "0");
    assert_eq!(p_of(&wounded, "Severe wound"), "0");
    // Through the shot: the firer's `target-wound` reaches the results of being hit.
    let shot = chain(&r, "shoot", "target=militia target-wound=severe")?;
    assert!(shot.iter().all(|(o, _)| !o.contains("wound")), "{shot:?}");
    Ok(())
}
