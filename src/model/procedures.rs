//! The procedures of a compiled ruleset, in table order. Read from the cache, each procedure is
//! kept as its own encoded bytes beside its names, and decoded the first time it is used: a
//! roll reads the two or three procedures of its chain out of ten, and decoding the model was
//! most of what a warm roll cost. The model stays one: the cache holds every procedure, and
//! whatever iterates over them decodes each in turn.

use std::fmt;
use std::ops::Index;
use std::sync::OnceLock;

use serde::de::{Deserializer, Visitor};
use serde::ser::{Error as _, SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};

use super::{ProcedureDef, Role};

/// Every procedure of a ruleset, found by name without decoding the others.
#[derive(Clone, Default)]
pub struct Procedures {
    items: Vec<Item>,
}

#[derive(Clone)]
struct Item {
    name: String,
    aliases: Vec<String>,
    /// The procedure as the cache keeps it, until it is decoded (empty for one compiled here).
    bytes: Box<[u8]>,
    def: OnceLock<ProcedureDef>,
}

impl Item {
    fn def(&self) -> &ProcedureDef {
        self.def
            .get_or_init(|| postcard::from_bytes(&self.bytes).unwrap_or_else(|_| unreadable(self)))
    }
}

/// What bytes that do not decode stand for: a procedure with its names and nothing else,
/// which every command reports as one that cannot be rolled. The entry they come from is
/// sealed, so only a bug in this build could make one: never a file.
fn unreadable(item: &Item) -> ProcedureDef {
    ProcedureDef {
        name: item.name.clone(),
        title: item.name.clone(),
        help: String::new(),
        aliases: item.aliases.clone(),
        notes: Vec::new(),
        factors: Vec::new(),
        roll: None,
        drop: Vec::new(),
        naturals: Vec::new(),
        modifiers: Vec::new(),
        rerolls: Vec::new(),
        sides: Vec::new(),
        check: None,
        table: None,
        grid: None,
        amount: None,
        compare: None,
        results: Vec::new(),
        follow_up: Vec::new(),
        may_follow: Vec::new(),
        marks: Vec::new(),
        about: Role::default(),
        roles: Vec::new(),
        many_on_one: None,
        once_per_unit: None,
        unit_roll: None,
        given: crate::model::Settings::new(),
    }
}

/// Each procedure, decoded as it is reached.
#[derive(Clone)]
pub struct Iter<'a>(std::slice::Iter<'a, Item>);

impl<'a> Iterator for Iter<'a> {
    type Item = &'a ProcedureDef;

    fn next(&mut self) -> Option<&'a ProcedureDef> {
        self.0.next().map(Item::def)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.0.next_back().map(Item::def)
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl fmt::Debug for Iter<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Iter")
    }
}

impl Procedures {
    pub fn iter(&self) -> Iter<'_> {
        Iter(self.items.iter())
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn get(&self, index: usize) -> Option<&ProcedureDef> {
        self.items.get(index).map(Item::def)
    }

    /// The procedure of this name, else the first with this alias; only that one is decoded.
    pub fn named(&self, name: &str) -> Option<&ProcedureDef> {
        self.items
            .iter()
            .find(|p| p.name == name)
            .or_else(|| {
                self.items
                    .iter()
                    .find(|p| p.aliases.iter().any(|a| a == name))
            })
            .map(Item::def)
    }

    /// Every procedure's name and aliases, in order, none decoded.
    pub fn entries(&self) -> impl Iterator<Item = (&str, &[String])> {
        self.items.iter().map(|p| (p.name.as_str(), &p.aliases[..]))
    }

    /// Every procedure's name, in order, none decoded.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.items.iter().map(|p| p.name.as_str())
    }

    /// Every procedure's aliases, none decoded.
    pub fn aliases(&self) -> impl Iterator<Item = &str> {
        self.items
            .iter()
            .flat_map(|p| p.aliases.iter().map(String::as_str))
    }
}

