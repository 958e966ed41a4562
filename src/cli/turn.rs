//! The turn at the table: `turn`, `draw`, `hold`, `react`, `activate` and `status`.

use serde_json::json;

use super::Report;
use super::args::{Cli, DrawArgs, SpendArgs, TurnArgs};
use super::command::{Cx, Run};
use super::ctx::{Ctx, say};
use super::roll::{dice_line, dice_source_with};
use crate::cli::{write_json, write_merged};
use crate::engine::dice::DiceSource;
use crate::error::Result;
use crate::game::marker_rolls::Moment;
use crate::game::state::{Event, Game};
use crate::model::Ruleset;
use crate::present::view;

/// How the dice of the turn's commands are thrown: rolled with the seed given (or a fresh one),
/// or, when they are thrown at the table (`physical`), the pools' throws not given with
/// `--dice` are asked for, and what the markers make figures roll when a phase ends or a turn
/// starts is owed.
pub struct TurnDice {
    pub seed: Option<u64>,
    pub physical: bool,
}

impl TurnDice {
    /// With `--seed`, unless the dice are thrown at the table.
    fn of(cli: &Cli) -> TurnDice {
        TurnDice {
            seed: cli.seed,
            physical: cli.ask_faces,
        }
    }
}

impl Run for TurnArgs {
    fn run(&self, cx: &Cx<'_>, out: &mut Vec<u8>, _: &mut Report) -> Result<()> {
        let start = crate::game::turn::Start {
            phases: self.phases,
            tokens: self.tokens,
            first: self.first.as_deref(),
        };
        turn(&cx.game(), start, &self.dice, &TurnDice::of(cx.cli), out)
    }
}

impl Run for DrawArgs {
    fn run(&self, cx: &Cx<'_>, out: &mut Vec<u8>, _: &mut Report) -> Result<()> {
        let token = self.token.as_deref();
        draw(&cx.game(), token, &TurnDice::of(cx.cli), self.odds, out)
    }
}

impl Run for SpendArgs {
    fn run(&self, cx: &Cx<'_>, out: &mut Vec<u8>, _: &mut Report) -> Result<()> {
        let what = (self.what.as_str(), &self.circumstances[..]);
        let dice = (&self.dice[..], &TurnDice::of(cx.cli));
        spend(&cx.game(), what, self.unit.as_deref(), dice, out)
    }
}

/// What the markers make their figures roll at `moment` (the end of the phase going, or the
/// start of a turn): rolled from `source`'s generator (the faces typed are a pool's), or left
/// owed when the dice are thrown at the table.
fn marker_rolls(
    game: &mut Game,
    ruleset: &Ruleset,
    moment: Moment,
    (dice, source): (&TurnDice, &mut DiceSource),
    event: &mut Event,
) -> Result<Vec<String>> {
    if matches!(moment, Moment::PhaseEnd(0)) {
        // No phase is going.
        return Ok(Vec::new());
    }
    if dice.physical {
        return crate::game::marker_rolls::roll(game, ruleset, moment, None, event);
    }
    source
        .generator_only(|s| crate::game::marker_rolls::roll(game, ruleset, moment, Some(s), event))
}

/// A command's dice line, and its seed kept in the log when it rolled any: every throw of the
/// command, typed (or asked for) and rolled, from its one source.
fn dice_said(source: &DiceSource, seed: u64, event: &mut Event) -> Option<String> {
    let (typed, rolled) = source.tally();
    if rolled > 0 {
        let mut detail = event.detail.take().unwrap_or_else(|| json!({}));
        if let Some(d) = detail.as_object_mut() {
            d.insert("seed".into(), json!(seed));
        }
        event.detail = Some(detail);
    }
    (typed + rolled > 0).then(|| dice_line(typed, rolled, "", seed).trim_end().to_string())
}

