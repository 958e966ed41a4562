//! The tools the printed sheet is checked with: headless Chromium and poppler, each run to its
//! end with its output kept in files, and `tests/output/` where what they print is left.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command as Process, Output, Stdio};

use crate::support::{root, subdir};

pub(super) fn output_dir() -> PathBuf {
    subdir(root(), "tests/output")
}

/// Run a tool to its end, its output kept in files beside `log`. A browser can hang on a machine
/// it does not like: coreutils' `timeout` stops it after a minute (no polling here), and the
/// test says so.
pub(super) fn tool(program: &str, args: &[String], log: &Path) -> Output {
    let file = |ext: &str| {
        let path = log.with_extension(ext);
        File::create(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    let status = Process::new("timeout")
        .arg("60")
        .arg(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(file("out"))
        .stderr(file("err"))
        .status()
        .unwrap_or_else(|e| panic!("cannot run coreutils' `timeout`: {e}"));
    // `timeout` exits 124 when it stopped the tool, 127 when the tool is not there.
    match status.code() {
        Some(124) => panic!("`{program} {}` took over a minute", args.join(" ")),
        Some(127) => panic!(
            "cannot run `{program}`: the sheet's browser test needs headless chromium and \
             poppler-utils (pdfinfo, pdftotext, pdftoppm); install them, e.g. \
             `apt-get install chromium poppler-utils` (CI does)"
        ),
        _ => {}
    }
    let read = |ext: &str| std::fs::read(log.with_extension(ext)).unwrap_or_default();
    Output {
        status,
        stdout: read("out"),
        stderr: read("err"),
    }
}

/// Headless Chromium with a profile of its own and nothing reaching the network.
pub(super) fn chromium(profile: &Path, last: &[String], log: &Path) -> Output {
    let mut args: Vec<String> = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-pdf-header-footer",
    ]
    .map(String::from)
    .to_vec();
    args.push(format!("--user-data-dir={}", profile.display()));
    args.extend(last.iter().cloned());
    let out = tool("chromium", &args, log);
    assert!(
        out.status.success(),
        "chromium {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

pub(super) fn url(path: &Path) -> String {
    format!("file://{}", path.display())
}
