//! No input may make umpire panic: arbitrary factor words, dice faces, table files and configs
//! are either taken or refused with an error (exit 2 or 1), never a crash.
//!
//! Each case spawns the binary, so the cases are few enough for the suite to stay quick.

use proptest::prelude::*;

use crate::support::{BUILTIN, Output, Test, error_text, tempdir, write};

/// Run the binary; a run either works (0) or is refused with an `error: ` message (2 the
/// user's mistake, 1 a failure), never a crash.
fn never_crashes(args: &[String]) -> Result<Output, TestCaseError> {
    let out = Test::new().args(args).output();
    prop_assert!(
        [0, 1, 2].contains(&out.code),
        "umpire {}: exit {}\n{}",
        args.join(" "),
        out.code,
        out.stderr
    );
    prop_assert!(!out.stderr.contains("panicked at"), "{}", out.stderr);
    if out.code != 0 {
        // Under --json, the error is JSON: said as text, it must say the same.
        let stderr = error_text(&out.stderr);
        prop_assert!(
            stderr.starts_with("error: ") && stderr.len() > "error: \n".len(),
            "umpire {}: {:?}",
            args.join(" "),
            out.stderr
        );
    }
    Ok(out)
}

/// Words an umpire might type, right or wrong.
fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("troop=line".to_string()),
        Just("weapon=rifle".to_string()),
        Just("range=20".to_string()),
        Just("range=-3".to_string()),
        Just("cover=half".to_string()),
        Just("volley".to_string()),
        Just("outnumbered=99999999999999999999".to_string()),
        Just("attacker.troop=indians".to_string()),
        Just("defender.outnumbered=3".to_string()),
        Just("men=0".to_string()),
        Just("craft=canoe".to_string()),
        Just("=".to_string()),
        Just(".=.".to_string()),
        "[a-z.=-]{0,12}",
        "[a-z-]{1,10}=[0-9a-z\"-]{0,6}",
    ]
}

fn procedure() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("shoot".to_string()),
        Just("hit-result".to_string()),
        Just("melee".to_string()),
        Just("morale".to_string()),
        Just("move".to_string()),
        Just("spot".to_string()),
        Just("hidden-move".to_string()),
        Just("charge-reaction".to_string()),
        "[a-z-]{0,8}",
    ]
}

fn faces() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9]{1,2}(,[0-9]{1,2}){0,3}",
        "[-0-9, +a-z]{0,8}",
        Just("3,3".to_string()),
        Just("99999999999999999999".to_string()),
    ]
}

