//! The generic engine carries four more rule documents (001 to 004): their tables live in
//! `tests/tables/`, and every expected chance below is counted by hand in the comment beside it.

use std::collections::BTreeMap;

use crate::support::{Rules, Ruleset, Step, sum_is_one, test_tables};

/// A ruleset of `tests/tables`, by its file.
fn load(file: &str) -> Rules {
    Rules::test(&Ruleset::from_file(&test_tables().join(file)).name)
}

/// Every outcome of the chain with its chance as text (`11/18`); the chances must sum to 1.
fn chances(r: &Rules, procedure: &str, situation: &str) -> BTreeMap<String, String> {
    let all = r.odds(procedure, situation).outcomes;
    assert!(
        sum_is_one(all.iter().map(|o| &o.probability)),
        "{procedure} {situation}: the chances do not add up to 1: {all:?}"
    );
    all.into_iter()
        .map(|o| (o.outcome, o.probability.to_string()))
        .collect()
}

fn expect(r: &Rules, procedure: &str, situation: &str, want: &[(&str, &str)]) {
    let want: BTreeMap<String, String> = want
        .iter()
        .map(|(l, p)| ((*l).to_string(), (*p).to_string()))
        .collect();
    assert_eq!(
        chances(r, procedure, situation),
        want,
        "{procedure} {situation}"
    );
}

/// Resolve with the faces the players threw, one set per throw (the binary refuses faces
/// left over).
fn throw(r: &Rules, procedure: &str, situation: &str, faces: &[&[i64]]) -> Step {
    r.seeded(procedure, situation, 7, faces)
}

fn refused(r: &Rules, procedure: &str, situation: &str) -> String {
    match r.try_odds(procedure, situation) {
        Ok(o) => panic!("{procedure} {situation} should be refused, gave {o:?}"),
        Err(e) => e,
    }
}

// ----- 001 La Petite Guerre – 1750s ---------------------------------------------------------

#[test]
fn lpg1750_control_test_reads_bands_with_grade_modifiers() {
    let r = load("001-la-petite-guerre-1750s.yaml");
    // B grade, 1d6: 1 breaks, 2-3 repeats, 4-6 acts.
    expect(
        &r,
        "control-test",
        "grade=b",
        &[
            ("Breaks or is stunned", "1/6"),
            ("Repeats its last move", "1/3"),
            ("Acts freely", "1/2"),
        ],
    );
    // D grade, 1d6-2: faces 1-3 total <= 1, faces 4-5 total 2-3, face 6 acts.
    expect(
        &r,
        "control-test",
        "grade=d",
        &[
            ("Breaks or is stunned", "1/2"),
            ("Repeats its last move", "1/3"),
            ("Acts freely", "1/6"),
        ],
    );
    // A grade defending cover, 1d6+2: face 1 gives 3 (repeat), faces 2-6 act.
    expect(
        &r,
        "control-test",
        "grade=a defending=soft",
        &[("Repeats its last move", "1/6"), ("Acts freely", "5/6")],
    );
    let step = throw(&r, "control-test", "grade=c", &[&[2]]);
    assert_eq!(step.decision.label, "Breaks or is stunned");
}

#[test]
fn lpg1750_acquire_needs_a_modified_two() {
    let r = load("001-la-petite-guerre-1750s.yaml");
    // 2+ on 1d6: 5/6.
    expect(
        &r,
        "acquire",
        "",
        &[("Target acquired", "5/6"), ("Not acquired", "1/6")],
    );
    // Cover -2 and prone -2: only a 6 reaches 2.
    expect(
        &r,
        "acquire",
        "cover=soft prone",
        &[("Target acquired", "1/6"), ("Not acquired", "5/6")],
    );
    // All apply: +2 +1 -2 -1 -1 = -1, so faces 3-6: 2/3.
    expect(
        &r,
        "acquire",
        "attention moving cover=hard beyond-24 second-action",
        &[("Target acquired", "2/3"), ("Not acquired", "1/3")],
    );
}

#[test]
fn lpg1750_shoot_goes_on_to_the_hit_result() {
    let r = load("001-la-petite-guerre-1750s.yaml");
    // Hit on 5-6 = 1/3; then 1 killed (1/6), 2-3 wounded (1/3), 4-6 stunned for B-D (1/2).
    let plain = [
        ("Miss", "2/3"),
        ("Hit › Killed", "1/18"),
        ("Hit › Wounded and stunned", "1/9"),
        ("Hit › Stunned", "1/6"),
    ];
    expect(&r, "shoot", "", &plain);
    // A rifle at 11" is beyond short range (6") but within 12": no bonus, same odds.
    expect(&r, "shoot", "weapon=rifle range=11", &plain);
    // Smooth bore at 3" is short: +1, marksman +1, so 3+ hits (2/3); x 1/6, 1/3, 1/2.
    expect(
        &r,
        "shoot",
        "range=3 marksman",
        &[
            ("Miss", "1/3"),
            ("Hit › Killed", "1/9"),
            ("Hit › Wounded and stunned", "2/9"),
            ("Hit › Stunned", "1/3"),
        ],
    );
    // A grade target: 4-5 stunned (1/3 x 1/3 = 1/9), 6 ignored (1/3 x 1/6 = 1/18).
    expect(
        &r,
        "shoot",
        "target-grade=a",
        &[
            ("Miss", "2/3"),
            ("Hit › Killed", "1/18"),
            ("Hit › Wounded and stunned", "1/9"),
            ("Hit › Stunned", "1/9"),
            ("Hit › Ignored", "1/18"),
        ],
    );
    // 11" is beyond a smooth bore's 10": no hit, whatever the marksman.
    expect(&r, "shoot", "range=11 marksman", &[("Miss", "1")]);
    // Second action, prone, hard cover: 1d6-3 never reaches 5 (that is what blind fire is for).
    expect(
        &r,
        "shoot",
        "second-action prone cover=hard",
        &[("Miss", "1")],
    );

    let step = throw(&r, "shoot", "range=3 target-grade=a", &[&[4], &[6]]);
    assert_eq!(step.decision.label, "Hit");
    assert_eq!(step.outcome(), "Hit › Ignored");
    let step = throw(&r, "shoot", "", &[&[5], &[1]]);
    assert_eq!(step.outcome(), "Hit › Killed");
}

