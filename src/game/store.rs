//! Where games live on disk, and how they change without ever being lost.
//!
//! A game is a folder under `<data>/games/`: `game.json` (the state, pretty JSON an umpire can
//! read and fix by hand), `log.jsonl` (one event per line, appended) and `lock`. Every change
//! holds an exclusive lock on `lock` from reading to writing; the log line is appended and
//! synced first, then the state is written to a temporary file, synced and renamed over the
//! old one. The state records how many bytes of the log it includes, so a line written by a
//! process that died before its state was saved is cut off by the next change and never read.
//!
//! A game appears and disappears whole: it is made in a hidden folder and renamed into place
//! (so of two `game new` at once exactly one wins), and removed by renaming it out of the way
//! first. A command that waited for the lock checks that the lock it got is still the game's,
//! so a game removed and made again meanwhile is never written through the old one's lock.
//! Files are only ever replaced, never followed: a symbolic link where one of the game's files
//! should be is refused, never written through.

mod disk;
mod seams;

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use serde::de::DeserializeOwned;

use crate::error::{Error, Result};
use crate::files;
use crate::game::state::{Event, Game};
use crate::suggest::did_you_mean;
pub use disk::write_atomic;
use disk::{
    Access, io_err, not_found, open_own, own_file, read_own, same_file, sync_dir, tail_start,
    text_line_number, wait_for, whole_lines_end,
};
use seams::{Point, crash_at, stops_at};

