//! A ruleset's army point system and army lists, compiled (`points:`, `armies:`): what each
//! kind of unit costs by grade, the surcharges some units pay, the lists of each period with
//! the figures their document printed, and the arithmetic that prices them, exact in half
//! points.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::Decimal;

/// A cost in points, held as a count of half points: every cost a points table gives is a
/// whole or a half, so sums and products are exact integer arithmetic.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(i64);

impl Points {
    pub const ZERO: Points = Points(0);

    /// `n` half points.
    pub const fn halves(n: i64) -> Points {
        Points(n)
    }

    /// A number as a table writes it, when it is a whole or a half (`2.5`), else `None`.
    pub fn from_decimal(d: Decimal) -> Option<Points> {
        d.halves().map(Points)
    }

    /// This many times the cost (a line of `count` units).
    #[must_use]
    pub fn times(self, count: u32) -> Points {
        Points(self.0.saturating_mul(i64::from(count)))
    }

    #[must_use]
    pub fn plus(self, other: Points) -> Points {
        Points(self.0.saturating_add(other.0))
    }

    #[must_use]
    pub fn minus(self, other: Points) -> Points {
        Points(self.0.saturating_sub(other.0))
    }

    pub fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// `40`, `40.5`: without the `.0` a whole number of points needs only in a column.
    pub fn plain(self) -> String {
        if self.0 % 2 == 0 {
            (self.0 / 2).to_string()
        } else {
            self.to_string()
        }
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Points::plus)
    }
}

impl fmt::Display for Points {
    /// `5.0`, `2.5`, `-0.5`: one decimal always, as army lists print their costs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let n = self.0.unsigned_abs();
        let half = if n % 2 == 1 { 5 } else { 0 };
        write!(f, "{sign}{}.{half}", n / 2)
    }
}

impl Serialize for Points {
    /// JSON says the number (`5`, `2.5`); the cache keeps the count of halves.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if !s.is_human_readable() {
            return self.0.serialize(s);
        }
        if self.0 % 2 == 0 {
            (self.0 / 2).serialize(s)
        } else {
            // A half is exact in a double.
            (self.0 as f64 / 2.0).serialize(s)
        }
    }
}

impl<'de> Deserialize<'de> for Points {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        if !d.is_human_readable() {
            return i64::deserialize(d).map(Points);
        }
        let number = Decimal::deserialize(d)?;
        Points::from_decimal(number).ok_or_else(|| {
            serde::de::Error::custom(format!("{number} is not a whole or half point"))
        })
    }
}

/// The points table: grades, kinds of unit with their costs, the tags a unit or a list may
/// carry, and the surcharges tags bring.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
pub struct PointsDef {
    /// In the order a kind's grades are listed.
    pub grades: Vec<NamedDef>,
    pub units: Vec<UnitKind>,
    pub tags: Vec<NamedDef>,
    pub surcharges: Vec<SurchargeDef>,
    /// How a list's units become a game's.
    pub placing: Option<Placing>,
    pub note: Option<String>,
}

/// How a list's units become a game's: the unit field their grade goes in, and the yes/no
/// fields tags set (names canonical).
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
pub struct Placing {
    pub grade: Option<String>,
    /// (tag, field, tags that keep it unset).
    pub tags: Vec<(String, String, Vec<String>)>,
    /// The markers every unit placed starts with.
    pub marks: Vec<String>,
}

/// A grade or a tag: its name, how it is shown, its aliases.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct NamedDef {
    pub name: String,
    pub label: String,
    pub aliases: Vec<String>,
    pub note: Option<String>,
}

/// A kind of unit and what it costs.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct UnitKind {
    pub name: String,
    pub label: String,
    pub aliases: Vec<String>,
    /// The heading it is listed under in the points table (`command units`).
    pub group: Option<String>,
    pub pricing: Pricing,
    /// Its unit fields in a game; none: it is not put on the table.
    pub fields: std::collections::BTreeMap<String, String>,
    pub note: Option<String>,
}

/// A kind's cost: by grade, or one cost (of the one grade it always has, if it has one).
#[derive(Debug, Clone, Deserialize, Serialize)]
pub enum Pricing {
    /// (grade, cost), in the order of the table's grades.
    Graded(Vec<(String, Points)>),
    Fixed {
        grade: Option<String>,
        cost: Points,
    },
}

