//! The odds asked half-way (`odds PROCEDURE ... --given FACES`): the faces already thrown are
//! read as a roll reads `--dice`, and the chances of everything still to throw follow from
//! there, for one roll, an opposed roll with one side thrown, re-rolls, and a unit whose
//! figures have thrown some of their dice. Every chance is worked out by hand beside it.

use std::collections::BTreeMap;

use crate::support::{Table, parsed};

/// The final outcomes of `odds ARGS --json`, as label → fraction.
fn finals(t: &Table, args: &[&str]) -> BTreeMap<String, String> {
    let mut all = args.to_vec();
    all.push("--json");
    let json = parsed(&t.ok(&all));
    json["outcomes"]
        .as_array()
        .unwrap_or_else(|| panic!("no outcomes: {json}"))
        .iter()
        .map(|o| {
            let label = o["outcome"].as_str().unwrap_or_default().to_string();
            let p = o["probability"]["fraction"].as_str().unwrap_or_default();
            (label, p.to_string())
        })
        .collect()
}

fn expect(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(l, p)| ((*l).to_string(), (*p).to_string()))
        .collect()
}

/// A rifleman of the line at 30", the militia in half cover, lightly wounded, his first shot:
/// net +2 (greatest positive +2, greatest negative −2, plus the line troops' +1 and rifle's +1).
const SHOT: &[&str] = &[
    "odds",
    "shoot",
    "troop=line",
    "weapon=rifle",
    "range=30",
    "cover=half",
    "wound=light",
    "initial-shot",
    "target=militia",
];

fn shot(given: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = SHOT.iter().map(|s| (*s).to_string()).collect();
    for g in given {
        args.push("--given".into());
        args.push((*g).into());
    }
    args
}

fn refs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

#[test]
fn a_hit_thrown_leaves_the_chances_of_the_wound() {
    let t = Table::empty();
    // 5,4 is no double: 9 + 2 = 11, 8 or more, a hit. What follows is the militia's hit
    // result, +2 on 2d6, doubles killing (6/36). Of the 30 other throws, by total + 2 on the
    // table: 3..4 (totals 1..2) none; 5 no effect (total 3: 2 ways); 6 light (4: 2); 7 severe
    // (5: 4); 8 light (6: 4); 9 no effect (7: 6); 10 pinned (8: 4); 11 light (9: 4);
    // 12+ flee (10, 11: 2 + 2). Light 10/36, no effect 8/36, severe 4/36, pinned 4/36,
    // flee 4/36.
    let args = shot(&["5,4"]);
    assert_eq!(
        finals(&t, &refs(&args)),
        expect(&[
            ("Hit › Killed", "1/6"),
            ("Hit › Light wound", "5/18"),
            ("Hit › No effect", "2/9"),
            ("Hit › Severe wound", "1/9"),
            ("Hit › Pinned", "1/9"),
            ("Hit › Flee 6\" towards cover", "1/9"),
        ])
    );
    // The wound thrown too: 3,4 is 7 + 2 = 9, no effect, for certain.
    let args = shot(&["5,4", "3,4"]);
    assert_eq!(
        finals(&t, &refs(&args)),
        expect(&[("Hit › No effect", "1")])
    );
    // A miss ends the chain: 2,3 is 5 + 2 = 7, and no throw is still to come.
    let args = shot(&["2,3"]);
    assert_eq!(finals(&t, &refs(&args)), expect(&[("Miss", "1")]));
    let mut json = refs(&args);
    json.push("--json");
    assert_eq!(parsed(&t.ok(&json))["next_throw"], serde_json::Value::Null);
    let hit = shot(&["5,4"]);
    let mut json = refs(&hit);
    json.push("--json");
    assert_eq!(
        parsed(&t.ok(&json))["next_throw"]["procedure"],
        "hit-result"
    );
    // The text says what was thrown and what it gave.
    let text = t.ok(&refs(&shot(&["5,4"])));
    assert!(
        text.contains("  shoot: thrown 5,4: Hit\nchances from here:\n"),
        "{text}"
    );
}

