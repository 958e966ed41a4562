//! Random sequences of game commands (units added and removed, markers, notes, turns, draws,
//! holds, reactions, activations, rolls with entered dice, undo) on a fresh game: none
//! panics, a refused one changes nothing, `figs`, `status` and `log` read the game after every
//! one, and each undo gives back the state before the change it takes back, byte for byte
//! but for `seq` and `log-len`, all the way back to the empty game.
//!
//! Each command spawns the binary, so the cases are few and short.

use proptest::prelude::*;

use crate::support::{Table, read};

fn code() -> impl Strategy<Value = String> {
    prop_oneof![
        (1u32..5).prop_map(|n| format!("RR{n}")),
        (1u32..4).prop_map(|n| format!("CF{n}")),
        (1u32..3).prop_map(|n| format!("GR{n}")),
        Just("XX9".to_string()),
    ]
}

fn unit() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("rangers".to_string()),
        Just("cf".to_string()),
        Just("grens".to_string()),
        Just("nobody".to_string()),
    ]
}

fn side() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("british".to_string()),
        Just("french".to_string()),
        Just("dutch".to_string()),
    ]
}

fn marker() -> impl Strategy<Value = String> {
    let name = prop_oneof![
        Just("pinned"),
        Just("prone"),
        Just("light-wound"),
        Just("misfire"),
        Just("dead"),
        Just("fled"),
        Just("nonsense"),
    ];
    // Mostly put on: taking off a marker a figure lacks is refused, and the sequence stalls.
    (prop::bool::weighted(0.75), name)
        .prop_map(|(on, m)| format!("{}{m}", if on { '+' } else { '-' }))
}

/// One command line an umpire might type at the table, right or wrong.
fn command() -> impl Strategy<Value = Vec<String>> {
    let words = |w: &[&str]| w.iter().map(|s| (*s).to_string()).collect::<Vec<_>>();
    prop_oneof![
        (
            side(),
            1u32..4,
            prop_oneof![Just("grenadiers"), Just("regulars"), Just("x")]
        )
            .prop_map(move |(side, n, troop)| {
                let mut c = words(&["unit", "add", "grens", "--code", "GR", "--side"]);
                c.extend([
                    side,
                    "--figures".into(),
                    n.to_string(),
                    format!("troop={troop}"),
                ]);
                c
            }),
        unit().prop_map(move |u| {
            let mut c = words(&["unit", "rm"]);
            c.push(u);
            c
        }),
        (code(), prop::collection::vec(marker(), 1..3)).prop_map(move |(code, ms)| {
            let mut c = words(&["mark"]);
            c.push(code);
            c.extend(ms);
            c
        }),
        (
            code(),
            prop_oneof![3 => "[a-z ]{1,12}", 1 => "[a-z\\x1b]{0,4}"]
        )
            .prop_map(move |(code, note)| {
                let mut c = words(&["fig", "note"]);
                c.extend([code, note]);
                c
            }),
        (0u32..4, 0u32..3).prop_map(move |(phases, beads)| {
            words(&[
                "turn",
                "--phases",
                &phases.to_string(),
                "--beads",
                &beads.to_string(),
            ])
        }),
        (0u64..50).prop_map(move |seed| words(&["turn", "--seed", &seed.to_string()])),
        (0u64..50).prop_map(move |seed| words(&["draw", "--seed", &seed.to_string()])),
        (0u64..50).prop_map(move |seed| words(&["draw", "--seed", &seed.to_string()])),
        prop_oneof![Just("red"), Just("white"), Just("blue")]
            .prop_map(move |b| words(&["draw", "--bead", b])),
        Just(words(&["hold"])),
        side().prop_map(move |s| {
            let mut c = words(&["react"]);
            c.push(s);
            c
        }),
        unit().prop_map(move |u| {
            let mut c = words(&["activate"]);
            c.push(u);
            c
        }),
        (code(), 1i64..7, 1i64..7, 0u32..40, 0u64..50).prop_map(
            move |(code, a, b, range, seed)| {
                words(&[
                    "roll",
                    "shoot",
                    "--fig",
                    &code,
                    "--dice",
                    &format!("{a},{b}"),
                    &format!("range={range}"),
                    "--seed",
                    &seed.to_string(),
                ])
            }
        ),
        (code(), "[0-9, ]{0,5}", 0u64..50).prop_map(move |(code, dice, seed)| {
            words(&[
                "roll",
                "morale",
                "--fig",
                &code,
                "--dice",
                &dice,
                "--seed",
                &seed.to_string(),
            ])
        }),
        Just(words(&["undo"])),
        Just(words(&["undo"])),
    ]
}

