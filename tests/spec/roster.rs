//! What a unit's fields and size imply for its figures, read from the roster by every roll: a
//! line or column of four or more is formed (+2 in melee and to morale), and a target in line,
//! column or mass is easier to hit (+2), without the umpire typing either.

use crate::support::{Table, house_tables};

/// A game of a British line of six (regulars with muskets) and French marines in the
/// formations and sizes given (indians for a mass, lights in skirmish order:
/// only they take those).
fn game(french: &[(&str, &str, u32, &str)]) -> Table {
    let t = Table::empty();
    t.ok(&["game", "new", "g"]);
    t.ok(&[
        "unit",
        "add",
        "reg",
        "--side",
        "british",
        "troop=regulars",
        "weapon=musket",
        "formation=line",
        "--figures",
        "6",
        "--code",
        "BR",
    ]);
    for (name, formation, n, code) in french {
        let troop = match *formation {
            "mass" => "troop=indians",
            "skirmish" => "troop=lights",
            _ => "troop=marine",
        };
        let formation = format!("formation={formation}");
        let n = n.to_string();
        t.ok(&[
            "unit",
            "add",
            name,
            "--side",
            "french",
            troop,
            &formation,
            "--figures",
            &n,
            "--code",
            code,
        ]);
    }
    t
}

#[test]
fn a_target_in_line_column_or_mass_is_hit_at_plus_2_from_the_roster() {
    let t = game(&[
        ("line", "line", 4, "CL"),
        ("mass", "mass", 3, "CM"),
        ("skirm", "skirmish", 4, "CS"),
    ]);
    // Regulars +1, target in line +2: 2d6 + 3 hits on 5 or more; doubles misfire. Of the 30
    // throws that are not doubles, 4 make less than 5 (1-2, 2-1, 1-3, 3-1): 26/36 = 13/18.
    for target in ["CL1", "CM2"] {
        let odds = t.first_step(&["odds", "shoot", "--firer", "BR1", "--target", target]);
        assert_eq!(
            odds.get("Hit").map(String::as_str),
            Some("13/18"),
            "{target}: {odds:?}"
        );
    }
    // In skirmish order, +1 only once BR1 has fired (its initial shot is +2 too): 7 or more
    // on the throws that are not doubles, 18/36 = 1/2.
    let odds = t.first_step(&["odds", "shoot", "--firer", "BR1", "--target", "CS1"]);
    assert_eq!(
        odds.get("Hit").map(String::as_str),
        Some("13/18"),
        "{odds:?}"
    );
    let later = [
        "odds",
        "shoot",
        "--firer",
        "BR1",
        "--target",
        "CS1",
        "initial-shot=no",
    ];
    let odds = t.first_step(&later);
    assert_eq!(odds.get("Hit").map(String::as_str), Some("1/2"), "{odds:?}");
    let shot = t.ok(&[
        "roll", "shoot", "--firer", "BR1", "--target", "CL1", "--dice", "2,3", "--dice", "3,4",
    ]);
    assert!(
        shot.contains("as its unit stands: target-formed (in line, column or mass)"),
        "{shot}"
    );
    assert!(
        shot.contains("+2  target in line, column or mass  [situation]  (greatest positive)"),
        "{shot}"
    );
    assert!(shot.contains("=> total 8 against 8 or more: Hit"), "{shot}");
}

#[test]
fn a_line_or_column_of_four_is_formed_for_morale_and_melee_but_not_three_or_a_mass() {
    let t = game(&[
        ("column", "column", 4, "CC"),
        ("three", "line", 3, "CT"),
        ("mass", "mass", 5, "CM"),
    ]);
    // Morale, marines (line troops, +0 listed): 2d6 + 2 passes on 6 or more, 26/36 = 13/18;
    // unformed, 8 or more: 15/36 = 5/12.
    let morale = |fig: &str| t.first_step(&["odds", "morale", "--fig", fig]);
    assert_eq!(morale("CC1").get("Pass").map(String::as_str), Some("13/18"));
    assert_eq!(morale("BR3").get("Pass").map(String::as_str), Some("13/18"));
    assert_eq!(morale("CT1").get("Pass").map(String::as_str), Some("5/12"));
    assert_eq!(morale("CM1").get("Pass").map(String::as_str), Some("5/12"));
    let check = t.ok(&["roll", "morale", "--fig", "CC2", "--dice", "2,2"]);
    assert!(
        check.contains(
            "CC2 (column, french), acting: from its unit: officer=no troop=marine; as its unit stands: \
             formed (in line or column with 4 or more figures)"
        ),
        "{check}"
    );
    // Once a figure of the column is dead, three are left: no longer formed.
    t.ok(&["mark", "CC4", "+dead"]);
    assert_eq!(morale("CC1").get("Pass").map(String::as_str), Some("5/12"));
    // In melee each side reads its own unit: the British line of six is formed, the French
    // line of three is not.
    let fight = t.ok(&[
        "roll",
        "melee",
        "--attackers",
        "BR1",
        "--defender",
        "CT1",
        "--dice",
        "3",
        "--dice",
        "4",
        "--seed",
        "1",
    ]);
    assert!(
        fight.contains("attacker: given formed=yes, troop=regulars"),
        "{fight}"
    );
    assert!(
        fight.contains("defender: given formed=no, troop=marine (troupes de la marine)\n"),
        "{fight}"
    );
}

#[test]
fn what_a_unit_implies_is_checked_where_it_is_written() {
    let refused = |from: &str, to: &str| {
        let tables = house_tables(|t| t.replace(from, to));
        let t = Table::empty();
        let test = t.test_with(tables.path()).args(["rules", "--check"]);
        test.status(2).run().stderr
    };
    let mass = "      when: {formation: [line, column, mass]}";
    let err = refused(mass, &format!("{mass}\n      figures: 0"));
    assert!(err.contains("la-petite-guerre.yaml:"), "{err}");
    assert!(err.contains("asks for 0 figures: give 1 or more"), "{err}");
    let err = refused(mass, "      when: {wound: light}");
    assert!(
        err.contains("`in line, column or mass` asks about `wound`, which no unit field sets"),
        "{err}"
    );
}
