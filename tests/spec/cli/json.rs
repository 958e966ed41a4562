//! `--json` on every command: one object on standard output whose `schema` is the version of
//! its shape, with structured fields (a game change's logged event, a roll's outcome parts, a
//! card's parts); roll and odds keep their shapes; an error is one JSON line on standard error
//! with the exit code of its text form.

use serde_json::{Value, json};

use crate::support::{JSON_SCHEMA, Table, Test, parsed, tempdir};

/// `umpire --json ARGS` on the table: it must succeed with nothing on stderr and print one
/// JSON object carrying the schema. Returns the object.
fn json_of(t: &Table, args: &[&str]) -> Value {
    let out = t.test().arg("--json").args(args).stderr("").run();
    let v = parsed(&out.stdout);
    assert!(v.is_object(), "umpire --json {}: {v}", args.join(" "));
    assert_eq!(v["schema"], JSON_SCHEMA, "umpire --json {}", args.join(" "));
    // The schema comes first, where a reader looks for it.
    assert!(
        out.stdout.starts_with("{\n  \"schema\": 1,"),
        "umpire --json {}: {}",
        args.join(" "),
        out.stdout
    );
    v
}

/// `umpire --json ARGS` must fail with `code`, nothing on stdout, and the error as one JSON
/// line on stderr. Returns (message, hint).
fn json_error(t: &Table, code: i32, args: &[&str]) -> (String, Value) {
    let out = t
        .test()
        .arg("--json")
        .args(args)
        .status(code)
        .stdout("")
        .run();
    let line = out
        .stderr
        .strip_suffix('\n')
        .unwrap_or_else(|| panic!("umpire --json {}: {:?}", args.join(" "), out.stderr));
    assert!(!line.contains('\n'), "one line: {line}");
    let v = parsed(line);
    assert_eq!(
        v.as_object().map(|o| o.keys().cloned().collect::<Vec<_>>()),
        Some(vec!["schema".to_string(), "error".to_string()]),
        "{line}"
    );
    assert_eq!(v["schema"], JSON_SCHEMA, "{line}");
    let e = &v["error"];
    assert_eq!(e.as_object().map(serde_json::Map::len), Some(2), "{line}");
    let message = e["message"].as_str().unwrap_or_default().to_string();
    assert!(
        !message.is_empty() && !message.starts_with("error"),
        "{line}"
    );
    assert!(e["hint"].is_string() || e["hint"].is_null(), "{line}");
    (message, e["hint"].clone())
}

#[test]
fn every_command_prints_one_object_with_the_schema() {
    let t = Table::empty();
    let man = tempdir();
    let man = man.path().display().to_string();
    let lines: &[&[&str]] = &[
        &["game", "new", "g"],
        &["game", "list"],
        &["game", "use", "g"],
        &["game", "show"],
        &["unit", "add", "rogers", "troop=rangers", "weapon=rifle"],
        &[
            "unit",
            "add",
            "gage",
            "troop=lights",
            "--side",
            "british",
            "--figures",
            "1",
        ],
        &[
            "unit",
            "add",
            "marines",
            "troop=marine",
            "--side",
            "french",
            "--figures",
            "2",
        ],
        &[
            "unit",
            "add",
            "ottawa",
            "troop=indians",
            "--side",
            "french",
            "--figures",
            "1",
        ],
        &["unit", "list"],
        &["unit", "show", "rogers"],
        &["unit", "note", "rogers", "by the lake"],
        &["fig", "add", "rogers"],
        &["fig", "show", "RR3"],
        &[
            "fig",
            "move",
            "RR3",
            "--to",
            "gage",
            "--anyway",
            "a straggler",
        ],
        &["fig", "note", "RR3", "a drummer"],
        &["fig", "rm", "RR3"],
        &["figs"],
        &["mark", "RR1", "+pinned"],
        &["mark", "RR1", "--clear"],
        &["turn"],
        &["draw", "--odds"],
        &["draw", "--bead", "red"],
        &["hold"],
        &["draw", "--bead", "white"],
        &["react", "british"],
        &["activate", "rogers"],
        &["status"],
        &["odds", "shoot", "--firer", "RR1", "--target", "MA1"],
        &[
            "roll", "shoot", "--firer", "RR1", "--target", "MA1", "--dice", "3,4", "--dice", "1,2",
        ],
        &["log"],
        &["log", "--last", "0"],
        &["log", "--markdown"],
        &["undo"],
        &["roll", "shoot", "range=18.5", "--times", "3", "--seed", "1"],
        &["odds", "spot", "distance=12.5"],
        &["rules"],
        &["rules", "shoot"],
        &["rules", "lpg"],
        &["rules", "--check"],
        &["card", "spot"],
        &["cards"],
        &["cards", "--html"],
        &["config"],
        &["config", "dice"],
        &["config", "dice", "tool"],
        &["generate", "completions", "bash"],
        &["generate", "man", &man],
        &["game", "rm", "g", "--yes"],
    ];
    for args in lines {
        let mut args = args.to_vec();
        if args.get(..3) == Some(&["unit", "add", "rogers"]) {
            args.extend(["--side", "british", "--figures", "3", "--code", "RR"]);
        }
        if args.get(..2) == Some(&["unit", "add"]) && args.get(2) == Some(&"marines") {
            args.extend(["--code", "MA"]);
        }
        json_of(&t, &args);
    }
}

