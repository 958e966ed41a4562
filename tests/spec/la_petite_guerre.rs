//! Specification tests for La Petite Guerre (rule document 000, with the readings in the rules
//! README), through the binary (`umpire odds --json`,
//! `umpire roll --dice ... --json`). Every probability is exact and worked out by hand in the
//! comment beside it.
//!
//! Hand arithmetic used throughout:
//! - 2d6 totals 2..12 come in 1,2,3,4,5,6,5,4,3,2,1 ways out of 36.
//! - 2d6 totals that are NOT doubles (30 throws): 3:2 4:2 5:4 6:4 7:6 8:4 9:4 10:2 11:2.
//! - 3d6 totals 3..18 come in 1,3,6,10,15,21,25,27,27,25,21,15,10,6,3,1 ways out of 216.
//! - The difference of two d6 (a − d) is k in 6 − |k| ways out of 36.

use std::error::Error as StdError;

use serde_json::json;

use crate::support::{BUILTIN, ModLine, Plan, Rules, Step, sum_is_one, tempdir, write};

type TestResult = Result<(), Box<dyn StdError>>;

/// A roll's dice: (count, drop highest, drop lowest).
type Dice = (usize, usize, usize);

// ----- helpers ----------------------------------------------------------------------------------

/// The built-in (primary) ruleset: La Petite Guerre.
fn lpg() -> Result<Rules, Box<dyn StdError>> {
    Ok(Rules::builtin())
}

/// The plan of the first step of `procedure` in the situation `text` (`odds --json`).
fn plan(r: &Rules, procedure: &str, text: &str) -> Result<Plan, Box<dyn StdError>> {
    let odds = r.try_odds(procedure, text)?;
    Ok(odds.steps.into_iter().next().ok_or("odds with no step")?)
}

/// First-step-only odds, as (outcome, "n/d"); an opposed roll's outcomes name the loser.
fn first_step(
    r: &Rules,
    procedure: &str,
    text: &str,
) -> Result<Vec<(String, String)>, Box<dyn StdError>> {
    Ok(plan(r, procedure, text)?
        .outcomes
        .into_iter()
        .map(|d| {
            let label = match &d.loser {
                Some(l) => format!("{l}: {}", d.label),
                None => d.label.clone(),
            };
            (label, d.probability.to_string())
        })
        .collect())
}

/// Odds of every final outcome of the whole chain, as (outcome, "n/d").
fn chain(
    r: &Rules,
    procedure: &str,
    text: &str,
) -> Result<Vec<(String, String)>, Box<dyn StdError>> {
    Ok(r.try_odds(procedure, text)?
        .outcomes
        .into_iter()
        .map(|o| (o.outcome, o.probability.to_string()))
        .collect())
}

/// The probability listed for `label` ("0" when the outcome cannot happen).
fn p_of(rows: &[(String, String)], label: &str) -> String {
    rows.iter()
        .find(|(l, _)| l == label)
        .map_or_else(|| "0".to_string(), |(_, p)| p.clone())
}

fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
    expected
        .iter()
        .map(|(l, p)| ((*l).to_string(), (*p).to_string()))
        .collect()
}

/// Resolve a whole chain with the faces given, in order (`roll --dice`; the binary refuses
/// faces left unused).
fn roll(
    r: &Rules,
    procedure: &str,
    text: &str,
    dice: &[&[i64]],
) -> Result<Step, Box<dyn StdError>> {
    Ok(r.try_roll(procedure, text, dice)?)
}

/// The modifier line whose label starts with `label`.
fn line<'a>(mods: &'a [ModLine], label: &str) -> &'a ModLine {
    mods.iter()
        .find(|m| m.label.starts_with(label))
        .unwrap_or_else(|| panic!("no modifier line `{label}` among {mods:#?}"))
}

/// (label, value) of the modifier lines that count.
fn applied(mods: &[ModLine]) -> Vec<(String, i64)> {
    mods.iter()
        .filter(|m| m.applied)
        .map(|m| (m.label.clone(), m.value))
        .collect()
}

/// The dice of the only side, as a roll shows them (`3d6 drop highest 1`, `no roll: 6`).
fn dice_text(r: &Rules, procedure: &str, text: &str) -> Result<String, Box<dyn StdError>> {
    let step = r.try_roll_with(procedure, text, &["--seed".into(), "1".into()])?;
    let dice = &step.sides.first().ok_or("a step with no side")?.dice;
    Ok(match dice {
        serde_json::Value::Number(n) => format!("no roll: {n}"),
        other => other
            .as_str()
            .ok_or("dice neither words nor a number")?
            .to_string(),
    })
}

/// The band a measured range became, as the roll read it.
fn range_band(r: &Rules, text: &str) -> Result<String, Box<dyn StdError>> {
    let step = r.try_roll_with("shoot", text, &["--seed".into(), "1".into()])?;
    let side = step.sides.first().ok_or("a step with no side")?;
    match side.factors.iter().find(|f| f.name == "range") {
        Some(f) => Ok(f.value.clone()),
        None => Err(format!("range was not turned into a band: {:?}", side.factors).into()),
    }
}

