//! The file primitives the store is built on: files opened without following links, whole
//! files replaced atomically, locks waited for with a word to the user, and lines read from
//! the end of a log.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

use super::seams::{Point, crash_at, patience};
use crate::error::{Error, Result};
use crate::files::{self, Limit};

pub(super) fn io_err(what: &str, path: &Path, e: &std::io::Error) -> Error {
    Error::failure(format!("cannot {what} {}: {e}", path.display()))
}

pub(super) fn not_found(e: &std::io::Error) -> bool {
    e.kind() == std::io::ErrorKind::NotFound
}

/// A link where one of umpire's own files should be: writing through it would change a file
/// elsewhere, and reading through it would show a game that is not the one written.
pub(super) fn link_error(path: &Path) -> Error {
    Error::failure(format!(
        "{} is a symbolic link; umpire does not follow links in its data folder",
        path.display()
    ))
    .with_hint("put the file itself there, or remove the link")
}

/// What is at `path` itself (not where a link leads): `None` when nothing is; a link refused.
pub(super) fn own_file(path: &Path) -> Result<Option<fs::Metadata>> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => Err(link_error(path)),
        Ok(m) => Ok(Some(m)),
        Err(e) if not_found(&e) => Ok(None),
        Err(e) => Err(io_err("read", path, &e)),
    }
}

/// Whether two files are one (the same device and inode).
#[cfg(unix)]
pub(super) fn same_file(a: &fs::Metadata, b: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

/// Elsewhere there is no inode to compare; the check before opening stands alone.
#[cfg(not(unix))]
pub(super) fn same_file(_: &fs::Metadata, _: &fs::Metadata) -> bool {
    true
}

/// Open one of umpire's own plain files without following a link (`None`: there is none). The path
/// is checked before opening and the file opened is checked to be the one at the path after,
/// so a link slipped in meanwhile is refused too; a file replaced meanwhile (renamed over) is
/// opened again.
pub(super) fn open_own(path: &Path, options: &OpenOptions) -> Result<Option<File>> {
    for _ in 0..8 {
        match own_file(path)? {
            None => return Ok(None),
            // A folder, or a pipe that opening would wait on for ever.
            Some(m) if !m.is_file() => {
                return Err(
                    Error::failure(format!("{} is not a plain file", path.display()))
                        .with_hint("umpire keeps only plain files there: move it away"),
                );
            }
            Some(_) => {}
        }
        let file = match options.open(path) {
            Ok(f) => f,
            Err(e) if not_found(&e) => return Ok(None),
            Err(e) => return Err(io_err("open", path, &e)),
        };
        let opened = file.metadata().map_err(|e| io_err("read", path, &e))?;
        match own_file(path)? {
            Some(now) if same_file(&now, &opened) => return Ok(Some(file)),
            None => return Ok(None),
            Some(_) => {}
        }
    }
    Err(Error::failure(format!(
        "{} keeps changing while umpire opens it",
        path.display()
    )))
}

/// A file's whole text, read without following a link and within its limit; `None` when
/// there is no file.
pub(super) fn read_own(path: &Path, limit: Limit) -> Result<Option<String>> {
    let Some(mut file) = open_own(path, OpenOptions::new().read(true))? else {
        return Ok(None);
    };
    files::read_text(&mut file, &path.display().to_string(), limit).map(Some)
}

/// Write `bytes` to `path` so that a reader sees the old content or the new, never a mix:
/// a synced temporary file in the same folder, renamed over the old one. The rename replaces
/// whatever is at `path`, a link included, and never writes where a link leads.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut builder = tempfile::Builder::new();
    // As any new file would be (the umask applies), not tempfile's private 0600.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder
        .tempfile_in(dir)
        .map_err(|e| io_err("write in", dir, &e))?;
    tmp.write_all(bytes)
        .and_then(|()| tmp.as_file().sync_all())
        .map_err(|e| io_err("write", path, &e))?;
    crash_at(Point::BeforeRename);
    tmp.persist(path)
        .map_err(|e| io_err("replace", path, &e.error))?;
    sync_dir(dir);
    Ok(())
}

/// A rename or a new file is only durable once its folder is synced.
pub(super) fn sync_dir(dir: &Path) {
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

/// Shared to read, exclusive to change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Access {
    Shared,
    Exclusive,
}

