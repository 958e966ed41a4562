//! Text from files and arguments, as it may be typed in and as it is shown. What is typed in
//! (a note) is refused when it holds control characters or runs too long. What is shown has
//! its control characters escaped, so that an escape sequence in a hand-edited file shows as
//! text and never acts on the terminal, and long text is cut with an ellipsis, in time that
//! grows with what is shown, never with what was written.

use std::borrow::Cow;

use crate::error::{Error, Result};

/// The most characters a note may hold.
pub const NOTE_MAX: usize = 1000;

/// How much of a note a row of a table shows.
pub const NOTE_SHOWN: usize = 200;

/// How much of a name (a unit, a side, a figure, a field's value) is shown.
pub const NAME_SHOWN: usize = 64;

/// The most characters a cell of a card's table shows (a rule's label runs to a line or two).
pub const CELL_SHOWN: usize = 1000;

/// The longest word shown whole: a longer one is cut (no word of a rule runs so long).
pub const WORD_SHOWN: usize = 200;

/// A character that must not reach the terminal as it is: a control character (C0, DEL and
/// C1, which start escape sequences) or a bidirectional override, which reorders what
/// follows it.
fn unsafe_char(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Push `c`, escaped when it must not reach the terminal: `\u{1b}`, `\n`, `\t`.
fn push_shown(out: &mut String, c: char) {
    if unsafe_char(c) {
        out.extend(c.escape_default());
    } else {
        out.push(c);
    }
}

/// `text` with its control characters escaped, on one line.
pub fn escaped(text: &str) -> Cow<'_, str> {
    if !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        push_shown(&mut out, c);
    }
    Cow::Owned(out)
}

/// `text` escaped and cut to at most `max` characters, the last an ellipsis when cut. Only
/// the characters shown are read.
pub fn shown(text: &str, max: usize) -> Cow<'_, str> {
    let plain = text
        .char_indices()
        .take(max.saturating_add(1))
        .all(|(_, c)| !unsafe_char(c));
    if plain && text.chars().nth(max).is_none() {
        return Cow::Borrowed(text);
    }
    let mut out = String::new();
    let mut count = 0;
    for c in text.chars() {
        let before = out.len();
        push_shown(&mut out, c);
        count += out[before..].chars().count();
        if count > max {
            let keep: String = out.chars().take(max.saturating_sub(1)).collect();
            return Cow::Owned(keep + "…");
        }
    }
    Cow::Owned(out)
}

/// `text` cut to at most `max` characters, the last an ellipsis when cut; control
/// characters are left as they are (the terminal's stream escapes them).
pub fn cut(text: &str, max: usize) -> Cow<'_, str> {
    match text.char_indices().nth(max) {
        None => Cow::Borrowed(text),
        Some(_) => {
            let keep: String = text.chars().take(max.saturating_sub(1)).collect();
            Cow::Owned(keep + "…")
        }
    }
}

/// `text` with every word longer than [`WORD_SHOWN`] cut: what a table lays out or a
/// paragraph wraps, where a word longer than the line is broken piece by piece.
pub fn long_words_cut(text: &str) -> Cow<'_, str> {
    let long = text
        .split(char::is_whitespace)
        .any(|w| w.len() > WORD_SHOWN && w.chars().nth(WORD_SHOWN).is_some());
    if !long {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len().min(1 << 16));
    let mut in_word = 0usize;
    for c in text.chars() {
        if c.is_whitespace() {
            in_word = 0;
            out.push(c);
            continue;
        }
        in_word += 1;
        match in_word.cmp(&WORD_SHOWN) {
            std::cmp::Ordering::Less => out.push(c),
            std::cmp::Ordering::Equal => out.push('…'),
            std::cmp::Ordering::Greater => {}
        }
    }
    Cow::Owned(out)
}

/// Refuse typed text that holds a control character or runs past `max` characters; `what`
/// names it (`a note`).
pub fn check_typed(what: &str, text: &str, max: usize) -> Result<()> {
    if let Some((i, c)) = text.chars().enumerate().find(|(_, c)| unsafe_char(*c)) {
        return Err(Error::usage(format!(
            "{what} may not hold control characters: character {} is U+{:04X}",
            i + 1,
            u32::from(c)
        ))
        .with_hint("type plain text on one line: no escape sequence, tab or line break"));
    }
    let count = text.chars().take(max.saturating_add(1)).count();
    if count > max {
        return Err(Error::usage(format!(
            "{what} holds at most {max} characters; this one has {}",
            text.chars().count()
        ))
        .with_hint("shorten it"));
    }
    Ok(())
}

