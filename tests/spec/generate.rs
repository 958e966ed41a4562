//! The generated man pages and shell completions: the pages committed in `man/` are the ones
//! the command line gives, they render without a warning, and the completion scripts really
//! complete the tables' words and the current game's figures.
//!
//! Every command runs with its own data directory and without the UMPIRE_* variables that
//! would change what it does.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Output;

use tempfile::TempDir;

use crate::support::{
    Test, bin, isolate, ok_in, require, root, tempdir as data, test_tables, text,
};

/// The files of a folder by name, with their bytes.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let read = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()));
    read.map(|e| {
        let e = e.unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()));
        let bytes =
            std::fs::read(e.path()).unwrap_or_else(|e2| panic!("{}: {e2}", e.path().display()));
        (e.file_name().to_string_lossy().into_owned(), bytes)
    })
    .collect()
}

/// Fresh pages in a temporary folder (with a stale page and a stranger planted first).
fn fresh_pages() -> (TempDir, TempDir, String) {
    let d = data();
    let out = data();
    std::fs::write(out.path().join("umpire-gone.1"), "stale").unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(out.path().join("notes.txt"), "keep").unwrap_or_else(|e| panic!("{e}"));
    let dir = out.path().to_string_lossy().into_owned();
    let stdout = ok_in(d.path(), &["generate", "man", &dir]);
    (d, out, stdout)
}

// ----- man pages --------------------------------------------------------------------------------

#[test]
fn the_committed_man_pages_are_the_generated_ones() {
    let (_d, out, stdout) = fresh_pages();
    // A page of a command that is gone goes; other files stay.
    assert!(
        !out.path().join("umpire-gone.1").exists(),
        "a stale page stayed"
    );
    assert!(
        out.path().join("notes.txt").exists(),
        "a stranger was removed"
    );
    std::fs::remove_file(out.path().join("notes.txt")).unwrap_or_else(|e| panic!("{e}"));
    let fresh = files(out.path());
    // Every written page is printed, one per line.
    assert_eq!(stdout.lines().count(), fresh.len(), "{stdout}");
    for name in [
        "umpire.1",
        "umpire-roll.1",
        "umpire-game-new.1",
        "umpire-unit-add.1",
    ] {
        assert!(
            fresh.contains_key(name),
            "no {name} among {:?}",
            fresh.keys()
        );
    }
    assert!(
        !fresh
            .keys()
            .any(|n| n.contains("generate") || n.contains("help")),
        "a hidden command or `help` has a page: {:?}",
        fresh.keys()
    );
    let committed_dir = root().join("man");
    let committed = if committed_dir.is_dir() {
        files(&committed_dir)
    } else {
        BTreeMap::new()
    };
    let refresh = "the man pages in man/ are not the ones the command line gives: \
                   run `cargo run -- generate man man` and commit man/";
    let missing: Vec<&String> = fresh
        .keys()
        .filter(|n| !committed.contains_key(*n))
        .collect();
    let extra: Vec<&String> = committed
        .keys()
        .filter(|n| !fresh.contains_key(*n))
        .collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{refresh}\nmissing from man/: {missing:?}\nnot generated any more: {extra:?}"
    );
    for (name, bytes) in &fresh {
        assert!(
            committed.get(name) == Some(bytes),
            "{refresh}\nman/{name} differs"
        );
    }
}

/// Run a tool that must exist on the machine (CI installs it).
fn tool(program: &str, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = std::process::Command::new(program);
    cmd.args(args);
    // A shell that calls `umpire` back must not see the caller's settings either.
    isolate(&mut cmd);
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output()
        .unwrap_or_else(|e| panic!("cannot run `{program}` ({e}): install it (.ci/run does)"))
}

