//! The scan a YAML text gets before the parser sees it: one pass over its bytes, in time
//! linear in its length, following YAML's structure (block indentation, flow brackets,
//! quoted, plain and block scalars, comments, anchors and aliases) closely enough to refuse,
//! with their place, the two inputs that cost the parser far more than their size: nesting
//! too deep (the parser's work grows with the square of the depth) and aliases that expand
//! too far (each alias is read as a full copy of the node it names, copies of copies
//! included). It decides nothing else: whatever it lets through, the parser still checks.

use std::collections::HashMap;

/// How deep collections may nest, block and flow together: a table nests about ten deep.
pub const MAX_DEPTH: usize = 64;

/// How big the text may become once every alias is expanded, in bytes of the text.
pub const MAX_EXPANDED: u64 = 2 * 1024 * 1024;

/// What the scan refused, and where (a byte offset in the text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub at: usize,
    pub message: String,
}

/// Refuse nesting deeper than [`MAX_DEPTH`], aliases that would expand the text past
/// [`MAX_EXPANDED`] bytes, and an alias inside the node it names.
pub fn check(text: &str) -> Result<(), Refusal> {
    Scan::new(text.as_bytes()).run()
}

/// How deep a text nests, as the scan counts it.
pub fn depth(text: &str) -> Result<usize, Refusal> {
    let mut scan = Scan::new(text.as_bytes());
    scan.run()?;
    Ok(scan.deepest)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Seq,
    Map,
}

/// Where an anchored node ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ends {
    /// When the flow collection opened at this many open ones closes.
    Flow(usize),
    /// When the block collection at this index of the stack is closed.
    Block(usize),
    /// With the multi-line plain scalar or block scalar being read.
    Scalar,
}

/// An anchor whose node is being read: what it weighs is known when the node ends.
#[derive(Debug)]
struct Open<'a> {
    name: &'a [u8],
    start: usize,
    /// Bytes the aliases had added when it opened.
    extra: u64,
    ends: Ends,
}

/// An anchor seen, its node not begun yet.
#[derive(Debug, Clone, Copy)]
struct Pending<'a> {
    name: &'a [u8],
    start: usize,
    line: usize,
}

/// A block scalar (`|`, `>`) being skipped: its lines are those indented as much as its
/// first line, past `owner` (or as much as it states).
#[derive(Debug, Clone, Copy)]
struct BlockScalar {
    owner: isize,
    indent: Option<usize>,
    /// The most spaces a blank line before its first line held: its indentation is no less.
    leading: usize,
}

struct Scan<'a> {
    b: &'a [u8],
    i: usize,
    line: usize,
    line_start: usize,
    flow: usize,
    block: Vec<(usize, Kind)>,
    done: HashMap<&'a [u8], u64>,
    open: Vec<Open<'a>>,
    pending: Option<Pending<'a>>,
    extra: u64,
    block_scalar: Option<BlockScalar>,
    /// A block plain scalar ran to the end of its line and may go on on the next.
    plain: bool,
    /// Where the text of that plain scalar ends so far.
    plain_end: usize,
    /// The deepest nesting seen.
    deepest: usize,
}

fn is_break(c: u8) -> bool {
    c == b'\n' || c == b'\r'
}

fn is_blank(c: u8) -> bool {
    c == b' ' || c == b'\t'
}

fn is_flow_indicator(c: u8) -> bool {
    matches!(c, b',' | b'[' | b']' | b'{' | b'}')
}

