//! The options that name a roll's figures are the ruleset's (`game: roles:`): a house rule
//! renames them, the help and completions follow, and a table that gets them wrong is refused
//! with its file and line.

use crate::support::{Table, Test, house_tables};

/// The built-in roles renamed: `--shooter` and `--mark` for the figure acting and the one shot
/// at, `--charging`/`--standing` for the sides of a melee.
fn renamed() -> tempfile::TempDir {
    house_tables(|t| {
        t.replace(
            "{name: firer, aliases: [fig], plays: acting,",
            "{name: shooter, aliases: [who], plays: acting,",
        )
        .replace(
            "{name: target, plays: acted-upon, label: target,",
            "{name: mark, plays: acted-upon, label: mark,",
        )
        .replace(
            "{name: attackers, plays: attacker,",
            "{name: charging, plays: attacker,",
        )
        .replace(
            "{name: defender, plays: defender,",
            "{name: standing, plays: defender,",
        )
        .replace("    roles: [fig]\n", "    roles: [who]\n")
    })
}

#[test]
fn a_house_rule_names_the_figures_with_its_own_options() {
    let tables = renamed();
    let t = Table::house_game(tables.path());
    let out = t
        .test_with(tables.path())
        .args([
            "roll",
            "shoot",
            "--shooter",
            "RA1",
            "--mark",
            "CF1",
            "--dice",
            "3,4",
            "--dice",
            "1,2",
        ])
        .stderr("")
        .run();
    assert!(
        out.stdout.contains(
            "  RA1 (rangers, british), acting: from its unit: troop=rangers weapon=rifle; from \
             counters: initial-shot (shots fired: none yet)\n"
        ),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("  CF1 (cf, french), mark: from its unit: target=coureurs\n"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("=> total 11 against 8 or more: Hit"),
        "{}",
        out.stdout
    );

    // The built-in names are not the house's: clap says so and offers the near one.
    t.test_with(tables.path())
        .args(["roll", "shoot", "--firer", "RA1"])
        .status(2)
        .stderr("error: unexpected argument '--firer' found (to pass '--firer' as a value, use '-- --firer')\n")
        .run();
    t.test_with(tables.path())
        .args(["roll", "shoot", "--shootr", "RA1"])
        .status(2)
        .stderr("error: unexpected argument '--shootr' found (a similar argument exists: '--shooter')\n")
        .run();

    // A melee by the house's side options, and the messages that name them.
    let refused = |args: &[&str]| {
        t.test_with(tables.path())
            .args(args)
            .status(2)
            .stdout("")
            .run()
            .stderr
    };
    assert_eq!(
        refused(&["roll", "melee", "--shooter", "RA1", "--standing", "CF1"]),
        "error: melee is an opposed roll: name its figures with --charging and --standing\n"
    );
    assert_eq!(
        refused(&["roll", "melee", "--standing", "CF1"]),
        "error: melee needs both --charging and --standing\n"
    );
    assert_eq!(
        refused(&["roll", "shoot", "--charging", "RA1"]),
        "error: shoot is not an opposed roll: name its figures with --shooter (or --who) and --mark\n"
    );
    assert_eq!(
        refused(&["roll", "shoot", "--shooter", "RA2", "--mark", "RA2"]),
        "error: a figure cannot be its own mark\n"
    );
    let melee = t
        .test_with(tables.path())
        .args([
            "roll",
            "melee",
            "--charging",
            "RA1,RA2",
            "--standing",
            "CF1",
            "--dice",
            "6",
            "--dice",
            "1",
            "--dice",
            "6",
            "--dry-run",
        ])
        .stderr("")
        .run();
    assert!(
        melee
            .stdout
            .contains("pairing 2 of 2: attacker RA2 against defender CF1"),
        "{}",
        melee.stdout
    );
}

#[test]
fn follow_ups_and_help_print_the_procedures_own_option() {
    let tables = renamed();
    let t = Table::house_game(tables.path());
    // A wound's morale test is printed with the option morale names its figure by (`--who`).
    let out = t
        .test_with(tables.path())
        .args([
            "roll",
            "shoot",
            "--shooter",
            "RA1",
            "--mark",
            "CF1",
            "--dice",
            "5,6",
            "--dice",
            "2,3",
        ])
        .stderr("")
        .run();
    assert!(
        out.stdout.contains(" roll morale --who CF1 reason=wound "),
        "{}",
        out.stdout
    );

    let help = Test::new()
        .env("UMPIRE_TABLES", tables.path())
        .args(["roll", "shoot", "--help"])
        .stderr("")
        .run()
        .stdout;
    assert!(
        help.contains("Figures of the game:\n      --shooter <FIGURE>\n"),
        "{help}"
    );
    assert!(help.contains("[alias: --who]"), "{help}");
    assert!(help.contains("      --charging <FIGURES>\n"), "{help}");
    assert!(help.contains("      --standing <FIGURE>\n"), "{help}");
    assert!(!help.contains("--firer"), "{help}");
}

#[test]
fn roles_that_cannot_be_options_are_refused_with_their_place() {
    for (edit, says) in [
        (
            (
                "{name: firer, aliases: [fig], plays: acting,",
                "{name: dice, aliases: [fig], plays: acting,",
            ),
            "the role `dice` (game: roles:) is already an option of `umpire roll` (give the role another name)",
        ),
        (
            (
                "{name: defender, plays: defender,",
                "{name: defender, plays: defence,",
            ),
            "role `defender` plays `defence`: give acting, acted-upon or a side of an opposed procedure",
        ),
        (
            (
                "{name: defender, plays: defender,",
                "{name: fig, plays: defender,",
            ),
            "role name `fig` is used twice",
        ),
        (
            (
                "{name: target, plays: acted-upon,",
                "{name: \"--target\", plays: acted-upon,",
            ),
            "role `--target` is typed as `----target`: give letters, digits and dashes",
        ),
        (
            ("    roles: [fig]\n", "    roles: [figg]\n"),
            "procedure `flee-distance` names the role `figg`, which game: roles: lacks (did you mean `fig`?)",
        ),
    ] {
        let tables = house_tables(|t| t.replace(edit.0, edit.1));
        let t = Table::empty();
        let out = t
            .test_with(tables.path())
            .args(["roll", "shoot", "--firer", "RA1"])
            .status(2)
            .run();
        let file = tables.path().join("la-petite-guerre.yaml");
        assert!(
            out.stderr
                .starts_with(&format!("error: {}:", file.display())),
            "{}",
            out.stderr
        );
        assert!(out.stderr.ends_with(&format!("{says}\n")), "{}", out.stderr);
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    }
}