/// (dice count, drop highest, drop lowest) of the only side; None for a fixed amount.
fn dice_of(r: &Rules, procedure: &str, text: &str) -> Result<Option<Dice>, Box<dyn StdError>> {
    let dice = dice_text(r, procedure, text)?;
    if dice.starts_with("no roll") {
        return Ok(None);
    }
    let words: Vec<&str> = dice.split_whitespace().collect();
    let count = words
        .first()
        .and_then(|w| w.split_once('d'))
        .map(|(n, _)| if n.is_empty() { Ok(1) } else { n.parse() })
        .ok_or_else(|| format!("dice `{dice}`"))??;
    let dropped = |which: &str| -> Result<usize, Box<dyn StdError>> {
        match words.windows(3).find(|w| w[0] == "drop" && w[1] == which) {
            Some(w) => Ok(w[2].parse()?),
            None => Ok(0),
        }
    };
    Ok(Some((count, dropped("highest")?, dropped("lowest")?)))
}

/// The text a roll prints, with the faces given.
fn explained(r: &Rules, procedure: &str, text: &str, dice: &[&[i64]]) -> String {
    let faces = dice.iter().map(|d| {
        let f: Vec<String> = d.iter().map(ToString::to_string).collect();
        format!("--dice={}", f.join(","))
    });
    r.test_run()
        .args(["roll", procedure])
        .args(text.split_whitespace())
        .args(faces)
        .stderr("")
        .run()
        .stdout
}

// ----- Buck and Ball (shooting) -----------------------------------------------------------------

#[test]
fn shooting_with_no_factors_needs_8_and_doubles_misfire() -> TestResult {
    let r = lpg()?;
    let p = plan(&r, "shoot", "")?;
    assert_eq!(p.sides[0].net, 0);
    assert!(applied(&p.sides[0].modifiers).is_empty());
    let odds = first_step(&r, "shoot", "")?;
    assert_eq!(
        odds,
        pairs(&[
            ("Misfire", "1/6"), // 6 doubles of 36
            ("Hit", "1/3"),     // non-doubles 8..11: 4+4+2+2 = 12 of 36
            ("Miss", "1/2"),    // the other 30 − 12 = 18 of 36
        ])
    );
    Ok(())
}

#[test]
fn the_worked_example_nets_plus_2() -> TestResult {
    // Line troops with rifles, long range, target in half cover, firer lightly wounded, initial shot.
    let r = lpg()?;
    let text = "troop=line weapon=rifle range=long cover=half wound=light initial-shot";
    let p = plan(&r, "shoot", text)?;
    let mods = &p.sides[0].modifiers;
    // Troop-type modifiers all apply.
    assert!(line(mods, "line troops").applied && line(mods, "line troops").value == 1);
    assert!(line(mods, "armed with rifle").applied && line(mods, "armed with rifle").value == 1);
    // Situational: only the greatest positive (+2 initial shot) and the greatest negative (one −2).
    assert!(line(mods, "initial shot").applied && line(mods, "initial shot").value == 2);
    let half = line(mods, "target in half cover");
    let long = line(mods, "long range");
    assert_eq!((half.value, long.value), (-2, -2));
    assert_eq!(
        usize::from(half.applied) + usize::from(long.applied),
        1,
        "exactly one of the two −2s counts"
    );
    let light = line(mods, "firer lightly wounded");
    assert_eq!(light.value, -1);
    assert!(!light.applied, "−1 is not the greatest negative");
    let by = |l: &ModLine| {
        l.why
            .as_ref()
            .map(|w| (w["why"].clone(), w["positive"].clone()))
    };
    assert_eq!(
        by(light),
        Some((json!("superseded"), json!(false))),
        "set aside by the greatest negative: {light:?}"
    );
    // +1 +1 +2 −2 = +2
    assert_eq!(p.sides[0].net, 2);
    let odds = first_step(&r, "shoot", text)?;
    assert_eq!(p_of(&odds, "Misfire"), "1/6"); // 6 doubles of 36, whatever the modifiers
    assert_eq!(p_of(&odds, "Hit"), "11/18"); // non-doubles 6..11 (+2 makes 8+): 4+6+4+4+2+2 = 22 of 36
    assert_eq!(p_of(&odds, "Miss"), "2/9"); // non-doubles 3..5: 2+2+4 = 8 of 36
    Ok(())
}

#[test]
fn only_the_greatest_situational_modifiers_apply_but_every_troop_modifier_does() -> TestResult {
    let r = lpg()?;
    let text = "troop=militia weapon=pistol range=extreme cover=building wound=severe pinned volley target-formed initial-shot unspotted fortified";
    let p = plan(&r, "shoot", text)?;
    let got = applied(&p.sides[0].modifiers);
    let values: Vec<i64> = got.iter().map(|(_, v)| *v).collect();
    // militia −1, pistol −1 (all troop type), then extreme range −5 and one +2 only.
    assert_eq!(values, vec![-1, -1, -5, 2], "{got:?}");
    assert!(line(&p.sides[0].modifiers, "target at extreme range").applied);
    assert!(!line(&p.sides[0].modifiers, "target in a building").applied);
    assert!(!line(&p.sides[0].modifiers, "firer not spotted").applied);
    assert!(
        !line(&p.sides[0].modifiers, "regulars volleying").applied,
        "militia are not line troops"
    );
    // −1 −1 −5 +2 = −5
    assert_eq!(p.sides[0].net, -5);
    // A non-double needs 13 or more: impossible; only doubles (misfire) and misses remain.
    let odds = first_step(&r, "shoot", text)?;
    assert_eq!(odds, pairs(&[("Misfire", "1/6"), ("Miss", "5/6")])); // 6 and 30 of 36
    Ok(())
}

