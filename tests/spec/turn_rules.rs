//! The turn rule as the tables give it (`turn:`): said in `rules RULESET`, on the printed sheet,
//! and in `status` only where the rule has it.

use crate::support::{BUILTIN, Table, Test, house_tables};

#[test]
fn the_rules_say_every_part_of_the_turn_rule() {
    let text = Test::new()
        .args(["rules", "la-petite-guerre"])
        .stderr("")
        .run()
        .stdout;
    let turn = text.split("\nturn:\n").nth(1).unwrap_or_default();
    for line in [
        "  phases: 75% of the units on the larger side, rounded to the nearest, halves up, at least 1\n",
        "  beads: each side puts in the bag as many as the smaller side has units; each bead drawn is a phase for its side\n",
        "  activations: a unit acts at most twice in a turn\n",
        "  react: a side may hold one bead it drew, instead of acting on it, and spend it later in the turn to act in the other side's phase\n",
    ] {
        assert!(turn.contains(line), "missing {line:?} in:\n{turn}");
    }
    let sheet = Test::new()
        .args(["cards", "--html"])
        .stderr("")
        .run()
        .stdout;
    assert!(
        sheet.contains("<p><b>Activations:</b> a unit acts at most twice in a turn.</p>"),
        "the sheet's turn sequence lacks the activations"
    );
    assert!(sheet.contains("<p><b>React:</b> a side may hold one bead it drew"));
}

#[test]
fn a_turn_rule_without_react_beads_says_nothing_of_them() {
    let tables = house_tables(|t| {
        t.replace("  activations: 2\n  react: {hold: 1}\n", "")
            .replace("A unit may be activated at most twice in a turn. ", "")
    });
    let t = Table::house_game(tables.path());
    let run = |args: &[&str]| {
        t.test_with(tables.path())
            .args(args)
            .stderr("")
            .run()
            .stdout
    };
    run(&["turn", "--seed", "1"]);
    // A unit of the other side is refused without the react beads this rule lacks.
    let out = t
        .test_with(tables.path())
        .args(["draw", "--bead", "white"])
        .stderr("")
        .run();
    assert!(out.stdout.contains("white bead"), "{}", out.stdout);
    t.test_with(tables.path())
        .args(["activate", "rangers"])
        .status(2)
        .stderr(
            "error: Bead draw refuses rangers: phase 1 is for French and allies (a white bead), not \
             British and colonials (a unit acts in a phase of its own side; or rule otherwise with \
             `--anyway \"WHY\"`)\n",
        )
        .run();
    let status = run(&["status"]);
    assert!(!status.contains("react"), "{status}");
    assert!(status.contains("in the bag: "), "{status}");
    let rules = run(&["rules", "la-petite-guerre"]);
    assert!(
        !rules.contains("  react:") && !rules.contains("  activations:"),
        "{rules}"
    );
    // Without a limit, a unit acts as often as its side draws beads.
    let acts = run(&["activate", "cf"]);
    assert!(!acts.contains(" of "), "{acts}");
}

/// La Petite Guerre with every `bead` of its table a `chit` (the plural left to the default)
/// and the british chits orange: whatever still says `bead` comes from the code.
fn chit_tables(edit: impl Fn(String) -> String) -> tempfile::TempDir {
    house_tables(|t| {
        let chits = t
            .replace(
                "draw: {token: bead, tokens: beads, per-side: smaller}",
                "draw: {token: chit, per-side: smaller}",
            )
            .replace("token: red}", "token: orange}")
            .replace("bead", "chit");
        assert!(!chits.to_lowercase().contains("bead"));
        edit(chits)
    })
}

