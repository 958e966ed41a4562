//! Required checks are never lost: every check a roll's results make mandatory is owed by the
//! figure in the game's state (on disk, in order), listed by `status`, made by typing the
//! command that was printed, dropped when the figure leaves the game, taken back exactly by
//! undo, and kept whole by commands run at the same moment.

use serde_json::Value;

use super::skirmish;
use crate::support::{self, Table};

/// The checks owed, as game.json keeps them: `FIGURE procedure factors...` each.
/// The British units stand in line with an officer, four figures each, so that their volleys
/// are volleys (a formed unit: four in line or column).
fn in_line(t: &Table) {
    for unit in ["rangers", "rifles"] {
        t.ok(&["unit", "set", unit, "formation=line", "officer"]);
        t.ok(&["fig", "add", unit, "--count", "2"]);
    }
}

fn owed(t: &Table) -> Vec<String> {
    t.state()
        .get("pending")
        .and_then(Value::as_array)
        .unwrap_or_else(|| panic!("no pending list in {}", t.state()))
        .iter()
        .map(|c| {
            let text = |key: &str| c.get(key).and_then(Value::as_str).unwrap_or("").to_string();
            let mut w = vec![text("figure"), text("procedure")];
            w.extend(
                c.get("factors")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                    .map(str::to_string),
            );
            w.join(" ")
        })
        .collect()
}

/// The part of `umpire status` that lists the checks owed (empty when none are).
fn owed_in_status(t: &Table) -> String {
    let status = t.ok(&["status"]);
    status
        .split_once(
            "checks owed, oldest first (`umpire roll --next` makes the next, those owed at once \
             first; `--next N` another):\n",
        )
        .map(|(_, list)| list.to_string())
        .unwrap_or_default()
}

/// RF1's shot lightly wounds CF2 (5+4 +2, then 4+1 +1 coureurs is 6).
const WOUND: [&str; 10] = [
    "roll", "shoot", "--firer", "RF1", "--target", "CF2", "--dice", "5,4", "--dice", "4,1",
];

#[test]
fn a_wound_is_owed_listed_by_status_and_made_by_typing_the_command_printed() {
    let t = skirmish();
    let out = t.ok(&WOUND);
    assert!(
        out.ends_with(
            "must follow: umpire roll morale --fig CF2 reason=wound   \
             (the wounded figure tests at once)\n\
             changes:\n  RF1: +must load\n  CF2: +light wound\n  CF2 owes morale reason=wound\n\
             dice: 2 entered, 0 rolled\n"
        ),
        "{out}"
    );
    assert_eq!(owed(&t), ["CF2 morale reason=wound"]);
    let json = t.ok(&["--json", "status"]);
    assert!(
        json.contains(
            "\"pending\": [\n    {\n      \"procedure\": \"morale\",\n      \"figure\": \"CF2\","
        ),
        "{json}"
    );
    assert_eq!(
        owed_in_status(&t),
        "  1. CF2 morale reason=wound: the wounded figure tests at once \
         [#5 shoot (RF1 at CF2): Hit › Light wound]\n"
    );
    // The command as printed makes it (an alias of the reason will do), and says so.
    let out = t.ok(&[
        "roll",
        "morale",
        "--fig",
        "CF2",
        "reason=wound",
        "--dice",
        "6,6",
    ]);
    assert!(
        out.ends_with(
            "outcome: Pass\nchanges:\n  CF2 made the morale reason=wound it owed\n\
             dice: 1 entered, 0 rolled\n"
        ),
        "{out}"
    );
    assert!(owed(&t).is_empty());
    assert_eq!(owed_in_status(&t), "");
    let log = t.ok(&["log", "--last", "1"]);
    assert!(
        log.starts_with("#6 turn 0: morale (CF2, reason=wound): Pass  [roll morale"),
        "{log}"
    );
    // A check of another reason is not the one owed: nothing is made. (The rifle loads first.)
    t.ok(&["mark", "RF1", "-load"]);
    t.ok(&WOUND[..4]
        .iter()
        .chain(&["--target", "CF3", "--dice", "5,4", "--dice", "4,1"])
        .copied()
        .collect::<Vec<_>>());
    t.ok(&[
        "roll",
        "morale",
        "--fig",
        "CF3",
        "reason=unpin",
        "--dice",
        "6,6",
    ]);
    assert_eq!(owed(&t), ["CF3 morale reason=wound"]);
}