/// Lock `file`, waiting for the command that holds it; after a moment of waiting say so once
/// on stderr, so that a command stuck behind another (a prompt left open) is not a mystery.
pub(super) fn wait_for(file: &File, access: Access, game: &str, path: &Path) -> Result<()> {
    let tried = match access {
        Access::Shared => file.try_lock_shared(),
        Access::Exclusive => file.try_lock(),
    };
    match tried {
        Ok(()) => return Ok(()),
        Err(TryLockError::WouldBlock) => {}
        Err(TryLockError::Error(e)) => return Err(io_err("lock", path, &e)),
    }
    let line = format!("waiting for another umpire command on game {game}");
    let notice = Notice::after(patience(), move || eprintln!("{line}"));
    let locked = match access {
        Access::Shared => file.lock_shared(),
        Access::Exclusive => file.lock(),
    };
    notice.done();
    locked.map_err(|e| io_err("lock", path, &e))
}

/// A word said once `patience` has passed, unless the wait ends first.
struct Notice {
    done: Option<mpsc::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Notice {
    /// Start counting; with no patience at all, `say` is said before this returns.
    fn after(patience: Duration, say: impl FnOnce() + Send + 'static) -> Notice {
        if patience.is_zero() {
            say();
            return Notice {
                done: None,
                thread: None,
            };
        }
        let (done, waiting) = mpsc::channel::<()>();
        // Without a thread to say it (none to be had), the wait is the same, only silent.
        let thread = std::thread::Builder::new()
            .spawn(move || {
                if waiting.recv_timeout(patience) == Err(mpsc::RecvTimeoutError::Timeout) {
                    say();
                }
            })
            .ok();
        Notice {
            done: Some(done),
            thread,
        }
    }

    /// The wait is over: nothing more will be said.
    fn done(mut self) {
        if let Some(done) = self.done.take() {
            let _ = done.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Where the last `n` lines of the first `valid` bytes start, read backwards in blocks.
pub(super) fn tail_start(file: &mut File, valid: u64, n: usize) -> std::io::Result<u64> {
    const BLOCK: u64 = 16 * 1024;
    if n == 0 {
        return Ok(valid);
    }
    let mut seen = 0usize;
    let mut end = valid;
    let mut buf = Vec::new();
    while end > 0 {
        let start = end.saturating_sub(BLOCK);
        buf.resize(usize::try_from(end - start).unwrap_or(0), 0);
        file.seek(SeekFrom::Start(start))?;
        file.read_exact(&mut buf)?;
        for (i, b) in buf.iter().enumerate().rev() {
            let at = start + i as u64;
            // The newline ending the last line does not start a line.
            if *b == b'\n' && at + 1 < valid {
                seen += 1;
                if seen == n {
                    return Ok(at + 1);
                }
            }
        }
        end = start;
    }
    Ok(0)
}

/// Where the whole lines of the first `len` bytes end: after the last newline in them.
pub(super) fn whole_lines_end(file: &mut File, len: u64) -> std::io::Result<u64> {
    if len == 0 {
        return Ok(0);
    }
    let mut last = [0u8];
    file.seek(SeekFrom::Start(len - 1))?;
    file.read_exact(&mut last)?;
    if last[0] == b'\n' {
        Ok(len)
    } else {
        tail_start(file, len, 1)
    }
}

/// The 1-based line number of byte `offset` of a file, counted block by block.
pub(super) fn text_line_number(file: &mut Option<File>, offset: u64) -> usize {
    let Some(f) = file else { return 1 };
    let mut reader = f.take(offset);
    let mut block = [0u8; 64 * 1024];
    let mut lines = 1;
    loop {
        match reader.read(&mut block) {
            Ok(0) | Err(_) => return lines,
            Ok(n) => lines += block[..n].iter().filter(|b| **b == b'\n').count(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;
    use std::time::Duration;

    use super::Notice;

    /// A notice and what it said, as the test reads it.
    fn notice(patience: Duration) -> (Notice, mpsc::Receiver<&'static str>) {
        let (say, said) = mpsc::channel();
        let notice = Notice::after(patience, move || {
            let _ = say.send("waiting");
        });
        (notice, said)
    }

    #[test]
    fn a_wait_that_ends_before_the_patience_runs_out_says_nothing() {
        // An hour's patience: the wait ends first on any machine.
        let (notice, said) = notice(Duration::from_secs(3600));
        notice.done();
        assert_eq!(said.try_iter().collect::<Vec<_>>(), Vec::<&str>::new());
    }

    #[test]
    fn with_no_patience_the_wait_is_said_at_once_and_once_only() {
        let (notice, said) = notice(Duration::ZERO);
        assert_eq!(said.try_recv(), Ok("waiting"));
        notice.done();
        assert_eq!(said.try_iter().count(), 0);
    }

    #[test]
    fn a_wait_past_the_patience_is_said_once_before_it_ends() {
        let (notice, said) = notice(Duration::from_nanos(1));
        // Blocks until the notice thread says it: the patience has run out by then.
        assert_eq!(said.recv(), Ok("waiting"));
        notice.done();
        assert_eq!(said.try_iter().count(), 0);
    }
}
