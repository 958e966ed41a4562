//! Shooting with figures: troop and weapon read from the roster, pins, wounds and misfires
//! landing on the figures, a dry run, the dead, and words the umpire types over the roster's.

use super::{Roster, line, skirmish, words};

#[test]
fn a_shot_reads_troop_and_weapon_from_the_roster_and_a_pin_lands_on_the_target() {
    let t = skirmish();
    // 5+4 +1 line +1 rifle +2 its initial shot (the roster keeps it) = 13 hits; 5+4 +1
    // coureurs = 10: pinned.
    assert_eq!(
        t.ok(&[
            "roll", "shoot", "--firer", "RF1", "--target", "CF1", "--dice", "5,4", "--dice", "5,4",
        ]),
        "from the roster:
  RF1 (rifles, british), acting: from its unit: troop=regulars weapon=rifle; from counters: initial-shot (shots fired: none yet)
  CF1 (coureurs, french), target: from its unit: target=coureurs
shoot — Buck and Ball
  given initial-shot=yes, troop=regulars, weapon=rifle
  dice 2d6
    2d6: 5 4 (entered) = 9
     +1  line troops (regulars)  [troop type]
     +1  armed with rifle        [troop type]
     +2  initial shot            [situation]  (greatest positive)
    net modifier +4: 9 + 4 = 13
  => total 13 against 8 or more: Hit   chance 7/9 (77.8%)
  hit-result — Results of being hit
    given target=coureurs (coureurs du bois)
    dice 2d6
      2d6: 5 4 (entered) = 9
       +1  coureurs du bois  [target troop type]
      net modifier +1: 9 + 1 = 10
    => total 10: Pinned   chance 1/9 (11.1%)
       pinned: -2 to shoot, -1 to be hit, -2 in melee, -2 to morale; moving needs a passed morale check (an action)
outcome: Hit › Pinned
changes:
  RF1: +must load
  CF1: +pinned
dice: 2 entered, 0 rolled
"
    );
    assert_eq!(t.fig("CF1"), "CF1: pinned (purple)");
    // A rifle loads with an action before it fires again; its shot is counted, so the next
    // is no initial shot.
    assert_eq!(
        t.fig("RF1"),
        "RF1: must load (grey), actions 1, phase-actions 1, shots 1"
    );
    t.ok(&["mark", "RF1", "-must-load"]);
    let again = t.ok(&[
        "roll", "shoot", "--firer", "RF1", "--target", "CF2", "--dice", "5,4", "--dice", "1,2",
    ]);
    assert!(
        again.contains("  given troop=regulars, weapon=rifle\n"),
        "{again}"
    );
    assert!(
        again.contains("=> total 11 against 8 or more: Hit"),
        "{again}"
    );
    assert_eq!(
        t.figs_row("CF1"),
        (
            words(&[
                "CF1", "coureurs", "french", "coureurs", "pinned", "(purple)"
            ]),
            false
        )
    );
}

#[test]
fn a_wound_lands_as_a_marker_asks_for_a_morale_check_and_a_second_wound_kills() {
    let t = skirmish();
    t.ok(&["mark", "CF1", "+pinned"]);
    // The target's marker is read: -1 for a pinned target; 4+1 +1 coureurs = 6: light wound.
    let out = t.ok(&[
        "roll", "shoot", "--firer", "RF1", "--target", "CF1", "--dice", "5,4", "--dice", "4,1",
    ]);
    assert_eq!(
        line(&out, "  CF1"),
        "  CF1 (coureurs, french), target: from its unit: target=coureurs; \
         from markers: target-pinned (pinned)"
    );
    assert_eq!(
        line(&out, "  given"),
        "  given initial-shot=yes, target-pinned=yes, troop=regulars, weapon=rifle"
    );
    assert_eq!(
        line(&out, "     -1"),
        "     -1  target prone or pinned or beyond natural cover  [situation]  (greatest negative)"
    );
    assert_eq!(line(&out, "outcome: "), "outcome: Hit › Light wound");
    assert_eq!(
        line(&out, "must follow: "),
        "must follow: umpire roll morale --fig CF1 reason=wound   (the wounded figure tests at once)"
    );
    assert!(
        out.ends_with(
            "changes:\n  RF1: +must load\n  CF1: +light wound\n  CF1 owes morale reason=wound\n\
             dice: 2 entered, 0 rolled\n"
        ),
        "{out}"
    );
    assert_eq!(t.fig("CF1"), "CF1: light wound (blue), pinned (purple)");
    t.ok(&["mark", "RF1", "-load"]);

    // The second wound: the same roll now kills, and the figure leaves the game.
    let out = t.ok(&[
        "roll", "shoot", "--firer", "RF1", "--target", "CF1", "--dice", "5,4", "--dice", "4,1",
    ]);
    assert_eq!(
        line(&out, "  CF1"),
        "  CF1 (coureurs, french), target: from its unit: target=coureurs; \
         from markers: target-wound=light (light wound), target-pinned (pinned)"
    );
    assert_eq!(
        line(&out, "    given"),
        "    given target=coureurs (coureurs du bois), target-wound=light (lightly wounded)"
    );
    assert_eq!(
        line(&out, "    => "),
        "    => total 6: Light wound; a second wound kills: Killed   chance 11/18 (61.1%)"
    );
    assert_eq!(line(&out, "outcome: "), "outcome: Hit › Killed");
    assert!(!out.contains("must follow"), "{out}");
    // The check the first wound called for is not made: the dead figure owes it no more.
    assert!(
        out.ends_with(
            "changes:\n  RF1: +must load\n  CF1: dead\n  CF1 is dead: the morale reason=wound it owed is dropped\n\
             dice: 2 entered, 0 rolled\n"
        ),
        "{out}"
    );
    assert_eq!(
        t.figs_row("CF1"),
        (
            words(&["CF1", "coureurs", "french", "coureurs", "dead"]),
            true
        )
    );
    assert!(t.ok(&["figs"]).contains("\nOut of the game (1):\n"));
}