proptest! {
    #![proptest_config(crate::support::proptest_config(48))]

    #[test]
    fn rolls_never_panic(proc in procedure(), words in prop::collection::vec(word(), 0..5),
                         dice in prop::collection::vec(faces(), 0..3), seed in any::<u64>(), json in any::<bool>()) {
        let mut line = vec!["roll".to_string(), proc, "--seed".to_string(), seed.to_string()];
        line.extend(words);
        for d in dice {
            line.push(format!("--dice={d}"));
        }
        if json {
            line.push("--json".into());
        }
        never_crashes(&line)?;
    }

    #[test]
    fn odds_never_panic(proc in procedure(), words in prop::collection::vec(word(), 0..5)) {
        let mut line = vec!["odds".to_string(), proc];
        line.extend(words);
        never_crashes(&line)?;
    }

    /// A hand-edited table with a line removed or a token changed loads or is refused.
    #[test]
    fn mangled_tables_never_panic(line in 0usize..400, cut in any::<bool>(), token in "[-a-z0-9:{}\\[\\], ]{0,6}") {
        let mut lines: Vec<String> = BUILTIN.lines().map(str::to_string).collect();
        let at = line % lines.len();
        if cut {
            lines.remove(at);
        } else if let Some(l) = lines.get_mut(at) {
            let mid = l.len() / 2;
            let cut_at = (0..=mid).rev().find(|i| l.is_char_boundary(*i)).unwrap_or(0);
            l.insert_str(cut_at, &token);
        }
        let text = lines.join("\n");
        // (Named after its ruleset: the file a roll or odds reads for it.)
        let dir = tempdir();
        write(&dir.path().join("la-petite-guerre.yaml"), text);
        let tables = dir.path().display().to_string();
        let listed = never_crashes(&["--tables".into(), tables.clone(), "rules".into(), "--json".into()])?;
        if listed.code == 0 {
            let all: serde_json::Value = serde_json::from_str(&listed.stdout)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            for r in all["rulesets"].as_array().into_iter().flatten() {
                let name = r["name"].as_str().unwrap_or_default().to_string();
                for p in r["procedures"].as_array().into_iter().flatten() {
                    let p = p.as_str().unwrap_or_default().to_string();
                    never_crashes(&["--tables".into(), tables.clone(), "--rules".into(), name.clone(), "odds".into(), p])?;
                }
            }
        } else {
            // Every table error names the file, line and column.
            let stderr = error_text(&listed.stderr);
            let message = stderr
                .strip_prefix("error: ")
                .and_then(|m| m.strip_prefix(tables.as_str()))
                .and_then(|m| m.strip_prefix('/'))
                .unwrap_or_default();
            let place = message.split(": ").next().unwrap_or("");
            prop_assert!(place.starts_with("la-petite-guerre.yaml:"), "{}", listed.stderr);
            prop_assert_eq!(place.matches(':').count(), 2, "{}", listed.stderr);
        }
    }

    /// A hand-edited config: any value of any key, or a broken file, is taken or refused with
    /// the file named, by every command (each reads it).
    #[test]
    fn any_config_is_taken_or_refused_with_its_place(
        rules in prop_oneof![Just("la-petite-guerre".to_string()), "[a-z-]{0,10}", Just("[1, 2]".to_string())],
        dice in prop_oneof![Just("tool".to_string()), Just("physical".to_string()), "[a-z0-9{}]{0,6}"],
        colour in prop_oneof![Just("never".to_string()), Just("always".to_string()), "[a-z0-9~]{0,6}"],
        extra in prop_oneof![Just(String::new()), "[a-z]{1,6}: [a-z0-9]{0,4}\n", "[:\\[\\]{}\n -]{1,8}"],
        command in prop_oneof![Just("rules"), Just("config"), Just("figs"), Just("odds shoot")],
    ) {
        let dir = tempdir();
        std::fs::create_dir_all(dir.path().join("config")).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let text = format!("rules: {rules}\ndice: {dice}\ncolour: {colour}\n{extra}");
        write(&dir.path().join("config/config.yaml"), &text);
        let args = crate::support::words(command);
        let out = Test::new().data_dir(dir.path()).args(&args).output();
        prop_assert!([0, 1, 2].contains(&out.code), "{text:?} umpire {command}: exit {}\n{}", out.code, out.stderr);
        prop_assert!(!out.stderr.contains("panicked at"), "{text:?}: {}", out.stderr);
        // A config the parser refuses is named, with its line and column.
        if out.stderr.contains("config.yaml") {
            prop_assert!(out.stderr.starts_with("error: ") && out.stderr.contains("config.yaml:"), "{text:?}: {}", out.stderr);
        }
    }

    #[test]
    fn arbitrary_yaml_never_panics(text in "[-a-z0-9:\\n {}\\[\\],\"#&*!|>]{0,300}") {
        let dir = tempdir();
        write(&dir.path().join("random.yaml"), text);
        never_crashes(&["--tables".into(), dir.path().display().to_string(), "rules".into()])?;
    }
}

#[test]
fn huge_numbers_in_a_table_saturate_instead_of_overflowing() {
    let text = BUILTIN
        .replace(
            "check: {compare: at-least, target: 8, pass: hit, fail: miss}",
            "check: {compare: at-least, target: 9223372036854775807, pass: hit, fail: miss}",
        )
        .replace(
            "{label: initial shot, when: {initial-shot: true}, value: 2}",
            "{label: initial shot, when: {initial-shot: true}, value: 9223372036854775807}",
        );
    let dir = tempdir();
    // (Named after its ruleset: the file odds reads for it.)
    write(&dir.path().join("la-petite-guerre.yaml"), text);
    let odds = Test::new()
        .tables(dir.path())
        .args(["odds", "shoot", "initial-shot", "--json"])
        .run()
        .json();
    assert!(
        !odds["outcomes"].as_array().is_some_and(Vec::is_empty),
        "{odds}"
    );
}
