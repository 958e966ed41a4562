//! The written shape of a ruleset's army point system (`points:`) and army lists (`armies:`),
//! and of a user's own list checked against them (`umpire army check FILE`): names as typed
//! (aliases allowed), numbers as written, a line either one kind of unit or several (`units:`).

use std::collections::BTreeMap;

use serde::Deserialize;

use super::ValueSpec;
use crate::model::Decimal;

/// The points table as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PointsDef {
    /// The grades a kind may be bought at, best first or in any order the table likes: the
    /// order costs are shown in.
    #[serde(default)]
    pub grades: Vec<ValueSpec>,
    pub units: Vec<UnitKindDef>,
    /// Marks a list or a unit may carry, which surcharges read.
    #[serde(default)]
    pub tags: Vec<ValueSpec>,
    #[serde(default)]
    pub surcharges: Vec<SurchargeDef>,
    /// How a list's units are put on the table in a game (`game new --army SIDE=LIST`).
    #[serde(default)]
    pub game: Option<PlacingDef>,
    #[serde(default)]
    pub note: Option<String>,
}

/// A kind of unit: `costs` by grade, or one `cost` (with the one `grade` it always has, if
/// any).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct UnitKindDef {
    pub name: String,
    #[serde(default)]
    pub label: Option<String>,
    #[serde(default)]
    pub aliases: Vec<String>,
    #[serde(default)]
    pub group: Option<String>,
    #[serde(default)]
    pub cost: Option<Decimal>,
    #[serde(default)]
    pub costs: BTreeMap<String, Decimal>,
    #[serde(default)]
    pub grade: Option<String>,
    /// What a unit of this kind is in a game: its unit fields (`{FIELD: VALUE}`). A kind
    /// without them is not put on the table (a dummy card).
    #[serde(default)]
    pub game: BTreeMap<String, String>,
    #[serde(default)]
    pub note: Option<String>,
}

/// How the units of a list become a game's: the unit field that takes their grade, and the
/// yes/no fields a tag sets (`{tag: TAG, field: FIELD, unless: [TAG]}`).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PlacingDef {
    #[serde(default)]
    pub grade: Option<String>,
    #[serde(default)]
    pub tags: Vec<TagFieldDef>,
    /// Markers every unit put on the table from a list starts with (cards face down).
    #[serde(default)]
    pub marks: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TagFieldDef {
    pub tag: String,
    pub field: String,
    #[serde(default)]
    pub unless: Vec<String>,
}

/// What a tag adds to the cost of each unit of the kinds named.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SurchargeDef {
    pub label: String,
    pub tag: String,
    pub units: Vec<String>,
    pub add: Decimal,
    #[serde(default)]
    pub unless: Vec<String>,
    #[serde(default)]
    pub note: Option<String>,
}

/// A period as written: its name, the points a side has, its lists.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PeriodDef {
    pub period: String,
    pub title: String,
    #[serde(default)]
    pub aliases: Vec<String>,
    pub size: Decimal,
    #[serde(default)]
    pub note: Option<String>,
    pub lists: Vec<ArmyListDef>,
}

/// An army list as a table writes it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ArmyListDef {
    pub name: String,
    pub title: String,
    #[serde(default)]
    pub aliases: Vec<String>,
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(default)]
    pub printed: Option<Decimal>,
    #[serde(default)]
    pub notes: Vec<String>,
    pub lines: Vec<LineDef>,
}

/// A user's own list (`umpire army check FILE`): a table's list, with the period (or the size)
/// it is for, and its name and title left to the user.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ArmyFileDef {
    #[serde(default)]
    pub period: Option<String>,
    #[serde(default)]
    pub size: Option<Decimal>,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(default)]
    pub printed: Option<Decimal>,
    #[serde(default)]
    pub notes: Vec<String>,
    pub lines: Vec<LineDef>,
}

/// The fields a line and an alternative share: one kind of unit written in place (`count`,
/// `unit`, `grade`, `tags`, `label`, `printed-each`), or several under `units:`, and a note.
/// (Written out in each: serde refuses unknown keys only without `flatten`.)
macro_rules! one_or_several {
    ($(#[$doc:meta])* $name:ident { $($more:tt)* }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Deserialize)]
        #[serde(deny_unknown_fields, rename_all = "kebab-case")]
        pub struct $name {
            #[serde(default)]
            pub count: Option<u32>,
            #[serde(default)]
            pub unit: Option<String>,
            #[serde(default)]
            pub grade: Option<String>,
            #[serde(default)]
            pub tags: Vec<String>,
            #[serde(default)]
            pub label: Option<String>,
            #[serde(default)]
            pub printed_each: Option<Decimal>,
            #[serde(default)]
            pub units: Vec<EntryDef>,
            #[serde(default)]
            pub note: Option<String>,
            $($more)*
        }

        impl $name {
            /// Its units as written: the one in place, or those of `units:`.
            pub fn shared(&self) -> Shared<'_> {
                Shared {
                    count: self.count,
                    unit: self.unit.as_deref(),
                    grade: self.grade.as_deref(),
                    tags: &self.tags,
                    label: self.label.as_deref(),
                    printed_each: self.printed_each,
                    units: &self.units,
                    note: self.note.as_deref(),
                }
            }
        }
    };
}

one_or_several!(
    /// A line: its units, the cost printed for it, and its alternatives (`or:`).
    LineDef {
        #[serde(default)]
        pub printed: Option<Decimal>,
        #[serde(default)]
        pub or: Vec<AltDef>,
    }
);

one_or_several!(
    /// Units that may stand in a line's place.
    AltDef {}
);

/// What a line and an alternative share, borrowed.
#[derive(Debug, Clone, Copy)]
pub struct Shared<'a> {
    pub count: Option<u32>,
    pub unit: Option<&'a str>,
    pub grade: Option<&'a str>,
    pub tags: &'a [String],
    pub label: Option<&'a str>,
    pub printed_each: Option<Decimal>,
    pub units: &'a [EntryDef],
    pub note: Option<&'a str>,
}

/// A number of units of one kind, as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct EntryDef {
    pub count: u32,
    pub unit: String,
    #[serde(default)]
    pub grade: Option<String>,
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(default)]
    pub label: Option<String>,
    #[serde(default)]
    pub printed_each: Option<Decimal>,
}
