//! The odds an umpire asks for before the dice are thrown: a unit's whole action (`odds
//! PROCEDURE --unit NAME`: how many figures get each result, the chance of at least one) and a
//! whole fight of several against one (`odds melee --attackers A,B,C --defender D`: the lone
//! figure's one die shared by every pairing, the worst result standing, two wounds killing);
//! and a roll of several against one that lands the worst result on the lone figure.
//!
//! Every expected chance is worked out here, by independent arithmetic on exact fractions,
//! from the modifiers spelt out in each test.

use super::{Roster, game};
use crate::support::{Table, house_tables, parsed};

/// An exact fraction, reduced: the tests' own arithmetic, apart from the tool's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Q(u128, u128);

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl Q {
    fn new(n: u128, d: u128) -> Q {
        let g = gcd(n, d).max(1);
        Q(n / g, d / g)
    }
    fn add(self, o: Q) -> Q {
        Q::new(self.0 * o.1 + o.0 * self.1, self.1 * o.1)
    }
    fn mul(self, o: Q) -> Q {
        Q::new(self.0 * o.0, self.1 * o.1)
    }
    fn not(self) -> Q {
        Q::new(self.1 - self.0, self.1)
    }
    fn pow(self, k: u32) -> Q {
        (0..k).fold(Q(1, 1), |acc, _| acc.mul(self))
    }
    fn text(self) -> String {
        if self.1 == 1 {
            self.0.to_string()
        } else {
            format!("{}/{}", self.0, self.1)
        }
    }
}

fn choose(n: u128, k: u128) -> u128 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// A British line of six regulars with rifles and an officer (BR1-BR6), and French marines
/// (CF1-CF4), neither formed nor in cover.
fn volley_line() -> Table {
    let t = game();
    t.unit("line", "british", "regulars", 6, "BR", Some("rifle"));
    t.ok(&["unit", "set", "line", "formation=line", "officer"]);
    t.unit("marines", "french", "marine", 4, "CF", None);
    t
}

/// The fraction `--json` printed at `value["probability"]` (or another key).
fn fraction(value: &serde_json::Value, key: &str) -> String {
    value[key]["fraction"]
        .as_str()
        .unwrap_or_else(|| panic!("no fraction at {key}: {value}"))
        .to_string()
}

// ----- a unit's whole action ----------------------------------------------------------------------

