//! Hostile input meets a limit. Each file umpire reads has a size it may not pass, its text must
//! be UTF-8, and YAML may nest only so deep and expand its aliases only so far; text typed in
//! may not hold control characters nor run too long, and text read from files is shown escaped
//! and cut, at the cost of what is shown. Each test builds the hostile input, runs the binary
//! to its end, and reads the one-line error, which names the file, and the exit code: 2, the
//! input's fault.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::support::{self, Output, Table, nerve_ruleset, subdir, tempdir, write};

/// Run `umpire ARGS` on the data directory `data` with `env` set, to its end: a command that
/// hung would be the test harness's to report, with no bound here to fail on a busy machine.
fn bounded<S: AsRef<OsStr>>(data: &Path, env: &[(&str, &OsStr)], args: &[S]) -> Output {
    let shown: Vec<String> = args
        .iter()
        .map(|a| a.as_ref().to_string_lossy().chars().take(80).collect())
        .collect();
    let shown = format!("umpire {}", shown.join(" "));
    let mut cmd: Command = support::process(data);
    cmd.args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let out = cmd.output().unwrap_or_else(|e| panic!("{shown}: {e}"));
    Output {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The one-line message of a run refused as the input's fault (exit 2), without `error: `.
fn refused(out: &Output) -> String {
    assert_eq!(out.code, 2, "exit {}: {}", out.code, out.stderr);
    support::assert_clean_error(&out.stderr, &[]);
    let message = out
        .stderr
        .strip_prefix("error: ")
        .and_then(|m| m.strip_suffix('\n'))
        .unwrap_or_else(|| panic!("not one `error: ` line: {:?}", out.stderr));
    assert!(!message.contains('\n'), "more than one line: {message}");
    message.to_string()
}

/// A tables directory holding `text` as `name`; returns the directory and the file's path.
fn tables_with(name: &str, text: impl AsRef<[u8]>) -> (tempfile::TempDir, PathBuf) {
    let dir = tempdir();
    let file = dir.path().join(name);
    write(&file, text);
    (dir, file)
}

/// `umpire --tables DIR rules` on a fresh data directory.
fn rules_with_tables(tables: &Path) -> Output {
    let data = tempdir();
    bounded(
        data.path(),
        &[],
        &[
            OsStr::new("--tables"),
            tables.as_os_str(),
            OsStr::new("rules"),
        ],
    )
}

/// The configuration file of a data directory (the tests run with no UMPIRE_CONFIG_DIR).
fn config_path(data: &Path) -> PathBuf {
    subdir(data, "config").join("config.yaml")
}

// ----- sizes ------------------------------------------------------------------------------------

#[test]
fn a_table_file_over_its_limit_is_refused_by_its_size_before_it_is_read() {
    // A ruleset that loads, made 2 MiB long by a comment: valid, only too big.
    let mut text = nerve_ruleset("big", "Big");
    let pad = 2 * 1024 * 1024 - text.len();
    text.push_str(&format!("# {}\n", "x".repeat(pad - 3)));
    let (dir, file) = tables_with("big.yaml", &text);
    let message = refused(&rules_with_tables(dir.path()));
    assert_eq!(
        message,
        format!(
            "{}: 2097152 bytes (2 MiB), more than the 1 MiB a table file may hold (a ruleset's \
             tables run to tens of kilobytes: is it the file you meant?)",
            file.display()
        )
    );
}

#[cfg(unix)]
#[test]
fn a_table_file_that_is_a_device_or_a_pipe_is_refused_instead_of_read_for_ever() {
    let dir = tempdir();
    let zero = dir.path().join("zero.yaml");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap_or_else(|e| panic!("{e}"));
    let message = refused(&rules_with_tables(dir.path()));
    assert!(
        message.starts_with(&format!("{} is not a plain file", zero.display())),
        "{message}"
    );
    let dir = tempdir();
    let fifo = dir.path().join("fifo.yaml");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap_or_else(|e| panic!("mkfifo: {e}"));
    assert!(made.success());
    let message = refused(&rules_with_tables(dir.path()));
    assert!(
        message.starts_with(&format!("{} is not a plain file", fifo.display())),
        "{message}"
    );
}

#[test]
fn a_config_file_over_its_limit_is_refused_by_its_size() {
    let data = tempdir();
    let config = config_path(data.path());
    let text = format!("dice: tool\n# {}\n", "x".repeat(100 * 1024));
    write(&config, &text);
    let message = refused(&bounded(data.path(), &[], &["rules"]));
    assert_eq!(
        message,
        format!(
            "{}: {} bytes (100 KiB), more than the 64 KiB the configuration file may hold (it \
             holds three short settings: remove it and set them again with `umpire config`)",
            config.display(),
            text.len()
        )
    );
}

#[test]
fn a_game_state_over_its_limit_is_refused_by_its_size() {
    let t = Table::rangers("RR", 2);
    let mut state = support::read(&t.state_path());
    // Still valid JSON: blanks after the object.
    state.resize(2 * 1024 * 1024, b' ');
    write(&t.state_path(), &state);
    for args in [&["figs"][..], &["mark", "RR1", "+pinned"]] {
        let message = refused(&bounded(t.path(), &[], args));
        assert!(
            message.starts_with(&format!(
                "{}: 2097152 bytes (2 MiB), more than the 1 MiB a game's state may hold",
                t.state_path().display()
            )),
            "{message}"
        );
    }
}

#[test]
fn a_game_log_over_its_limit_is_refused_by_its_size() {
    let t = Table::rangers("RR", 2);
    let mut log = support::read(&t.log_path());
    // What the state counts stays as it was; the rest is 5 MiB of blank lines.
    log.resize(5 * 1024 * 1024, b'\n');
    write(&t.log_path(), &log);
    for args in [&["log"][..], &["log", "--last", "1"], &["undo"]] {
        let message = refused(&bounded(t.path(), &[], args));
        assert!(
            message.starts_with(&format!(
                "{}: 5242880 bytes (5 MiB), more than the 4 MiB a game's log may hold",
                t.log_path().display()
            )),
            "{message}"
        );
    }
}

// ----- UTF-8 ------------------------------------------------------------------------------------

#[test]
fn invalid_utf8_in_any_file_is_placed_by_line_and_column_and_is_the_inputs_fault() {
    const HINT: &str = "(umpire reads UTF-8 text only: save the file as UTF-8)";
    // A table: the byte is on line 2, after `title: Nerv`.
    let text = nerve_ruleset("nerve", "Nerve");
    let mut bytes = text.clone().into_bytes();
    bytes.insert(
        text.find("title: Nerve").unwrap_or(0) + "title: Nerv".len(),
        0xE9,
    );
    let (dir, file) = tables_with("nerve.yaml", &bytes);
    assert_eq!(
        refused(&rules_with_tables(dir.path())),
        format!("{}:2:12: invalid UTF-8 (byte 0xE9) {HINT}", file.display())
    );

    // The configuration.
    let data = tempdir();
    let config = config_path(data.path());
    write(&config, b"# r\xC3\xA9glages\ndice: phys\xFFical\n");
    assert_eq!(
        refused(&bounded(data.path(), &[], &["rules"])),
        format!(
            "{}:2:11: invalid UTF-8 (byte 0xFF) {HINT}",
            config.display()
        )
    );

    // A game's state: a note written by another program in Latin-1.
    let t = Table::rangers("RR", 2);
    let state = String::from_utf8(support::read(&t.state_path())).unwrap_or_default();
    let figure = r#"{"code":"RR1""#;
    let noted = format!(r#"{figure},"note":"bless"#);
    let line = state.lines().position(|l| l.contains(figure)).unwrap_or(0);
    let column = state
        .lines()
        .nth(line)
        .unwrap_or("")
        .find(figure)
        .unwrap_or(0)
        + noted.len()
        + 1;
    let mut bytes = state
        .replacen(figure, &format!("{noted}\u{e9}\""), 1)
        .into_bytes();
    let e_acute = bytes
        .windows(2)
        .position(|w| w == "\u{e9}".as_bytes())
        .unwrap_or(0);
    bytes.splice(e_acute..e_acute + 2, [0xE9]);
    write(&t.state_path(), &bytes);
    assert_eq!(
        refused(&bounded(t.path(), &[], &["figs"])),
        format!(
            "{}:{}:{column}: invalid UTF-8 (byte 0xE9) {HINT}",
            t.state_path().display(),
            line + 1
        )
    );

    // A game's log: its first line.
    let t = Table::rangers("RR", 2);
    let log = support::read(&t.log_path());
    let mut bytes = log.clone();
    let quote = log.iter().position(|b| *b == b'"').unwrap_or(0);
    bytes[quote + 1] = 0xFF;
    write(&t.log_path(), &bytes);
    assert_eq!(
        refused(&bounded(t.path(), &[], &["log"])),
        format!(
            "{}:1:{}: invalid UTF-8 (byte 0xFF) {HINT}",
            t.log_path().display(),
            quote + 2
        )
    );
}

// ----- YAML: nesting and aliases ----------------------------------------------------------------

#[test]
fn yaml_aliases_that_would_expand_too_far_are_refused_at_the_alias_before_parsing() {
    // A "billion laughs" of one level: a long text named once, repeated by alias.
    let lol = "lol".repeat(10_000);
    let copies = vec!["*n"; 300].join(", ");
    let mut text = nerve_ruleset("laughs", "Laughs");
    text.push_str(&format!("author: &n {lol}\nnotes: [{copies}]\n"));
    let (dir, file) = tables_with("laughs.yaml", &text);
    // Each alias adds what `&n lol...` spans: the one past 2 MiB is refused.
    let weight = 3 + lol.len();
    let k = (2 * 1024 * 1024 - text.len()) / weight + 1;
    let line = text.lines().count();
    let column = "notes: [".len() + (k - 1) * "*n, ".len() + 1;
    assert_eq!(
        refused(&rules_with_tables(dir.path())),
        format!(
            "{}:{line}:{column}: alias *n takes the text past 2 MiB once its aliases are \
             expanded (see the ruleset format in the README)",
            file.display()
        )
    );
}

#[test]
fn yaml_nested_too_deep_is_refused_where_it_passes_the_limit_before_parsing() {
    // 100,000 deep: the parser's work grows with the square of the depth.
    let deep = 100_000;
    let mut text = nerve_ruleset("deep", "Deep");
    let line = text.lines().count() + 1;
    text.push_str(&format!(
        "notes: {}{}\n",
        "[".repeat(deep),
        "]".repeat(deep)
    ));
    let (dir, file) = tables_with("deep.yaml", &text);
    // The mapping is one level: the 64th bracket is the 65th level.
    let column = "notes: ".len() + 64;
    assert_eq!(
        refused(&rules_with_tables(dir.path())),
        format!(
            "{}:{line}:{column}: collections nest more than 64 deep here (see the ruleset \
             format in the README)",
            file.display()
        )
    );
    // In the configuration, which every command reads, as deep as its size allows.
    let data = tempdir();
    let config = config_path(data.path());
    let deep = 30_000;
    write(
        &config,
        format!(
            "dice: tool\ncolour: {}{}\n",
            "[".repeat(deep),
            "]".repeat(deep)
        ),
    );
    assert_eq!(
        refused(&bounded(data.path(), &[], &["rules"])),
        format!(
            "{}:2:{}: collections nest more than 64 deep here (fix it by hand, or set a key \
             with `umpire config KEY VALUE`)",
            config.display(),
            "colour: ".len() + 64
        )
    );
    // Block nesting as well.
    write(
        &config,
        format!("dice: tool\ncolour:\n{}x\n", "- ".repeat(deep)),
    );
    assert_eq!(
        refused(&bounded(data.path(), &[], &["rules"])),
        format!(
            "{}:3:127: collections nest more than 64 deep here (fix it by hand, or set a key \
             with `umpire config KEY VALUE`)",
            config.display()
        )
    );
    // And a value typed for the configuration is a word, never parsed as YAML.
    let nested = format!("{}{}", "[".repeat(60_000), "]".repeat(60_000));
    let message = refused(&bounded(
        tempdir().path(),
        &[],
        &["config", "dice", &nested],
    ));
    assert!(message.contains("is not a value of dice"), "{message}");
}

#[test]
fn a_duplicate_key_is_reported_where_it_is_written() {
    let text = nerve_ruleset("twice", "Twice").replacen(
        "    roll: 1d6\n",
        "    roll: 1d6\n    title: Nerve again\n",
        1,
    );
    let line = text
        .lines()
        .position(|l| l == "    title: Nerve again")
        .unwrap_or(0)
        + 1;
    let (dir, file) = tables_with("twice.yaml", &text);
    assert_eq!(
        refused(&rules_with_tables(dir.path())),
        format!(
            "{}:{line}:5: procedures[0]: duplicate field `title` (see the ruleset format in \
             the README)",
            file.display()
        )
    );
    let data = tempdir();
    let config = config_path(data.path());
    write(
        &config,
        "# mine\ndice: tool\ncolour: never\ndice: physical\n",
    );
    assert_eq!(
        refused(&bounded(data.path(), &[], &["rules"])),
        format!(
            "{}:4:1: duplicate field `dice` (fix it by hand, or set a key with `umpire config \
             KEY VALUE`)",
            config.display()
        )
    );
}

// ----- control characters -----------------------------------------------------------------------

/// Escape sequences that act on a terminal: retitle it, ring, clear the screen.
const HOSTILE: &str = "\u{1b}]0;pwned\u{7}\u{1b}[2Jgone";

/// How they show once escaped (a table may wrap what follows).
const SHOWN: &str = "\\u{1b}]0;pwned\\u{7}\\u{1b}[2J";

fn no_control_characters(out: &Output, args: &[&str]) {
    for (what, text) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
        assert!(
            !text.chars().any(|c| c.is_control() && c != '\n'),
            "umpire {}: a control character reached {what}: {text:?}",
            args.join(" ")
        );
    }
}

#[test]
fn control_characters_typed_are_refused_and_those_read_from_files_are_shown_escaped() {
    let t = Table::rangers("RR", 2);
    // Typed: a note that would retitle the terminal or clear it is refused, as is a line break.
    for (args, at, code) in [
        (&["fig", "note", "RR1", HOSTILE][..], 1, 0x1B),
        (
            &["unit", "note", "rangers", &format!("ok{HOSTILE}")],
            3,
            0x1B,
        ),
        (
            &[
                "unit",
                "add",
                "scouts",
                "troop=rangers",
                "--side",
                "british",
                "--figures",
                "1",
            ]
            .into_iter()
            .chain(["--note", "two\nlines"])
            .collect::<Vec<_>>(),
            4,
            0x0A,
        ),
    ] {
        assert_eq!(
            refused(&bounded(t.path(), &[], args)),
            format!(
                "a note may not hold control characters: character {at} is U+{code:04X} (type \
                 plain text on one line: no escape sequence, tab or line break)"
            ),
            "umpire {}",
            args.join(" ")
        );
    }
    // Read: game.json edited by hand (JSON escapes), a figure's note and a unit's side.
    let state = String::from_utf8(support::read(&t.state_path())).unwrap_or_default();
    let json = serde_json::to_string(HOSTILE).unwrap_or_default();
    let edited = state
        .replacen(
            r#"{"code":"RR1""#,
            &format!(r#"{{"code":"RR1","note":{json}"#),
            1,
        )
        .replacen(r#""side":"british""#, &format!(r#""side":{json}"#), 1);
    assert_ne!(edited, state);
    write(&t.state_path(), edited);
    for args in [
        &["figs"][..],
        &["unit", "list"],
        &["unit", "show", "rangers"],
        &["fig", "show", "RR1"],
    ] {
        let out = bounded(t.path(), &[], args);
        no_control_characters(&out, args);
        assert!(
            out.stdout.contains(SHOWN),
            "umpire {}: {}",
            args.join(" "),
            out.stdout
        );
    }
    // Typed and echoed by an error: shown escaped too.
    let args = ["fig", "show", &format!("RR{HOSTILE}")];
    let out = bounded(t.path(), &[], &args);
    no_control_characters(&out, &args);
    // (A figure's label is shown in capitals.)
    let message = refused(&out);
    assert!(
        message.contains("RR\\u{1b}]0;PWNED\\u{7}\\u{1b}[2JGONE"),
        "{message}"
    );
}

// ----- long text --------------------------------------------------------------------------------

#[test]
fn long_text_is_refused_where_typed_and_cut_where_shown_at_the_cost_of_what_is_shown() {
    let t = Table::rangers("RR", 2);
    let note = "x".repeat(1001);
    assert_eq!(
        refused(&bounded(t.path(), &[], &["fig", "note", "RR1", &note])),
        "a note holds at most 1000 characters; this one has 1001 (shorten it)"
    );
    t.ok(&["fig", "note", "RR1", &note[..1000]]);
    // Edited by hand: a note of 400,000 characters in one word, which a table would break
    // piece by piece (128,000 took 11 s), and a unit's as long.
    let state = String::from_utf8(support::read(&t.state_path())).unwrap_or_default();
    let huge = "y".repeat(400_000);
    let edited = state.replacen(&note[..1000], &huge, 1).replacen(
        r#""code":"RR","#,
        &format!(r#""code":"RR","note":"{huge}","#),
        1,
    );
    assert_ne!(edited, state);
    write(&t.state_path(), edited);
    for args in [
        &["figs"][..],
        &["unit", "list"],
        &["unit", "show", "rangers"],
        &["fig", "show", "RR1"],
    ] {
        let out = bounded(t.path(), &[], args);
        assert_eq!(out.code, 0, "umpire {}: {}", args.join(" "), out.stderr);
        assert!(
            out.stdout.contains("yyy…") && out.stdout.len() < 20_000,
            "umpire {}: {} bytes",
            args.join(" "),
            out.stdout.len()
        );
    }
    // A table's text: a label of 500,000 characters in one word, in the card's table.
    let long = "z".repeat(500_000);
    let tables = support::house_tables(|t| {
        t.replacen(
            "{label: initial shot,",
            &format!("{{label: \"initial shot {long}\","),
            1,
        )
    });
    let data = tempdir();
    for args in [&["card", "shoot"][..], &["cards"]] {
        let out = bounded(
            data.path(),
            &[],
            &[
                &["--tables", &tables.path().display().to_string()][..],
                args,
            ]
            .concat(),
        );
        assert_eq!(out.code, 0, "umpire {}: {}", args.join(" "), out.stderr);
        assert!(
            out.stdout.contains("zzz…") && out.stdout.len() < 200_000,
            "umpire {}: {} bytes",
            args.join(" "),
            out.stdout.len()
        );
    }
}

// ----- chains of procedures ---------------------------------------------------------------------

/// A ruleset of `n` procedures written as short as they go, `p0` to `p{n-1}`, each result `a`
/// going on to the next (and each `b` too when `both`); the last goes on to `loop_to`, if any.
fn chain(n: usize, both: bool, loop_to: Option<usize>) -> String {
    let mut text = String::from("ruleset: chain\ntitle: Chain\nprocedures:\n");
    for i in 0..n {
        let next = if i + 1 < n { Some(i + 1) } else { loop_to };
        let on = next.map(|k| format!(", next: [p{k}]")).unwrap_or_default();
        let b_on = if both { on.as_str() } else { "" };
        text.push_str(&format!(
            "- {{name: p{i}, title: S, help: h, roll: 1d6, check: {{compare: at-least, target: \
             4, pass: a, fail: b}}, results: [{{name: a, label: A{on}}}, {{name: b, label: \
             B{b_on}}}]}}\n"
        ));
    }
    text
}

#[test]
fn a_chain_as_long_as_a_table_holds_loads_and_rolls_and_odds_past_their_limits_are_refused() {
    let run = |tables: &Path, args: &[&str]| {
        let data = tempdir();
        let flags = [
            "--tables",
            &tables.display().to_string(),
            "--rules",
            "chain",
        ];
        bounded(data.path(), &[], &[&flags[..], args].concat())
    };
    // 6,000 procedures in a row: about as many as a table file may hold.
    let (dir, _) = tables_with("chain.yaml", chain(6000, false, None));
    for args in [
        &["rules", "chain"][..],
        &["rules", "chain", "--check"],
        &["rules", "p0"],
        &["card", "p0"],
        &["roll", "p0", "--seed", "1"],
    ] {
        let out = run(dir.path(), args);
        assert_eq!(out.code, 0, "umpire {}: {}", args.join(" "), out.stderr);
    }
    assert_eq!(
        refused(&run(dir.path(), &["odds", "p0"])),
        "the chain from `p0` has more than 100 steps: too many to enumerate (roll it, or ask \
         for the odds of a step further down the chain)"
    );
    // 24 in a row, both results of each going on: two to the 24th final outcomes.
    let (dir, _) = tables_with("chain.yaml", chain(24, true, None));
    assert_eq!(
        refused(&run(dir.path(), &["odds", "p0"])),
        "the chain from `p0` has more than 10000 final outcomes: too many to enumerate (roll \
         it, or ask for the odds of a step further down the chain)"
    );
    // The last going back to the first: a loop of 6,000, refused where it closes.
    let (dir, file) = tables_with("chain.yaml", chain(6000, false, Some(0)));
    assert_eq!(
        refused(&run(dir.path(), &["rules"])),
        format!(
            "{}:4:4: procedures go on to each other in a loop of 6000: p0 → p1 → p2 → … → \
             p5997 → p5998 → p5999 → p0",
            file.display()
        )
    );
}

#[test]
fn a_tables_directory_whose_files_together_pass_its_limit_is_refused() {
    // Three rulesets of 400 KiB each, every one within a table file's limit.
    let dir = tempdir();
    let mut total = 0;
    for name in ["a", "b", "c"] {
        let mut text = nerve_ruleset(name, name);
        text.push_str(&format!("# {}\n", "x".repeat(400 * 1024)));
        total += text.len();
        write(&dir.path().join(format!("{name}.yaml")), &text);
    }
    assert_eq!(
        refused(&rules_with_tables(dir.path())),
        format!(
            "{}: {total} bytes (1.1 MiB), more than the 1 MiB a tables directory (its table files \
             together) may hold (keep in it the rulesets you play; a ruleset's tables run to \
             tens of kilobytes)",
            dir.path().display()
        )
    );
}
