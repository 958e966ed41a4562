//! The checks of a game's actions (`game: actions:`) and of its markers' codes: names once,
//! a label, the procedure an action rolls and the markers it clears known, limits that can be
//! met, and codes short, plain and told apart.

use std::collections::BTreeSet;

use crate::error::Result;
use crate::rules::compile_game::marker_name;
use crate::rules::schema::GameDef;
use crate::rules::source::{Locator, Source};
use crate::suggest::did_you_mean;

impl Source {
    pub(super) fn check_actions(&self, g: &GameDef, at: &Locator<'_>) -> Result<()> {
        let mut names = BTreeSet::new();
        for a in &g.actions {
            let entry = format!("name: {}", a.name);
            let here =
                |needle: &str, msg: String| at.err(&["game:", "actions:", &entry, needle], msg);
            if a.name.trim().is_empty() {
                return Err(at.err(&["game:", "actions:", "name:"], "an action needs a name"));
            }
            if !names.insert(a.name.as_str()) {
                // The second entry of that name: past the line of the first.
                return Err(at.err(
                    &["game:", "actions:", &entry, "\n", &entry],
                    format!("action `{}` is named twice", a.name),
                ));
            }
            if a.label.trim().is_empty() {
                return Err(here(
                    "label:",
                    format!("action `{}` needs a label (how the sheet names it)", a.name),
                ));
            }
            if let Some(p) = &a.procedure
                && self.procedure(p).is_none()
            {
                let procedures = self.def.procedures.iter().map(|p| p.name.as_str());
                return Err(here(
                    "procedure:",
                    format!(
                        "action `{}` rolls `{p}`, which is not a procedure of this ruleset",
                        a.name
                    ),
                )
                .with_hint_opt(did_you_mean(p, procedures)));
            }
            for c in &a.clears {
                if !g.markers.iter().any(|m| m.name == marker_name(g, c)) {
                    let markers = g.markers.iter().map(|m| m.name.as_str());
                    return Err(here(
                        c,
                        format!("action `{}` clears `{c}`, which is not a marker", a.name),
                    )
                    .with_hint_opt(did_you_mean(c, markers)));
                }
            }
        }
        if let Some(l) = &g.action_limits {
            let here =
                |needle: &str, msg: String| at.err(&["game:", "action-limits:", needle], msg);
            for (key, n) in [("per-phase:", l.per_phase), ("per-turn:", l.per_turn)] {
                if n == Some(0) {
                    return Err(here(
                        key,
                        format!("`{key}` is 0: give 1 or more, or leave it out for no limit"),
                    ));
                }
            }
            if let (Some(phase), Some(turn)) = (l.per_phase, l.per_turn)
                && phase > turn
            {
                return Err(here(
                    "per-phase:",
                    format!("{phase} actions a phase is more than the {turn} a turn allows"),
                ));
            }
        }
        self.check_codes(g, at)
    }

    /// A marker's code is drawn inside its colour: a letter or three, and no two alike.
    fn check_codes(&self, g: &GameDef, at: &Locator<'_>) -> Result<()> {
        let mut codes: Vec<(String, &str)> = Vec::new();
        for m in &g.markers {
            let Some(code) = &m.code else { continue };
            let here = |msg: String| {
                at.err(
                    &["game:", "markers:", &format!("name: {}", m.name), "code:"],
                    msg,
                )
            };
            let count = code.chars().count();
            if !(1..=3).contains(&count) || !code.chars().all(char::is_alphanumeric) {
                return Err(here(format!(
                    "marker `{}` has the code `{code}`: give one to three letters or digits",
                    m.name
                )));
            }
            let lower = code.to_lowercase();
            if let Some((_, other)) = codes.iter().find(|(c, _)| *c == lower) {
                return Err(here(format!(
                    "markers `{other}` and `{}` both have the code `{code}`",
                    m.name
                )));
            }
            codes.push((lower, &m.name));
        }
        Ok(())
    }
}
