//! A cache of compiled rulesets. Reading YAML is most of what a first run costs, so the whole
//! model, as `Ruleset::parse` leaves it (checked and compiled), is kept in postcard's compact
//! binary form, keyed by the table's text and by the build that compiled it, and sealed with
//! the cache's own key.
//!
//! The cache is a pure speed-up, never needed: an entry is believed only when it is a plain
//! file of bounded size (`files`), made by this build from exactly the table's text, and
//! sealed with this cache's key (`seal`); anything else (a link, a pipe, a huge or damaged
//! file, one made elsewhere or forged) is ignored, silently, and the table compiled again.
//! Old entries are cleared when a new one is written.

mod build_id;
mod files;
mod seal;

use std::path::{Path, PathBuf};

use crate::model::Model;
use build_id::{BUILD_ID, FORMAT};
use seal::Seal;

/// The first word of every entry, so that a stray file is never mistaken for one.
const MAGIC: &str = "umpire-rules";

/// What the names of entries start and end with.
const ENTRY_PREFIX: &str = "rules-";
const ENTRY_SUFFIX: &str = ".cache";

/// The largest entry read or written. The built-in table's is 19 KB; a file larger than this is
/// not an entry this build wrote, and is not read at all.
const ENTRY_LIMIT: u64 = 4 << 20;

/// A fast 64-bit hash (multiply and rotate over 8-byte words, as rustc's FxHash does) of the
/// table's text, run on every cached run. It tells one text from another made by accident or
/// by hand; an entry's body is protected by its seal, not by this.
fn hash_of(bytes: &[u8]) -> u64 {
    const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
    let mix = |h: u64, w: u64| (h.rotate_left(5) ^ w).wrapping_mul(K);
    let mut h = mix(0, bytes.len() as u64);
    let mut words = bytes.chunks_exact(8);
    for w in &mut words {
        let mut b = [0u8; 8];
        b.copy_from_slice(w);
        h = mix(h, u64::from_le_bytes(b));
    }
    for &byte in words.remainder() {
        h = mix(h, u64::from(byte));
    }
    h
}

/// The hash an entry keeps of its table's text (and this process's loads compare).
pub(crate) fn text_hash(text: &str) -> u64 {
    hash_of(text.as_bytes())
}

/// The entry's first line: what it is, the build and the text it was made by and from, and
/// its seal over those words and the body.
fn header(text_hash: u64, seal: &Seal, body: &[u8]) -> String {
    let words = format!("{MAGIC} {FORMAT} {BUILD_ID:016x} {text_hash:016x}");
    let sealed = seal.of(words.as_bytes(), body);
    format!("{words} {sealed:016x}\n")
}

/// The body: the model as postcard writes it. The model has no shorthands left (the compile
/// step resolved them), so a format that does not say what kind each value is will do; it
/// reads in a third fewer instructions than JSON did and takes 19 KB where JSON took 47.
fn encode(def: &Model) -> Option<Vec<u8>> {
    // Room for the built-in table's body at once, rather than growing by doubling.
    postcard::to_extend(def, Vec::with_capacity(32 << 10)).ok()
}

/// The model a body holds, when it holds exactly one and nothing after it.
fn decode(body: &[u8]) -> Option<Model> {
    match postcard::take_from_bytes(body) {
        Ok((model, [])) => Some(model),
        _ => None,
    }
}

/// The ruleset an entry holds, if it was made by this build from the text of this hash, and
/// sealed with this key.
fn read_entry(data: &[u8], text_hash: u64, seal: &Seal) -> Option<Model> {
    let end = data.iter().position(|&b| b == b'\n')?;
    let (head, body) = (data.get(..=end)?, data.get(end + 1..)?);
    if head != header(text_hash, seal, body).as_bytes() {
        return None;
    }
    decode(body)
}

/// The parsed-ruleset cache in one directory.
#[derive(Debug, Clone)]
pub struct Cache {
    dir: PathBuf,
}

impl Cache {
    pub fn new(dir: &Path) -> Cache {
        Cache {
            dir: dir.to_path_buf(),
        }
    }

    /// One entry per source file and build, so that an edited table replaces its old entry
    /// and two builds that share the cache do not replace each other's.
    fn name(file: &str) -> String {
        format!(
            "{ENTRY_PREFIX}{:016x}-{BUILD_ID:016x}{ENTRY_SUFFIX}",
            hash_of(file.as_bytes())
        )
    }

