//! Exact odds of every procedure, worked out by hand beside each.

use super::{expect, oal};
use crate::support::Test;

#[test]
fn the_d8_shot_reads_range_and_cover_and_a_moving_group_one_band_further() {
    // Short range in the open: 2 or more on a d8, 7/8; long in hard cover: 8, 1/8.
    expect(
        "to-hit",
        "weapon=musket range=short",
        &[("Hit", "7/8"), ("Miss", "1/8")],
    );
    expect(
        "to-hit",
        "weapon=musket range=long cover=hard",
        &[("Hit", "1/8"), ("Miss", "7/8")],
    );
    // Out of range the number is 9: never.
    expect(
        "to-hit",
        "weapon=musket range=out-of-range",
        &[("Miss", "1")],
    );
    // A rifle at 50 cm is medium (4+, 5/8); moving (a Minie: other rifles shoot halted), or
    // mounted, it reads long (6+, 3/8).
    expect(
        "to-hit",
        "weapon=rifle range=50",
        &[("Hit", "5/8"), ("Miss", "3/8")],
    );
    expect(
        "to-hit",
        "weapon=rifle range=50 moving minie",
        &[("Hit", "3/8"), ("Miss", "5/8")],
    );
    expect(
        "to-hit",
        "weapon=rifle range=50 mounted",
        &[("Hit", "3/8"), ("Miss", "5/8")],
    );
    // Long goes out of range.
    expect(
        "to-hit",
        "weapon=musket range=long moving",
        &[("Miss", "1")],
    );
}

#[test]
fn damage_reads_the_weapon_class_and_the_shooters_class() {
    // Gunpowder: 1-2 graze, 3-4 wound, 5-6 kill; a hero adds 1 (2-3 wound... 4-7 kill).
    expect(
        "damage",
        "weapon=musket class=veteran",
        &[("Graze", "1/3"), ("Wound", "1/3"), ("Killed", "1/3")],
    );
    expect(
        "damage",
        "weapon=musket class=hero",
        &[("Graze", "1/6"), ("Wound", "1/3"), ("Killed", "1/2")],
    );
    // Other weapons, raw: total 0-5 reads 1-3 graze, 4-5 wound, 6 never: 1 to 3 of the
    // faces 1-4 graze (4/6 with the clamp at 1), 5-6 give 4-5 wound.
    expect(
        "damage",
        "weapon=sword class=raw",
        &[("Graze", "2/3"), ("Wound", "1/3")],
    );
}

#[test]
fn artillery_reads_the_range_band() {
    // Over 100 cm: 1-3 nothing, 4 one wounded, 5 1W 1K, 6 1W 2K.
    expect(
        "artillery",
        "gun-range=150",
        &[
            ("No effect", "1/2"),
            ("1 wounded", "1/6"),
            ("1 wounded, 1 killed", "1/6"),
            ("1 wounded, 2 killed", "1/6"),
        ],
    );
    expect(
        "artillery",
        "gun-range=close",
        &[
            ("1 wounded", "1/6"),
            ("1 wounded, 1 killed", "1/6"),
            ("1 wounded, 2 killed", "1/6"),
            ("2 wounded, 2 killed", "1/6"),
            ("2 wounded, 3 killed", "1/6"),
            ("5 killed", "1/6"),
        ],
    );
}