#[test]
fn a_tie_in_melee_leaves_both_figures_owing_a_check() {
    let t = skirmish();
    // 3+1 coureurs against 3+1 rangers: a tie, and both sides test.
    let out = t.ok(&[
        "roll",
        "melee",
        "--attackers",
        "CF1",
        "--defender",
        "RR1",
        "--dice",
        "3",
        "--dice",
        "3",
    ]);
    assert!(
        out.contains(
            "changes:\n  CF1 owes morale reason=melee-tie\n  RR1 owes morale reason=melee-tie\n"
        ),
        "{out}"
    );
    assert_eq!(
        owed(&t),
        ["CF1 morale reason=melee-tie", "RR1 morale reason=melee-tie"]
    );
    assert_eq!(
        owed_in_status(&t),
        "  1. CF1 morale reason=melee-tie: attacker [#5 melee (CF1 against RR1): Tie]\n  \
         2. RR1 morale reason=melee-tie: defender [#5 melee (CF1 against RR1): Tie]\n"
    );
}

#[test]
fn undo_puts_the_queue_back_exactly() {
    let t = skirmish();
    t.ok(&WOUND);
    let owing = t.state().get("pending").cloned();
    // The check made, then taken back: owed again, at its place.
    t.ok(&[
        "roll",
        "morale",
        "--fig",
        "CF2",
        "reason=wound",
        "--dice",
        "6,6",
    ]);
    assert!(owed(&t).is_empty());
    assert_eq!(
        t.ok(&["undo"]),
        "Undone: #6: morale (CF2, reason=wound): Pass\n"
    );
    assert_eq!(t.state().get("pending").cloned(), owing);
    // The shot taken back: nothing is owed, as before it.
    t.ok(&["undo"]);
    assert!(owed(&t).is_empty());
    assert_eq!(t.state().get("pending"), Some(&Value::Array(Vec::new())));
    // A figure taken off the table, then put back with undo, owes its check again.
    t.ok(&WOUND);
    let owing = t.state().get("pending").cloned();
    let out = t.ok(&["fig", "rm", "CF2"]);
    assert!(
        out.ends_with(
            "there is no figure CF2 any more: the morale reason=wound it owed is dropped\n"
        ),
        "{out}"
    );
    assert!(owed(&t).is_empty());
    t.ok(&["undo"]);
    assert_eq!(t.state().get("pending").cloned(), owing);
    t.assert_log_matches_state("g");
}

#[test]
fn a_figure_out_of_the_game_owes_nothing() {
    let t = skirmish();
    t.ok(&WOUND);
    assert_eq!(
        t.ok(&["mark", "CF2", "+dead"]),
        "CF2: dead\nCF2 is dead: the morale reason=wound it owed is dropped\n"
    );
    assert!(owed(&t).is_empty());
    // The log's line says what was done; the event keeps the check it dropped.
    let log = t.ok(&["log", "--last", "1"]);
    assert_eq!(log, "#6 turn 0: CF2: dead  [mark CF2 +dead]\n");
    let last = t.events().pop().unwrap_or_default();
    assert!(last.to_string().contains("\"what\":\"pending\""), "{last}");
}

#[test]
fn a_volley_leaves_its_target_owing_a_test_hit_or_not_once_however_many_shots() {
    let t = skirmish();
    in_line(&t);
    // RF1's shot of the volley at MF1 misfires (natural doubles): MF1 still received a volley.
    let out = t.ok(&[
        "roll", "shoot", "--firer", "RF1", "--target", "MF1", "volley", "--dice", "1,1",
    ]);
    assert!(
        out.contains(
            "must follow: umpire roll morale --fig MF1 reason=volley   \
             (every potential target of a volley tests, hit or not)\n"
        ),
        "{out}"
    );
    assert_eq!(owed(&t), ["MF1 morale reason=volley"]);
    // The next shot of the same volley: MF1 owes one test, not two.
    let out = t.ok(&[
        "roll", "shoot", "--firer", "RF2", "--target", "MF1", "volley", "--dice", "2,2",
    ]);
    assert!(
        out.contains("  MF1 already owes morale reason=volley\n"),
        "{out}"
    );
    assert_eq!(owed(&t), ["MF1 morale reason=volley"]);
    // A volley that kills its target leaves it nothing to make (natural doubles kill).
    let out = t.ok(&[
        "roll", "shoot", "--firer", "RR1", "--target", "MF2", "volley", "--dice", "5,4", "--dice",
        "3,3",
    ]);
    assert!(
        out.ends_with(
            "changes:\n  MF2: dead\n  MF2 is dead: no morale reason=volley to make\n\
             dice: 2 entered, 0 rolled\n"
        ),
        "{out}"
    );
    assert_eq!(owed(&t), ["MF1 morale reason=volley"]);
}