#[test]
fn a_six_figure_volley_gives_the_exact_chance_of_each_number_of_hits_and_of_at_least_one_kill() {
    let t = volley_line();
    // Regulars +1, rifle +1, volley +3: +5, and 8 or more hits on 3 and up: every throw but
    // doubles (a misfire, whatever the modifiers). Each figure hits on 30 of 36 throws.
    let p = Q::new(30, 36);
    let json = parsed(&t.ok(&[
        "--json", "odds", "shoot", "--unit", "line", "--target", "CF1", "volley",
    ]));
    assert_eq!(json["schema"], 1);
    assert_eq!(json["unit"], "line");
    let figures = json["figures"].as_array().expect("figures");
    assert_eq!(figures.len(), 6);
    for f in figures {
        assert_eq!(f["target"], "CF1", "{f}");
        let hit = f["outcomes"]
            .as_array()
            .and_then(|o| o.iter().find(|o| o["result"] == "hit"))
            .expect("a hit");
        assert_eq!(fraction(hit, "probability"), p.text());
    }
    // The number of hits among six independent figures: C(6,k) p^k (1-p)^(6-k).
    let hits = json["counts"]
        .as_array()
        .and_then(|c| c.iter().find(|c| c["result"] == "hit"))
        .expect("the count of hits");
    let got: Vec<String> = hits["distribution"]
        .as_array()
        .expect("a distribution")
        .iter()
        .map(|d| fraction(d, "probability"))
        .collect();
    let want: Vec<String> = (0..=6u32)
        .map(|k| {
            Q(choose(6, u128::from(k)), 1)
                .mul(p.pow(k))
                .mul(p.not().pow(6 - k))
                .text()
        })
        .collect();
    assert_eq!(got, want);
    assert_eq!(want[6], "15625/46656");
    // A hit marine (no modifier on the results of being hit) is killed by natural doubles
    // only: 1 in 6. At least one killed among six: 1 - (1 - p/6)^6.
    let killed = p.mul(Q::new(1, 6));
    let at_least_one = killed.not().pow(6).not();
    let row = json["results"]
        .as_array()
        .and_then(|r| {
            r.iter()
                .find(|r| r["procedure"] == "hit-result" && r["result"] == "killed")
        })
        .expect("a row for killed");
    assert_eq!(fraction(row, "at_least_one"), at_least_one.text());
    assert_eq!(row["expected"]["fraction"], Q::new(6, 1).mul(killed).text());
    // The text says the same, one figure a line first, and the one assumption it makes.
    let out = t.ok(&["odds", "shoot", "--unit", "BR", "--target", "CF1", "volley"]);
    assert!(
        out.starts_with(
            "line: odds of shoot with 6 figures, before it is rolled\n  BR1 at CF1, net +5: \
             Misfire 1/6 (16.7%), Hit 5/6 (83.3%)\n"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "each figure is counted as if its target still stands as it is now (in the roll, \
             one aimed at a figure already out of the game passes to the next target standing)\n"
        ),
        "{out}"
    );
    assert!(
        out.contains(&format!("    6  {}   33.49%", want[6])),
        "{out}"
    );
    let killed_line = out
        .lines()
        .find(|l| l.starts_with("  hit-result: Killed "))
        .unwrap_or_else(|| panic!("{out}"));
    let cells: Vec<&str> = killed_line.split_whitespace().collect();
    assert_eq!(
        cells[2..],
        [
            "59.23%",
            &at_least_one.text(),
            "on",
            "average",
            "5/6",
            "(0.83)"
        ],
        "{killed_line}"
    );
}

#[test]
fn a_unit_s_odds_list_the_figures_held_back_and_each_figure_reads_its_own_markers() {
    let t = volley_line();
    t.ok(&["mark", "BR2", "+misfire"]);
    t.ok(&["mark", "BR3", "+light-wound"]);
    t.ok(&["mark", "CF2", "+light-wound"]);
    let out = t.ok(&["odds", "shoot", "--unit", "line", "--target", "CF1,CF2"]);
    // Regulars +1, rifle +1, each figure's initial shot +2; BR3 lightly wounded -1. Targets
    // in turn: CF1, CF2, CF1, ...
    assert!(
        out.starts_with(
            "line: odds of shoot with 5 figures, before it is rolled
  BR1 at CF1, net +4: Misfire 1/6 (16.7%), Hit 7/9 (77.8%), Miss 1/18 (5.6%)
  BR3 at CF2, net +3: Misfire 1/6 (16.7%), Hit 13/18 (72.2%), Miss 1/9 (11.1%)
  BR4 at CF1, net +4: "
        ),
        "{out}"
    );
    assert!(out.contains("\n  BR2: held back: misfire\n"), "{out}");
    // Nothing is written: the game is as it was.
    let events = t.events().len();
    t.ok(&["odds", "morale", "--unit", "line", "reason=volley"]);
    assert_eq!(t.events().len(), events);
}

