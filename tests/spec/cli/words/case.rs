//! Words typed in any case (factors, values, procedures, rulesets, sides, markers, states,
//! tokens, figure codes and unit names), printed as the tables and the roster spell them;
//! accented unit names; tables whose names differ only in case refused at load.

use super::{refused, said};
use crate::support::{BUILTIN, Test, house_tables, tempdir};

#[test]
fn factors_values_and_procedures_are_words_in_any_case() {
    let plain = Test::new()
        .args([
            "roll",
            "shoot",
            "cover=half",
            "troop=line",
            "weapon=rifle",
            "range=30",
        ])
        .args(["--dice", "3,4"])
        .run()
        .stdout;
    let shouted = Test::new()
        .args([
            "roll",
            "Shoot",
            "Cover=Half",
            "TROOP=Line",
            "Weapon=RIFLE",
            "RANGE=30",
        ])
        .args(["--dice", "3,4"])
        .stderr("")
        .run()
        .stdout;
    // What is printed stays the table's spelling.
    assert_eq!(shouted, plain);
    assert!(
        plain.contains("given cover=half (in half cover)"),
        "{plain}"
    );
    let plain = Test::new()
        .args([
            "odds",
            "melee",
            "attacker.troop=grenadiers",
            "d.troop=militia",
        ])
        .run()
        .stdout;
    let shouted = Test::new()
        .args([
            "odds",
            "MELEE",
            "Attacker.Troop=Grenadiers",
            "D.TROOP=militia",
        ])
        .stderr("")
        .run()
        .stdout;
    assert_eq!(shouted, plain);
    // Flags, aliases and classes too.
    let a = Test::new()
        .args(["odds", "shoot", "VOLLEY", "Troop=LINE"])
        .run()
        .stdout;
    let b = Test::new()
        .args(["odds", "shoot", "volley", "troop=line"])
        .run()
        .stdout;
    assert_eq!(a, b);
    let a = Test::new()
        .args(["odds", "Fire", "cover=Half-Cover"])
        .run()
        .stdout;
    let b = Test::new()
        .args(["odds", "shoot", "cover=half"])
        .run()
        .stdout;
    assert_eq!(a, b);
}

#[test]
fn suggestions_still_come_in_any_case() {
    let line = refused(&["roll", "shoot", "cover=HLF"]);
    assert!(line.ends_with("(did you mean `half`?)"), "{line}");
    let line = refused(&["roll", "SHOOOT"]);
    assert!(line.ends_with("(did you mean `shoot`?)"), "{line}");
    let line = refused(&["roll", "shoot", "COVR=half"]);
    assert!(line.ends_with("(did you mean `cover`?)"), "{line}");
}

#[test]
fn rulesets_are_named_in_any_case() {
    let plain = Test::new().args(["rules", "la-petite-guerre"]).run().stdout;
    for name in ["LPG", "La-Petite-Guerre", "Petite-Guerre"] {
        let out = Test::new()
            .args(["--rules", name, "rules", "Shoot"])
            .stderr("")
            .run();
        assert!(
            out.stdout.starts_with("shoot — Buck and Ball"),
            "{name}: {}",
            out.stdout
        );
        let out = Test::new().args(["rules", name]).stderr("").run();
        assert_eq!(out.stdout, plain, "{name}");
    }
    let data = tempdir();
    said(data.path(), &["--rules", "LPG", "game", "new", "g"]);
    // A game's commands take its ruleset's name in any case, and no other.
    said(data.path(), &["--rules", "Lpg", "figs"]);
    let line = Test::new()
        .data_dir(data.path())
        .args(["--rules", "fiw", "figs"])
        .status(2)
        .run()
        .stderr;
    assert!(line.contains("is played with La Petite Guerre"), "{line}");
    let config = said(data.path(), &["config", "rules", "LPG"]);
    assert!(config.starts_with("rules = la-petite-guerre"), "{config}");
    let config = said(data.path(), &["config", "Dice", "Physical"]);
    assert!(config.starts_with("dice = physical"), "{config}");
    assert_eq!(said(data.path(), &["config", "DICE"]), "physical\n");
}