#[test]
fn the_risk_factor_is_the_sum_of_its_items_and_picks_the_row() {
    // Nothing on the list: risk 0, a 6 moves on the enemy.
    expect(
        "actions",
        "",
        &[
            ("Carries on as before", "5/6"),
            ("Moves towards the nearest visible enemy", "1/6"),
        ],
    );
    // +1 in range, +2 flanked, +3 running: 6, the 6-8 row: 1 run, 2 withdraw, 3-4 cover,
    // 5 halt, 6 carry on facing.
    expect(
        "actions",
        "enemy-in-range flanked running",
        &[
            ("Runs from the nearest enemy", "1/6"),
            ("Withdraws towards cover away from the enemy", "1/6"),
            (
                "Takes cover within one move, or moves away from every enemy",
                "1/3",
            ),
            ("Halts facing the nearest enemy", "1/6"),
            ("Carries on facing the nearest enemy (may charge)", "1/6"),
        ],
    );
    // -4 no enemy, -1 formed regulars, in cover -1: -6, still the "0 or less" row; and the
    // risk given outright wins over the list (risk=9: 1-2 run).
    expect(
        "actions",
        "no-enemy formed in-cover",
        &[
            ("Carries on as before", "5/6"),
            ("Moves towards the nearest visible enemy", "1/6"),
        ],
    );
    let nine = oal().chances("actions", "risk=9 no-enemy");
    assert_eq!(
        nine.get("Runs from the nearest enemy").map(String::as_str),
        Some("1/3")
    );
    // Per 10% lost, +1 each: 3 tenths and a raw unit under fire: 4, the 2-5 row.
    let four = oal().chances("actions", "lost=3 class=raw under-fire");
    assert_eq!(
        four.get("Withdraws towards cover away from the enemy")
            .map(String::as_str),
        Some("1/6")
    );
    // Artillery within 50 cm: +9.
    let shelled = oal().chances("actions", "shelled=close");
    assert_eq!(
        shelled
            .get("Runs from the nearest enemy")
            .map(String::as_str),
        Some("1/3")
    );
    // The explanation says each item summed.
    let out = Test::new()
        .args([
            "--rules",
            "oal",
            "roll",
            "actions",
            "enemy-in-range",
            "flanked",
            "--dice",
            "3",
        ])
        .stderr("")
        .run()
        .stdout;
    assert!(
        out.contains(
            "  risk 3, the sum of the items that hold:\n     +1  enemy in sight within the \
             unit's weapons' range  [risk]\n     +2  enemy to the flank or rear in sight  \
             "
        ),
        "{out}"
    );
}

#[test]
fn cavalry_read_their_own_table_and_canter_lowers_the_risk() {
    // Mounted at the canter: -1; in range +1: 0, the "0 or less" row: always carries on.
    expect(
        "cavalry-actions",
        "mounted pace=canter enemy-in-range",
        &[("Carries on as before", "1")],
    );
    // At the halt, a 6 moves on the enemy.
    expect(
        "cavalry-actions",
        "mounted pace=halt",
        &[
            ("Carries on as before", "5/6"),
            ("Moves towards the nearest visible enemy", "1/6"),
        ],
    );
}

#[test]
fn command_dice_by_class_with_a_drummer_or_busy() {
    // A raw officer busy throws 1d6: 1 to 6 points, 1/6 each.
    let raw = oal().chances("command", "class=raw busy");
    assert_eq!(raw.len(), 6, "{raw:?}");
    assert_eq!(raw.get("1 point").map(String::as_str), Some("1/6"));
    // A veteran with a drummer throws 4d6: 24 points once in 1296.
    let vet = oal().chances("command", "class=veteran drummer");
    assert_eq!(vet.get("24 points").map(String::as_str), Some("1/1296"));
    // A hero both busy and with a drummer throws his 4d6.
    let hero = oal().chances("command", "class=hero drummer busy");
    assert_eq!(hero.get("24 points").map(String::as_str), Some("1/1296"));
}

#[test]
fn a_melee_winner_wounds_on_a_natural_5_and_kills_on_a_natural_6() {
    // Even men: 36 pairs, 6 ties. The attacker wins with a 5 over 1-4 (4 pairs: wounds), a
    // 6 over 1-5 (5: kills), and with 2-4 over lower (1+2+3 = 6: beaten); the same for the
    // defender.
    expect(
        "melee",
        "",
        &[
            ("Drawn: no hit", "1/6"),
            ("attacker: Beaten", "1/6"),
            ("attacker: Wounded", "1/9"),
            ("attacker: Killed", "5/36"),
            ("defender: Beaten", "1/6"),
            ("defender: Wounded", "1/9"),
            ("defender: Killed", "5/36"),
        ],
    );
    // A hero (+1) against a raw man (-1): the hero's 6 always wins and kills (1/6); the raw
    // man's natural 6 (5) beats only the hero's 1-3 (4-... 2, 3): his 5 and 6 need the
    // hero at 1-2 or 1-3.
    let odds = oal().chances("melee", "attacker.class=hero defender.class=raw");
    assert_eq!(
        odds.get("defender: Killed").map(String::as_str),
        Some("1/6")
    );
    assert_eq!(
        odds.get("attacker: Killed").map(String::as_str),
        Some("1/12")
    );
}