#[test]
fn a_unit_s_odds_refuse_what_its_roll_refuses() {
    let t = volley_line();
    assert_eq!(
        t.refused(&["odds", "shoot", "--unit", "NOSUCH"]),
        "there is no unit `NOSUCH` (the units are: line, marines)"
    );
    assert_eq!(
        t.refused(&["odds", "melee", "--unit", "line"]),
        "melee is an opposed roll: pair the figures with its own options"
    );
    assert_eq!(
        t.refused(&["roll", "shoot", "--unit", "line", "--times", "3"]),
        "--unit rolls each figure of the unit once (leave out --times)"
    );
    // `odds` counts every throw: it has no --times to repeat one.
    let out = t
        .test()
        .args(["odds", "shoot", "--unit", "line", "--times", "3"])
        .status(2)
        .stdout("")
        .run();
    assert!(out.stderr.contains("--times"), "{}", out.stderr);
    assert_eq!(
        t.refused(&["odds", "shoot", "--unit", "line", "--firer", "BR1"]),
        "--unit names the figures acting; --firer cannot name them too"
    );
    assert_eq!(
        t.refused(&["odds", "shoot", "--unit", "line", "--vs", "cover=half"]),
        "--vs compares one figure's situation; a unit's odds take none (leave out --vs, or \
         ask the odds of one figure with --vs)"
    );
}

// ----- several against one, rolled ---------------------------------------------------------------

/// British rangers RR1-RR3 (+1 in melee) and French marines CF1-CF4 (no modifier), neither
/// formed.
fn skirmishers() -> Table {
    let t = game();
    t.unit("rangers", "british", "rangers", 3, "RR", None);
    t.unit("marines", "french", "marine", 4, "CF", None);
    t
}

/// What a roll printed from the line that starts `from` to the end.
fn from<'a>(out: &'a str, start: &str) -> &'a str {
    out.find(start)
        .map(|i| &out[i..])
        .unwrap_or_else(|| panic!("no {start:?} in:\n{out}"))
}

#[test]
fn three_against_one_lands_the_worst_result_on_the_lone_figure_whatever_the_order() {
    let t = skirmishers();
    // Rangers +1 each; CF1 outnumbered by 2: -2, and its one die is 1: -1 against each.
    // RR1 3 + 1 = 4 wins by 5: captured. RR2 1 + 1 = 2 wins by 3: a light wound. RR3 4 + 1 = 5
    // wins by 6: killed. Killed lands first and stands; the capture and the wound find a dead
    // figure, and the wounded figure's check is no longer owed.
    let out = t.ok(&[
        "roll",
        "melee",
        "--attackers",
        "RR1,RR2,RR3",
        "--defender",
        "CF1",
        "--dice",
        "3",
        "--dice",
        "1",
        "--dice",
        "1",
        "--dice",
        "4",
    ]);
    assert!(
        out.contains(
            "  => attacker 4 against defender -1: attacker wins by 5; defender: Captured   \
             chance 1/9 (11.1%)\n     a figure not severely wounded may guard up to 4 \
             prisoners within 4 inches\noutcome: defender: Captured\nchanges:\n  CF1: already \
             dead, not captured\n\npairing 2 of 3"
        ),
        "{out}"
    );
    assert!(
        out.contains("outcome: defender: Light wound\nchanges:\n  CF1: dead (nothing to mark)\n"),
        "{out}"
    );
    assert!(
        from(&out, "outcome: defender: Killed\n").starts_with(
            "outcome: defender: Killed
changes:
  CF1: dead

CF1 against 3: worst result Killed
  CF1 is dead: no morale outnumbered=2 reason=wound wound=light to make
dice: 4 entered, 0 rolled, the lone figure's throw shared by the 3 pairings
"
        ),
        "{out}"
    );
    assert_eq!(t.figs_row("CF1").0.last().map(String::as_str), Some("dead"));
    assert!(t.state()["pending"].as_array().is_none_or(Vec::is_empty));
}

