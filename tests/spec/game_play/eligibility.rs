//! Rules of eligibility as La Petite Guerre states them, read from the roster: orders only
//! some troops take, volleys and charges that need a formed unit with an officer (a bonus
//! withheld says which rule withheld it), a rifle that must load, a pinned figure that cannot
//! move, and a blind volley no lone figure fires. Every refusal names its rule.

use super::{Roster, game};
use crate::support::{Table, parsed};

/// The line of `out` that starts with `start`.
fn line<'a>(out: &'a str, start: &str) -> &'a str {
    out.lines()
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no line starting {start:?} in:\n{out}"))
}

/// A British line of four regulars with rifles and an officer (BR1-BR4), and French militia
/// (MF1-MF2) and marines (CF1-CF2).
fn battle() -> Table {
    let t = game();
    t.ok(&[
        "unit",
        "add",
        "line",
        "troop=regulars",
        "weapon=rifle",
        "formation=line",
        "officer",
        "--side",
        "british",
        "--figures",
        "4",
        "--code",
        "BR",
    ]);
    t.ok(&[
        "unit",
        "add",
        "mil",
        "troop=militia",
        "--side",
        "french",
        "--figures",
        "2",
        "--code",
        "MF",
    ]);
    t.ok(&[
        "unit",
        "add",
        "mar",
        "troop=marine",
        "--side",
        "french",
        "--figures",
        "2",
        "--code",
        "CF",
    ]);
    t
}

#[test]
fn an_order_the_troops_may_not_take_is_refused_naming_its_rule_and_nothing_is_written() {
    let t = battle();
    let before = (t.state_bytes(), t.log_bytes());
    let units = t.state()["units"].clone();
    assert_eq!(
        t.refused(&["unit", "set", "mar", "formation=skirmish"]),
        "formation=skirmish refused by the rule Skirmish order: it needs \
         troop=indians/lights/grenadiers/rangers/coureurs/frontiersmen (it is marine) (Only \
         indians, British lights, grenadiers, rangers, coureurs de bois and frontiersmen use \
         skirmish order; other troops out of line or column are unformed.)"
    );
    assert_eq!(
        t.refused(&["unit", "set", "mil", "formation=mass"]),
        "formation=mass refused by the rule Mass formation: it needs troop=indians (it is \
         militia) (Only indians use mass formation.)"
    );
    let indians_in_line = t.refused(&[
        "unit",
        "add",
        "ott",
        "troop=indians",
        "formation=column",
        "--side",
        "french",
        "--figures",
        "4",
    ]);
    assert!(
        indians_in_line.starts_with(
            "formation=line/column refused by the rule Indians' formations: it needs troop="
        ),
        "{indians_in_line}"
    );
    assert_eq!((t.state_bytes(), t.log_bytes()), before);
    // What the rules allow is kept, logged, and undone like any change.
    assert_eq!(
        t.ok(&["unit", "set", "mar", "formation=column", "officer"]),
        "mar: formation column\nmar: officer yes\n"
    );
    t.ok(&[
        "unit",
        "add",
        "ott",
        "troop=indians",
        "formation=skirmish",
        "--side",
        "french",
        "--figures",
        "4",
    ]);
    t.ok(&["undo"]);
    t.ok(&["undo"]);
    assert_eq!(t.state()["units"], units);
    assert_eq!(
        t.refused(&["unit", "set", "mar", "officer=maybe"]),
        "`maybe` is not yes or no, for officer (`officer` alone, or `officer=no`)"
    );
    assert_eq!(
        t.refused(&["unit", "set", "mar", "formation"]),
        "`formation` needs a value (`formation=VALUE`; `umpire rules` lists the values)"
    );
}

