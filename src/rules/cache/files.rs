//! The cache's files on disk: one is read only when it is a plain file (never through a link,
//! never a pipe or a device) of bounded size; one is written whole, as a temporary file
//! renamed over whatever is at its name; and old entries are cleared away when a new one is
//! written.

use std::fs::{self, File, Metadata};
use std::io::{self, Read, Write};
use std::path::Path;
use std::time::{Duration, SystemTime};

/// The bytes of the plain file at `path`, and what it is, if it is one of at most `limit`
/// bytes. What is at the path is looked at before opening it, so that a link is not followed
/// and a pipe or a device is never opened (opening a pipe waits for a writer, reading
/// `/dev/zero` never ends); the file opened is then checked to be the one looked at, so that
/// a link put there meanwhile is not read either. The read stops after `limit` bytes whatever
/// the file says its size is. Anything else is no file at all.
///
/// Only a file swapped for a pipe in the instant between the look and the open could still
/// make the open wait: the standard library cannot open without waiting, short of naming the
/// system's flags.
pub(super) fn read_plain(path: &Path, limit: u64) -> Option<(Vec<u8>, Metadata)> {
    let seen = fs::symlink_metadata(path).ok()?;
    if !seen.file_type().is_file() || seen.len() > limit {
        return None;
    }
    let file = File::open(path).ok()?;
    let opened = file.metadata().ok()?;
    if !opened.is_file() || !same_file(&seen, &opened) {
        return None;
    }
    let room = opened.len().min(limit).saturating_add(1);
    let mut bytes = Vec::with_capacity(usize::try_from(room).ok()?);
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .ok()?;
    (u64::try_from(bytes.len()).ok()? <= limit).then_some((bytes, opened))
}

/// Whether two looks at a path saw one file (the same device and inode).
#[cfg(unix)]
fn same_file(a: &Metadata, b: &Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

/// Elsewhere there is no inode to compare: the look before opening stands alone.
#[cfg(not(unix))]
fn same_file(_: &Metadata, _: &Metadata) -> bool {
    true
}

/// What every temporary file of the cache is called, so that one left by a process killed
/// while writing is known for ours and cleared (and nothing else is).
const TEMP_PREFIX: &str = ".umpire-";
const TEMP_SUFFIX: &str = ".tmp";

/// Write `bytes` as the file `name` of `dir`, whole: a reader sees the old file or the new
/// one, never half of one. The rename replaces whatever is at `name` (a link or a pipe planted
/// there included) and never writes where a link leads. With `keep_existing`, a file already
/// at `name` is kept and the write fails. The new file is readable by its owner alone.
pub(super) fn write_whole(
    dir: &Path,
    name: &str,
    bytes: &[u8],
    keep_existing: bool,
) -> io::Result<()> {
    fs::create_dir_all(dir)?;
    let mut tmp = tempfile::Builder::new()
        .prefix(TEMP_PREFIX)
        .suffix(TEMP_SUFFIX)
        .tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.flush()?;
    let path = dir.join(name);
    if keep_existing {
        tmp.persist_noclobber(path).map_err(|e| e.error)?;
    } else {
        tmp.persist(path).map_err(|e| e.error)?;
    }
    Ok(())
}

/// Entries not rewritten for this long are removed when another entry is written.
const KEEP_FOR: Duration = Duration::from_secs(30 * 24 * 60 * 60);
/// The most entries kept: beyond it, the oldest go first.
const KEEP_AT_MOST: usize = 32;
/// A temporary file this old was left by a process that died while writing.
const TEMP_LEFT_AFTER: Duration = Duration::from_secs(60 * 60);
/// The most names looked at in one clearing, so that a huge folder costs a bounded time.
const LOOK_AT_MOST: usize = 4096;

/// Clear old files out of the cache, after `kept` (the name of the entry just written) was
/// written: entries (`rules-*.cache`) not rewritten for [`KEEP_FOR`], then the oldest beyond
/// [`KEEP_AT_MOST`], and our own temporary files left by a process that died while writing.
/// Only plain files of those names are removed, never a folder or anything else; a failure
/// to remove one is left for the next time.
pub(super) fn clear_old(dir: &Path, kept: &str) {
    let Ok(listing) = fs::read_dir(dir) else {
        return;
    };
    let now = SystemTime::now();
    let age = |m: &Metadata| {
        m.modified()
            .ok()
            .and_then(|t| now.duration_since(t).ok())
            .unwrap_or_default()
    };
    let mut entries = Vec::new();
    for item in listing.take(LOOK_AT_MOST).flatten() {
        let name = item.file_name();
        let Some(name) = name.to_str() else { continue };
        let is_entry = name.starts_with(super::ENTRY_PREFIX) && name.ends_with(super::ENTRY_SUFFIX);
        let is_temp = name.starts_with(TEMP_PREFIX) && name.ends_with(TEMP_SUFFIX);
        if !(is_entry || is_temp) || name == kept {
            continue;
        }
        // The entry's own look, not its target's: a link is only ever removed itself.
        let Ok(meta) = item.metadata() else { continue };
        if !meta.file_type().is_file() {
            continue;
        }
        let age = age(&meta);
        if is_temp {
            if age > TEMP_LEFT_AFTER {
                let _ = fs::remove_file(item.path());
            }
        } else if age > KEEP_FOR {
            let _ = fs::remove_file(item.path());
        } else {
            entries.push((age, item.path()));
        }
    }
    // The entry just written counts among those kept.
    if entries.len() >= KEEP_AT_MOST {
        entries.sort_by_key(|(age, _)| *age);
        for (_, path) in entries.iter().skip(KEEP_AT_MOST - 1) {
            let _ = fs::remove_file(path);
        }
    }
}
