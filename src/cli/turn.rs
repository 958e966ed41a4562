//! The turn at the table: `turn`, `draw`, `hold`, `react`, `activate` and `status`.

use serde_json::json;

use super::ctx::{Ctx, say};
use crate::cli::{write_json, write_merged};
use crate::error::Result;
use crate::game::state::Game;
/// `umpire turn`: start the next turn.
pub fn turn(
    ctx: &Ctx<'_>,
    phases: Option<u32>,
    tokens: Option<u32>,
    out: &mut Vec<u8>,
) -> Result<()> {
    ctx.change_with(out, |game, ruleset, event| {
        let said = crate::game::turn::start(game, ruleset, phases, tokens, event)?;
        event.turn = game.turn.number;
        Ok((said, turn_after(game)))
    })
}

/// What `--json` adds to a command of the turn: the turn as it now stands.
fn turn_after(game: &Game) -> serde_json::Value {
    json!({ "turn": game.turn })
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
            // The chances come in the order of the game's sides: each said by its parts.
            let sides = ruleset.model.game.iter().flat_map(|g| &g.sides);
            let v: Vec<_> = sides
                .zip(&chances)
                .map(|(s, (_, p))| {
                    json!({"side": s.name, "label": s.label, "token": s.token, "probability": p})
                })
                .collect();
            let at = json!({ "game": g.name, "turn": g.turn.number, "odds": v });
            return write_json(out, at);
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
    ctx.change_with(out, |game, ruleset, event| {
        let mut source = crate::engine::dice::DiceSource::new(seed, Vec::new());
        let said = crate::game::turn::draw(game, ruleset, token, &mut source, event)?;
        // The log keeps what was drawn, not the advice that follows it.
        event.summary = said.iter().take(2).cloned().collect::<Vec<_>>().join("; ");
        event.detail = Some(match token {
            Some(b) => json!({ "token": b, "entered": true }),
            None => json!({ "side": game.turn.drawn.last(), "seed": seed }),
        });
        let drawn = json!({
            "side": game.turn.drawn.last(),
            "phase": game.turn.drawn.len(),
            "entered": token.is_some(),
            "seed": token.is_none().then_some(seed),
        });
        let mut more = turn_after(game);
        if let Some(m) = more.as_object_mut() {
            m.insert("drawn".into(), drawn);
        }
        Ok((said, more))
    })
}

pub fn hold(ctx: &Ctx<'_>, out: &mut Vec<u8>) -> Result<()> {
    ctx.change_with(out, |game, ruleset, event| {
        let said = crate::game::turn::hold(game, ruleset, event)?;
        Ok((said, turn_after(game)))
    })
}

pub fn react(ctx: &Ctx<'_>, side: &str, out: &mut Vec<u8>) -> Result<()> {
    ctx.change_with(out, |game, ruleset, event| {
        let said = crate::game::turn::react(game, ruleset, side, event)?;
        Ok((said, turn_after(game)))
    })
}

pub fn activate(ctx: &Ctx<'_>, unit: &str, out: &mut Vec<u8>) -> Result<()> {
    ctx.change_with(out, |game, ruleset, event| {
        let said = crate::game::turn::activate(game, ruleset, unit, event)?;
        Ok((said, turn_after(game)))
    })
}

pub fn status(ctx: &Ctx<'_>, out: &mut Vec<u8>) -> Result<()> {
    let g = ctx.files()?.read()?;
    if ctx.json {
        // The turn as game.json keeps it.
        return write_merged(out, &g.turn, json!({ "game": g.name }));
    }
    let ruleset = ctx.ruleset(&g)?;
    say(out, &crate::game::turn::status(&g, &ruleset)?);
    Ok(())
}
