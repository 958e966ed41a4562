//! Hostile files in the cache: a pipe, a link to an endless device, a huge file and a forged
//! entry where the entry should be. Each is ignored: the command prints what it prints with no
//! cache (a run waiting on a pipe would never end, and the test harness would report it), and
//! the entry is written anew as a plain file. And old entries do not pile up.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use super::{QUICK_START, files_in, header_of, is_entry, no_cache, the_entry};
use crate::support::{Output, Test, read, subdir, tempdir as temp, write};

/// `odds shoot` goes through the whole chain of the shot (shoot, then hit-result): a chain
/// that follows itself never ends.
const ODDS: &[&str] = &["odds", "shoot", "--json"];

fn run(data: &Path, cache: &Path, args: &[&str]) -> Output {
    Test::new()
        .data_dir(data)
        .env("UMPIRE_CACHE_DIR", cache)
        .args(args)
        .output()
}

/// A data directory, the output of `args` with no cache at all, and the entry the command
/// keeps in `cache` (made by a first run): what a hostile file is put in place of.
fn setting(root: &Path, args: &[&str]) -> (PathBuf, Output, PathBuf) {
    let data = subdir(root, "data");
    let expected = run(&data, &no_cache(root), args);
    assert_eq!(expected.code, 0, "{}", expected.stderr);
    let cache = root.join("cache");
    assert_eq!(run(&data, &cache, args), expected);
    (data, expected, the_entry(&cache))
}

/// After a hostile file at the entry's place: the command printed what it prints with no
/// cache, and the entry is a plain file again, which the next run reads.
fn assert_ignored_and_replaced(data: &Path, entry: &Path, args: &[&str], expected: &Output) {
    let cache = entry.parent().unwrap_or_else(|| panic!("no folder"));
    assert_eq!(&run(data, cache, args), expected);
    let meta = std::fs::symlink_metadata(entry).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        meta.file_type().is_file(),
        "the entry is not a plain file again"
    );
    let rewritten = read(entry);
    assert_eq!(&run(data, cache, args), expected);
    assert_eq!(
        read(entry),
        rewritten,
        "the entry written anew was not read"
    );
}

#[cfg(unix)]
#[test]
fn a_pipe_in_place_of_the_entry_is_not_waited_on() {
    let root = temp();
    let (data, expected, entry) = setting(root.path(), QUICK_START);
    std::fs::remove_file(&entry).unwrap_or_else(|e| panic!("{e}"));
    let made = std::process::Command::new("mkfifo")
        .arg(&entry)
        .status()
        .unwrap_or_else(|e| panic!("mkfifo: {e}"));
    assert!(made.success());
    assert_ignored_and_replaced(&data, &entry, QUICK_START, &expected);
}

#[cfg(unix)]
#[test]
fn a_link_to_an_endless_device_in_place_of_the_entry_is_not_followed() {
    let root = temp();
    let (data, expected, entry) = setting(root.path(), QUICK_START);
    std::fs::remove_file(&entry).unwrap_or_else(|e| panic!("{e}"));
    std::os::unix::fs::symlink("/dev/zero", &entry).unwrap_or_else(|e| panic!("{e}"));
    assert_ignored_and_replaced(&data, &entry, QUICK_START, &expected);
}

/// Whether reading a file shows in its time of last access on this file system (not where it
/// is mounted `noatime`).
fn reads_show(dir: &Path) -> bool {
    let probe = dir.join("probe");
    write(&probe, b"probe");
    set_accessed(&probe, SystemTime::UNIX_EPOCH + Duration::from_secs(86_400));
    read(&probe);
    accessed(&probe) > SystemTime::UNIX_EPOCH + Duration::from_secs(86_400)
}

fn set_accessed(path: &Path, when: SystemTime) {
    std::fs::File::options()
        .write(true)
        .open(path)
        .and_then(|f| f.set_times(std::fs::FileTimes::new().set_accessed(when)))
        .unwrap_or_else(|e| panic!("dating {}: {e}", path.display()));
}

