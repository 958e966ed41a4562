//! Where in a table file a finding points: the line of the factor, marker, band, grid row,
//! modifier, result or check fallback it is about, found by walking the YAML text by its
//! indentation.

use crate::rules::source::{line_col, offset};

/// What a finding is about, by the names and positions the ruleset gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Place {
    Factor(String),
    Marker(String),
    /// A band of `table:` (`compare` false) or of `compare:` (true), by position.
    Band(String, bool, usize),
    Grid(String),
    GridRow(String, usize),
    /// A modifier item: group and item by position.
    Item(String, usize, usize),
    Result(String, String),
    /// A check's fallback (`check: impossible:`).
    Impossible(String),
}

/// Line and column (1-based) of a place in `text`; as near as the text allows.
pub(crate) fn resolve(text: &str, place: &Place) -> (usize, usize) {
    line_col(text, at(text, place))
}

fn at(text: &str, place: &Place) -> usize {
    let named = |section: &str, name: &str| {
        let start = offset(text, 0, &[section]);
        find_name(text, start, name).unwrap_or(start)
    };
    match place {
        Place::Factor(n) => named("\nfactors:", n),
        Place::Marker(n) => {
            let game = offset(text, 0, &["\ngame:"]);
            let start = offset(text, game, &["markers:"]);
            find_name(text, start, n).unwrap_or(start)
        }
        Place::Band(p, compare, i) => {
            let proc_at = named("\nprocedures:", p);
            let (key, list) = if *compare {
                ("compare", "bands")
            } else {
                ("table", "rows")
            };
            descend(text, proc_at, &[(key, None), (list, Some(*i))])
        }
        Place::Grid(p) => descend(text, named("\nprocedures:", p), &[("grid", None)]),
        Place::GridRow(p, i) => descend(
            text,
            named("\nprocedures:", p),
            &[("grid", None), ("rows", Some(*i))],
        ),
        Place::Item(p, g, i) => descend(
            text,
            named("\nprocedures:", p),
            &[("modifiers", Some(*g)), ("items", Some(*i))],
        ),
        Place::Impossible(p) => path_from(
            text,
            named("\nprocedures:", p),
            &[("check", None), ("impossible", None)],
        ),
        Place::Result(p, r) => {
            let proc_at = named("\nprocedures:", p);
            let results = block_key(text, proc_at, "results").unwrap_or(proc_at);
            find_name(text, results, r).unwrap_or(results)
        }
    }
}

/// Byte offset of a path of keys (each with a position in the list under it, or none) from
/// the top of a file, as near as the text allows: block mappings and lists, and flow ones
/// (`- {count: 1, or: [{count: 2}]}`, on one line or several).
pub(crate) fn path_offset(text: &str, path: &[(&str, Option<usize>)]) -> usize {
    path_from(text, 0, path)
}

/// The same from the key at `start` (a procedure's name) rather than the top of the file.
fn path_from(text: &str, start: usize, path: &[(&str, Option<usize>)]) -> usize {
    let mut at = start;
    for (i, (key, index)) in path.iter().enumerate() {
        let Some(k) = block_key(text, at, key).or_else(|| flow_key(text, at, key)) else {
            return at;
        };
        at = k;
        let inner = match index {
            Some(j) => list_item(text, k, *j).or_else(|| flow_item(text, k, *j)),
            None if i + 1 < path.len() => child(text, k).or_else(|| flow_value(text, k)),
            None => None,
        };
        match inner {
            Some(x) => at = x,
            None => return at,
        }
    }
    at
}

/// Where each entry of the flow mapping or list opening at `open` (`{` or `[`) starts: its
/// first character after the opening or a comma, quoted text and nested collections skipped.
fn flow_entries(text: &str, open: usize) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    let mut expecting = false;
    let mut chars = text.get(open..).unwrap_or("").char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let at = open + i;
        if let Some(q) = quote {
            match c {
                '\\' if q == '"' => {
                    chars.next();
                }
                c if c == q => quote = None,
                _ => {}
            }
            continue;
        }
        if expecting && !c.is_whitespace() && !matches!(c, '}' | ']') {
            starts.push(at);
            expecting = false;
        }
        match c {
            '"' | '\'' => quote = Some(c),
            '{' | '[' => {
                depth += 1;
                expecting = depth == 1;
            }
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    break;
                }
            }
            ',' if depth == 1 => expecting = true,
            _ => {}
        }
    }
    starts
}