#[test]
#[ignore = "needs groff and man: run by .ci/run (cargo test -- --ignored)"]
fn every_man_page_renders_without_warnings() {
    require("groff", "groff");
    require("man", "man-db");
    let (_d, out, _) = fresh_pages();
    let mut pages: Vec<PathBuf> = std::fs::read_dir(out.path())
        .unwrap_or_else(|e| panic!("{e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "1"))
        .collect();
    pages.sort();
    assert!(pages.len() > 10, "{pages:?}");
    // groff reads pages as Latin-1: everything beyond ASCII must be one of its escapes.
    for page in &pages {
        let bytes = std::fs::read(page).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            bytes.is_ascii(),
            "{} holds bytes beyond ASCII",
            page.display()
        );
    }
    // Pages in parallel: `man` takes a while per page.
    let rendered: Vec<(PathBuf, String)> = std::thread::scope(|s| {
        let handles: Vec<_> = pages
            .iter()
            .map(|page| {
                s.spawn(move || {
                    let file = page.to_string_lossy().into_owned();
                    // The C locale: a machine's missing locale would make `man` complain.
                    let groff = tool("groff", &["-man", "-ww", "-z", &file], &[("LC_ALL", "C")]);
                    assert!(
                        groff.status.success() && groff.stderr.is_empty(),
                        "groff -man -ww -z {file}: {}",
                        text(&groff.stderr)
                    );
                    let man = tool(
                        "man",
                        &["-l", &file],
                        &[
                            ("MANWIDTH", "80"),
                            ("MANPAGER", "cat"),
                            ("PAGER", "cat"),
                            ("LC_ALL", "C"),
                        ],
                    );
                    assert!(
                        man.status.success() && man.stderr.is_empty(),
                        "man -l {file}: {}",
                        text(&man.stderr)
                    );
                    (page.clone(), text(&man.stdout))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    let page = |name: &str| {
        rendered
            .iter()
            .find(|(p, _)| p.file_name().is_some_and(|n| n == name))
            .map(|(_, t)| t.clone())
            .unwrap_or_else(|| panic!("no page {name}"))
    };
    // The root page lists the commands; a group's page lists its own.
    let root = page("umpire.1");
    for sub in ["umpire-roll(1)", "umpire-game(1)", "umpire-mark(1)"] {
        assert!(root.contains(sub), "umpire.1 does not list {sub}:\n{root}");
    }
    assert!(
        !root.contains("generate"),
        "the hidden command shows:\n{root}"
    );
    let unit = page("umpire-unit.1");
    assert!(unit.contains("umpire-unit-add(1)"), "{unit}");
    let add = page("umpire-unit-add.1");
    assert!(add.contains("--side"), "{add}");
}

// ----- completions ------------------------------------------------------------------------------

/// The directory of the binary, for scripts that call `umpire` back.
fn bin_dir() -> PathBuf {
    let bin = bin();
    bin.parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| panic!("no folder for {}", bin.display()))
}

fn script(data: &TempDir, args: &[&str]) -> String {
    let mut all = vec!["generate", "completions"];
    all.extend_from_slice(args);
    ok_in(data.path(), &all)
}

/// Drives a bash completion script as bash itself would on TAB: sets COMP_WORDS, COMP_CWORD,
/// COMP_LINE and COMP_POINT for each line, calls the function `complete -p umpire` names, and
/// prints COMPREPLY on one line, words separated by tabs.
const BASH_DRIVER: &str = r#"source "$1" || exit 9
shift
spec=$(complete -p umpire) || exit 8
fn=${spec##*-F }
fn=${fn%% *}
for COMP_LINE in "$@"; do
    COMP_POINT=${#COMP_LINE}
    # Bash splits at blanks and at its word-break characters, `=` among them.
    read -r -a COMP_WORDS <<< "${COMP_LINE//=/ = }"
    [[ $COMP_LINE == *[[:space:]] ]] && COMP_WORDS+=('')
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    "$fn" umpire "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    (IFS=$'\t'; printf '%s\n' "${COMPREPLY[*]}")
done
"#;

/// What the bash script offers for each line, in order.
fn bash_complete(home: &TempDir, script: &str, lines: &[&str]) -> (Vec<Vec<String>>, String) {
    let dir = data();
    let path = dir.path().join("umpire.bash");
    std::fs::write(&path, script).unwrap_or_else(|e| panic!("{e}"));
    let driver = dir.path().join("driver.bash");
    std::fs::write(&driver, BASH_DRIVER).unwrap_or_else(|e| panic!("{e}"));
    let path_var = format!(
        "{}:{}",
        bin_dir().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut cmd = std::process::Command::new("bash");
    cmd.arg("--norc")
        .arg("--noprofile")
        .arg(&driver)
        .arg(&path)
        .args(lines)
        .env("PATH", path_var)
        .env("UMPIRE_DATA_DIR", home.path());
    isolate(&mut cmd);
    let out = cmd.output().unwrap_or_else(|e| panic!("bash: {e}"));
    assert!(
        out.status.success(),
        "bash: {:?}: {}",
        out.status,
        text(&out.stderr)
    );
    let stdout = text(&out.stdout);
    let replies: Vec<Vec<String>> = stdout
        .split('\n')
        .take(lines.len())
        .map(|l| {
            l.split('\t')
                .filter(|w| !w.is_empty())
                .map(str::to_string)
                .collect()
        })
        .collect();
    assert_eq!(replies.len(), lines.len(), "{stdout}");
    (replies, text(&out.stderr))
}

#[test]
fn bash_completes_commands_and_the_tables_words() {
    let d = data();
    let bash = script(&d, &["bash"]);
    let lines = [
        "umpire roll sh",
        "umpire unit add x tr",
        "umpire roll shoot cov",
        "umpire roll shoot cover=h",
        "umpire mark XX1 +pin",
        "umpire mark XX1 -pin",
        "umpire mark XX1 +de",
        "umpire g",
        "umpire game ",
        "umpire unit add x --side ",
        "umpire roll melee attacker.tro",
        "umpire roll shoot outn",
        "umpire roll morale --fi",
        "umpire --rules=la-p",
        "umpire ",
    ];
    let (replies, stderr) = bash_complete(&d, &bash, &lines);
    assert_eq!(stderr, "");
    let got = |i: usize| -> &Vec<String> { &replies[i] };
    let has = |i: usize, word: &str| {
        assert!(
            got(i).iter().any(|w| w == word),
            "`{}` TAB: {word} is not offered: {:?}",
            lines[i],
            got(i)
        );
    };
    has(0, "shoot");
    has(1, "troop=rangers");
    has(1, "troop=regulars");
    assert!(
        got(1).iter().all(|w| w.starts_with("troop=")),
        "{:?}",
        got(1)
    );
    // Factor words: only the factor's, with its values.
    has(2, "cover=half");
    has(2, "cover=none");
    assert!(
        got(2).iter().all(|w| w.starts_with("cover=")),
        "{:?}",
        got(2)
    );
    // After `=`, bash replaces only what follows it.
    assert_eq!(got(3), &["half"]);
    assert_eq!(got(4), &["+pinned"]);
    assert_eq!(got(5), &["-pinned"]);
    has(6, "+dead");
    assert_eq!(got(7), &["game"]);
    for sub in ["new", "list", "use", "show", "rm"] {
        has(8, sub);
    }
    assert_eq!(got(9), &["british", "french"]);
    has(10, "attacker.troop=militia");
    // A factor of another procedure is not offered.
    assert!(got(11).is_empty(), "{:?}", got(11));
    has(12, "--firer");
    has(12, "--fig");
    assert_eq!(got(13), &["la-petite-guerre"]);
    // The hidden command is not offered.
    has(14, "roll");
    assert!(!got(14).iter().any(|w| w == "generate"), "{:?}", got(14));
}

#[test]
fn bash_completes_the_figures_of_the_current_game() {
    let d = data();
    let bash = script(&d, &["bash"]);
    let lines = [
        "umpire mark RR",
        "umpire mark RR1,R",
        "umpire roll shoot --firer ",
        "umpire activate ",
        "umpire game use ",
    ];
    // No game: nothing offered, and nothing said.
    let (replies, stderr) = bash_complete(&d, &bash, &lines);
    assert_eq!(stderr, "", "TAB without a game printed on stderr");
    assert!(replies.iter().all(Vec::is_empty), "{replies:?}");
    ok_in(d.path(), &["game", "new", "tab"]);
    ok_in(
        d.path(),
        &[
            "unit",
            "add",
            "rogers",
            "--side",
            "british",
            "troop=rangers",
            "--figures",
            "3",
            "--code",
            "RR",
        ],
    );
    ok_in(
        d.path(),
        &[
            "unit",
            "add",
            "marines",
            "--side",
            "french",
            "troop=marine",
            "--figures",
            "2",
            "--code",
            "CF",
        ],
    );
    let (replies, stderr) = bash_complete(&d, &bash, &lines);
    assert_eq!(stderr, "");
    assert_eq!(replies[0], ["RR1", "RR2", "RR3"]);
    // In a list, the figures not yet named.
    assert_eq!(replies[1], ["RR1,RR2", "RR1,RR3"]);
    assert_eq!(replies[2], ["RR1", "RR2", "RR3", "CF1", "CF2"]);
    assert_eq!(replies[3], ["rogers", "marines"]);
    assert_eq!(replies[4], ["tab"]);
}

#[test]
fn the_words_come_from_the_ruleset_in_use() {
    let d = data();
    let tables = test_tables();
    let tables = tables.to_string_lossy().into_owned();
    let bash = script(
        &d,
        &["bash", "--tables", &tables, "--rules", "cest-la-guerre"],
    );
    let (replies, _) = bash_complete(&d, &bash, &["umpire roll com", "umpire roll sh"]);
    assert_eq!(replies[0], ["combat"]);
    assert!(replies[1].is_empty(), "{:?}", replies[1]);
}

#[test]
fn zsh_and_fish_scripts_hold_the_tables_words() {
    let d = data();
    for shell in ["zsh", "fish"] {
        let script = script(&d, &[shell]);
        for word in [
            "shoot",
            "melee",
            "cover=half",
            "+pinned",
            "british",
            "rangers",
        ] {
            assert!(script.contains(word), "{shell}: no `{word}` in the script");
        }
    }
    let zsh = script(&d, &["zsh"]);
    assert!(zsh.starts_with("#compdef umpire\n"), "{zsh}");
    assert!(
        zsh.contains(":FIGURE:_umpire_figures"),
        "no figure completion in zsh"
    );
    assert!(
        !zsh.contains("__umpire_ask_"),
        "a placeholder was left in zsh"
    );
    assert!(!zsh.contains("'generate:"), "zsh offers the hidden command");
    let fish = script(&d, &["fish"]);
    assert!(
        !fish.contains("-a \"generate\""),
        "fish offers the hidden command"
    );
}

#[test]
#[ignore = "needs zsh and fish: run by .ci/run (cargo test -- --ignored)"]
fn zsh_and_fish_scripts_parse() {
    let d = data();
    let dir = data();
    for shell in ["zsh", "fish"] {
        require(shell, shell);
        let script = script(&d, &[shell]);
        let path = dir.path().join(format!("umpire.{shell}"));
        std::fs::write(&path, &script).unwrap_or_else(|e| panic!("{e}"));
        let out = tool(shell, &["-n", &path.to_string_lossy()], &[]);
        assert!(
            out.status.success() && out.stderr.is_empty(),
            "{shell} -n: {}",
            text(&out.stderr)
        );
    }
}

#[test]
#[ignore = "needs fish: run by .ci/run (cargo test -- --ignored)"]
fn fish_completes_the_tables_words_and_the_figures() {
    require("fish", "fish");
    let d = data();
    let dir = data();
    let path = dir.path().join("umpire.fish");
    std::fs::write(&path, script(&d, &["fish"])).unwrap_or_else(|e| panic!("{e}"));
    ok_in(d.path(), &["game", "new", "tab"]);
    ok_in(
        d.path(),
        &[
            "unit",
            "add",
            "rogers",
            "--side",
            "british",
            "troop=rangers",
            "--figures",
            "3",
            "--code",
            "RR",
        ],
    );
    let complete = |line: &str| {
        let program = format!("source '{}'; complete -C '{line}'", path.to_string_lossy());
        let path_var = format!(
            "{}:{}",
            bin_dir().display(),
            std::env::var("PATH").unwrap_or_default()
        );
        let out = tool(
            "fish",
            &["--no-config", "-c", &program],
            &[
                ("PATH", &path_var),
                ("UMPIRE_DATA_DIR", &d.path().to_string_lossy()),
            ],
        );
        assert!(
            out.stderr.is_empty(),
            "fish `{line}`: {}",
            text(&out.stderr)
        );
        // Each line is a word, then a tab and what it means.
        text(&out.stdout)
            .lines()
            .map(|l| l.split('\t').next().unwrap_or("").to_string())
            .collect::<Vec<_>>()
    };
    assert!(complete("umpire roll sh").contains(&"shoot".to_string()));
    assert_eq!(complete("umpire mark RR1 +pin"), ["+pinned"]);
    assert!(complete("umpire roll shoot cov").contains(&"cover=half".to_string()));
    assert_eq!(complete("umpire mark RR"), ["RR1", "RR2", "RR3"]);
    assert_eq!(
        complete("umpire roll shoot --firer RR"),
        ["RR1", "RR2", "RR3"]
    );
}

#[test]
fn an_unknown_shell_is_refused_with_the_choices() {
    let d = data();
    let out = Test::new()
        .data_dir(d.path())
        .args(["generate", "completions", "tcsh"])
        .status(2)
        .stdout("")
        .stderr_contains("bash")
        .stderr_contains("zsh")
        .stderr_contains("fish")
        .run();
    assert!(out.stderr.starts_with("error: "), "{}", out.stderr);
}