#[test]
fn lpg1750_blind_fire_hits_only_on_a_natural_six() {
    let r = load("001-la-petite-guerre-1750s.yaml");
    // Natural 6 = 1/6; then 1-3 no effect (1/2), 4-6 stunned for B-D (1/2): 1/12 each.
    expect(
        &r,
        "blind-fire",
        "",
        &[
            ("Miss", "5/6"),
            ("Hit › No effect", "1/12"),
            ("Hit › Stunned", "1/12"),
        ],
    );
    // A grade: 4-5 stunned 1/6 x 1/3 = 1/18, 6 ignored 1/6 x 1/6 = 1/36.
    expect(
        &r,
        "blind-fire",
        "target-grade=a",
        &[
            ("Miss", "5/6"),
            ("Hit › No effect", "1/12"),
            ("Hit › Stunned", "1/18"),
            ("Hit › Ignored", "1/36"),
        ],
    );
    let step = throw(&r, "blind-fire", "", &[&[6], &[2]]);
    assert_eq!(step.decision.label, "Hit");
    assert_eq!(step.outcome(), "Hit › No effect");
    let step = throw(&r, "blind-fire", "", &[&[5]]);
    assert_eq!(step.outcome(), "Miss");
}

#[test]
fn lpg1750_move_rolls_the_average_die() {
    let r = load("001-la-petite-guerre-1750s.yaml");
    // AvD faces 2,3,3,4,4,5.
    expect(
        &r,
        "move",
        "",
        &[
            ("2 inches", "1/6"),
            ("3 inches", "1/3"),
            ("4 inches", "1/3"),
            ("5 inches", "1/6"),
        ],
    );
    expect(
        &r,
        "move",
        "mode=canoe",
        &[
            ("3 inches", "1/6"),
            ("4 inches", "1/3"),
            ("5 inches", "1/3"),
            ("6 inches", "1/6"),
        ],
    );
    expect(
        &r,
        "move",
        "forest",
        &[
            ("1 inch", "1/6"),
            ("2 inches", "1/3"),
            ("3 inches", "1/3"),
            ("4 inches", "1/6"),
        ],
    );
    expect(
        &r,
        "move",
        "forest trail",
        &[
            ("2 inches", "1/6"),
            ("3 inches", "1/3"),
            ("4 inches", "1/3"),
            ("5 inches", "1/6"),
        ],
    );
    expect(&r, "move", "mode=crawl forest", &[("2 inches", "1")]);
    expect(
        &r,
        "break-move",
        "",
        &[
            ("3 inches", "1/6"),
            ("4 inches", "1/3"),
            ("5 inches", "1/3"),
            ("6 inches", "1/6"),
        ],
    );
    let step = throw(&r, "move", "mode=canoe", &[&[5]]);
    assert_eq!(step.decision.label, "6 inches");
    assert_eq!(step.decision.amount, Some(6));
    // 1 is not a face of the average die.
    assert!(r.try_roll("move", "", &[&[1]]).is_err());
}

