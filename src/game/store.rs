//! Where games live on disk, and how they change without ever being lost.
//!
//! A game is a folder under `<data>/games/`: `game.json` (the state, pretty JSON an umpire can
//! read and fix by hand), `log.jsonl` (one event per line, appended) and `lock`. Every change
//! holds an exclusive lock on `lock` from reading to writing; the log line is appended and
//! synced first, then the state is written to a temporary file, synced and renamed over the
//! old one. The state records how many bytes of the log it includes, so a line written by a
//! process that died before its state was saved is cut off by the next change and never read.

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use crate::error::{Error, Result};
use crate::game::state::{Event, Game};
use crate::suggest::did_you_mean;

const STATE: &str = "game.json";
const LOG: &str = "log.jsonl";
const LOCK: &str = "lock";
const CURRENT: &str = "current";

/// The games in one data directory.
#[derive(Debug, Clone)]
pub struct Store {
    dir: PathBuf,
}

/// A name an umpire can type and a file system can hold.
fn check_name(name: &str) -> Result<()> {
    let ok = !name.is_empty()
        && name.len() <= 64
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        && !name.starts_with('-');
    if ok {
        Ok(())
    } else {
        Err(Error::usage(format!("`{name}` cannot name a game"))
            .with_hint("use letters, digits, `-` and `_` (up to 64), such as `ticonderoga-1758`"))
    }
}

fn io_err(what: &str, path: &Path, e: &std::io::Error) -> Error {
    Error::failure(format!("cannot {what} {}: {e}", path.display()))
}

/// A JSON mistake as `file:line:column: message`.
fn json_error(path: &Path, line: usize, e: &serde_json::Error) -> Error {
    Error::failure(Error::in_file(
        path.display(),
        line,
        e.column(),
        &e.to_string(),
    ))
    .with_hint("fix the file by hand: every change made to the game is also in its log.jsonl")
}

/// Parse JSON, reporting a mistake as `file:line:column: message`.
pub fn parse_json<T: DeserializeOwned>(path: &Path, text: &str) -> Result<T> {
    serde_json::from_str(text).map_err(|e| json_error(path, e.line(), &e))
}

/// Write `bytes` to `path` so that a reader sees the old content or the new, never a mix:
/// a synced temporary file in the same folder, renamed over the old one.
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
    tmp.persist(path)
        .map_err(|e| io_err("replace", path, &e.error))?;
    // The rename itself is only durable once the folder is synced.
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

impl Store {
    pub fn new(dir: PathBuf) -> Store {
        Store { dir }
    }

    /// The store in the user's data directory (or `UMPIRE_DATA_DIR`).
    pub fn open_default() -> Result<Store> {
        crate::paths::data_dir().map(Store::new).ok_or_else(|| {
            Error::failure("cannot find a data directory for games")
                .with_hint("set UMPIRE_DATA_DIR to a folder umpire may write in")
        })
    }

    fn games_dir(&self) -> PathBuf {
        self.dir.join("games")
    }

    fn game_dir(&self, name: &str) -> PathBuf {
        self.games_dir().join(name)
    }

    /// Every game's name, sorted.
    pub fn list(&self) -> Result<Vec<String>> {
        let dir = self.games_dir();
        let read = match fs::read_dir(&dir) {
            Ok(r) => r,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(io_err("read", &dir, &e)),
        };
        let mut names: Vec<String> = read
            .filter_map(|e| e.ok())
            .filter(|e| e.path().join(STATE).is_file())
            .filter_map(|e| e.file_name().to_str().map(str::to_string))
            .collect();
        names.sort();
        Ok(names)
    }

    /// The game called `name`, or an error listing the games there are.
    pub fn game(&self, name: &str) -> Result<GameFiles> {
        check_name(name)?;
        let dir = self.game_dir(name);
        if dir.join(STATE).is_file() {
            return Ok(GameFiles {
                dir,
                name: name.to_string(),
            });
        }
        let names = self.list()?;
        let hint = did_you_mean(name, names.iter().map(String::as_str)).or_else(|| {
            Some(if names.is_empty() {
                format!("start one with `umpire game new {name}`")
            } else {
                format!("the games are: {}", names.join(", "))
            })
        });
        Err(Error::usage(format!("there is no game `{name}`")).with_hint_opt(hint))
    }