#[test]
fn a_table_that_draws_chits_words_the_whole_turn_with_chits_and_never_beads() {
    let tables = chit_tables(|t| t);
    let t = Table::house_game(tables.path());
    let mut said: Vec<String> = Vec::new();
    // Each command with its exit code and what it says (on stdout, or as its error).
    let mut run = |args: &[&str], code: i32, says: &str| {
        let out = t.test_with(tables.path()).args(args).status(code).run();
        let text = if code == 0 {
            assert_eq!(out.stderr, "", "umpire {args:?}");
            out.stdout
        } else {
            assert_eq!(out.stdout, "", "umpire {args:?}");
            out.stderr
        };
        assert!(text.contains(says), "umpire {args:?}: {text}");
        said.push(text);
    };
    run(
        &["turn", "--phases", "4", "--chits", "2"],
        0,
        "Turn 1: 4 phases; 2 chits a side in the bag (units in play: british 1, french 1)\n",
    );
    run(
        &["draw", "--chit", "orange"],
        0,
        "Turn 1, phase 1 of 4: orange chit: British and colonials (from the cup)\n\
         left in the bag: 1 orange, 2 white\n",
    );
    run(
        &["activate", "cf"],
        2,
        "error: Chit draw refuses cf: phase 1 is for British and colonials (an orange chit), not \
         French and allies (to react out of turn, spend a held chit first: `umpire react french`; \
         or rule otherwise with `--anyway \"WHY\"`)\n",
    );
    run(&["activate", "rangers"], 0, "rangers acts in phase 1");
    run(
        &["hold"],
        2,
        "error: a unit already acted in phase 1: its chit cannot be held\n",
    );
    run(
        &["react", "british"],
        2,
        "error: phase 1 belongs to British and colonials already: a react chit is for acting \
         in the other side's phase",
    );
    run(
        &["react", "french"],
        2,
        "error: French and allies holds no react chit this turn (`umpire hold` keeps the chit \
         just drawn)\n",
    );
    // `--token` is the draw's option whatever the table calls its tokens.
    run(
        &["draw", "--token", "white"],
        0,
        "Turn 1, phase 2 of 4: white chit: French and allies (from the cup)\n",
    );
    run(
        &["hold"],
        0,
        "French and allies holds the white chit of phase 2 to react later this turn\n",
    );
    run(
        &["hold"],
        2,
        "error: French and allies already holds a react chit this turn (drawn in phase 2)\n",
    );
    run(
        &["activate", "cf"],
        2,
        "error: Chit draw refuses cf: the chit of phase 2 is held as a react chit; no unit acts on \
         it now (or rule otherwise with `--anyway \"WHY\"`)\n",
    );
    run(
        &["status"],
        0,
        "this phase: French and allies (white chit)\nin the bag: 1 orange, 1 white\n\
         British and colonials: no react chit held\n\
         French and allies: holds a react chit (phase 2)\n",
    );
    run(
        &["draw", "--odds"],
        0,
        "Next chit, turn 1:\n  British and colonials (orange): 1/2 (50.0%)\n",
    );
    run(
        &["draw", "--chit", "blue"],
        2,
        "error: no `blue` chits; the chits are orange, white\n",
    );
    run(
        &["draw", "--chit", "french"],
        0,
        "Turn 1, phase 3 of 4: white chit: French and allies (from the cup)\n",
    );
    run(
        &["draw", "--chit", "white"],
        2,
        "error: no white chit is left in the bag (the bag holds: 1 orange, 0 white)\n",
    );
    run(
        &["draw", "--chit", "orange"],
        0,
        "phase 4 of 4: orange chit",
    );
    run(&["react", "french"], 0, "French and allies reacts");
    run(
        &["react", "french"],
        2,
        "error: French and allies already spent its react chit this turn\n",
    );
    run(
        &["game", "show"],
        0,
        "British and colonials (orange chits): 1 units\n",
    );
    run(
        &["log"],
        0,
        "orange chit: British and colonials (from the cup)",
    );
    run(
        &["rules", "la-petite-guerre"],
        0,
        "  chits: each side puts in the bag as many as the smaller side has units; each chit \
         drawn is a phase for its side\n  activations: a unit acts at most twice in a turn\n  \
         react: a side may hold one chit it drew",
    );
    run(&["cards", "--html"], 0, "(british): orange chit");
    run(
        &["cards", "--html"],
        0,
        "<p><b>Chits:</b> each side puts in the bag",
    );
    run(
        &["generate", "completions", "bash"],
        0,
        "'draw>--chit'|'draw>--token'",
    );
    // The help of the draw's commands speaks the game's word too.
    run(&["draw", "--help"], 0, "Draw a chit: whose phase it is");
    run(&["draw", "--help"], 0, "--chit <CHIT>");
    run(
        &["draw", "--help"],
        0,
        "The chit drawn by hand from a real cup: which one, or its side",
    );
    run(
        &["turn", "-h"],
        0,
        "Chits per side, instead of the rule's count",
    );
    run(&["hold", "--help"], 0, "as its side's react chit,");
    run(
        &["turn", "--chits", "0"],
        2,
        "error: a turn needs phases and chits; this one would have 1 phase and 0 chits a side \
         (add units to both sides, or give --phases and --chits)\n",
    );
    // The table's word replaces `bead`: a table of chits has no `--bead` nor `--beads`.
    run(
        &["draw", "--bead", "white"],
        2,
        "unexpected argument '--bead'",
    );
    run(
        &["turn", "--beads", "2"],
        2,
        "unexpected argument '--beads'",
    );
    said.retain(|s| !s.contains("unexpected argument"));
    // A rule without react chits says so in its word.
    let no_react = chit_tables(|t| t.replace("  react: {hold: 1}\n", ""));
    let t = Table::house_game(no_react.path());
    t.test_with(no_react.path()).args(["turn"]).stderr("").run();
    said.push(
        t.test_with(no_react.path())
            .args(["hold"])
            .status(2)
            .stderr(
                "error: La Petite Guerre's turn rule has no react chits (a `react: {hold: 1}` \
                 entry in its `turn:` section allows them)\n",
            )
            .run()
            .stderr,
    );
    let all = said.concat();
    assert!(!all.to_lowercase().contains("bead"), "`bead` said:\n{all}");
}

