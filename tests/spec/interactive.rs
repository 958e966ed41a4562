//! The guided mode as a person uses it: driven in tmux (keys sent, the screen read back), a
//! shot with the faces typed, the check it leaves owed, a tie whose two checks the game owes
//! and offers until both are made, and what lands in the game; and without a terminal, every
//! prompt refused at once with the flag to pass instead. Also the config file.

use std::io::{BufRead as _, BufReader};
use std::path::Path;
use std::process::Stdio;

use tempfile::TempDir;

use crate::support::{Screen, Test, ok_in, process, tempdir as temp};

/// Run; (exit code, stdout, stderr).
fn run(data: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Test::new().data_dir(data).args(args).output();
    (out.code, out.stdout, out.stderr)
}

/// A game of two small units, ready for a shot.
fn table() -> TempDir {
    let d = temp();
    let p = d.path();
    ok_in(p, &["game", "new", "g"]);
    ok_in(
        p,
        &[
            "unit",
            "add",
            "rogers",
            "--side",
            "british",
            "troop=rangers",
            "weapon=rifle",
            "--figures",
            "2",
            "--code",
            "RR",
        ],
    );
    ok_in(
        p,
        &[
            "unit",
            "add",
            "marines",
            "--side",
            "french",
            "troop=marine",
            "--figures",
            "2",
            "--code",
            "CF",
        ],
    );
    d
}

#[test]
#[ignore = "needs tmux: run by .ci/run (cargo test -- --ignored)"]
fn a_guided_shot_with_the_faces_typed_lands_on_the_target_and_its_check_follows() {
    let d = table();
    let s = Screen::play(d.path());
    s.press("> Resolve a procedure", &["Enter"]);
    s.answer("Procedure", "shoot");
    s.answer("Acting figure", "RR1");
    s.answer("Target figure", "CF2");
    // The situation: pick the range (first item) and type the distance measured.
    s.press("The situation", &["Space", "Enter"]);
    s.answer("type the distance measured (inches)", "type the");
    s.answer("range (inches)", "20");
    // The odds come first, then the dice.
    let screen = s.wait_for("> Roll them");
    assert!(
        screen.contains("$ umpire odds shoot --firer RR1 --target CF2 range=20"),
        "{screen}"
    );
    // Rangers +1, rifle +1 and RR1's initial shot +2 (the roster keeps it).
    assert!(screen.contains("Hit       7/9   77.78%"), "{screen}");
    s.keys(&["Down", "Enter"]);
    s.wait_for("shoot: the faces of 2d6 (Enter: the tool rolls)");
    // A face that is not on the die is asked again, not refused after the fact.
    s.type_text("7,1");
    s.keys(&["Enter"]);
    s.press("7 is not a face of a d6", &["C-u"]);
    s.type_text("3,4");
    s.keys(&["Enter"]);
    // Between the throws, the chances from here: 3,4 + 4 hits, and the marine's hit result
    // is unmodified: light wounds on 3, 6, 8 and 11 undoubled, 2 + 4 + 4 + 2 of 36.
    let screen = s.wait_for("hit-result: the faces of 2d6");
    assert!(screen.contains("chances from here:"), "{screen}");
    assert!(
        screen.contains("Hit › Light wound             1/3   33.33%"),
        "{screen}"
    );
    s.answer("hit-result: the faces of 2d6", "1,2");
    // The check the wound calls for is the game's, offered as status numbers it.
    let screen = s.wait_for(
        "> 1. CF2 morale reason=wound: the wounded figure tests at once \
         [#3 shoot (RR1 at CF2): Hit › Light wound]",
    );
    assert!(screen.contains("Checks owed (1)"), "{screen}");
    assert!(screen.contains("2d6: 3 4 (entered) = 7"), "{screen}");
    assert!(screen.contains("outcome: Hit › Light wound"), "{screen}");
    assert!(screen.contains("  CF2: +light wound"), "{screen}");
    assert!(screen.contains("dice: 2 entered, 0 rolled"), "{screen}");
    // The check, with the faces typed too: 6 and 6, -1 lightly wounded, passes.
    s.keys(&["Enter"]);
    s.press("> Roll them", &["Down", "Enter"]);
    s.answer("morale: the faces of 2d6", "6,6");
    let screen = s.wait_for("outcome: Pass");
    assert!(
        screen.contains("$ umpire roll --next 1 --physical"),
        "{screen}"
    );
    assert!(
        screen.contains("check 1 of 1 owed: CF2 morale reason=wound"),
        "{screen}"
    );
    // Back at the menu: Quit is the last item (Up wraps round to it).
    s.press("> Resolve a procedure", &["Up", "Enter"]);
    s.exited(0);
    // Everything landed in the game and its log, as the commands would have.
    let figs = ok_in(d.path(), &["figs"]);
    assert!(
        figs.contains("CF2   marines   french    marine    light wound (blue)"),
        "{figs}"
    );
    let log = ok_in(d.path(), &["log", "--last", "2"]);
    assert!(
        log.contains(
            "shoot (RR1 at CF2): Hit › Light wound; RR1: +must load; CF2: +light wound  \
             [roll shoot --firer RR1 --target CF2 range=20 --physical]"
        ),
        "{log}"
    );
    assert!(
        log.contains("morale (CF2, reason=wound): Pass  [roll --next 1 --physical]"),
        "{log}"
    );
    assert!(!ok_in(d.path(), &["status"]).contains("checks owed"));
}