/// `umpire turn`: start the next turn (ending the last phase of the one before), or pass play
/// to the next player. `faces`: the pools' throws typed at the table.
pub fn turn(
    ctx: &Ctx<'_>,
    start: crate::game::turn::Start<'_>,
    faces: &[String],
    dice: &TurnDice,
    out: &mut Vec<u8>,
) -> Result<()> {
    let seed = dice.seed.unwrap_or_else(crate::cli::fresh_seed);
    ctx.change_asking(out, (dice.physical, seed), |game, ruleset, event, ask| {
        crate::game::legality::owed_first(game, &[], ctx.umpire, event)?;
        // One source for the whole command, so that no two of its rolls share the seed's dice.
        let mut source = dice_source_with(faces, seed, ask)?;
        let ended = Moment::PhaseEnd(game.turn.drawn.len());
        let mut said = marker_rolls(game, ruleset, ended, (dice, &mut source), event)?;
        let number = game.turn.number;
        let mut started = crate::game::turn::start(game, ruleset, start, &mut source, event)?;
        if let Some(left) = source.unused().front() {
            let shown: Vec<String> = left.iter().map(ToString::to_string).collect();
            return Err(crate::error::Error::usage(format!(
                "--dice {} was not used: only a new turn rolls the sides' points",
                shown.join(",")
            ))
            .with_hint(if by_figures(ruleset) {
                "give the throws when the turn starts, one --dice a figure that rolls, in the \
                 roster's order"
            } else {
                "give the throws when the turn starts, one --dice a side"
            }));
        }
        // A new turn: what the markers roll then, once the markers that lapse are off.
        if game.turn.number != number {
            let begun = Moment::TurnStart(game.turn.number);
            started.extend(marker_rolls(
                game,
                ruleset,
                begun,
                (dice, &mut source),
                event,
            )?);
        }
        event.turn = game.turn.number;
        said.extend(started);
        event.summary = said.join("; ");
        said.extend(dice_said(&source, seed, event));
        said.extend(still_owed(game));
        Ok((said, turn_after(game)))
    })
}

/// The checks still owed as play passes on, in a line: none when the game owes none.
fn still_owed(game: &Game) -> Option<String> {
    let n = game.pending.len();
    (n > 0).then(|| {
        let checks = crate::words::quantity(i64::try_from(n).unwrap_or(i64::MAX), "checks");
        format!(
            "still owed: {checks} (`umpire status` lists them; `umpire roll --next` makes the \
             next, those owed at once first)"
        )
    })
}

/// Whether the sides' pools are thrown by figures of the roster rather than by each side.
fn by_figures(ruleset: &Ruleset) -> bool {
    let pool = ruleset
        .model
        .turn
        .as_ref()
        .and_then(|t| t.players())
        .and_then(|p| p.pool.as_ref());
    pool.is_some_and(|p| matches!(p.fill, crate::model::PoolFill::Roll { .. }))
}