#[test]
fn a_draw_or_a_side_token_of_the_wrong_shape_is_refused_at_its_line() {
    let line_of = |text: &str| {
        BUILTIN
            .lines()
            .position(|l| l.contains(text))
            .map_or(0, |i| i + 1)
    };
    let draw = "draw: {token: bead, tokens: beads, per-side: smaller}";
    let at_draw = line_of(draw);
    let at_french = line_of("token: white}");
    for (from, to, line, says) in [
        (
            draw,
            "draw: {token: two words, per-side: smaller}",
            at_draw,
            "the draw's `token:` is `two words`, typed as `--two words`: give a word of letters, \
             digits and dashes",
        ),
        (
            draw,
            "draw: {token: chit, tokens: --chits, per-side: smaller}",
            at_draw,
            "the draw's `tokens:` is `--chits`",
        ),
        (
            draw,
            "draw: {token: [bead], per-side: smaller}",
            at_draw,
            "turn.draw.token: invalid type: sequence, expected a string",
        ),
        (
            draw,
            "draw: {per-side: smaller}",
            at_draw,
            "turn.draw: missing field `token`",
        ),
        // The shape before the draw was named.
        (
            draw,
            "beads: {per-side: smaller}",
            at_draw,
            "turn: unknown field `beads`, expected one of `phases`, `draw`,",
        ),
        (
            ", token: white}",
            "}",
            at_french,
            "side `french` has no bead: the turn's draw needs one for each side (`token: NAME`)",
        ),
        (
            ", token: white}",
            ", bead: white}",
            at_french,
            "unknown field `bead`",
        ),
        (
            ", token: white}",
            ", token: red}",
            at_french,
            "two sides draw `red` beads",
        ),
        (
            ", token: white}",
            ", token: brits}",
            at_french,
            "side `french` draws `brits` beads, which is a name of side `british`",
        ),
    ] {
        let tables = house_tables(|t| t.replace(from, to));
        let stderr = Test::new()
            .tables(tables.path())
            .args(["rules", "--check", "la-petite-guerre"])
            .status(2)
            .stdout("")
            .run()
            .stderr;
        assert!(
            stderr.contains(&format!("la-petite-guerre.yaml:{line}:")) && stderr.contains(says),
            "{to}: line {line}, `{says}` expected:\n{stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
    // A token named like an option of `draw` cannot be typed as one.
    let tables = house_tables(|t| t.replace(draw, "draw: {token: odds, per-side: smaller}"));
    Test::new()
        .tables(tables.path())
        .args(["generate", "completions", "bash"])
        .status(2)
        .stderr_contains(
            "la-petite-guerre.yaml: the tokens' name `odds` (turn: draw:) is already an option \
             of `umpire draw`",
        )
        .run();
}

#[test]
fn the_help_of_the_draw_names_the_tokens_of_the_ruleset_in_use_or_says_token() {
    Test::new()
        .args(["draw", "--help"])
        .stdout_contains("Draw a bead: whose phase it is")
        .stdout_contains("--bead <BEAD>")
        .stdout_contains("--token]")
        .run();
    Test::new()
        .args(["turn", "--help"])
        .stdout_contains("--beads <N>")
        .stdout_contains("Beads per side, instead of the rule's count")
        .stdout_contains("--tokens]")
        .run();
    // A ruleset without a turn rule, or tables that cannot be read: the generic word.
    for args in [
        &["--rules", "fiw-grid"][..],
        &["--tables", "/nonexistent/tables"],
    ] {
        Test::new()
            .env("UMPIRE_TABLES", crate::support::test_tables())
            .args(args)
            .args(["draw", "--help"])
            .stdout_contains("Draw a token: whose phase it is")
            .stdout_contains("--token <TOKEN>")
            .run();
    }
}
