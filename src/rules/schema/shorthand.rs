//! The shorthand forms a table author may write (`2d6` or a list of cases, a value's name or
//! its full map, ...): each read once by the kind of data it is, with what was expected.

use std::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer};

use super::{
    BelowDef, CondValue, FollowDef, MarkerNames, RerollDef, Rerolls, RollDef, TargetDef, ValueSpec,
};

// ----- the shorthand forms -------------------------------------------------------------------
//
// Each of these takes a short form or a full one. Visiting by the data's own type (instead of
// serde's buffered `untagged`) reads each value once, and the error says what was expected.

/// One visitor for every shorthand enum: `$arm` lists the kinds of data it accepts.
macro_rules! shorthand {
    ($ty:ident, $expecting:literal, $($arm:ident => $make:expr),+ $(,)?) => {
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct V;
                impl<'de> Visitor<'de> for V {
                    type Value = $ty;
                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str($expecting)
                    }
                    $(shorthand!(@arm $arm $make);)+
                }
                d.deserialize_any(V)
            }
        }
    };
    (@arm bool $make:expr) => {
        fn visit_bool<E: de::Error>(self, b: bool) -> Result<Self::Value, E> {
            Ok($make(b))
        }
    };
    (@arm int $make:expr) => {
        fn visit_i64<E: de::Error>(self, n: i64) -> Result<Self::Value, E> {
            Ok($make(n))
        }
        fn visit_u64<E: de::Error>(self, n: u64) -> Result<Self::Value, E> {
            i64::try_from(n)
                .map($make)
                .map_err(|_| E::invalid_value(de::Unexpected::Unsigned(n), &self))
        }
    };
    (@arm str $make:expr) => {
        fn visit_str<E: de::Error>(self, s: &str) -> Result<Self::Value, E> {
            Ok($make(s.to_owned()))
        }
    };
    (@arm seq $make:expr) => {
        fn visit_seq<A: de::SeqAccess<'de>>(self, a: A) -> Result<Self::Value, A::Error> {
            Deserialize::deserialize(de::value::SeqAccessDeserializer::new(a)).map($make)
        }
    };
    (@arm map $make:expr) => {
        fn visit_map<A: de::MapAccess<'de>>(self, a: A) -> Result<Self::Value, A::Error> {
            Deserialize::deserialize(de::value::MapAccessDeserializer::new(a)).map($make)
        }
    };
}

shorthand!(ValueSpec,
    "a value name, or a map with `name` and optional `label`, `aliases`, `note`",
    str => ValueSpec::Name, map => ValueSpec::Full);
shorthand!(CondValue,
    "true or false, a number, a value, a list of values, or `{min, max}`",
    bool => CondValue::Flag, int => CondValue::Number, str => CondValue::One,
    seq => CondValue::Any, map => CondValue::Range);
shorthand!(RollDef, "dice such as `2d6`, or a list of cases",
    str => RollDef::Dice, seq => RollDef::Cases);
shorthand!(TargetDef, "a number, or a map with `factor` or `lookup`",
    int => TargetDef::Number, map => TargetDef::From);
shorthand!(FollowDef, "a procedure name, or a map with `procedure` and its options",
    str => FollowDef::Name, map => |f: super::FollowFull| FollowDef::Full(Box::new(f)));
shorthand!(Rerolls, "a re-roll (a map with `label` and `on` or `below`), or a list of them",
    map => |r: RerollDef| Rerolls(vec![r]), seq => Rerolls);
shorthand!(MarkerNames, "a marker's name, or a list of them",
    str => |s| MarkerNames(vec![s]), seq => MarkerNames);
shorthand!(BelowDef, "a number, or `average`",
    int => BelowDef::Number, str => BelowDef::Word);