#[test]
fn two_light_wounds_from_two_pairings_kill_the_lone_figure() {
    let t = skirmishers();
    // CF1 outnumbered by 1: -1, its die 4: 3. RR1 and RR2 each 5 + 1 = 6: each wins by 3, a
    // light wound apiece: the second kills.
    let fight = [
        "roll",
        "melee",
        "--attackers",
        "RR1,RR2",
        "--defender",
        "CF1",
        "--dice",
        "5",
        "--dice",
        "4",
        "--dice",
        "5",
    ];
    let json = parsed(&t.ok(&[&["--json"][..], &fight].concat()));
    let outcomes: Vec<&str> = json["pairings"]
        .as_array()
        .expect("pairings")
        .iter()
        .map(|p| p["outcome"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(outcomes, ["defender: Light wound", "defender: Light wound"]);
    assert_eq!(json["lone"]["figure"], "CF1");
    assert_eq!(json["lone"]["worst"]["label"], "Killed");
    assert_eq!(json["lone"]["worst"]["together"], "two wounds kill");
    assert_eq!(t.figs_row("CF1").0.last().map(String::as_str), Some("dead"));
    t.ok(&["undo"]);
    let out = t.ok(&fight);
    // The second wound lands on a figure the first one marked; the check each wound called
    // for is said once, and is not owed by a dead figure.
    assert!(
        out.contains("changes:\n  CF1: a second wound kills: dead\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "\nCF1 against 2: worst result Killed (two wounds kill)\n  CF1 is dead: no morale \
             outnumbered=1 reason=wound to make\ndice: 3 entered"
        ),
        "{out}"
    );
}

// ----- the odds of a whole fight ---------------------------------------------------------------

/// The lone figure's end in a melee, by brute force: each pairing's margin read as the table
/// reads it, the worst result standing, two wounds killing. `None`: no result against it.
fn end_of(margins: &[i64]) -> Option<&'static str> {
    let worst_first = ["killed", "captured", "severe-wound", "light-wound", "flee"];
    let results: Vec<&str> = margins
        .iter()
        .filter_map(|m| match m {
            ..=0 => None,
            1..=2 => Some("flee"),
            3 => Some("light-wound"),
            4 => Some("severe-wound"),
            5 => Some("captured"),
            _ => Some("killed"),
        })
        .collect();
    let wounds = results
        .iter()
        .filter(|r| matches!(**r, "light-wound" | "severe-wound"))
        .count();
    if wounds >= 2 {
        return Some("killed");
    }
    worst_first.into_iter().find(|w| results.contains(w))
}

#[test]
fn the_odds_of_three_against_one_are_those_of_the_whole_fight_with_one_die_for_the_lone_figure() {
    let t = skirmishers();
    // Rangers +1 each; CF1 (marines, no modifier) outnumbered by 2: -2. Every throw of the
    // four dice (CF1's one, each ranger's own) is equally likely: 6^4 of them.
    let (mut survives, mut unharmed, mut killed) = (Q(0, 1), Q(0, 1), Q(0, 1));
    let one = Q::new(1, 1296);
    for lone in 1..=6i64 {
        for a in 1..=6i64 {
            for b in 1..=6i64 {
                for c in 1..=6i64 {
                    let margins: Vec<i64> =
                        [a, b, c].iter().map(|x| (x + 1) - (lone - 2)).collect();
                    match end_of(&margins) {
                        Some("killed") => killed = killed.add(one),
                        Some("captured") => {}
                        None => {
                            unharmed = unharmed.add(one);
                            survives = survives.add(one);
                        }
                        Some(_) => survives = survives.add(one),
                    }
                }
            }
        }
    }
    let three = [
        "odds",
        "melee",
        "--attackers",
        "RR1,RR2,RR3",
        "--defender",
        "CF1",
    ];
    let json = parsed(&t.ok(&[&["--json"][..], &three].concat()));
    assert_eq!(json["schema"], 1);
    assert_eq!(json["lone"]["figure"], "CF1");
    assert_eq!(fraction(&json, "survives"), survives.text());
    assert_eq!(fraction(&json, "unharmed"), unharmed.text());
    let killed_ends: Vec<Q> = json["ends"]
        .as_array()
        .expect("ends")
        .iter()
        .filter(|e| e["result"] == "killed")
        .map(|e| {
            let f = fraction(e, "probability");
            let (n, d) = f.split_once('/').unwrap_or((&f, "1"));
            Q::new(
                n.parse().expect("a numerator"),
                d.parse().expect("a denominator"),
            )
        })
        .collect();
    assert_eq!(
        killed_ends.len(),
        2,
        "killed outright, and by two wounds: {json}"
    );
    assert_eq!(killed_ends[0].add(killed_ends[1]), killed);
    // Each pairing on its own is one ranger's die against CF1's.
    assert_eq!(json["pairings"].as_array().map(Vec::len), Some(3));
    let out = t.ok(&three);
    assert!(
        out.contains(
            "melee — War Club and Musket Butt (La Petite Guerre): the whole fight, 3 against \
             defender CF1\n  CF1 throws 1d6 once, against each; the worst result against it \
             stands (Killed, Captured, Severe wound, Light wound, Flee); two wounds kill\n\
             CF1's end:\n  Killed "
        ),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "\nsurvives the fight (not Killed or Captured): {} (",
            survives.text()
        )),
        "{out}"
    );
    assert!(out.contains("\n    of which two wounds kill "), "{out}");
    assert!(
        out.contains("\neach pairing on its own:\n  RR1 against CF1\n"),
        "{out}"
    );
    assert_eq!(
        t.refused(&[
            "odds",
            "melee",
            "--attackers",
            "RR1,RR2",
            "--defender",
            "CF1",
            "--vs",
            "defender.troop=militia"
        ]),
        "--vs compares one situation; the whole fight's odds take none (leave out --vs, or ask \
         with one figure on each side)"
    );
}

