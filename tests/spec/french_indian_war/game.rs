//! A game of the French Indian War Rules: units are the pieces, the hits a roll inflicts go on
//! the unit hit and its disruption test is owed, a failed test disorganises it (which refuses
//! its activation), seven hits eliminate it, and a side that has lost its commander's unit or
//! half its units has lost its resolve: a failed rally then routs.

use crate::support::Table;

/// A game with the 44th (line, the commander) and rogers (skirmishers, a captain) for the
/// British, the marines (line) and the ottawa (Indians) for the French.
fn game() -> Table {
    let t = Table::empty();
    for args in [
        &["game", "new", "monongahela", "--rules", "fiw"][..],
        &[
            "unit",
            "add",
            "44th",
            "type=line",
            "commander",
            "--side",
            "british",
        ],
        &[
            "unit",
            "add",
            "rogers",
            "type=skirmishers",
            "captain",
            "--side",
            "british",
        ],
        &["unit", "add", "marines", "type=line", "--side", "french"],
        &["unit", "add", "ottawa", "type=indians", "--side", "french"],
    ] {
        t.ok(args);
    }
    t
}

#[test]
fn a_volley_puts_its_hits_on_the_target_which_owes_its_disruption_test() {
    let t = game();
    let out = t.ok(&[
        "roll", "volley", "--unit", "44th", "--target", "marines", "--dice", "4",
    ]);
    assert!(
        out.contains("changes:\n  marines: hits 4 (+4)\n  marines owes rally\n"),
        "{out}"
    );
    let out = t.ok(&["roll", "--next", "--dice", "2"]);
    assert!(out.contains("from its side: resolve-lost=no"), "{out}");
    assert!(out.contains("outcome: Disorganised\n"), "{out}");
    assert!(out.contains("  marines: +disorganised\n"), "{out}");
    // Disorganised, it performs no action until it rallies (in the French player turn).
    t.ok(&["turn"]);
    t.ok(&["turn"]);
    assert_eq!(
        t.refused(&[
            "roll",
            "activate",
            "--unit",
            "marines",
            "action=move",
            "--dice",
            "6"
        ]),
        "disorganised refused by the rule Disorganised units: it needs not disorganised \
         (A disorganised unit performs no action and does not return fire until it rallies: \
         `umpire roll rally`. \
         Or rule otherwise with `--anyway \"WHY\"`)"
    );
    let out = t.ok(&["roll", "rally", "--unit", "marines", "--dice", "5"]);
    assert!(out.contains("  marines: -disorganised\n"), "{out}");
}

#[test]
fn a_charge_puts_each_sides_hits_on_the_other_and_seven_eliminate() {
    let t = game();
    t.ok(&["mark", "marines", "hits=4"]);
    let out = t.ok(&[
        "roll",
        "charge",
        "--attacker",
        "44th",
        "--defender",
        "marines",
        "--dice",
        "1",
        "--dice",
        "2",
    ]);
    // 1 + 2 = 3 hits on the marines (7 in all), 2 + 2 = 4 on the 44th.
    assert!(
        out.contains("attacker 3 hits against defender 4 hits"),
        "{out}"
    );
    assert!(
        out.contains("  marines: hits 7 (+3)\n  marines: hits 7 or more: eliminated\n"),
        "{out}"
    );
    assert!(out.contains("  44th: hits 4 (+4)\n"), "{out}");
    assert!(out.contains("44th owes rally"), "{out}");
    assert!(
        out.contains("marines is eliminated: no rally to make"),
        "{out}"
    );
}