#[test]
fn regulars_volley_plus_3_militia_volley_plus_2_others_none() -> TestResult {
    let r = lpg()?;
    // Line troops +1, regulars volleying +3: net +4, non-doubles 4..11 hit: 2+4+4+6+4+4+2+2 = 28 of 36.
    let p = plan(&r, "shoot", "troop=regulars volley")?;
    assert_eq!(p.sides[0].net, 4);
    assert_eq!(
        p_of(&first_step(&r, "shoot", "troop=regulars volley")?, "Hit"),
        "7/9"
    );
    // Militia −1, militia volley +2: net +1, non-doubles 7..11 hit: 6+4+4+2+2 = 18 of 36.
    let p = plan(&r, "shoot", "troop=militia volley")?;
    assert_eq!(p.sides[0].net, 1);
    assert_eq!(
        p_of(&first_step(&r, "shoot", "troop=militia volley")?, "Hit"),
        "1/2"
    );
    // Indians have no volley bonus and no troop modifier: as with no factors, 12 of 36.
    let p = plan(&r, "shoot", "troop=indians volley")?;
    assert_eq!(p.sides[0].net, 0);
    assert_eq!(
        p_of(&first_step(&r, "shoot", "troop=indians volley")?, "Hit"),
        "1/3"
    );
    Ok(())
}

#[test]
fn every_line_troop_type_shoots_at_plus_1_once() -> TestResult {
    let r = lpg()?;
    for troop in [
        "regulars",
        "lights",
        "grenadiers",
        "marine",
        "rangers",
        "scots",
        "line",
    ] {
        let p = plan(&r, "shoot", &format!("troop={troop}"))?;
        assert_eq!(
            p.sides[0].net, 1,
            "troop={troop}: {:?}",
            p.sides[0].modifiers
        );
        assert_eq!(applied(&p.sides[0].modifiers).len(), 1, "troop={troop}");
    }
    for (troop, net) in [
        ("civilians", -1),
        ("militia", -1),
        ("indians", 0),
        ("frontiersmen", 0),
        ("coureurs", 0),
    ] {
        assert_eq!(
            plan(&r, "shoot", &format!("troop={troop}"))?.sides[0].net,
            net,
            "troop={troop}"
        );
    }
    Ok(())
}

#[test]
fn a_measured_range_becomes_the_band_of_the_weapon() -> TestResult {
    let r = lpg()?;
    // Long range is over 18" for muskets, over 24" for rifles; extreme is over 36".
    assert_eq!(range_band(&r, "range=20 weapon=rifle")?, "effective");
    assert_eq!(range_band(&r, "weapon=rifle range=20")?, "effective");
    assert_eq!(range_band(&r, "range=20 weapon=musket")?, "long");
    assert_eq!(range_band(&r, "range=20")?, "long"); // the musket is the default weapon
    assert_eq!(range_band(&r, "range=40 weapon=rifle")?, "extreme");
    assert_eq!(range_band(&r, "range=40")?, "extreme");
    // The edges: "over" means strictly more.
    assert_eq!(range_band(&r, "range=18")?, "effective");
    assert_eq!(range_band(&r, "range=19")?, "long");
    assert_eq!(range_band(&r, "range=24 weapon=rifle")?, "effective");
    assert_eq!(range_band(&r, "range=25 weapon=rifle")?, "long");
    assert_eq!(range_band(&r, "range=36 weapon=rifle")?, "long");
    assert_eq!(range_band(&r, "range=36")?, "long");
    assert_eq!(range_band(&r, "range=37")?, "extreme");
    assert_eq!(range_band(&r, "range=0")?, "effective");
    // Pistols and artillery use the musket's ranges (table note).
    assert_eq!(range_band(&r, "range=20 weapon=pistol")?, "long");

    // And the modifier follows the band.
    let p = plan(&r, "shoot", "range=20 weapon=rifle")?;
    assert!(
        applied(&p.sides[0].modifiers)
            .iter()
            .all(|(l, _)| !l.starts_with("long range"))
    );
    assert_eq!(p.sides[0].net, 1); // rifle +1 only
    let p = plan(&r, "shoot", "range=20 weapon=musket")?;
    assert!(line(&p.sides[0].modifiers, "long range").applied);
    assert_eq!(p.sides[0].net, -2);
    let p = plan(&r, "shoot", "range=40 weapon=rifle")?;
    assert!(line(&p.sides[0].modifiers, "target at extreme range").applied);
    assert_eq!(p.sides[0].net, -4); // rifle +1, extreme −5

    // Rifle at 20" (net +1): non-doubles 7..11 hit: 6+4+4+2+2 = 18 of 36.
    assert_eq!(
        p_of(&first_step(&r, "shoot", "range=20 weapon=rifle")?, "Hit"),
        "1/2"
    );
    // Musket at 20" (net −2): non-doubles 10..11 hit: 2+2 = 4 of 36.
    assert_eq!(
        p_of(&first_step(&r, "shoot", "range=20 weapon=musket")?, "Hit"),
        "1/9"
    );
    // Rifle at 40" (net −4): a non-double needs 12: impossible.
    assert_eq!(
        p_of(&first_step(&r, "shoot", "range=40 weapon=rifle")?, "Hit"),
        "0"
    );
    Ok(())
}

