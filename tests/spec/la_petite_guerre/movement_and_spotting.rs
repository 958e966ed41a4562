//! Movement (dice by formation, troop, terrain, craft and wounds), spotting, and hidden
//! movement.

use super::{TestResult, dice_of, dice_text, first_step, lpg, p_of, pairs, plan, roll};

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

// Doubtful behaviour found by these tests:

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

#[test]
fn a_marker_moved_6_inches_or_less_is_never_revealed_and_one_moved_6_5_rolls() -> TestResult {
    let r = lpg()?;
    // Without the reading, 3d6 under 6 (3..5: 10 of 216) would reveal a 6-inch move.
    assert_eq!(
        first_step(&r, "hidden-move", "moved=6")?,
        pairs(&[("Still hidden", "1")])
    );
    // 3..6: 1+3+6+10 = 20 of 216.
    assert_eq!(
        p_of(&first_step(&r, "hidden-move", "moved=6.5")?, "Revealed"),
        "5/54"
    );
    let out = crate::support::ok(&["roll", "hidden-move", "moved=4"]);
    assert!(
        out.contains("dice no roll: 6 (moved 6 inches or less: never revealed by moving)\n"),
        "{out}"
    );
    assert!(out.contains("outcome: Still hidden\n"), "{out}");
    Ok(())
}
