//! Targets acquired: an acquisition ties the man to his target, an aimed shot needs one, and
//! the umpire says otherwise, takes one off or sees them on the roster.

use super::game;

/// What a refused aimed shot at a target not acquired says.
const NOT_ACQUIRED: &str = "not acquired refused by the rule Aimed shots: it needs acquired";

#[test]
fn an_aimed_shot_needs_the_target_acquired_and_an_acquisition_ties_the_two() {
    let t = game();
    // RA2 has acquired no one: the roll says so and is refused, and nothing is written.
    let shot = [
        "roll", "shoot", "--fig", "RA2", "--target", "OT3", "range=8", "--dice", "6", "--dice", "4",
    ];
    let before = t.state_of("braddock");
    assert!(
        t.refused(&shot).starts_with(NOT_ACQUIRED),
        "{}",
        t.refused(&shot)
    );
    assert_eq!(t.state_of("braddock"), before);
    // He looks, and sees: tied to OT3, as the roster shows.
    let out = t.ok(&[
        "roll",
        "acquire",
        "--fig",
        "RA2",
        "--target",
        "OT3",
        "distance=15",
        "--dice",
        "5",
    ]);
    assert!(out.contains("  RA2: +acquired OT3\n"), "{out}");
    let figs = t.ok(&["figs"]);
    assert!(
        figs.lines()
            .any(|l| l.contains("RA2") && l.contains("acquired OT3")),
        "{figs}"
    );
    // Now the aimed shot reads the tie from the roster (his second action: -1).
    let out = t.ok(&shot);
    assert!(out.contains("  RA2 to OT3: acquired\n"), "{out}");
    assert!(out.contains("given acquired=yes"), "{out}");
    // Undone, the tie goes with the roll that made it.
    t.ok(&["undo"]);
    t.ok(&["undo"]);
    assert!(t.refused(&shot).starts_with(NOT_ACQUIRED));
    // The umpire may rule the target acquired with the shot (close enough to need no roll).
    let mut said = shot.to_vec();
    said.push("acquired");
    assert!(t.ok(&said).contains("given acquired=yes"));
}

#[test]
fn the_umpire_ties_and_unties_by_hand_and_a_mistake_is_refused() {
    let t = game();
    assert_eq!(
        t.ok(&["mark", "RA2", "+acquired:ot3"]),
        "RA2: +acquired OT3\n"
    );
    assert_eq!(
        t.ok(&["mark", "RA2", "+acquired:OT3"]),
        "RA2: already acquired OT3\n"
    );
    t.ok(&["mark", "RA2", "+acquired:OT4"]);
    assert_eq!(
        t.ok(&["mark", "RA2", "-acquired:OT4"]),
        "RA2: -acquired OT4\n"
    );
    assert_eq!(
        t.ok(&["mark", "RA2", "-acquired:OT4"]),
        "RA2: not acquired OT4 (nothing to take off)\n"
    );
    // Out of sight: every target he has acquired at once.
    t.ok(&["mark", "RA2", "+acquired:OT4"]);
    assert_eq!(
        t.ok(&["mark", "RA2", "-acquired"]),
        "RA2: -acquired OT3 OT4\n"
    );
    assert_eq!(
        t.refused(&["mark", "RA2", "+acquired"]),
        "`+acquired` needs the figure it ties to (write `+acquired:CODE`)"
    );
    assert_eq!(
        t.refused(&["mark", "RA2", "+acquird:OT1"]),
        "no link `acquird`; there are: engaged, acquired (did you mean `acquired`?)"
    );
    assert!(
        t.refused(&["mark", "RA2", "+acquired:RA2"])
            .starts_with("RA2 cannot be tied to itself")
    );
    assert_eq!(
        t.refused(&["mark", "RA2", "+acquired:ZZ9"]),
        "there is no figure ZZ9 (`umpire figs` lists the figures)"
    );
}

