//! The French Indian War Rules' turn: two player turns, the British first unless the umpire
//! names the side; in hers a player's `activate` rolls are her units' activations, each once,
//! and a failure (after any re-roll) ends her turn; a unit that rallied in its player turn is
//! not activated in it.

use crate::support::Table;

/// The 44th (line, the commander) and the rangers (skirmishers) for the British, the marines
/// (line) for the French.
fn game() -> Table {
    let t = Table::empty();
    t.ok(&["game", "new", "oswego", "--rules", "fiw"]);
    t.ok(&[
        "unit",
        "add",
        "44th",
        "type=line",
        "commander",
        "--side",
        "british",
    ]);
    t.ok(&[
        "unit",
        "add",
        "rangers",
        "type=skirmishers",
        "--side",
        "british",
    ]);
    t.ok(&["unit", "add", "marines", "type=line", "--side", "french"]);
    t
}

fn activate<'a>(unit: &'a str, action: &'a str, dice: &'a [&'a str]) -> Vec<&'a str> {
    let mut args = vec!["roll", "activate", "--unit", unit, action];
    for d in dice {
        args.extend(["--dice", d]);
    }
    args
}

#[test]
fn an_activation_is_refused_before_the_first_turn_and_outside_the_units_player_turn() {
    let t = game();
    assert_eq!(
        t.refused(&activate("44th", "action=shoot", &["6"])),
        "no turn has started (`umpire turn` starts the first: each `activate` roll is a unit's \
         activation in its side's player turn)"
    );
    assert_eq!(
        t.ok(&["turn"]),
        "Turn 1, player turn 1 of 2: British and colonials\n\
         steps: 1. rally disorganised units; 2. activate units until one fails or all have \
         acted; 3. check army resolve\n"
    );
    assert_eq!(
        t.refused(&activate("marines", "action=shoot", &["6"])),
        "Player turns refuses marines: this is the player turn of British and colonials, not of \
         French and allies (`umpire turn` passes play to the next player; or rule otherwise with \
         `--anyway \"WHY\"`)"
    );
    // The other rolls are no activations: the marines return fire in the British turn.
    t.ok(&[
        "roll",
        "shoot",
        "--unit",
        "marines",
        "--target",
        "44th",
        "return-fire",
        "--dice",
        "4",
    ]);
}

#[test]
fn a_commanders_re_roll_saves_the_chain_and_a_failure_ends_the_player_turn() {
    let t = game();
    t.ok(&["turn"]);
    let out = t.ok(&activate("44th", "action=charge", &["2", "5"]));
    assert!(out.contains("outcome: Activated\n"), "{out}");
    assert!(
        out.contains("changes:\n  units of British and colonials still to activate: rangers\n"),
        "{out}"
    );
    assert_eq!(
        t.refused(&activate("44th", "action=shoot", &["6"])),
        "Player turns refuses 44th: it has already been activated once this player turn (units of \
         British and colonials still to activate: rangers; or rule otherwise with `--anyway \"WHY\"`)"
    );
    // Skirmishers charge on 5 or more; no captain, no re-roll: the chain ends.
    let out = t.ok(&activate("rangers", "action=charge", &["4"]));
    assert!(
        out.contains(
            "  rangers failed to activate: the player turn of British and colonials ends; \
             `umpire turn` gives play to French and allies\n"
        ),
        "{out}"
    );
    let status = t.ok(&["status"]);
    assert!(
        status.contains(
            "the player turn ended when rangers failed to activate (`umpire turn` passes play)\n\
             activated this player turn: 44th (charge) and rangers (charge)\n"
        ),
        "{status}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&t.ok(&["status", "--json"])).unwrap_or_default();
    assert_eq!(json["order"], serde_json::json!(["british", "french"]));
    assert_eq!(json["player"], 1);
    assert_eq!(json["ended"], "rangers");
    t.ok(&["turn"]);
    // Every French unit acted: the last activation says so, and the next turn starts.
    let out = t.ok(&activate("marines", "action=shoot", &["5"]));
    assert!(
        out.contains(
            "  every unit of French and allies has been activated; `umpire turn` starts turn 2\n"
        ),
        "{out}"
    );
    assert_eq!(
        t.ok(&["turn", "--first", "french"]),
        "Turn 2, player turn 1 of 2: French and allies\n\
         steps: 1. rally disorganised units; 2. activate units until one fails or all have \
         acted; 3. check army resolve\n"
    );
    t.ok(&activate("marines", "action=shoot", &["5"]));
}

#[test]
fn the_draws_commands_are_refused_in_player_turns() {
    let t = game();
    assert_eq!(
        t.refused(&["turn", "--phases", "3"]),
        "French Indian War Rules plays in player turns: there are no phases or tokens to count \
         (leave out --phases and --tokens)"
    );
    t.ok(&["turn"]);
    assert_eq!(
        t.refused(&["draw"]),
        "French Indian War Rules plays in player turns: there is no draw (`umpire turn` passes \
         play to the next player)"
    );
    assert_eq!(
        t.refused(&["activate", "44th"]),
        "French Indian War Rules plays in player turns: there is no draw (`umpire turn` passes \
         play to the next player)"
    );
}

#[test]
fn a_unit_returns_fire_once_a_turn_and_medium_artillery_that_fired_does_not_move() {
    let t = game();
    t.ok(&[
        "unit",
        "add",
        "guns",
        "type=medium-artillery",
        "--side",
        "french",
    ]);
    t.ok(&["turn"]);
    let shot = [
        "roll",
        "shoot",
        "--unit",
        "marines",
        "--target",
        "44th",
        "return-fire",
    ];
    let out = t.ok(&[&shot[..], &["--dice", "4"]].concat());
    assert!(
        out.contains("  marines: +returned fire (to the end of this turn)\n"),
        "{out}"
    );
    assert_eq!(
        t.refused(&[&shot[..], &["--dice", "4"]].concat()),
        "return-fire refused by the rule Return fire once a turn: it needs not returned-fire \
         (A unit returns fire once a turn. \
         Or rule otherwise with `--anyway \"WHY\"`)"
    );
    // The marker lasts the whole turn: through the French player turn, off at turn 2.
    t.ok(&["turn"]);
    assert!(t.ok(&["unit", "show", "marines"]).contains("returned fire"));
    let out = t.ok(&["turn"]);
    assert!(
        out.contains("marines: returned fire comes off (it lasts the turn)\n"),
        "{out}"
    );
    // Medium artillery that opens fire is marked, and may not move after (fired here without
    // its activation, by the umpire's word, so that its next activation is the move).
    t.ok(&["turn"]);
    let out = t.ok(&[
        "roll",
        "artillery",
        "--unit",
        "guns",
        "--target",
        "44th",
        "--dice",
        "3",
        "--anyway",
        "the guns opened fire at dawn",
    ]);
    assert!(out.contains("  guns: +has fired\n"), "{out}");
    assert_eq!(
        t.refused(&activate("guns", "action=move-open", &["6"])),
        "action=move-open/move-difficult unit=medium-artillery refused by the rule Medium \
         artillery that has fired: it needs not has-fired (Medium artillery cannot move once it \
         has opened fire. Or rule otherwise with `--anyway \"WHY\"`)"
    );
}

#[test]
fn a_fortified_defender_makes_one_charger_a_turn_throw_again() {
    let t = game();
    t.ok(&["turn"]);
    let charge = |unit, dice| {
        let mut args = activate(unit, "action=charge", dice);
        args.extend(["cover=entrenchments", "--target", "marines"]);
        args
    };
    // The 44th's 5 is thrown again, and the 4 stands: activated, the marines marked.
    let out = t.ok(&charge("44th", &["5", "4"]));
    assert!(
        out.contains("re-roll: fortified defender's re-roll: Activated, thrown again"),
        "{out}"
    );
    assert!(
        out.contains("changes:\n  marines: +used re-roll (to the end of this turn)\n"),
        "{out}"
    );
    // The rangers' charge that turn stands on its first throw (5+ is 1/3, not 1/9).
    let out = t.ok(&charge("rangers", &["5"]));
    assert!(
        out.contains("from markers: defender-rerolled (used re-roll)"),
        "{out}"
    );
    assert!(!out.contains("re-roll:"), "{out}");
    assert!(out.contains("Activated   chance 1/3 (33.3%)"), "{out}");
    // The turn over (both player turns), the marker is gone and the re-roll back.
    t.ok(&["turn"]);
    let out = t.ok(&["turn"]);
    assert!(out.contains("marines: used re-roll comes off"), "{out}");
    let out = t.ok(&charge("rangers", &["6", "1"]));
    assert!(out.contains("Fails   chance 8/9 (88.9%)"), "{out}");
}

#[test]
fn a_unit_shoots_or_charges_only_once_activated_and_not_after_a_failed_activation() {
    let t = game();
    t.ok(&["turn"]);
    let volley = [
        "roll", "volley", "--unit", "44th", "--target", "marines", "--dice", "5",
    ];
    assert_eq!(
        t.refused(&volley),
        "Player turns refuses 44th: it has not been activated this player turn (`umpire roll \
         activate --unit 44th` first; or rule otherwise with `--anyway \"WHY\"`)"
    );
    // The rangers fail to activate: the British player turn is over for every unit.
    t.ok(&activate("rangers", "action=shoot", &["1"]));
    assert_eq!(
        t.refused(&volley),
        "Player turns refuses 44th: the player turn of British and colonials ended when rangers \
         failed to activate (`umpire turn` passes play to the next player; or rule otherwise with \
         `--anyway \"WHY\"`)"
    );
    let charge = [
        "roll",
        "charge",
        "--attacker",
        "44th",
        "--defender",
        "marines",
        "--dice",
        "4",
        "--dice",
        "3",
    ];
    assert!(
        t.refused(&charge).starts_with(
            "Player turns refuses 44th: the player turn of British and colonials ended"
        )
    );
    let mut anyway = volley.to_vec();
    anyway.extend(["--anyway", "the activation die was cocked"]);
    t.ok(&anyway);
}

/// "Once volley fire is declared a player cannot switch": a unit activated to move does not
/// volley, one activated to volley does; `status` says what each declared.
#[test]
fn an_activated_unit_carries_out_the_activity_it_declared_and_no_other() {
    let t = game();
    t.ok(&["turn"]);
    t.ok(&activate("44th", "action=move", &["5"]));
    let volley = [
        "roll", "volley", "--unit", "44th", "--target", "marines", "--dice", "4",
    ];
    assert_eq!(
        t.refused(&volley),
        "Player turns refuses 44th: it was activated for action move-open: volley fire needs \
         action volley declared (the activity is declared before the activation roll and cannot \
         be switched; or rule otherwise with `--anyway \"WHY\"`)"
    );
    t.ok(&activate("rangers", "action=shoot", &["5"]));
    assert!(
        t.ok(&["status"])
            .contains("activated this player turn: 44th (move-open) and rangers (shoot)\n")
    );
    t.ok(&[
        "roll", "shoot", "--unit", "rangers", "--target", "marines", "--dice", "4",
    ]);
    let mut anyway = volley.to_vec();
    anyway.extend(["--anyway", "the colonel changed his mind in time"]);
    t.ok(&anyway);
    // The next player turn holds nothing of this one's declarations.
    t.ok(&["turn"]);
    t.ok(&activate("marines", "action=volley", &["5"]));
    t.ok(&[
        "roll", "volley", "--unit", "marines", "--target", "44th", "--dice", "4",
    ]);
}

/// A force has one commander and one captain: a second is refused naming the rule, whether
/// added or set, unless the umpire rules otherwise; the other side has its own.
#[test]
fn a_force_has_one_commander_and_one_captain() {
    let t = game();
    let before = t.state_of("oswego");
    let second = [
        "unit",
        "add",
        "60th",
        "type=line",
        "commander",
        "--side",
        "british",
    ];
    assert_eq!(
        t.refused(&second),
        "One commander refuses 60th: british has 44th with commander already (1 at most a side) \
         (`umpire unit set 44th commander=no` first; or rule otherwise with `--anyway \"WHY\"`)"
    );
    assert_eq!(t.state_of("oswego"), before);
    assert!(
        t.refused(&["unit", "set", "rangers", "commander"])
            .starts_with("One commander refuses rangers")
    );
    t.ok(&["unit", "set", "rangers", "captain"]);
    assert!(
        t.refused(&["unit", "set", "44th", "captain"])
            .starts_with("One captain refuses 44th: british has rangers with captain already")
    );
    t.ok(&["unit", "set", "marines", "commander"]);
    let mut anyway = second.to_vec();
    anyway.extend(["--anyway", "a second column under its own colonel"]);
    t.ok(&anyway);
}