#[test]
fn lpg1750_pursuit_charge_test_and_hand_to_hand() {
    let r = load("001-la-petite-guerre-1750s.yaml");
    // 4+ on 1d6.
    expect(
        &r,
        "pursuit",
        "",
        &[("May pursue or stay", "1/2"), ("Must pursue", "1/2")],
    );
    // +1 +1 +1: 1d6+3 is always 4 or more.
    expect(
        &r,
        "pursuit",
        "grade=a leader defending=hard",
        &[("May pursue or stay", "1")],
    );
    // C grade: 1-2, 3-4, 5-6 a third each.
    expect(
        &r,
        "charge-test",
        "grade=c",
        &[
            ("May not charge", "1/3"),
            ("Charges only a stunned, prone or turned opponent", "1/3"),
            ("Acts freely", "1/3"),
        ],
    );
    // D grade wounded, 1d6-2: faces 1-2 total 0 or less.
    expect(
        &r,
        "charge-test",
        "grade=d wounded",
        &[
            ("Breaks", "1/3"),
            ("May not charge", "1/3"),
            ("Charges only a stunned, prone or turned opponent", "1/3"),
        ],
    );
    // Two friends lost count -1 each: the same as D grade wounded.
    expect(
        &r,
        "charge-test",
        "friends-lost=2",
        &[
            ("Breaks", "1/3"),
            ("May not charge", "1/3"),
            ("Charges only a stunned, prone or turned opponent", "1/3"),
        ],
    );
    // Attacker 1d6+1 against 1d6: ties 5/36, attacker higher 21/36, defender higher 10/36;
    // the loser's hit roll: 1 killed 1/6, 2-3 wounded 1/3, 4-5 breaks 1/3, 6 surrenders 1/6.
    expect(
        &r,
        "hand-to-hand",
        "attacker.advantage",
        &[
            ("No hit", "5/36"),
            ("defender: Hit › Killed", "7/72"),
            ("defender: Hit › Wounded and stunned", "7/36"),
            ("defender: Hit › Breaks and runs", "7/36"),
            ("defender: Hit › Surrenders", "7/72"),
            ("attacker: Hit › Killed", "5/108"),
            ("attacker: Hit › Wounded and stunned", "5/54"),
            ("attacker: Hit › Breaks and runs", "5/54"),
            ("attacker: Hit › Surrenders", "5/108"),
        ],
    );
    let step = throw(&r, "hand-to-hand", "", &[&[2], &[5], &[6]]);
    assert_eq!(step.decision.loser.as_deref(), Some("attacker"));
    assert_eq!(step.outcome(), "attacker: Hit › Surrenders");
}

// ----- 002 French Indian War Rules ---------------------------------------------------------

#[test]
fn fiw_activation_target_comes_from_type_and_action() {
    let r = load("002-french-indian-war.yaml");
    // Line volley 3+: 2/3.
    expect(
        &r,
        "activate",
        "unit=line action=volley",
        &[("Activated", "2/3"), ("Fails", "1/3")],
    );
    // With a captain a failure is thrown again: 1 - (1/3)^2 = 8/9.
    expect(
        &r,
        "activate",
        "unit=line action=volley captain",
        &[("Activated", "8/9"), ("Fails", "1/9")],
    );
    // Skirmishers charge 5+, commander adjacent: 1 - (2/3)^2 = 5/9.
    expect(
        &r,
        "activate",
        "unit=skirmishers action=charge commander",
        &[("Activated", "5/9"), ("Fails", "4/9")],
    );
    // Indians skirmish 4+: 1/2; grenadiers charge 3+: 2/3; medium artillery shoots 4+: 1/2.
    expect(
        &r,
        "activate",
        "unit=indians action=skirmish",
        &[("Activated", "1/2"), ("Fails", "1/2")],
    );
    expect(
        &r,
        "activate",
        "unit=grenadiers action=charge",
        &[("Activated", "2/3"), ("Fails", "1/3")],
    );
    expect(
        &r,
        "activate",
        "unit=medium-artillery action=shoot",
        &[("Activated", "1/2"), ("Fails", "1/2")],
    );
    // Light artillery moves on 4+, +1 along a road: 3+.
    expect(
        &r,
        "activate",
        "unit=light-artillery action=move-open road",
        &[("Activated", "2/3"), ("Fails", "1/3")],
    );
    // Indians cannot charge: target 7, even with the commander's re-roll.
    expect(
        &r,
        "activate",
        "unit=indians action=charge commander",
        &[("Fails", "1")],
    );
    // A 2 fails a volley; the captain's re-roll of 5 stands.
    let step = throw(
        &r,
        "activate",
        "unit=line action=volley captain",
        &[&[2], &[5]],
    );
    assert_eq!(step.decision.label, "Activated");
    assert!(step.reroll.is_some());
    let step = throw(
        &r,
        "activate",
        "unit=line action=volley captain",
        &[&[1], &[2]],
    );
    assert_eq!(step.decision.label, "Fails");
}

#[test]
fn fiw_rally_with_reroll() {
    let r = load("002-french-indian-war.yaml");
    // 3+ on 1d6: 2/3; re-rolled with a captain: 1 - (1/3)^2 = 8/9.
    expect(
        &r,
        "rally",
        "",
        &[("Rallied", "2/3"), ("Disorganised", "1/3")],
    );
    expect(
        &r,
        "rally",
        "captain",
        &[("Rallied", "8/9"), ("Disorganised", "1/9")],
    );
    // Regular next to a regular: 2+ (5/6), re-rolled: 1 - (1/6)^2 = 35/36.
    expect(
        &r,
        "rally",
        "unit=line adjacent-regular commander",
        &[("Rallied", "35/36"), ("Disorganised", "1/36")],
    );
    // Irregulars in cover get +1, regulars do not.
    expect(
        &r,
        "rally",
        "unit=indians in-cover",
        &[("Rallied", "5/6"), ("Disorganised", "1/6")],
    );
    expect(
        &r,
        "rally",
        "unit=line in-cover",
        &[("Rallied", "2/3"), ("Disorganised", "1/3")],
    );
    let step = throw(&r, "rally", "captain", &[&[2], &[3]]);
    assert_eq!(step.decision.label, "Rallied");
}

