//! Rule document 003, Officers & leaders: to-hit by range and cover then damage, damage
//! by weapon kind, artillery by range band, actions by risk factor and command dice by
//! class.

use super::{chances, expect, load, refused, throw};

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