#[test]
fn a_group_fires_one_die_in_two_figures_each_read_as_a_shot() {
    // Nine men stationary: 4 shots, each a d8 needing 7+ at long range in soft cover (1/4);
    // the hits are binomial: C(4,k) (1/4)^k (3/4)^(4-k).
    expect(
        "group-fire",
        "figures=9 range=long cover=soft",
        &[
            ("0 hits", "81/256"),
            ("1 hit", "27/64"),
            ("2 hits", "27/128"),
            ("3 hits", "3/64"),
            ("4 hits", "1/256"),
        ],
    );
    // (The hits' damage rolls follow: ` › Wound; Graze`.)
    let amount = |args: &[&str]| {
        let out = oal().outcome(args);
        out.split(" ›").next().unwrap_or_default().to_string()
    };
    // Moving: 1 in 3, and a band further (short read as medium, 4+ in the open).
    assert_eq!(
        amount(&[
            "group-fire",
            "figures=9",
            "moving",
            "range=10",
            "--dice",
            "4,5,1"
        ]),
        "2 hits"
    );
    // Baker rifles moving, 1 in 4: 8 men shoot twice; a lone man still shoots once.
    assert_eq!(
        amount(&[
            "group-fire",
            "figures=8",
            "baker",
            "moving",
            "range=10",
            "--dice",
            "8,8"
        ]),
        "2 hits"
    );
    assert_eq!(
        amount(&["group-fire", "figures=1", "range=10", "--dice", "2"]),
        "1 hit"
    );
    // Each die is read as it was thrown, in the order typed.
    oal()
        .test_run()
        .args([
            "roll",
            "group-fire",
            "figures=9",
            "range=long",
            "cover=soft",
            "--dice",
            "7,2,8,1",
        ])
        .stdout_contains(
            "=> each die against 7 (range long, cover soft) or more: 7 2 8 1 (2 of 4): 2 hits",
        )
        .run();
}

#[test]
fn who_may_shoot_visibility_pace_and_the_gatling() {
    let amount = |args: &[&str]| oal().outcome(args);
    assert_eq!(amount(&["cavalry-move", "mounted", "pace=gallop"]), "50 cm");
    // Seen at d6 x 10 cm, at most 20 within woods.
    expect(
        "visibility",
        "",
        &[
            ("seen at 10 cm", "1/6"),
            ("seen at 20 cm", "1/6"),
            ("seen at 30 cm", "1/6"),
            ("seen at 40 cm", "1/6"),
            ("seen at 50 cm", "1/6"),
            ("seen at 60 cm", "1/6"),
        ],
    );
    expect(
        "visibility",
        "in-woods",
        &[("seen at 10 cm", "1/6"), ("seen at 20 cm", "5/6")],
    );
    // Three dice at short range in the open, each hitting on 2+, but all odd jam the gun
    // (27 of 512 with no 1 at all): 3 hits (7^3 - 3^3)/512; 2 hits, one 1 and two others
    // not both odd, 3 (49 - 9)/512; 1 hit, two 1s and an even die, 3 * 4/512; jams 1/8.
    expect(
        "gatling",
        "crew=1 range=short",
        &[
            ("Jams", "1/8"),
            ("1 hit", "3/128"),
            ("2 hits", "15/64"),
            ("3 hits", "79/128"),
        ],
    );
    // Six dice all odd: 1/64.
    let odds = oal().chances("gatling", "crew=2 range=short");
    assert_eq!(odds.get("Jams").map(String::as_str), Some("1/64"));
    assert_eq!(
        amount(&["gatling", "crew=1", "range=short", "--dice", "1,3,5"]),
        "Jams"
    );
    assert_eq!(
        amount(&["gatling", "crew=1", "range=long", "--dice", "1,3,8"]),
        "1 hit"
    );
    // "Fires as ... Breach loaded rifles": 50 cm is a rifle's medium range (4+, 5 of 8), not
    // a musket's long (6+). Hits on 4-8, the odd ones 5 and 7; all odd jams (1/8). None: 3
    // misses (27) less all odd (8) = 19; one: 135 less 24; two: 225 less 24; three: 125 less
    // 8; of 512.
    expect(
        "gatling",
        "crew=1 range=50",
        &[
            ("Jams", "1/8"),
            ("0 hits", "19/512"),
            ("1 hit", "111/512"),
            ("2 hits", "201/512"),
            ("3 hits", "117/512"),
        ],
    );
}

