//! `umpire odds PROCEDURE` with several figures against a lone one: the exact odds of the whole
//! fight (the lone figure's one throw against each of theirs, the worst result it receives
//! standing), its chance to come through it, and each pairing's own odds.

use crate::game::figures;
use serde_json::json;

use crate::engine::fight;
use crate::error::{Error, Result};
use crate::game::roles::Figures;
use crate::game::state::Game;
use crate::model::{ManyOnOneDef, ProcedureDef, Ruleset};
use crate::present::whole::{FightSaid, Pairing};

use super::odds::{outcomes_json, planned};
use super::{Cli, write_json};

/// A fight of several against one, found in the game.
pub(super) struct Fight<'a> {
    pub game: &'a Game,
    pub ruleset: &'a Ruleset,
    pub p: &'a ProcedureDef,
    pub m: &'a ManyOnOneDef,
    pub found: &'a Figures,
}

pub(super) fn fight_odds(
    cli: &Cli,
    fight: &Fight<'_>,
    factors: &[String],
    out: &mut Vec<u8>,
) -> Result<()> {
    let Fight {
        game,
        ruleset,
        p,
        m,
        found,
    } = *fight;
    if let Some(super::args::Command::Odds(super::args::OddsArgs { vs, .. })) = &cli.command
        && !vs.is_empty()
    {
        return Err(
            Error::usage("--vs compares one situation; the whole fight's odds take none")
                .with_hint("leave out --vs, or ask with one figure on each side"),
        );
    }
    if let Some(super::args::Command::Odds(super::args::OddsArgs { given, .. })) = &cli.command
        && !given.is_empty()
    {
        return Err(Error::usage(
            "--given takes the faces of one roll; the whole fight's odds take none",
        )
        .with_hint("ask with one figure on each side, or roll the fight with --dice"));
    }
    let n = found.pairings.len();
    let mut plans = Vec::new();
    let mut roster: Vec<String> = Vec::new();
    for i in 0..n {
        let figs = found.pairing(i);
        let (words, lines) = pairing_words(game, ruleset, p, (&figs, i, n), factors)?;
        // The lone figure's line once, however many pairings it stands in.
        for l in lines {
            if !roster.contains(&l) {
                roster.push(l);
            }
        }
        plans.push((figs, planned(ruleset, p, &words)?));
    }
    let all: Vec<_> = plans.iter().map(|(_, plan)| plan.clone()).collect();
    let odds = fight::odds(m, &all)?;
    let lone = found
        .sides
        .iter()
        .find(|(side, _)| *side == m.lone)
        .map_or("", |(_, f)| f.as_str());
    let pairings: Vec<Pairing<'_>> = plans
        .iter()
        .map(|(figs, plan)| {
            let who: Vec<&str> = figs.sides.iter().map(|(_, f)| f.as_str()).collect();
            Pairing {
                who: who.join(" against "),
                plan,
            }
        })
        .collect();
    if cli.json {
        let label = |r: &str| p.result_label(r);
        let value = json!({
            "ruleset": ruleset.name(),
            "procedure": p.name,
            "lone": {"side": m.lone, "figure": lone},
            "roster": roster,
            "ends": odds.ends.iter().map(|(end, pr)| json!({
                "result": end.as_ref().map(|w| w.result.clone()),
                "label": end.as_ref().map(|w| label(&w.result)),
                "together": end.as_ref().and_then(|w| w.together.clone()),
                "probability": pr,
            })).collect::<Vec<_>>(),
            "survives": odds.survives,
            "unharmed": odds.unharmed,
            "pairings": plans.iter().map(|(figs, plan)| Ok(json!({
                "figures": figs.sides,
                "outcomes": outcomes_json(plan)?,
            }))).collect::<Result<Vec<_>>>()?,
        });
        return write_json(out, value);
    }
    let said = FightSaid {
        ruleset,
        p,
        m,
        lone: (&m.lone, lone),
        dice: plans
            .first()
            .and_then(|(_, plan)| plan.sides.iter().find(|s| s.side.as_ref() == Some(&m.lone)))
            .map(|s| crate::present::words::dice_plan(&s.dice))
            .unwrap_or_default(),
        roster: &roster,
        pairings: &pairings,
        odds: &odds,
    };
    out.extend_from_slice(crate::present::whole::fight_odds(&said)?.as_bytes());
    Ok(())
}

/// The words of one pairing of `n` (or of the figures' one roll): the roster's for its
/// figures, the count of the lone figure's extra opponents, then the words typed; with the
/// roster's lines.
pub(super) fn pairing_words(
    game: &Game,
    ruleset: &Ruleset,
    p: &ProcedureDef,
    (figs, i, n): (&Figures, usize, usize),
    typed: &[String],
) -> Result<(Vec<String>, Vec<String>)> {
    let (mut words, lines) = figures::roster_words(game, ruleset, p, figs, typed)?;
    words.extend(figures::outnumbered(p, n, typed));
    words.extend(figures::beyond_first(p, i));
    words.extend(typed.iter().cloned());
    Ok((words, lines))
}
