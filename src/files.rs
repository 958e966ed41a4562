//! The files umpire is given, read within limits: each kind of file has a size it may not
//! pass (checked from the file's metadata before reading, and again while reading, so that a
//! file growing meanwhile or a device is never read whole), and its text must be UTF-8, a
//! mistake being placed at file:line:col like any other.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use crate::error::{Error, Result};

/// How big one kind of file may be, and what it is called in messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub bytes: u64,
    /// `a table file`: what the message says the file is.
    pub what: &'static str,
    /// What to do about a file over the limit.
    pub hint: &'static str,
}

const KIB: u64 = 1024;
const MIB: u64 = 1024 * KIB;

/// A ruleset's table: a real one is a few tens of kilobytes.
pub const TABLE: Limit = Limit {
    bytes: MIB,
    what: "a table file",
    hint: "a ruleset's tables run to tens of kilobytes: is it the file you meant?",
};

/// A user's own army list (`umpire army check`): a few dozen lines.
pub const ARMY: Limit = Limit {
    bytes: 64 * KIB,
    what: "an army list file",
    hint: "an army list runs to a few dozen lines: is it the file you meant?",
};

/// A user's tables directory, its table files together: every one may be read by a command
/// (and reading a table takes up to ninety times its size), so they share one limit.
pub const TABLES: Limit = Limit {
    bytes: MIB,
    what: "a tables directory (its table files together)",
    hint: "keep in it the rulesets you play; a ruleset's tables run to tens of kilobytes",
};

/// The configuration: three short settings.
pub const CONFIG: Limit = Limit {
    bytes: 64 * KIB,
    what: "the configuration file",
    hint: "it holds three short settings: remove it and set them again with `umpire config`",
};

/// A game's state: about a hundred bytes a figure (reading it takes tens of times its size).
pub const STATE: Limit = Limit {
    bytes: MIB,
    what: "a game's state",
    hint: "a game of hundreds of figures takes tens of kilobytes: was it edited by hand?",
};

/// A game's log: a few hundred bytes a change, so over ten thousand changes (reading it
/// whole takes ten to twenty times its size).
pub const LOG: Limit = Limit {
    bytes: 4 * MIB,
    what: "a game's log",
    hint: "a change logs a few hundred bytes: was it edited by hand? keep a copy, and start a \
           new game to go on",
};

/// A one-line file of umpire's own (the current game's name).
pub const NAME: Limit = Limit {
    bytes: KIB,
    what: "a name file",
    hint: "it holds one game's name: remove it, and pick the game with `umpire game use`",
};

/// `512 bytes`, `64 KiB`, `1 MiB`, `2.5 MiB`.
pub fn size(bytes: u64) -> String {
    let (unit, name) = if bytes >= MIB {
        (MIB, "MiB")
    } else if bytes >= KIB {
        (KIB, "KiB")
    } else {
        return format!("{bytes} bytes");
    };
    let tenths = bytes.saturating_mul(10) / unit;
    if tenths.is_multiple_of(10) {
        format!("{} {name}", tenths / 10)
    } else {
        format!("{}.{} {name}", tenths / 10, tenths % 10)
    }
}

/// A file of `len` bytes is refused when it is over the limit.
pub fn check_size(shown: &str, len: u64, limit: Limit) -> Result<()> {
    if len <= limit.bytes {
        return Ok(());
    }
    let human = if len >= KIB {
        format!(" ({})", size(len))
    } else {
        String::new()
    };
    Err(Error::usage(format!(
        "{shown}: {len} bytes{human}, more than the {} {} may hold",
        size(limit.bytes),
        limit.what,
    ))
    .with_hint(limit.hint))
}

/// The text of an open file, at most `limit` bytes of it: the size the metadata gives is
/// checked first, and no more than one byte past the limit is ever read (a file that grows
/// while it is read, or a device that never ends).
pub fn read_text(file: &mut File, shown: &str, limit: Limit) -> Result<String> {
    let len = file
        .metadata()
        .map_err(|e| Error::failure(format!("cannot read {shown}: {e}")))?
        .len();
    check_size(shown, len, limit)?;
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    file.take(limit.bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| Error::failure(format!("cannot read {shown}: {e}")))?;
    if bytes.len() as u64 > limit.bytes {
        return Err(Error::usage(format!(
            "{shown}: more than the {} {} may hold (it grew while it was read)",
            size(limit.bytes),
            limit.what,
        ))
        .with_hint(limit.hint));
    }
    utf8(shown, 1, bytes)
}

/// The text of the file at `path` (links followed: a user's own file), `None` when there is
/// none. Anything but a plain file is refused before it is opened: a pipe would be waited on
/// for ever, and a device read for ever.
pub fn read_path(path: &Path, limit: Limit) -> Result<Option<String>> {
    let shown = path.display().to_string();
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() => {}
        Ok(_) => {
            return Err(Error::usage(format!("{shown} is not a plain file"))
                .with_hint(format!("umpire reads {} from a plain file", limit.what)));
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Error::failure(format!("cannot read {shown}: {e}"))),
    }
    let mut file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Error::failure(format!("cannot read {shown}: {e}"))),
    };
    read_text(&mut file, &shown, limit).map(Some)
}

/// Bytes as UTF-8 text, or an error placed at the first byte that is not, as
/// `file:line:column` (`first_line` is the line the bytes start on).
pub fn utf8(shown: &str, first_line: usize, bytes: Vec<u8>) -> Result<String> {
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let before = std::str::from_utf8(bytes.get(..at).unwrap_or_default()).unwrap_or_default();
        let line = first_line.saturating_add(before.matches('\n').count());
        let line_start = before.rfind('\n').map_or(0, |nl| nl + 1);
        let column = before.get(line_start..).unwrap_or("").chars().count() + 1;
        let byte = bytes.get(at).copied().unwrap_or(0);
        Error::usage(format!(
            "{shown}:{line}:{column}: invalid UTF-8 (byte 0x{byte:02X})"
        ))
        .with_hint("umpire reads UTF-8 text only: save the file as UTF-8")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_people_say_them() {
        assert_eq!(size(512), "512 bytes");
        assert_eq!(size(64 * KIB), "64 KiB");
        assert_eq!(size(MIB), "1 MiB");
        assert_eq!(size(5 * MIB / 2), "2.5 MiB");
    }

    #[test]
    fn invalid_utf8_is_placed_by_line_and_character() {
        let e = utf8("f.yaml", 1, b"a: 1\nb: \xc3\xa9\xff\n".to_vec()).unwrap_err();
        assert_eq!(e.message, "f.yaml:2:5: invalid UTF-8 (byte 0xFF)");
        let e = utf8("log", 7, b"\xfe".to_vec()).unwrap_err();
        assert_eq!(e.message, "log:7:1: invalid UTF-8 (byte 0xFE)");
    }

    #[test]
    fn a_file_over_its_limit_names_its_size_and_the_limit() {
        let e = check_size("big.yaml", MIB + 1, TABLE).unwrap_err();
        assert_eq!(
            e.message,
            "big.yaml: 1048577 bytes (1 MiB), more than the 1 MiB a table file may hold"
        );
        assert!(check_size("ok.yaml", MIB, TABLE).is_ok());
    }
}