/// game.json as it reads but for the two counters every change moves on.
fn state_without_counters(t: &Table) -> String {
    String::from_utf8_lossy(&read(&t.state_path()))
        .lines()
        .filter(|l| !l.contains("\"seq\"") && !l.contains("\"log-len\""))
        .collect::<Vec<_>>()
        .join("\n")
}

fn seq(t: &Table) -> u64 {
    let state: serde_json::Value =
        serde_json::from_slice(&read(&t.state_path())).unwrap_or_default();
    state["seq"].as_u64().unwrap_or(u64::MAX)
}

/// Run one command; it works or is refused with one clean `error: ` line, never a crash.
/// Returns whether it worked.
fn never_crashes(t: &Table, args: &[String], history: &str) -> Result<bool, TestCaseError> {
    let out = t.test().args(args).output();
    let shown = format!("{history}\numpire {}", args.join(" "));
    prop_assert!(
        [0, 1, 2].contains(&out.code),
        "{shown}: exit {}\n{}",
        out.code,
        out.stderr
    );
    prop_assert!(
        !out.stderr.contains("panicked at"),
        "{shown}: {}",
        out.stderr
    );
    if out.code != 0 {
        prop_assert!(
            out.stderr.starts_with("error: "),
            "{shown}: {:?}",
            out.stderr
        );
    }
    Ok(out.code == 0)
}

/// `figs`, `status` and `log` read the game as it stands.
fn readable(t: &Table, history: &str) -> Result<(), TestCaseError> {
    for args in [&["figs"][..], &["status"], &["log"]] {
        let out = t.test().args(args).output();
        prop_assert_eq!(
            out.code,
            0,
            "{}\numpire {}: {}",
            history,
            args.join(" "),
            out.stderr
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(crate::support::proptest_config(24))]

    #[test]
    fn any_sequence_of_game_commands_leaves_a_readable_game_that_undo_takes_back_exactly(
        commands in prop::collection::vec(command(), 1..12)
    ) {
        let t = Table::empty();
        // A turn under way, so that draws, holds and activations have something to act on.
        let setup: [&[&str]; 4] = [
            &["game", "new", "g"],
            &["unit", "add", "rangers", "troop=rangers", "weapon=rifle", "--side", "british",
              "--figures", "3", "--code", "RR"],
            &["unit", "add", "cf", "troop=coureurs", "--side", "french", "--figures", "2",
              "--code", "CF"],
            &["turn", "--seed", "1"],
        ];
        t.ok(setup[0]);
        // The state before each change not yet taken back, newest last.
        let mut before: Vec<String> = Vec::new();
        for args in &setup[1..] {
            before.push(state_without_counters(&t));
            t.ok(args);
        }
        let mut history = String::from("after game new g, two units and a turn:");
        for args in &commands {
            let (was, was_seq) = (state_without_counters(&t), seq(&t));
            let worked = never_crashes(&t, args, &history)?;
            history.push_str(&format!("\numpire {}", args.join(" ")));
            let (now, now_seq) = (state_without_counters(&t), seq(&t));
            if !worked {
                prop_assert_eq!(&now, &was, "{}: refused, yet it changed the game", history);
                prop_assert_eq!(now_seq, was_seq, "{}: refused, yet it logged", history);
            } else if args[0] == "undo" {
                let expected = before.pop();
                prop_assert_eq!(Some(&now), expected.as_ref(), "{}: undo did not restore", history);
            } else if now_seq > was_seq {
                before.push(was);
            } else {
                prop_assert_eq!(&now, &was, "{}: changed the game without logging it", history);
            }
            readable(&t, &history)?;
        }
        // Undo the rest, one change at a time, back to the game as it was made.
        while let Some(expected) = before.pop() {
            t.ok(&["undo"]);
            history.push_str("\numpire undo");
            prop_assert_eq!(state_without_counters(&t), expected, "{}: undo did not restore", history);
        }
        let out = t.run(&["undo"]);
        prop_assert_eq!(out.code, 2, "{}\numpire undo with nothing left: {}", history, out.stderr);
        readable(&t, &history)?;
    }
}
