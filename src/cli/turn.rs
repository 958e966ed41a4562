//! The turn at the table: `turn`, `draw`, `hold`, `react`, `activate` and `status`.

use serde_json::json;

use super::ctx::{Ctx, say};
use crate::cli::write_json;
use crate::error::{Error, Result};
/// `umpire turn`: start the next turn.
pub fn turn(
    ctx: &Ctx<'_>,
    phases: Option<u32>,
    tokens: Option<u32>,
    out: &mut Vec<u8>,
) -> Result<()> {
    ctx.change(out, |game, ruleset, event| {
        let said = crate::game::turn::start(game, ruleset, phases, tokens, event)?;
        event.turn = game.turn.number;
        Ok(said)
    })
}

/// `umpire draw`: a token from the bag (at random, or the one drawn by hand from a real cup).
pub fn draw(
    ctx: &Ctx<'_>,
    token: Option<&str>,
    seed: Option<u64>,
    odds: bool,
    out: &mut Vec<u8>,
) -> Result<()> {
    if odds {
        let g = ctx.files()?.read()?;
        let ruleset = ctx.ruleset(&g)?;
        let chances = crate::game::turn::odds(&g, &ruleset)?;
        if ctx.json {
            let v: Vec<_> = chances
                .iter()
                .map(|(s, p)| json!({"side": s, "probability": p}))
                .collect();
            return write_json(out, &json!(v));
        }
        let word = ruleset
            .model
            .turn
            .as_ref()
            .map_or("token", |t| &t.draw.token);
        say(out, &format!("Next {word}, turn {}:", g.turn.number));
        for (side, p) in &chances {
            say(
                out,
                &format!("  {side}: {}", crate::present::explain::chance(*p)),
            );
        }
        return Ok(());
    }
    let seed = seed.unwrap_or_else(crate::cli::fresh_seed);
    ctx.change(out, |game, ruleset, event| {
        let mut source = crate::engine::dice::DiceSource::new(seed, Vec::new());
        let said = crate::game::turn::draw(game, ruleset, token, &mut source, event)?;
        // The log keeps what was drawn, not the advice that follows it.
        event.summary = said.iter().take(2).cloned().collect::<Vec<_>>().join("; ");
        event.detail = Some(match token {
            Some(b) => json!({ "token": b, "entered": true }),
            None => json!({ "side": game.turn.drawn.last(), "seed": seed }),
        });
        Ok(said)
    })
}

pub fn hold(ctx: &Ctx<'_>, out: &mut Vec<u8>) -> Result<()> {
    ctx.change(out, |game, ruleset, event| {
        crate::game::turn::hold(game, ruleset, event)
    })
}

pub fn react(ctx: &Ctx<'_>, side: &str, out: &mut Vec<u8>) -> Result<()> {
    ctx.change(out, |game, ruleset, event| {
        crate::game::turn::react(game, ruleset, side, event)
    })
}

pub fn activate(ctx: &Ctx<'_>, unit: &str, out: &mut Vec<u8>) -> Result<()> {
    ctx.change(out, |game, ruleset, event| {
        crate::game::turn::activate(game, ruleset, unit, event)
    })
}

pub fn status(ctx: &Ctx<'_>, out: &mut Vec<u8>) -> Result<()> {
    let g = ctx.files()?.read()?;
    if ctx.json {
        let mut v = serde_json::to_value(&g.turn)
            .map_err(|e| Error::failure(format!("cannot write JSON: {e}")))?;
        if let serde_json::Value::Object(map) = &mut v {
            map.insert("pending".into(), json!(g.pending));
        }
        return write_json(out, &v);
    }
    let ruleset = ctx.ruleset(&g)?;
    say(out, &crate::game::turn::status(&g, &ruleset)?);
    if !g.pending.is_empty() {
        say(
            out,
            "checks owed, oldest first (`umpire roll --next` makes the first, `--next N` another):",
        );
        for line in crate::game::pending::listing(&g) {
            say(out, &line);
        }
    }
    Ok(())
}