#[test]
fn a_volley_needs_a_formed_unit_with_an_officer_and_a_bonus_withheld_says_why() {
    let t = battle();
    // Regulars +1, rifle +1, volley +3 at 20" (its initial shot, +2, is not the greatest
    // positive): hit on 3 or more of the 30 throws that are not doubles, every one of them:
    // 30/36 = 5/6.
    let shot = [
        "odds", "shoot", "--firer", "BR1", "--target", "CF1", "range=20", "volley",
    ];
    assert_eq!(t.first_step(&shot)["Hit"], "5/6");
    // Without the officer the volley is withheld: the initial shot is then the greatest
    // positive, +4 in all, so 4 or more; of the 30 throws that are not doubles 2 make less
    // (1-2 either way): 28/36 = 7/9. Said not to be the first shot, +2: 6 or more, 22/36.
    t.ok(&["unit", "set", "line", "officer=no"]);
    assert_eq!(t.first_step(&shot)["Hit"], "7/9");
    let later: Vec<&str> = shot.iter().copied().chain(["initial-shot=no"]).collect();
    assert_eq!(t.first_step(&later)["Hit"], "11/18");
    let out = t.ok(&[
        "roll",
        "shoot",
        "--firer",
        "BR1",
        "--target",
        "CF1",
        "range=20",
        "volley",
        "--dice",
        "2,3",
        "initial-shot=no",
    ]);
    assert_eq!(
        line(&out, "  volley"),
        "  volley withheld: Volley fire needs officer"
    );
    assert!(!line(&out, "  given").contains("volley"), "{out}");
    assert_eq!(
        line(&out, "  => "),
        "  => total 7 against 8 or more: Miss   chance 2/9 (22.2%)"
    );
    // Militia may volley too (+2) when formed: four in line, not two; and a unit out of line
    // or column may not.
    t.ok(&["unit", "set", "mil", "formation=line", "officer"]);
    let two = t.ok(&[
        "odds", "shoot", "--firer", "MF1", "--target", "BR2", "volley",
    ]);
    assert_eq!(
        line(&two, "  volley"),
        "  volley withheld: Volley fire needs formed"
    );
    t.ok(&["fig", "add", "mil", "--count", "2"]);
    let militia = t.ok(&[
        "odds", "shoot", "--firer", "MF1", "--target", "BR2", "volley",
    ]);
    assert!(militia.contains("+2  militia volley"), "{militia}");
    t.ok(&["unit", "set", "mil", "formation=unformed"]);
    let unformed = t.ok(&[
        "odds", "shoot", "--firer", "MF1", "--target", "BR2", "volley",
    ]);
    assert_eq!(
        line(&unformed, "  volley"),
        "  volley withheld: Volley fire needs formation=line/column (it is unformed)"
    );
}

#[test]
fn a_roll_typed_without_the_roster_assumes_what_it_was_not_told_and_says_so() {
    let t = Table::empty();
    let out = t.ok(&["roll", "shoot", "troop=line", "volley", "--dice", "2,3"]);
    assert_eq!(
        line(&out, "  volley"),
        "  volley: Volley fire needs formation=line/column, formed, officer: not given, assumed"
    );
    assert!(out.contains("+3  regulars volleying"), "{out}");
    // What the umpire types is checked: indians do not volley.
    let out = t.ok(&["roll", "shoot", "troop=indians", "volley", "--dice", "2,3"]);
    assert_eq!(
        line(&out, "  volley"),
        "  volley withheld: Volley fire needs troop=line/militia (it is indians)"
    );
    // A lone figure does not fire blind at a target it has not spotted.
    assert_eq!(
        t.refused(&["roll", "shoot", "troop=line", "blind"]),
        "blind refused by the rule Volley blind fire: it needs volley (Only a volley fires blind \
         at a target not spotted; a lone figure does not fire at a target it has not spotted.)"
    );
    assert_eq!(
        t.refused(&["odds", "shoot", "troop=line", "blind"]),
        "blind refused by the rule Volley blind fire: it needs volley (Only a volley fires blind \
         at a target not spotted; a lone figure does not fire at a target it has not spotted.)"
    );
}

#[test]
fn a_charge_needs_four_formed_line_troops_with_an_officer_none_severely_wounded_or_pinned() {
    let t = battle();
    // Regulars +1, formed +2, charging +1 against militia -1: the attacker's die + 5 against
    // the defender's; a tie only on 1 against 6: 1/36.
    let melee = [
        "odds",
        "melee",
        "--attackers",
        "BR1",
        "--defender",
        "MF1",
        "attacker.charging",
    ];
    assert_eq!(t.first_step(&melee)["Tie"], "1/36");
    // A severely wounded figure may not charge (and fights at -3): no +1.
    t.ok(&["mark", "BR1", "+severe-wound"]);
    let out = t.ok(&[&melee[..], &["--json"]].concat());
    let json = parsed(&out);
    let standing = &json["steps"][0]["sides"][0]["standings"][0];
    assert_eq!(standing["rule"], "Charging");
    assert_eq!(standing["verdict"], "withheld");
    assert_eq!(standing["unmet"][0]["is"], "severe");
    let text = t.ok(&[
        "odds",
        "melee",
        "--attackers",
        "BR2",
        "--defender",
        "MF1",
        "attacker.charging",
    ]);
    assert!(!text.contains("withheld"), "{text}");
    // Pinned: withheld too, and BR2 pinned leaves three figures able: not formed. Without the
    // officer, withheld: regulars +1 alone, the attacker's die + 1 against the defender's - 1,
    // a tie on 1-3, 2-4, 3-5 and 4-6: 1/9.
    t.ok(&["mark", "BR2", "+pinned"]);
    let pinned = t.ok(&[
        "roll",
        "melee",
        "--attackers",
        "BR2",
        "--defender",
        "MF1",
        "attacker.charging",
        "--dice",
        "3",
        "--dice",
        "3",
    ]);
    assert_eq!(
        line(&pinned, "  attacker: charging"),
        "  attacker: charging withheld: Charging needs not pinned"
    );
    t.ok(&["unit", "set", "line", "officer=no"]);
    let no_officer = [
        "odds",
        "melee",
        "--attackers",
        "BR3",
        "--defender",
        "MF1",
        "attacker.charging",
    ];
    assert_eq!(t.first_step(&no_officer)["Tie"], "1/9");
    // Three figures left: not four.
    t.ok(&["unit", "set", "line", "officer"]);
    t.ok(&["mark", "BR4", "+dead"]);
    let three = t.ok(&[
        "odds",
        "melee",
        "--attackers",
        "BR3",
        "--defender",
        "MF1",
        "attacker.charging",
    ]);
    assert_eq!(
        line(&three, "  attacker: charging"),
        "  attacker: charging withheld: Charging needs figures 4 or more (it is 3)"
    );
    // Militia never charge.
    let militia = t.ok(&[
        "odds",
        "melee",
        "--attackers",
        "MF1",
        "--defender",
        "BR3",
        "attacker.charging",
    ]);
    assert_eq!(
        line(&militia, "  attacker: charging"),
        "  attacker: charging withheld: Charging needs figures 4 or more (it is 2), officer, \
         troop=line (it is militia)"
    );
}