#[test]
#[ignore = "needs tmux: run by .ci/run (cargo test -- --ignored)"]
fn a_tie_in_melee_offers_both_checks_from_the_game_and_both_land_in_the_log() {
    let d = table();
    let s = Screen::play(d.path());
    s.press("> Resolve a procedure", &["Enter"]);
    s.answer("Procedure", "melee");
    s.answer("Defender figure", "CF1");
    s.press("Attacker figures", &["Space", "Enter"]);
    s.press("The attacker's situation", &["Enter"]);
    s.press("The defender's situation", &["Enter"]);
    s.press("> Roll them", &["Down", "Enter"]);
    // Rangers +1: 3 + 1 against the marine's 4 is a tie, and both sides must test.
    s.answer("the attacker's melee: the faces of 1d6", "3");
    s.answer("the defender's melee: the faces of 1d6", "4");
    let screen = s.wait_for("Checks owed (2)");
    assert!(screen.contains("outcome: Tie"), "{screen}");
    for offered in [
        "> 1. RR1 morale reason=melee-tie: attacker [#3 melee (RR1 against CF1): Tie]",
        "  2. CF1 morale reason=melee-tie: defender [#3 melee (RR1 against CF1): Tie]",
    ] {
        assert!(screen.contains(offered), "{offered}: {screen}");
    }
    s.keys(&["Enter"]);
    s.press("> Roll them", &["Down", "Enter"]);
    s.answer("morale: the faces of 2d6", "6,6");
    // The first check made, the second is still owed: leave it for now (Done, the last item).
    let screen = s.wait_for("Checks owed (1)");
    assert!(
        screen.contains("> 1. CF1 morale reason=melee-tie: defender"),
        "{screen}"
    );
    s.keys(&["Up", "Enter"]);
    // The game still owes it, and the menu offers it.
    s.press("> Resolve a procedure", &["Down"]);
    s.press("> Make a check owed (1)", &["Enter"]);
    s.press("> 1. CF1 morale reason=melee-tie", &["Enter"]);
    s.press("> Roll them", &["Down", "Enter"]);
    s.answer("morale: the faces of 2d6", "5,5");
    s.press("> Resolve a procedure", &["Up", "Enter"]);
    s.exited(0);
    let log = ok_in(d.path(), &["log", "--last", "3"]);
    for check in [
        "melee (RR1 against CF1): Tie",
        "morale (RR1, reason=melee-tie): Pass  [roll --next 1 --physical]",
        "morale (CF1, reason=melee-tie): Pass  [roll --next 1 --physical]",
    ] {
        assert!(log.contains(check), "{check}: {log}");
    }
    assert!(!ok_in(d.path(), &["status"]).contains("checks owed"));
}

#[test]
#[ignore = "needs tmux: run by .ci/run (cargo test -- --ignored)"]
fn the_guided_draw_names_the_tables_token_and_runs_its_option() {
    let d = table();
    ok_in(d.path(), &["turn"]);
    let s = Screen::play(d.path());
    s.wait_for("> Resolve a procedure");
    // The fourth item: resolve, odds, the next turn, the draw.
    s.keys(&["Down", "Down", "Down"]);
    s.press("> Draw a bead", &["Enter"]);
    s.press("> Let the tool draw", &["Down"]);
    s.press(
        "> Type the bead drawn from the cup (or its side)",
        &["Enter"],
    );
    s.answer("Bead", "white");
    let screen = s.wait_for("Turn 1, phase 1 of 1: white bead: French and allies (from the cup)");
    assert!(screen.contains("$ umpire draw --bead white"), "{screen}");
    s.press("> Resolve a procedure", &["Up", "Enter"]);
    s.exited(0);
    let log = ok_in(d.path(), &["log", "--last", "1"]);
    assert!(log.contains("[draw --bead white]"), "{log}");
}