impl<'a> Scan<'a> {
    fn new(b: &'a [u8]) -> Scan<'a> {
        let bom = if b.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
        Scan {
            b,
            i: bom,
            line: 1,
            line_start: 0,
            flow: 0,
            block: Vec::new(),
            done: HashMap::new(),
            open: Vec::new(),
            pending: None,
            extra: 0,
            block_scalar: None,
            plain: false,
            plain_end: 0,
            deepest: 0,
        }
    }

    fn peek(&self, ahead: usize) -> Option<u8> {
        self.b.get(self.i + ahead).copied()
    }

    /// Whether the byte before `i` is a blank (a `#` after one starts a comment).
    fn after_blank(&self) -> bool {
        self.i
            .checked_sub(1)
            .and_then(|j| self.b.get(j))
            .is_some_and(|c| is_blank(*c))
    }

    /// Whether the byte `ahead` of `i` ends a token (a blank, a line break or the end).
    fn spaced(&self, ahead: usize) -> bool {
        self.peek(ahead).is_none_or(|c| is_blank(c) || is_break(c))
    }

    fn column(&self, at: usize) -> usize {
        at.saturating_sub(self.line_start)
    }

    fn refuse(&self, at: usize, message: String) -> Refusal {
        Refusal { at, message }
    }

    fn run(&mut self) -> Result<(), Refusal> {
        self.line_begins()?;
        while let Some(c) = self.peek(0) {
            if is_break(c) {
                self.next_line()?;
                continue;
            }
            if is_blank(c) {
                self.i += 1;
                continue;
            }
            self.token(c)?;
        }
        let end = self.b.len();
        if self.plain {
            self.end_scalar(self.plain_end);
        }
        self.end_scalar(end);
        self.pop_blocks_to(0, end);
        self.close_pending(end);
        Ok(())
    }

    /// Past a line break, then what the new line's start means.
    fn next_line(&mut self) -> Result<(), Refusal> {
        if self.peek(0) == Some(b'\r') && self.peek(1) == Some(b'\n') {
            self.i += 1;
        }
        self.i += 1;
        self.line += 1;
        self.line_start = self.i;
        self.line_begins()
    }

    /// At the start of a line: a line of a block scalar is skipped, a plain scalar may go on,
    /// and the indentation closes the block collections it leaves. A line skipped is skipped
    /// up to its break, which the caller passes.
    fn line_begins(&mut self) -> Result<(), Refusal> {
        if self.flow > 0 {
            return Ok(());
        }
        let indent = self.b[self.i..].iter().take_while(|c| **c == b' ').count();
        let first = self.b.get(self.i + indent).copied();
        let blank_line = first.is_none_or(|c| is_break(c) || is_blank(c));
        if let Some(mut s) = self.block_scalar {
            if s.indent.is_none() && blank_line {
                s.leading = s.leading.max(indent);
                self.block_scalar = Some(s);
            }
            let inside = blank_line
                || match s.indent {
                    Some(n) => indent >= n,
                    // As the parser finds it: the first line's, no less than a blank line's
                    // before it, one past the owner's and 1 at least.
                    None if indent.cast_signed() > s.owner && indent >= s.leading.max(1) => {
                        s.indent = Some(indent);
                        self.block_scalar = Some(s);
                        true
                    }
                    None => false,
                };
            if inside && first.is_some() {
                self.skip_to_line_end();
                return Ok(());
            }
            self.block_scalar = None;
            self.end_scalar(self.i);
        }
        if self.plain {
            let owner = self.block.last().map_or(-1, |(c, _)| c.cast_signed());
            if blank_line && first.is_some() {
                self.skip_to_line_end();
                return Ok(());
            }
            if first != Some(b'#') && indent.cast_signed() > owner {
                // The scalar goes on: this line is more of it.
                self.i += indent;
                if !self.plain_rest() {
                    self.plain = false;
                    self.end_scalar(self.i);
                }
                return Ok(());
            }
            self.plain = false;
            self.end_scalar(self.plain_end);
        }
        if blank_line || first == Some(b'#') {
            return Ok(());
        }
        let at = self.i;
        self.pop_blocks_deeper(indent, at);
        // A document's markers and directives: nothing nests across them.
        let rest = &self.b[self.i..];
        if indent == 0
            && (rest.starts_with(b"---") || rest.starts_with(b"..."))
            && rest.get(3).is_none_or(|c| is_blank(*c) || is_break(*c))
        {
            self.pop_blocks_to(0, at);
            self.i += 3;
        } else if indent == 0 && rest.first() == Some(&b'%') {
            self.skip_to_line_end();
        }
        Ok(())
    }

    /// To the end of the line, not past its break.
    fn skip_to_line_end(&mut self) {
        while self.peek(0).is_some_and(|c| !is_break(c)) {
            self.i += 1;
        }
    }

    fn token(&mut self, c: u8) -> Result<(), Refusal> {
        let at = self.i;
        match c {
            b'#' => self.skip_to_line_end(),
            b'[' | b'{' => {
                self.flow += 1;
                self.i += 1;
                self.check_depth(at)?;
                if let Some(p) = self.pending.take() {
                    self.open(p, Ends::Flow(self.flow - 1));
                }
            }
            b']' | b'}' => {
                self.i += 1;
                self.close_pending(at);
                if self.flow > 0 {
                    self.flow -= 1;
                    let level = self.flow;
                    self.close_where(self.i, |e| e == Ends::Flow(level));
                }
            }
            b',' => {
                self.i += 1;
                self.close_pending(at);
            }
            b'&' => {
                let name = self.name();
                self.pending = Some(Pending {
                    name,
                    start: at,
                    line: self.line,
                });
            }
            b'*' => {
                let name = self.name();
                self.alias(at, name)?;
                self.pending = None;
                self.after_scalar(at, self.i)?;
            }
            b'!' => {
                self.name();
            }
            b'"' | b'\'' => {
                self.quoted(c);
                self.after_scalar(at, self.i)?;
            }
            b'|' | b'>' if self.flow == 0 => {
                // The header: an indentation the scalar states, beside its chomping.
                self.i += 1;
                let mut stated = None;
                while let Some(c) = self
                    .peek(0)
                    .filter(|c| matches!(c, b'1'..=b'9' | b'+' | b'-'))
                {
                    if c.is_ascii_digit() {
                        stated = Some(usize::from(c - b'0'));
                    }
                    self.i += 1;
                }
                // (A comment may follow: the scalar's lines begin on the next line.)
                self.skip_to_line_end();
                let owner = self.block.last().map_or(-1, |(c, _)| c.cast_signed());
                self.block_scalar = Some(BlockScalar {
                    owner,
                    indent: stated.map(|n| usize::try_from(owner).map_or(n, |o| o + n)),
                    leading: 0,
                });
                if let Some(p) = self.pending.take() {
                    self.open(p, Ends::Scalar);
                }
            }
            b'-' | b'?' if self.flow == 0 && self.spaced(1) => {
                self.i += 1;
                let kind = if c == b'-' { Kind::Seq } else { Kind::Map };
                self.block_entry(self.column(at), kind, at)?;
            }
            b':' if self.spaced(1) || (self.flow > 0 && self.json_value()) => {
                self.i += 1;
                self.close_pending(at);
            }
            _ => {
                self.plain_scalar();
                self.after_scalar(at, self.i)?;
            }
        }
        Ok(())
    }

    /// In a flow collection, a `:` right before a flow indicator, or right after a quoted
    /// key or a collection (`{"a":1}`), is the value's indicator, not a plain scalar.
    fn json_value(&self) -> bool {
        let before = self.b[..self.i]
            .iter()
            .rev()
            .find(|c| !is_blank(**c) && !is_break(**c));
        self.peek(1).is_some_and(is_flow_indicator)
            || before.is_some_and(|c| matches!(c, b'"' | b'\'' | b']' | b'}'))
    }

    /// An anchor's or alias's or tag's name: up to a blank, a break or a flow indicator.
    fn name(&mut self) -> &'a [u8] {
        let b = self.b;
        let start = self.i + 1;
        self.i = start;
        while self
            .peek(0)
            .is_some_and(|c| !is_blank(c) && !is_break(c) && !is_flow_indicator(c))
        {
            self.i += 1;
        }
        &b[start..self.i]
    }