#[test]
fn a_link_is_checked_when_the_table_is_read() {
    let refused = |(from, to): (&str, &str), says: &str| {
        crate::support::refused_edit(
            "001-la-petite-guerre-1750s.yaml",
            (from, to),
            &["rules", "shoot"],
            says,
        );
    };
    refused(
        (
            "  links:\n",
            "  links:\n    - {name: broken, label: broken}\n",
        ),
        "link `broken` has the name of a marker: a change could not tell them apart",
    );
    refused(
        (
            "  links:\n",
            "  links:\n    - {name: routed, label: routed}\n",
        ),
        "link `routed` has the name of a marker: a change could not tell them apart",
    );
    refused(
        (
            "  links:\n",
            "  links:\n    - {name: seen, label: seen, factor: acquired}\n",
        ),
        "link `acquired` sets `acquired`, as link `seen` does: a roll could not tell which",
    );
    refused(
        ("      factor: acquired\n", "      factor: grade\n"),
        "link `acquired` sets `grade`, which is not a yes/no factor",
    );
    refused(
        (
            "marks: [{on: acting, change: [+acquired]}]",
            "marks: [{on: acting, group: true, change: [+acquired]}]",
        ),
        "makes the change `+acquired`: a link ties the figure acting and the figure acted upon \
         (or the two sides' figures), one to the other, so it goes `on: acting` or `on: \
         acted-upon` (`loser`, `winner` or `each` in a roll of two sides), without `group`",
    );
    refused(
        ("      mutual: true\n", ""),
        "link `engaged` goes on with `hand-to-hand`: give an opposed procedure of two sides, and \
         `mutual: true` (the two figures tied both ways)",
    );
    refused(
        ("      goes-on: hand-to-hand\n", "      goes-on: shoot\n"),
        "link `engaged` goes on with `shoot`: give an opposed procedure of two sides",
    );
    refused(
        (
            "marks: [{on: each, change: [+engaged]}]",
            "marks: [{on: each, group: true, change: [+engaged]}]",
        ),
        "marks each side's figure: give it without `group`",
    );
}

#[test]
fn a_figure_taken_off_the_table_takes_the_ties_to_it_along() {
    let t = game();
    t.ok(&["mark", "RA2", "+acquired:OT4", "+acquired:OT3"]);
    // A new OT4 is not the one RA2 had acquired.
    assert_eq!(
        t.ok(&["fig", "rm", "OT4"]),
        "OT4 removed from ottawa\nRA2: -acquired OT4\n"
    );
    t.ok(&["fig", "add", "ottawa"]);
    assert!(!t.ok(&["figs"]).contains("acquired OT4"));
    // Undone, both come back.
    t.ok(&["undo"]);
    t.ok(&["undo"]);
    assert!(t.ok(&["figs"]).contains("acquired OT4 OT3"));
    let out = t.ok(&["unit", "rm", "ottawa"]);
    assert!(out.contains("RA2: -acquired OT4 OT3\n"), "{out}");
}

#[test]
fn a_roll_that_names_no_target_ties_nobody_and_a_unit_names_the_man_refused() {
    let t = game();
    let out = t.ok(&[
        "roll",
        "acquire",
        "--fig",
        "RA2",
        "distance=15",
        "--dice",
        "5",
    ]);
    assert!(
        out.contains("  RA2: acquired nobody: the roll named no figure to tie it to\n"),
        "{out}"
    );
    // The rangers fire: RA1 has acquired OT1 (and misses), RA2 nobody, and the roll says who.
    let fire = ["shoot", "--unit", "rangers", "--target", "OT1", "range=8"];
    for args in [
        [&["roll"][..], &fire, &["--dice", "1"]].concat(),
        [&["odds"][..], &fire].concat(),
    ] {
        assert!(
            t.refused(&args)
                .starts_with(&format!("RA2: {NOT_ACQUIRED}")),
            "{args:?}"
        );
    }
}
