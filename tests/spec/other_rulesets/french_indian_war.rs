//! Rule document 002, French Indian War Rules, as the test table `fiw-grid` writes part of it:
//! activation targets by type and action, rallying with a re-roll, and hits that never go below
//! zero. The built-in ruleset (`french-indian-war`) has its own module, `french_indian_war`;
//! here, the test table beside it.

use super::{expect, load, refused, throw};
use crate::support::{Test, test_tables};

#[test]
fn the_test_table_and_the_built_in_ruleset_of_its_file_name_are_both_reached() {
    // `tests/tables/002-french-indian-war.yaml` holds `fiw-grid`; the built-in file of the same
    // name holds `french-indian-war`. Each is found by its name, and the user's file wins the
    // alias they share.
    let title = |rules: &str| -> String {
        let out = Test::new()
            .tables(test_tables())
            .args(["--rules", rules, "rules", "--json"])
            .run()
            .json();
        let all = out["rulesets"].as_array().cloned().unwrap_or_default();
        let names: Vec<&str> = all.iter().filter_map(|r| r["name"].as_str()).collect();
        assert!(names.contains(&"fiw-grid") && names.contains(&"french-indian-war"));
        Test::new()
            .tables(test_tables())
            .args(["--rules", rules, "rules", "activate", "--json"])
            .run()
            .json()["ruleset"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(title("fiw-grid"), "fiw-grid");
    assert_eq!(title("french-indian-war"), "french-indian-war");
    assert_eq!(title("fiw"), "fiw-grid");
}

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