#[test]
fn a_game_change_gives_its_event_with_each_thing_before_and_after() {
    let t = Table::rangers("RR", 2);
    let v = json_of(&t, &["mark", "rr1", "+Pinned"]);
    assert_eq!(v["game"], "g");
    assert_eq!(v["done"], json!(["RR1: +pinned"]));
    let event = &v["event"];
    assert_eq!(event["summary"], "RR1: +pinned");
    let id = event["id"]
        .as_u64()
        .unwrap_or_else(|| panic!("no id: {event}"));
    assert_eq!(
        event["changes"],
        json!([{
            "what": "figure",
            "code": "RR1",
            "before": {"code": "RR1", "unit": "rangers"},
            "after": {"code": "RR1", "unit": "rangers", "markers": ["pinned"]},
            "at": 0,
        }])
    );
    // The event is the one the log keeps.
    let log = json_of(&t, &["log"]);
    assert_eq!(log["events"].as_array().and_then(|e| e.last()), Some(event));
    let undone = json_of(&t, &["undo"]);
    assert_eq!(undone["undid"], id);
    assert_eq!(undone["event"]["undoes"], id);
    assert_eq!(
        undone["event"]["changes"][0]["after"],
        json!({"code": "RR1", "unit": "rangers"})
    );
    let added = json_of(
        &t,
        &[
            "unit",
            "add",
            "marines",
            "troop=marine",
            "--side",
            "french",
            "--figures",
            "2",
        ],
    );
    assert_eq!(added["unit"]["name"], "marines");
    assert_eq!(added["unit"]["fields"], json!({"troop": "marine"}));
    assert_eq!(added["figures"], json!(["MA1", "MA2"]));
    assert_eq!(
        json_of(&t, &["fig", "add", "marines"])["figures"],
        json!(["MA3"])
    );
    let started = json_of(&t, &["turn"]);
    assert_eq!(started["turn"]["number"], 1);
    assert_eq!(started["turn"]["bag"], json!({"british": 1, "french": 1}));
    let drawn = json_of(&t, &["draw", "--bead", "Red"]);
    assert_eq!(
        drawn["drawn"],
        json!({"side": "british", "phase": 1, "entered": true, "seed": null})
    );
    assert_eq!(drawn["turn"]["drawn"], json!(["british"]));
    let odds = json_of(&t, &["draw", "--odds"]);
    assert_eq!(odds["odds"][1]["side"], "french");
    assert_eq!(odds["odds"][1]["token"], "white");
    assert_eq!(odds["odds"][1]["probability"]["fraction"], "1");
    assert_eq!(odds["odds"][0]["probability"]["fraction"], "0");
    let status = json_of(&t, &["status"]);
    assert_eq!(status["game"], "g");
    assert_eq!(status["number"], 1);
    assert_eq!(status["bag"], json!({"british": 0, "french": 1}));
}

#[test]
fn a_roll_keeps_its_shape_and_adds_the_schema_and_the_outcome_parts() {
    let t = Table::empty();
    let v = json_of(&t, &["roll", "shoot", "--dice", "5,6", "--dice", "1,2"]);
    let keys: Vec<&str> = v
        .as_object()
        .map(|o| o.keys().map(String::as_str).collect())
        .unwrap_or_default();
    assert_eq!(
        keys,
        [
            "schema",
            "ruleset",
            "procedure",
            "seed",
            "dice_entered",
            "dice_rolled",
            "dice_unused",
            "resolutions",
            "summary"
        ]
    );
    assert_eq!(v["dice_unused"], json!([]));
    // Faces a miss made needless are listed as typed.
    let missed = json_of(&t, &["roll", "shoot", "--dice", "1,2", "--dice", "3,4"]);
    assert_eq!(missed["dice_unused"], json!(["3,4"]));
    let first = &v["resolutions"][0];
    assert_eq!(first["outcome"], "Hit › Light wound");
    assert_eq!(
        first["outcome_parts"],
        json!([
            {"procedure": "shoot", "result": "hit", "label": "Hit", "loser": null},
            {"procedure": "hit-result", "result": "light-wound", "label": "Light wound", "loser": null},
        ])
    );
    assert!(first["step"]["decision"].is_object() && first["follow_ups"].is_array());
    let v = json_of(&t, &["odds", "shoot"]);
    let keys: Vec<&str> = v
        .as_object()
        .map(|o| o.keys().map(String::as_str).collect())
        .unwrap_or_default();
    assert_eq!(
        keys,
        [
            "schema",
            "ruleset",
            "procedure",
            "steps",
            "outcomes",
            "average",
            "next_throw"
        ]
    );
    // Before any faces are given, the next throw is the first: the shot's 2d6.
    assert_eq!(
        v["next_throw"],
        json!({"procedure": "shoot", "side": null, "again": null, "dice": "2d6"})
    );
}