const STATE: &str = "game.json";
const LOG: &str = "log.jsonl";
const LOCK: &str = "lock";
const CURRENT: &str = "current";
/// Hidden folders in `games/`: a game being made, and one being removed.
const MAKING: &str = ".new-";
const REMOVING: &str = ".rm-";

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

    /// Every game's name, sorted (not the hidden folders of games being made or removed).
    pub fn list(&self) -> Result<Vec<String>> {
        let dir = self.games_dir();
        let read = match fs::read_dir(&dir) {
            Ok(r) => r,
            Err(e) if not_found(&e) => return Ok(Vec::new()),
            Err(e) => return Err(io_err("read", &dir, &e)),
        };
        let mut names: Vec<String> = read
            .filter_map(|e| e.ok())
            .filter(|e| e.path().join(STATE).is_file())
            .filter_map(|e| e.file_name().to_str().map(str::to_string))
            .filter(|n| check_name(n).is_ok())
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
        let name = self.read_current()?.unwrap_or_default();
        if name.is_empty() {
            return Err(Error::usage("no game is in use").with_hint(
                "start one with `umpire game new NAME`, or pick one with `umpire game use NAME`",
            ));
        }
        self.game(&name)
    }

    /// What `current` names, read without following a link.
    fn read_current(&self) -> Result<Option<String>> {
        Ok(read_own(&self.dir.join(CURRENT), files::NAME)?
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty()))
    }

    pub fn current_name(&self) -> Option<String> {
        self.read_current().ok().flatten()
    }

    pub fn set_current(&self, name: &str) -> Result<()> {
        fs::create_dir_all(&self.dir).map_err(|e| io_err("create", &self.dir, &e))?;
        write_atomic(&self.dir.join(CURRENT), format!("{name}\n").as_bytes())
    }

    fn exists_error(name: &str) -> Error {
        Error::usage(format!("a game `{name}` already exists")).with_hint(format!(
            "pick it with `umpire game use {name}`, or choose another name"
        ))
    }

    /// Create a game; refuses to overwrite one. The game is made whole in a hidden folder and
    /// renamed into place in one step: of several made at once under one name exactly one is
    /// renamed in (a folder is only renamed over an empty one), and the others are refused.
    pub fn create(&self, game: &Game) -> Result<GameFiles> {
        check_name(&game.name)?;
        let dir = self.game_dir(&game.name);
        if dir.join(STATE).exists() {
            return Err(Self::exists_error(&game.name));
        }
        let games = self.games_dir();
        fs::create_dir_all(&games).map_err(|e| io_err("create", &games, &e))?;
        self.sweep_games();
        let mut builder = tempfile::Builder::new();
        builder.prefix(MAKING);
        // As any new folder would be (the umask applies), not tempfile's private 0700.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(fs::Permissions::from_mode(0o777));
        }
        let making = builder
            .tempdir_in(&games)
            .map_err(|e| io_err("create a folder in", &games, &e))?;
        let new = GameFiles {
            dir: making.path().to_path_buf(),
            name: game.name.clone(),
        };
        for file in [LOCK, LOG] {
            let path = new.dir.join(file);
            OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)
                .and_then(|f| f.sync_all())
                .map_err(|e| io_err("create", &path, &e))?;
        }
        new.write_state(game)?;
        match fs::rename(making.path(), &dir) {
            Ok(()) => {
                // Renamed: nothing is left at the temporary path to clean up.
                let _ = making.keep();
                sync_dir(&games);
                Ok(GameFiles {
                    dir,
                    name: game.name.clone(),
                })
            }
            // Another `game new` got there first (or made it since the check above).
            Err(_) if dir.join(STATE).exists() => Err(Self::exists_error(&game.name)),
            Err(e) if dir.exists() => Err(Error::failure(format!(
                "cannot start game `{}`: {} is in the way ({e})",
                game.name,
                dir.display()
            ))
            .with_hint("it holds no game.json: move it away, or choose another name")),
            Err(e) => Err(io_err("create", &dir, &e)),
        }
    }

    /// Hidden folders a killed `game new` or `game rm` left in `games/`: old enough that no
    /// command is still at work in them.
    fn sweep_games(&self) {
        const STALE: Duration = Duration::from_secs(600);
        let Ok(read) = fs::read_dir(self.games_dir()) else {
            return;
        };
        for e in read.filter_map(std::result::Result::ok) {
            let name = e.file_name();
            let name = name.to_string_lossy();
            if !(name.starts_with(MAKING) || name.starts_with(REMOVING)) {
                continue;
            }
            let old = fs::symlink_metadata(e.path())
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| SystemTime::now().duration_since(t).ok())
                .is_some_and(|age| age > STALE);
            if old {
                let _ = fs::remove_dir_all(e.path());
            }
        }
    }

    /// Delete a game and everything in it. Under its lock the folder is first renamed out of
    /// the way, so the game disappears whole (no command sees half of it), and a command
    /// waiting for the lock finds, once it has it, that it is no longer the game's.
    pub fn remove(&self, files: &GameFiles) -> Result<()> {
        let _held = files.lock(Access::Exclusive)?;
        // Forget it as the current game first: a `game new` of the same name can only follow
        // the rename below, so the `current` it writes is never the one removed here.
        let was_current = self.current_name().as_deref() == Some(files.name.as_str());
        if was_current {
            let _ = fs::remove_file(self.dir.join(CURRENT));
        }
        let games = self.games_dir();
        let moved = tempfile::Builder::new()
            .prefix(REMOVING)
            .tempdir_in(&games)
            .map_err(|e| io_err("create a folder in", &games, &e))
            .and_then(|grave| {
                fs::rename(&files.dir, grave.path().join(&files.name))
                    .map_err(|e| io_err("remove", &files.dir, &e))
                    .map(|()| grave)
            });
        match moved {
            Ok(grave) => {
                sync_dir(&games);
                // Gone from the games already; what is left is only disk space.
                let _ = grave.close();
                Ok(())
            }
            Err(e) => {
                if was_current {
                    let _ = self.set_current(&files.name);
                }
                Err(e)
            }
        }
    }
}

/// The files of one game.
#[derive(Debug, Clone)]
pub struct GameFiles {
    dir: PathBuf,
    pub name: String,
}

/// The events a log holds, each with its line number, and, when the log is shorter than the
/// state says, why the events after them are missing.
#[derive(Debug)]
pub struct LogRead {
    pub events: Vec<(usize, Event)>,
    pub cut: Option<Error>,
}

impl GameFiles {
    pub fn state_path(&self) -> PathBuf {
        self.dir.join(STATE)
    }

    pub fn log_path(&self) -> PathBuf {
        self.dir.join(LOG)
    }

    /// The game is not there any more: removed while this command waited or ran.
    fn gone(&self) -> Error {
        Error::usage(format!("there is no game `{}`", self.name))
            .with_hint("it was deleted while this command waited; nothing was changed")
    }