#[test]
fn a_dry_run_owes_nothing() {
    let t = skirmish();
    let state = t.state_bytes();
    let dry = t.ok(&[&WOUND[..], &["--dry-run"]].concat());
    assert!(dry.contains("  CF2 owes morale reason=wound\n"), "{dry}");
    assert_eq!(t.state_bytes(), state);
    assert!(owed(&t).is_empty());
}

#[test]
fn the_queue_is_on_disk_and_a_game_of_the_format_before_it_owes_nothing() {
    let t = skirmish();
    t.ok(&WOUND);
    let text = String::from_utf8(t.state_bytes()).unwrap_or_default();
    assert!(text.contains("\"format\": 4,"), "{text}");
    assert!(
        text.contains(
            "  \"pending\": [\n    {\"procedure\":\"morale\",\"figure\":\"CF2\",\
             \"factors\":[\"reason=wound\"],\"note\":\"the wounded figure tests at once\",\
             \"event\":5,\"cause\":\"shoot (RF1 at CF2): Hit › Light wound\",\"at-once\":true}\n  ]\n}\n"
        ),
        "{text}"
    );
    // A game written before the queue (format 1, no `pending`) is read, owes nothing, and is
    // written in the new format at its next change.
    t.ok(&["undo"]);
    let old = String::from_utf8(t.state_bytes())
        .unwrap_or_default()
        .replacen("\"format\": 4,", "\"format\": 1,", 1)
        .replacen(",\n  \"pending\": []", "", 1);
    support::write(&t.state_path(), &old);
    assert_eq!(owed_in_status(&t), "");
    t.ok(&WOUND);
    assert_eq!(owed(&t), ["CF2 morale reason=wound"]);
    assert!(
        String::from_utf8(t.state_bytes())
            .unwrap_or_default()
            .contains("\"format\": 4,")
    );
}

#[test]
fn a_damaged_queue_is_refused_by_line_and_column() {
    let t = skirmish();
    t.ok(&WOUND);
    let text = String::from_utf8(t.state_bytes()).unwrap_or_default();
    let (line, _) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("\"procedure\":\"morale\""))
        .unwrap_or_else(|| panic!("no check in {text}"));
    for (from, to, says) in [
        (
            "\"event\":5",
            "\"event\":\"five\"",
            "invalid type: string \"five\"",
        ),
        (
            "\"event\":5",
            "\"event\":5,\"weather\":1",
            "unknown field `weather`",
        ),
        ("\"figure\":\"CF2\",", "", "missing field `figure`"),
    ] {
        support::write(&t.state_path(), text.replacen(from, to, 1));
        let err = t.fails(1, &["status"]);
        assert!(
            err.contains(&format!("game.json:{}:", line + 1)) && err.contains(says),
            "{err}"
        );
    }
    support::write(&t.state_path(), &text);
    assert_eq!(owed(&t), ["CF2 morale reason=wound"]);
}