    fn quoted(&mut self, quote: u8) {
        self.i += 1;
        while let Some(c) = self.peek(0) {
            self.i += 1;
            match c {
                b'\\' if quote == b'"' => {
                    // An escaped break is still a break: keep the lines counted.
                    if self.peek(0).is_some_and(|c| c != b'\n' && c != b'\r') {
                        self.i += 1;
                    } else {
                        self.line_break_inside();
                    }
                }
                b'\'' if quote == b'\'' && self.peek(0) == Some(b'\'') => self.i += 1,
                c if c == quote => return,
                b'\n' => {
                    self.line += 1;
                    self.line_start = self.i;
                }
                b'\r' if self.peek(0) != Some(b'\n') => {
                    self.line += 1;
                    self.line_start = self.i;
                }
                _ => {}
            }
        }
    }

    fn line_break_inside(&mut self) {
        if self.peek(0) == Some(b'\r') && self.peek(1) == Some(b'\n') {
            self.i += 1;
        }
        if self.peek(0).is_some() {
            self.i += 1;
            self.line += 1;
            self.line_start = self.i;
        }
    }

    /// A plain scalar: in a block to the end of its line (or a `: ` or ` #`), in a flow
    /// collection up to a flow indicator, across lines.
    fn plain_scalar(&mut self) {
        self.i += 1;
        if self.flow > 0 {
            while let Some(c) = self.peek(0) {
                let ends = is_flow_indicator(c)
                    || (c == b':'
                        && self
                            .peek(1)
                            .is_none_or(|n| is_blank(n) || is_break(n) || is_flow_indicator(n)))
                    || (c == b'#' && self.after_blank());
                if ends {
                    return;
                }
                if is_break(c) {
                    self.line_break_inside();
                } else {
                    self.i += 1;
                }
            }
            return;
        }
        self.plain = self.plain_rest();
    }