#[test]
fn a_game_takes_its_words_in_any_case_and_keeps_them_as_the_tables_spell_them() {
    let data = tempdir();
    let d = data.path();
    said(d, &["game", "new", "g"]);
    assert_eq!(
        said(
            d,
            &[
                "unit",
                "add",
                "Rogers",
                "Troop=Rangers",
                "weapon=RIFLE",
                "--side",
                "British"
            ]
            .iter()
            .chain(&["--figures", "2", "--code", "rr"])
            .copied()
            .collect::<Vec<_>>()
        ),
        "Unit Rogers (british, troop rangers, weapon rifle): 2 figures, RR1-RR2\n"
    );
    said(
        d,
        &[
            "unit",
            "add",
            "marines",
            "troop=Marine",
            "--side",
            "FRANCE",
            "--figures",
            "2",
            "--code",
            "CF",
        ],
    );
    let line = Test::new()
        .data_dir(d)
        .args([
            "unit",
            "add",
            "ROGERS",
            "troop=line",
            "--side",
            "french",
            "--figures",
            "1",
        ])
        .status(2)
        .stdout("")
        .run()
        .stderr;
    assert_eq!(
        line,
        "error: there is already a unit `Rogers` (unit names must differ, whatever their case; \
         add figures to it with `umpire fig add`)\n"
    );
    assert!(said(d, &["unit", "show", "rogers"]).starts_with("Unit Rogers [RR], british"));
    assert_eq!(said(d, &["mark", "rr1", "+Pinned"]), "RR1: +pinned\n");
    assert_eq!(said(d, &["mark", "RR1", "-PIN"]), "RR1: -pinned\n");
    assert_eq!(said(d, &["mark", "rr2", "+Dead"]), "RR2: dead\n");
    assert_eq!(
        said(d, &["mark", "rr2", "-DEAD"]),
        "RR2: back in the game\n"
    );
    assert_eq!(said(d, &["fig", "add", "ROGERS"]), "Rogers: added RR3\n");
    said(
        d,
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
    );
    said(
        d,
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
    );
    said(d, &["turn"]);
    let drawn = said(d, &["draw", "--bead", "Red"]);
    assert!(
        drawn.starts_with("Turn 1, phase 1 of 2: red bead: British and colonials (from the cup)"),
        "{drawn}"
    );
    said(d, &["hold"]);
    said(d, &["draw", "--bead", "WHITE"]);
    let reacting = said(d, &["react", "British"]);
    assert!(
        reacting.starts_with("British and colonials reacts"),
        "{reacting}"
    );
    assert_eq!(
        said(d, &["activate", "ROGERS"]),
        "Rogers acts, reacting, in phase 2 (activation 1 of 2 this turn)\n"
    );
    let shot = said(
        d,
        &[
            "roll",
            "shoot",
            "--firer",
            "rr1",
            "--target",
            "cf1",
            "Range=18.5",
        ]
        .iter()
        .chain(&["--dice", "3,4", "--dice", "5,6"])
        .copied()
        .collect::<Vec<_>>(),
    );
    assert!(shot.contains("RR1 (Rogers, british), acting"), "{shot}");
    assert!(
        shot.contains("range=effective [18.5 inches: up to 24"),
        "{shot}"
    );
}

#[test]
fn unit_names_may_have_accented_letters() {
    let data = tempdir();
    let d = data.path();
    said(d, &["game", "new", "g"]);
    assert_eq!(
        said(
            d,
            &[
                "unit",
                "add",
                "régiment",
                "troop=regulars",
                "--side",
                "french",
                "--figures",
                "2"
            ]
        ),
        "Unit régiment (french, troop regulars): 2 figures, RE1-RE2\n"
    );
    assert!(said(d, &["unit", "show", "Régiment"]).starts_with("Unit régiment [RE], french"));
    assert!(said(d, &["unit", "show", "RÉGIMENT"]).starts_with("Unit régiment [RE]"));
    let line = Test::new()
        .data_dir(d)
        .args([
            "unit",
            "add",
            "RÉGIMENT",
            "troop=militia",
            "--side",
            "french",
            "--figures",
            "1",
        ])
        .status(2)
        .run()
        .stderr;
    assert!(
        line.starts_with("error: there is already a unit `régiment`"),
        "{line}"
    );
    // Initials of accented words are the plain letters a base is labelled with.
    assert!(
        said(
            d,
            &[
                "unit",
                "add",
                "écossais-à-pied",
                "troop=scots",
                "--side",
                "british",
                "--figures",
                "1"
            ]
        )
        .ends_with("1 figure, EAP1\n")
    );
    // Forty letters, though more bytes.
    let long = "é".repeat(40);
    said(
        d,
        &[
            "unit",
            "add",
            &long,
            "troop=scots",
            "--side",
            "british",
            "--figures",
            "1",
            "--code",
            "E",
        ],
    );
    let figs = said(d, &["figs"]);
    assert!(figs.contains("régiment"), "{figs}");
    assert!(said(d, &["unit", "rm", "Régiment"]).starts_with("Unit régiment removed"));
}