fn accessed(path: &Path) -> SystemTime {
    std::fs::metadata(path)
        .and_then(|m| m.accessed())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn a_huge_file_in_place_of_the_entry_is_not_read() {
    let root = temp();
    let (data, expected, entry) = setting(root.path(), QUICK_START);
    // 64 MiB of nothing (a sparse file: no disk is used), a thousand times the real entry.
    let huge = std::fs::File::options()
        .write(true)
        .truncate(true)
        .open(&entry)
        .and_then(|f| f.set_len(64 << 20));
    huge.unwrap_or_else(|e| panic!("{e}"));
    // Another name for it, to look at it once the entry is replaced.
    let kept = root.path().join("huge");
    std::fs::hard_link(&entry, &kept).unwrap_or_else(|e| panic!("{e}"));
    let long_ago = SystemTime::UNIX_EPOCH + Duration::from_secs(86_400);
    set_accessed(&kept, long_ago);
    assert_ignored_and_replaced(&data, &entry, QUICK_START, &expected);
    if reads_show(root.path()) {
        assert_eq!(accessed(&kept), long_ago, "the huge file was read");
    }
}

/// FxHash as the entry's header once used it for the body: a hash anyone can compute.
fn fx(bytes: &[u8]) -> u64 {
    const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
    let mix = |h: u64, w: u64| (h.rotate_left(5) ^ w).wrapping_mul(K);
    let mut h = mix(0, bytes.len() as u64);
    let mut words = bytes.chunks_exact(8);
    for w in &mut words {
        h = mix(h, u64::from_le_bytes(w.try_into().unwrap_or([0; 8])));
    }
    for &byte in words.remainder() {
        h = mix(h, u64::from(byte));
    }
    h
}

/// The entry with another body, under its own header with the body's hash made anew: what
/// someone who knows the entry's format, but not the cache's key, can write.
fn forged(entry: &[u8], body: &[u8]) -> Vec<u8> {
    let mut header = header_of(entry);
    header[4] = format!("{:016x}", fx(body));
    [header.join(" ").as_bytes(), b"\n", body].concat()
}

/// The body with the first `what` (a length byte and the string) replaced by `with`.
fn replaced(body: &[u8], what: &[u8], with: &[u8]) -> Vec<u8> {
    let at = body
        .windows(what.len())
        .position(|w| w == what)
        .unwrap_or_else(|| panic!("no {:?} in the body", String::from_utf8_lossy(what)));
    [&body[..at], with, &body[at + what.len()..]].concat()
}

#[test]
fn a_forged_entry_is_not_believed() {
    let root = temp();
    let (data, expected, entry) = setting(root.path(), ODDS);
    let good = read(&entry);
    let body = &good[header_of(&good).join(" ").len() + 1..];
    let forgeries = [
        // Shoot's hit is followed by shoot again instead of hit-result: a chain without end.
        (
            "a chain that follows itself",
            forged(&good, &replaced(body, b"\x0ahit-result", b"\x05shoot")),
        ),
        ("a garbage body", forged(&good, &[0xff; 64])),
        (
            "a body of nothing but lengths",
            forged(&good, &[0x80; 4096]),
        ),
    ];
    for (what, forgery) in forgeries {
        write(&entry, &forgery);
        let out = run(&data, entry.parent().unwrap_or(root.path()), ODDS);
        assert_eq!(out, expected, "{what}");
        assert_ne!(read(&entry), forgery, "{what}: the forged entry was kept");
    }
}

#[test]
fn old_entries_are_cleared_when_a_new_one_is_written() {
    let root = temp();
    let data = subdir(root.path(), "data");
    let cache = subdir(root.path(), "cache");
    let name = |n: usize| format!("rules-{n:016x}-{:016x}.cache", n * 7);
    let dated = |path: &Path, days: u64| {
        let when = SystemTime::now() - Duration::from_secs(days * 86_400);
        std::fs::File::options()
            .write(true)
            .open(path)
            .and_then(|f| f.set_modified(when))
            .unwrap_or_else(|e| panic!("dating {}: {e}", path.display()));
    };
    // Entries of other tables and builds: ten not rewritten for two months, fifty recent ones.
    for n in 0..60 {
        let path = cache.join(name(n));
        write(&path, b"umpire-rules an entry of another table\n");
        dated(&path, if n < 10 { 60 } else { 1 + n as u64 % 20 });
    }
    // What is not an entry file stays, whatever its age.
    let other = cache.join("notes.txt");
    write(&other, b"mine\n");
    dated(&other, 400);
    let folder = cache.join(name(99));
    subdir(&cache, &name(99));
    let out = run(&data, &cache, QUICK_START);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let entries: Vec<PathBuf> = files_in(&cache)
        .into_iter()
        .filter(|p| is_entry(p) && p.is_file())
        .collect();
    assert!(entries.len() <= 32, "{} entries kept", entries.len());
    for n in 0..10 {
        assert!(
            !cache.join(name(n)).exists(),
            "{} is two months old",
            name(n)
        );
    }
    // The newest are kept (a day old), the new one among them.
    assert!(cache.join(name(20)).exists() && cache.join(name(40)).exists());
    assert!(
        entries
            .iter()
            .any(|p| read(p).starts_with(b"umpire-rules 9")),
        "the new entry is gone"
    );
    assert!(other.exists() && folder.is_dir());
}
