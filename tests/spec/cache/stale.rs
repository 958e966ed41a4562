//! A stale or unusable cache: an edited table is never answered from its old entry, and a
//! cache that cannot be used changes nothing and says nothing.

use std::path::PathBuf;

use super::{QUICK_START, args, files_in, is_key, no_cache, run, the_entry};
use crate::support::{read, subdir, tempdir as temp, test_tables, write};

#[test]
fn an_edited_table_is_never_answered_from_the_stale_entry() {
    let root = temp();
    let data = subdir(root.path(), "data");
    let tables = subdir(root.path(), "tables");
    let cache = root.path().join("cache");
    let none = no_cache(root.path());
    let source = test_tables().join("002-french-indian-war.yaml");
    let text = String::from_utf8(read(&source)).unwrap_or_else(|e| panic!("{e}"));
    let rally = "check: {compare: at-least, target: 3, pass: pass, fail: fail}";
    assert_eq!(
        text.matches(rally).count(),
        1,
        "the rally check in {}",
        source.display()
    );
    let edited = text.replace(rally, &rally.replace("target: 3", "target: 5"));
    let file = tables.join("fiw-grid.yaml");
    let command = args(&[
        "--tables",
        &tables.to_string_lossy(),
        "--rules",
        "fiw-grid",
        "odds",
        "rally",
        "unit=line",
    ]);
    let odds = |want: &str| {
        let out = run(&data, &cache, &command);
        assert_eq!(out.code, 0, "{}", out.stderr);
        assert_eq!(out, run(&data, &none, &command), "with no cache at all");
        assert!(
            out.stdout.contains(want),
            "expected {want} in\n{}",
            out.stdout
        );
        out
    };
    write(&file, text.as_bytes());
    let before = odds("Rallied       2/3");
    odds("Rallied       2/3");
    write(&file, edited.as_bytes());
    let after = odds("Rallied       1/3");
    assert_ne!(before, after);
    odds("Rallied       1/3");
    // And back: the first text is not remembered as the second.
    write(&file, text.as_bytes());
    assert_eq!(odds("Rallied       2/3"), before);
    the_entry(&cache);
}

#[test]
fn a_cache_that_cannot_be_used_changes_nothing_and_says_nothing() {
    let root = temp();
    let data = subdir(root.path(), "data");
    let command = QUICK_START;
    let good = root.path().join("good");
    let expected = run(&data, &good, command);
    assert_eq!(expected.code, 0, "{}", expected.stderr);
    let name = the_entry(&good)
        .file_name()
        .unwrap_or_else(|| panic!("an entry with no name"))
        .to_os_string();

    // A regular file, and a directory below one.
    let file = no_cache(root.path());
    // The entry's own name taken by a directory that is not empty.
    let taken = subdir(root.path(), "taken");
    subdir(&taken, &name.to_string_lossy());
    write(&taken.join(&name).join("keep"), b"mine\n");
    for cache in [file.clone(), file.join("cache"), taken.clone()] {
        for _ in 0..2 {
            let out = run(&data, &cache, command);
            assert_eq!(out, expected, "with the cache at {}", cache.display());
        }
    }
    assert_eq!(read(&file), b"a file, not a directory\n");
    let left: Vec<PathBuf> = files_in(&taken)
        .into_iter()
        .filter(|p| !is_key(p))
        .collect();
    assert_eq!(
        left,
        vec![taken.join(&name)],
        "left behind in {}",
        taken.display()
    );
    assert_eq!(read(&taken.join(&name).join("keep")), b"mine\n");
}
