//! A cache of parsed rulesets. Scanning YAML is most of what a roll costs, so a checked ruleset
//! is kept as compact JSON, keyed by its source text and by this very binary, with each
//! procedure and factor stored apart so that a roll reads only what its procedure touches.
//! The cache is never needed: a missing, stale or damaged entry is ignored and the YAML parsed.

use std::borrow::Cow;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::rules::ruleset::Ruleset;
use crate::rules::schema::{ProcedureDef, RulesetDef};

/// Bumped when the entry's layout changes; the schema is covered by the binary's identity.
const FORMAT: u32 = 6;

// An entry is one line of JSON, the index, then the parts' JSON one after the other. The index
// says where each part lies, so a roll parses the few parts it needs and skips the rest
// without scanning them.

#[derive(Serialize, Deserialize)]
struct Index<'a> {
    format: u32,
    #[serde(borrow)]
    key: Cow<'a, str>,
    /// A hash of the parts, so that an entry damaged or edited by hand is not believed.
    body: u64,
    /// The ruleset without its factors and procedures, lean (no game, turn or notes).
    head: Span,
    /// The game, the turn and the notes: what only a game, `rules` or the cards read.
    extra: Span,
    /// Each factor, in the ruleset's order: lean (no help text), and its prose.
    factors: Vec<(Span, Span)>,
    #[serde(borrow)]
    procedures: Vec<ProcedurePart<'a>>,
}

/// One procedure, and what resolving it touches (positions in the index's lists).
#[derive(Serialize, Deserialize)]
struct ProcedurePart<'a> {
    /// Its name, then its aliases.
    #[serde(borrow)]
    names: Vec<Cow<'a, str>>,
    procedures: Vec<usize>,
    factors: Vec<usize>,
    /// Without the help and the notes, which only `rules`, help and the cards print.
    at: Span,
    prose: Span,
}

/// A lean ruleset lacks these; a whole one gets them back from their own parts.
#[derive(Serialize, Deserialize)]
struct HeadExtra {
    #[serde(default)]
    notes: Vec<String>,
    #[serde(default)]
    game: Option<crate::rules::schema::GameDef>,
    #[serde(default)]
    turn: Option<crate::rules::schema::TurnDef>,
}