#[test]
#[ignore = "needs tmux: run by .ci/run (cargo test -- --ignored)"]
fn the_guided_mode_spends_a_sides_points_on_what_the_turn_rule_lists() {
    let d = temp();
    let p = d.path();
    ok_in(
        p,
        &[
            "game",
            "new",
            "g",
            "--rules",
            "clg",
            "--army",
            "a=british-fiw",
            "--army",
            "b=french-fiw",
        ],
    );
    ok_in(p, &["turn", "--dice", "6", "--dice", "2", "--dice", "4"]);
    ok_in(p, &["mark", "a-infantry-1", "+disordered"]);
    let s = Screen::play(p);
    s.wait_for("> Resolve a procedure");
    // Resolve, odds, passing play, then spending.
    s.keys(&["Down", "Down", "Down"]);
    s.press("> Spend initiative points", &["Enter"]);
    s.press("> move a unit", &["Down"]);
    s.press("> reorder a disordered unit", &["Enter"]);
    s.wait_for("Unit");
    s.type_text("a-infantry-1");
    s.keys(&["Enter"]);
    let screen = s.wait_for("a-infantry-1: -in disorder");
    assert!(
        screen.contains("$ umpire spend reorder --unit a-infantry-1"),
        "{screen}"
    );
}

#[test]
#[ignore = "needs tmux: run by .ci/run (cargo test -- --ignored)"]
fn a_roll_waiting_for_the_faces_thrown_holds_no_lock_on_the_game() {
    let d = table();
    let p = d.path();
    let shot = [
        "roll",
        "shoot",
        "--firer",
        "RR1",
        "--target",
        "CF2",
        "range=20",
        "--physical",
    ];
    let s = Screen::run(p, &shot);
    s.wait_for("shoot: the faces of 2d6 (Enter: the tool rolls)");
    // While the players throw, another command changes the game without waiting: told to say
    // at once when it waits for a lock, it ends having said nothing. Should it wait, the faces
    // are typed to free it, and the test fails.
    let mut mark = process(p)
        .args(["mark", "RR2", "+pinned"])
        .env("UMPIRE_LOCK_PATIENCE_MS", "0")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("umpire mark: {e}"));
    let said: Vec<String> = mark
        .stderr
        .take()
        .map(|err| {
            BufReader::new(err)
                .lines()
                .map_while(Result::ok)
                .take(1)
                .collect()
        })
        .unwrap_or_default();
    if said
        .iter()
        .any(|l| l.contains("waiting for another umpire command"))
    {
        s.type_text("3,4");
        s.keys(&["Enter"]);
        panic!("the mark waited for the roll's prompt: {said:?}");
    }
    let status = mark.wait().unwrap_or_else(|e| panic!("umpire mark: {e}"));
    assert!(status.success() && said.is_empty(), "{status}: {said:?}");
    s.type_text("3,4");
    s.keys(&["Enter"]);
    s.answer("hit-result: the faces of 2d6", "1,2");
    let screen = s.wait_for("dice: 2 entered, 0 rolled");
    assert!(screen.contains("  CF2: +light wound"), "{screen}");
    let log = ok_in(p, &["log", "--last", "2"]);
    assert!(
        log.starts_with("#3 turn 0: RR2: +pinned  [mark RR2 +pinned]\n"),
        "{log}"
    );
    assert!(
        log.contains(
            "#4 turn 0: shoot (RR1 at CF2): Hit › Light wound; RR1: +must load; CF2: +light wound"
        ),
        "{log}"
    );
    drop(s);

    // The target taken off the table while the faces are typed: the roll is not written. (The
    // rifle loads first.)
    ok_in(p, &["mark", "RR1", "-load"]);
    let s = Screen::run(p, &shot);
    s.wait_for("shoot: the faces of 2d6 (Enter: the tool rolls)");
    ok_in(p, &["unit", "rm", "marines"]);
    s.type_text("3,4");
    s.keys(&["Enter"]);
    s.answer("hit-result: the faces of 2d6", "1,2");
    s.wait_for("error: there is no figure CF2");
    let log = ok_in(p, &["log", "--last", "1"]);
    assert!(log.starts_with("#6 turn 0: Unit marines removed"), "{log}");
}

