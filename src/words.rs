//! How quantities, spans and comparisons are said in English (`1 inch`, `2 to 12 inches`,
//! `8 or more`), once for every layer that says them; it depends on nothing else in the crate
//! but the rules' plain comparison kind.

use crate::model::{Comparison, Cond, Conditions, FactorKind, Test};

/// `3 to 5`, `6 or more`, `2 or less`, `4` (both ends one number); `None` without bounds.
pub fn bounds(min: Option<i64>, max: Option<i64>) -> Option<String> {
    match (min, max) {
        (Some(a), Some(b)) if a == b => Some(a.to_string()),
        (Some(a), Some(b)) => Some(format!("{a} to {b}")),
        (Some(a), None) => Some(format!("{a} or more")),
        (None, Some(b)) => Some(format!("{b} or less")),
        (None, None) => None,
    }
}

/// `8 or more`, `more than the distance`: what a check compares the total with.
pub fn compared(c: Comparison, target: &str) -> String {
    match c {
        Comparison::AtLeast => format!("{target} or more"),
        Comparison::MoreThan => format!("more than {target}"),
        Comparison::AtMost => format!("{target} or less"),
        Comparison::LessThan => format!("less than {target}"),
    }
}

/// `+2`, `-1`, `0`: a modifier as the rules print it.
pub fn signed(v: i64) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

/// `once`, `twice`, `3 times`.
pub fn times(n: u64) -> String {
    match n {
        1 => "once".into(),
        2 => "twice".into(),
        n => format!("{n} times"),
    }
}

/// `2-12 inches`, `1 inch` when both ends are one number: a span of quantities, `joiner` between.
pub fn span(lo: i64, hi: i64, unit: &str, joiner: &str) -> String {
    if lo == hi {
        return quantity(lo, unit);
    }
    if unit.is_empty() {
        format!("{lo}{joiner}{hi}")
    } else {
        format!("{lo}{joiner}{hi} {unit}")
    }
}

/// `1 inch`, `2 inches`, `3 cm`: a quantity with its unit, singular for one.
pub fn quantity(n: i64, unit: &str) -> String {
    if unit.is_empty() {
        return n.to_string();
    }
    if n.unsigned_abs() == 1 {
        format!("{n} {}", singular(unit))
    } else {
        format!("{n} {unit}")
    }
}

/// The singular of a unit named in the plural (`inches`, `paces`, `casualties`, `feet`);
/// anything else as it is (`cm`, `mm`).
fn singular(unit: &str) -> String {
    if unit == "feet" {
        return "foot".into();
    }
    if let Some(stem) = unit.strip_suffix("ies") {
        return format!("{stem}y");
    }
    for ending in ["ches", "shes", "xes", "sses"] {
        if let Some(stem) = unit.strip_suffix(ending) {
            return format!("{stem}{}", ending.trim_end_matches("es"));
        }
    }
    match unit.strip_suffix('s') {
        Some(stem) if !stem.ends_with('s') && stem.len() > 1 => stem.into(),
        _ => unit.into(),
    }
}

/// `a red`, `an orange`: a word with its article, chosen by the word's first letter (a table's
/// name for a thing, which the tool cannot look up in a dictionary).
pub fn with_article(word: &str) -> String {
    let vowel = word.chars().next().is_some_and(|c| "aeioAEIO".contains(c));
    format!("{} {word}", if vowel { "an" } else { "a" })
}

/// `Beads` for `beads`: a word at the start of a sentence or as a heading.
pub fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// A yes/no word as a table or the umpire writes it.
pub fn flag_word(word: &str) -> Option<bool> {
    match word.to_ascii_lowercase().as_str() {
        "yes" | "y" | "true" | "on" | "1" => Some(true),
        "no" | "n" | "false" | "off" | "0" => Some(false),
        _ => None,
    }
}

/// "from 0 to 10", "of 1 or more", or nothing, for a number factor's bounds.
pub fn range_words(min: Option<i64>, max: Option<i64>) -> String {
    match (min, max) {
        (Some(a), Some(b)) => format!("from {a} to {b}"),
        (Some(a), None) => format!("of {a} or more"),
        (None, Some(b)) => format!("of {b} or less"),
        (None, None) => String::new(),
    }
}

pub fn kind_word(k: FactorKind) -> &'static str {
    match k {
        FactorKind::Choice => "choice",
        FactorKind::Flag => "yes/no",
        FactorKind::Number => "number",
    }
}

/// `1. a; 2. b; 3. c`: steps in order, numbered.
pub fn numbered<'a>(items: impl IntoIterator<Item = &'a str>) -> String {
    items
        .into_iter()
        .enumerate()
        .map(|(i, s)| format!("{}. {s}", i + 1))
        .collect::<Vec<_>>()
        .join("; ")
}

/// A condition as the umpire would type it: `terrain=rough`, `flag`, `not flag`,
/// `kind=a/b`, `range 12 or less`.
pub fn condition(c: &Cond) -> String {
    let name = &c.factor;
    match &c.test {
        Test::Flag(true) => name.to_string(),
        Test::Flag(false) => format!("not {name}"),
        Test::Values(vs) => format!("{name}={}", vs.join("/")),
        Test::Range { min, max } => match (min, max) {
            (Some(a), Some(b)) if a == b => format!("{name}={a}"),
            (min, max) => {
                bounds(*min, *max).map_or_else(|| name.to_string(), |b| format!("{name} {b}"))
            }
        },
    }
}

/// Conditions that must all hold (or, for `unless`, any one of them), joined by `joiner`.
pub fn conditions(c: &Conditions, joiner: &str) -> String {
    c.iter().map(condition).collect::<Vec<_>>().join(joiner)
}

#[cfg(test)]
mod tests {
    use super::{capitalised, quantity, span, with_article};

    #[test]
    fn articles_and_capitals_follow_the_first_letter() {
        assert_eq!(with_article("red"), "a red");
        assert_eq!(with_article("orange"), "an orange");
        assert_eq!(capitalised("chits"), "Chits");
        assert_eq!(capitalised(""), "");
    }

    #[test]
    fn one_is_singular_and_short_units_stay() {
        assert_eq!(quantity(1, "inches"), "1 inch");
        assert_eq!(quantity(2, "inches"), "2 inches");
        assert_eq!(quantity(-1, "inches"), "-1 inch");
        assert_eq!(quantity(1, "cm"), "1 cm");
        assert_eq!(quantity(1, "paces"), "1 pace");
        assert_eq!(quantity(1, "feet"), "1 foot");
        assert_eq!(quantity(1, "hits"), "1 hit");
        assert_eq!(quantity(0, "hits"), "0 hits");
        assert_eq!(quantity(4, ""), "4");
        assert_eq!(quantity(1, "casualties"), "1 casualty");
        assert_eq!(quantity(1, "boxes"), "1 box");
        assert_eq!(quantity(1, "passes"), "1 pass");
        assert_eq!(span(2, 12, "inches", "-"), "2-12 inches");
        assert_eq!(span(1, 1, "inches", "-"), "1 inch");
        assert_eq!(span(3, 4, "", " to "), "3 to 4");
    }
}
