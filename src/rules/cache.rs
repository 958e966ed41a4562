//! A cache of compiled rulesets. Reading YAML is most of what a first run costs, so the whole
//! model, as `Ruleset::parse` leaves it (checked and compiled), is kept in postcard's compact
//! binary form, keyed by the table's text and by the build that compiled it.
//! The cache is never needed: a missing, stale or damaged entry is ignored and the YAML parsed.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::rules::model::Model;

/// Bumped when the entry's layout changes (what is serialized is covered by [`BUILD_ID`]).
const FORMAT: u32 = 8;

/// The first word of every entry, so that a stray file is never mistaken for one.
const MAGIC: &str = "umpire-rules";

/// The sources that decide what `Ruleset::parse` makes of a table's text: the schema's and the
/// model's types and how they read and write themselves, filling in likes, the checks that
/// refuse a table (an entry skips them), the compile step, the dice they read, and the versions of
/// the crates that read YAML and write the entry (Cargo.lock). An edit to any of them makes
/// every entry stale; an edit elsewhere (a new command, a fix to the engine) keeps the cache.
/// A test fails when a file of `src/rules/schema/` or `src/rules/model/` is missing here.
macro_rules! sources {
    ($($path:literal),+ $(,)?) => {
        &[$(($path, include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $path)))),+]
    };
}
const SOURCES: &[(&str, &[u8])] = sources!(
    "src/rules/schema/mod.rs",
    "src/rules/schema/game.rs",
    "src/rules/schema/procedure.rs",
    "src/rules/schema/shorthand.rs",
    "src/rules/model/mod.rs",
    "src/rules/model/game.rs",
    "src/rules/model/procedure.rs",
    "src/rules/source.rs",
    "src/rules/compile.rs",
    "src/rules/ruleset.rs",
    "src/rules/check.rs",
    "src/rules/check_procedure.rs",
    "src/rules/lookup.rs",
    "src/rules/cache.rs",
    "src/engine/dice.rs",
    "Cargo.lock",
);

/// What this build makes of a table: a hash, computed while compiling, of [`SOURCES`], the
/// crate's version and [`FORMAT`]. Unlike the binary's size and time of change, it is the same
/// for two builds that read tables alike (a rebuild keeps the cache) and differs between two
/// that may not (an edited schema, with the version unchanged, does not).
const BUILD_ID: u64 = build_id();