#[test]
fn fiw_hits_never_go_below_zero() {
    let r = load("002-french-indian-war.yaml");
    let sixth = "1/6";
    // 1d6-2: faces 1-2 give 0.
    expect(
        &r,
        "shoot",
        "",
        &[
            ("0 hits", "1/3"),
            ("1 hit", sixth),
            ("2 hits", sixth),
            ("3 hits", sixth),
            ("4 hits", sixth),
        ],
    );
    // 1d6-4: faces 1-4 give 0.
    expect(
        &r,
        "shoot",
        "long-range cover",
        &[("0 hits", "2/3"), ("1 hit", sixth), ("2 hits", sixth)],
    );
    expect(
        &r,
        "volley",
        "",
        &[
            ("1 hit", sixth),
            ("2 hits", sixth),
            ("3 hits", sixth),
            ("4 hits", sixth),
            ("5 hits", sixth),
            ("6 hits", sixth),
        ],
    );
    expect(
        &r,
        "volley",
        "cover",
        &[
            ("0 hits", sixth),
            ("1 hit", sixth),
            ("2 hits", sixth),
            ("3 hits", sixth),
            ("4 hits", sixth),
            ("5 hits", sixth),
        ],
    );
    // Light gun 1d6-2; medium gun at long range in cover 1d6-2 too.
    let light = [
        ("0 hits", "1/3"),
        ("1 hit", sixth),
        ("2 hits", sixth),
        ("3 hits", sixth),
        ("4 hits", sixth),
    ];
    expect(&r, "artillery", "gun=light", &light);
    expect(&r, "artillery", "gun=medium long-range cover", &light);
    // Light gun at long range in cover: 1d6-4.
    expect(
        &r,
        "artillery",
        "gun=light long-range cover",
        &[("0 hits", "2/3"), ("1 hit", sixth), ("2 hits", sixth)],
    );
    // Charges: regulars 1d6+2, irregulars 1d6-2.
    expect(
        &r,
        "charge-hits",
        "unit=grenadiers",
        &[
            ("3 hits", sixth),
            ("4 hits", sixth),
            ("5 hits", sixth),
            ("6 hits", sixth),
            ("7 hits", sixth),
            ("8 hits", sixth),
        ],
    );
    expect(&r, "charge-hits", "unit=indians", &light);
    // Without the gun's weight, or the charging unit's type, there is nothing to roll.
    assert!(refused(&r, "artillery", "").contains("no case"));
    assert!(refused(&r, "charge-hits", "").contains("no case"));
    let step = throw(&r, "volley", "cover", &[&[1]]);
    assert_eq!(step.decision.amount, Some(0));
    let step = throw(&r, "shoot", "long-range cover", &[&[6]]);
    assert_eq!(step.decision.label, "2 hits");
}

// ----- 003 Officers & leaders ----------------------------------------------------------------

#[test]
fn oal_to_hit_reads_range_and_cover_then_damage() {
    let r = load("003-officers-and-leaders.yaml");
    // Musket at 30 cm is medium range; soft cover needs 6+ on a d8 (3/8); gunpowder damage
    // is a third each for graze, wound and kill: 1/8 each.
    expect(
        &r,
        "to-hit",
        "weapon=musket range=30 cover=soft",
        &[
            ("Miss", "5/8"),
            ("Hit › Graze", "1/8"),
            ("Hit › Wound", "1/8"),
            ("Hit › Killed", "1/8"),
        ],
    );
    // Pistol at 4 cm is short range in the open: 2+ (7/8), a third each: 7/24.
    expect(
        &r,
        "to-hit",
        "weapon=pistol range=4",
        &[
            ("Miss", "1/8"),
            ("Hit › Graze", "7/24"),
            ("Hit › Wound", "7/24"),
            ("Hit › Killed", "7/24"),
        ],
    );
    // Rifle at 180 cm is still long range; hard cover needs an 8 (1/8).
    expect(
        &r,
        "to-hit",
        "weapon=rifle range=180 cover=hard",
        &[
            ("Miss", "7/8"),
            ("Hit › Graze", "1/24"),
            ("Hit › Wound", "1/24"),
            ("Hit › Killed", "1/24"),
        ],
    );
    // Hatchet at 6 cm is medium range: 4+ (5/8); other weapons graze on 1-3, wound on 4-5,
    // kill on 6: 5/16, 5/24, 5/48.
    expect(
        &r,
        "to-hit",
        "weapon=hatchet range=6",
        &[
            ("Miss", "3/8"),
            ("Hit › Graze", "5/16"),
            ("Hit › Wound", "5/24"),
            ("Hit › Killed", "5/48"),
        ],
    );
    // Beyond long range, or with a sword, the target is 9: no hit.
    expect(&r, "to-hit", "weapon=rifle range=181", &[("Miss", "1")]);
    expect(&r, "to-hit", "weapon=sword range=1", &[("Miss", "1")]);
    // A band may be named instead of measured: medium range, hard cover needs 7+ (1/4).
    let hit = chances(&r, "to-hit", "weapon=musket range=medium cover=hard");
    assert_eq!(hit.get("Miss").map(String::as_str), Some("3/4"));

    let step = throw(
        &r,
        "to-hit",
        "weapon=musket range=30 cover=soft",
        &[&[6], &[5]],
    );
    assert_eq!(step.decision.label, "Hit");
    assert_eq!(step.outcome(), "Hit › Killed");
    let step = throw(&r, "to-hit", "weapon=musket range=30 cover=soft", &[&[5]]);
    assert_eq!(step.outcome(), "Miss");
    // A raw rifleman's 1 reads as the first column: a graze.
    let step = throw(
        &r,
        "to-hit",
        "weapon=rifle range=10 class=raw",
        &[&[8], &[1]],
    );
    assert_eq!(step.outcome(), "Hit › Graze");
    assert!(
        r.try_roll("to-hit", "weapon=rifle range=10", &[&[9]])
            .is_err()
    );
}

