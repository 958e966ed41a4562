//! `umpire mark`: markers and states put on a figure or taken off.

use super::ctx::Ctx;
use crate::error::{Error, Result};
use crate::game::roster::{self, Mark};
/// `umpire mark CF3 +pinned -prone`, or `--clear`.
pub fn mark(
    ctx: &Ctx<'_>,
    codes: &str,
    changes: &[String],
    clear: bool,
    out: &mut Vec<u8>,
) -> Result<()> {
    if clear && !changes.is_empty() {
        return Err(Error::usage(
            "give either marker changes or --clear, not both",
        ));
    }
    if !clear && changes.is_empty() {
        return Err(Error::usage("no marker change given")
            .with_hint("`umpire mark CF3 +pinned -prone`, or `--clear`"));
    }
    ctx.change(out, |game, ruleset, event| {
        let g = roster::game_def(ruleset)?;
        let marks: Vec<Mark> = changes
            .iter()
            .map(|w| roster::parse_mark(g, w))
            .collect::<Result<_>>()?;
        let mut said = Vec::new();
        for code in codes.split(',').filter(|c| !c.is_empty()) {
            said.extend(if clear {
                roster::clear(game, ruleset, code, event)?
            } else {
                roster::mark(game, ruleset, code, &marks, event)?
            });
        }
        Ok(said)
    })
}
