//! Words as an umpire says them: distances measured to a fraction of an inch (`range=18.5`,
//! read exactly against the bands and a check's target) and counts that stay whole
//! (`decimals`); names, values, procedures, rulesets, sides, markers and units typed in any
//! case, accented unit names, and tables whose names differ only in case (`case`). Every word
//! the tool cannot take is refused on one line with a hint.

mod case;
mod decimals;

use std::path::Path;

use crate::support::Test;

/// `umpire ARGS` must be refused as the umpire's mistake: exit 2, nothing on stdout, one
/// `error: ` line with a hint in brackets. Returns the line.
fn refused(args: &[&str]) -> String {
    let out = Test::new().args(args).status(2).stdout("").run();
    let line = out.stderr.strip_suffix('\n').unwrap_or(&out.stderr);
    assert!(
        line.starts_with("error: ") && !line.contains('\n'),
        "umpire {}: {:?}",
        args.join(" "),
        out.stderr
    );
    assert!(
        line.ends_with(')') && line.contains(" ("),
        "umpire {}: no hint in {line:?}",
        args.join(" ")
    );
    assert!(!line.contains("panicked"), "{line}");
    line.to_string()
}

/// `umpire ARGS` on `data`: it must succeed with nothing on stderr. Returns stdout.
fn said(data: &Path, args: &[&str]) -> String {
    Test::new()
        .data_dir(data)
        .args(args)
        .stderr("")
        .run()
        .stdout
}