/// `umpire spend WHAT [CIRCUMSTANCE...] [--unit UNIT]`: `faces`, the throws of the figures a
/// spend brings into the pool, typed with `--dice` (or asked for: see [`TurnDice`]).
pub fn spend(
    ctx: &Ctx<'_>,
    (what, circumstances): (&str, &[String]),
    unit: Option<&str>,
    (faces, dice): (&[String], &TurnDice),
    out: &mut Vec<u8>,
) -> Result<()> {
    let seed = dice.seed.unwrap_or_else(crate::cli::fresh_seed);
    ctx.change_asking(out, (dice.physical, seed), |game, ruleset, event, ask| {
        let mut source = dice_source_with(faces, seed, ask)?;
        let mut said = crate::game::turn::spend(
            game,
            ruleset,
            (what, circumstances),
            unit,
            (&mut source, ctx.umpire),
            event,
        )?;
        if let Some(left) = source.unused().front() {
            let shown: Vec<String> = left.iter().map(ToString::to_string).collect();
            let (typed, _) = source.tally();
            let why = if typed == 0 {
                "no figure throws into the pool for this spend".to_string()
            } else {
                "the figures this spend brings into the pool have thrown".to_string()
            };
            return Err(crate::error::Error::usage(format!(
                "--dice {} is not needed: {why}",
                shown.join(",")
            )));
        }
        event.summary = said.join("; ");
        said.extend(dice_said(&source, seed, event));
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
    dice: &TurnDice,
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
            .and_then(|t| t.draw())
            .map_or("token", |d| &d.draw.token);
        say(out, &format!("Next {word}, turn {}:", g.turn.number));
        for (side, p) in &chances {
            say(
                out,
                &format!("  {side}: {}", crate::present::explain::chance(p.clone())),
            );
        }
        return Ok(());
    }
    let seed = dice.seed.unwrap_or_else(crate::cli::fresh_seed);
    ctx.change_with(out, |game, ruleset, event| {
        crate::game::legality::owed_first(game, &[], ctx.umpire, event)?;
        let mut source = DiceSource::new(seed, Vec::new());
        // The phase going ends first; the draw takes the generator's first number, so that a
        // seed draws the same token whatever the phase's end rolls.
        let ended = Moment::PhaseEnd(game.turn.drawn.len());
        let drawn = crate::game::turn::draw(game, ruleset, token, &mut source, event)?;
        let mut said = marker_rolls(game, ruleset, ended, (dice, &mut source), event)?;
        let rolled = dice_said(&source, seed, event);
        // The log keeps what the phase's end did and what was drawn, not the advice after it.
        let summary: Vec<String> = said.iter().chain(drawn.iter().take(2)).cloned().collect();
        event.summary = summary.join("; ");
        event.detail = Some(match token {
            Some(b) if rolled.is_some() => json!({ "token": b, "entered": true, "seed": seed }),
            Some(b) => json!({ "token": b, "entered": true }),
            None => json!({ "side": game.turn.drawn.last(), "seed": seed }),
        });
        let token_drawn = json!({
            "side": game.turn.drawn.last(),
            "phase": game.turn.drawn.len(),
            "entered": token.is_some(),
            "seed": token.is_none().then_some(seed),
        });
        let mut more = turn_after(game);
        if let Some(m) = more.as_object_mut() {
            m.insert("drawn".into(), token_drawn);
        }
        said.extend(drawn);
        said.extend(rolled);
        said.extend(still_owed(game));
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
        let said = crate::game::turn::activate(game, ruleset, unit, ctx.umpire, event)?;
        Ok((said, turn_after(game)))
    })
}

pub fn status(ctx: &Ctx<'_>, out: &mut Vec<u8>) -> Result<()> {
    let g = ctx.files()?.read()?;
    if ctx.json {
        // The turn as game.json keeps it, the checks owed and what holds for each side (none
        // when the game's ruleset cannot be read: the rest still can).
        let ruleset = ctx.ruleset(&g).ok();
        let conditions = match ruleset
            .as_ref()
            .and_then(|r| r.model.game.as_ref().map(|d| (r, d)))
        {
            Some((r, def)) => crate::game::conditions::json(&g, r, def),
            None => json!([]),
        };
        // Where play stands, as fields: the phase (or player turn) and whose it is.
        let (phase, playing) = crate::game::turn::playing_now(&g);
        return write_merged(
            out,
            &g.turn,
            json!({
                "game": g.name,
                "phase": phase,
                "playing": playing,
                "pending": g.pending,
                "conditions": conditions,
            }),
        );
    }
    let ruleset = ctx.ruleset(&g)?;
    // A ruleset with no turn rule still has sides whose standing the roster tells.
    if ruleset.model.turn.is_some() {
        say(out, &crate::game::turn::status(&g, &ruleset)?);
    } else {
        say(out, &format!("Game {} ({})", g.name, ruleset.model.title));
    }
    for line in view::standings(&g, &ruleset)? {
        say(out, &line);
    }
    if !g.pending.is_empty() {
        say(
            out,
            "checks owed, oldest first (`umpire roll --next` makes the next, those owed at once \
             first; `--next N` another):",
        );
        for line in crate::game::pending::listing(&g) {
            say(out, &line);
        }
    }
    Ok(())
}
