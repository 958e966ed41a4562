//! Rule document 001, La Petite Guerre – 1750s: control tests, acquiring a target, shooting
//! on to the hit result, blind fire, movement by the average die, pursuit, charges and
//! hand-to-hand.

use super::{expect, load, throw};

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
    // Second action, prone, hard cover: 1d6-3 never reaches 5, so the shot falls back to
    // blind fire: a natural 6 (1/6) hits, then 1-3 are no effect and 4-6 stun (1/2 each).
    expect(
        &r,
        "shoot",
        "second-action prone cover=hard",
        &[
            ("Miss", "5/6"),
            ("Hit › No effect", "1/12"),
            ("Hit › Stunned", "1/12"),
        ],
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
    // "Forest -1" per action unless on trail or crawling": a canoe too, AvD +1 -1.
    expect(
        &r,
        "move",
        "mode=canoe forest",
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
