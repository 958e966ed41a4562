//! Combat between two units read from the roster, exact odds counted over the 1,296 pairs of
//! 2d6 throws, and the outcome chart landing on the loser by its type.

use super::{fight, game};
use crate::support::{Rules, Test};

#[test]
fn cavalry_doubling_infantry_in_melee_destroys_it() {
    let t = game();
    let out = t.ok(&fight(
        "melee",
        "british-cavalry-1",
        "french-infantry-1",
        ["6,4", "2,2"],
    ));
    // The roster says each unit's type and grade, and each side's enemy.
    assert!(
        out.contains("  attacker faces french-infantry-1 (french), acted upon: from its unit: enemy=regular-infantry\n"),
        "{out}"
    );
    // Cavalry +4 against infantry, inferior regular infantry +2 against mounted and -1:
    // 2d6+4 at least twice 2d6+1 in 276 of 1,296 pairs (by enumeration) = 23/108.
    assert!(
        out.contains(
            "  => attacker 14 against defender 5: attacker wins and doubles the score; defender: \
             Doubled; regular infantry against mounted: Destroyed   chance 23/108 (21.3%)\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("changes:\n  french-infantry-1: destroyed\n"),
        "{out}"
    );
    // A destroyed unit fights no more.
    let refused = t.refused(&fight(
        "melee",
        "british-cavalry-1",
        "french-infantry-1",
        ["6,4", "2,2"],
    ));
    assert!(
        refused.contains("french-infantry-1") && refused.contains("destroyed"),
        "{refused}"
    );
}

#[test]
fn the_loser_takes_its_types_result() {
    let t = game();
    // Light cavalry beaten (not doubled) in bad going flees in disorder: 2d6+2 (cavalry,
    // bad going -2 on the light cavalry) ... the dice decide; the result lands the marker.
    let out = t.ok(&[
        "roll",
        "melee",
        "--attacker",
        "british-infantry-3",
        "--defender",
        "french-cavalry-1",
        "defender.bad-going",
        "--dice",
        "6,5",
        "--dice",
        "3,3",
    ]);
    // 11 + 2 = 13 against 6 + 3 - 2 = 7: beaten, not doubled; regular mounted in bad going.
    assert!(
        out.contains(
            "defender: Beaten; regular mounted in bad going: Falls back and rolls for a casualty"
        ),
        "{out}"
    );
    assert!(out.contains("  french-cavalry-1 owes casualty\n"), "{out}");
    // Shooting: pikes or close order hold; light infantry doubled flees in disorder.
    let out = t.ok(&fight(
        "combat",
        "british-infantry-5",
        "french-light-infantry-1",
        ["6,6", "1,1"],
    ));
    assert!(
        out.contains("defender: Doubled; infantry: Flees in disorder and rolls for a casualty"),
        "{out}"
    );
    assert!(
        out.contains("  french-light-infantry-1: +in disorder\n"),
        "{out}"
    );
    // In disorder it fights at +1 against infantry, whatever its type.
    let out = t.ok(&fight(
        "combat",
        "french-light-infantry-1",
        "british-infantry-5",
        ["3,3", "6,6"],
    ));
    assert!(
        out.contains("+1  infantry in disorder against infantry"),
        "{out}"
    );
    assert!(
        out.contains("attacker: Doubled; in disorder: Destroyed"),
        "{out}"
    );
}

#[test]
fn exact_odds_of_the_rolls_without_a_game() {
    let odds = |args: &[&str]| {
        Test::new()
            .args(["--rules", "clg", "odds"])
            .args(args)
            .stderr("")
            .run()
            .stdout
    };
    // 1d6, 1 to 3: one casualty, 1/2.
    assert!(odds(&["casualty"]).contains("One casualty") && odds(&["casualty"]).contains("1/2"));
    // The river: 1-2 difficult, 3-4 normal, 5-6 no river, a third each; crossing a
    // difficult river needs a 6, 1/6; initiative points 1 to 6, 1/6 each.
    let river = odds(&["river"]);
    for line in [
        "Difficult river  1/3",
        "Normal river     1/3",
        "No real river    1/3",
    ] {
        assert!(river.contains(line), "{river}");
    }
    assert!(odds(&["cross-river"]).contains("Crosses         1/6"));
    let points = odds(&["initiative"]);
    assert!(
        points.contains("1 point   1/6") && points.contains("6 points  1/6"),
        "{points}"
    );
    // Reserves at the own base edge come on 2d6 5+: 30/36 = 5/6.
    assert!(odds(&["reserves", "edge=own-base"]).contains("5/6"));
    // Regular infantry (+4, British +1) shooting at average regular infantry (+4): beaten
    // (not doubled) in 671 of 1,296 pairs, by enumeration.
    let out = odds(&[
        "combat",
        "attacker.unit=regular-infantry",
        "attacker.enemy=regular-infantry",
        "attacker.british",
        "defender.unit=regular-infantry",
        "defender.enemy=regular-infantry",
    ]);
    assert!(out.contains("671/1296"), "{out}");
}

#[test]
fn a_unit_behind_one_destroyed_flees_in_disorder_and_rolls_for_a_casualty() {
    let t = game();
    let out = t.ok(&fight(
        "melee",
        "british-cavalry-1",
        "french-infantry-1",
        ["6,4", "2,2"],
    ));
    assert!(
        out.contains("`umpire roll casualty --unit UNIT behind-destroyed`"),
        "{out}"
    );
    // Whatever the die, it ends in disorder; a 2 is also a casualty, a 5 none.
    let out = t.ok(&[
        "roll",
        "casualty",
        "--unit",
        "french-infantry-2",
        "behind-destroyed",
        "--dice",
        "2",
    ]);
    assert!(
        out.contains(
            "changes:\n  french-infantry-2: +in disorder\n  french-infantry-2: casualties 1\n"
        ),
        "{out}"
    );
    let out = t.ok(&[
        "roll",
        "casualty",
        "--unit",
        "french-infantry-3",
        "behind",
        "--dice",
        "5",
    ]);
    assert!(
        out.contains("outcome: No casualty\nchanges:\n  french-infantry-3: +in disorder\n"),
        "{out}"
    );
    // A casualty roll for any other reason leaves the unit in order.
    let out = t.ok(&[
        "roll",
        "casualty",
        "--unit",
        "french-infantry-4",
        "--dice",
        "2",
    ]);
    assert!(
        out.contains("changes:\n  french-infantry-4: casualties 1\n"),
        "{out}"
    );
}

#[test]
fn the_movement_allowance_is_read_from_the_units_type_and_the_going() {
    let allowance = |args: &[&str]| {
        let mut words = vec!["move"];
        words.extend(args);
        Rules::named("clg").outcome(&words)
    };
    for (situation, cm) in [
        (&["unit=light-cavalry"][..], "50 cm"),
        (&["unit=light-cavalry", "road"], "50 cm"),
        (&["unit=light-cavalry", "bad-going"], "20 cm"),
        (&["unit=cavalry"], "40 cm"),
        (&["unit=command"], "40 cm"),
        (&["unit=regular-infantry", "road"], "40 cm"),
        (&["unit=heavy-cavalry", "bad-going"], "20 cm"),
        (&["unit=horse-artillery"], "20 cm"),
        (&["unit=regular-infantry"], "15 cm"),
        (&["unit=engineers"], "15 cm"),
        (&["unit=cavalry", "face-down"], "15 cm"),
        (&["unit=artillery"], "10 cm"),
        (&["unit=pikes", "bad-going"], "10 cm"),
        (&["unit=light-cavalry", "crossing"], "10 cm"),
        (&["unit=heavy-artillery"], "5 cm"),
        (&["unit=artillery", "bad-going"], "0 cm"),
        (&["unit=cavalry", "disordered"], "0 cm"),
    ] {
        assert_eq!(allowance(situation), cm, "{situation:?}");
    }
    // Without the unit's type there is no allowance to read, and the tool asks for it.
    let out = Test::new()
        .args(["--rules", "clg", "roll", "move"])
        .status(2)
        .run();
    assert_eq!(
        out.stderr,
        "error: no case of move's dice fits this situation (give unit; see `umpire rules move`)\n"
    );
    // In a game the roster says the type, the card face down (as every unit of a list starts)
    // and the disorder.
    let t = game();
    let out = t.ok(&["roll", "move", "--unit", "british-cavalry-1"]);
    assert!(
        out.contains("from markers: face-down (face down)") && out.contains("outcome: 15 cm\n"),
        "{out}"
    );
    t.ok(&["mark", "british-cavalry-1", "-face-down"]);
    let out = t.ok(&["roll", "move", "--unit", "british-cavalry-1"]);
    assert!(out.contains("outcome: 40 cm\n"), "{out}");
    t.ok(&["mark", "british-cavalry-1", "+disordered"]);
    let out = t.ok(&["roll", "move", "--unit", "british-cavalry-1"]);
    assert!(out.contains("outcome: 0 cm\n"), "{out}");
}

#[test]
fn the_card_charts_the_outcome_by_the_losers_type_a_line_a_case() {
    let out = Test::new()
        .args(["--rules", "clg", "card", "melee"])
        .stderr("")
        .run()
        .stdout;
    assert!(
        out.contains("  Beaten                                  see the chart below\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "  Doubled, read on the loser: the first line that fits stands, else it stays\n  Doubled\n"
        ),
        "{out}"
    );
    // Every case is on a line of its own, whole: nothing cut short.
    assert!(!out.contains('…'), "{out}");
    // (The doubled chart's line, the second: beaten, it flees.)
    let row = out
        .lines()
        .filter(|l| l.starts_with("  command unit in contact"))
        .nth(1)
        .unwrap_or_default();
    assert!(
        row.contains("unit=command") && row.ends_with("Destroyed"),
        "{out}"
    );
    // The printed sheet carries the same chart.
    let html = Test::new()
        .args(["--rules", "clg", "cards", "--html"])
        .stderr("")
        .run()
        .stdout;
    assert!(
        html.contains("Beaten, read on the loser: the first line that fits stands"),
        "{html}"
    );
}

/// "If it loses, it is destroyed unless outcome indicates a hold": a unit beaten in melee while
/// contacted in flank or rear as well as its front is destroyed, where beaten alone it falls
/// back; pikes that would hold still hold; a unit whose way back is blocked is destroyed
/// (`blocked`, `flanked` its alias: the text's two are one outcome, "cannot fall back").
#[test]
fn beaten_while_contacted_in_flank_or_rear_it_is_destroyed() {
    let t = game();
    let mut melee = fight(
        "melee",
        "british-infantry-1",
        "french-infantry-1",
        ["5,4", "3,3"],
    );
    let mut dry = melee.clone();
    dry.push("--dry-run");
    // Both +1 net: 2d6+1 beats 2d6+1 in 575 of 1,296 pairs (by enumeration).
    assert!(t.ok(&dry).contains(
        "defender: Beaten; regular infantry: Falls back and rolls for a casualty   chance"
    ));
    melee.push("d.flanked");
    let out = t.ok(&melee);
    assert!(
        out.contains(
            "  => attacker 10 against defender 7: attacker wins; defender: Beaten; it cannot fall \
             back (flanked or blocked): Destroyed   chance 575/1296 (44.4%)\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("changes:\n  french-infantry-1: destroyed\n"),
        "{out}"
    );
    // A unit whose fall back is blocked is destroyed too, in a shot as in melee.
    let out = t.ok(&[
        "roll",
        "combat",
        "--attacker",
        "british-infantry-2",
        "--defender",
        "french-infantry-2",
        "d.blocked",
        "--dice",
        "5,4",
        "--dice",
        "2,2",
        "--dry-run",
    ]);
    assert!(
        out.contains("defender: Beaten; it cannot fall back (flanked or blocked): Destroyed"),
        "{out}"
    );
}

/// "Units which shoot without being shot back ... disregard an unfavourable outcome": a unit
/// shooting at cavalry, which cannot shoot back, disregards a loss, read from the target's
/// type with nothing typed; the cavalry beaten takes its outcome.
#[test]
fn a_unit_shooting_at_a_target_that_cannot_shoot_back_disregards_a_loss() {
    let t = game();
    let out = t.ok(&fight(
        "combat",
        "british-infantry-3",
        "french-cavalry-1",
        ["1,1", "6,6"],
    ));
    assert!(
        out.contains("attacker: Doubled; it shot unanswered: Disregards the outcome"),
        "{out}"
    );
    // Its loss disregarded, what changes is only that it has shot.
    assert!(
        out.contains(
            "changes:\n  british-infantry-3: +has shot (to the end of this player turn)\n"
        ),
        "{out}"
    );
    let out = t.ok(&fight(
        "combat",
        "british-infantry-4",
        "french-cavalry-1",
        ["6,6", "1,1"],
    ));
    assert!(out.contains("defender: Doubled; regular mounted"), "{out}");
}

/// "A target that has not already shot and which can shoot back must do so": artillery at 30
/// cm shoots at infantry whose muskets reach 5 cm; given the distance for the target too, its
/// loss is disregarded (beyond its own range, the target could not answer); within its range,
/// the artillery stays and rolls for casualties twice.
#[test]
fn a_target_beyond_its_own_range_leaves_the_shot_unanswered() {
    let t = crate::support::Table::empty();
    let shot = |d_range: &str| {
        t.ok(&[
            "roll",
            "combat",
            "a.unit=artillery",
            "a.enemy=regular-infantry",
            "a.range=30",
            "d.unit=regular-infantry",
            "d.enemy=artillery",
            d_range,
            "--rules",
            "clg",
            "--dice",
            "1,1",
            "--dice",
            "6,6",
        ])
    };
    assert!(shot("d.range=30").contains(
        "attacker: Doubled; it shot unanswered: its target was beyond its own range: \
             Disregards the outcome"
    ));
    assert!(
        shot("d.range=4")
            .contains("attacker: Doubled; artillery shot at: Stays and rolls for casualties twice")
    );
}
