//! Man pages: one per visible command, rendered by clap_mangen, kept to ASCII for groff, and
//! the pages of commands that no longer exist removed.

use std::path::Path;

use clap::Command;

use crate::error::{Error, Result};

/// Render `cmd`'s page and its visible subcommands' pages, parents first.
pub(super) fn collect_pages(
    cmd: &Command,
    source: &str,
    pages: &mut Vec<(String, Vec<u8>)>,
) -> Result<()> {
    // Every page names the program and its version, not the subcommand's bare name; and no
    // date, so that the pages only change when the command line does.
    let page = clap_mangen::Man::new(cmd.clone())
        .source(source)
        .manual("User Commands");
    let mut bytes = Vec::new();
    page.render(&mut bytes)
        .map_err(|e| Error::failure(format!("cannot render a man page: {e}")))?;
    let roff = String::from_utf8(bytes)
        .map_err(|e| Error::failure(format!("a man page is not UTF-8: {e}")))?;
    pages.push((page.get_filename(), ascii_roff(&roff).into_bytes()));
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        collect_pages(sub, source, pages)?;
    }
    Ok(())
}

/// groff reads a page as Latin-1 and warns at any other byte, so a character beyond ASCII in a
/// help text (a dash, an accent) goes in as groff's own escape (`\[u2014]`), which renders as
/// the character where the terminal can show it and as its nearest ASCII elsewhere.
fn ascii_roff(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            out.push_str(&format!("\\[u{:04X}]", u32::from(c)));
        }
    }
    out
}

/// Remove this program's pages in `dir` that were not just written (a command since removed).
pub(super) fn remove_stale(dir: &Path, program: &str, pages: &[(String, Vec<u8>)]) -> Result<()> {
    let read = std::fs::read_dir(dir)
        .map_err(|e| Error::failure(format!("cannot read {}: {e}", dir.display())))?;
    for entry in read.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let ours = name == format!("{program}.1")
            || (name.starts_with(&format!("{program}-")) && name.ends_with(".1"));
        if ours && !pages.iter().any(|(n, _)| *n == name) {
            std::fs::remove_file(entry.path()).map_err(|e| {
                Error::failure(format!("cannot remove {}: {e}", entry.path().display()))
            })?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_beyond_ascii_become_groff_escapes() {
        assert_eq!(
            ascii_roff("a \u{2014} \u{e9}t\u{e9}"),
            r"a \[u2014] \[u00E9]t\[u00E9]"
        );
        assert_eq!(ascii_roff("\\fBplain\\fR"), "\\fBplain\\fR");
    }
}