const fn build_id() -> u64 {
    let mut h = fnv(FNV_OFFSET, env!("CARGO_PKG_VERSION").as_bytes());
    h = fnv(h, &FORMAT.to_le_bytes());
    let mut i = 0;
    while i < SOURCES.len() {
        let (path, text) = SOURCES[i];
        h = fnv(h, path.as_bytes());
        h = fnv(h, &(text.len() as u64).to_le_bytes());
        h = fnv(h, text);
        i += 1;
    }
    h
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a, which a `const fn` can compute.
const fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    let mut i = 0;
    while i < bytes.len() {
        h ^= bytes[i] as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    h
}

/// A fast 64-bit hash (multiply and rotate over 8-byte words, as rustc's FxHash does), run over
/// the table's text and the entry's body on every cached run. It only tells one text from
/// another made by accident or by hand; resistance to chosen inputs would buy nothing here.
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

/// The entry's first line: what it is, the build and the text it was made by and from, and a
/// hash of the body, so that a body damaged or edited by hand is not believed.
fn header(text: &str, body: &[u8]) -> String {
    format!(
        "{MAGIC} {FORMAT} {BUILD_ID:016x} {:016x} {:016x}\n",
        hash_of(text.as_bytes()),
        hash_of(body)
    )
}

/// The body: the model as postcard writes it. The model has no shorthands left (the compile
/// step resolved them), so a format that does not say what kind each value is will do; it
/// reads in a third fewer instructions than JSON did and takes 19 KB where JSON took 47.
fn encode(def: &Model) -> Option<Vec<u8>> {
    postcard::to_stdvec(def).ok()
}

/// The model a body holds, when it holds exactly one and nothing after it.
fn decode(body: &[u8]) -> Option<Model> {
    match postcard::take_from_bytes(body) {
        Ok((model, [])) => Some(model),
        _ => None,
    }
}

/// The ruleset an entry holds, if it was made by this build from exactly `text`, whole.
fn read_entry(data: &[u8], text: &str) -> Option<Model> {
    let end = data.iter().position(|&b| b == b'\n')?;
    let (head, body) = (data.get(..=end)?, data.get(end + 1..)?);
    if head != header(text, body).as_bytes() {
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

    /// One entry per source file, so that an edited table replaces its old entry.
    fn path(&self, file: &str) -> PathBuf {
        self.dir
            .join(format!("rules-{:016x}.cache", hash_of(file.as_bytes())))
    }

    /// The ruleset parsed and checked earlier from exactly this text, if the cache has it.
    pub fn get(&self, file: &str, text: &str) -> Option<Model> {
        let data = std::fs::read(self.path(file)).ok()?;
        read_entry(&data, text)
    }

    /// Keep a checked ruleset. Failing to write is not an error: the next run parses again.
    ///
    /// That the entry reads back as exactly this model is a property of the model's types, so
    /// it is tested once for every form a table may take instead of paid for on every first
    /// run.
    pub fn put(&self, file: &str, text: &str, def: &Model) {
        let Some(body) = encode(def) else { return };
        let mut entry = header(text, &body).into_bytes();
        entry.extend_from_slice(&body);
        let _ = self.write(file, &entry);
    }

    fn write(&self, file: &str, entry: &[u8]) -> std::io::Result<()> {
        std::fs::create_dir_all(&self.dir)?;
        let mut tmp = tempfile::NamedTempFile::new_in(&self.dir)?;
        tmp.write_all(entry)?;
        tmp.flush()?;
        // Atomic: a reader sees the old entry or the new one, never half of one.
        tmp.persist(self.path(file)).map_err(|e| e.error)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ruleset::Ruleset;
    use crate::rules::source::{Locator, Source};

    /// Every file that defines the cached types is in the build id, so that the list cannot
    /// silently go stale when a schema or model file is added.
    #[test]
    fn the_build_id_covers_every_schema_and_model_file() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut missing = Vec::new();
        let mut stack = vec![root.join("src/rules/schema"), root.join("src/rules/model")];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                let rel = path.strip_prefix(root).unwrap().to_string_lossy();
                let rel = rel.replace('\\', "/");
                if !SOURCES.iter().any(|(p, _)| *p == rel) {
                    missing.push(rel);
                }
            }
        }
        assert!(
            missing.is_empty(),
            "add to SOURCES in cache.rs: {missing:?}"
        );
    }

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
    many-on-one: {up-to: 3, lone: defender, count: f}
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
  beads: {per-side: smaller}
  activations: 4294967295
  react: {hold: 0}
  notes: [""]
game:
  sides: [{name: s, label: S, aliases: [t], bead: red}]
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
    fn an_entry_reads_back_only_for_its_own_text_and_body() {
        // Any real table will do: the first built-in one.
        let catalog = crate::rules::catalog::Catalog::load(None).unwrap();
        let (_, text) = catalog.sources().next().unwrap();
        let def = Ruleset::parse("t", text).unwrap().model;
        let body = encode(&def).unwrap();
        let mut entry = header(text, &body).into_bytes();
        entry.extend_from_slice(&body);
        assert_eq!(shown(&read_entry(&entry, text).unwrap()), shown(&def));
        // Another text, a shorter body, an edited body, no header, nothing: no ruleset.
        assert!(read_entry(&entry, &format!("{text}\n")).is_none());
        assert!(read_entry(&entry[..entry.len() - 1], text).is_none());
        let mut edited = entry.clone();
        let last = edited.len() - 2;
        edited[last] ^= 1;
        assert!(read_entry(&edited, text).is_none());
        assert!(read_entry(&body, text).is_none());
        assert!(read_entry(b"", text).is_none());
    }
}
