//! The fuzz harness's mutations: hand edits gone wrong on a file's text (lines deleted,
//! duplicated, swapped or re-indented, numbers pushed to extremes, keys flipped, random bytes,
//! a cut end) and on its values once parsed (a number, a string or a whole node replaced,
//! entries dropped, duplicated or swapped, a key added), all drawn from one seeded RNG.

use rand::RngExt;
use rand::rngs::Xoshiro256PlusPlus;
use serde_json::Value;

pub(super) type Rng = Xoshiro256PlusPlus;

/// Numbers at the edges of every integer type the model uses, and beyond them.
const EXTREMES: &[&str] = &[
    "0",
    "-1",
    "1",
    "-0",
    "255",
    "256",
    "65535",
    "4294967295",
    "4294967296",
    "2147483647",
    "-2147483648",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999",
    "1e308",
    "-1e308",
    "0.5",
    ".nan",
    ".inf",
    "-.inf",
];

/// Bytes that mean something to YAML or JSON, or to a terminal.
const SPECIAL: &[&str] = &[
    ":",
    "- ",
    "{",
    "}",
    "[",
    "]",
    ",",
    "\"",
    "'",
    "#",
    "&a ",
    "*a",
    "!!str ",
    "|",
    ">",
    "? ",
    "\t",
    "\n",
    "\\",
    "\u{1b}[31m",
    "\u{0}",
    "\u{feff}",
    "é",
    "\u{202e}",
    "~",
    "null",
    "<<: ",
];

fn pick<'a, T>(rng: &mut Rng, items: &'a [T]) -> Option<&'a T> {
    if items.is_empty() {
        None
    } else {
        items.get(rng.random_range(0..items.len()))
    }
}

/// The words a corpus is made of, to flip one key or value for another it also uses.
#[derive(Debug, Default)]
pub(super) struct Words {
    pub(super) keys: Vec<String>,
    pub(super) strings: Vec<String>,
}

impl Words {
    /// Every key and short string in the values given.
    pub(super) fn of(values: &[Value]) -> Words {
        fn walk(v: &Value, w: &mut Words) {
            match v {
                Value::Object(map) => {
                    for (k, v) in map {
                        w.keys.push(k.clone());
                        walk(v, w);
                    }
                }
                Value::Array(items) => items.iter().for_each(|v| walk(v, w)),
                Value::String(s) if s.len() < 40 => w.strings.push(s.clone()),
                _ => {}
            }
        }
        let mut w = Words::default();
        values.iter().for_each(|v| walk(v, &mut w));
        w.keys.sort();
        w.keys.dedup();
        w.strings.sort();
        w.strings.dedup();
        w
    }
}

// ----- on the text ------------------------------------------------------------------------------

/// One to `most` mutations of the text's lines and bytes; `other` is another file of the same
/// kind to splice lines from.
pub(super) fn text(rng: &mut Rng, bytes: &mut Vec<u8>, other: &[u8], words: &Words, most: usize) {
    // One most of the time: each more makes it likelier that the parser stops the file.
    let n = if rng.random_bool(0.6) {
        1
    } else {
        rng.random_range(1..=most)
    };
    for _ in 0..n {
        text_once(rng, bytes, other, words);
    }
}

fn lines(bytes: &[u8]) -> Vec<Vec<u8>> {
    bytes.split(|b| *b == b'\n').map(<[u8]>::to_vec).collect()
}

