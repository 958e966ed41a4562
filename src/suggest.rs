//! Names typed at the table: matched whatever their case (`Cover=Half` is `cover=half`), and
//! "did you mean" suggestions when they match nothing.

use std::borrow::Cow;

/// A name as it is matched: in lower case (accented letters too), so that `Half`, `HALF` and
/// `half` are one word. Borrowed when it has no capital to lower.
pub fn folded(name: &str) -> Cow<'_, str> {
    if name.chars().any(char::is_uppercase) {
        Cow::Owned(name.to_lowercase())
    } else {
        Cow::Borrowed(name)
    }
}

/// Whether two names are one word to the umpire: the same but for case.
pub fn same(a: &str, b: &str) -> bool {
    a == b
        || a.chars()
            .flat_map(char::to_lowercase)
            .eq(b.chars().flat_map(char::to_lowercase))
}

/// The first item whose name (`name_of`) is `word` exactly, else the first that is the same
/// word in another case: an exact match wins where a hand-edited file holds both spellings.
pub fn find<'a, T>(
    items: impl IntoIterator<Item = &'a T>,
    word: &str,
    name_of: impl Fn(&T) -> &str,
) -> Option<&'a T> {
    let mut fallback = None;
    for item in items {
        let name = name_of(item);
        if name == word {
            return Some(item);
        }
        if fallback.is_none() && same(name, word) {
            fallback = Some(item);
        }
    }
    fallback
}

/// Edit distance between two short names, case-insensitive.
fn distance(a: &str, b: &str) -> usize {
    strsim::levenshtein(&a.to_lowercase(), &b.to_lowercase())
}

/// The closest candidate to `typed`, if it is close enough to be a likely typo
/// or a prefix of exactly one candidate.
pub fn closest<'a, I>(typed: &str, candidates: I) -> Option<String>
where
    I: IntoIterator<Item = &'a str>,
{
    let candidates: Vec<&str> = candidates.into_iter().collect();
    let lower = typed.to_lowercase();
    let prefixed: Vec<&&str> = candidates
        .iter()
        .filter(|c| !lower.is_empty() && c.to_lowercase().starts_with(&lower))
        .collect();
    if let [only] = prefixed.as_slice() {
        return Some((**only).to_string());
    }
    let limit = (typed.chars().count() / 3).max(1) + 1;
    candidates
        .iter()
        .map(|c| (distance(typed, c), *c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c.to_string())
}

/// "did you mean `x`?" or nothing.
pub fn did_you_mean<'a, I>(typed: &str, candidates: I) -> Option<String>
where
    I: IntoIterator<Item = &'a str>,
{
    closest(typed, candidates).map(|c| format!("did you mean `{c}`?"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typos_and_prefixes_are_suggested() {
        assert_eq!(
            closest("hlf", ["half", "building", "none"]),
            Some("half".into())
        );
        assert_eq!(closest("shot", ["shoot", "melee"]), Some("shoot".into()));
        assert_eq!(
            closest("mel", ["shoot", "melee", "morale"]),
            Some("melee".into())
        );
        assert_eq!(closest("zzzzzz", ["shoot", "melee"]), None);
    }

    #[test]
    fn case_does_not_tell_names_apart_but_an_exact_match_wins() {
        assert!(same("Half", "half"));
        assert!(same("RÉGIMENT", "régiment"));
        assert!(!same("regiment", "régiment"));
        assert_eq!(folded("Half"), "half");
        assert!(matches!(folded("half"), Cow::Borrowed(_)));
        let names = ["Rogers", "rogers", "gage"];
        assert_eq!(find(&names, "rogers", |n| n), Some(&"rogers"));
        assert_eq!(find(&names, "ROGERS", |n| n), Some(&"Rogers"));
        assert_eq!(find(&names, "Gage", |n| n), Some(&"gage"));
        assert_eq!(find(&names, "marines", |n| n), None);
    }
}