#[test]
fn oal_damage_by_weapon_kind() {
    let r = load("003-officers-and-leaders.yaml");
    expect(
        &r,
        "damage",
        "weapon=musket",
        &[("Graze", "1/3"), ("Wound", "1/3"), ("Killed", "1/3")],
    );
    // Hero +1: totals 2..7, 7 read as 6: graze {2}, wound {3,4}, kill {5,6,7}.
    expect(
        &r,
        "damage",
        "weapon=musket class=hero",
        &[("Graze", "1/6"), ("Wound", "1/3"), ("Killed", "1/2")],
    );
    // Raw -1 with another weapon: totals 0..5, 0 read as 1: graze {0..3}, wound {4,5}.
    expect(
        &r,
        "damage",
        "weapon=hatchet class=raw",
        &[("Graze", "2/3"), ("Wound", "1/3")],
    );
    // Hero with rocks: totals 2..7: graze {2,3}, wound {4,5}, kill {6,7}.
    expect(
        &r,
        "damage",
        "weapon=rocks class=hero",
        &[("Graze", "1/3"), ("Wound", "1/3"), ("Killed", "1/3")],
    );
}

#[test]
fn oal_artillery_effect_by_range_band() {
    let r = load("003-officers-and-leaders.yaml");
    let sixth = "1/6";
    expect(
        &r,
        "artillery-effect",
        "gun-range=50",
        &[
            ("1 wounded", sixth),
            ("1 wounded, 1 killed", sixth),
            ("1 wounded, 2 killed", sixth),
            ("2 wounded, 2 killed", sixth),
            ("2 wounded, 3 killed", sixth),
            ("5 killed", sixth),
        ],
    );
    expect(
        &r,
        "artillery-effect",
        "gun-range=51",
        &[
            ("No effect", sixth),
            ("1 wounded", sixth),
            ("1 wounded, 1 killed", sixth),
            ("1 wounded, 2 killed", sixth),
            ("2 wounded, 2 killed", sixth),
            ("2 wounded, 3 killed", sixth),
        ],
    );
    // Over 100 cm: 1-3 nothing.
    expect(
        &r,
        "artillery-effect",
        "gun-range=101",
        &[
            ("No effect", "1/2"),
            ("1 wounded", sixth),
            ("1 wounded, 1 killed", sixth),
            ("1 wounded, 2 killed", sixth),
        ],
    );
    expect(
        &r,
        "artillery-effect",
        "gun-range=long",
        &[
            ("No effect", "1/2"),
            ("1 wounded", sixth),
            ("1 wounded, 1 killed", sixth),
            ("1 wounded, 2 killed", sixth),
        ],
    );
    let step = throw(&r, "artillery-effect", "gun-range=75", &[&[6]]);
    assert_eq!(step.decision.label, "2 wounded, 3 killed");
}