    /// Take the game's lock, checking once it is held that the lock file is still the game's:
    /// a command that waited while the game was removed (and maybe made again) must not
    /// change it through the old lock. The lock file is never replaced, so every process
    /// locks the same file; it is opened for reading only, so that a command that only reads
    /// writes nothing at all. `None`: a game copied by hand without its lock file, read
    /// without one (reading creates nothing; a change makes the lock file).
    fn lock(&self, access: Access) -> Result<Option<File>> {
        let path = self.dir.join(LOCK);
        for _ in 0..100 {
            let file = match open_own(&path, OpenOptions::new().read(true))? {
                Some(f) => f,
                None if access == Access::Shared => {
                    return if self.state_path().exists() {
                        Ok(None)
                    } else {
                        Err(self.gone())
                    };
                }
                // Made new, never through a link (no file is made at the end of one).
                None => match OpenOptions::new().write(true).create_new(true).open(&path) {
                    Ok(f) => f,
                    Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                    Err(e) if not_found(&e) => return Err(self.gone()),
                    Err(e) => return Err(io_err("create", &path, &e)),
                },
            };
            wait_for(&file, access, &self.name, &path)?;
            let held = file.metadata().map_err(|e| io_err("read", &path, &e))?;
            match own_file(&path)? {
                Some(now) if same_file(&now, &held) => return Ok(Some(file)),
                // Removed and made again while this command waited: lock the new game's.
                Some(_) => {}
                None => return Err(self.gone()),
            }
        }
        Err(Error::failure(format!(
            "game `{}` was removed and made again over and over while this command waited",
            self.name
        )))
    }

    fn read_state(&self) -> Result<Game> {
        /// Only the format, to tell a newer file from a broken one.
        #[derive(serde::Deserialize)]
        struct Format {
            format: u32,
        }
        let path = self.state_path();
        let text = read_own(&path, files::STATE)?.ok_or_else(|| self.gone())?;
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
        let _held = self.lock(Access::Shared)?;
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
        self.update_logged(change).map(|(out, _)| out)
    }

    /// The same, handing back the event logged, with its id.
    pub fn update_logged<T>(
        &self,
        change: impl FnOnce(&mut Game) -> Result<(Option<Event>, T)>,
    ) -> Result<(T, Option<Event>)> {
        let _held = self.lock(Access::Exclusive)?;
        self.sweep();
        let mut game = self.read_state()?;
        let (event, out) = change(&mut game)?;
        let Some(mut event) = event else {
            return Ok((out, None));
        };
        event.id = self.next_id(&game)?;
        game.seq = event.id;
        game.log_len = self.append(game.log_len, &event)?;
        crash_at(Point::Logged);
        self.write_state(&game)?;
        crash_at(Point::Saved);
        Ok((out, Some(event)))
    }

    /// The id of the next event: one more than the state's `seq`, which no hand edit may make
    /// wrap round or fall behind the log (an id given twice would make undo take back the
    /// wrong change).
    fn next_id(&self, game: &Game) -> Result<u64> {
        let state = self.state_path();
        let next = game.seq.checked_add(1).ok_or_else(|| {
            Error::failure(format!(
                "{}: seq {} leaves no id for another event",
                state.display(),
                game.seq
            ))
            .with_hint("game.json was edited by hand: set `seq` to the id of the log's last event")
        })?;
        if let Some((offset, last)) = self.last_id(game.log_len)
            && last >= next
        {
            let line = text_line_number(&mut File::open(self.log_path()).ok(), offset);
            return Err(Error::failure(format!(
                "{}: seq {} is behind {}:{line}, which holds event #{last}",
                state.display(),
                game.seq,
                self.log_path().display(),
            ))
            .with_hint(format!("game.json was edited by hand: set `seq` to {last}")));
        }
        Ok(next)
    }

    /// Where the log's last event starts and its id; `None` when there is none or it cannot
    /// be read (reading the whole log says why, where it matters).
    fn last_id(&self, valid: u64) -> Option<(u64, u64)> {
        #[derive(serde::Deserialize)]
        struct Id {
            id: u64,
        }
        let mut file = open_own(&self.log_path(), OpenOptions::new().read(true))
            .ok()
            .flatten()?;
        let len = file.metadata().ok()?.len();
        // A log over its limit is refused where it is read; its last line is not read here.
        if len > files::LOG.bytes {
            return None;
        }
        let len = len.min(valid);
        let start = tail_start(&mut file, len, 1).ok()?;
        let mut line = String::new();
        file.seek(SeekFrom::Start(start)).ok()?;
        file.take(len - start).read_to_string(&mut line).ok()?;
        let id: Id = serde_json::from_str(&line).ok()?;
        Some((start, id.id))
    }

