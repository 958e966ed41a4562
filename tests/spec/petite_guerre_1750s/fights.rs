//! Shots the modifiers make impossible, and hand to hand of several against one.

use super::{game, markers};

#[test]
fn a_shot_the_modifiers_make_impossible_is_blind_fire() {
    let t = game();
    t.ok(&["mark", "OT2", "+prone"]);
    // Prone (-1) in hard cover (-1): 5 is out of reach, so a natural 6 hits, and the
    // results roll is after blind fire: a 3 is no effect, a 5 stuns.
    let out = t.ok(&[
        "roll",
        "shoot",
        "--fig",
        "GR1",
        "--target",
        "OT2",
        "range=8",
        "cover=hard",
        "--dice",
        "6",
        "--dice",
        "3",
    ]);
    assert!(out.contains("rolled as blind-fire instead"), "{out}");
    assert!(
        out.contains("=> natural 6: Hit, whatever the modifiers   chance 1/6"),
        "{out}"
    );
    assert!(out.contains("outcome: Hit › No effect"), "{out}");
    assert_eq!(markers(&t, "OT2"), ["prone"]);
    assert_eq!(markers(&t, "GR1"), ["unloaded"]);
}

#[test]
fn the_odds_of_a_shot_that_falls_back_are_those_of_blind_fire() {
    let t = game();
    t.ok(&["mark", "OT2", "+prone"]);
    let out = t.ok(&[
        "odds",
        "shoot",
        "--fig",
        "GR1",
        "--target",
        "OT2",
        "cover=hard",
    ]);
    // A hit is a natural 6 (1/6); then, for an A grade after blind fire: 1-3 no effect
    // (1/12), 4-5 stunned (1/18), 6 coolly ignored (1/36).
    let lines: Vec<String> = out
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    for line in [
        "Hit › No effect 1/12 8.33% ###",
        "Hit › Stunned 1/18 5.56% ##",
        "Hit › Coolly ignored 1/36 2.78% #",
        "Miss 5/6 83.33% #########################",
    ] {
        assert!(lines.iter().any(|l| l == line), "{line}: {out}");
    }
}

#[test]
fn against_two_a_man_throws_against_each_and_cannot_answer_the_second() {
    let t = game();
    t.ok(&["turn"]);
    // OT3 (A) against RA2 (B): +1 higher grade; RA2 hit 7/12. OT4 against RA2 too, RA2 cannot
    // answer: its win scores nothing. Unharmed only if neither hits it: (5/12)^2 = 25/144.
    let json = t
        .test()
        .args([
            "odds",
            "hand-to-hand",
            "--attacker",
            "OT3",
            "--attacker",
            "OT4",
            "--defender",
            "RA2",
            "--json",
        ])
        .run()
        .json();
    let text = json.to_string();
    assert!(text.contains("119/144"), "{text}");
    assert!(text.contains("25/144"), "{text}");
    let out = t.ok(&[
        "roll",
        "hand-to-hand",
        "--attacker",
        "OT3",
        "--attacker",
        "OT4",
        "--defender",
        "RA2",
        "--dice",
        "4",
        "--dice",
        "4",
        "--dice",
        "2",
        "--dice",
        "4",
        "--dice",
        "6",
    ]);
    // Pairing 1: 5 against 4, RA2 hit, wounded on a 2. Pairing 2: RA2 wins 6 to 5 but cannot
    // strike back; its own die was thrown for this pairing alone.
    assert!(
        out.contains("defender: given grade=b (B grade), no-reply=yes"),
        "{out}"
    );
    assert!(
        out.contains("the winner cannot strike back: No hit"),
        "{out}"
    );
    assert!(out.contains("dice: 5 entered, 0 rolled"), "{out}");
    assert!(!out.contains("shared"), "{out}");
    assert_eq!(markers(&t, "RA2"), ["stunned", "wounded"]);
    let msg = t.refused(&[
        "roll",
        "hand-to-hand",
        "--attacker",
        "OT1",
        "--attacker",
        "OT2",
        "--attacker",
        "OT3",
        "--attacker",
        "OT4",
        "--attacker",
        "RA1",
        "--defender",
        "RA2",
    ]);
    assert!(
        msg.starts_with("hand-to-hand takes at most 4 attackers against one defender"),
        "{msg}"
    );
}

#[test]
fn a_broken_man_runs_again_when_each_turn_starts_until_the_marker_comes_off() {
    let t = game();
    t.ok(&["mark", "OT1", "+broken"]);
    // Play passes to the French: the turn goes on, and nobody runs.
    let out = t.ok(&["turn", "--seed", "5"]);
    assert!(!out.contains("break-move"), "{out}");
    // The next turn starts with his run, from the seeded dice, and the seed in the log.
    let out = t.ok(&["turn", "--seed", "5"]);
    assert!(
        out.ends_with(
            "start of turn 2: OT1 (broken) break-move: 4 inches [1avd: 3]\n\
             dice: 0 entered, 1 rolled (seed 5; replay with --seed 5)\n"
        ),
        "{out}"
    );
    assert!(
        t.ok(&["log", "--last", "1"])
            .contains("start of turn 2: OT1 (broken) break-move: 4 inches [1avd: 3]")
    );
    // With dice thrown at the table the run is owed, and made when the players come to it.
    t.ok(&["config", "dice", "physical"]);
    t.ok(&["turn"]);
    let out = t.ok(&["turn"]);
    assert!(
        out.contains("start of turn 3: OT1 owes break-move\nstill owed: 1 check"),
        "{out}"
    );
    let out = t.ok(&["roll", "--next", "--dice", "4"]);
    assert!(out.contains("=> total 5: 5 inches"), "{out}");
    // More than 12 inches from the enemy, the umpire takes the marker off: no more runs.
    t.ok(&["mark", "OT1", "-broken"]);
    t.ok(&["config", "dice", "tool"]);
    t.ok(&["turn"]);
    let out = t.ok(&["turn"]);
    assert!(!out.contains("break-move"), "{out}");
}