#[derive(Serialize, Deserialize)]
struct FactorProse {
    help: String,
    #[serde(default)]
    note: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct ProcedureProse {
    help: String,
    #[serde(default)]
    notes: Vec<String>,
}

/// Where a part's JSON lies, in bytes after the index line.
#[derive(Clone, Copy, Serialize, Deserialize)]
struct Span(usize, usize);

/// A fast 64-bit hash (multiply and rotate over 8-byte words, as rustc's FxHash does). It only
/// tells one table text from another; SipHash's resistance to chosen inputs buys nothing here
/// and costs a fifth of a cached run.
fn hash_of(parts: &[&[u8]]) -> u64 {
    const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
    let mix = |h: u64, w: u64| (h.rotate_left(5) ^ w).wrapping_mul(K);
    let mut h = 0u64;
    for part in parts {
        h = mix(h, part.len() as u64);
        let mut words = part.chunks_exact(8);
        for w in &mut words {
            let mut b = [0u8; 8];
            b.copy_from_slice(w);
            h = mix(h, u64::from_le_bytes(b));
        }
        for &byte in words.remainder() {
            h = mix(h, u64::from(byte));
        }
    }
    h
}

/// What makes an entry valid: the source text and the binary that parsed it. A rebuilt binary
/// may read tables differently, so its size and time of change are part of the key.
fn key_for(file: &str, text: &str) -> String {
    let exe = std::env::current_exe()
        .and_then(std::fs::metadata)
        .map(|m| {
            let changed = m
                .modified()
                .ok()
                .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            format!("{}-{changed}", m.len())
        })
        .unwrap_or_default();
    format!(
        "{}-{exe}-{:016x}",
        env!("CARGO_PKG_VERSION"),
        hash_of(&[file.as_bytes(), text.as_bytes()])
    )
}

/// Drop what reads back as its default (absent options, empty lists and maps): a third of the
/// size, and of the time to read. Only kept when it reads back as exactly the same value.
fn compact<T: Serialize + DeserializeOwned>(value: &T, keep: &[&str]) -> Option<Value> {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(map) => {
                map.values_mut().for_each(strip);
                map.retain(|_, x| match x {
                    Value::Null => false,
                    Value::Array(a) => !a.is_empty(),
                    Value::Object(o) => !o.is_empty(),
                    _ => true,
                });
            }
            Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let full = serde_json::to_value(value).ok()?;
    let mut small = full.clone();
    strip(&mut small);
    // Fields that must be present even when empty.
    if let (Value::Object(small), Value::Object(full)) = (&mut small, &full) {
        for k in keep {
            if let Some(v) = full.get(*k) {
                small.insert((*k).to_string(), v.clone());
            }
        }
    }
    let back: T = serde_json::from_value(small.clone()).ok()?;
    (serde_json::to_value(&back).ok()? == full).then_some(small)
}

/// The whole entry, index line and parts, as it is written to disk.
fn entry(ruleset: &Ruleset, key: String) -> Option<String> {
    let def = &ruleset.def;
    let mut body = String::new();
    let mut add = |value: Value| -> Option<Span> {
        let json = serde_json::to_string(&value).ok()?;
        let span = Span(body.len(), json.len());
        body.push_str(&json);
        Some(span)
    };
    let mut head = def.clone();
    head.factors.clear();
    head.procedures.clear();
    let extra = HeadExtra {
        notes: std::mem::take(&mut head.notes),
        game: head.game.take(),
        turn: head.turn.take(),
    };
    let head = add(compact(&head, &["procedures"])?)?;
    let extra = add(serde_json::to_value(&extra).ok()?)?;
    let mut factors = Vec::new();
    for f in &def.factors {
        let mut lean = f.clone();
        let prose = FactorProse {
            help: std::mem::take(&mut lean.help),
            note: lean.note.take(),
        };
        factors.push((
            add(compact(&lean, &[])?)?,
            add(serde_json::to_value(&prose).ok()?)?,
        ));
    }
    // Positions in the ruleset's own order, so that a cut-down ruleset lists things alike.
    let position = |names: Vec<String>, among: &[String]| -> Option<Vec<usize>> {
        let mut at = names
            .iter()
            .map(|n| among.iter().position(|x| x == n))
            .collect::<Option<Vec<_>>>()?;
        at.sort_unstable();
        Some(at)
    };
    let factor_names: Vec<String> = def.factors.iter().map(|f| f.name.clone()).collect();
    let procedure_names: Vec<String> = def.procedures.iter().map(|p| p.name.clone()).collect();
    let mut procedures = Vec::new();
    for p in &def.procedures {
        let (procs, fs) = ruleset.closure(p);
        let mut lean = p.clone();
        let prose = ProcedureProse {
            help: std::mem::take(&mut lean.help),
            notes: std::mem::take(&mut lean.notes),
        };
        procedures.push(ProcedurePart {
            names: std::iter::once(&p.name)
                .chain(&p.aliases)
                .map(|n| Cow::Owned(n.clone()))
                .collect(),
            procedures: position(procs, &procedure_names)?,
            factors: position(fs, &factor_names)?,
            at: add(compact(&lean, &[])?)?,
            prose: add(serde_json::to_value(&prose).ok()?)?,
        });
    }
    let index = Index {
        format: FORMAT,
        key: Cow::Owned(key),
        body: hash_of(&[body.as_bytes()]),
        head,
        extra,
        factors,
        procedures,
    };
    let mut text = serde_json::to_string(&index).ok()?;
    text.push('\n');
    text.push_str(&body);
    Some(text)
}

/// What a roll needs of a ruleset: the procedure's part, and the game section when figures of
/// a game take part.
#[derive(Debug, Clone, Copy)]
pub struct Focus<'a> {
    pub procedure: &'a str,
    pub game: bool,
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
            .join(format!("rules-{:016x}.json", hash_of(&[file.as_bytes()])))
    }

    /// The ruleset parsed earlier from exactly this text, if the cache has it: whole, or with
    /// `focus` only what resolving that procedure touches (whole when there is no such one).
    pub fn get(&self, file: &str, text: &str, focus: Option<Focus<'_>>) -> Option<RulesetDef> {
        let data = std::fs::read_to_string(self.path(file)).ok()?;
        read_entry(&data, &key_for(file, text), focus)
    }

    /// Keep a checked ruleset. Failing to write is not an error: the next run parses again.
    pub fn put(&self, file: &str, text: &str, ruleset: &Ruleset) {
        let key = key_for(file, text);
        // Kept only if it reads back as exactly the ruleset it was made from.
        let whole = serde_json::to_value(&ruleset.def).ok();
        if let Some(entry) = entry(ruleset, key.clone())
            && whole.is_some()
            && read_entry(&entry, &key, None).and_then(|d| serde_json::to_value(d).ok()) == whole
        {
            let _ = self.write(file, &entry);
        }
    }

    fn write(&self, file: &str, entry: &str) -> std::io::Result<()> {
        std::fs::create_dir_all(&self.dir)?;
        let mut tmp = tempfile::NamedTempFile::new_in(&self.dir)?;
        tmp.write_all(entry.as_bytes())?;
        tmp.flush()?;
        // Atomic: a reader sees the old entry or the new one, never half of one.
        tmp.persist(self.path(file)).map_err(|e| e.error)?;
        Ok(())
    }
}