#[test]
#[ignore = "needs tmux: run by .ci/run (cargo test -- --ignored)"]
fn with_physical_dice_the_turn_and_a_spend_ask_each_figure_for_its_command_dice() {
    let d = temp();
    let p = d.path();
    ok_in(p, &["game", "new", "g", "--rules", "oal"]);
    for (name, side, fields) in [
        ("sharpe", "a", "class=hero rank=officer weapon=rifle"),
        ("harper", "a", "class=veteran rank=nco weapon=rifle"),
        ("dubreton", "b", "class=veteran rank=officer weapon=pistol"),
    ] {
        let mut args = vec!["unit", "add", name, "--side", side, "--figures", "1"];
        args.extend(fields.split(' '));
        ok_in(p, &args);
    }
    ok_in(p, &["config", "dice", "physical"]);
    // Each officer's dice, named by the figure; Enter lets the tool roll Dubreton's.
    let s = Screen::run(p, &["turn"]);
    s.answer(
        "command (SH1): the faces of 4d6 (Enter: the tool rolls)",
        "6,5,2,4",
    );
    s.press("command (DU1): the faces of 3d6", &["Enter"]);
    let screen = s.wait_for("dice: 1 entered, 1 rolled");
    assert!(screen.contains("Side A 17 (SH1 17: 6 5 2 4)"), "{screen}");
    drop(s);
    // The NCO commanded throws his own into the pool.
    let s = Screen::run(p, &["spend", "command", "--unit", "harper"]);
    s.answer("command (HA1): the faces of 3d6", "3,3,4");
    let screen = s.wait_for("dice: 1 entered, 0 rolled");
    assert!(
        screen.contains("command points thrown in: HA1 10: 3 3 4; 26 command points left"),
        "{screen}"
    );
    let log = ok_in(p, &["log"]);
    assert!(
        log.contains("SH1 17: 6 5 2 4") && log.contains("HA1 10: 3 3 4"),
        "{log}"
    );
    drop(s);
    // Dubreton taken off the table while the faces are typed: the turn is not written, and the
    // faces come back with the seed.
    ok_in(p, &["turn"]);
    let s = Screen::run(p, &["turn", "--seed", "4"]);
    s.wait_for("command (SH1): the faces of 4d6");
    ok_in(p, &["unit", "rm", "dubreton"]);
    s.type_text("1,2,3,4");
    s.keys(&["Enter"]);
    s.press("command (DU1): the faces of 3d6", &["Enter"]);
    // (The screen folds the line at 120 columns.)
    let screen = s.wait_for("nothing was written").replace('\n', "");
    assert!(
        screen.contains(
            "(run it again with --seed 4; the faces typed: command (SH1): 4d6 1,2,3,4; command \
             (DU1): 3d6 rolled)"
        ),
        "{screen}"
    );
    let log = ok_in(p, &["log", "--last", "1"]);
    assert!(log.contains("Unit dubreton removed"), "{log}");
}

#[test]
#[ignore = "needs tmux: run by .ci/run (cargo test -- --ignored)"]
fn the_guided_mode_offers_the_games_own_procedures_and_asks_whom_a_link_ties_to() {
    let d = temp();
    let p = d.path();
    // A game of another ruleset than the default one.
    ok_in(p, &["game", "new", "g", "--rules", "1750s"]);
    for (name, side, fields) in [
        ("rangers", "british", "grade=b weapon=rifle"),
        ("ottawa", "french", "grade=a weapon=bow"),
    ] {
        let mut args = vec!["unit", "add", name, "--side", side, "--figures", "1"];
        args.extend(fields.split(' '));
        ok_in(p, &args);
    }
    ok_in(p, &["turn", "--first", "british"]);
    let s = Screen::play(p);
    s.press("Resolve a procedure", &["Enter"]);
    s.wait_for("acquire — Target acquisition");
    s.type_text("acqui");
    s.keys(&["Enter"]);
    // Acquiring ties the man to his target: the target is asked for.
    s.press("Acting figure", &["Down", "Enter"]);
    s.press("Target figure", &["Down", "Down", "Enter"]);
    let screen = s.wait_for("Target figure: OT1");
    assert!(screen.contains("Acting figure: RA1"), "{screen}");
}

#[test]
#[ignore = "needs tmux: run by .ci/run (cargo test -- --ignored)"]
fn at_a_terminal_game_new_asks_each_or_line_of_the_lists() {
    let d = temp();
    let p = d.path();
    let s = Screen::run(
        p,
        &[
            "game",
            "new",
            "g",
            "--rules",
            "clg",
            "--army",
            "british=british-fiw",
            "--army",
            "french=french-fiw",
            "--choose",
            "french:5=1",
        ],
    );
    // The British list's one `or` line: its alternative taken.
    s.press(
        "British: line 6 of the British list, or an alternative?",
        &["Down", "Enter"],
    );
    // The French line 2 kept; line 5 was chosen on the command line.
    s.press(
        "French: line 2 of the French list, or an alternative?",
        &["Enter"],
    );
    let screen = s.wait_for("French: line 5: 2 light infantry instead of 1 average cavalry");
    assert!(screen.contains("British: line 6: "), "{screen}");
    assert!(!screen.contains("kept, not"), "{screen}");
    assert!(!screen.contains("line 5 of the French list"), "{screen}");
}