#[test]
fn a_roll_with_figures_gives_what_landed_as_the_log_keeps_it() {
    let t = Table::rangers("RR", 2);
    t.ok(&[
        "unit",
        "add",
        "marines",
        "troop=marine",
        "--side",
        "french",
        "--figures",
        "1",
    ]);
    let v = json_of(
        &t,
        &[
            "roll", "shoot", "--firer", "RR1", "--target", "MA1", "--dice", "3,4", "--dice", "1,2",
        ],
    );
    assert_eq!(
        v["changes"],
        json!(["MA1: +light wound", "MA1 owes morale reason=wound"])
    );
    // The firer's shot is counted (its initial shot is spent), then the target is hit.
    let changed: Vec<&Value> = v["state_changes"]
        .as_array()
        .map(|a| a.iter().collect())
        .unwrap_or_default();
    assert_eq!(changed[0]["code"], "RR1");
    assert_eq!(changed[0]["after"]["counters"]["shots"], 1);
    assert_eq!(changed[1]["code"], "MA1");
    assert_eq!(changed[1]["after"]["markers"], json!(["light-wound"]));
    assert_eq!(v["dry_run"], false);
}

#[test]
fn cards_rules_and_config_give_their_data() {
    let t = Table::empty();
    let card = json_of(&t, &["card", "Spot"]);
    assert_eq!(card["cards"].as_array().map(Vec::len), Some(1));
    let spot = &card["cards"][0];
    assert_eq!(spot["name"], "spot");
    assert_eq!(
        spot["parts"][0],
        json!({"heading": "Dice", "blocks": [{"text": "3d6"}]})
    );
    let odds = spot["parts"]
        .as_array()
        .and_then(|p| {
            p.iter()
                .find(|p| p["heading"].as_str().is_some_and(|h| h.starts_with("Odds")))
        })
        .unwrap_or_else(|| panic!("no odds part: {spot}"));
    assert!(odds["blocks"][0]["table"]["rows"].is_array(), "{odds}");
    let all = json_of(&t, &["cards"]);
    // A card for each of La Petite Guerre's 11 procedures.
    assert_eq!(all["cards"].as_array().map(Vec::len), Some(11));
    let lpg = json_of(&t, &["rules", "LPG"]);
    assert_eq!(lpg["ruleset"], "la-petite-guerre");
    assert_eq!(lpg["game"]["sides"][0]["name"], "british");
    assert_eq!(lpg["turn"]["activations"], 2);
    let config = json_of(&t, &["config"]);
    assert_eq!(
        config["settings"],
        json!({"rules": null, "dice": "tool", "colour": "auto"})
    );
    assert_eq!(
        json_of(&t, &["config", "rules", "LPG"])["value"],
        "la-petite-guerre"
    );
    assert_eq!(
        json_of(&t, &["config", "Dice"]),
        json!({"schema": 1, "key": "dice", "value": "tool"})
    );
}

#[test]
fn errors_are_one_json_line_on_stderr_with_the_text_forms_exit_code() {
    let t = Table::rangers("RR", 1);
    let (message, hint) = json_error(&t, 2, &["roll", "shoot", "cover=hlf"]);
    assert_eq!(
        message,
        "`cover=hlf`: cover takes none, natural, half, building"
    );
    assert_eq!(hint, "did you mean `half`?");
    let (message, _) = json_error(&t, 2, &["roll", "shoot", "range=18.5.2"]);
    assert!(message.contains("is not a distance in inches"), "{message}");
    // clap's own refusals, and a line with no command.
    let (message, hint) = json_error(&t, 2, &["nonsense"]);
    assert_eq!(message, "unrecognized subcommand 'nonsense'");
    assert_eq!(hint, "see `umpire --help`");
    json_error(&t, 2, &["roll", "shoot", "--bogus"]);
    json_error(&t, 2, &["mark", "RR1"]);
    json_error(&t, 2, &["unit"]);
    let (message, _) = json_error(&t, 2, &[]);
    assert!(message.starts_with("a command is needed"), "{message}");
    let (message, _) = json_error(&t, 2, &["play"]);
    assert!(message.contains("guided mode"), "{message}");
    // A game's mistakes and failures alike.
    let (message, _) = json_error(
        &t,
        2,
        &["unit", "add", "Rangers", "troop=line"]
            .iter()
            .chain(&["--side", "french", "--figures", "1"])
            .copied()
            .collect::<Vec<_>>(),
    );
    assert!(
        message.starts_with("there is already a unit `rangers`"),
        "{message}"
    );
    crate::support::write(&t.state_path(), "{");
    let (message, _) = json_error(&t, 1, &["figs"]);
    assert!(message.contains("game.json:"), "{message}");
}

