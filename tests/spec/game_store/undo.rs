//! Undo: each change taken back in turn, exactly, down to the bytes of game.json.

use serde_json::Value;

use super::{Store, assert_same_files, num, snapshot};
use crate::support::{Table, read};

/// A game's state without the two numbers every change moves.
fn without_counters(state: &Value) -> Value {
    let mut v = state.clone();
    if let Some(map) = v.as_object_mut() {
        map.remove("seq");
        map.remove("log-len");
    }
    v
}

#[test]
fn undo_takes_back_each_change_in_turn_exactly_and_then_says_there_is_nothing_left() {
    let t = Table::empty();
    t.ok(&["game", "new", "g"]);
    let mut states = vec![t.state()];
    t.add_unit("rangers", "RR", 4);
    states.push(t.state());
    t.add_unit("regulars", "RG", 3);
    states.push(t.state());
    t.ok(&["mark", "RR1", "+pinned", "+prone"]);
    states.push(t.state());
    t.ok(&["mark", "RR1,RG2", "+light-wound"]);
    let mut seq = num(&t.state(), "seq");
    assert_eq!(seq, 4);

    let expect_undone = [
        "#4: RR1: +",
        "#3: RR1: +",
        "#2: Unit regulars",
        "#1: Unit rangers",
    ];
    for (i, said) in expect_undone.iter().enumerate() {
        let out = t.ok(&["undo"]);
        assert!(
            out.starts_with("Undone: ") && out.contains(said),
            "undo {}: {out}",
            i + 1
        );
        let now = t.state();
        let was = states.pop().unwrap_or_else(|| panic!("no state left"));
        assert_eq!(
            without_counters(&now),
            without_counters(&was),
            "undo {} does not give back the state as it was",
            i + 1
        );
        // An undo is a change of its own: logged, never a rewrite of the past.
        seq += 1;
        assert_eq!(num(&now, "seq"), seq);
        t.assert_log_matches_state("g");
    }
    assert_eq!(t.state()["units"], Value::Array(Vec::new()));
    assert_eq!(t.state()["figures"], Value::Array(Vec::new()));

    let before = snapshot(t.path());
    let err = t.fails(2, &["undo"]);
    assert!(err.contains("there is nothing to undo"), "{err}");
    assert_same_files(&before, t.path(), "undo with nothing left");
}

#[test]
fn undo_after_a_mark_keeps_the_game_json_bytes_but_for_seq_and_log_len() {
    let t = Table::rangers("RR", 4);
    let before = String::from_utf8(read(&t.state_path())).unwrap_or_default();
    t.ok(&["mark", "RR2", "+pinned"]);
    t.ok(&["undo"]);
    let after = String::from_utf8(read(&t.state_path())).unwrap_or_default();
    let strip = |text: &str| {
        text.lines()
            .filter(|l| !l.contains("\"seq\"") && !l.contains("\"log-len\""))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(strip(&after), strip(&before));
}

#[test]
fn undo_of_a_unit_removal_puts_units_and_figures_back_where_they_were() {
    let t = Table::rangers("RR", 3);
    t.add_unit("regulars", "RG", 2);
    let before = t.state();
    t.ok(&["unit", "rm", "rangers"]);
    t.ok(&["undo"]);
    assert_eq!(without_counters(&t.state()), without_counters(&before));
}