#[test]
fn a_side_that_lost_its_commanders_unit_has_lost_its_resolve_and_a_failed_rally_routs() {
    let t = game();
    t.ok(&["mark", "44th", "+eliminated"]);
    let status = t.ok(&["status"]);
    assert_eq!(
        status,
        "Game monongahela: no turn started yet (`umpire turn`).\n\
         British and colonials: army resolve lost: 1 of 2 units lost (50% or more); \
         the commander's unit lost (44th)\n\
         French and allies: army resolve lost: not yet\n"
    );
    let out = t.ok(&[
        "roll", "rally", "--unit", "rogers", "--dice", "1", "--dice", "2",
    ]);
    assert!(out.contains("from its side: resolve-lost=yes"), "{out}");
    assert!(out.contains("outcome: Routs\n"), "{out}");
    assert!(out.contains("  rogers: routed\n"), "{out}");
    let status = t.ok(&["status"]);
    assert!(
        status.contains(
            "British and colonials: army resolve lost: 2 of 2 units lost (50% or more); \
             the commander's unit lost (44th)\n"
        ),
        "{status}"
    );
}

/// Indians and artillery do not charge: the charging roll itself is refused to them, typed or
/// from the roster, activated or not; charged, they fight back.
#[test]
fn an_indian_charge_is_refused_even_rolled_directly() {
    let said = "attacker: charge refused by the rule Who charges: it needs \
                unit=line/grenadiers/skirmishers (it is indians)";
    let t = Table::empty();
    let refused = t.refused(&[
        "--rules",
        "fiw",
        "odds",
        "charge",
        "attacker.unit=indians",
        "defender.unit=line",
    ]);
    assert!(refused.starts_with(said), "{refused}");
    t.ok(&[
        "--rules",
        "fiw",
        "odds",
        "charge",
        "attacker.unit=line",
        "defender.unit=indians",
    ]);
    t.ok(&["game", "new", "oswego", "--rules", "fiw"]);
    t.ok(&["unit", "add", "ottawa", "type=indians", "--side", "french"]);
    t.ok(&["unit", "add", "44th", "type=line", "--side", "british"]);
    let refused = t.refused(&[
        "roll",
        "charge",
        "--attacker",
        "ottawa",
        "--defender",
        "44th",
        "--dice",
        "4",
        "--dice",
        "3",
    ]);
    assert!(refused.starts_with(said), "{refused}");
}

/// Artillery shooting at entrenched men hits the wall in front of them until it has taken 6:
/// the hits are the wall's, the men owe no disruption test; then the wall is breached and the
/// guns hit the men behind it, their cover still counting.
#[test]
fn artillery_hits_an_entrenchments_wall_until_six_breach_it_then_the_men_behind() {
    let t = game();
    t.ok(&[
        "unit",
        "add",
        "guns",
        "type=medium-artillery",
        "--side",
        "british",
    ]);
    let fire = |die: &str| {
        t.ok(&[
            "roll",
            "artillery",
            "--unit",
            "guns",
            "--target",
            "marines",
            "cover=fort",
            "range=short",
            "--dice",
            die,
        ])
    };
    // 5 less 1 for the cover: 4 hits, on the wall.
    let out = fire("5");
    assert!(
        out.contains("(counted as wall hits)") && out.contains("  marines: wall hits 4 (+4)\n"),
        "{out}"
    );
    assert!(
        !out.contains("owes rally") && !out.contains("marines: hits"),
        "{out}"
    );
    let out = fire("3");
    assert!(
        out.contains("  marines: wall hits 6 (+2)\n  marines: +wall breached\n"),
        "{out}"
    );
    // Breached: the wall is cover (-1 still) and the guns hit the marines.
    let out = fire("4");
    assert!(
        out.contains("from markers: wall-breached (wall breached)"),
        "{out}"
    );
    assert!(
        out.contains("  marines: hits 3 (+3)\n  marines owes rally cover=entrenchments\n"),
        "{out}"
    );
    // Standing alone, the wall stands until the umpire says `breached`.
    let alone = |extra: &str| {
        let mut args = vec![
            "roll",
            "artillery",
            "unit=light-artillery",
            "cover=fort",
            "--dice",
            "6",
        ];
        args.extend(extra.split_whitespace());
        super::said(&args)
    };
    assert!(alone("").contains("(counted as wall hits)"));
    let out = alone("breached");
    assert!(
        !out.contains("counted as") && out.contains("must follow: "),
        "{out}"
    );
}