#[test]
fn natural_doubles_misfire_whatever_the_modifiers() -> TestResult {
    let r = lpg()?;
    let great = "troop=line weapon=canister volley initial-shot"; // +1 +2 +3 = +6
    let awful = "troop=militia weapon=ball range=extreme"; // −1 −2 −5 = −8
    for text in ["", great, awful] {
        for double in [[1, 1], [3, 3], [6, 6]] {
            let step = roll(&r, "shoot", text, &[&double])?;
            assert_eq!(step.decision.result, "misfire", "{text} {double:?}");
            assert_eq!(step.decision.label, "Misfire");
            assert!(step.decision.natural.is_some());
            assert!(step.next.is_empty(), "a misfire rolls nothing more");
            assert_eq!(step.outcome(), "Misfire");
            assert_eq!(step.chance.to_string(), "1/6"); // 6 doubles of 36
        }
        assert_eq!(p_of(&first_step(&r, "shoot", text)?, "Misfire"), "1/6");
    }
    // Not doubles: 1+2 with +6 is 9, a hit; 6+5 with −8 is 3, a miss.
    assert_eq!(
        roll(&r, "shoot", great, &[&[1, 2], &[2, 4]])?
            .decision
            .result,
        "hit"
    );
    assert_eq!(
        roll(&r, "shoot", awful, &[&[6, 5]])?.decision.result,
        "miss"
    );
    Ok(())
}

#[test]
fn a_hit_on_exactly_8_and_a_miss_on_7() -> TestResult {
    let r = lpg()?;
    let hit = roll(&r, "shoot", "", &[&[5, 3], &[2, 5]])?;
    assert_eq!(hit.decision.result, "hit");
    assert_eq!(hit.decision.totals, vec![8]);
    assert_eq!(hit.chance.to_string(), "1/3");
    assert_eq!(hit.next.len(), 1);
    assert_eq!(hit.next[0].procedure, "hit-result");
    let miss = roll(&r, "shoot", "", &[&[4, 3]])?;
    assert_eq!(miss.decision.result, "miss");
    assert!(miss.next.is_empty());
    Ok(())
}

// ----- Results of being hit ---------------------------------------------------------------------

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

// ----- War Club and Musket Butt (melee) ---------------------------------------------------------

#[test]
fn melee_with_no_modifiers() -> TestResult {
    let r = lpg()?;
    let odds = first_step(&r, "melee", "")?;
    assert_eq!(p_of(&odds, "Tie"), "1/6"); // a = d: 6 of 36
    for side in ["attacker", "defender"] {
        assert_eq!(p_of(&odds, &format!("{side}: Flee")), "1/4"); // lost by 1 or 2: 5+4 = 9 of 36
        assert_eq!(p_of(&odds, &format!("{side}: Light wound")), "1/12"); // by 3: 3 of 36
        assert_eq!(p_of(&odds, &format!("{side}: Severe wound")), "1/18"); // by 4: 2 of 36
        assert_eq!(p_of(&odds, &format!("{side}: Captured")), "1/36"); // by 5: 1 of 36
        assert_eq!(p_of(&odds, &format!("{side}: Killed")), "0"); // by 6: impossible on 1d6 each
    }
    Ok(())
}

#[test]
fn grenadiers_against_militia() -> TestResult {
    let r = lpg()?;
    let text = "attacker.troop=grenadiers defender.troop=militia";
    let p = plan(&r, "melee", text)?;
    assert_eq!((p.sides[0].net, p.sides[1].net), (2, -1));
    // The margin is (a − d) + 3; a − d = k in 6 − |k| ways.
    let odds = first_step(&r, "melee", text)?;
    assert_eq!(p_of(&odds, "Tie"), "1/12"); // k = −3: 3 of 36
    assert_eq!(p_of(&odds, "attacker: Flee"), "1/12"); // k = −4, −5: 2+1 = 3 of 36
    assert_eq!(p_of(&odds, "defender: Flee"), "1/4"); // k = −2, −1: 4+5 = 9 of 36
    assert_eq!(p_of(&odds, "defender: Light wound"), "1/6"); // k = 0: 6 of 36
    assert_eq!(p_of(&odds, "defender: Severe wound"), "5/36"); // k = 1: 5 of 36
    assert_eq!(p_of(&odds, "defender: Captured"), "1/9"); // k = 2: 4 of 36
    assert_eq!(p_of(&odds, "defender: Killed"), "1/6"); // k = 3, 4, 5: 3+2+1 = 6 of 36
    assert_eq!(odds.len(), 7);
    Ok(())
}