#[test]
fn a_rifle_must_load_after_firing_a_musket_need_not_and_a_pinned_figure_cannot_move() {
    let t = battle();
    let out = t.ok(&[
        "roll", "shoot", "--firer", "BR1", "--target", "CF1", "--dice", "1,2",
    ]);
    assert!(
        out.ends_with("changes:\n  BR1: +must load\ndice: 1 entered, 0 rolled\n"),
        "{out}"
    );
    assert_eq!(
        t.refused(&["roll", "shoot", "--firer", "BR1", "--target", "CF1"]),
        "BR1 carries must load: it cannot shoot until that is cleared (rifles and artillery load \
         with an action after each shot (muskets need none); then `umpire act line load --figs BR1`)"
    );
    assert_eq!(t.ok(&["mark", "BR1", "-load"]), "BR1: -must load\n");
    // A musket fires again at once.
    let out = t.ok(&[
        "roll", "shoot", "--firer", "CF1", "--target", "BR1", "--dice", "1,2",
    ]);
    assert!(
        out.ends_with("changes: none\ndice: 1 entered, 0 rolled\n"),
        "{out}"
    );
    t.ok(&[
        "roll", "shoot", "--firer", "CF1", "--target", "BR1", "--dice", "1,2",
    ]);
    // Pinned: no move until a passed morale check takes the marker off.
    t.ok(&["mark", "CF2", "+pinned"]);
    assert_eq!(
        t.refused(&["roll", "move", "--fig", "CF2"]),
        "CF2 carries pinned: it cannot move until that is cleared (-2 to shoot, -1 to be hit, -2 \
         in melee, -2 to morale; moving needs a passed morale check; then `umpire mark CF2 \
         -pinned`)"
    );
    t.ok(&[
        "roll",
        "morale",
        "--fig",
        "CF2",
        "reason=unpin",
        "--dice",
        "6,6",
    ]);
    assert_eq!(t.fig("CF2"), "CF2: actions 1, phase-actions 1");
    t.ok(&["roll", "move", "--fig", "CF2", "--dice", "3,4"]);
}

#[test]
fn a_rule_of_eligibility_is_checked_where_it_is_written() {
    let refused = |from: &str, to: &str| {
        let tables = crate::support::house_tables(|t| t.replace(from, to));
        let t = Table::empty();
        let test = t.test_with(tables.path()).args(["rules", "--check"]);
        test.status(2).run().stderr
    };
    // A withheld rule takes flags back, so it may govern only flags.
    let err = refused(
        "    when: {formation: mass}\n    needs: {troop: indians}",
        "    when: {formation: mass}\n    needs: {troop: indians}\n    then: withhold",
    );
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains("la-petite-guerre.yaml:"), "{err}");
    assert!(
        err.contains(
            "rule `Mass formation` withholds what it governs, so `when:` may only name yes/no \
             factors set to yes (`formation` is not one)"
        ),
        "{err}"
    );
    let err = refused("needs: {troop: indians}", "needs: {troops: indians}");
    assert!(err.contains("la-petite-guerre.yaml:"), "{err}");
    assert!(err.contains("troops"), "{err}");
    let err = refused("  - rule: Mass formation", "  - rule: Skirmish order");
    assert!(
        err.contains("rule `Skirmish order` is named twice"),
        "{err}"
    );
    let err = refused("size: figures", "size: troop");
    assert!(
        err.contains("`size: troop` needs a number factor, and `troop` is not one"),
        "{err}"
    );
}
