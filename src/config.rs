//! The configuration file: the default ruleset, whether dice are thrown at the table or by the
//! tool, and colour. A small YAML file in the user's config directory, read by every command
//! and changed only by `umpire config KEY VALUE`, which checks the value first.

use std::path::PathBuf;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

const FILE: &str = "config.yaml";

/// Who throws the dice when no `--dice` is given.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DiceMode {
    /// The tool rolls.
    #[default]
    Tool,
    /// The players throw real dice and every roll asks for the faces.
    Physical,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Colour {
    /// On a terminal only.
    #[default]
    Auto,
    Always,
    Never,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Config {
    /// The ruleset used when `--rules` is not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    #[serde(default)]
    pub dice: DiceMode,
    #[serde(default)]
    pub colour: Colour,
}

static COLOUR: OnceLock<Colour> = OnceLock::new();

/// The colour setting of this run (set once when the config is read).
pub fn colour() -> Colour {
    COLOUR.get().copied().unwrap_or_default()
}

pub fn path() -> Option<PathBuf> {
    crate::paths::config_dir().map(|d| d.join(FILE))
}

impl Config {
    /// The configuration, or the defaults when there is no file. A broken file is an error
    /// naming its line and column: guessing would roll the wrong way.
    pub fn load() -> Result<Config> {
        let Some(path) = path() else {
            return Ok(Config::default());
        };
        let Some(text) = crate::files::read_path(&path, crate::files::CONFIG)? else {
            return Ok(Config::default());
        };
        let config: Config =
            crate::yaml::from_str(&path.display().to_string(), &text).map_err(|e| {
                e.with_hint("fix it by hand, or set a key with `umpire config KEY VALUE`")
            })?;
        let _ = COLOUR.set(config.colour);
        Ok(config)
    }

    pub fn save(&self) -> Result<PathBuf> {
        let path = path().ok_or_else(|| {
            Error::failure("cannot find a config directory")
                .with_hint("set UMPIRE_CONFIG_DIR to a folder umpire may write in")
        })?;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| Error::failure(format!("cannot create {}: {e}", dir.display())))?;
        }
        let body = serde_yaml::to_string(self)
            .map_err(|e| Error::failure(format!("cannot write the config: {e}")))?;
        let text = format!("# umpire's settings: `umpire config KEY VALUE` changes them.\n{body}");
        crate::game::store::write_atomic(&path, text.as_bytes())?;
        Ok(path)
    }

    pub fn get(&self, key: &str) -> String {
        match key {
            "rules" => self
                .rules
                .clone()
                .unwrap_or_else(|| "(the first built-in)".into()),
            "dice" => word(&self.dice),
            _ => word(&self.colour),
        }
    }
}

pub fn word<T: Serialize>(v: &T) -> String {
    serde_yaml::to_string(v)
        .map(|s| s.trim().to_string())
        .unwrap_or_default()
}