    /// The game commands act on: `--game`, else the one last chosen with `game use` or `new`.
    pub fn current(&self, explicit: Option<&str>) -> Result<GameFiles> {
        if let Some(name) = explicit {
            return self.game(name);
        }
        let path = self.dir.join(CURRENT);
        let name = match fs::read_to_string(&path) {
            Ok(t) => t.trim().to_string(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(io_err("read", &path, &e)),
        };
        if name.is_empty() {
            return Err(Error::usage("no game is in use").with_hint(
                "start one with `umpire game new NAME`, or pick one with `umpire game use NAME`",
            ));
        }
        self.game(&name)
    }

    pub fn current_name(&self) -> Option<String> {
        fs::read_to_string(self.dir.join(CURRENT))
            .ok()
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty())
    }

    pub fn set_current(&self, name: &str) -> Result<()> {
        fs::create_dir_all(&self.dir).map_err(|e| io_err("create", &self.dir, &e))?;
        write_atomic(&self.dir.join(CURRENT), format!("{name}\n").as_bytes())
    }

    /// Create a game; refuses to overwrite one.
    pub fn create(&self, game: &Game) -> Result<GameFiles> {
        check_name(&game.name)?;
        let dir = self.game_dir(&game.name);
        if dir.join(STATE).exists() {
            return Err(
                Error::usage(format!("a game `{}` already exists", game.name)).with_hint(format!(
                    "pick it with `umpire game use {}`, or choose another name",
                    game.name
                )),
            );
        }
        fs::create_dir_all(&dir).map_err(|e| io_err("create", &dir, &e))?;
        let files = GameFiles {
            dir,
            name: game.name.clone(),
        };
        let lock = files.lock_file()?;
        lock.lock()
            .map_err(|e| io_err("lock", &files.dir.join(LOCK), &e))?;
        File::create(files.dir.join(LOG))
            .map_err(|e| io_err("create", &files.dir.join(LOG), &e))?;
        files.write_state(game)?;
        Ok(files)
    }

    /// Delete a game and everything in it.
    pub fn remove(&self, files: &GameFiles) -> Result<()> {
        let lock = files.lock_file()?;
        lock.lock()
            .map_err(|e| io_err("lock", &files.dir.join(LOCK), &e))?;
        fs::remove_dir_all(&files.dir).map_err(|e| io_err("remove", &files.dir, &e))?;
        if self.current_name().as_deref() == Some(files.name.as_str()) {
            let _ = fs::remove_file(self.dir.join(CURRENT));
        }
        Ok(())
    }
}

/// The files of one game.
#[derive(Debug, Clone)]
pub struct GameFiles {
    dir: PathBuf,
    pub name: String,
}

impl GameFiles {
    pub fn state_path(&self) -> PathBuf {
        self.dir.join(STATE)
    }

    pub fn log_path(&self) -> PathBuf {
        self.dir.join(LOG)
    }