#[test]
fn a_table_that_does_not_rank_the_lone_figure_s_results_gives_the_odds_of_one_pairing() {
    let tables = house_tables(|t| {
        t.lines()
            .filter(|l| {
                !l.contains("worst-first:")
                    && !l.contains("together:")
                    && !l.contains("two wounds kill}")
            })
            .collect::<Vec<_>>()
            .join("\n")
    });
    let t = Table::house_game(tables.path());
    let out = t
        .test_with(tables.path())
        .args([
            "odds",
            "melee",
            "--attackers",
            "CF1,CF2",
            "--defender",
            "RA1",
        ])
        .stderr("")
        .run()
        .stdout;
    assert!(
        out.contains("odds of one of the 2 pairings (the first attacker's)\n"),
        "{out}"
    );
}

/// A roll the unit makes once (its movement, a formed unit's spotting) has the one roll's
/// odds, not those of "at least one of its figures".
#[test]
fn a_roll_made_once_for_the_unit_has_the_one_rolls_odds() {
    let t = game();
    t.ok(&[
        "unit",
        "add",
        "gage",
        "troop=lights",
        "formation=line",
        "officer",
        "--side",
        "british",
        "--figures",
        "4",
        "--code",
        "LI",
    ]);
    let out = t.ok(&["odds", "move", "--unit", "gage"]);
    assert!(
        out.starts_with(
            "gage: odds of move, one roll for its 4 figures, before it is rolled\n  LI1, net 0: 2 \
             inches 1/36 (2.8%)"
        ),
        "{out}"
    );
    // 7 inches on 2d6: 6/36, the one roll's chance.
    assert!(out.contains("7 inches 1/6 (16.7%)"), "{out}");
    assert!(!out.contains("how many of the"), "{out}");
    // Spotting at 10 inches: 3d6 over 10 is 108/216.
    let json = parsed(&t.ok(&["odds", "spot", "--unit", "gage", "distance=10", "--json"]));
    assert_eq!(json["figures"].as_array().map(Vec::len), Some(1));
    assert_eq!(
        json["one_roll_for"],
        serde_json::json!(["LI1", "LI2", "LI3", "LI4"])
    );
    assert_eq!(
        fraction(&json["figures"][0]["outcomes"][0], "probability"),
        Q::new(108, 216).text()
    );
}
