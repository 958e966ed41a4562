//! A damaged cache: an entry damaged any way, or edited by hand into a well-formed one, changes
//! no result and no message, and is written anew.

use std::ffi::OsString;
use std::path::Path;

use super::{
    QUICK_START, args, copy_test_tables, difference, header_of, no_cache, run, shown, the_entry,
};
use crate::support::{Output, read, subdir, tempdir as temp, write};

/// Where `what` first occurs in `bytes`.
fn find(bytes: &[u8], what: &[u8]) -> usize {
    if what.is_empty() {
        return 0;
    }
    bytes
        .windows(what.len())
        .position(|w| w == what)
        .unwrap_or_else(|| {
            let text = String::from_utf8_lossy(bytes);
            let start: String = text.chars().take(200).collect();
            panic!("no {:?} in {start:?}...", String::from_utf8_lossy(what))
        })
}

/// The entry with word `n` of its header replaced.
fn with_header_word(entry: &[u8], n: usize, word: &str) -> Vec<u8> {
    let mut header = header_of(entry);
    let len = header.join(" ").len();
    header[n] = word.to_string();
    [header.join(" ").as_bytes(), &entry[len..]].concat()
}

/// Where the body of an entry starts, after its header line.
fn body_start(entry: &[u8]) -> usize {
    header_of(entry).join(" ").len() + 1
}

/// The entry with the first `what` in its body after `after` replaced by `with`, of the same
/// length, as a hand edit leaves it.
fn with_body_edit(entry: &[u8], after: &[u8], what: &[u8], with: &[u8]) -> Vec<u8> {
    assert_eq!(what.len(), with.len());
    let start = body_start(entry);
    let start = start + find(&entry[start..], after);
    let at = start + find(&entry[start..], what);
    let mut out = entry.to_vec();
    out[at..at + with.len()].copy_from_slice(with);
    out
}

/// Ways to damage an entry. None of them can be read, so the next run parses the table and
/// writes the entry anew.
fn damages(entry: &[u8], other: &[u8]) -> Vec<(&'static str, Vec<u8>)> {
    let header = header_of(entry);
    let header_len = body_start(entry);
    let flipped = |hex: &str| {
        let mut h: Vec<char> = hex.chars().collect();
        h[15] = if h[15] == '0' { '1' } else { '0' };
        h.into_iter().collect::<String>()
    };
    let mut out = vec![
        ("an empty file", Vec::new()),
        ("garbage", b"\xff\xfe\x00garbage {[\n\x80\x81 more".to_vec()),
        ("an empty JSON object", b"{}\n".to_vec()),
        ("the header line alone", entry[..header_len].to_vec()),
        ("the body alone", entry[header_len..].to_vec()),
        (
            "another magic word",
            with_header_word(entry, 0, "umpire-rulez"),
        ),
        ("another format", with_header_word(entry, 1, "9999")),
        (
            "a format too big for any integer",
            with_header_word(entry, 1, &"9".repeat(40)),
        ),
        (
            "another build",
            with_header_word(entry, 2, &flipped(&header[2])),
        ),
        (
            "another table's text",
            with_header_word(entry, 3, &flipped(&header[3])),
        ),
        (
            "another body",
            with_header_word(entry, 4, &flipped(&header[4])),
        ),
        (
            "hashes in capitals",
            // (The first hash with a letter in it: a hash of digits alone has no capitals.)
            (2..=4)
                .find(|&n| header[n].chars().any(|c| c.is_ascii_alphabetic()))
                .map_or_else(
                    || with_header_word(entry, 2, "A"),
                    |n| with_header_word(entry, n, &header[n].to_uppercase()),
                ),
        ),
        ("a header word missing", with_header_word(entry, 4, "")),
        ("cut in half", entry[..entry.len() / 2].to_vec()),
        ("the last byte cut", entry[..entry.len() - 1].to_vec()),
        ("a byte added", [entry, b" "].concat()),
        ("a second entry after it", [entry, entry].concat()),
        ("the entry of another table", other.to_vec()),
        (
            "another table's body under this header",
            [&entry[..header_len], &other[body_start(other)..]].concat(),
        ),
        (
            "a body edited into one that does not check",
            // The first dice of six sides (`2d6`, `1d6`, ...) become dice of no sides.
            with_body_edit(entry, b"", b"d6", b"d0"),
        ),
    ];
    // A body cut inside a character of more than one byte, when the entry has one.
    if let Some(at) = entry.iter().position(|&b| b >= 0x80) {
        out.push(("cut inside a character", entry[..at + 1].to_vec()));
    }
    out
}

