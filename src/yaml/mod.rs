//! YAML read within limits, its mistakes placed: a linear scan refuses nesting too deep and
//! aliases that expand too far before the parser spends anything on them (`scan`), then the
//! text is parsed, and every mistake is `file:line:col: message`, a duplicate key at the
//! key itself (the parser places it at the mapping that holds it).

mod scan;
#[cfg(test)]
mod tests_of_scan;

use serde::de::DeserializeOwned;

use crate::error::{Error, Result};

pub use scan::{MAX_DEPTH, MAX_EXPANDED, depth};

/// Line and column (1-based, in characters) of a byte offset.
fn line_col(text: &str, at: usize) -> (usize, usize) {
    let before = text.get(..at).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |nl| nl + 1);
    (line, before[start..].chars().count() + 1)
}

/// The byte offset of a line and column (1-based, in characters), as the parser gives them.
fn offset(text: &str, line: usize, column: usize) -> Option<usize> {
    let start = if line <= 1 {
        0
    } else {
        text.match_indices('\n').nth(line - 2)?.0 + 1
    };
    let rest = text.get(start..)?;
    let within = rest
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(rest.len(), |(i, _)| i);
    Some(start + within)
}

/// Parse `text`, the file shown as `file`, once the scan has passed it. Every mistake is a
/// usage error (exit 2) as `file:line:col: message`; the caller adds its hint.
pub fn from_str<T: DeserializeOwned>(file: &str, text: &str) -> Result<T> {
    if let Err(r) = scan::check(text) {
        let (line, column) = line_col(text, r.at);
        return Err(Error::usage(format!(
            "{file}:{line}:{column}: {}",
            r.message
        )));
    }
    serde_yaml::from_str(text).map_err(|e| {
        let message = e.to_string();
        let (mut line, mut column) = e.location().map_or((1, 1), |l| (l.line(), l.column()));
        if let Some(key) = duplicated(&message)
            && let Some(at) = offset(text, line, column).and_then(|m| second_key(text, m, key))
        {
            (line, column) = line_col(text, at);
        }
        Error::usage(Error::in_file(file, line, column, &message))
    })
}

/// The key of a "duplicate field `name`" message.
fn duplicated(message: &str) -> Option<&str> {
    let rest = message.split("duplicate field `").nth(1)?;
    rest.split('`').next()
}

/// Where `key` is written the second time in the mapping that begins at byte `map`: a flow
/// mapping (`{`) up to its closing brace, or a block mapping, whose keys stand at the column
/// of its first one, up to the first line indented less.
fn second_key(text: &str, map: usize, key: &str) -> Option<usize> {
    let is_key_at = |at: usize| {
        let rest = text.get(at..).unwrap_or("");
        let name_len = [key.to_string(), format!("\"{key}\""), format!("'{key}'")]
            .into_iter()
            .find(|k| rest.starts_with(k.as_str()))
            .map(|k| k.len())?;
        let after = rest[name_len..].trim_start_matches([' ', '\t']);
        let value = after.strip_prefix(':')?;
        let flow_end = value.starts_with([',', '}', ']']);
        (value.is_empty() || value.starts_with([' ', '\t', '\n', '\r']) || flow_end).then_some(at)
    };
    if text[map..].starts_with('{') {
        let mut depth = 0usize;
        let mut seen = 0;
        let mut start_of_entry = true;
        for (i, c) in text[map..].char_indices() {
            let at = map + i;
            match c {
                '{' | '[' => {
                    depth += 1;
                    start_of_entry = depth == 1;
                    continue;
                }
                '}' | ']' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return None;
                    }
                }
                ',' if depth == 1 => {
                    start_of_entry = true;
                    continue;
                }
                c if c.is_whitespace() => continue,
                _ => {}
            }
            if start_of_entry && depth == 1 && is_key_at(at).is_some() {
                seen += 1;
                if seen == 2 {
                    return Some(at);
                }
            }
            start_of_entry = false;
        }
        return None;
    }
    let line_start = text[..map].rfind('\n').map_or(0, |nl| nl + 1);
    let column = map - line_start;
    let mut seen = usize::from(is_key_at(map).is_some());
    let mut at = text[map..].find('\n').map(|nl| map + nl + 1)?;
    while at < text.len() {
        let line = text[at..].split('\n').next().unwrap_or("");
        let indent = line.len() - line.trim_start_matches(' ').len();
        let content = line.trim();
        if !content.is_empty() && !content.starts_with('#') {
            if indent < column {
                return None;
            }
            if indent == column && is_key_at(at + indent).is_some() {
                seen += 1;
                if seen == 2 {
                    return Some(at + indent);
                }
            }
        }
        at += line.len() + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Inner {
        name: String,
        #[serde(default)]
        note: Option<String>,
    }

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Outer {
        title: String,
        #[serde(default)]
        items: Vec<Inner>,
    }

    fn error(text: &str) -> String {
        from_str::<Outer>("f.yaml", text)
            .map(|o| format!("parsed: {o:?}"))
            .unwrap_or_else(|e| e.message)
    }

    #[test]
    fn a_duplicate_key_is_placed_at_the_key_itself() {
        assert_eq!(
            error("title: a\n# note\ntitle: b\n"),
            "f.yaml:3:1: duplicate field `title`"
        );
        assert_eq!(
            error("title: a\nitems:\n  - name: x\n    note: n\n    name: y\n"),
            "f.yaml:5:5: items[0]: duplicate field `name`"
        );
        assert_eq!(
            error("title: a\nitems: [{name: x, note: 'a, b', name: y}]\n"),
            "f.yaml:2:33: items[0]: duplicate field `name`"
        );
    }

    #[test]
    fn too_deep_is_refused_before_parsing() {
        let text = format!("title: {}{}\n", "[".repeat(100_000), "]".repeat(100_000));
        let e = error(&text);
        assert!(
            e.starts_with(&format!(
                "f.yaml:1:{}: collections nest more than",
                8 + MAX_DEPTH - 1
            )),
            "{e}"
        );
    }

    #[test]
    fn lines_and_columns_count_characters() {
        let text = "é: 1\nab: ü\n";
        assert_eq!(line_col(text, text.find('ü').unwrap_or(0)), (2, 5));
        assert_eq!(offset(text, 2, 5), text.find('ü'));
    }
}