/// What units with a tag pay beside their cost: `add` a unit, on the kinds named, unless the
/// unit carries one of the tags of `unless`.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct SurchargeDef {
    pub label: String,
    /// The tag of the list or of the unit that brings it.
    pub tag: String,
    pub units: Vec<String>,
    pub add: Points,
    pub unless: Vec<String>,
    pub note: Option<String>,
}

/// A period of history with its game size and its army lists.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Period {
    pub name: String,
    pub title: String,
    pub aliases: Vec<String>,
    /// The points a side has in a game of this period.
    pub size: Points,
    pub note: Option<String>,
    pub lists: Vec<ArmyList>,
}

/// One army list: its lines, and what the document printed as its total.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct ArmyList {
    pub name: String,
    pub title: String,
    pub aliases: Vec<String>,
    /// Tags every unit of the list carries.
    pub tags: Vec<String>,
    pub printed: Option<Points>,
    pub notes: Vec<String>,
    pub lines: Vec<Line>,
}

/// A line of a list: one or more kinds of unit bought together, what the document printed as
/// its cost, and the alternatives that may stand in its place.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Line {
    pub units: Vec<Entry>,
    pub printed: Option<Points>,
    pub alternatives: Vec<Alternative>,
    pub note: Option<String>,
}

/// Units that may be taken instead of a line's, at the same cost.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Alternative {
    pub units: Vec<Entry>,
    pub note: Option<String>,
}

/// A number of units of one kind and grade (names canonical).
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Entry {
    pub count: u32,
    pub unit: String,
    pub grade: Option<String>,
    pub tags: Vec<String>,
    /// Who they are, as the list calls them (`Hanoverian`).
    pub label: Option<String>,
    /// The cost of one unit as the document printed it.
    pub printed_each: Option<Points>,
}

/// What the table makes of an entry: the kind's cost, each surcharge, the cost of one unit
/// and of them all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Priced {
    pub base: Points,
    /// (surcharge label, amount) of each surcharge paid.
    pub extras: Vec<(String, Points)>,
    pub each: Points,
    pub total: Points,
}

/// A printed figure the table's arithmetic disagrees with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slip {
    pub at: SlipAt,
    pub printed: Points,
    pub computed: Points,
}

/// Where a printed figure stands: a unit's cost (line, entry: from 0), a line's cost (from
/// 0), or the list's total.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlipAt {
    Each(usize, usize),
    Line(usize),
    Total,
}

/// What a typed word names among items with names and aliases.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found<'a, T> {
    One(&'a T),
    /// Several items start with the word, and none is it.
    Several(Vec<&'a T>),
    Nothing,
}

/// The item a word names: its name or an alias in any case, else the one item a name or an
/// alias starts with (a name's first letters).
pub fn find_named<'a, T>(
    items: &'a [T],
    word: &str,
    names: impl Fn(&'a T) -> (&'a str, &'a [String]),
) -> Found<'a, T> {
    let all = |item: &'a T| {
        let (name, aliases) = names(item);
        std::iter::once(name).chain(aliases.iter().map(String::as_str))
    };
    if let Some(item) = items.iter().find(|i| names(i).0 == word).or_else(|| {
        items
            .iter()
            .find(|i| all(i).any(|n| crate::suggest::same(n, word)))
    }) {
        return Found::One(item);
    }
    let lower = word.to_lowercase();
    let starting: Vec<&T> = items
        .iter()
        .filter(|i| !lower.is_empty() && all(i).any(|n| n.to_lowercase().starts_with(&lower)))
        .collect();
    match starting.as_slice() {
        [] => Found::Nothing,
        [one] => Found::One(one),
        _ => Found::Several(starting),
    }
}

/// The item a word names exactly: its name or an alias, in any case (a file names things in
/// full; only the command line takes the start of a name).
pub fn find_exact<'a, T>(
    items: &'a [T],
    word: &str,
    names: impl Fn(&'a T) -> (&'a str, &'a [String]),
) -> Option<&'a T> {
    items.iter().find(|i| names(i).0 == word).or_else(|| {
        items.iter().find(|i| {
            let (name, aliases) = names(i);
            crate::suggest::same(name, word)
                || aliases.iter().any(|a| crate::suggest::same(a, word))
        })
    })
}