#[test]
fn a_command_that_prints_then_fails_keeps_its_output_apart_from_the_error() {
    let tables = tempdir();
    crate::support::write(
        &tables.path().join("house.yaml"),
        crate::support::BUILTIN.replace("ruleset: la-petite-guerre", "ruleset: house").replace(
            "  - {name: pinned, kind: flag, help: the figure acting is pinned}\n",
            "  - {name: pinned, kind: flag, help: the figure acting is pinned}\n  - {name: unread, kind: flag, help: read by nothing}\n",
        ),
    );
    let out = Test::new()
        .tables(tables.path())
        .args(["--json", "rules", "house", "--check"])
        .status(1)
        .run();
    let report = parsed(&out.stdout);
    assert_eq!(report["schema"], JSON_SCHEMA);
    assert_eq!(report["rulesets"][0]["ruleset"], "house");
    assert_eq!(
        out.stderr,
        "{\"schema\":1,\"error\":{\"message\":\"1 finding in 1 ruleset\",\"hint\":null}}\n"
    );
}

#[test]
fn help_stays_text_and_says_what_json_gives() {
    let help = Test::new()
        .args(["--json", "--help"])
        .stderr("")
        .run()
        .stdout;
    assert!(help.starts_with("A companion for the umpire"), "{help}");
    assert!(
        help.contains("`schema` field is the version of its shape"),
        "{help}"
    );
    assert!(
        help.contains(r#"`{"schema": 1, "error": {"message": ..., "hint": ...}}`"#),
        "{help}"
    );
}

/// A unit's roll gives what it changed as facts, each an object: a marker on or off, a count,
/// a check owed.
#[test]
fn a_unit_roll_gives_its_changes_as_facts() {
    let t = Table::rangers("RR", 2);
    t.ok(&[
        "unit",
        "add",
        "marines",
        "troop=marine",
        "--side",
        "french",
        "--figures",
        "1",
    ]);
    let v = json_of(
        &t,
        &[
            "roll", "shoot", "--unit", "rangers", "--target", "MA1", "--dice", "3,4", "--dice",
            "1,2", "--dice", "1,3",
        ],
    );
    let facts = v["facts"]
        .as_array()
        .unwrap_or_else(|| panic!("no facts: {v}"));
    assert!(
        facts.contains(
            &json!({"fact": "marker", "figure": "MA1", "marker": "light-wound", "on": true})
        ),
        "{v}"
    );
    assert!(
        facts.contains(
            &json!({"fact": "check", "figure": "MA1", "check": "morale reason=wound", "owed": true})
        ),
        "{v}"
    );
    assert!(
        facts.contains(&json!({"fact": "count", "figure": "RR1", "counter": "actions", "before": 0, "after": 1})),
        "{v}"
    );
}

/// Every change a game command makes is given as facts too: a marker put on, a count set.
#[test]
fn a_game_commands_json_gives_what_it_changed_as_facts() {
    let t = Table::rangers("RR", 2);
    let v = json_of(&t, &["mark", "RR1", "+pinned", "failed-morale=1"]);
    assert_eq!(
        v["facts"],
        json!([
            {"fact": "marker", "figure": "RR1", "marker": "pinned", "on": true},
            {"fact": "count", "figure": "RR1", "counter": "failed-morale", "before": 0, "after": 1},
        ])
    );
    // Undone, the same facts the other way, last change first.
    let v = json_of(&t, &["undo"]);
    assert_eq!(
        v["facts"],
        json!([
            {"fact": "count", "figure": "RR1", "counter": "failed-morale", "before": 1, "after": 0},
            {"fact": "marker", "figure": "RR1", "marker": "pinned", "on": false},
        ])
    );
    // A command that changes nothing changes no fact.
    let v = json_of(&t, &["unit", "note", "rangers", ""]);
    assert_eq!(v["facts"], json!([]));
}
