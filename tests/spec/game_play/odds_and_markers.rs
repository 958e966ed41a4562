//! Odds with figures (the odds of the same words typed, several attackers), and markers: in
//! their bead colours on a terminal, never with NO_COLOR, and each named once a command.

use crate::support::{Table, on_a_terminal, parsed};

use super::{Roster, line, skirmish};

#[test]
fn odds_with_figures_are_the_odds_of_the_same_words_typed_and_write_nothing() {
    let t = skirmish();
    t.ok(&["mark", "CF2", "+light"]);
    t.ok(&["mark", "RF1", "+prone"]);
    let (state, log) = (t.state_bytes(), t.log_bytes());
    let with_figures = t.ok(&[
        "odds", "shoot", "--firer", "RF1", "--target", "CF2", "range=20",
    ]);
    let typed = t.ok(&[
        "odds",
        "shoot",
        "troop=regulars",
        "weapon=rifle",
        "prone",
        "initial-shot",
        "target=coureurs",
        "target-wound=light",
        "range=20",
    ]);
    assert_eq!(
        with_figures,
        format!(
            "from the roster:\n  \
             RF1 (rifles, british), acting: from its unit: troop=regulars weapon=rifle; \
             from markers: prone (prone); \
             from counters: initial-shot (shots fired: none yet)\n  \
             CF2 (coureurs, french), target: from its unit: target=coureurs; \
             from markers: target-wound=light (light wound)\n{typed}"
        )
    );
    assert_eq!(
        line(&typed, "  Hit › Killed"),
        "  Hit › Killed                 143/324   44.14%  #############"
    );
    assert_eq!(t.state_bytes(), state, "game.json after odds");
    assert_eq!(t.log_bytes(), log, "log.jsonl after odds");
    let json_figures = parsed(&t.ok(&[
        "--json", "odds", "shoot", "--firer", "RF1", "--target", "CF2", "range=20",
    ]));
    let json_typed = parsed(&t.ok(&[
        "--json",
        "odds",
        "shoot",
        "troop=regulars",
        "weapon=rifle",
        "prone",
        "initial-shot",
        "target=coureurs",
        "target-wound=light",
        "range=20",
    ]));
    assert_eq!(json_figures["outcomes"], json_typed["outcomes"]);
    assert_eq!(json_figures["steps"], json_typed["steps"]);
    // The morale of a figure reads its markers the same way, and odds still write nothing.
    t.ok(&["mark", "CF2", "+pinned"]);
    let marked = (t.state_bytes(), t.log_bytes());
    let morale = t.ok(&["odds", "morale", "--fig", "CF2", "reason=unpin"]);
    let by_hand = t.ok(&[
        "odds",
        "morale",
        "troop=coureurs",
        "wound=light",
        "pinned",
        "reason=unpin",
    ]);
    assert_eq!(
        morale,
        format!(
            "from the roster:\n  \
             CF2 (coureurs, french), acting: from its unit: officer=no troop=coureurs; \
             from markers: wound=light (light wound), pinned (pinned)\n{by_hand}"
        )
    );
    assert_eq!((t.state_bytes(), t.log_bytes()), marked);
}

/// `umpire figs` run on a pseudo-terminal (util-linux `script`), as at a real table.
fn figs_on_a_terminal(t: &Table, no_color: bool) -> String {
    on_a_terminal(t.path(), "figs", no_color)
}

#[test]
#[ignore = "needs script: run by .ci/run (cargo test -- --ignored)"]
fn markers_show_in_their_bead_colours_on_a_terminal_and_never_with_no_color() {
    let t = skirmish();
    t.ok(&["mark", "RR1", "+pinned", "+light"]);
    // Purple (256-colour 129) and blue (33) dots before the names.
    let coloured = figs_on_a_terminal(&t, false);
    assert!(
        coloured
            .contains("\u{1b}[38;5;33m●\u{1b}[0m light wound  \u{1b}[38;5;129m●\u{1b}[0m pinned"),
        "{coloured}"
    );
    // NO_COLOR on a terminal, and any pipe: the colour is named instead.
    let plain = figs_on_a_terminal(&t, true);
    assert!(!plain.contains('\u{1b}'), "{plain}");
    assert!(
        plain.contains("light wound (blue)  pinned (purple)"),
        "{plain}"
    );
    let piped = t.ok(&["figs"]);
    assert!(!piped.contains('\u{1b}'), "{piped}");
    assert!(
        piped.contains("light wound (blue)  pinned (purple)"),
        "{piped}"
    );
}

#[test]
fn odds_for_several_attackers_count_the_defender_outnumbered() {
    let t = skirmish();
    let said = t.ok(&[
        "odds",
        "melee",
        "--attackers",
        "CF1,CF2",
        "--defender",
        "RR1",
    ]);
    assert!(
        said.contains("(La Petite Guerre): the whole fight, 2 against defender RR1\n"),
        "{said}"
    );
    assert!(
        said.contains("-1  outnumbered by 1 (-1 each, at most -2)"),
        "{said}"
    );
    // Typed by the umpire, the count is the umpire's.
    let said = t.ok(&[
        "odds",
        "melee",
        "--attackers",
        "CF1,CF2",
        "--defender",
        "RR1",
        "d.outnumbered=0",
    ]);
    assert!(said.contains(" 0  outnumbered by 0 "), "{said}");
    assert!(!said.contains("outnumbered by 1"), "{said}");
}

#[test]
fn a_marker_named_twice_in_one_command_is_refused_as_such_and_changes_nothing() {
    let t = skirmish();
    let before = t.state_bytes();
    let err = t.fails(2, &["mark", "RR1", "+pinned", "+pinned"]);
    assert_eq!(
        err,
        "error: `+pinned` is given twice (name each marker once per command)\n"
    );
    let err = t.fails(2, &["mark", "RR1", "+pinned", "-pinned"]);
    assert_eq!(
        err,
        "error: `+pinned` and `-pinned` cancel out (name each marker once per command)\n"
    );
    assert_eq!(t.state_bytes(), before);
    assert_eq!(t.fig("RR1"), "RR1: no markers");
}