#[test]
fn melee_margins_read_on_the_results_table() -> TestResult {
    let r = lpg()?;
    let cases: [(i64, i64, &str, &str); 6] = [
        (4, 4, "tie", "Tie"),
        (4, 3, "light-wound", "defender: Light wound"), // 4+2 (sword) against 3: by 3
        (5, 1, "severe-wound", "defender: Severe wound"), // by 4
        (6, 1, "captured", "defender: Captured"),       // by 5
        (1, 5, "severe-wound", "attacker: Severe wound"), // defender wins by 4
        (2, 5, "light-wound", "attacker: Light wound"), // defender wins by 3
    ];
    for (a, d, result, outcome) in cases {
        // With no modifiers the margin is the faces' difference; 4 against 3 takes a sword (+2).
        let text = if (a, d) == (4, 3) {
            "attacker.sword"
        } else {
            ""
        };
        let step = roll(&r, "melee", text, &[&[a], &[d]])?;
        assert_eq!(step.decision.result, result, "{a} against {d} ({text})");
        assert_eq!(step.outcome(), outcome);
    }
    // A margin of 6 or more kills: grenadiers 5+2 against militia 2−1.
    let step = roll(
        &r,
        "melee",
        "attacker.troop=grenadiers defender.troop=militia",
        &[&[5], &[2]],
    )?;
    assert_eq!(step.decision.totals, vec![7, 1]);
    assert_eq!(step.outcome(), "defender: Killed");
    assert_eq!(step.decision.loser.as_deref(), Some("defender"));
    assert_eq!(step.decision.winner.as_deref(), Some("attacker"));
    assert_eq!(step.chance.to_string(), "1/6"); // as in grenadiers_against_militia
    // 6 against 1 with sword +2 is a margin of 7: still killed.
    assert_eq!(
        roll(&r, "melee", "attacker.sword", &[&[6], &[1]])?.outcome(),
        "defender: Killed"
    );
    Ok(())
}

#[test]
fn losing_by_1_or_2_flees_1d6_inches_then_tests_morale() -> TestResult {
    let r = lpg()?;
    for (a, d) in [(3, 2), (4, 2)] {
        let step = roll(&r, "melee", "", &[&[a], &[d], &[4]])?;
        assert_eq!(step.decision.result, "flee");
        assert_eq!(step.next.len(), 1);
        assert_eq!(step.next[0].procedure, "flee-distance");
        assert_eq!(step.next[0].decision.amount, Some(4));
        assert_eq!(step.outcome(), "defender: Flee › 4 inches");
        let follow = step
            .follow_ups
            .first()
            .ok_or("the one who fled must test morale")?;
        assert_eq!(follow.procedure, "morale");
        assert!(
            follow.args.contains(&"reason=melee-flee".to_string()),
            "{:?}",
            follow.args
        );
    }
    // In the chain's odds the distance is one outcome: flee 1 to 6 inches.
    let odds = chain(&r, "melee", "")?;
    assert_eq!(
        p_of(&odds, "defender: Flee › flee-distance 1-6 inches"),
        "1/4"
    ); // 9 of 36
    Ok(())
}

#[test]
fn a_tie_makes_both_test_morale() -> TestResult {
    let r = lpg()?;
    let step = roll(
        &r,
        "melee",
        "attacker.troop=regulars defender.troop=rangers",
        &[&[3], &[3]],
    )?;
    assert_eq!(step.decision.result, "tie");
    assert_eq!(step.outcome(), "Tie");
    let follows: Vec<_> = step
        .follow_ups
        .iter()
        .filter(|f| f.procedure == "morale")
        .collect();
    assert_eq!(follows.len(), 2, "{:?}", step.follow_ups);
    for f in &follows {
        assert!(
            f.args.contains(&"reason=melee-tie".to_string()),
            "{:?}",
            f.args
        );
    }
    assert!(
        follows
            .iter()
            .any(|f| f.args.contains(&"troop=regulars".to_string()))
    );
    assert!(
        follows
            .iter()
            .any(|f| f.args.contains(&"troop=rangers".to_string()))
    );
    Ok(())
}

#[test]
fn outnumbered_is_minus_1_per_extra_enemy_at_most_minus_2() -> TestResult {
    let r = lpg()?;
    for (n, net) in [(0, 0), (1, -1), (2, -2), (3, -2), (10, -2)] {
        let p = plan(&r, "melee", &format!("defender.outnumbered={n}"))?;
        assert_eq!(
            p.sides[1].net, net,
            "outnumbered={n}: {:?}",
            p.sides[1].modifiers
        );
        assert_eq!(p.sides[0].net, 0);
    }
    // Outnumbered by 2 and by 5 fight alike.
    assert_eq!(
        first_step(&r, "melee", "defender.outnumbered=2")?,
        first_step(&r, "melee", "defender.outnumbered=5")?
    );
    // Defender at −2: a − d + 2 = 0 when k = −2: 4 of 36.
    assert_eq!(
        p_of(&first_step(&r, "melee", "defender.outnumbered=5")?, "Tie"),
        "1/9"
    );
    Ok(())
}

