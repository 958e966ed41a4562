//! The cache's seal: a secret key kept beside the entries, that nobody but its owner may read,
//! and a keyed hash (SipHash-1-3) of every entry made with it. An entry is believed only with
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
        let mut h = Sip::<1, 3>::new(self.k0, self.k1);
        h.write(head);
        h.write(body);
        h.finish()
    }
}

/// SipHash with `C` rounds per 8-byte word and `D` to finish, keyed: a pseudorandom function
/// of the key and the bytes, so that a seal cannot be made without the key. SipHash-1-3 is the
/// standard library's choice for hash maps, where keys must not be guessed; the standard
/// library offers it with a key only for SipHash-2-4, which took twice as long (a twentieth
/// of a warm roll). The rounds are checked against the standard library's SipHash-2-4.
struct Sip<const C: usize, const D: usize> {
    v: [u64; 4],
    /// Bytes not yet making a whole word, little-endian, and how many.
    tail: u64,
    ntail: usize,
    len: u64,
}

impl<const C: usize, const D: usize> Sip<C, D> {
    fn new(k0: u64, k1: u64) -> Self {
        Sip {
            v: [
                k0 ^ 0x736f_6d65_7073_6575,
                k1 ^ 0x646f_7261_6e64_6f6d,
                k0 ^ 0x6c79_6765_6e65_7261,
                k1 ^ 0x7465_6462_7974_6573,
            ],
            tail: 0,
            ntail: 0,
            len: 0,
        }
    }

    fn word(&mut self, m: u64) {
        compress::<C>(&mut self.v, m);
    }

    fn write(&mut self, mut bytes: &[u8]) {
        self.len = self.len.wrapping_add(bytes.len() as u64);
        while self.ntail > 0 && !bytes.is_empty() {
            self.push_tail(bytes[0]);
            bytes = &bytes[1..];
        }
        // The state in a local while the words go in, so that it stays in registers.
        let mut v = self.v;
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            let mut b = [0u8; 8];
            b.copy_from_slice(w);
            compress::<C>(&mut v, u64::from_le_bytes(b));
        }
        self.v = v;
        for &byte in words.remainder() {
            self.push_tail(byte);
        }
    }

    fn push_tail(&mut self, byte: u8) {
        self.tail |= u64::from(byte) << (8 * self.ntail);
        self.ntail += 1;
        if self.ntail == 8 {
            let m = self.tail;
            (self.tail, self.ntail) = (0, 0);
            self.word(m);
        }
    }

    fn finish(mut self) -> u64 {
        let last = (self.len << 56) | self.tail;
        self.word(last);
        self.v[2] ^= 0xff;
        for _ in 0..D {
            round(&mut self.v);
        }
        self.v.iter().fold(0, |h, v| h ^ v)
    }
}

/// One word into the state: `C` rounds between two xors.
#[inline(always)]
fn compress<const C: usize>(v: &mut [u64; 4], m: u64) {
    v[3] ^= m;
    for _ in 0..C {
        round(v);
    }
    v[0] ^= m;
}

#[inline(always)]
fn round(v: &mut [u64; 4]) {
    v[0] = v[0].wrapping_add(v[1]);
    v[1] = v[1].rotate_left(13) ^ v[0];
    v[0] = v[0].rotate_left(32);
    v[2] = v[2].wrapping_add(v[3]);
    v[3] = v[3].rotate_left(16) ^ v[2];
    v[0] = v[0].wrapping_add(v[3]);
    v[3] = v[3].rotate_left(21) ^ v[0];
    v[2] = v[2].wrapping_add(v[1]);
    v[1] = v[1].rotate_left(17) ^ v[2];
    v[2] = v[2].rotate_left(32);
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::Hasher;

    /// The rounds, written out here, are SipHash's: with two and four of them they give what
    /// the standard library's SipHash-2-4 gives, for every length and wherever the bytes are
    /// split between writes.
    #[test]
    fn the_rounds_are_siphash() {
        let bytes: Vec<u8> = (0..64u8).map(|b| b.wrapping_mul(37) ^ 0x5a).collect();
        for (k0, k1) in [
            (0, 0),
            (0x0706_0504_0302_0100, 0x0f0e_0d0c_0b0a_0908),
            (!0, 1),
        ] {
            for len in 0..=bytes.len() {
                for split in [0, len / 3, len] {
                    let (a, b) = bytes[..len].split_at(split);
                    let mut ours = Sip::<2, 4>::new(k0, k1);
                    ours.write(a);
                    ours.write(b);
                    #[allow(deprecated)]
                    let mut std = std::hash::SipHasher::new_with_keys(k0, k1);
                    std.write(&bytes[..len]);
                    assert_eq!(ours.finish(), std.finish(), "{len} bytes split at {split}");
                }
            }
        }
        // The reference's test vector: 15 bytes 00..0e under the key 00..0f.
        let mut h = Sip::<2, 4>::new(0x0706_0504_0302_0100, 0x0f0e_0d0c_0b0a_0908);
        h.write(&(0..15u8).collect::<Vec<_>>());
        assert_eq!(h.finish(), 0xa129_ca61_49be_45e5);
    }
}