#[test]
fn oal_actions_by_risk_factor() {
    let r = load("003-officers-and-leaders.yaml");
    let sixth = "1/6";
    expect(
        &r,
        "actions",
        "risk=0",
        &[
            ("Carries on as before", "5/6"),
            ("Moves towards the nearest visible enemy", sixth),
        ],
    );
    expect(
        &r,
        "actions",
        "risk=-4 falling-back",
        &[
            ("Carries on as before", "2/3"),
            (
                "Halts in the nearest cover facing the enemy's last position",
                "1/3",
            ),
        ],
    );
    // Risk 1: 1 cover, 2 halt, 3-5 carry on facing, 6 advance.
    expect(
        &r,
        "actions",
        "risk=1",
        &[
            (
                "Takes cover within one move, or moves away from every enemy",
                sixth,
            ),
            ("Halts facing the nearest enemy", sixth),
            ("Carries on facing the nearest enemy (may charge)", "1/2"),
            ("Advances on the nearest enemy (may charge)", sixth),
        ],
    );
    // Risk 2-5: 1 withdraw, 2 cover, 3 halt, 4-5 carry on facing, 6 advance.
    expect(
        &r,
        "actions",
        "risk=3",
        &[
            ("Withdraws towards cover away from the enemy", sixth),
            (
                "Takes cover within one move, or moves away from every enemy",
                sixth,
            ),
            ("Halts facing the nearest enemy", sixth),
            ("Carries on facing the nearest enemy (may charge)", "1/3"),
            ("Advances on the nearest enemy (may charge)", sixth),
        ],
    );
    // Risk 6-8: 1 run, 2 withdraw, 3-4 cover, 5 halt, 6 carry on facing.
    expect(
        &r,
        "actions",
        "risk=7",
        &[
            ("Runs from the nearest enemy", sixth),
            ("Withdraws towards cover away from the enemy", sixth),
            (
                "Takes cover within one move, or moves away from every enemy",
                "1/3",
            ),
            ("Halts facing the nearest enemy", sixth),
            ("Carries on facing the nearest enemy (may charge)", sixth),
        ],
    );
    // Risk 9+: 1-2 run, 3 withdraw, 4-5 cover, 6 halt.
    expect(
        &r,
        "actions",
        "risk=12",
        &[
            ("Runs from the nearest enemy", "1/3"),
            ("Withdraws towards cover away from the enemy", sixth),
            (
                "Takes cover within one move, or moves away from every enemy",
                "1/3",
            ),
            ("Halts facing the nearest enemy", sixth),
        ],
    );
    expect(
        &r,
        "cavalry-actions",
        "risk=0",
        &[("Carries on as before", "1")],
    );
    expect(
        &r,
        "cavalry-actions",
        "risk=0 halted",
        &[
            ("Carries on as before", "5/6"),
            ("Moves towards the nearest visible enemy", sixth),
        ],
    );
    expect(
        &r,
        "cavalry-actions",
        "risk=7",
        &[
            ("Flees at the gallop", sixth),
            ("Canters away from the nearest enemy", sixth),
            (
                "Walks to cover within one move, or away from every enemy",
                "1/3",
            ),
            ("Halts facing the nearest enemy", sixth),
            ("Carries on facing the nearest enemy (may charge)", sixth),
        ],
    );
    assert!(refused(&r, "actions", "").contains("no row"));
    let step = throw(&r, "actions", "risk=4", &[&[6]]);
    assert_eq!(
        step.decision.label,
        "Advances on the nearest enemy (may charge)"
    );
}

#[test]
fn oal_command_dice_by_class() {
    let r = load("003-officers-and-leaders.yaml");
    // Raw: 2d6, 7 in 6 ways of 36.
    let raw = chances(&r, "command", "class=raw");
    assert_eq!(raw.get("7 points").map(String::as_str), Some("1/6"));
    assert_eq!(raw.len(), 11);
    // Hero with a drummer but busy: 4d6; 14 comes 146 ways of 1296.
    let hero = chances(&r, "command", "class=hero drummer busy");
    assert_eq!(hero.get("14 points").map(String::as_str), Some("73/648"));
    assert_eq!(hero.get("4 points").map(String::as_str), Some("1/1296"));
    // Raw and busy: a single d6.
    expect(
        &r,
        "command",
        "class=raw busy",
        &[
            ("1 point", "1/6"),
            ("2 points", "1/6"),
            ("3 points", "1/6"),
            ("4 points", "1/6"),
            ("5 points", "1/6"),
            ("6 points", "1/6"),
        ],
    );
    let step = throw(&r, "command", "class=veteran drummer", &[&[1, 2, 3, 4]]);
    assert_eq!(step.decision.amount, Some(10));
}

// ----- 004 C'est la Guerre -------------------------------------------------------------------

/// Out of 36 x 36 throws of 2d6 + factor each: [tie, first beats second, first doubles second,
/// second beats first, second doubles first].
fn doubling_counts(first: i64, second: i64) -> [u128; 5] {
    let mut n = [0; 5];
    for a in (1..=6).flat_map(|x| (1..=6).map(move |y| x + y + first)) {
        for b in (1..=6).flat_map(|x| (1..=6).map(move |y| x + y + second)) {
            let i = match (a.cmp(&b), a >= 2 * b, b >= 2 * a) {
                (std::cmp::Ordering::Equal, _, _) => 0,
                (std::cmp::Ordering::Greater, false, _) => 1,
                (std::cmp::Ordering::Greater, true, _) => 2,
                (std::cmp::Ordering::Less, _, false) => 3,
                (std::cmp::Ordering::Less, _, true) => 4,
            };
            n[i] += 1;
        }
    }
    n
}

/// `n/d` in lowest terms, `0` and `1` as themselves.
fn fraction(n: u128, d: u128) -> String {
    let (mut a, mut b) = (n, d);
    while b != 0 {
        (a, b) = (b, a % b);
    }
    let (n, d) = (n / a.max(1), d / a.max(1));
    if n == 0 {
        "0".to_string()
    } else if d == 1 {
        n.to_string()
    } else {
        format!("{n}/{d}")
    }
}

fn brute(first: i64, second: i64) -> BTreeMap<String, String> {
    let [tie, beats, doubles, beaten, doubled] =
        doubling_counts(first, second).map(|c| fraction(c, 1296));
    [
        ("No result", tie),
        ("defender: Beaten", beats),
        ("defender: Doubled", doubles),
        ("attacker: Beaten", beaten),
        ("attacker: Doubled", doubled),
    ]
    .into_iter()
    .filter(|(_, p)| p != "0")
    .map(|(l, p)| (l.to_string(), p))
    .collect()
}

