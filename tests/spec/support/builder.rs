//! The `Test` builder: one run of the built `umpire` binary, with a data directory of its own
//! unless given one, checked against what it must print and how it must exit.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Stdio;

use serde_json::Value;

use super::{parsed, process, tempdir};

/// One run of `umpire`: what it is given, and what it must print and how it must exit.
/// Without `data_dir` it gets a fresh data directory of its own.
#[derive(Debug, Default)]
#[must_use]
pub struct Test {
    args: Vec<OsString>,
    /// Variables set (`Some`) or removed (`None`), in the order given.
    env: Vec<(OsString, Option<OsString>)>,
    stdin: Option<Vec<u8>>,
    data_dir: Option<PathBuf>,
    status: Option<i32>,
    stdout: Option<String>,
    stdout_contains: Vec<String>,
    stderr: Option<String>,
    stderr_contains: Vec<String>,
}

/// What a run printed and how it exited: equal only when byte for byte the same.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Output {
    /// Standard output as JSON (the run must have succeeded).
    pub fn json(&self) -> Value {
        assert_eq!(self.code, 0, "{}", self.stderr);
        parsed(&self.stdout)
    }
}

/// `umpire ARGS` with a data directory of its own, checking nothing: (exit code, stdout,
/// stderr).
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = Test::new().args(args).output();
    (out.code, out.stdout, out.stderr)
}

/// `umpire ARGS` with a data directory of its own: it must succeed with nothing on stderr.
/// Returns stdout.
pub fn ok(args: &[&str]) -> String {
    Test::new().args(args).stderr("").run().stdout
}

/// `umpire ARGS` on the data directory `data`: it must succeed with nothing on stderr. Returns
/// stdout.
pub fn ok_in(data: &Path, args: &[&str]) -> String {
    Test::new()
        .data_dir(data)
        .args(args)
        .stderr("")
        .run()
        .stdout
}

impl Test {
    pub fn new() -> Test {
        Test {
            status: Some(0),
            ..Test::default()
        }
    }

    pub fn arg(mut self, arg: impl Into<OsString>) -> Test {
        self.args.push(arg.into());
        self
    }

    pub fn args<I, S>(mut self, args: I) -> Test
    where
        I: IntoIterator<Item = S>,
        S: Into<OsString>,
    {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    pub fn env(mut self, key: impl Into<OsString>, value: impl Into<OsString>) -> Test {
        self.env.push((key.into(), Some(value.into())));
        self
    }

    pub fn env_remove(mut self, key: impl Into<OsString>) -> Test {
        self.env.push((key.into(), None));
        self
    }

    pub fn stdin(mut self, text: impl Into<Vec<u8>>) -> Test {
        self.stdin = Some(text.into());
        self
    }

    /// The data directory to use (games, and the cache and config unless they are set apart).
    pub fn data_dir(mut self, dir: impl Into<PathBuf>) -> Test {
        self.data_dir = Some(dir.into());
        self
    }

    /// `--tables DIR`: a directory of ruleset files added to the built-in ones.
    pub fn tables(self, dir: impl AsRef<Path>) -> Test {
        self.arg("--tables").arg(dir.as_ref())
    }

    /// The exit code it must end with (0 unless told).
    pub fn status(mut self, code: i32) -> Test {
        self.status = Some(code);
        self
    }

    /// Standard output, exactly.
    pub fn stdout(mut self, text: impl Into<String>) -> Test {
        self.stdout = Some(text.into());
        self
    }

    pub fn stdout_contains(mut self, text: impl Into<String>) -> Test {
        self.stdout_contains.push(text.into());
        self
    }

    /// Standard error, exactly.
    pub fn stderr(mut self, text: impl Into<String>) -> Test {
        self.stderr = Some(text.into());
        self
    }

    pub fn stderr_contains(mut self, text: impl Into<String>) -> Test {
        self.stderr_contains.push(text.into());
        self
    }

    fn shown(&self) -> String {
        let words: Vec<String> = self
            .args
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        format!("umpire {}", words.join(" "))
    }

    /// Run it to its end and return what it printed, checking nothing. There is no time
    /// limit: a run that hangs is the test harness's to report (as just's tests do), and a
    /// bound here would fail on a machine busy enough.
    pub fn output(self) -> Output {
        let own = match &self.data_dir {
            Some(_) => None,
            None => Some(tempdir()),
        };
        let data = self
            .data_dir
            .clone()
            .or_else(|| own.as_ref().map(|d| d.path().to_path_buf()))
            .unwrap_or_default();
        let mut cmd = process(&data);
        cmd.args(&self.args);
        for (key, value) in &self.env {
            match value {
                Some(value) => cmd.env(key, value),
                None => cmd.env_remove(key),
            };
        }
        cmd.stdin(if self.stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
        let mut child = cmd
            .spawn()
            .unwrap_or_else(|e| panic!("{}: {e}", self.shown()));
        // Fed from a thread while the outputs are read, so that neither side waits for ever
        // on a full pipe.
        let feeder = match (self.stdin.clone(), child.stdin.take()) {
            (Some(input), Some(mut pipe)) => Some(std::thread::spawn(move || {
                use std::io::Write as _;
                // The binary may stop reading early; what it did not read does not matter.
                let _ = pipe.write_all(&input);
            })),
            _ => None,
        };
        let out = child
            .wait_with_output()
            .unwrap_or_else(|e| panic!("{}: {e}", self.shown()));
        if let Some(feeder) = feeder {
            let _ = feeder.join();
        }
        let text = |bytes: Vec<u8>| {
            String::from_utf8(bytes).unwrap_or_else(|e| panic!("{}: not UTF-8: {e}", self.shown()))
        };
        Output {
            code: out.status.code().unwrap_or(-1),
            stdout: text(out.stdout),
            stderr: text(out.stderr),
        }
    }

    /// Run it and check everything it was told to expect.
    pub fn run(self) -> Output {
        let shown = self.shown();
        let status = self.status;
        let stdout = self.stdout.clone();
        let stdout_contains = self.stdout_contains.clone();
        let stderr = self.stderr.clone();
        let stderr_contains = self.stderr_contains.clone();
        let out = self.output();
        if let Some(code) = status {
            assert_eq!(
                out.code, code,
                "{shown}: exit {} where {code} was expected\nstdout: {}\nstderr: {}",
                out.code, out.stdout, out.stderr
            );
        }
        if let Some(want) = stdout {
            assert_eq!(out.stdout, want, "{shown}: stdout");
        }
        for part in stdout_contains {
            assert!(
                out.stdout.contains(&part),
                "{shown}: stdout lacks {part:?}:\n{}",
                out.stdout
            );
        }
        if let Some(want) = stderr {
            assert_eq!(out.stderr, want, "{shown}: stderr");
        }
        for part in stderr_contains {
            assert!(
                out.stderr.contains(&part),
                "{shown}: stderr lacks {part:?}:\n{}",
                out.stderr
            );
        }
        out
    }
}
