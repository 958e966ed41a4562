//! A terminal for the guided-mode tests: `umpire` runs on a tmux pane of its own, keys are sent
//! to it, and the screen is read back each time the pane prints something. Nothing polls and
//! nothing sleeps: the pane's output comes through a FIFO (`pipe-pane`), and a read from it is
//! the sign that the screen changed.

use std::io::Read as _;
use std::path::Path;
use std::process::Command as Process;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use tempfile::TempDir;

use super::{bin, require, tempdir};

/// Far longer than any screen takes to change: only there so that a prompt that never comes
/// fails with the screen shown, instead of hanging the run. Not a bound on speed.
const HANG: Duration = Duration::from_secs(300);

/// A tmux session running `umpire` on a terminal of 120×60, on a tmux server of its own (one
/// screen's server ending never races another's start).
pub struct Screen {
    name: String,
    socket: String,
    /// One message each time the pane prints something.
    printed: Receiver<()>,
    /// The FIFO's folder.
    _fifo: TempDir,
}

/// `tmux` talking to the server on `socket`.
fn tmux(socket: &str) -> Process {
    let mut p = Process::new("tmux");
    p.args(["-L", socket]);
    p
}

fn succeeds(mut cmd: Process, what: &str) {
    let status = cmd
        .status()
        .unwrap_or_else(|e| panic!("{what} (CI installs tmux): {e}"));
    assert!(status.success(), "{what}: {status}");
}

impl Screen {
    /// The guided mode.
    pub fn play(data: &Path) -> Screen {
        Screen::run(data, &["play"])
    }

    /// `umpire ARGS` (plain words) on a terminal of its own. When it ends the pane says
    /// `[umpire exited CODE]` and stays.
    pub fn run(data: &Path, args: &[&str]) -> Screen {
        require("tmux", "tmux");
        require("mkfifo", "coreutils");
        // Tests run in parallel in one process: each screen gets a number of its own.
        static SCREENS: AtomicUsize = AtomicUsize::new(0);
        let number = SCREENS.fetch_add(1, Ordering::Relaxed);
        // (A tmux target reads `:` and `.`: the name keeps letters, digits and dashes.)
        let words: String = args
            .join("-")
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        let name = format!("umpire-test-{}-{number}-{words}", std::process::id());
        let socket = format!("umpire-{}-{number}", std::process::id());
        let fifo = tempdir();
        let out = fifo.path().join("out");
        let mut mkfifo = Process::new("mkfifo");
        mkfifo.arg(&out);
        succeeds(mkfifo, "mkfifo");
        // The program waits for the pipe to be in place (tmux's own `wait-for`); the terminal
        // does not echo, so that keys sent while the program is between two reads never show
        // on the screen (the program draws what it reads itself).
        let go = format!("go-{number}");
        let command = format!(
            "tmux -L {socket} wait-for {go}; stty -echo; \
             env UMPIRE_DATA_DIR={} NO_COLOR=1 {} {}; echo \"[umpire exited $?]\"; exec cat",
            data.display(),
            bin().display(),
            args.join(" ")
        );
        let mut new = tmux(&socket);
        new.args([
            "new-session",
            "-d",
            "-s",
            &name,
            "-x",
            "120",
            "-y",
            "60",
            &command,
        ]);
        succeeds(new, "tmux new-session");
        let mut pipe = tmux(&socket);
        pipe.args(["pipe-pane", "-O", "-t", &name])
            .arg(format!("cat > {}", out.display()));
        succeeds(pipe, "tmux pipe-pane");
        let (said, printed) = mpsc::channel();
        std::thread::spawn(move || {
            // Opens once `cat` has it open for writing; ends when the pane goes.
            let Ok(mut file) = std::fs::File::open(&out) else {
                return;
            };
            let mut buf = [0u8; 4096];
            while let Ok(1..) = file.read(&mut buf) {
                if said.send(()).is_err() {
                    break;
                }
            }
        });
        let mut start = tmux(&socket);
        start.args(["wait-for", "-S", &go]);
        succeeds(start, "tmux wait-for -S");
        Screen {
            name,
            socket,
            printed,
            _fifo: fifo,
        }
    }

    /// What the pane shows, with what scrolled off it.
    pub fn text(&self) -> String {
        let out = tmux(&self.socket)
            .args(["capture-pane", "-p", "-S", "-200", "-t", &self.name])
            .output()
            .unwrap_or_else(|e| panic!("tmux capture-pane: {e}"));
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Wait until the screen shows `what`, reading it again each time the pane prints.
    pub fn wait_for(&self, what: &str) -> String {
        loop {
            let text = self.text();
            if text.contains(what) {
                return text;
            }
            if self.printed.recv_timeout(HANG).is_err() {
                panic!(
                    "the screen never showed {what:?}; it shows:\n{}",
                    self.text()
                );
            }
        }
    }

    /// Wait until the program has ended with `code`.
    pub fn exited(&self, code: i32) -> String {
        self.wait_for(&format!("[umpire exited {code}]"))
    }

    /// Press `keys` (tmux key names: `Down`, `Enter`), in order.
    pub fn keys(&self, keys: &[&str]) {
        let mut send = tmux(&self.socket);
        send.args(["send-keys", "-t", &self.name]).args(keys);
        succeeds(send, "tmux send-keys");
    }

    /// Wait for `prompt`, then press `keys`.
    pub fn press(&self, prompt: &str, keys: &[&str]) {
        self.wait_for(prompt);
        self.keys(keys);
    }

    /// Wait for `prompt`, then type `text` and Enter.
    pub fn answer(&self, prompt: &str, text: &str) {
        self.wait_for(prompt);
        self.type_text(text);
        self.keys(&["Enter"]);
    }

    /// Type `text` as it is.
    pub fn type_text(&self, text: &str) {
        let mut send = tmux(&self.socket);
        send.args(["send-keys", "-t", &self.name, "-l", text]);
        succeeds(send, "tmux send-keys -l");
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        let _ = tmux(&self.socket).arg("kill-server").status();
    }
}
