//! The charged unit's reaction: its token spent, each figure's check, the fire of those who
//! pass at the chargers, the checks that fire calls for at once, and the chargers it keeps out
//! of the fight.

use crate::engine::resolve::Step;
use crate::error::Result;
use crate::game::allowance;
use crate::game::charge::{self, Charge, Group};
use crate::game::lookup;
use crate::game::lookup::game_def;
use crate::game::state::{Event, Game};
use crate::model::{GameDef, Ruleset};

use super::super::Cli;
use super::super::unit_roll::{Done, figure_step};
use super::said::{Reaction, Said};
use super::{allowances, kept_out, options};

/// The charged unit's reaction, when the umpire asks for it and a charger is left to meet it;
/// then the checks its fire calls for at once, and the chargers it keeps out of the fight
/// taken out of `charging`. The figures that fired, and those that failed.
pub(super) fn reacted(
    (then, after): (&Game, &mut Game),
    (ruleset, cli): (&Ruleset, &Cli),
    c: &Charge<'_>,
    (groups, charging, asked): (&[Group], &mut Vec<String>, bool),
    (source, event): (&mut crate::engine::dice::DiceSource, &mut Event),
    said: &mut Said,
) -> Result<(Vec<String>, Vec<String>)> {
    // A charge no charger is left to make meets no reaction.
    let (fired, failed) = if asked && !charging.is_empty() {
        react(
            after,
            (ruleset, cli),
            c,
            groups,
            (&mut *source, &mut *event),
            said,
        )?
    } else {
        (Vec::new(), Vec::new())
    };
    // A wound from the fire is tested at once, before the melee.
    said.tested = at_once(
        then,
        after,
        ruleset,
        charging,
        &said.reactions,
        (source, event, cli.umpire()),
    )?;
    out_after_fire(after, ruleset, c, charging, said)?;
    Ok((fired, failed))
}

/// The charged unit reacts: its token and activation spent, each figure's check, and the fire
/// of those who pass at the chargers (each at a charger it will fight, else the next in turn).
/// The figures that fired, and those that failed.
fn react(
    after: &mut Game,
    (ruleset, cli): (&Ruleset, &Cli),
    c: &Charge<'_>,
    groups: &[Group],
    (source, event): (&mut crate::engine::dice::DiceSource, &mut Event),
    said: &mut Said,
) -> Result<(Vec<String>, Vec<String>)> {
    said.react = Some(charge::react(after, ruleset, c, event)?);
    let (mut fired, mut failed) = (Vec::new(), Vec::new());
    let Some(r) = &c.def.reaction else {
        return Ok((fired, failed));
    };
    let reacting = reacting(after, (ruleset, cli), c, r.action.as_deref(), event, said)?;
    let p = ruleset.procedure_or_err(&r.procedure)?;
    let fire = r
        .fire
        .as_deref()
        .map(|f| ruleset.procedure_or_err(f))
        .transpose()?;
    let g = game_def(ruleset)?;
    let mut next = 0usize;
    let o = options(ruleset, p)?;
    let shooting = fire.map(|f| options(ruleset, f)).transpose()?;
    for code in &reacting {
        let check = figure_step(
            after,
            ruleset,
            p,
            (&o.0, &o.1),
            (code, None),
            &[],
            (&mut *source, &mut *event, cli.umpire()),
        )?;
        if !r.pass.contains(&check.step.decision.result) {
            failed.push(code.clone());
            said.reactions.push(Reaction {
                check,
                shot: None,
                held: None,
            });
            continue;
        }
        let Some((fire, (by, at))) = fire.zip(shooting.as_ref()) else {
            said.reactions.push(Reaction {
                check,
                shot: None,
                held: None,
            });
            continue;
        };
        if let Some(why) = blocked(after, g, code, fire) {
            said.reactions.push(Reaction {
                check,
                shot: None,
                held: Some(why),
            });
            continue;
        }
        let Some(target) = fire_target(after, c, groups, code, &mut next) else {
            said.reactions.push(Reaction {
                check,
                shot: None,
                held: Some("no charger left to fire at".into()),
            });
            continue;
        };
        let shot = figure_step(
            after,
            ruleset,
            fire,
            (by, at),
            (code, Some(&target)),
            &[],
            (&mut *source, &mut *event, cli.umpire()),
        )?;
        fired.push(code.clone());
        said.reactions.push(Reaction {
            check,
            shot: Some(shot),
            held: None,
        });
    }
    Ok((fired, failed))
}

/// The figures of the charged unit that react: a figure with no action left does not (unless
/// the umpire rules otherwise), and says so; those who do spend it.
fn reacting(
    after: &mut Game,
    (ruleset, cli): (&Ruleset, &Cli),
    c: &Charge<'_>,
    action: Option<&str>,
    event: &mut Event,
    said: &mut Said,
) -> Result<Vec<String>> {
    let mut reacting = c.defenders.clone();
    let (costs, idle) = allowances(after, ruleset, action, &mut reacting, cli, event)?;
    said.idle.extend(
        idle.into_iter()
            .map(|(f, why)| (f, format!("does not react: {why}"))),
    );
    for (code, cost) in &costs {
        allowance::record(after, ruleset, code, *cost, event)?;
    }
    Ok(reacting)
}

