//! What every end-to-end test shares: the binary, cut off from the caller's environment, so that
//! no test reads or writes a user's games, cache or config, or follows their settings.

// Each test file uses a part of this module.
#![allow(dead_code)]

use std::path::Path;

/// The variables that would change what `umpire` does, or where it reads and writes.
pub const ISOLATING: [&str; 7] = [
    "UMPIRE_SEED",
    "UMPIRE_RULES",
    "UMPIRE_TABLES",
    "UMPIRE_GAME",
    "UMPIRE_CACHE_DIR",
    "UMPIRE_CONFIG_DIR",
    "NO_COLOR",
];

/// The binary with its own data directory (where its cache and config then go too).
pub fn umpire(data: &Path) -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("umpire")
        .unwrap_or_else(|e| panic!("the umpire binary: {e}"));
    cmd.env("UMPIRE_DATA_DIR", data);
    for var in ISOLATING {
        cmd.env_remove(var);
    }
    cmd
}

/// The same, as a plain process (to start several at once, kill one, or run it elsewhere).
pub fn process(data: &Path) -> std::process::Command {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_umpire"));
    cmd.env("UMPIRE_DATA_DIR", data);
    for var in ISOLATING {
        cmd.env_remove(var);
    }
    cmd
}