/// `key:` among the keys of the flow mapping opening at `at`.
fn flow_key(text: &str, at: usize, key: &str) -> Option<usize> {
    if !text.get(at..)?.starts_with('{') {
        return None;
    }
    let want = format!("{key}:");
    flow_entries(text, at)
        .into_iter()
        .find(|&e| text.get(e..).is_some_and(|r| r.starts_with(&want)))
}

/// The flow collection a key's value opens (`{` or `[` after `key:`).
fn flow_value(text: &str, key_at: usize) -> Option<usize> {
    let rest = text.get(key_at..)?;
    let colon = rest.find(':')?;
    let after = &rest[colon + 1..];
    let value = after.len() - after.trim_start().len();
    after
        .trim_start()
        .starts_with(['{', '['])
        .then_some(key_at + colon + 1 + value)
}

/// The `index`-th entry of the flow list that is a key's value.
fn flow_item(text: &str, key_at: usize, index: usize) -> Option<usize> {
    let open = flow_value(text, key_at)?;
    if !text.get(open..)?.starts_with('[') {
        return None;
    }
    flow_entries(text, open).get(index).copied()
}

/// Follow keys (and list positions) down from a mapping; stops where the text stops fitting.
fn descend(text: &str, mut at: usize, path: &[(&str, Option<usize>)]) -> usize {
    let mut steps = path.iter().peekable();
    while let Some((key, index)) = steps.next() {
        let Some(k) = block_key(text, at, key) else {
            return at;
        };
        at = k;
        let inner = match index {
            Some(i) => list_item(text, k, *i),
            None if steps.peek().is_some() => child(text, k),
            None => None,
        };
        match inner {
            Some(x) => at = x,
            None => return at,
        }
    }
    at
}

/// The first key of the block mapping under the key at `key_at`.
fn child(text: &str, key_at: usize) -> Option<usize> {
    let indent = column(text, key_at);
    lines_from(text, key_at)
        .skip(1)
        .find(|(_, _, body)| !body.is_empty() && !body.starts_with('#'))
        .filter(|(_, ind, _)| *ind > indent)
        .map(|(start, ind, _)| start + ind)
}

/// `name: VALUE` (whole value, not a prefix of a longer name) at or after `from`.
fn find_name(text: &str, from: usize, value: &str) -> Option<usize> {
    let needle = format!("name: {value}");
    let mut at = from;
    while let Some(found) = text.get(at..).and_then(|rest| rest.find(&needle)) {
        let start = at + found;
        let end = start + needle.len();
        let next = text.get(end..).and_then(|rest| rest.chars().next());
        if next.is_none_or(|c| matches!(c, '\n' | '\r' | ',' | '}' | ' ' | '#')) {
            return Some(start);
        }
        at = end;
    }
    None
}

/// Lines from the one holding `at`: (start offset, indent, content after the indent).
fn lines_from(text: &str, at: usize) -> impl Iterator<Item = (usize, usize, &str)> {
    let start = text
        .get(..at)
        .and_then(|b| b.rfind('\n'))
        .map_or(0, |n| n + 1);
    let rest = text.get(start..).unwrap_or("");
    rest.split('\n').scan(start, |pos, line| {
        let here = *pos;
        *pos += line.len() + 1;
        let body = line.trim_start_matches(' ');
        Some((here, line.len() - body.len(), body.trim_end_matches('\r')))
    })
}

fn column(text: &str, at: usize) -> usize {
    let start = text
        .get(..at)
        .and_then(|b| b.rfind('\n'))
        .map_or(0, |n| n + 1);
    at - start
}

