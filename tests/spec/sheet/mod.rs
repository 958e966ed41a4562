//! The printable sheet (`umpire cards --html`): one self-contained HTML file, the tables' text
//! escaped, and, printed by headless Chromium, pages on which no card is cut or overflows.
//!
//! The browser tests need `chromium` and poppler's `pdfinfo`, `pdftotext` and `pdftoppm` (CI
//! installs them); they fail, never skip, without them. What they print is left in
//! `tests/output/` (git-ignored) for a person to look at.

mod actions;
mod browser;
mod html;
mod layout;
mod printed;
mod words;

use crate::support::{Ruleset, ok, test_tables};

/// `umpire ARGS cards --html`: the sheet on standard output.
fn sheet(args: &[&str]) -> String {
    ok(&[args, &["cards", "--html"]].concat())
}

fn sheet_of(r: &Ruleset) -> String {
    let tables = test_tables().display().to_string();
    sheet(&["--tables", &tables, "--rules", &r.name])
}

/// What the tables would read as once written into HTML.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// The page's text with the break hints the sheet puts in long words taken out.
fn unbroken(html: &str) -> String {
    html.replace("<wbr>", "")
}

fn assert_self_contained(html: &str, what: &str) {
    assert!(html.starts_with("<!DOCTYPE html>"), "{what}");
    assert!(html.contains("<meta charset=\"utf-8\">"), "{what}");
    assert!(html.contains("@page { size: auto;"), "{what}");
    assert!(html.contains("break-inside: avoid"), "{what}");
    let lower = html.to_lowercase();
    for fetch in [
        "http",
        "src=",
        "href=",
        "<script",
        "<link",
        "url(",
        "@import",
        "<img",
        "<iframe",
        "<object",
        "<embed",
        "@font-face",
    ] {
        assert!(
            !lower.contains(fetch),
            "{what}: the sheet must fetch nothing, it has `{fetch}`"
        );
    }
}