/// The marker on the figure that blocks its fire, by its label, if one does.
fn blocked(
    after: &Game,
    g: &GameDef,
    code: &str,
    fire: &crate::model::ProcedureDef,
) -> Option<String> {
    after.figure(code).and_then(|f| {
        f.markers
            .iter()
            .filter_map(|m| lookup::marker(g, m))
            .find(|m| m.blocks.iter().any(|b| b == &fire.name))
            .map(|m| lookup::marker_label(g, &m.name).to_string())
    })
}

/// The charger a reacting figure fires at: its own opponent first, else the chargers in turn
/// (`next` counts the turns); only those still standing. None when no charger is left.
fn fire_target(
    after: &Game,
    c: &Charge<'_>,
    groups: &[Group],
    code: &str,
    next: &mut usize,
) -> Option<String> {
    let standing = |f: &&String| after.figure(f).is_some_and(|f| f.state.is_none());
    let own = groups
        .iter()
        .find(|gr| gr.lone == code)
        .and_then(|gr| gr.others.iter().find(standing))
        .or_else(|| {
            groups
                .iter()
                .find(|gr| gr.others.iter().any(|o| o == code))
                .map(|gr| &gr.lone)
        })
        .filter(standing)
        .cloned();
    let chargers: Vec<&String> = c.chargers.iter().filter(standing).collect();
    own.or_else(|| {
        let t = chargers
            .get(*next % chargers.len().max(1))
            .map(|s| (*s).clone());
        *next += 1;
        t
    })
}

/// The chargers the reaction's fire stopped (a result of its chain the table names, a flight),
/// each with the result that did.
fn stopped(c: &Charge<'_>, reactions: &[Reaction], tested: &[Done]) -> Vec<(String, String)> {
    let Some(r) = c.def.reaction.as_ref().filter(|r| !r.stops.is_empty()) else {
        return Vec::new();
    };
    fn reached<'s>(step: &'s Step, names: &[String]) -> Option<&'s str> {
        if names.contains(&step.decision.result) {
            return Some(&step.decision.label);
        }
        step.next.iter().find_map(|n| reached(n, names))
    }
    let shots = reactions
        .iter()
        .filter_map(|x| x.shot.as_ref())
        .filter_map(|s| {
            let hit = s.figures.acted_upon.clone()?;
            reached(&s.step, &r.stops).map(|label| (hit, format!("out of the fight: {label}")))
        });
    let checks = tested.iter().filter_map(|d| {
        let who = d.figures.acting.clone()?;
        let p = &d.step.procedure;
        reached(&d.step, &r.stops).map(|label| (who, format!("out of the fight: {p} {label}")))
    });
    shots.chain(checks).collect()
}

/// The checks the reaction's fire calls for at once on a charger (a wounded figure tests at
/// once), made now, before the melee, in the order the shots were fired.
fn at_once(
    then: &Game,
    after: &mut Game,
    ruleset: &Ruleset,
    charging: &[String],
    reactions: &[Reaction],
    (source, event, umpire): (
        &mut crate::engine::dice::DiceSource,
        &mut Event,
        crate::game::ruling::Umpire<'_>,
    ),
) -> Result<Vec<Done>> {
    let mut made = Vec::new();
    for shot in reactions.iter().filter_map(|r| r.shot.as_ref()) {
        let mut step = shot.step.clone();
        crate::game::aim::aim_follow_ups(&mut step, (then, after), ruleset, &shot.figures);
        for f in step.all_follow_ups() {
            let Some(code) = f
                .figure
                .as_ref()
                .filter(|c| f.at_once && charging.contains(c))
            else {
                continue;
            };
            let p = ruleset.procedure_or_err(&f.procedure)?;
            let o = options(ruleset, p)?;
            let words = crate::game::aim::follow_up_factors(f).to_vec();
            let one = (&mut *source, &mut *event, umpire);
            made.push(figure_step(
                after,
                ruleset,
                p,
                (&o.0, &o.1),
                (code, None),
                &words,
                one,
            )?);
        }
    }
    Ok(made)
}

/// A charger the fire sent fleeing (or whose test sent it back), or left standing so that it
/// may not charge, does not fight: taken out of `charging`, and said so.
fn out_after_fire(
    after: &Game,
    ruleset: &Ruleset,
    c: &Charge<'_>,
    charging: &mut Vec<String>,
    said: &mut Said,
) -> Result<()> {
    let mut kept: Vec<(String, String)> = stopped(c, &said.reactions, &said.tested)
        .into_iter()
        .filter(|(f, _)| charging.contains(f))
        .collect();
    charging.retain(|f| !kept.iter().any(|(x, _)| x == f));
    kept.extend(kept_out(after, ruleset, c, charging)?);
    charging.retain(|f| !kept.iter().any(|(x, _)| x == f));
    said.idle.extend(kept);
    Ok(())
}