/// "+1 If have a better Melee Factor weapon than all your opponents" (swords 3, muskets 2, 3
/// with a bayonet): a sword against a musket fights at +1, read from the weapons, so the
/// attacker wins when the defender's die is at most his own: 21 of 36; a bayonet evens it.
#[test]
fn the_better_melee_weapon_is_read_from_both_weapons() {
    // Drawn when d = a + 1 (5); the attacker beaten when d >= a + 2 with d 1-4 (3), wounded
    // on a 5 (3), killed on a 6 (4); the defender beaten when d <= a with a 1-4 (10),
    // wounded on a 5 (5), killed on a 6 (6).
    expect(
        "melee",
        "a.weapon=sword d.weapon=musket",
        &[
            ("Drawn: no hit", "5/36"),
            ("attacker: Beaten", "1/12"),
            ("attacker: Wounded", "1/12"),
            ("attacker: Killed", "1/9"),
            ("defender: Beaten", "5/18"),
            ("defender: Wounded", "5/36"),
            ("defender: Killed", "1/6"),
        ],
    );
    // Sword against bayonet: 3 against 3, no one better; the same as musket against musket.
    assert_eq!(
        oal().chances("melee", "a.weapon=sword d.weapon=musket d.bayonet"),
        oal().chances("melee", "a.weapon=musket d.weapon=musket")
    );
    // Typed or read, the advantage is +1 once.
    assert_eq!(
        oal().chances("melee", "a.weapon=sword a.better-weapon d.weapon=pistol"),
        oal().chances("melee", "a.weapon=sword d.weapon=musket")
    );
}

/// "Figures may move a maximum of 25 cms a turn, though wounded men and civilians may only
/// move 20cms (15 cms if their petticoats are not hitched up!) Difficult going counts double,
/// and it takes 1/4 of a move to clear a low barrier", and guns: "manhandled by 4 unwounded
/// men at 10cms a turn ... Limbered guns and wagons move at 15 cms a turn, in open terrain
/// only": allowances with no dice.
#[test]
fn men_and_guns_move_their_allowance() {
    let amount = |args: &[&str]| oal().outcome(args);
    assert_eq!(amount(&["move"]), "25 cm");
    assert_eq!(amount(&["move", "wounded"]), "20 cm");
    assert_eq!(amount(&["move", "civilian", "petticoats"]), "15 cm");
    // Difficult going halves, rounded down; a barrier takes a quarter off.
    assert_eq!(amount(&["move", "difficult"]), "12 cm");
    assert_eq!(amount(&["move", "barrier"]), "19 cm");
    assert_eq!(amount(&["move", "civilian", "barrier"]), "15 cm");
    assert_eq!(amount(&["gun-move", "haulers=4"]), "10 cm");
    assert_eq!(amount(&["gun-move", "haulers=3"]), "0 cm");
    assert_eq!(amount(&["gun-move", "limbered"]), "15 cm");
    let refused = |args: &[&str]| {
        let mut all = vec!["roll"];
        all.extend(args);
        all.extend(["--rules", "oal"]);
        crate::support::Table::empty().refused(&all)
    };
    assert!(
        refused(&["gun-move", "limbered", "difficult"])
            .starts_with("limbered refused by the rule Limbered in the open")
    );
    assert!(refused(&["move", "mounted"]).starts_with("move refused by the rule Horsemen's pace"));
}
