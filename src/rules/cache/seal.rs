//! The cache's seal: a secret key kept beside the entries, that nobody but its owner may read,
//! and a keyed hash (SipHash-2-4) of every entry made with it. An entry is believed only with
//! the right seal, so a file planted in the cache, even one in the entry's format with every
//! other hash right, is never run: a model from the cache skips the checks that refuse a table
//! (a planted one made a chain of procedures that follows itself, and overflowed the stack).
//! Whoever can read the user's own files could as well edit the tables or the binary.

use std::io;
use std::path::Path;

use super::files::{read_plain, write_whole};

/// The key's file, in the cache's folder.
pub(super) const KEY_FILE: &str = "key";

/// The key as kept: 32 hexadecimal digits and a newline.
const KEY_LEN: usize = 33;

/// The key entries are sealed with.
#[derive(Debug, Clone, Copy)]
pub(super) struct Seal {
    k0: u64,
    k1: u64,
}

impl Seal {
    /// The cache's key, when there is one to trust: a plain file (not a link, a pipe or a
    /// device) of exactly a key, that nobody but its owner may read or write.
    pub(super) fn read(dir: &Path) -> Option<Seal> {
        let (bytes, meta) = read_plain(&dir.join(KEY_FILE), KEY_LEN as u64)?;
        if !private(&meta) {
            return None;
        }
        let text = std::str::from_utf8(&bytes).ok()?.strip_suffix('\n')?;
        if text.len() != KEY_LEN - 1 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let (k0, k1) = text.split_at(16);
        Some(Seal {
            k0: u64::from_str_radix(k0, 16).ok()?,
            k1: u64::from_str_radix(k1, 16).ok()?,
        })
    }

    /// The cache's key, made from the system's randomness when there is none to trust (one
    /// that cannot be, a link or a file others may read, is replaced). Of two processes that
    /// make one at once, the first to put it in place wins and the other reads it.
    pub(super) fn read_or_make(dir: &Path) -> Option<Seal> {
        if let Some(seal) = Seal::read(dir) {
            return Some(seal);
        }
        let seal = Seal {
            k0: rand::random(),
            k1: rand::random(),
        };
        let text = format!("{:016x}{:016x}\n", seal.k0, seal.k1);
        let untrusted = std::fs::symlink_metadata(dir.join(KEY_FILE)).is_ok();
        match write_whole(dir, KEY_FILE, text.as_bytes(), !untrusted) {
            Ok(()) => Some(seal),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Seal::read(dir),
            Err(_) => None,
        }
    }

    /// The seal of an entry: its header's words before the seal, then its body.
    pub(super) fn of(&self, head: &[u8], body: &[u8]) -> u64 {
        use std::hash::Hasher;
        // SipHash-2-4, keyed: the standard library's own, kept though no longer advertised
        // (its successor cannot be given a key).
        #[allow(deprecated)]
        let mut h = std::hash::SipHasher::new_with_keys(self.k0, self.k1);
        h.write(head);
        h.write(body);
        h.finish()
    }
}

/// Whether only the file's owner may read or write it.
#[cfg(unix)]
fn private(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    meta.permissions().mode() & 0o077 == 0
}

/// Elsewhere the key is in the user's own folder, as the tables are.
#[cfg(not(unix))]
fn private(_: &std::fs::Metadata) -> bool {
    true
}