/// The ruleset an entry holds (see [`Cache::get`]), from the entry's text.
fn read_entry(data: &str, key: &str, focus: Option<Focus<'_>>) -> Option<RulesetDef> {
    let reader = PartReader::new(data)?;
    let index: Index<'_> = serde_json::from_str(reader.index()).ok()?;
    if index.format != FORMAT
        || index.key != key
        || index.body != hash_of(&[reader.body().as_bytes()])
    {
        return None;
    }
    // The procedure by name first, then by alias, as `Ruleset::procedure` finds it.
    let procs = &index.procedures;
    let wanted = focus.map(|f| f.procedure).and_then(|name| {
        procs
            .iter()
            .find(|p| p.names.first().is_some_and(|n| n == name))
            .or_else(|| {
                procs
                    .iter()
                    .find(|p| p.names.iter().skip(1).any(|a| a == name))
            })
    });
    let mut def: RulesetDef = reader.parse(index.head)?;
    let Some(w) = wanted else {
        // The whole ruleset: every part with its prose.
        let extra: HeadExtra = reader.parse(index.extra)?;
        def.notes = extra.notes;
        def.game = extra.game;
        def.turn = extra.turn;
        def.factors = index
            .factors
            .iter()
            .map(|(at, prose)| {
                let mut f: crate::rules::schema::FactorDef = reader.parse(*at)?;
                let p: FactorProse = reader.parse(*prose)?;
                f.help = p.help;
                f.note = p.note;
                Some(f)
            })
            .collect::<Option<_>>()?;
        def.procedures = procs
            .iter()
            .map(|part| {
                let mut p: ProcedureDef = reader.parse(part.at)?;
                let prose: ProcedureProse = reader.parse(part.prose)?;
                p.help = prose.help;
                p.notes = prose.notes;
                Some(p)
            })
            .collect::<Option<_>>()?;
        return Some(def);
    };
    if focus.is_some_and(|f| f.game) {
        def.game = reader.parse::<HeadExtra>(index.extra)?.game;
    }
    def.factors = w
        .factors
        .iter()
        .map(|&i| reader.parse(index.factors.get(i)?.0))
        .collect::<Option<_>>()?;
    def.procedures = w
        .procedures
        .iter()
        .map(|&i| reader.parse(procs.get(i)?.at))
        .collect::<Option<_>>()?;
    Some(def)
}

/// An entry split into its index line and its parts.
struct PartReader<'a> {
    data: &'a str,
    /// Where the parts start: just after the index line.
    body: usize,
}

impl<'a> PartReader<'a> {
    fn new(data: &'a str) -> Option<PartReader<'a>> {
        let body = data.find('\n')? + 1;
        Some(PartReader { data, body })
    }

    fn body(&self) -> &'a str {
        self.data.get(self.body..).unwrap_or("")
    }

    fn index(&self) -> &'a str {
        self.data.get(..self.body).unwrap_or("")
    }

    fn part(&self, at: Span) -> Option<&'a str> {
        let start = self.body.checked_add(at.0)?;
        self.data.get(start..start.checked_add(at.1)?)
    }

    fn parse<T: DeserializeOwned>(&self, at: Span) -> Option<T> {
        serde_json::from_str(self.part(at)?).ok()
    }
}