fn text_once(rng: &mut Rng, bytes: &mut Vec<u8>, other: &[u8], words: &Words) {
    let mut ls = lines(bytes);
    let n = ls.len();
    let i = rng.random_range(0..n);
    let j = rng.random_range(0..n);
    match rng.random_range(0..12) {
        0 => {
            ls.remove(i);
        }
        1 => {
            let l = ls.get(i).cloned().unwrap_or_default();
            ls.insert(j, l);
        }
        2 => ls.swap(i, j),
        3 => {
            let l = ls.remove(i);
            ls.insert(j.min(ls.len()), l);
        }
        4 => {
            // Indentation: YAML's structure.
            if let Some(l) = ls.get_mut(i) {
                if rng.random_bool(0.5) {
                    let k = rng.random_range(1..=4);
                    l.splice(0..0, std::iter::repeat_n(b' ', k));
                } else {
                    let k = l.iter().take_while(|b| **b == b' ').count().min(2);
                    l.drain(..k);
                }
            }
        }
        5 => {
            let from = lines(other);
            let a = rng.random_range(0..from.len());
            let b = (a + rng.random_range(1..=8)).min(from.len());
            let k = (i + rng.random_range(0..=3)).min(n);
            ls.splice(i..k, from.get(a..b).unwrap_or_default().iter().cloned());
        }
        _ => {
            *bytes = ls.join(&b'\n');
            return bytes_once(rng, bytes, words);
        }
    }
    *bytes = ls.join(&b'\n');
}

/// The spans of ASCII digits (with a leading minus) in the text.
fn numbers(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes.get(i).is_some_and(u8::is_ascii_digit) {
            let start = if i > 0 && bytes.get(i - 1) == Some(&b'-') {
                i - 1
            } else {
                i
            };
            while bytes.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
            out.push((start, i));
        } else {
            i += 1;
        }
    }
    out
}

/// The spans of `key` in `key:` (letters, digits and `-`, ending before the colon).
fn keys(bytes: &[u8]) -> Vec<(usize, usize)> {
    let word = |b: &u8| b.is_ascii_alphanumeric() || *b == b'-' || *b == b'_';
    let mut out = Vec::new();
    for (end, b) in bytes.iter().enumerate() {
        if *b == b':' {
            let mut start = end;
            while start > 0 && bytes.get(start - 1).is_some_and(word) {
                start -= 1;
            }
            if start < end {
                out.push((start, end));
            }
        }
    }
    out
}

fn bytes_once(rng: &mut Rng, bytes: &mut Vec<u8>, words: &Words) {
    let at = rng.random_range(0..=bytes.len());
    match rng.random_range(0..7) {
        0 => {
            if let Some(&(a, b)) = pick(rng, &numbers(bytes)) {
                let to = pick(rng, EXTREMES).copied().unwrap_or("0");
                bytes.splice(a..b, to.bytes());
            }
        }
        1 => {
            if let Some(&(a, b)) = pick(rng, &keys(bytes)) {
                let to = pick(rng, &words.keys).cloned().unwrap_or_default();
                bytes.splice(a..b, to.into_bytes());
            }
        }
        2 => {
            let to = pick(rng, SPECIAL).copied().unwrap_or(":");
            bytes.splice(at..at, to.bytes());
        }
        3 => {
            // Mostly printable: any byte over 0x7f makes the file not UTF-8 most of the time.
            let k = rng.random_range(1..=8);
            let junk: Vec<u8> = (0..k)
                .map(|_| {
                    if rng.random_bool(0.8) {
                        rng.random_range(0x20..0x7f)
                    } else {
                        rng.random()
                    }
                })
                .collect();
            bytes.splice(at..at, junk);
        }
        4 => bytes.truncate(at),
        5 => {
            if let Some(b) = bytes.get_mut(at) {
                *b ^= 1 << rng.random_range(0..7);
            }
        }
        _ => {
            let to = pick(rng, &words.strings).cloned().unwrap_or_default();
            bytes.splice(at..at, to.into_bytes());
        }
    }
}

// ----- on the values ----------------------------------------------------------------------------

/// One to `most` mutations of a parsed file's values.
pub(super) fn value(rng: &mut Rng, v: &mut Value, words: &Words, most: usize) {
    let n = if rng.random_bool(0.6) {
        1
    } else {
        rng.random_range(1..=most)
    };
    for _ in 0..n {
        let count = nodes(v);
        let target = rng.random_range(0..count);
        let mut seen = 0;
        value_at(rng, v, target, &mut seen, words);
    }
}

