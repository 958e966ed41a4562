//! "Did you mean" suggestions for names typed at the table.

/// Edit distance between two short names (Levenshtein, case-insensitive).
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().collect();
    let b: Vec<char> = b.to_lowercase().chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut current = Vec::with_capacity(b.len() + 1);
        current.push(i + 1);
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous.get(j).copied().unwrap_or(0) + usize::from(ca != cb);
            let deletion = previous.get(j + 1).copied().unwrap_or(0) + 1;
            let insertion = current.last().copied().unwrap_or(0) + 1;
            current.push(substitution.min(deletion).min(insertion));
        }
        previous = current;
    }
    previous.last().copied().unwrap_or(0)
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
