//! Units combined into one (`umpire unit merge`), as La Petite Guerre allows: line troops of
//! the same type, in line or column, with an officer for every twelve figures. Every refusal
//! names what it needs, nothing is written, and one undo takes a merge back.

use super::game;
use crate::support::Table;

/// British regulars: `a` in line with an officer (A1-A8), `b` in line (B1-B6), `b2` in column
/// (BB1-BB4); rangers `c` (C1-C2), militia `m` (M1-M2); French marines `f` (F1-F2).
fn british() -> Table {
    let t = game();
    for (name, fields, side, n, code) in [
        (
            "a",
            "troop=regulars formation=line officer",
            "british",
            "8",
            "A",
        ),
        ("b", "troop=regulars formation=line", "british", "6", "B"),
        (
            "b2",
            "troop=regulars formation=column",
            "british",
            "4",
            "BB",
        ),
        ("c", "troop=rangers formation=line", "british", "2", "C"),
        ("m", "troop=militia", "british", "2", "M"),
        ("f", "troop=marine", "french", "2", "F"),
    ] {
        let mut args = vec!["unit", "add", name];
        args.extend(fields.split(' '));
        args.extend(["--side", side, "--figures", n, "--code", code]);
        t.ok(&args);
    }
    t
}

#[test]
fn two_units_of_line_troops_combine_and_one_undo_parts_them() {
    let t = british();
    let before = t.state();
    assert_eq!(
        t.ok(&["unit", "merge", "A", "b2"]),
        "b2 joins a: 12 figures in play (4 come over: BB1, BB2, BB3, BB4)\n"
    );
    assert!(t.ok(&["unit", "show", "a"]).contains("  BB4: no markers\n"));
    assert!(
        t.refused(&["unit", "show", "b2"])
            .starts_with("there is no unit `b2`")
    );
    t.ok(&["undo"]);
    for key in ["units", "figures"] {
        assert_eq!(t.state()[key], before[key], "{key}");
    }
}

#[test]
fn a_combining_the_rules_do_not_allow_is_refused_saying_why() {
    let t = british();
    let before = (t.state_bytes(), t.log_bytes());
    let note = "Only line troops combine units, in line or column, with an officer for every \
                twelve figures.";
    let reading = format!("{note} Reading: units of different troop types do not combine.");
    let anyway = "Or rule otherwise with `--anyway \"WHY\"`";
    assert_eq!(
        t.refused(&["unit", "merge", "a", "b"]),
        format!(
            "Combining units refuses a: 14 figures need 2 with officer (one for every 12); 1 \
             with it ({reading} {anyway})"
        )
    );
    assert_eq!(
        t.refused(&["unit", "merge", "a", "c"]),
        format!(
            "Combining units refuses a: a troop regulars and c troop rangers differ: units \
             combine only with the same troop ({reading} {anyway})"
        )
    );
    assert_eq!(
        t.refused(&["unit", "merge", "a", "m"]),
        format!("Combining units refuses m: it needs troop=line (it is militia) ({note} {anyway})")
    );
    assert_eq!(
        t.refused(&["unit", "merge", "a", "f"]),
        "Sides refuses a: a is of british and f of french: only a side's own units combine \
         (name a unit of the same side; or rule otherwise with `--anyway \"WHY\"`)"
    );
    assert_eq!(
        t.refused(&["unit", "merge", "A", "a"]),
        "a is one unit: name two"
    );
    assert_eq!((t.state_bytes(), t.log_bytes()), before);
}

#[test]
fn the_umpire_may_combine_what_the_rules_refuse_and_the_log_keeps_why() {
    let t = british();
    assert_eq!(
        t.ok(&[
            "unit",
            "merge",
            "a",
            "b",
            "--anyway",
            "a sergeant leads the rest"
        ]),
        "b joins a: 14 figures in play (6 come over: B1, B2, B3, B4, B5, B6)\n"
    );
    let log = t.ok(&["log", "--last", "1"]);
    assert!(
        log.contains(
            "    ruled anyway: \"a sergeant leads the rest\" (Combining units refused a: 14 \
             figures need 2 with officer (one for every 12); 1 with it)"
        ),
        "{log}"
    );
    t.ok(&["undo"]);
    assert!(t.ok(&["unit", "show", "b"]).contains("  B6: no markers\n"));
}

#[test]
fn a_figure_moved_to_another_unit_obeys_the_rules_on_combining() {
    let t = british();
    let before = (t.state_bytes(), t.log_bytes());
    // Rangers do not join regulars; a militiaman is no line troop; nine figures of `a` still
    // have their one officer, but thirteen would need two.
    assert_eq!(
        t.refused(&["fig", "move", "C1", "--to", "a"]),
        "Combining units refuses a: a troop regulars and c troop rangers differ: units combine \
         only with the same troop (Only line troops combine units, in line or column, with an \
         officer for every twelve figures. Reading: units of different troop types do not \
         combine. Or rule otherwise with `--anyway \"WHY\"`)"
    );
    assert!(
        t.refused(&["fig", "move", "M1", "--to", "a"])
            .starts_with("Combining units refuses m: it needs troop=line (it is militia)")
    );
    assert_eq!(
        t.refused(&["fig", "move", "F1", "--to", "a"]),
        "Sides refuses a: a is of british and f of french: only a side's own units combine \
         (name a unit of the same side; or rule otherwise with `--anyway \"WHY\"`)"
    );
    assert_eq!((t.state_bytes(), t.log_bytes()), before);
    assert_eq!(
        t.ok(&["fig", "move", "B1", "--to", "a"]),
        "B1 moved from b to a\n"
    );
    for code in ["B2", "B3", "B4"] {
        t.ok(&["fig", "move", code, "--to", "a"]);
    }
    assert!(
        t.refused(&["fig", "move", "B5", "--to", "a"])
            .starts_with("Combining units refuses a: 13 figures need 2 with officer")
    );
    t.ok(&[
        "fig",
        "move",
        "B5",
        "--to",
        "a",
        "--anyway",
        "the colonel is near",
    ]);
    assert!(t.ok(&["unit", "show", "a"]).contains("  B5: no markers\n"));
}