    /// The rest of a block plain scalar's line: whether it ran to the line's end (and so may
    /// go on on the next line) rather than to a `: ` or a comment.
    fn plain_rest(&mut self) -> bool {
        while let Some(c) = self.peek(0) {
            if is_break(c) {
                self.plain_end = self.i;
                return true;
            }
            if c == b':' && self.spaced(1) {
                return false;
            }
            if c == b'#' && self.after_blank() {
                return false;
            }
            self.i += 1;
        }
        self.plain_end = self.i;
        false
    }

    /// After a scalar or an alias from `start` to `end`: a key opens or continues a block
    /// mapping; an anchor before it names it (or, on an earlier line, the mapping).
    fn after_scalar(&mut self, start: usize, end: usize) -> Result<(), Refusal> {
        let mut j = end;
        while self.b.get(j).is_some_and(|c| is_blank(*c)) {
            j += 1;
        }
        let key = self.flow == 0
            && !self.plain
            && self.b.get(j) == Some(&b':')
            && self
                .b
                .get(j + 1)
                .is_none_or(|c| is_blank(*c) || is_break(*c));
        let same_line = self.pending.is_some_and(|p| p.line == self.line);
        if (!key || same_line)
            && let Some(p) = self.pending.take()
        {
            if self.plain {
                self.open(p, Ends::Scalar);
            } else {
                self.weigh(p.name, p.start, end, self.extra);
            }
        }
        if key {
            let col = self.column(start);
            self.block_entry(col, Kind::Map, start)?;
        }
        Ok(())
    }

    /// A block entry (`- `, `? ` or a key) at column `col`: a collection is opened, or one
    /// at that column goes on.
    fn block_entry(&mut self, col: usize, kind: Kind, at: usize) -> Result<(), Refusal> {
        let line_start = self.line_start;
        self.pop_blocks_deeper(col, line_start);
        let push = match self.block.last().copied() {
            Some((c, k)) if c == col => {
                if k == kind {
                    false
                } else if k == Kind::Map {
                    // A sequence at its key's column belongs to the key.
                    true
                } else {
                    self.pop_blocks_to(self.block.len() - 1, line_start);
                    self.block.last() != Some(&(col, kind))
                }
            }
            _ => true,
        };
        if push {
            self.block.push((col, kind));
            self.check_depth(at)?;
            if let Some(p) = self.pending.take() {
                self.open(p, Ends::Block(self.block.len() - 1));
            }
        } else {
            self.close_pending(at);
        }
        Ok(())
    }

    fn check_depth(&mut self, at: usize) -> Result<(), Refusal> {
        self.deepest = self.deepest.max(self.flow + self.block.len());
        if self.flow + self.block.len() > MAX_DEPTH {
            return Err(self.refuse(
                at,
                format!("collections nest more than {MAX_DEPTH} deep here"),
            ));
        }
        Ok(())
    }

    fn pop_blocks_deeper(&mut self, col: usize, at: usize) {
        let keep = self.block.iter().take_while(|(c, _)| *c <= col).count();
        self.pop_blocks_to(keep, at);
    }

    /// Close the block collections past the first `keep`, and the anchored nodes they end.
    fn pop_blocks_to(&mut self, keep: usize, at: usize) {
        if keep < self.block.len() {
            self.block.truncate(keep);
            self.close_where(at, |e| matches!(e, Ends::Block(level) if level >= keep));
        }
    }

    fn end_scalar(&mut self, at: usize) {
        self.close_where(at, |e| e == Ends::Scalar);
    }

    fn open(&mut self, p: Pending<'a>, ends: Ends) {
        self.open.push(Open {
            name: p.name,
            start: p.start,
            extra: self.extra,
            ends,
        });
    }

    /// An anchor before nothing (`[&a ]`) names an empty node.
    fn close_pending(&mut self, at: usize) {
        if let Some(p) = self.pending.take() {
            self.weigh(p.name, p.start, at, self.extra);
        }
    }

    fn close_where(&mut self, at: usize, ended: impl Fn(Ends) -> bool) {
        // Few are open at once: one at most for each level of nesting.
        let mut k = 0;
        while k < self.open.len() {
            if ended(self.open[k].ends) {
                let o = self.open.remove(k);
                self.weigh(o.name, o.start, at, o.extra);
            } else {
                k += 1;
            }
        }
    }