    /// The lock file: never replaced, so every process locks the same file. Opened for reading
    /// only, so that a command that only reads writes nothing at all.
    fn lock_file(&self) -> Result<File> {
        let path = self.dir.join(LOCK);
        match File::open(&path) {
            Ok(f) => Ok(f),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                // A game copied by hand without its lock file: make one.
                OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(&path)
                    .map_err(|e| io_err("create", &path, &e))
            }
            Err(e) => Err(io_err("open", &path, &e)),
        }
    }

    fn read_state(&self) -> Result<Game> {
        /// Only the format, to tell a newer file from a broken one.
        #[derive(serde::Deserialize)]
        struct Format {
            format: u32,
        }
        let path = self.state_path();
        let text = fs::read_to_string(&path).map_err(|e| io_err("read", &path, &e))?;
        match parse_json::<Game>(&path, &text) {
            Ok(game) => {
                game.check_format(&path)?;
                Ok(game)
            }
            Err(broken) => match serde_json::from_str::<Format>(&text) {
                Ok(f) if f.format != crate::game::state::FORMAT => {
                    Game::new("", "")
                        .with_format(f.format)
                        .check_format(&path)?;
                    Err(broken)
                }
                _ => Err(broken),
            },
        }
    }

    fn write_state(&self, game: &Game) -> Result<()> {
        let mut text = game.to_json()?;
        text.push('\n');
        write_atomic(&self.state_path(), text.as_bytes())
    }

    /// The game as it stands, read under a shared lock (so never half-way through a change).
    /// A game copied by hand without its lock file is read without one: reading creates
    /// nothing, and the state is replaced whole, so a reader never sees half of it anyway.
    pub fn read(&self) -> Result<Game> {
        let path = self.dir.join(LOCK);
        let _held = match File::open(&path) {
            Ok(lock) => {
                lock.lock_shared().map_err(|e| io_err("lock", &path, &e))?;
                Some(lock)
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(io_err("open", &path, &e)),
        };
        self.read_state()
    }

    /// Temporary files a killed process left: with the lock held nobody else is writing, so
    /// any there are stale.
    fn sweep(&self) {
        let Ok(read) = fs::read_dir(&self.dir) else {
            return;
        };
        for e in read.filter_map(std::result::Result::ok) {
            if e.file_name().to_string_lossy().starts_with(".tmp") {
                let _ = fs::remove_file(e.path());
            }
        }
    }

    /// Change the game: `change` gets the state and returns the event to log (or `None` when
    /// nothing changed). The lock is held from reading to writing.
    pub fn update<T>(
        &self,
        change: impl FnOnce(&mut Game) -> Result<(Option<Event>, T)>,
    ) -> Result<T> {
        let lock = self.lock_file()?;
        lock.lock()
            .map_err(|e| io_err("lock", &self.dir.join(LOCK), &e))?;
        self.sweep();
        let mut game = self.read_state()?;
        let (event, out) = change(&mut game)?;
        if let Some(mut event) = event {
            game.seq = game.seq.saturating_add(1);
            event.id = game.seq;
            game.log_len = self.append(game.log_len, &event)?;
            self.write_state(&game)?;
        }
        Ok(out)
    }

    /// Append one event after the first `valid` bytes of the log (cutting anything a crashed
    /// process left after them), synced; returns the log's new length.
    fn append(&self, valid: u64, event: &Event) -> Result<u64> {
        let path = self.log_path();
        let mut file = OpenOptions::new()
            .create(true)
            .read(true)
            .write(true)
            .truncate(false)
            .open(&path)
            .map_err(|e| io_err("open", &path, &e))?;
        let len = file
            .metadata()
            .map_err(|e| io_err("read", &path, &e))?
            .len();
        if len < valid {
            return Err(Error::failure(format!(
                "{} is shorter than the game says ({len} bytes, expected {valid})",
                path.display()
            ))
            .with_hint(
                "the log was cut by hand; restore it, or set `log-len` in game.json to its size",
            ));
        }
        if len > valid {
            file.set_len(valid).map_err(|e| io_err("cut", &path, &e))?;
        }
        let mut line = serde_json::to_string(event)
            .map_err(|e| Error::failure(format!("cannot write an event: {e}")))?;
        line.push('\n');
        file.seek(SeekFrom::Start(valid))
            .and_then(|_| file.write_all(line.as_bytes()))
            .and_then(|()| file.sync_data())
            .map_err(|e| io_err("write", &path, &e))?;
        Ok(valid.saturating_add(line.len() as u64))
    }

    /// The events the state includes, oldest first; `last` keeps only the newest ones. Reads
    /// from the end, so the last few events of a long game cost little.
    pub fn events(&self, game: &Game, last: Option<usize>) -> Result<Vec<Event>> {
        let path = self.log_path();
        let mut file = File::open(&path).map_err(|e| io_err("read", &path, &e))?;
        let valid = game.log_len;
        let start = match last {
            None => 0,
            Some(n) => tail_start(&mut file, valid, n).map_err(|e| io_err("read", &path, &e))?,
        };
        let mut text = String::new();
        file.seek(SeekFrom::Start(start))
            .and_then(|_| {
                file.take(valid.saturating_sub(start))
                    .read_to_string(&mut text)
            })
            .map_err(|e| io_err("read", &path, &e))?;
        let mut events = Vec::new();
        let first_line = text_line_number(&mut File::open(&path).ok(), start);
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let event: Event = serde_json::from_str(line)
                .map_err(|e| json_error(&path, first_line.saturating_add(i), &e))?;
            events.push(event);
        }
        Ok(events)
    }
}

/// Where the last `n` lines of the first `valid` bytes start, read backwards in blocks.
fn tail_start(file: &mut File, valid: u64, n: usize) -> std::io::Result<u64> {
    const BLOCK: u64 = 16 * 1024;
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

/// The 1-based line number of byte `offset` of a file (for error messages only).
fn text_line_number(file: &mut Option<File>, offset: u64) -> usize {
    let Some(f) = file else { return 1 };
    let mut text = Vec::new();
    if f.take(offset).read_to_end(&mut text).is_err() {
        return 1;
    }
    text.iter().filter(|b| **b == b'\n').count() + 1
}
