//! "Did you mean" suggestions for names typed at the table.

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
}