#[test]
fn clg_combat_compares_by_doubling() {
    let r = load("004-cest-la-guerre.yaml");
    // Regular infantry against regular infantry, +4 each: ties sum n(k)^2 = 146 of 1296 = 73/648;
    // each side higher (1296-146)/2 = 575; doubling needs a >= 2b+4: b=2 a>=8 (15 ways),
    // b=3 a>=10 (6), b=4 a=12 (1): 1*15 + 2*6 + 3*1 = 30 = 5/216; beaten 575-30 = 545/1296.
    let both = "attacker.unit=regular-infantry attacker.enemy=infantry defender.unit=regular-infantry defender.enemy=infantry";
    expect(
        &r,
        "combat",
        both,
        &[
            ("No result", "73/648"),
            ("defender: Beaten", "545/1296"),
            ("defender: Doubled", "5/216"),
            ("attacker: Beaten", "545/1296"),
            ("attacker: Doubled", "5/216"),
        ],
    );
    // Cavalry (+2 against infantry) on regular infantry (+2 against mounted): a >= 2b+2:
    // b=2 a>=6 (26), b=3 a>=8 (15), b=4 a>=10 (6), b=5 a=12 (1): 26+30+18+4 = 78 = 13/216;
    // beaten 575-78 = 497/1296.
    let cav = "attacker.unit=cavalry attacker.enemy=infantry defender.unit=regular-infantry defender.enemy=mounted";
    expect(
        &r,
        "combat",
        cav,
        &[
            ("No result", "73/648"),
            ("defender: Beaten", "497/1296"),
            ("defender: Doubled", "13/216"),
            ("attacker: Beaten", "497/1296"),
            ("attacker: Doubled", "13/216"),
        ],
    );
    // Light cavalry (+1) on light infantry (+1 against mounted): a >= 2b+1: b=2 a>=5 (30),
    // b=3 a>=7 (21), b=4 a>=9 (10), b=5 a>=11 (3): 30+42+30+12 = 114 = 19/216; 575-114 = 461.
    let light = "attacker.unit=light-cavalry attacker.enemy=infantry defender.unit=light-infantry defender.enemy=mounted";
    let got = chances(&r, "combat", light);
    assert_eq!(
        got.get("defender: Doubled").map(String::as_str),
        Some("19/216")
    );
    assert_eq!(
        got.get("defender: Beaten").map(String::as_str),
        Some("461/1296")
    );
    assert_eq!(got, brute(1, 1));
    // Close artillery (+6 against infantry) on regular infantry (+4), and an elite heavy cavalry
    // (+3 against mounted, +1) with 2 casualties (-2) against cavalry (+2): cross-checked by brute force.
    assert_eq!(
        chances(
            &r,
            "combat",
            "attacker.unit=artillery-close attacker.enemy=infantry defender.unit=regular-infantry defender.enemy=infantry"
        ),
        brute(6, 4)
    );
    assert_eq!(
        chances(
            &r,
            "combat",
            "a.unit=heavy-cavalry a.enemy=mounted a.elite a.casualties=2 d.unit=cavalry d.enemy=mounted"
        ),
        brute(2, 2)
    );
    assert_eq!(chances(&r, "combat", both), brute(4, 4));
    assert_eq!(chances(&r, "combat", cav), brute(2, 2));
    // Each side must say what it faces.
    assert!(
        refused(
            &r,
            "combat",
            "attacker.unit=cavalry defender.unit=regular-infantry defender.enemy=mounted"
        )
        .contains("no case")
    );

    // Regular infantry throws 1+1+4 = 6, light infantry 6+6+2 = 14: doubled; the loser rolls
    // for a casualty.
    let step = throw(
        &r,
        "combat",
        "attacker.unit=regular-infantry attacker.enemy=infantry defender.unit=light-infantry defender.enemy=infantry",
        &[&[1, 1], &[6, 6]],
    );
    assert_eq!(step.decision.label, "Doubled");
    assert_eq!(step.decision.loser.as_deref(), Some("attacker"));
    assert_eq!(step.outcome(), "attacker: Doubled");
    let follow: Vec<&str> = step
        .follow_ups
        .iter()
        .map(|f| f.procedure.as_str())
        .collect();
    assert_eq!(follow, ["casualty"]);
    // Light infantry beaten (not doubled) rolls no casualty: 4+4+4 = 12 against 5+4+2 = 11.
    let step = throw(
        &r,
        "combat",
        "attacker.unit=regular-infantry attacker.enemy=infantry defender.unit=light-infantry defender.enemy=infantry",
        &[&[4, 4], &[5, 4]],
    );
    assert_eq!(step.outcome(), "defender: Beaten");
    assert!(step.follow_ups.is_empty());
    // Artillery doubled while shot at rolls twice.
    let step = throw(
        &r,
        "combat",
        "attacker.unit=regular-infantry attacker.enemy=infantry defender.unit=artillery defender.enemy=infantry",
        &[&[6, 6], &[1, 1]],
    );
    assert_eq!(step.outcome(), "defender: Doubled");
    assert_eq!(step.follow_ups.len(), 2);
}