/// "Only a charge closes into contact", and the target "must be within 2 inches": the inches
/// measured choose the band, and a man testing to charge an enemy farther off is refused.
#[test]
fn a_man_charges_only_an_enemy_within_two_inches() {
    let t = game();
    // Charges are declared after the player turns: from the last, a charge test moves play on.
    t.ok(&["turn"]);
    let test = |reach: &str| {
        vec![
            "roll".to_string(),
            "charge-test".into(),
            "--fig".into(),
            "OT3".into(),
            "reason=charging".into(),
            format!("reach={reach}"),
            "--dice".into(),
            "6".into(),
        ]
    };
    fn args(v: &[String]) -> Vec<&str> {
        v.iter().map(String::as_str).collect()
    }
    let out = t.ok(&args(&test("1.5")));
    assert!(
        out.contains("reach=within (within 2 inches) [1.5 inches: up to 2 is within]"),
        "{out}"
    );
    assert!(t.refused(&args(&test("2.5"))).starts_with(
        "reason=charging refused by the rule Charge reach: it needs reach=within (it is \
             beyond)"
    ));
}

/// "Continue combat next turn if opponent not killed, surrendered, or did not run away": two
/// men who fought are tied both ways, and the next turn names the pair with its roll; a man
/// who runs away unties both; the umpire unties those who step out of contact.
#[test]
fn a_fight_goes_on_next_turn_until_a_man_falls_runs_or_surrenders() {
    let t = game();
    t.ok(&["turn"]);
    let fight = |a: &'static str, d: &'static str, dice: &[&'static str]| {
        let mut args = vec!["roll", "hand-to-hand", "--attacker", a, "--defender", d];
        for x in dice {
            args.extend(["--dice", x]);
        }
        t.ok(&args)
    };
    // OT3 (A, +1) 3 against GR1 (C) 4: equal, no hit; both fight on.
    let out = fight("OT3", "GR1", &["3", "4"]);
    assert!(
        out.contains(
            "changes:\n  Turn 1, step 4 of 5, after the player turns: hand to hand, with rout and \
             pursuit (now: `umpire roll hand-to-hand`)\n  OT3: +in hand to hand with GR1\n  \
             GR1: +in hand to hand with OT3\n"
        ),
        "{out}"
    );
    // The pair is said when the next turn starts, in the roster's order.
    let out = t.ok(&["turn"]);
    assert!(
        out.contains(
            "GR1 still in hand to hand with OT3: `umpire roll hand-to-hand --attacker GR1 \
             --defender OT3`\n"
        ),
        "{out}"
    );
    // Hand to hand is fought after the player turns. OT3 wins; GR1's hit is a 4: he breaks
    // and runs, and the fight is over for both.
    t.ok(&["turn"]);
    let out = fight("OT3", "GR1", &["5", "2", "4", "3"]);
    assert!(out.contains("GR1: -in hand to hand with OT3\n"), "{out}");
    assert!(out.contains("OT3: -in hand to hand with GR1\n"), "{out}");
    let out = t.ok(&["turn"]);
    assert!(!out.contains("still in hand to hand"), "{out}");
    // Survivors stepping out of contact: untied by hand, both ways.
    t.ok(&["turn"]);
    fight("OT4", "RA1", &["2", "3"]);
    assert_eq!(
        t.ok(&["mark", "RA1", "-engaged"]),
        "RA1: -in hand to hand with OT4\nOT4: -in hand to hand with RA1\n"
    );
}

/// Several against one go on together: the next turn gives the lone man's fight as one roll
/// of all his opponents against him.
#[test]
fn a_fight_of_two_against_one_goes_on_as_one_roll() {
    let t = game();
    t.ok(&["turn"]);
    // OT3 and OT4 against RA2: RA2's throws 4 and 5 against their 3 and 4 (+1 grade each):
    // no hits either way, so all three fight on.
    let out = t.ok(&[
        "roll",
        "hand-to-hand",
        "--attacker",
        "OT3",
        "--attacker",
        "OT4",
        "--defender",
        "RA2",
        "--dice",
        "3",
        "--dice",
        "4",
        "--dice",
        "4",
        "--dice",
        "5",
    ]);
    assert!(out.contains("RA2: +in hand to hand with OT4"), "{out}");
    let out = t.ok(&["turn"]);
    assert!(
        out.contains(
            "RA2 still in hand to hand with OT3 and OT4: `umpire roll hand-to-hand --attacker OT3 \
             --attacker OT4 --defender RA2`\n"
        ),
        "{out}"
    );
    assert!(!out.contains("OT3 still"), "{out}");
}
