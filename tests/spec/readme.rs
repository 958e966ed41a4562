//! The README's examples are real: every `$ umpire ...` line in a `text` block runs, in order,
//! and prints exactly what the README shows under it. Each `##` section plays in its own data
//! directory, so a section can build a game step by step.

use tempfile::TempDir;

use crate::support::{Test, root, tempdir};

/// (section title, command line, the output the README shows)
fn examples(readme: &str) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    let mut section = String::new();
    let mut in_text = false;
    let mut current: Option<(String, Vec<String>)> = None;
    let mut flush = |current: &mut Option<(String, Vec<String>)>, section: &str| {
        if let Some((cmd, lines)) = current.take() {
            out.push((section.to_string(), cmd, lines.join("\n")));
        }
    };
    for line in readme.lines() {
        if !in_text && line.starts_with("## ") {
            section = line.to_string();
        }
        if line.starts_with("```") {
            if in_text {
                flush(&mut current, &section);
            }
            in_text = !in_text && line == "```text";
            continue;
        }
        if !in_text {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("$ umpire ") {
            flush(&mut current, &section);
            current = Some((cmd.to_string(), Vec::new()));
        } else if let Some((_, lines)) = current.as_mut() {
            lines.push(line.to_string());
        }
    }
    out
}

#[test]
fn every_example_in_the_readme_prints_what_the_readme_shows() {
    let readme = std::fs::read_to_string(root().join("README.md"))
        .unwrap_or_else(|e| panic!("README.md: {e}"));
    let all = examples(&readme);
    assert!(all.len() >= 10, "only {} examples found", all.len());
    let mut dirs: Vec<(String, TempDir)> = Vec::new();
    for (section, cmd, expected) in &all {
        if !dirs.iter().any(|(s, _)| s == section) {
            let d = tempdir();
            dirs.push((section.clone(), d));
        }
        let data = dirs
            .iter()
            .find(|(s, _)| s == section)
            .map(|(_, d)| d.path().to_path_buf())
            .unwrap_or_default();
        let out = Test::new().data_dir(&data).args(words(cmd)).output();
        let mut said = out.stdout;
        said.push_str(&out.stderr);
        if expected.lines().any(|l| l == "...") {
            assert!(
                abridged_matches(said.trim_end(), expected.trim_end()),
                "{section}: `umpire {cmd}` prints something else than the README shows \
                 (with `...` for lines left out):\n{said}\n--- README:\n{expected}"
            );
        } else {
            assert_eq!(
                said.trim_end(),
                expected.trim_end(),
                "{section}: `umpire {cmd}` prints something else than the README shows"
            );
        }
    }
}

/// A command line's words, as a shell splits them: a "quoted reason" is one word.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                word.get_or_insert_with(String::new);
            }
            c if c.is_whitespace() && !quoted => words.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    words
}

#[test]
fn a_quoted_reason_is_one_word() {
    assert_eq!(
        words(r#"draw --anyway "the bead was misread" --bead red"#),
        ["draw", "--anyway", "the bead was misread", "--bead", "red"]
    );
}

/// An example abridged with `...` lines: the first part starts the output, the last ends it,
/// and those between come in order.
fn abridged_matches(said: &str, expected: &str) -> bool {
    // A leading newline lets an example start with `...` too.
    let (said, expected) = (format!("\n{said}"), format!("\n{expected}"));
    let parts: Vec<String> = expected
        .split("\n...\n")
        .flat_map(|p| p.split("\n..."))
        .map(str::to_string)
        .collect();
    let (Some(first), Some(last)) = (parts.first(), parts.last()) else {
        return false;
    };
    if !said.starts_with(first.as_str()) || (parts.len() > 1 && !said.ends_with(last.as_str())) {
        return false;
    }
    let mut at = first.len();
    for p in parts.iter().skip(1) {
        match said.get(at..).and_then(|rest| rest.find(p.as_str())) {
            Some(i) => at += i + p.len(),
            None => return false,
        }
    }
    true
}

#[test]
fn an_abridged_example_matches_its_start_middle_and_end() {
    assert!(abridged_matches("a\nb\nc\nd", "a\n...\nd"));
    assert!(abridged_matches("a\nb\nc\nd", "a\n...\nc\n...\nd"));
    assert!(abridged_matches("a\nb\nc", "a\n..."));
    assert!(abridged_matches("a\nb\nc", "...\nc"));
    assert!(!abridged_matches("a\nb\nc\nd", "a\n...\nx"));
    assert!(!abridged_matches("a\nb\nc\nd", "b\n...\nd"));
}