#[test]
fn clg_melee_uses_its_own_factors_and_refuses_the_garbled_cells() {
    let r = load("004-cest-la-guerre.yaml");
    // Heavy cavalry +4 against cavalry +3 (both against mounted): ties b = a+1:
    // 2+6+12+20+30+30+20+12+6+2 = 140 = 35/324; attacker doubles when a >= 2b+2 (78 = 13/216);
    // defender doubles when b >= 2a+5: a=2 b>=9 (10), a=3 b>=11 (3): 10+6 = 16 = 1/81.
    // Attacker higher when a >= b: (1296+146)/2 = 721, beaten 721-78 = 643; defender higher
    // 1296-721-140 = 435, beaten 435-16 = 419.
    let pairing = "attacker.unit=heavy-cavalry attacker.enemy=mounted defender.unit=cavalry defender.enemy=mounted";
    expect(
        &r,
        "melee",
        pairing,
        &[
            ("No result", "35/324"),
            ("defender: Beaten", "643/1296"),
            ("defender: Doubled", "13/216"),
            ("attacker: Beaten", "419/1296"),
            ("attacker: Doubled", "1/81"),
        ],
    );
    assert_eq!(chances(&r, "melee", pairing), brute(4, 3));
    // Pikes +3 against regular infantry +2, uphill +1: equal.
    assert_eq!(
        chances(
            &r,
            "melee",
            "a.unit=pikes a.enemy=infantry d.unit=regular-infantry d.enemy=infantry d.uphill"
        ),
        brute(3, 3)
    );
    // Cavalry against infantry in melee cannot be read from the source: refused.
    assert!(refused(&r, "melee", "attacker.unit=cavalry attacker.enemy=infantry defender.unit=regular-infantry defender.enemy=mounted").contains("no case"));
    assert!(refused(&r, "melee", "attacker.unit=light-cavalry attacker.enemy=mounted defender.unit=cavalry defender.enemy=mounted").contains("no case"));
}

#[test]
fn clg_casualty_river_initiative_and_reserves() {
    let r = load("004-cest-la-guerre.yaml");
    expect(
        &r,
        "casualty",
        "",
        &[("One casualty", "1/2"), ("No casualty", "1/2")],
    );
    expect(
        &r,
        "river",
        "",
        &[
            ("Difficult river", "1/3"),
            ("Normal river", "1/3"),
            ("No real river", "1/3"),
        ],
    );
    expect(
        &r,
        "cross-river",
        "",
        &[("Crosses", "1/6"), ("Does not cross", "5/6")],
    );
    let points = chances(&r, "initiative", "");
    assert_eq!(points.get("3 points").map(String::as_str), Some("1/6"));
    assert_eq!(points.len(), 6);
    // 2d6: 5+ is 30 ways of 36, 7+ 21, 9+ 10.
    expect(
        &r,
        "reserves",
        "edge=own-base",
        &[("Reserves arrive", "5/6"), ("Not this round", "1/6")],
    );
    expect(
        &r,
        "reserves",
        "edge=left",
        &[("Reserves arrive", "7/12"), ("Not this round", "5/12")],
    );
    expect(
        &r,
        "reserves",
        "edge=enemy-base",
        &[("Reserves arrive", "5/18"), ("Not this round", "13/18")],
    );
    assert!(refused(&r, "reserves", "").contains("no row"));

    let step = throw(&r, "reserves", "edge=flank", &[&[3, 4]]);
    assert_eq!(step.decision.label, "Reserves arrive");
    let step = throw(&r, "reserves", "edge=flank", &[&[3, 3]]);
    assert_eq!(step.decision.label, "Not this round");
    let step = throw(&r, "river", "", &[&[2]]);
    assert_eq!(step.decision.label, "Difficult river");
    assert_eq!(
        step.follow_ups.first().map(|f| f.procedure.as_str()),
        Some("cross-river")
    );
    let step = throw(&r, "casualty", "", &[&[3]]);
    assert_eq!(step.decision.label, "One casualty");
}

#[test]
fn every_table_loads_and_names_its_readings() {
    for (file, procedures) in [
        (
            "001-la-petite-guerre-1750s.yaml",
            &[
                "acquire",
                "shoot",
                "hit-result",
                "blind-fire",
                "move",
                "control-test",
            ][..],
        ),
        (
            "002-french-indian-war.yaml",
            &["volley", "shoot", "artillery", "rally", "activate"][..],
        ),
        (
            "003-officers-and-leaders.yaml",
            &["to-hit", "damage", "artillery-effect", "actions"][..],
        ),
        (
            "004-cest-la-guerre.yaml",
            &["combat", "casualty", "river", "reserves"][..],
        ),
    ] {
        let r = load(file);
        let described = Ruleset::from_file(&test_tables().join(file));
        let mut readings = r
            .test_run()
            .args(["rules", &described.name])
            .stderr("")
            .run()
            .stdout
            .lines()
            .filter(|l| l.trim_start().starts_with("note: Reading:"))
            .count();
        for p in procedures {
            let out = r.test_run().args(["rules", p, "--json"]).output();
            assert_eq!(out.code, 0, "{file} lacks {p}: {}", out.stderr);
        }
        for p in &described.procedures {
            readings += r.test_run().args(["rules", &p.name, "--json"]).run().json()["notes"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|n| n.as_str().is_some_and(|n| n.starts_with("Reading:")))
                .count();
        }
        assert!(readings >= 1, "{file} carries no reading");
    }
}
