//! What is kept, and where: one entry per ruleset, headed by its header, read by every warm
//! run and never written again, in UMPIRE_CACHE_DIR or else in the data directory.

use std::path::PathBuf;

use super::{
    QUICK_START, args, copy_test_tables, files_in, header_of, is_entry, run, shown, the_entry,
};
use crate::support::{BUILTIN, Test, read, subdir, tempdir as temp};

#[test]
fn the_first_run_keeps_exactly_one_entry_that_starts_with_its_header() {
    let root = temp();
    let data = subdir(root.path(), "data");
    let cache = root.path().join("cache");
    let first = run(&data, &cache, &["roll", "shoot", "--seed", "1"]);
    assert_eq!(first.code, 0, "{}", first.stderr);
    let entry = the_entry(&cache);
    let bytes = read(&entry);
    let header = header_of(&bytes);
    assert_eq!(header.len(), 5, "{header:?}");
    assert_eq!(header[0], "umpire-rules");
    assert!(header[1].parse::<u32>().is_ok(), "{header:?}");
    for hex in &header[2..] {
        assert!(
            hex.len() == 16 && hex.chars().all(|c| c.is_ascii_hexdigit()),
            "{header:?}"
        );
    }
    let body = &bytes[header.join(" ").len() + 1..];
    // The whole ruleset: every procedure is in it, with its help.
    let has = |what: &str| body.windows(what.len()).any(|w| w == what.as_bytes());
    for name in ["shoot", "melee", "spot"] {
        assert!(has(name), "{name} is not in the entry");
    }
    let help = "one figure fires at its declared target";
    assert!(
        BUILTIN.contains(help),
        "the help quoted here is the table's"
    );
    assert!(has(help), "no help kept");

    // Later runs of the same ruleset read it and keep no second one.
    for command in [
        &["odds", "melee"][..],
        &["roll", "spot", "distance=9", "--seed", "2"],
        &["rules", "shoot"],
        &["card", "melee"],
    ] {
        let out = run(&data, &cache, command);
        assert_eq!(out.code, 0, "{}", out.stderr);
    }
    assert_eq!(the_entry(&cache), entry);
    assert_eq!(read(&entry), bytes, "a warm run changed the entry");
}

/// Run each command once with an empty cache and then again, and check that the second run
/// read the entry the first one kept instead of parsing the tables and writing it anew.
fn assert_warm_runs_keep_the_entry(flags: &[&str], commands: &[&[&str]]) {
    let root = temp();
    let data = subdir(root.path(), "data");
    let long_ago = std::time::UNIX_EPOCH + std::time::Duration::from_secs(86_400);
    let mut rewritten = Vec::new();
    for (n, command) in commands.iter().enumerate() {
        let cache = subdir(root.path(), &format!("cache-{n}"));
        let command = args(&[flags, command].concat());
        let cold = run(&data, &cache, &command);
        assert_eq!(cold.code, 0, "umpire {}: {}", shown(&command), cold.stderr);
        let entries: Vec<PathBuf> = files_in(&cache)
            .into_iter()
            .filter(|p| is_entry(p))
            .collect();
        assert!(
            !entries.is_empty(),
            "umpire {}: nothing cached",
            shown(&command)
        );
        for e in &entries {
            std::fs::File::options()
                .write(true)
                .open(e)
                .and_then(|f| f.set_modified(long_ago))
                .unwrap_or_else(|err| panic!("dating {}: {err}", e.display()));
        }
        let warm = run(&data, &cache, &command);
        assert_eq!(warm, cold, "umpire {}", shown(&command));
        for e in &entries {
            let modified = std::fs::metadata(e)
                .and_then(|m| m.modified())
                .unwrap_or_else(|err| panic!("{}: {err}", e.display()));
            if modified != long_ago {
                rewritten.push(format!("umpire {}: {}", shown(&command), e.display()));
            }
        }
    }
    assert!(
        rewritten.is_empty(),
        "the warm run parsed the tables and wrote the entry again:\n{}",
        rewritten.join("\n")
    );
}

#[test]
fn a_warm_roll_on_a_users_table_reads_its_entry_and_writes_nothing() {
    let root = temp();
    copy_test_tables(root.path());
    let tables = root.path().to_string_lossy().into_owned();
    assert_warm_runs_keep_the_entry(
        &["--tables", &tables],
        &[
            &["--rules", "lpg-1750s", "odds", "shoot"],
            &[
                "--rules",
                "lpg-1750s",
                "roll",
                "hand-to-hand",
                "--seed",
                "7",
            ],
            &["--rules", "fiw-grid", "odds", "rally", "unit=line"],
            &[
                "--rules",
                "officers-and-leaders",
                "odds",
                "damage",
                "class=hero",
                "weapon=rifle",
            ],
            &[
                "--rules",
                "cest-la-guerre",
                "roll",
                "casualty",
                "--seed",
                "7",
            ],
        ],
    );
}

/// What the cache is for: a warm roll reads the entry and parses no YAML.
#[test]
fn a_warm_roll_on_the_builtin_table_reads_its_entry_and_writes_nothing() {
    assert_warm_runs_keep_the_entry(
        &[],
        &[
            &["odds", "shoot"],
            QUICK_START,
            &[
                "odds",
                "melee",
                "attacker.troop=indians",
                "defender.troop=regulars",
            ],
            &["roll", "spot", "distance=9", "--seed", "2"],
            &["rules"],
        ],
    );
}

#[test]
fn the_cache_is_kept_in_umpire_cache_dir_else_in_the_data_directory() {
    let root = temp();
    let data = subdir(root.path(), "data");
    let cache = root.path().join("elsewhere");
    let out = run(&data, &cache, &["odds", "shoot"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    the_entry(&cache);
    assert!(files_in(&data).is_empty(), "{:?}", files_in(&data));

    // Unset, or set empty: inside the data directory.
    for unset in [true, false] {
        let data = subdir(root.path(), &format!("data-{unset}"));
        let cmd = Test::new().data_dir(&data).env("UMPIRE_CACHE_DIR", &cache);
        let cmd = if unset {
            cmd.env_remove("UMPIRE_CACHE_DIR")
        } else {
            cmd.env("UMPIRE_CACHE_DIR", "")
        };
        assert_eq!(cmd.args(["odds", "shoot"]).output(), out);
        the_entry(&data.join("cache"));
    }
}