    /// The ruleset compiled earlier from the text of this hash, if the cache has it.
    pub fn get(&self, file: &str, text_hash: u64) -> Option<Model> {
        let (data, _) = files::read_plain(&self.dir.join(Cache::name(file)), ENTRY_LIMIT)?;
        let seal = Seal::read(&self.dir)?;
        read_entry(&data, text_hash, &seal)
    }

    /// Keep a checked ruleset, and clear old entries. Failing to write is not an error: the
    /// next run compiles again.
    ///
    /// That the entry reads back as exactly this model is a property of the model's types, so
    /// it is tested once for every form a table may take instead of paid for on every first
    /// run.
    pub fn put(&self, file: &str, text_hash: u64, def: &Model) {
        let Some(body) = encode(def) else { return };
        if body.len() as u64 >= ENTRY_LIMIT {
            // It would never be read: compiling every time is all there is.
            return;
        }
        let Some(seal) = Seal::read_or_make(&self.dir) else {
            return;
        };
        let mut entry = header(text_hash, &seal, &body).into_bytes();
        entry.extend_from_slice(&body);
        let name = Cache::name(file);
        if files::write_whole(&self.dir, &name, &entry, false).is_ok() {
            files::clear_old(&self.dir, &name);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Ruleset;
    use crate::rules::source::{Locator, Source};

    /// The ruleset as Debug prints it: every field, whatever serde makes of it.
    fn shown(def: &Model) -> String {
        format!("{def:#?}")
    }

    fn assert_reads_back(what: &str, def: &Model) {
        let body = encode(def).unwrap();
        let back = decode(&body).unwrap_or_else(|| panic!("{what}: the body does not read"));
        assert_eq!(shown(&back), shown(def), "{what}");
    }

    /// What `put` no longer checks on every first run: an entry reads back as exactly the
    /// ruleset it was made from, for every table there is.
    #[test]
    fn every_table_reads_back_as_exactly_itself() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut seen = 0;
        for dir in ["tables", "tests/tables"] {
            for entry in std::fs::read_dir(root.join(dir)).unwrap() {
                let path = entry.unwrap().path();
                let text = std::fs::read_to_string(&path).unwrap();
                let file = path.display().to_string();
                assert_reads_back(&file, &Ruleset::parse(&file, &text).unwrap().model);
                seen += 1;
            }
        }
        assert!(seen >= 5, "{seen} tables");
    }

    /// And for every form a table may take, compiled unchecked: each shorthand in each of its forms,
    /// strings that look like other kinds, the extreme numbers, a list given empty.
    #[test]
    fn every_form_of_a_table_reads_back_as_exactly_itself() {
        let text = r#"
ruleset: "every-form"
title: "quotes \" and \\, a tab \t, ünïcödé — and \u0001"
author: ""
unit: "in"
unit-marks: ["\"", "'"]
notes: ["null", "true", "5", "", "-1", "[a]", "{}"]
dice: {avd: [-9223372036854775808, 9223372036854775807, 0]}
factors:
  - name: f
    help: h
    kind: number
    values: [plain, {name: full, label: L, aliases: [a], note: n}, {name: bare}]
    classes: [{name: c, members: [plain]}]
    default: "null"
    min: -9223372036854775808
    max: 9223372036854775807
    distance: {by: f, scales: [{for: [plain], bands: [{upto: 3, value: plain}, {value: full}]}]}
procedures:
  - name: p
    title: t
    help: h
    roll: 2d6
    modifiers:
      - group: g
        policy: best-and-worst
        items:
          - {label: x, value: -3, when: {f: true, g: 3, h: x, i: [x, y], j: {min: 1, max: 2}}}
          - {factor: f, values: {}, each: 1, limit: 0, any: [{k: false}, {l: -4}]}
          - {unless: {m: "true", n: {}, o: "5"}, values: {a: -9223372036854775808}}
    check: {compare: at-least, target: 8, pass: a, fail: b}
    results:
      - name: a
        label: A
        next: [q, {procedure: q, carry: [], set: {f: "1"}, rename: {f: g}, side: s}]
        follow-up: [{procedure: q, carry: null, note: ""}]
        becomes: [{result: a, label: b, side: s}]
        marks: [{on: loser, change: [+x, -y]}]
      - {name: b, label: B}
  - name: q
    title: t
    help: h
    roll:
      - {when: {f: {min: 1}}, dice: 3d6, label: x}
      - {count: {factor: f}, dice: d6}
      - {fixed: -1}
    drop: [{highest: 1, label: d}]
    naturals: [{doubles: true, total: [2, 12], otherwise: b, result: a, label: n}]
    reroll: {on: [b], label: r}
    check: {compare: at-most, target: {factor: f}, pass: a, fail: b}
    table: {clamp: [-1, 99], rows: [{min: 1, max: 2, result: a}, {result: b}]}
    grid: {first-column: -2, rows: [{label: r, results: [a, b]}]}
    amount: {unit: u, floor: 0, halve: [{round-up: true, label: h}]}
    compare: {by: doubling, tie: a, bands: [{max: 1, result: b}], beaten: b, doubled: a}
    sides: [{name: attacker, aliases: [a]}, {name: defender}]
    many-on-one:
      up-to: 3
      lone: defender
      count: f
      worst-first: [b, a]
      together: [{results: [a, b], count: 2, result: b, label: t}]
    about: acted-upon
    roles: [q]
    results: [{name: a, label: A}, {name: b, label: B}]
  - name: r
    title: t
    help: h
    like: q
    factors: [f]
    check:
      compare: less-than
      target: {lookup: {rows: f, columns: g, cells: {a: {b: 1}, c: {}}}}
      pass: a
      fail: b
turn:
  phases: {percent: 50, of: larger, rounding: half-up, min: 1}
  draw: {token: chit, tokens: chits, per-side: smaller}
  activations: 4294967295
  react: {hold: 1}
  notes: [""]
game:
  sides: [{name: s, label: S, aliases: [t], token: red}]
  unit: {troop: f}
  acted-upon: {cover: f}
  roles:
    - {name: r, aliases: [q], plays: acting, label: l, help: h}
    - {name: u, plays: acted-upon, help: h}
    - {name: v, plays: s, help: h}
  required: [f]
  markers:
    - {name: m, label: M, colour: red, acting: {f: 1, h: true}, acted-upon: {g: a}, blocks: [p]}
"#;
        let def = Source {
            def: serde_yaml::from_str(text).unwrap(),
        };
        let model = def.compile(&Locator::new("t", text)).unwrap();
        assert_reads_back("every form", &model);
    }

    #[test]
    fn an_entry_reads_back_only_for_its_own_text_body_and_key() {
        // Any real table will do: the first built-in one.
        let catalog = crate::rules::catalog::Catalog::load(None).unwrap();
        let (_, text) = catalog.sources().next().unwrap();
        let def = Ruleset::parse("t", text).unwrap().model;
        let body = encode(&def).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let seal = Seal::read_or_make(dir.path()).unwrap();
        let hash = text_hash(text);
        let mut entry = header(hash, &seal, &body).into_bytes();
        entry.extend_from_slice(&body);
        assert_eq!(
            shown(&read_entry(&entry, hash, &seal).unwrap()),
            shown(&def)
        );
        // Another text, a shorter body, an edited body, no header, nothing, another key: no
        // ruleset.
        let other_text = text_hash(&format!("{text}\n"));
        assert!(read_entry(&entry, other_text, &seal).is_none());
        assert!(read_entry(&entry[..entry.len() - 1], hash, &seal).is_none());
        let mut edited = entry.clone();
        let last = edited.len() - 2;
        edited[last] ^= 1;
        assert!(read_entry(&edited, hash, &seal).is_none());
        assert!(read_entry(&body, hash, &seal).is_none());
        assert!(read_entry(b"", hash, &seal).is_none());
        let other = tempfile::tempdir().unwrap();
        let other_seal = Seal::read_or_make(other.path()).unwrap();
        assert!(read_entry(&entry, hash, &other_seal).is_none());
    }

    #[test]
    fn the_key_is_made_once_private_and_never_read_through_a_link() {
        let dir = tempfile::tempdir().unwrap();
        let made = Seal::read_or_make(dir.path()).unwrap();
        let again = Seal::read(dir.path()).unwrap();
        assert_eq!(made.of(b"a", b"b"), again.of(b"a", b"b"));
        let key = dir.path().join(seal::KEY_FILE);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&key).unwrap().permissions().mode();
            assert_eq!(mode & 0o077, 0, "{mode:o}");
            // A key others may read is not one to trust: it is replaced.
            std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o644)).unwrap();
            assert!(Seal::read(dir.path()).is_none());
            let new = Seal::read_or_make(dir.path()).unwrap();
            assert_ne!(new.of(b"a", b"b"), made.of(b"a", b"b"));
            // Nor is one reached through a link, however private its target.
            let elsewhere = tempfile::tempdir().unwrap();
            Seal::read_or_make(elsewhere.path()).unwrap();
            std::fs::remove_file(&key).unwrap();
            std::os::unix::fs::symlink(elsewhere.path().join(seal::KEY_FILE), &key).unwrap();
            assert!(Seal::read(dir.path()).is_none());
        }
    }
}
