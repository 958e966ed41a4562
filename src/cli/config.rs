//! `umpire config [KEY [VALUE]]`: read the configuration, or set one key after checking its
//! value.

use std::fmt::Write as _;

use serde::Deserialize;
use serde_json::json;

use super::write_json;
use crate::config::Config;
use crate::error::{Error, Result};
use crate::rules::catalog::Catalog;
use crate::suggest::{did_you_mean, folded, same};

/// The keys `umpire config` knows, with what each takes.
const KEYS: [(&str, &str); 3] = [
    ("rules", "a ruleset name (see `umpire rules`)"),
    ("dice", "tool or physical"),
    ("colour", "auto, always or never"),
];

fn known_key(key: &str) -> Result<&'static str> {
    KEYS.iter()
        .find(|(k, _)| same(k, key) || (same(key, "color") && *k == "colour"))
        .map(|(k, _)| *k)
        .ok_or_else(|| {
            let names: Vec<&str> = KEYS.iter().map(|(k, _)| *k).collect();
            Error::usage(format!(
                "no setting `{key}`; there are: {}",
                names.join(", ")
            ))
            .with_hint_opt(did_you_mean(key, names.iter().copied()))
        })
}

fn parse_choice<T: for<'de> Deserialize<'de>>(key: &str, value: &str, choices: &str) -> Result<T> {
    // The word itself, not YAML: a value typed is never parsed as a document; in any case.
    let lower = folded(value);
    let word = serde::de::value::StrDeserializer::<serde::de::value::Error>::new(&lower);
    T::deserialize(word).map_err(|_| {
        Error::usage(format!(
            "`{value}` is not a value of {key}: it takes {choices}"
        ))
        .with_hint_opt(did_you_mean(
            value,
            choices
                .split([',', ' '])
                .filter(|w| !w.is_empty() && *w != "or"),
        ))
    })
}

/// A setting as `--json` gives it: its word, or null for the ruleset left to the default.
fn json_value(config: &Config, key: &str) -> serde_json::Value {
    match key {
        "rules" => json!(config.rules),
        "dice" => json!(crate::config::word(&config.dice)),
        _ => json!(crate::config::word(&config.colour)),
    }
}

/// `umpire config [KEY [VALUE]]`.
pub fn command(
    key: Option<&str>,
    value: Option<&str>,
    catalog: &Catalog,
    json: bool,
    out: &mut Vec<u8>,
) -> Result<()> {
    let mut config = Config::load()?;
    let file = crate::config::path().map(|p| p.display().to_string());
    let Some(key) = key else {
        if json {
            let settings: serde_json::Map<String, serde_json::Value> = KEYS
                .iter()
                .map(|(k, _)| ((*k).to_string(), json_value(&config, k)))
                .collect();
            return write_json(out, json!({ "settings": settings, "file": file }));
        }
        let mut text = String::new();
        for (k, about) in KEYS {
            let _ = writeln!(text, "{k:<7} {:<20} ({about})", config.get(k));
        }
        if let Some(p) = crate::config::path() {
            let _ = writeln!(text, "file: {}", p.display());
        }
        out.extend_from_slice(text.as_bytes());
        return Ok(());
    };
    let key = known_key(key)?;
    let Some(value) = value else {
        if json {
            return write_json(
                out,
                json!({ "key": key, "value": json_value(&config, key) }),
            );
        }
        out.extend_from_slice(format!("{}\n", config.get(key)).as_bytes());
        return Ok(());
    };
    match key {
        "rules" => {
            // Only a ruleset that loads may become the default.
            let r = catalog.ruleset(Some(value))?;
            config.rules = Some(r.name().to_string());
        }
        "dice" => config.dice = parse_choice(key, value, "tool or physical")?,
        _ => config.colour = parse_choice(key, value, "auto, always or never")?,
    }
    let path = config.save()?;
    if json {
        let v = json!({
            "key": key,
            "value": json_value(&config, key),
            "file": path.display().to_string(),
        });
        return write_json(out, v);
    }
    out.extend_from_slice(
        format!("{key} = {} (in {})\n", config.get(key), path.display()).as_bytes(),
    );
    Ok(())
}
