//! No panics: odd input gives one clean error, every procedure rolls and gives odds (a big
//! canoe too), and every follow-up a roll prints is a command that runs.

use crate::support::{Test, assert_clean_error, tempdir as data};

use crate::support::run;

#[test]
fn odd_input_gives_a_clean_error_never_a_panic() {
    let cases: &[&[&str]] = &[
        &["roll", "shoot", "--dice", "99999999999999999999,1"],
        &["roll", "shoot", "--dice", ""],
        &["roll", "shoot", "--dice", ",,,"],
        &["roll", "shoot", "="],
        &["roll", "shoot", "=half"],
        &["roll", "shoot", "troop="],
        &["roll", "shoot", "range=99999999999999999999"],
        &["roll", "melee", "attacker."],
        &["roll", "melee", ".troop=militia"],
        &["roll", "move", "craft=canoe", "men=0"],
        &["roll", "move", "craft=canoe", "men=61"],
        &["roll", "spot", "distance=abc"],
        &["odds", "hidden-move", "moved=1000"],
        &["--seed", "-1", "roll", "shoot"],
        &["--seed", "x", "roll", "shoot"],
    ];
    for args in cases {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "umpire {}: {err}", args.join(" "));
        assert_clean_error(&err, args);
    }
}

#[test]
fn every_procedure_rolls_and_gives_odds() {
    let d = data();
    let cases: &[&[&str]] = &[
        &["shoot"],
        &["hit-result", "target=militia"],
        &["melee", "attacker.troop=indians", "defender.outnumbered=3"],
        &["flee-distance"],
        &["morale", "reason=wound", "troop=rangers"],
        &["retreat"],
        &["charge-reaction", "formed"],
        &["move", "formation=skirmish", "rough"],
        &["move", "craft=bateau", "men=9", "current=-2"],
        &["spot", "distance=12"],
        &["hidden-move", "moved=9"],
    ];
    for case in cases {
        Test::new()
            .data_dir(d.path())
            .arg("roll")
            .args(*case)
            .args(["--seed", "5"])
            .stdout_contains("outcome: ")
            .run();
        Test::new()
            .data_dir(d.path())
            .arg("odds")
            .args(*case)
            .stderr("")
            .run();
        let json = Test::new()
            .data_dir(d.path())
            .arg("roll")
            .args(*case)
            .args(["--seed", "5", "--json"])
            .run()
            .stdout;
        assert!(json.starts_with('{'), "roll {case:?} --json: {json}");
    }
}

#[test]
fn a_big_canoe_can_still_be_rolled() {
    Test::new()
        .args(["roll", "move", "craft=canoe", "men=18", "--seed", "1"])
        .stdout_contains("outcome: ")
        .run();
    Test::new()
        .args(["roll", "move", "craft=bateau", "men=27", "--seed", "1"])
        .stdout_contains("outcome: ")
        .run();
}

#[test]
fn every_printed_follow_up_is_a_command_that_runs() {
    let d = data();
    let rolls: &[&[&str]] = &[
        // Hit, then a light wound on pinned militia: the militiaman tests.
        &[
            "roll",
            "shoot",
            "target=militia",
            "target-pinned",
            "--dice",
            "6,5",
            "--dice",
            "1,3",
        ],
        // Hit, then a severe wound (3+2+2 = 7).
        &[
            "roll",
            "shoot",
            "troop=regulars",
            "pinned",
            "target=militia",
            "--dice",
            "6,5",
            "--dice",
            "3,2",
        ],
        // A tie (5+2−2−2 against 3−2+2): both fighters test.
        &[
            "roll",
            "melee",
            "attacker.troop=indians",
            "attacker.outnumbered=3",
            "attacker.wound=light",
            "defender.troop=civilians",
            "defender.formed",
            "--dice",
            "5",
            "--dice",
            "3",
        ],
        // The defender loses by 3 (3+2 against 1−2+2+1): a light wound.
        &[
            "roll",
            "melee",
            "attacker.troop=indians",
            "defender.troop=civilians",
            "defender.formed",
            "defender.charging",
            "--dice",
            "3",
            "--dice",
            "1",
        ],
        // Loses by 1 (5 against 1+3): flees 4 inches, then tests.
        &[
            "roll",
            "melee",
            "defender.fortified",
            "--dice",
            "5",
            "--dice",
            "1",
            "--dice",
            "4",
        ],
    ];
    let mut seen = 0;
    for args in rolls {
        let out = Test::new().data_dir(d.path()).args(*args).output();
        let text = out.stdout.clone();
        assert!(out.code == 0, "umpire {}: {}", args.join(" "), out.stderr);
        let follows: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("must follow: umpire "))
            .collect();
        assert!(
            !follows.is_empty(),
            "umpire {}: no follow-up in\n{text}",
            args.join(" ")
        );
        for f in follows {
            let command = f.split("   (").next().unwrap_or(f);
            let words: Vec<&str> = command.split_whitespace().collect();
            Test::new()
                .data_dir(d.path())
                .args(&words)
                .args(["--seed", "3"])
                .stdout_contains("morale — Morale check")
                .run();
            seen += 1;
        }
    }
    assert!(seen >= 6, "{seen} follow-ups");
}
