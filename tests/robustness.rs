//! No input may make umpire panic: arbitrary factor words, dice faces and table files are
//! either taken or refused with an error (exit 2 or 1), never a crash.

use std::ffi::OsString;

use proptest::prelude::*;
use umpire::cli::run;
use umpire::rules::ruleset::Ruleset;

const BUILTIN: &str = include_str!("../tables/000-la-petite-guerre.yaml");

fn args(words: &[String]) -> Vec<OsString> {
    std::iter::once("umpire".to_string())
        .chain(words.iter().cloned())
        .map(OsString::from)
        .collect()
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
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

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
        let mut out = Vec::new();
        if let Err(e) = run(args(&line), &mut out) {
            prop_assert!(matches!(e.kind, umpire::error::Kind::Usage | umpire::error::Kind::Failure));
            prop_assert!(!e.message.is_empty());
        }
    }

    #[test]
    fn odds_never_panic(proc in procedure(), words in prop::collection::vec(word(), 0..5)) {
        let mut line = vec!["odds".to_string(), proc];
        line.extend(words);
        let mut out = Vec::new();
        let _ = run(args(&line), &mut out);
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
        match Ruleset::parse("mangled.yaml", &text) {
            Ok(ruleset) => {
                for p in &ruleset.def.procedures {
                    let _ = umpire::engine::plan::odds(&ruleset, &p.name, &[]);
                }
            }
            Err(e) => {
                // Every table error names the file, line and column.
                let place = e.message.split(": ").next().unwrap_or("");
                prop_assert!(place.starts_with("mangled.yaml:"), "{}", e.message);
                prop_assert_eq!(place.matches(':').count(), 2, "{}", e.message);
            }
        }
    }

    #[test]
    fn arbitrary_yaml_never_panics(text in "[-a-z0-9:\\n {}\\[\\],\"#&*!|>]{0,300}") {
        let _ = Ruleset::parse("random.yaml", &text);
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
    let ruleset = Ruleset::parse("huge.yaml", &text).unwrap();
    let odds =
        umpire::engine::plan::odds(&ruleset, "shoot", &["initial-shot".to_string()]).unwrap();
    assert!(!odds.is_empty());
}