/// An `ESC [ ... m` sequence that umpire itself writes for colour: the reset, bold, and a
/// 256-colour foreground. Its length in bytes.
fn own_colour(rest: &[u8]) -> Option<usize> {
    for own in [&b"\x1b[0m"[..], b"\x1b[1m"] {
        if rest.starts_with(own) {
            return Some(own.len());
        }
    }
    let tail = rest.strip_prefix(b"\x1b[38;5;")?;
    let digits = tail
        .iter()
        .take(3)
        .take_while(|b| b.is_ascii_digit())
        .count();
    (digits > 0 && tail.get(digits) == Some(&b'm')).then_some(7 + digits + 1)
}

/// What goes to the terminal, made safe: every control character but the line break (and
/// the tab) escaped; with `colour`, umpire's own colour sequences kept.
pub fn terminal(bytes: &[u8], colour: bool) -> Cow<'_, [u8]> {
    let text = String::from_utf8_lossy(bytes);
    let safe = |c: char| !unsafe_char(c) || c == '\n' || c == '\t';
    if text.chars().all(safe) {
        return match text {
            Cow::Borrowed(_) => Cow::Borrowed(bytes),
            Cow::Owned(t) => Cow::Owned(t.into_bytes()),
        };
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text.as_ref();
    while let Some(c) = rest.chars().next() {
        if colour
            && c == '\x1b'
            && let Some(n) = own_colour(rest.as_bytes())
        {
            out.push_str(&rest[..n]);
            rest = &rest[n..];
            continue;
        }
        if safe(c) {
            out.push(c);
        } else {
            out.extend(c.escape_default());
        }
        rest = &rest[c.len_utf8()..];
    }
    Cow::Owned(out.into_bytes())
}

/// An error's message as one line for the terminal: escaped, its over-long words cut.
pub fn error_line(message: &str) -> String {
    long_words_cut(&escaped(message)).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_and_overrides_are_escaped() {
        assert_eq!(escaped("plain é"), "plain é");
        assert_eq!(
            escaped("a\x1b[2Jb\n\t\u{202E}"),
            "a\\u{1b}[2Jb\\n\\t\\u{202e}"
        );
        assert_eq!(escaped("\u{9b}31m"), "\\u{9b}31m");
    }

    #[test]
    fn long_text_is_cut_with_an_ellipsis_counting_the_escapes() {
        assert_eq!(shown("abcdef", 6), "abcdef");
        assert_eq!(shown("abcdefg", 6), "abcde…");
        assert_eq!(shown("a\x1bbcdefg", 6), "a\\u{1…");
        assert_eq!(cut("abcdefg", 4), "abc…");
        let huge = "x".repeat(10_000_000);
        assert_eq!(shown(&huge, 3), "xx…");
    }

    #[test]
    fn long_words_are_cut_and_short_ones_kept() {
        let word = "y".repeat(WORD_SHOWN + 5);
        let text = format!("a {word} b");
        assert_eq!(
            long_words_cut(&text),
            format!("a {}… b", "y".repeat(WORD_SHOWN - 1))
        );
        assert_eq!(long_words_cut("a b c"), "a b c");
    }

    #[test]
    fn typed_text_with_control_characters_or_too_long_is_refused() {
        assert!(check_typed("a note", "lost his hat", NOTE_MAX).is_ok());
        let e = check_typed("a note", "ok\x1b]0;x\x07", NOTE_MAX).unwrap_err();
        assert_eq!(
            e.message,
            "a note may not hold control characters: character 3 is U+001B"
        );
        let e = check_typed("a note", &"z".repeat(1001), NOTE_MAX).unwrap_err();
        assert_eq!(
            e.message,
            "a note holds at most 1000 characters; this one has 1001"
        );
    }

    #[test]
    fn the_terminal_keeps_line_breaks_and_umpires_own_colours_only() {
        let ours = "\x1b[38;5;196m●\x1b[0m pinned\n\x1b[1mbold\x1b[0m\n";
        assert_eq!(terminal(ours.as_bytes(), true), ours.as_bytes());
        assert_eq!(
            terminal(ours.as_bytes(), false).as_ref(),
            "\\u{1b}[38;5;196m●\\u{1b}[0m pinned\n\\u{1b}[1mbold\\u{1b}[0m\n".as_bytes()
        );
        assert_eq!(
            terminal(b"x\x1b[2J\x1b]0;t\x07\r", true).as_ref(),
            b"x\\u{1b}[2J\\u{1b}]0;t\\u{7}\\r"
        );
    }
}