#[test]
fn a_unit_name_that_cannot_be_one_says_what_can() {
    let data = tempdir();
    let d = data.path();
    said(d, &["game", "new", "g"]);
    let hint = "(use letters (accented ones too), digits, `-` and `_`, up to 40, such as \
                `north-flank` or `régiment-béarn`; no spaces)";
    let too_long = "é".repeat(41);
    for name in ["north flank", "a/b", "rogers!", "", too_long.as_str()] {
        let line = Test::new()
            .data_dir(d)
            .args([
                "unit",
                "add",
                name,
                "troop=scots",
                "--side",
                "british",
                "--figures",
                "1",
            ])
            .status(2)
            .stdout("")
            .run()
            .stderr;
        assert_eq!(line, format!("error: `{name}` cannot name a unit {hint}\n"));
    }
}

/// The built-in table with `from` replaced by `to`, loaded: the one line of the refusal, and
/// where the table says `to`.
fn refused_table(from: &str, to: &str) -> (String, String) {
    let dir = house_tables(|t| t.replacen(from, to, 1));
    let text = BUILTIN.replacen(from, to, 1);
    let at = text
        .find(to)
        .unwrap_or_else(|| panic!("{to} not in the table"));
    let line = text[..at].matches('\n').count() + 1;
    let out = Test::new()
        .tables(dir.path())
        .args(["rules", "shoot"])
        .status(2)
        .stdout("")
        .run();
    let file = dir.path().join("la-petite-guerre.yaml");
    (out.stderr, format!("{}:{line}:", file.display()))
}

#[test]
fn tables_whose_names_differ_only_in_case_are_refused_at_load() {
    for (from, to, says) in [
        (
            "aliases: [rampart, hard]",
            "aliases: [rampart, hard, Half]",
            "value of `cover` `Half` differs from `half` only in case, and names are typed in \
             any case",
        ),
        (
            "{name: prone, kind: flag, help:",
            "{name: Pinned, kind: flag, help:",
            "factor name `Pinned` differs from `pinned` only in case",
        ),
        (
            "aliases: [fight, hand-to-hand]",
            "aliases: [fight, hand-to-hand, SHOOT]",
            "procedure name `SHOOT` differs from `shoot` only in case",
        ),
        (
            "- {name: defender, aliases: [d, def]}",
            "- {name: defender, aliases: [d, def, A]}",
            "side of `melee` `A` differs from `a` only in case",
        ),
        (
            "aliases: [france], token: white}",
            "aliases: [France, Brits], token: white}",
            "side name `Brits` differs from `brits` only in case",
        ),
        (
            "{name: dead, label: dead, aliases: [killed]}",
            "{name: dead, label: dead, aliases: [Panic]}",
            "marker or state name `Panic` differs from `panic` only in case",
        ),
        (
            "aliases: [france], token: white}",
            "aliases: [france], token: RED}",
            "the sides' beads `RED` differs from `red` only in case",
        ),
    ] {
        let (err, place) = refused_table(from, to);
        assert!(err.starts_with(&format!("error: {place}")), "{to}: {err}");
        assert!(err.contains(says), "{to}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn one_thing_spelt_in_two_cases_is_still_one_thing() {
    let dir = house_tables(|t| {
        t.replacen(
            "aliases: [half-cover, partial]",
            "aliases: [half-cover, partial, HALF]",
            1,
        )
    });
    Test::new()
        .tables(dir.path())
        .args(["odds", "shoot", "cover=HALF"])
        .stdout_contains("target in half cover")
        .stderr("")
        .run();
}