/// The names a word may be (names and aliases), for a "did you mean".
pub fn names_of<'a, T>(
    items: &'a [T],
    names: impl Fn(&'a T) -> (&'a str, &'a [String]),
) -> Vec<&'a str> {
    items
        .iter()
        .flat_map(|i| {
            let (name, aliases) = names(i);
            std::iter::once(name).chain(aliases.iter().map(String::as_str))
        })
        .collect()
}

impl NamedDef {
    /// Its name and aliases, for [`find_exact`].
    pub fn names(&self) -> (&str, &[String]) {
        (&self.name, &self.aliases)
    }
}

impl UnitKind {
    /// Its name and aliases, for [`find_exact`].
    pub fn names(&self) -> (&str, &[String]) {
        (&self.name, &self.aliases)
    }

    /// The cost of one unit of this kind at `grade` (none for a kind of one cost).
    pub fn cost(&self, grade: Option<&str>) -> Option<Points> {
        match (&self.pricing, grade) {
            (Pricing::Graded(costs), Some(g)) => {
                costs.iter().find(|(name, _)| name == g).map(|(_, c)| *c)
            }
            (Pricing::Graded(_), None) => None,
            (Pricing::Fixed { cost, .. }, None) => Some(*cost),
            (Pricing::Fixed { grade: fixed, cost }, Some(g)) => {
                (fixed.as_deref() == Some(g)).then_some(*cost)
            }
        }
    }

    /// The grades it may be bought at, in the table's order.
    pub fn grades(&self) -> Vec<&str> {
        match &self.pricing {
            Pricing::Graded(costs) => costs.iter().map(|(g, _)| g.as_str()).collect(),
            Pricing::Fixed { grade, .. } => grade.iter().map(String::as_str).collect(),
        }
    }
}

impl Period {
    /// Its name and aliases, for [`find_named`].
    pub fn names(&self) -> (&str, &[String]) {
        (&self.name, &self.aliases)
    }
}

impl ArmyList {
    /// Its name and aliases, for [`find_named`].
    pub fn names(&self) -> (&str, &[String]) {
        (&self.name, &self.aliases)
    }
}

impl PointsDef {
    pub fn unit(&self, name: &str) -> Option<&UnitKind> {
        self.units.iter().find(|u| u.name == name)
    }

    pub fn grade(&self, name: &str) -> Option<&NamedDef> {
        self.grades.iter().find(|g| g.name == name)
    }

    pub fn tag(&self, name: &str) -> Option<&NamedDef> {
        self.tags.iter().find(|t| t.name == name)
    }

    /// How a grade is shown: its label (the name itself, were it unknown).
    pub fn grade_label<'a>(&'a self, name: &'a str) -> &'a str {
        self.grade(name).map_or(name, |g| g.label.as_str())
    }

    /// How a kind of unit is shown.
    pub fn unit_label<'a>(&'a self, name: &'a str) -> &'a str {
        self.unit(name).map_or(name, |u| u.label.as_str())
    }

    /// How a tag is shown (its mark, for some).
    pub fn tag_label<'a>(&'a self, name: &'a str) -> &'a str {
        self.tag(name).map_or(name, |t| t.label.as_str())
    }

    /// An entry's cost in a list with `list_tags`; `None` when the table does not price it
    /// (a kind or grade the checks refused).
    pub fn price(&self, e: &Entry, list_tags: &[String]) -> Option<Priced> {
        let base = self.unit(&e.unit)?.cost(e.grade.as_deref())?;
        let has = |tag: &String| e.tags.contains(tag) || list_tags.contains(tag);
        let extras: Vec<(String, Points)> = self
            .surcharges
            .iter()
            .filter(|s| has(&s.tag) && s.units.contains(&e.unit) && !s.unless.iter().any(has))
            .map(|s| (s.label.clone(), s.add))
            .collect();
        let each = extras.iter().fold(base, |sum, (_, add)| sum.plus(*add));
        Some(Priced {
            base,
            extras,
            each,
            total: each.times(e.count),
        })
    }

    /// What units bought together cost (those the table cannot price count nothing).
    pub fn cost_of(&self, units: &[Entry], list_tags: &[String]) -> Points {
        units
            .iter()
            .filter_map(|e| self.price(e, list_tags))
            .map(|p| p.total)
            .sum()
    }

    /// A list's total: every line as written, not its alternatives.
    pub fn total(&self, list: &ArmyList) -> Points {
        list.lines
            .iter()
            .map(|l| self.cost_of(&l.units, &list.tags))
            .sum()
    }