#[test]
fn a_troop_type_matching_more_than_one_listing_counts_once() -> TestResult {
    let r = lpg()?;
    // Grenadiers are regulars and line troops, but melee lists them apart: +2, not +2 +1.
    for (troop, net) in [
        ("grenadiers", 2),
        ("scots", 2),
        ("regulars", 1),
        ("rangers", 1),
        ("coureurs", 1),
        ("indians", 2),
        ("militia", -1),
        ("civilians", -2),
        ("lights", 0),
        ("marine", 0),
        ("frontiersmen", 0),
    ] {
        let p = plan(&r, "melee", &format!("attacker.troop={troop}"))?;
        assert_eq!(
            p.sides[0].net, net,
            "troop={troop}: {:?}",
            p.sides[0].modifiers
        );
        assert!(applied(&p.sides[0].modifiers).len() <= 1, "troop={troop}");
    }
    // "line" is not precise enough for the melee table: no modifier, and the user is told so.
    let p = plan(&r, "melee", "attacker.troop=line")?;
    assert_eq!(p.sides[0].net, 0);
    let l = line(&p.sides[0].modifiers, "line troops");
    assert!(!l.applied);
    let why = l.why.as_ref().ok_or("no reason given")?;
    assert_eq!(
        (&why["why"], &why["factor"]),
        (&json!("tell-apart"), &json!("troop"))
    );
    Ok(())
}

#[test]
fn melee_situational_modifiers_all_apply() -> TestResult {
    let r = lpg()?;
    // Attacker: charging +1, formed +2, sword +2, uphill +1 = +6 (all apply, unlike shooting).
    // Defender: doorway +4, fortifications +3, lightly wounded −2, surprised −1 = +4.
    let text = "attacker.charging attacker.formed attacker.sword attacker.uphill defender.doorway defender.fortified defender.wound=light defender.surprised";
    let p = plan(&r, "melee", text)?;
    assert_eq!((p.sides[0].net, p.sides[1].net), (6, 4));
    // Panicked −4, in water −3, severely wounded −3 = −10.
    let p = plan(
        &r,
        "melee",
        "defender.panicked defender.in-water defender.wound=severe",
    )?;
    assert_eq!(p.sides[1].net, -10);
    // Lightly wounded, pinned or prone is one −2, however many of them hold.
    let p = plan(
        &r,
        "melee",
        "defender.wound=light defender.pinned defender.prone",
    )?;
    assert_eq!(p.sides[1].net, -2);
    Ok(())
}

// ----- Morale -------------------------------------------------------------------------------------

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

// ----- Movement ---------------------------------------------------------------------------------

#[test]
fn movement_dice_by_formation_and_troop() -> TestResult {
    let r = lpg()?;
    for (text, count) in [
        ("formation=line", 2),
        ("formation=unformed", 2),
        ("formation=mass", 2),
        ("", 2),
        ("formation=skirmish", 3),
        ("formation=column", 3),
        ("troop=indians", 3),
        ("troop=indians formation=mass", 3),
    ] {
        assert_eq!(dice_of(&r, "move", text)?, Some((count, 0, 0)), "{text}");
    }
    // Line 2d6: 7 in 6 of 36.
    assert_eq!(
        p_of(&first_step(&r, "move", "formation=line")?, "7 inches"),
        "1/6"
    );
    // Skirmish 3d6: 3 in 1 of 216, 10 in 27 of 216.
    let odds = first_step(&r, "move", "formation=skirmish")?;
    assert_eq!(p_of(&odds, "3 inches"), "1/216");
    assert_eq!(p_of(&odds, "10 inches"), "1/8");
    assert_eq!(p_of(&odds, "18 inches"), "1/216");
    // Indians 3d6 whatever the formation.
    assert_eq!(
        p_of(&first_step(&r, "move", "troop=indians")?, "18 inches"),
        "1/216"
    );
    assert_eq!(
        roll(&r, "move", "troop=indians", &[&[1, 2, 3]])?.outcome(),
        "6 inches"
    );
    Ok(())
}

#[test]
fn rough_terrain_drops_the_high_die_of_a_line_or_column_only() -> TestResult {
    let r = lpg()?;
    assert_eq!(
        dice_of(&r, "move", "formation=line rough")?,
        Some((2, 1, 0))
    );
    assert_eq!(
        dice_of(&r, "move", "formation=column rough")?,
        Some((3, 1, 0))
    );
    assert_eq!(
        dice_of(&r, "move", "formation=skirmish rough")?,
        Some((3, 0, 0))
    );
    // Line in rough: the lower of 2d6. 1 in 11 of 36, 6 in 1 of 36.
    let odds = first_step(&r, "move", "formation=line rough")?;
    assert_eq!(p_of(&odds, "1 inch"), "11/36");
    assert_eq!(p_of(&odds, "6 inches"), "1/36");
    assert_eq!(
        roll(&r, "move", "formation=line rough", &[&[6, 2]])?.outcome(),
        "2 inches"
    );
    // Skirmishers keep all three dice.
    assert_eq!(
        roll(&r, "move", "formation=skirmish rough", &[&[6, 5, 1]])?.outcome(),
        "12 inches"
    );
    // Column in rough: the two lower of 3d6: 12 only on 6,6,6: 1 of 216.
    assert_eq!(
        p_of(
            &first_step(&r, "move", "formation=column rough")?,
            "12 inches"
        ),
        "1/216"
    );
    assert_eq!(
        roll(&r, "move", "formation=column rough", &[&[6, 5, 1]])?.outcome(),
        "6 inches"
    );
    Ok(())
}

