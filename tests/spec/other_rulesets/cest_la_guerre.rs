//! Rule document 004, C'est la Guerre: combat compared by doubling (against a count of
//! every throw), melee with its own factors and its garbled cells refused, casualties, rivers,
//! initiative and reserves.

use std::collections::BTreeMap;

use super::{chances, expect, load, refused, throw};

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