/// The entry a small table of its own keeps, to put where another table's entry is.
fn another_entry(root: &Path) -> Vec<u8> {
    let tables = subdir(root, "other-tables");
    let cache = root.join("other-cache");
    write(
        &tables.join("other.yaml"),
        "ruleset: other\ntitle: Other\nprocedures:\n  - name: x\n    title: X\n    help: h\n    \
         roll: 1d6\n    check: {compare: at-least, target: 4, pass: a, fail: b}\n    \
         results: [{name: a, label: A}, {name: b, label: B}]\n",
    );
    let tables = tables.to_string_lossy().into_owned();
    let out = run(
        root,
        &cache,
        &["--tables", &tables, "--rules", "other", "odds", "x"],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    read(&the_entry(&cache))
}

/// Damage the entry every possible way, and check that every command prints what it prints
/// with no cache at all, and that it puts the entry right again. Returns the damages tried.
fn assert_damage_changes_nothing(flags: &[OsString], commands: &[&[&str]]) -> Vec<&'static str> {
    let root = temp();
    let data = subdir(root.path(), "data");
    let none = no_cache(root.path());
    let cache = root.path().join("cache");
    let commands: Vec<Vec<OsString>> = commands
        .iter()
        .map(|c| flags.iter().cloned().chain(args(c)).collect())
        .collect();
    let expected: Vec<Output> = commands.iter().map(|c| run(&data, &none, c)).collect();
    run(&data, &cache, &commands[0]);
    let entry = the_entry(&cache);
    let good = read(&entry);
    let mut failures = Vec::new();
    let cases = damages(&good, &another_entry(root.path()));
    for (what, damaged) in &cases {
        assert_ne!(damaged, &good, "{what}");
        for (command, expected) in commands.iter().zip(&expected) {
            write(&entry, damaged);
            let out = run(&data, &cache, command);
            if out != *expected {
                failures.push(format!(
                    "{what}: umpire {}: {}",
                    shown(command),
                    difference(expected, &out)
                ));
            }
            if read(&entry) != good {
                failures.push(format!(
                    "{what}: umpire {}: the entry was not rewritten",
                    shown(command)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    cases.iter().map(|(what, _)| *what).collect()
}

#[test]
fn a_damaged_entry_never_changes_a_result_or_a_message() {
    assert_damage_changes_nothing(
        &[],
        &[
            &["odds", "shoot", "--json"],
            QUICK_START,
            &[
                "roll",
                "melee",
                "attacker.troop=indians",
                "defender.troop=regulars",
                "--seed",
                "7",
            ],
            &["roll", "shoot", "cover=hlaf"],
        ],
    );
}

#[test]
fn a_damaged_entry_of_a_users_table_never_changes_a_result() {
    // The 1750s table's title has a dash of three bytes: the entry may be cut inside it.
    let root = temp();
    copy_test_tables(root.path());
    let flags = args(&[
        "--tables",
        &root.path().to_string_lossy(),
        "--rules",
        "lpg-1750s",
    ]);
    // Only the entry of the table in use is damaged: keep the others out of the directory.
    for other in ["fiw-grid", "officers-and-leaders", "cest-la-guerre"] {
        std::fs::remove_file(root.path().join(format!("{other}.yaml")))
            .unwrap_or_else(|e| panic!("removing {other}.yaml: {e}"));
    }
    let cases = assert_damage_changes_nothing(
        &flags,
        &[
            &["odds", "shoot", "--json"],
            &["roll", "shoot", "--seed", "7"],
        ],
    );
    assert!(
        cases.contains(&"cut inside a character"),
        "the entry was not cut inside a character: {cases:?}"
    );
}

/// The entry carries a hash of its body: a body edited by hand, even into a ruleset that reads
/// and checks (shoot then hits on 2), is not believed, and the entry is written anew.
#[test]
fn a_hand_edited_but_well_formed_entry_is_not_believed() {
    let root = temp();
    let data = subdir(root.path(), "data");
    let cache = root.path().join("cache");
    let command = ["odds", "shoot", "--json"];
    let cold = run(&data, &cache, &command);
    assert_eq!(cold.code, 0, "{}", cold.stderr);
    let entry = the_entry(&cache);
    let good = read(&entry);
    // Shoot's hit is called a "Hot" in the edited entry.
    let edited = with_body_edit(&good, b"shoot", b"Hit", b"Hot");
    write(&entry, &edited);
    let warm = run(&data, &cache, &command);
    assert_eq!(warm.code, 0, "{}", warm.stderr);
    assert_eq!(warm.stderr, "");
    warm.json();
    assert_eq!(warm.stdout, cold.stdout, "the edited target was believed");
    assert_eq!(read(&entry), good, "the damaged entry was not rewritten");
}