    /// Every printed figure of a list the arithmetic disagrees with, in the list's order.
    pub fn slips(&self, list: &ArmyList) -> Vec<Slip> {
        let mut out = Vec::new();
        for (i, line) in list.lines.iter().enumerate() {
            for (j, e) in line.units.iter().enumerate() {
                if let (Some(printed), Some(p)) = (e.printed_each, self.price(e, &list.tags))
                    && printed != p.each
                {
                    out.push(Slip {
                        at: SlipAt::Each(i, j),
                        printed,
                        computed: p.each,
                    });
                }
            }
            let computed = self.cost_of(&line.units, &list.tags);
            if let Some(printed) = line.printed.filter(|p| *p != computed) {
                out.push(Slip {
                    at: SlipAt::Line(i),
                    printed,
                    computed,
                });
            }
        }
        let computed = self.total(list);
        if let Some(printed) = list.printed.filter(|p| *p != computed) {
            out.push(Slip {
                at: SlipAt::Total,
                printed,
                computed,
            });
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(text: &str) -> Points {
        Decimal::parse(text)
            .ok()
            .and_then(Points::from_decimal)
            .unwrap_or_else(|| panic!("{text} is no cost"))
    }

    #[test]
    fn costs_are_exact_halves_and_print_with_one_decimal() {
        assert_eq!(p("2.5").to_string(), "2.5");
        assert_eq!(p("40").to_string(), "40.0");
        assert_eq!(p("0.5").times(3).to_string(), "1.5");
        assert_eq!(Points::halves(-1).to_string(), "-0.5");
        assert_eq!([p("2.5"), p("0.5")].into_iter().sum::<Points>(), p("3"));
        assert!(
            Decimal::parse("2.25")
                .ok()
                .and_then(Points::from_decimal)
                .is_none()
        );
        let json = serde_json::to_string(&[p("5"), p("2.5")]).unwrap_or_default();
        assert_eq!(json, "[5,2.5]");
    }

    fn entry(unit: &str, grade: Option<&str>, tags: &[&str], count: u32) -> Entry {
        Entry {
            count,
            unit: unit.into(),
            grade: grade.map(str::to_string),
            tags: tags.iter().map(|t| (*t).to_string()).collect(),
            label: None,
            printed_each: None,
        }
    }

    #[test]
    fn a_surcharge_falls_on_the_kinds_it_names_unless_a_tag_excuses_the_unit() {
        let named = |n: &str| NamedDef {
            name: n.into(),
            label: n.into(),
            aliases: vec![],
            note: None,
        };
        let points = PointsDef {
            grades: vec![named("grade-a")],
            units: vec![
                UnitKind {
                    name: "kind-a".into(),
                    label: "kind-a".into(),
                    aliases: vec![],
                    group: None,
                    pricing: Pricing::Graded(vec![("grade-a".into(), p("2.5"))]),
                    fields: Default::default(),
                    note: None,
                },
                UnitKind {
                    name: "kind-b".into(),
                    label: "kind-b".into(),
                    aliases: vec![],
                    group: None,
                    pricing: Pricing::Fixed {
                        grade: None,
                        cost: p("4"),
                    },
                    fields: Default::default(),
                    note: None,
                },
            ],
            tags: vec![named("tag-x"), named("tag-y")],
            surcharges: vec![SurchargeDef {
                label: "tag-x".into(),
                tag: "tag-x".into(),
                units: vec!["kind-a".into()],
                add: p("0.5"),
                unless: vec!["tag-y".into()],
                note: None,
            }],
            placing: None,
            note: None,
        };
        let tagged = ["tag-x".to_string()];
        let a = points.price(&entry("kind-a", Some("grade-a"), &[], 4), &tagged);
        assert_eq!(a.map(|f| (f.each, f.total)), Some((p("3"), p("12"))));
        let excused = points.price(&entry("kind-a", Some("grade-a"), &["tag-y"], 4), &tagged);
        assert_eq!(excused.map(|f| f.total), Some(p("10")));
        let b = points.price(&entry("kind-b", None, &[], 1), &tagged);
        assert_eq!(b.map(|g| g.total), Some(p("4")));
        assert!(
            points
                .price(&entry("kind-b", Some("grade-a"), &[], 1), &tagged)
                .is_none()
        );
    }
}