#[test]
fn a_linear_obstacle_drops_the_low_die() -> TestResult {
    let r = lpg()?;
    assert_eq!(
        dice_of(&r, "move", "formation=line obstacle")?,
        Some((2, 0, 1))
    );
    assert_eq!(
        dice_of(&r, "move", "formation=skirmish obstacle")?,
        Some((3, 0, 1))
    );
    // Line over an obstacle: the higher of 2d6. 6 in 11 of 36, 1 in 1 of 36.
    let odds = first_step(&r, "move", "formation=line obstacle")?;
    assert_eq!(p_of(&odds, "6 inches"), "11/36");
    assert_eq!(p_of(&odds, "1 inch"), "1/36");
    assert_eq!(
        roll(&r, "move", "formation=line obstacle", &[&[6, 1]])?.outcome(),
        "6 inches"
    );
    assert_eq!(
        roll(&r, "move", "formation=skirmish obstacle", &[&[6, 5, 1]])?.outcome(),
        "11 inches"
    );
    Ok(())
}

#[test]
fn canoes_roll_1d6_per_2_men_and_bateaux_per_3() -> TestResult {
    let r = lpg()?;
    for (text, count) in [
        ("craft=canoe men=2", 1),
        ("craft=canoe men=4", 2),
        ("craft=canoe men=5", 2), // 5 / 2 rounds down
        ("craft=canoe men=6", 3),
        ("craft=bateau men=3", 1),
        ("craft=bateau men=7", 2), // 7 / 3 rounds down
        ("craft=bateau men=9", 3),
        ("craft=bateaux men=12", 4),
    ] {
        assert_eq!(dice_of(&r, "move", text)?, Some((count, 0, 0)), "{text}");
    }
    assert_eq!(
        roll(&r, "move", "craft=canoe men=5", &[&[3, 4]])?.outcome(),
        "7 inches"
    );
    // The current adds or subtracts; never below 0.
    assert_eq!(
        roll(&r, "move", "craft=canoe men=4 current=2", &[&[3, 4]])?.outcome(),
        "9 inches"
    );
    assert_eq!(
        roll(&r, "move", "craft=canoe men=2 current=-3", &[&[2]])?.outcome(),
        "0 inches"
    );
    // 1d6 − 3: 1, 2, 3 all give 0 inches: 3 of 6.
    assert_eq!(
        p_of(
            &first_step(&r, "move", "craft=canoe men=2 current=-3")?,
            "0 inches"
        ),
        "1/2"
    );
    // On foot the current does nothing.
    assert_eq!(
        plan(&r, "move", "formation=line current=3")?.sides[0].net,
        0
    );
    Ok(())
}

#[test]
fn a_severe_wound_halves_movement_rounding_down() -> TestResult {
    let r = lpg()?;
    assert_eq!(
        roll(&r, "move", "formation=line wound=severe", &[&[3, 4]])?.outcome(),
        "3 inches"
    ); // 7 / 2
    assert_eq!(
        roll(&r, "move", "formation=line wound=severe", &[&[6, 5]])?.outcome(),
        "5 inches"
    ); // 11 / 2
    let odds = first_step(&r, "move", "formation=line wound=severe")?;
    assert_eq!(p_of(&odds, "1 inch"), "1/12"); // totals 2, 3: 1+2 = 3 of 36
    assert_eq!(p_of(&odds, "3 inches"), "11/36"); // totals 6, 7: 5+6 = 11 of 36
    assert_eq!(p_of(&odds, "6 inches"), "1/36"); // total 12: 1 of 36
    assert_eq!(p_of(&odds, "0 inches"), "0");
    // A light wound does not slow the figure.
    assert_eq!(
        roll(&r, "move", "formation=line wound=light", &[&[3, 4]])?.outcome(),
        "7 inches"
    );
    Ok(())
}

#[test]
fn an_unspotted_marker_moves_a_fixed_6_inches() -> TestResult {
    let r = lpg()?;
    assert_eq!(dice_text(&r, "move", "unspotted")?, "no roll: 6");
    assert_eq!(dice_of(&r, "move", "unspotted")?, None);
    assert_eq!(
        first_step(&r, "move", "unspotted")?,
        pairs(&[("6 inches", "1")])
    );
    let step = roll(&r, "move", "unspotted formation=skirmish", &[])?;
    assert_eq!(step.outcome(), "6 inches");
    assert!(
        step.throws.iter().all(|t| t.faces.is_empty()),
        "no dice are thrown"
    );
    Ok(())
}