fn nodes(v: &Value) -> usize {
    1 + match v {
        Value::Object(m) => m.values().map(nodes).sum(),
        Value::Array(a) => a.iter().map(nodes).sum(),
        _ => 0,
    }
}

/// Mutate the node numbered `target` in depth-first order.
fn value_at(rng: &mut Rng, v: &mut Value, target: usize, seen: &mut usize, words: &Words) -> bool {
    if *seen == target {
        mutate_node(rng, v, words);
        return true;
    }
    *seen += 1;
    match v {
        Value::Object(m) => m
            .values_mut()
            .any(|child| value_at(rng, child, target, seen, words)),
        Value::Array(a) => a
            .iter_mut()
            .any(|child| value_at(rng, child, target, seen, words)),
        _ => false,
    }
}

fn scalar(rng: &mut Rng, words: &Words) -> Value {
    match rng.random_range(0..6) {
        0 => Value::Null,
        1 => Value::Bool(rng.random()),
        2 | 3 => number(rng),
        _ => Value::String(pick(rng, &words.strings).cloned().unwrap_or_default()),
    }
}

fn number(rng: &mut Rng) -> Value {
    match rng.random_range(0..8) {
        0 => Value::from(i64::MAX),
        1 => Value::from(i64::MIN),
        2 => Value::from(u64::MAX),
        3 => Value::from(i64::from(i32::MAX) + 1),
        4 => Value::from(-1e300),
        _ => Value::from(rng.random_range(-3i64..30)),
    }
}

fn mutate_node(rng: &mut Rng, v: &mut Value, words: &Words) {
    // Mostly a value of the same type, which a typed schema takes and its checks then judge;
    // now and then one of another type, which the parser must refuse in place.
    if rng.random_bool(0.15) {
        *v = match rng.random_range(0..3) {
            0 => Value::Array(vec![v.clone()]),
            1 => Value::Object(serde_json::Map::new()),
            _ => scalar(rng, words),
        };
        return;
    }
    match v {
        Value::Object(m) if !m.is_empty() => {
            let keys: Vec<String> = m.keys().cloned().collect();
            let k = pick(rng, &keys).cloned().unwrap_or_default();
            match rng.random_range(0..3) {
                0 => {
                    m.remove(&k);
                }
                1 => {
                    // A key flipped for another the format knows, its value kept.
                    if let Some(val) = m.remove(&k) {
                        let new = pick(rng, &words.keys).cloned().unwrap_or_default();
                        m.insert(new, val);
                    }
                }
                _ => {
                    let new = pick(rng, &words.keys).cloned().unwrap_or_default();
                    let s = scalar(rng, words);
                    m.insert(new, s);
                }
            }
        }
        Value::Array(a) if !a.is_empty() => {
            let i = rng.random_range(0..a.len());
            let j = rng.random_range(0..a.len());
            match rng.random_range(0..5) {
                0 => {
                    a.remove(i);
                }
                1 => {
                    let copy = a.get(i).cloned().unwrap_or_default();
                    a.insert(j, copy);
                }
                2 | 3 => a.swap(i, j),
                _ => {
                    // Many of one thing: the promises of linear time.
                    let copy = a.get(i).cloned().unwrap_or_default();
                    let k = rng.random_range(10..200);
                    a.extend(std::iter::repeat_n(copy, k));
                }
            }
        }
        Value::Number(_) => *v = number(rng),
        Value::Bool(b) => *b = !*b,
        Value::String(s) => {
            *s = match rng.random_range(0..6) {
                0 => String::new(),
                1 => "x".repeat(rng.random_range(100..20_000)),
                2 => "\u{1b}]0;owned\u{7}\u{0}\r\n\u{202e}".into(),
                3 => format!("{s}-zz"),
                _ => pick(rng, &words.strings).cloned().unwrap_or_default(),
            }
        }
        _ => *v = scalar(rng, words),
    }
}