    /// What an anchored node weighs: its bytes, and what the aliases in it add.
    fn weigh(&mut self, name: &'a [u8], start: usize, end: usize, extra_before: u64) {
        let own = end.saturating_sub(start) as u64;
        let weight = own.saturating_add(self.extra.saturating_sub(extra_before));
        self.done.insert(name, weight);
    }

    fn alias(&mut self, at: usize, name: &'a [u8]) -> Result<(), Refusal> {
        let shown = String::from_utf8_lossy(name);
        if self.open.iter().any(|o| o.name == name) {
            return Err(self.refuse(
                at,
                format!("alias *{shown} is inside the node it names, which would never end"),
            ));
        }
        // An alias of no anchor is the parser's to refuse.
        let Some(weight) = self.done.get(name).copied() else {
            return Ok(());
        };
        self.extra = self.extra.saturating_add(weight);
        let expanded = (self.b.len() as u64).saturating_add(self.extra);
        if expanded > MAX_EXPANDED {
            return Err(self.refuse(
                at,
                format!(
                    "alias *{shown} takes the text past {} once its aliases are expanded",
                    crate::files::size(MAX_EXPANDED)
                ),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deep(text: &str) -> usize {
        depth(text).unwrap_or_else(|r| panic!("{text:?}: {r:?}"))
    }

    fn weights(text: &str) -> HashMap<String, u64> {
        let mut scan = Scan::new(text.as_bytes());
        scan.run().unwrap_or_else(|r| panic!("{text:?}: {r:?}"));
        scan.done
            .iter()
            .map(|(k, v)| (String::from_utf8_lossy(k).into_owned(), *v))
            .collect()
    }

    #[test]
    fn block_and_flow_nesting_are_counted_together() {
        assert_eq!(deep("a: 1\nb: 2\n"), 1);
        assert_eq!(deep("a:\n  b:\n    - c\n    - d: [1, {e: 2}]\n"), 6);
        assert_eq!(deep("a:\n- 1\n- 2\nb: 3\n"), 2);
        assert_eq!(deep("- - - x\n"), 3);
        assert_eq!(deep("[[[[]]]]"), 4);
    }

    #[test]
    fn brackets_in_scalars_and_comments_are_text() {
        assert_eq!(deep("a: \"[[[[\" # [[[[\nb: it's [[[\nc: '[[['\n"), 1);
        assert_eq!(deep("a: |\n  [[[[\n  - - - -\nb: 1\n"), 1);
        assert_eq!(deep("a: a long\n  text [[[ that goes on\nb: 1\n"), 1);
    }

    #[test]
    fn nesting_past_the_limit_is_refused_where_it_passes_it() {
        let text = format!("a: {}{}\n", "[".repeat(100), "]".repeat(100));
        let r = check(&text).unwrap_err();
        assert_eq!(r.at, 3 + MAX_DEPTH - 1);
        let text: String = (0..100)
            .map(|i| format!("{}k{i}:\n", " ".repeat(i)))
            .collect();
        assert!(check(&text).is_err());
        assert!(check(&"- ".repeat(100)).is_err());
    }

    #[test]
    fn an_anchor_weighs_its_node_and_the_aliases_in_it() {
        let w = weights(
            "a: &a [1, 2]\nb: &b {x: *a, y: *a}\nc: &c plain\nd: &d\n  k: v\n  l: w\ne: 1\n",
        );
        assert_eq!(w["a"], "&a [1, 2]".len() as u64);
        assert_eq!(w["b"], "&b {x: *a, y: *a}".len() as u64 + 2 * w["a"]);
        assert_eq!(w["c"], "&c plain".len() as u64);
        assert_eq!(w["d"], "&d\n  k: v\n  l: w\n".len() as u64);
    }

    #[test]
    fn a_billion_laughs_is_refused_at_the_alias_that_passes_the_limit() {
        let mut text = String::from("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
        for i in 1..10 {
            let aliases = vec![format!("*a{}", i - 1); 9].join(", ");
            text.push_str(&format!("a{i}: &a{i} [{aliases}]\n"));
        }
        let r = check(&text).unwrap_err();
        assert!(r.message.contains("once its aliases are expanded"), "{r:?}");
        assert!(check("a: &a x\nb: [*a, *a, *a]\n").is_ok());
    }

    #[test]
    fn an_alias_inside_its_own_node_is_refused() {
        assert!(check("a: &a [1, *a]\n").is_err());
        assert!(check("a: &a\n  b: *a\n").is_err());
    }
}