// ----- Spotting and hidden movement -------------------------------------------------------------

#[test]
fn spotting_needs_more_than_the_distance_on_3d6() -> TestResult {
    let r = lpg()?;
    // 11..18: 27+25+21+15+10+6+3+1 = 108 of 216.
    assert_eq!(
        first_step(&r, "spot", "distance=10")?,
        pairs(&[("Spotted", "1/2"), ("Not spotted", "1/2")])
    );
    // Anything but 3: 215 of 216.
    assert_eq!(
        p_of(&first_step(&r, "spot", "distance=3")?, "Spotted"),
        "215/216"
    );
    // Only 18: 1 of 216.
    assert_eq!(
        p_of(&first_step(&r, "spot", "distance=17")?, "Spotted"),
        "1/216"
    );
    // 18 cannot beat 18.
    assert_eq!(
        first_step(&r, "spot", "distance=18")?,
        pairs(&[("Not spotted", "1")])
    );
    // Exactly the distance is not enough (the detailed paragraph wins over "distance or greater").
    assert_eq!(
        roll(&r, "spot", "distance=11", &[&[3, 4, 4]])?
            .decision
            .result,
        "unseen"
    );
    assert_eq!(
        roll(&r, "spot", "distance=11", &[&[3, 4, 5]])?
            .decision
            .result,
        "spotted"
    );
    Ok(())
}

#[test]
fn hidden_movement_is_revealed_below_the_inches_moved() -> TestResult {
    let r = lpg()?;
    // 3..9: 1+3+6+10+15+21+25 = 81 of 216 = 3/8.
    assert_eq!(
        first_step(&r, "hidden-move", "moved=10")?,
        pairs(&[("Revealed", "3/8"), ("Still hidden", "5/8")])
    );
    // 3..7: 1+3+6+10+15 = 35 of 216.
    assert_eq!(
        p_of(&first_step(&r, "hidden-move", "moved=8")?, "Revealed"),
        "35/216"
    );
    assert_eq!(
        roll(&r, "hidden-move", "moved=10", &[&[3, 3, 4]])?
            .decision
            .result,
        "hidden"
    ); // 10 is not less than 10
    assert_eq!(
        roll(&r, "hidden-move", "moved=10", &[&[3, 3, 3]])?
            .decision
            .result,
        "revealed"
    );
    Ok(())
}

// ----- Seeds and entered faces ------------------------------------------------------------------

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

// ----- doubtful behaviour found by these tests ----------------------------------------------------

#[test]
fn a_distance_in_another_unit_is_not_read_as_inches() -> TestResult {
    let r = lpg()?;
    // Refusing the unit is right; so is converting it. Reading 45 cm as 45 inches is not.
    if let Ok(band) = range_band(&r, "range=45cm") {
        assert_eq!(band, "effective", "45 cm is under 18 inches");
    }
    if let Ok(band) = range_band(&r, "range=20'") {
        assert_eq!(band, "extreme", "20 feet is 240 inches");
    }
    Ok(())
}

#[test]
fn a_distance_is_typed_with_the_units_marks() -> TestResult {
    let r = lpg()?;
    // The table lists `"` among the marks of inches; the unit's own name and its start count too.
    for typed in ["range=20\"", "range=20in", "range=20inches", "range=20"] {
        assert_eq!(range_band(&r, typed)?, "long", "{typed}");
    }
    Ok(())
}

#[test]
fn a_second_wound_in_melee_kills() -> TestResult {
    let r = lpg()?;
    // 6 against 4 − 2 (lightly wounded) = 2: the defender loses by 4 → a second wound.
    let step = roll(&r, "melee", "defender.wound=light", &[&[6], &[4]])?;
    assert_eq!(step.decision.totals, vec![6, 2]);
    assert!(
        step.outcome().contains("Killed"),
        "a second wound kills: got {}",
        step.outcome()
    );
    // Losing by 3 when already severely wounded: a light wound on top of a severe one.
    let step = roll(&r, "melee", "defender.wound=severe", &[&[6], &[6]])?;
    assert_eq!(step.decision.totals, vec![6, 3]);
    assert!(
        step.outcome().contains("Killed"),
        "a second wound kills: got {}",
        step.outcome()
    );
    // The winner's wounds do not matter: an unwounded loser by 3 only takes a light wound.
    let step = roll(&r, "melee", "attacker.wound=light", &[&[6], &[1]])?;
    assert!(
        step.outcome().contains("Light wound"),
        "a first wound is a wound: got {}",
        step.outcome()
    );
    Ok(())
}

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

#[test]
fn a_canoe_of_18_men_rolls_9d6() -> TestResult {
    let r = lpg()?;
    let step = r.seeded("move", "craft=canoe men=18", 1, &[]);
    assert_eq!(step.throws[0].faces.len(), 9);
    let inches = step.decision.amount.ok_or("move gives a distance")?;
    assert!((9..=54).contains(&inches), "{inches}");
    // All nines: 1 of 6^9.
    assert_eq!(
        p_of(&first_step(&r, "move", "craft=canoe men=18")?, "9 inches"),
        "1/10077696"
    );
    Ok(())
}