#[test]
fn a_what_if_is_asked_from_the_same_faces() {
    let t = Table::empty();
    // The same hit on regulars instead (−1): totals − 1. Killed 6/36 still; of the others,
    // 1 or less pinned (total 2: none undoubled); 2 pinned (3: 2); 3 light (4: 2); 4 flee
    // (5: 4); 5 no effect (6: 4); 6 light (7: 6); 7 severe (8: 4); 8 light (9: 4); 9 no
    // effect (10: 2); 10 pinned (11: 2). Pinned 4/36 = 1/9.
    let mut args = shot(&["5,4"]);
    args.extend(["--vs".into(), "target=regulars".into(), "--json".into()]);
    let json = parsed(&t.ok(&refs(&args)));
    let pinned = json["outcomes"]
        .as_array()
        .and_then(|all| all.iter().find(|o| o["outcome"] == "Hit › Pinned").cloned())
        .unwrap_or_else(|| panic!("no pinned: {json}"));
    assert_eq!(pinned["probability"]["fraction"], "1/9");
    assert_eq!(pinned["vs"]["fraction"], "1/9");
    let light = json["outcomes"]
        .as_array()
        .and_then(|all| {
            all.iter()
                .find(|o| o["outcome"] == "Hit › Light wound")
                .cloned()
        })
        .unwrap_or_else(|| panic!("no light wound: {json}"));
    // Regulars: light on totals 4, 7, 9 undoubled: 2 + 6 + 4 = 12/36.
    assert_eq!(light["vs"]["fraction"], "1/3");
}

#[test]
fn one_side_thrown_leaves_the_other_sides_chances() {
    let t = Table::empty();
    // The attacker threw 3; the defender's d6: 1 or 2 loses by 2 or 1 and flees; 3 ties;
    // 4 or 5 beats the attacker by 1 or 2, who flees; 6 beats him by 3, a light wound.
    assert_eq!(
        finals(&t, &["odds", "melee", "--given", "3"]),
        expect(&[
            ("Tie", "1/6"),
            ("defender: Flee › flee-distance 1-6 inches", "1/3"),
            ("attacker: Flee › flee-distance 1-6 inches", "1/3"),
            ("attacker: Light wound", "1/6"),
        ])
    );
    // The throw still to come, as a prompt would ask for it.
    let json = parsed(&t.ok(&["odds", "melee", "--given", "3", "--json"]));
    assert_eq!(
        json["next_throw"],
        serde_json::json!({"procedure": "melee", "side": "defender", "again": null, "dice": "1d6"})
    );
    let text = t.ok(&["odds", "melee", "--given", "3"]);
    assert!(
        text.contains("melee: the attacker threw 3, the defender still to throw\n"),
        "{text}"
    );
}

#[test]
fn re_rolls_read_the_faces_given_in_the_order_a_roll_takes_them() {
    let t = Table::empty();
    // A line unit charging entrenchments with its captain: 4 or more activates (1/2 a
    // throw); a failure is thrown again (the captain), then an activation is thrown again by
    // the fortified defender and that throw stands.
    let base = [
        "--rules",
        "french-indian-war",
        "odds",
        "activate",
        "unit=line",
        "action=charge",
        "cover=entrenchments",
        "captain",
    ];
    let with = |given: &[&str]| {
        let mut args = base.to_vec();
        for g in given {
            args.extend(["--given", g]);
        }
        finals(&t, &args)
    };
    // 1 fails: the captain's throw activates 1/2, then the defender's throw 1/2: 1/4.
    assert_eq!(
        with(&["1"]),
        expect(&[("Activated", "1/4"), ("Fails", "3/4")])
    );
    let mut args = base.to_vec();
    args.extend(["--given", "1", "--json"]);
    assert_eq!(
        parsed(&t.ok(&args))["next_throw"]["again"],
        "captain's or commander's re-roll"
    );
    // The captain's 6 activates: the defender's throw is still to come.
    assert_eq!(
        with(&["1", "6"]),
        expect(&[("Activated", "1/2"), ("Fails", "1/2")])
    );
    // ... and its 2 stands.
    assert_eq!(with(&["1", "6", "2"]), expect(&[("Fails", "1")]));
    // A first 6 needs no captain: only the defender's throw is to come.
    assert_eq!(
        with(&["6"]),
        expect(&[("Activated", "1/2"), ("Fails", "1/2")])
    );
    // A first 5 and a defender's 4: activated for certain.
    assert_eq!(with(&["5", "4"]), expect(&[("Activated", "1")]));
}

#[test]
fn faces_that_do_not_fit_are_refused_with_the_way_on() {
    let t = Table::empty();
    let too_many = t.refused(&refs(&shot(&["2,3", "4,4"])));
    assert_eq!(
        too_many,
        "2 sets of faces were given, but the chain from `shoot` throws 1 before it ends, as \
         those faces fell (give one --given for each throw, in the order `roll --dice` takes \
         them)"
    );
    let not_a_face = t.refused(&refs(&shot(&["1,7"])));
    assert_eq!(
        not_a_face,
        "the 1st --given (1,7) has 7, which is not a face of a d6 (faces 1..6) (shoot throws 2d6)"
    );
    let count = t.refused(&refs(&shot(&["1,2,3"])));
    assert_eq!(
        count,
        "the 1st --given (1,2,3) has 3 face(s), but shoot throws 2d6 (enter 2 face(s), e.g. \
         --given 1,1)"
    );
    let word = t.refused(&refs(&shot(&["five"])));
    assert_eq!(
        word,
        "--given five: `five` is not a whole number (give the faces thrown, separated by \
         commas, e.g. --given 4,2)"
    );
    let figure = t.refused(&refs(&shot(&["RI1=5,4"])));
    assert_eq!(
        figure,
        "--given RI1=5,4 names a figure (RI1), but these odds are of one roll (give the faces \
         alone (`--given 5,4`), or ask a unit's odds with --unit)"
    );
}