#[test]
fn a_misfire_marks_the_firer_and_it_cannot_shoot_until_the_marker_is_taken_off() {
    let t = skirmish();
    let out = t.ok(&[
        "roll", "shoot", "--firer", "RF2", "--target", "CF2", "--dice", "3,3",
    ]);
    assert_eq!(
        line(&out, "  => "),
        "  => natural doubles: Misfire, whatever the modifiers   chance 1/6 (16.7%)"
    );
    assert!(
        out.ends_with(
            "outcome: Misfire\nchanges:\n  RF2: +misfire\n  RF2: +must load\n\
             dice: 1 entered, 0 rolled\n"
        ),
        "{out}"
    );
    // Rifles still load after the gun is cleared.
    assert_eq!(
        t.fig("RF2"),
        "RF2: misfire (white), must load (grey), actions 1, phase-actions 1, shots 1"
    );
    let blocked = "RF2 carries misfire: it cannot shoot until that is cleared (the gun must be \
                   cleared (an action) before it fires again; then `umpire act rifles clear-misfire \
                   --figs RF2`)";
    assert_eq!(
        t.refused(&[
            "roll", "shoot", "--firer", "RF2", "--target", "CF2", "--dice", "5,4", "--dice", "4,1",
        ]),
        blocked
    );
    assert_eq!(
        t.refused(&["roll", "shoot", "--firer", "RF2", "--dry-run"]),
        blocked
    );
    // A misfired figure may still be shot at, test its morale and fight.
    t.ok(&["roll", "morale", "--fig", "RF2", "--dice", "6,6"]);
    assert_eq!(t.ok(&["mark", "RF2", "-misfire"]), "RF2: -misfire\n");
    assert_eq!(
        t.refused(&["roll", "shoot", "--firer", "RF2", "--target", "CF2"]),
        "RF2 carries must load: it cannot shoot until that is cleared (rifles and artillery load \
         with an action after each shot (muskets need none); then `umpire act rifles load --figs RF2`)"
    );
    assert_eq!(t.ok(&["mark", "RF2", "-load"]), "RF2: -must load\n");
    let out = t.ok(&[
        "roll", "shoot", "--firer", "RF2", "--target", "CF2", "--dice", "5,4", "--dice", "4,1",
    ]);
    assert_eq!(line(&out, "outcome: "), "outcome: Hit › Light wound");
}

#[test]
fn a_dry_run_says_what_would_change_and_leaves_the_game_byte_identical() {
    let t = skirmish();
    let (state, log) = (t.state_bytes(), t.log_bytes());
    let args = [
        "roll", "shoot", "--firer", "RF1", "--target", "CF2", "--dice", "5,4", "--dice", "4,1",
    ];
    let dry = t.ok(&[&args[..], &["--dry-run"]].concat());
    assert!(
        dry.ends_with(
            "would change (dry run, nothing written):\n  RF1: +must load\n  CF2: +light wound\n\
             \x20 CF2 owes morale reason=wound\ndice: 2 entered, 0 rolled\n"
        ),
        "{dry}"
    );
    assert_eq!(
        line(&dry, "must follow: "),
        "must follow: umpire roll morale --fig CF2 reason=wound   (the wounded figure tests at once)"
    );
    assert_eq!(t.state_bytes(), state, "game.json after a dry run");
    assert_eq!(t.log_bytes(), log, "log.jsonl after a dry run");
    // A dry-run misfire does not mark the firer either.
    t.ok(&[
        "roll",
        "shoot",
        "--firer",
        "RF1",
        "--dice",
        "2,2",
        "--dry-run",
    ]);
    assert_eq!(t.state_bytes(), state, "game.json after a dry-run misfire");
    // The real roll prints the same, but for the line that says what changed.
    let real = t.ok(&args);
    assert_eq!(
        real,
        dry.replace("would change (dry run, nothing written):", "changes:")
    );
    assert_eq!(t.fig("CF2"), "CF2: light wound (blue)");
}