impl<'a> IntoIterator for &'a Procedures {
    type Item = &'a ProcedureDef;
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl Index<usize> for Procedures {
    type Output = ProcedureDef;

    fn index(&self, index: usize) -> &ProcedureDef {
        self.items[index].def()
    }
}

impl FromIterator<ProcedureDef> for Procedures {
    fn from_iter<I: IntoIterator<Item = ProcedureDef>>(defs: I) -> Procedures {
        let items = defs
            .into_iter()
            .map(|def| Item {
                name: def.name.clone(),
                aliases: def.aliases.clone(),
                bytes: Box::default(),
                def: OnceLock::from(def),
            })
            .collect();
        Procedures { items }
    }
}

impl fmt::Debug for Procedures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Bytes written and read as such (serde would make a `Vec<u8>` a list of numbers).
struct Bytes<'a>(&'a [u8]);

impl Serialize for Bytes<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(self.0)
    }
}

struct OwnedBytes(Box<[u8]>);

impl<'de> Deserialize<'de> for OwnedBytes {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Seen;
        impl Visitor<'_> for Seen {
            type Value = OwnedBytes;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a procedure's bytes")
            }

            fn visit_bytes<E>(self, bytes: &[u8]) -> Result<OwnedBytes, E> {
                Ok(OwnedBytes(bytes.into()))
            }
        }
        d.deserialize_bytes(Seen)
    }
}

/// In formats people read, the procedures themselves; in the cache's binary form, each one's
/// names and then its bytes, to be decoded when it is used.
impl Serialize for Procedures {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            return s.collect_seq(self.iter());
        }
        let mut seq = s.serialize_seq(Some(self.items.len()))?;
        // One buffer for every procedure's bytes in turn, rather than one grown for each.
        let mut bytes = Vec::with_capacity(4 << 10);
        for item in &self.items {
            bytes.clear();
            bytes = postcard::to_extend(item.def(), bytes).map_err(S::Error::custom)?;
            seq.serialize_element(&(&item.name, &item.aliases, Bytes(&bytes)))?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for Procedures {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        if d.is_human_readable() {
            return Ok(Vec::<ProcedureDef>::deserialize(d)?.into_iter().collect());
        }
        let kept = Vec::<(String, Vec<String>, OwnedBytes)>::deserialize(d)?;
        let items = kept
            .into_iter()
            .map(|(name, aliases, OwnedBytes(bytes))| Item {
                name,
                aliases,
                bytes,
                def: OnceLock::new(),
            })
            .collect();
        Ok(Procedures { items })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn procedure(name: &str, aliases: &[&str]) -> ProcedureDef {
        let item = Item {
            name: name.to_string(),
            aliases: aliases.iter().map(|a| a.to_string()).collect(),
            bytes: Box::default(),
            def: OnceLock::new(),
        };
        ProcedureDef {
            help: format!("{name}'s help"),
            ..unreadable(&item)
        }
    }

    #[test]
    fn read_back_each_is_decoded_only_when_used() {
        let all: Procedures = [procedure("a", &["x"]), procedure("b", &["y"])]
            .into_iter()
            .collect();
        let body = postcard::to_stdvec(&all).unwrap();
        let back: Procedures = postcard::from_bytes(&body).unwrap();
        assert!(back.items.iter().all(|i| i.def.get().is_none()));
        assert_eq!(back.named("y").map(|p| p.help.as_str()), Some("b's help"));
        assert!(back.items[0].def.get().is_none(), "a was decoded");
        assert_eq!(back.names().collect::<Vec<_>>(), ["a", "b"]);
        assert_eq!(format!("{back:?}"), format!("{all:?}"));
    }

    #[test]
    fn bytes_that_do_not_decode_are_a_procedure_with_no_results() {
        let item = Item {
            name: "a".into(),
            aliases: Vec::new(),
            bytes: vec![0xff; 8].into(),
            def: OnceLock::new(),
        };
        let def = item.def();
        assert_eq!(def.name, "a");
        assert!(def.results.is_empty());
    }
}