/// Three riflemen (RI1-RI3) and a militiaman at 30": each rifleman, net +2, misfires on
/// doubles (1/6), hits on 8 or more otherwise (11/18) and misses 2/9.
fn riflemen() -> Table {
    let t = Table::empty();
    t.ok(&["game", "new", "given"]);
    t.unit("rifles", "british", "regulars", 3, "RI", Some("rifle"));
    t.unit("militia", "french", "militia", 1, "MI", None);
    t
}

/// The chance that `k` figures get `result` of the first step, for k = 0, 1, ...
fn counts(json: &serde_json::Value, result: &str) -> Vec<String> {
    json["counts"]
        .as_array()
        .and_then(|all| all.iter().find(|c| c["result"] == result).cloned())
        .unwrap_or_else(|| panic!("no {result}: {json}"))["distribution"]
        .as_array()
        .unwrap_or_else(|| panic!("no distribution: {json}"))
        .iter()
        .map(|d| {
            d["probability"]["fraction"]
                .as_str()
                .unwrap_or("")
                .to_string()
        })
        .collect()
}

#[test]
fn a_units_odds_take_the_faces_some_figures_threw() {
    let t = riflemen();
    let unit = [
        "odds", "shoot", "--unit", "rifles", "--target", "MI1", "range=30",
    ];
    let with = |given: &[&str]| {
        let mut args = unit.to_vec();
        for g in given {
            args.extend(["--given", g]);
        }
        args.push("--json");
        parsed(&t.ok(&args))
    };
    // RI1 threw 3,1: 4 + 2 = 6, a miss. The two others still to throw: misses 1 + B(2, 2/9):
    // one (7/9)² = 49/81, two 2·(2/9)(7/9) = 28/81, three (2/9)² = 4/81. Misfires B(2, 1/6):
    // none 25/36, one 10/36, two 1/36, three never.
    let json = with(&["ri1=3,1"]);
    assert_eq!(counts(&json, "miss"), ["0", "49/81", "28/81", "4/81"]);
    assert_eq!(counts(&json, "misfire"), ["25/36", "5/18", "1/36", "0"]);
    assert_eq!(json["figures"][0]["given"][0]["result"], "Miss");
    // RI2 hit (5,4) and its wound is thrown (6,6: doubles kill): killed at least once for
    // certain; RI1 and RI3 as before.
    let json = with(&["RI2=5,4", "RI2=6,6"]);
    let killed = json["results"]
        .as_array()
        .and_then(|all| all.iter().find(|r| r["result"] == "killed").cloned())
        .unwrap_or_else(|| panic!("no killed: {json}"));
    assert_eq!(killed["at_least_one"]["fraction"], "1");
    // Hits: RI2 for certain, the two others 11/18 each: one more (11/18)(7/18)·2 = 154/324.
    assert_eq!(counts(&json, "hit"), ["0", "49/324", "77/162", "121/324"]);
    let text = t.ok(&[
        "odds", "shoot", "--unit", "rifles", "--target", "MI1", "range=30", "--given", "RI2=5,4",
    ]);
    assert!(
        text.starts_with("rifles: odds of shoot with 3 figures, from the faces given\n"),
        "{text}"
    );
    assert!(
        text.contains("    given shoot: thrown 5,4: Hit\n"),
        "{text}"
    );
}

#[test]
fn a_units_faces_name_a_figure_that_rolls() {
    let t = riflemen();
    let unit = [
        "odds", "shoot", "--unit", "rifles", "--target", "MI1", "range=30", "--given",
    ];
    let mut bare = unit.to_vec();
    bare.push("5,4");
    assert_eq!(
        t.refused(&bare),
        "--given 5,4 names no figure, and each figure of the unit rolls (name the figure that \
         threw them: --given RI1=5,4)"
    );
    let mut other = unit.to_vec();
    other.push("MI1=5,4");
    assert_eq!(
        t.refused(&other),
        "--given MI1=5,4: MI1 is not one of the figures rolling (the figures rolling: RI1, \
         RI2, RI3)"
    );
    let mut twice = unit.to_vec();
    twice.extend(["RI1=2,3", "--given", "RI1=4,4"]);
    assert_eq!(
        t.refused(&twice),
        "RI1: 2 sets of faces were given, but the chain from `shoot` throws 1 before it ends, \
         as those faces fell (give one --given for each throw, in the order `roll --dice` \
         takes them)"
    );
}