#[test]
fn without_a_terminal_nothing_waits_on_a_prompt() {
    let d = table();
    let p = d.path();
    // No command: what there is to type, and the usage error at once.
    let (code, out, err) = run(p, &[]);
    assert_eq!(code, 2);
    assert!(out.contains("Usage: umpire [OPTIONS] [COMMAND]"), "{out}");
    assert!(err.starts_with("error: a command is needed ("), "{err}");
    let (code, _, err) = run(p, &["play"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: the guided mode needs a terminal, and there is none \
         (give a command instead, such as `umpire roll PROCEDURE FACTOR...`)\n"
    );
    // Physical dice: the roll refuses, naming the flag that gives the faces.
    let (code, _, err) = run(p, &["roll", "shoot", "--physical"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: physical dice: shoot needs the faces of 2d6, and there is no terminal to ask on \
         (give the faces with --dice (one per roll, in order), or turn physical dice off: \
         `umpire config dice tool`)\n"
    );
    // With every face entered, physical dice never need to ask.
    let said = ok_in(p, &["roll", "shoot", "--physical", "--dice", "3,3"]);
    assert!(said.contains("dice: 1 entered, 0 rolled"), "{said}");
    // The same from the config file, and a figure-aware roll writes nothing when refused.
    ok_in(p, &["config", "dice", "physical"]);
    let before = std::fs::read(p.join("games/g/game.json")).unwrap_or_default();
    let (code, _, err) = run(p, &["roll", "shoot", "--firer", "RR1", "--target", "CF1"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no terminal to ask on"), "{err}");
    assert_eq!(
        std::fs::read(p.join("games/g/game.json")).unwrap_or_default(),
        before
    );
}

#[test]
fn the_config_is_read_and_written_with_its_values_checked() {
    let d = temp();
    let p = d.path();
    let listing = ok_in(p, &["config"]);
    assert!(
        listing.starts_with("rules   (the first built-in)"),
        "{listing}"
    );
    assert!(listing.contains("dice    tool"), "{listing}");
    assert!(listing.contains("colour  auto"), "{listing}");
    assert_eq!(ok_in(p, &["config", "dice"]), "tool\n");
    let set = ok_in(p, &["config", "dice", "physical"]);
    assert!(set.starts_with("dice = physical (in "), "{set}");
    assert_eq!(ok_in(p, &["config", "dice"]), "physical\n");
    // The file is where the data directory's config goes, readable by hand.
    let file = std::fs::read_to_string(p.join("config/config.yaml")).unwrap_or_default();
    assert!(file.contains("dice: physical"), "{file}");
    // Checked values, with suggestions.
    let (code, _, err) = run(p, &["config", "dice", "physcal"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: `physcal` is not a value of dice: it takes tool or physical (did you mean `physical`?)\n"
    );
    let (code, _, err) = run(p, &["config", "dise"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("no setting `dise`") && err.contains("did you mean `dice`"),
        "{err}"
    );
    let (code, _, err) = run(p, &["config", "rules", "nope"]);
    assert_eq!(code, 2, "{err}");
    // The default ruleset is used when --rules is not given.
    ok_in(p, &["config", "rules", "lpg"]);
    assert_eq!(ok_in(p, &["config", "rules"]), "la-petite-guerre\n");
    // Colour: `always` colours even through a pipe, NO_COLOR still wins.
    ok_in(p, &["game", "new", "g"]);
    ok_in(
        p,
        &[
            "unit",
            "add",
            "r",
            "--side",
            "british",
            "troop=rangers",
            "--figures",
            "1",
            "--code",
            "RR",
        ],
    );
    ok_in(p, &["mark", "RR1", "+pinned"]);
    ok_in(p, &["config", "colour", "always"]);
    assert!(ok_in(p, &["figs"]).contains('\u{1b}'));
    let out = Test::new()
        .data_dir(p)
        .env("NO_COLOR", "1")
        .arg("figs")
        .output();
    assert!(!out.stdout.contains('\u{1b}'));
    // A config broken by hand is reported with its line and column.
    std::fs::write(p.join("config/config.yaml"), "dice: [\n").unwrap_or_default();
    let (code, _, err) = run(p, &["figs"]);
    assert_eq!(code, 2);
    assert!(err.contains("config.yaml:"), "{err}");
}