#[test]
fn checks_owed_by_rolls_made_at_the_same_moment_are_all_kept() {
    const N: u32 = 8;
    let t = Table::rangers("XX", N);
    t.ok(&["unit", "set", "rangers", "formation=line", "officer"]);
    t.unit("militia", "french", "militia", N, "MF", None);
    // Every ranger volleys at a militiaman of its own, all at once: each one owes a test.
    let children: Vec<_> = (1..=N)
        .map(|i| {
            let (firer, target) = (format!("XX{i}"), format!("MF{i}"));
            let args = [
                "roll", "shoot", "--firer", &firer, "--target", &target, "volley", "--dice", "1,2",
            ];
            support::piped(t.path(), &args)
                .spawn()
                .unwrap_or_else(|e| panic!("umpire roll: {e}"))
        })
        .collect();
    for child in children {
        let out = child
            .wait_with_output()
            .unwrap_or_else(|e| panic!("umpire roll: {e}"));
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let mut all = owed(&t);
    all.sort();
    let mut expected: Vec<String> = (1..=N)
        .map(|i| format!("MF{i} morale reason=volley"))
        .collect();
    expected.sort();
    assert_eq!(all, expected);
    t.assert_log_matches_state("g");
}

/// RF2's shot of a volley at MF1 misfires: MF1 still owes its test.
const VOLLEY: [&str; 9] = [
    "roll", "shoot", "--firer", "RF2", "--target", "MF1", "volley", "--dice", "1,1",
];

#[test]
fn roll_next_makes_the_oldest_check_with_its_factors_set_and_the_rosters() {
    let t = skirmish();
    in_line(&t);
    t.ok(&WOUND);
    t.ok(&VOLLEY);
    // The coureur tests for its wound: +2 coureurs, -1 lightly wounded; 2+4+1 = 7 fails.
    assert_eq!(
        t.ok(&["roll", "morale", "--next", "--dice", "2,4", "--dice", "1,3"]),
        "check 1 of 2 owed: CF2 morale reason=wound: the wounded figure tests at once \
         [#9 shoot (RF1 at CF2): Hit › Light wound]
from the roster:
  CF2 (coureurs, french), acting: from its unit: officer=no troop=coureurs; from markers: wound=light (light wound)
morale — Morale check
  given officer=no, reason=wound (received a wound, mandatory, no action), troop=coureurs (coureurs du bois), wound=light (lightly wounded)
  dice 2d6
    2d6: 2 4 (entered) = 6
     -1  lightly wounded   [situation]
     +2  coureurs du bois  [troop type]
    net modifier +1: 6 + 1 = 7
  => total 7 against 8 or more: Fail   chance 5/12 (41.7%)
     a second failure this turn panics the figure
  retreat — Retreat after a failed morale check
    dice 2d6
      2d6: 1 3 (entered) = 4
      net modifier 0: 4 + 0 = 4
    => total 4: 4 inches   chance 1/12 (8.3%)
outcome: Fail › 4 inches
changes:
  CF2: failed morale checks this turn 1
  CF2 made the morale reason=wound it owed
dice: 2 entered, 0 rolled
"
    );
    assert_eq!(owed(&t), ["MF1 morale reason=volley"]);
    // Without a procedure, and with a factor of the moment added: officer +1 (7 or more).
    let out = t.ok(&["roll", "--next", "officer", "--dice", "3,4"]);
    assert!(
        out.starts_with(
            "check 1 of 1 owed: MF1 morale reason=volley: every potential target of a volley \
             tests, hit or not [#10 shoot (RF2 at MF1): Misfire]\n"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "  given officer=yes, reason=volley (received volley fire, mandatory for all \
             potential targets, no action), troop=militia\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("  => total 8 against 8 or more: Pass   chance 7/12 (58.3%)\n"),
        "{out}"
    );
    assert!(owed(&t).is_empty());
    let log = t.ok(&["log", "--last", "2"]);
    assert_eq!(
        log,
        "#11 turn 0: morale (CF2, reason=wound): Fail › 4 inches; CF2: failed morale checks \
         this turn 1  [roll morale --next --dice 2,4 --dice 1,3]\n\
         #12 turn 0: morale (MF1, reason=volley): Pass  [roll --next officer --dice 3,4]\n"
    );
    // Undo puts the check back where it was.
    t.ok(&["undo"]);
    assert_eq!(owed(&t), ["MF1 morale reason=volley"]);
}

#[test]
fn roll_next_n_makes_the_check_numbered_n_and_says_what_is_wrong() {
    let t = skirmish();
    in_line(&t);
    assert_eq!(
        t.refused(&["roll", "--next"]),
        "game g owes no check (a roll whose results call for a check leaves it owed)"
    );
    t.ok(&WOUND);
    t.ok(&VOLLEY);
    let out = t.ok(&["roll", "--next", "2", "--dice", "6,6"]);
    assert!(
        out.starts_with("check 2 of 2 owed: MF1 morale reason=volley"),
        "{out}"
    );
    assert_eq!(owed(&t), ["CF2 morale reason=wound"]);
    assert_eq!(
        t.refused(&["roll", "--next", "2"]),
        "there is no check 2: the game owes 1 check (`umpire status` lists them)"
    );
    assert_eq!(
        t.refused(&["roll", "shoot", "--next"]),
        "no shoot check is owed (the game owes 1 check of other procedures: `umpire status` \
         lists them)"
    );
    assert_eq!(
        t.refused(&["roll", "morale", "--next", "--fig", "CF1"]),
        "--next makes a check the game owes, and knows its figure: name none \
         (`umpire status` lists the checks owed and their figures)"
    );
    // A dry run says what it would make, and makes nothing.
    let state = t.state_bytes();
    let dry = t.ok(&["roll", "--next", "--dry-run", "--dice", "6,6"]);
    assert!(
        dry.contains("would change (dry run, nothing written):\n  CF2 made the morale"),
        "{dry}"
    );
    assert_eq!(t.state_bytes(), state);
}

#[test]
fn the_other_potential_targets_named_with_also_owe_the_test_as_the_target_does() {
    let t = skirmish();
    in_line(&t);
    t.ok(&["mark", "MF2", "+pinned"]);
    let out = t.ok(&[&VOLLEY[..], &["--also", "MF2,CF1"]].concat());
    assert!(
        out.ends_with(
            "changes:\n  RF2: +misfire\n  RF2: +must load\n  MF1 owes morale reason=volley\n  \
             MF2 owes morale reason=volley\n  CF1 owes morale reason=volley\n\
             dice: 1 entered, 0 rolled\n"
        ),
        "{out}"
    );
    assert_eq!(
        owed(&t),
        [
            "MF1 morale reason=volley",
            "MF2 morale reason=volley",
            "CF1 morale reason=volley"
        ]
    );
    // Each makes it with what the roster says of it: MF2 is pinned.
    let out = t.ok(&["roll", "--next", "2", "--dice", "6,6"]);
    assert!(
        out.contains("  given officer=no, pinned=yes, reason=volley"),
        "{out}"
    );
    // Artillery: each figure's own troop type says whether it tests.
    t.unit("guns", "british", "regulars", 1, "GN", Some("ball"));
    let out = t.ok(&[
        "roll", "shoot", "--firer", "GN1", "--target", "MF2", "--also", "RR1,CF3", "--dice", "1,2",
    ]);
    assert!(
        out.contains(
            "changes:\n  GN1: +must load\n  MF2 owes morale artillery-hit reason=artillery\n  \
             RR1 owes nothing from this roll\n  \
             CF3 owes morale artillery-hit reason=artillery\n"
        ),
        "{out}"
    );
    // What the roll calls for on no figure, a figure named twice, one out of the game.
    assert_eq!(
        t.refused(&[
            "roll", "shoot", "--firer", "RF1", "--target", "MF2", "--also", "CF2", "--dice", "1,2",
        ]),
        "--also: this shoot calls for no check of the figures it falls on, whatever its result \
         (`umpire rules shoot` says what it calls for)"
    );
    let volley = |also: &str| {
        [
            "roll", "shoot", "--firer", "RF1", "--target", "MF1", "volley", "--dice", "1,1",
            "--also", also,
        ]
        .map(str::to_string)
    };
    let refused = |args: [String; 11]| t.refused(&args.each_ref().map(String::as_str));
    assert_eq!(
        refused(volley("MF1")),
        "MF1 is named twice in this roll: --also names other figures"
    );
    t.ok(&["mark", "CF2", "+dead"]);
    assert_eq!(
        refused(volley("CF2")),
        "CF2 is dead: it takes no part in a roll"
    );
    assert_eq!(
        t.refused(&[
            "roll",
            "melee",
            "--attackers",
            "CF1",
            "--defender",
            "RR1",
            "--also",
            "RR2",
        ]),
        "--also is for a roll that falls on a figure; melee is an opposed roll"
    );
    assert_eq!(
        t.refused(&["roll", "shoot", "volley", "--also", "CF1"]),
        "--also names more figures of a game a roll falls on (name the roll's own figures too)"
    );
}

/// `roll --next --unit UNIT` makes every check the unit's figures owe, figure by figure in
/// roster order, in one command (one event); it never makes another unit's check.
#[test]
fn roll_next_with_a_unit_makes_every_check_the_unit_owes_and_no_other() {
    let t = skirmish();
    in_line(&t);
    t.ok(&WOUND);
    t.ok(&VOLLEY);
    assert_eq!(
        owed(&t),
        ["CF2 morale reason=wound", "MF1 morale reason=volley"]
    );
    assert_eq!(
        t.refused(&["roll", "--next", "--unit", "rangers"]),
        "rangers owes no check"
    );
    let out = t.ok(&["roll", "--next", "--unit", "militia", "--dice", "5,5"]);
    assert!(
        out.starts_with("militia: morale with 1 figure\n  MF1: 5 5"),
        "{out}"
    );
    assert_eq!(owed(&t), ["CF2 morale reason=wound"]);
    let log = t.ok(&["log", "--last", "1"]);
    assert!(
        log.contains("[roll --next --unit militia --dice 5,5]"),
        "{log}"
    );
    t.ok(&["undo"]);
    assert_eq!(
        owed(&t),
        ["CF2 morale reason=wound", "MF1 morale reason=volley"]
    );
    assert_eq!(
        t.refused(&["roll", "--next", "2", "--unit", "militia"]),
        "--next 2 names one check; with --unit the unit makes every check it owes (leave out \
         the number, or --unit)"
    );
}