/// The key `key:` of the block mapping whose first key is at `item`.
fn block_key(text: &str, item: usize, key: &str) -> Option<usize> {
    let want = format!("{key}:");
    if text.get(item..).is_some_and(|r| r.starts_with(&want)) {
        return Some(item);
    }
    let indent = column(text, item);
    // A flow mapping on one line: the key is on that line.
    let line_end = text
        .get(item..)
        .and_then(|r| r.find('\n'))
        .map_or(text.len(), |n| item + n);
    let line = text.get(item..line_end).unwrap_or("");
    if text
        .get(..item)
        .is_some_and(|b| b.trim_end().ends_with('{'))
    {
        return line.find(&format!(" {want}")).map(|i| item + i + 1);
    }
    for (start, ind, body) in lines_from(text, item).skip(1) {
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        if ind < indent {
            return None;
        }
        if ind == indent && body.starts_with(&want) {
            return Some(start + ind);
        }
    }
    None
}

/// The `index`-th entry of the block list under the key at `key_at` (its first key).
fn list_item(text: &str, key_at: usize, index: usize) -> Option<usize> {
    let key_indent = column(text, key_at);
    let mut lines = lines_from(text, key_at);
    let (_, _, first) = lines.next()?;
    let after = first.split_once(':').map_or("", |(_, v)| v).trim();
    if !after.is_empty() && !after.starts_with('#') {
        return None;
    }
    let mut dash: Option<usize> = None;
    let mut count = 0;
    for (start, ind, body) in lines {
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        let is_entry = body == "-" || body.starts_with("- ");
        match dash {
            None if is_entry && ind >= key_indent => dash = Some(ind),
            None => return None,
            Some(d) if ind < d || (ind == d && !is_entry) => return None,
            Some(_) => {}
        }
        if Some(ind) == dash && is_entry {
            if count == index {
                return Some(start + ind + 2.min(body.len()));
            }
            count += 1;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "factors:\n  - name: a-b\n  - name: a\nprocedures:\n  - name: p\n    modifiers:\n      - group: g\n        items:\n          - {label: x, value: 1}\n          - label: y\n            value: 2\n    table:\n      rows:\n        - {max: 2, result: r}\n        - {min: 3, result: s}\n    results:\n      - name: r\n        label: R\n";

    #[test]
    fn a_path_finds_keys_in_block_and_flow_entries() {
        let text = "# a list\nlines:\n  - {count: 1, unit: x}\n  - count: 2\n    unit: y\n";
        let at = |path: &[(&str, Option<usize>)]| line_col(text, path_offset(text, path));
        assert_eq!(at(&[("lines", Some(0)), ("unit", None)]), (3, 16));
        assert_eq!(at(&[("lines", Some(1)), ("unit", None)]), (5, 5));
        assert_eq!(at(&[("lines", Some(1))]), (4, 5));
        let flow = "lines:\n  - {count: 1, note: \"a, b: c\", or: [{count: 2},\n      {units: [{count: 3}, {unit: x}]}]}\n";
        let at = |path: &[(&str, Option<usize>)]| line_col(flow, path_offset(flow, path));
        assert_eq!(at(&[("lines", Some(0)), ("or", None)]), (2, 33));
        assert_eq!(at(&[("lines", Some(0)), ("or", Some(1))]), (3, 7));
        assert_eq!(
            at(&[
                ("lines", Some(0)),
                ("or", Some(1)),
                ("units", Some(1)),
                ("unit", None)
            ]),
            (3, 29)
        );
    }

    #[test]
    fn places_resolve_to_their_lines() {
        assert_eq!(resolve(TEXT, &Place::Factor("a".into())).0, 3);
        assert_eq!(resolve(TEXT, &Place::Item("p".into(), 0, 1)).0, 10);
        assert_eq!(resolve(TEXT, &Place::Band("p".into(), false, 1)).0, 15);
        assert_eq!(resolve(TEXT, &Place::Result("p".into(), "r".into())).0, 17);
    }
}