#[test]
fn a_dead_figure_can_neither_shoot_nor_be_shot_at() {
    let t = skirmish();
    t.ok(&["mark", "CF3", "+dead"]);
    let message =
        "CF3 is dead: it takes no part in a roll (`umpire mark CF3 -dead` if that was a mistake)";
    assert_eq!(
        t.refused(&[
            "roll", "shoot", "--firer", "CF3", "--target", "RR1", "--dice", "5,4", "--dice", "4,1",
        ]),
        message
    );
    assert_eq!(
        t.refused(&[
            "roll", "shoot", "--firer", "RR1", "--target", "CF3", "--dice", "5,4", "--dice", "4,1",
        ]),
        message
    );
    assert_eq!(
        t.refused(&["odds", "shoot", "--firer", "RR1", "--target", "CF3"]),
        message
    );
    assert_eq!(
        t.refused(&["roll", "shoot", "--firer", "RR1", "--target", "RR1"]),
        "a figure cannot be its own target"
    );
    assert_eq!(
        t.refused(&["roll", "shoot", "--firer", "RR9"]),
        "there is no figure RR9 (did you mean `RR1`?)"
    );
}

#[test]
fn words_the_umpire_types_override_the_rosters() {
    let t = skirmish();
    let out = t.ok(&[
        "roll",
        "shoot",
        "--firer",
        "RF1",
        "--target",
        "CF2",
        "troop=militia",
        "target=regulars",
        "initial-shot=no",
        "--dice",
        "5,4",
        "--dice",
        "4,1",
    ]);
    assert_eq!(
        line(&out, "  RF1"),
        "  RF1 (rifles, british), acting: from its unit: weapon=rifle"
    );
    assert_eq!(
        line(&out, "  CF2"),
        "  CF2 (coureurs, french), target: nothing the roll reads"
    );
    assert_eq!(
        line(&out, "  given"),
        "  given initial-shot=no, troop=militia, weapon=rifle"
    );
    assert_eq!(
        line(&out, "     -1"),
        "     -1  militia           [troop type]"
    );
    assert_eq!(
        line(&out, "    net modifier"),
        "    net modifier 0: 9 + 0 = 9"
    );
    // 4+1 -1 regulars = 4: flee.
    assert_eq!(line(&out, "    given"), "    given target=regulars");
    assert_eq!(
        line(&out, "outcome: "),
        "outcome: Hit › Flee 6\" towards cover"
    );
    // A flag the umpire types joins the roster's words.
    let out = t.ok(&[
        "roll",
        "shoot",
        "--firer",
        "RR1",
        "--target",
        "MF1",
        "initial-shot",
        "--dice",
        "4,2",
        "--dice",
        "6,5",
    ]);
    assert_eq!(
        line(&out, "  given"),
        "  given initial-shot=yes, troop=rangers"
    );
    assert_eq!(
        line(&out, "    net modifier"),
        "    net modifier +3: 6 + 3 = 9"
    );
}

#[test]
fn the_follow_up_of_a_shot_keeps_the_target_troop_the_umpire_typed() {
    let t = skirmish();
    // 4+1 +2 militia = 7: severe wound. Without figures the follow-up says troop=militia;
    // with them it says nothing of it, so the morale check reads coureurs (+2) from the roster.
    let out = t.ok(&[
        "roll",
        "shoot",
        "--firer",
        "RR1",
        "--target",
        "CF3",
        "target=militia",
        "--dice",
        "5,4",
        "--dice",
        "4,1",
        "--dry-run",
    ]);
    assert_eq!(line(&out, "outcome: "), "outcome: Hit › Severe wound");
    assert!(
        line(&out, "must follow: ").contains("troop=militia"),
        "{out}"
    );
}

/// A figure in a building or rampart that the hit makes flee goes prone instead.
#[test]
fn a_figure_that_flees_in_a_building_goes_prone() {
    let t = skirmish();
    // A hit, then 1 2 +1 for coureurs = 4 on the hit results: flee.
    let out = t.ok(&[
        "roll",
        "shoot",
        "--firer",
        "RF1",
        "--target",
        "CF1",
        "cover=building",
        "--dice",
        "6,5",
        "--dice",
        "1,2",
    ]);
    assert!(
        out.contains("outcome: Hit › Flee 6\" towards cover\n"),
        "{out}"
    );
    assert!(out.contains("  CF1: +prone\n"), "{out}");
    let out = t.ok(&[
        "roll", "shoot", "--firer", "RF2", "--target", "CF2", "--dice", "6,5", "--dice", "1,2",
    ]);
    assert!(
        out.contains("outcome: Hit › Flee 6\" towards cover\n"),
        "{out}"
    );
    assert!(!out.contains("+prone"), "{out}");
}
