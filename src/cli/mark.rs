//! `umpire mark`: markers and states put on a figure or taken off, and its counts changed.

use super::ctx::Ctx;
use crate::error::{Error, Result};
use crate::game::lookup::{self, Mark};
use crate::game::markers;
use crate::game::{counters, links};
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
        return Err(Error::usage("no marker change given").with_hint(
            "`umpire mark CODE +MARKER -MARKER`, a count: `COUNTER+2`, `COUNTER-1`, `COUNTER=0`; or \
             `--clear`",
        ));
    }
    ctx.change(out, |game, ruleset, event| {
        let g = lookup::game_def(ruleset)?;
        // Counts (`COUNTER+2`) apart from markers and states (`+pinned`), each read once.
        let mut marks: Vec<Mark> = Vec::new();
        let mut counts = Vec::new();
        let mut ties = Vec::new();
        for w in changes {
            if let Some(t) = links::parse(g, w) {
                ties.push(t?);
                continue;
            }
            match counters::parse(g, w) {
                Some(c) => counts.push(c?),
                None => marks.push(lookup::parse_mark(g, w)?),
            }
        }
        let mut said = Vec::new();
        for code in codes.split(',').filter(|c| !c.is_empty()) {
            if clear {
                said.extend(markers::clear(game, ruleset, code, event)?);
                continue;
            }
            if !marks.is_empty() {
                said.extend(markers::mark(game, ruleset, code, &marks, event)?);
            }
            for (name, change) in &counts {
                said.extend(counters::count(
                    game, ruleset, code, name, *change, true, event,
                )?);
            }
            for t in &ties {
                said.extend(links::tie(game, g, code, t, event)?);
            }
        }
        // A marker only a share of a side's units may carry (a reserve), weighed once all
        // the units named have it.
        let (mut added, mut removed) = (Vec::new(), Vec::new());
        for m in &marks {
            match m {
                Mark::Add(name) => added.push(name.as_str()),
                Mark::Remove(name) => removed.push(name.as_str()),
            }
        }
        let named: Vec<&str> = codes.split(',').filter(|c| !c.is_empty()).collect();
        let changed = (added.as_slice(), removed.as_slice(), named.as_slice());
        for (refusal, fix) in crate::game::fields::over_shares(game, ruleset, g, changed) {
            ctx.umpire.allow(refusal, Some(fix), event)?;
        }
        Ok(said)
    })
}