    /// Append one event after the first `valid` bytes of the log (cutting anything a crashed
    /// process left after them), synced; returns the log's new length.
    fn append(&self, valid: u64, event: &Event) -> Result<u64> {
        let path = self.log_path();
        let mut file = match open_own(&path, OpenOptions::new().read(true).write(true))? {
            Some(f) => f,
            // A game copied by hand without its log: start one, never through a link.
            None => OpenOptions::new()
                .read(true)
                .write(true)
                .create_new(true)
                .open(&path)
                .map_err(|e| io_err("create", &path, &e))?,
        };
        let len = file
            .metadata()
            .map_err(|e| io_err("read", &path, &e))?
            .len();
        if len < valid {
            // Where its last whole line ends: a log-len there drops the torn line too.
            let whole = whole_lines_end(&mut file, len).unwrap_or(0);
            return Err(Error::failure(format!(
                "{} is shorter than the game says ({len} bytes, expected {valid})",
                path.display()
            ))
            .with_hint(format!(
                "the log was cut; restore it, or set `log-len` in game.json to {whole} (the end \
                 of its last whole line) to go on without the events lost"
            )));
        }
        if len > valid {
            file.set_len(valid).map_err(|e| io_err("cut", &path, &e))?;
        }
        crash_at(Point::LogCut);
        let mut line = serde_json::to_string(event)
            .map_err(|e| Error::failure(format!("cannot write an event: {e}")))?;
        line.push('\n');
        if stops_at(Point::LineTorn) {
            let half = &line.as_bytes()[..line.len() / 2];
            let _ = file
                .seek(SeekFrom::Start(valid))
                .and_then(|_| file.write_all(half))
                .and_then(|()| file.sync_data());
            std::process::abort();
        }
        file.seek(SeekFrom::Start(valid))
            .and_then(|_| file.write_all(line.as_bytes()))
            .and_then(|()| file.sync_data())
            .map_err(|e| io_err("write", &path, &e))?;
        Ok(valid.saturating_add(line.len() as u64))
    }

    /// The events the state includes, oldest first; `last` keeps only the newest ones. A log
    /// cut shorter than the state says is an error.
    pub fn events(&self, game: &Game, last: Option<usize>) -> Result<Vec<Event>> {
        let read = self.read_log(game, last)?;
        match read.cut {
            Some(cut) => Err(cut),
            None => Ok(read.events.into_iter().map(|(_, e)| e).collect()),
        }
    }

    /// The events the state includes, oldest first, each with its line; `last` keeps only the
    /// newest ones, read from the end so that the last few of a long game cost little. A log
    /// cut shorter than the state says gives the events it still holds, and says where it
    /// stops (`cut`); a line that is not an event is an error.
    pub fn read_log(&self, game: &Game, last: Option<usize>) -> Result<LogRead> {
        let path = self.log_path();
        let valid = game.log_len;
        let Some(mut file) = open_own(&path, OpenOptions::new().read(true))? else {
            if valid == 0 {
                // A game copied by hand without its log, and nothing logged since.
                return Ok(LogRead {
                    events: Vec::new(),
                    cut: None,
                });
            }
            return Err(Error::failure(format!("{} is missing", path.display()))
                .with_hint("restore it from a copy: the game's events are in it"));
        };
        let len = file
            .metadata()
            .map_err(|e| io_err("read", &path, &e))?
            .len();
        files::check_size(&path.display().to_string(), len, files::LOG)?;
        // A log cut shorter than the state says is read up to its last whole line.
        let end = if len < valid {
            whole_lines_end(&mut file, len).map_err(|e| io_err("read", &path, &e))?
        } else {
            valid
        };
        let start = match last {
            None => 0,
            Some(n) => tail_start(&mut file, end, n).map_err(|e| io_err("read", &path, &e))?,
        };
        // (No more than the log's length, checked against its limit above.)
        let mut bytes = Vec::new();
        file.seek(SeekFrom::Start(start))
            .and_then(|_| (&mut file).take(end - start).read_to_end(&mut bytes))
            .map_err(|e| io_err("read", &path, &e))?;
        let first_line = text_line_number(&mut File::open(&path).ok(), start);
        let text = files::utf8(&path.display().to_string(), first_line, bytes)?;
        let mut events = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let at = first_line.saturating_add(i);
            let event: Event = serde_json::from_str(line).map_err(|e| json_error(&path, at, &e))?;
            events.push((at, event));
        }
        let cut = (len < valid).then(|| {
            let stops = first_line.saturating_add(text.matches('\n').count());
            Error::failure(format!(
                "{}:{stops}: the log stops here, {} bytes short of what game.json counts",
                path.display(),
                valid - len
            ))
            .with_hint(
                "the game itself is whole; restore log.jsonl from a copy to read or undo \
                 the events lost",
            )
        });
        Ok(LogRead { events, cut })
    }
}
