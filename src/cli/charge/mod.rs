//! `umpire charge --unit NAME --target NAME`: a unit charges an enemy unit in one command. The
//! chargers make the checks the charged unit calls for, the charged unit may react (a check by
//! each figure, fire at the chargers by those who pass), then every fight's first round is
//! fought with what each side carries into it; the checks the results call for are owed, and
//! the whole charge is one event that one `undo` takes back.

use serde_json::json;

use crate::engine::resolve::Step;
use crate::error::Result;
use crate::game::allowance;
use crate::game::charge::{self, Charge, Group};
use crate::game::lookup::{self, game_def};
use crate::game::pending;
use crate::game::roles::{Cast, Figures, Named};
use crate::game::state::{Event, Game};
use crate::game::store::Store;
use crate::model::{GameDef, Part, Ruleset};
use crate::rules::catalog::Catalog;

use super::ctx::game_ruleset;
use super::figure::{Fight, fight, locked, pairing_words};
use super::odds::planned;
use super::roll::{all_dice_used, dice_source_with, flatten_faces};
use super::unit_roll::{Done, figure_step};
use super::{ChargeArgs, Cli, Report, fresh_seed};

mod said;

use said::{Fray, Reaction, Said, print, steps, summary, thrown};

pub(super) fn charge(
    cli: &Cli,
    catalog: &Catalog,
    a: &ChargeArgs,
    line: String,
    out: &mut Vec<u8>,
    report: &mut Report,
) -> Result<()> {
    report.in_game = true;
    let files = Store::open_default()?.current(cli.game.as_deref())?;
    let seed = cli.seed.unwrap_or_else(fresh_seed);
    let attempt =
        |game: &mut Game, out: &mut Vec<u8>, report: &mut Report, ask| -> Result<Option<Event>> {
            let ruleset = game_ruleset(catalog, cli.rules.as_deref(), game)?;
            let mut source = dice_source_with(&a.dice, seed, ask)?;
            let mut event = Event::new(game.turn.number, &line, "");
            let mut after = game.clone();
            let c = charge::plan(&after, &ruleset, &a.unit, &a.target, &a.factors)?;
            admitted(&after, &ruleset, &c, &a.factors)?;
            // The fights the umpire gave and what the reaction spends, checked before any die
            // is thrown.
            charge::groups(&c, &c.chargers, &a.fights)?;
            if a.react {
                let mut scratch = Event::new(game.turn.number, "", "");
                charge::react(&mut after.clone(), &ruleset, &c, &mut scratch)?;
            }
            let mut said = Said {
                start: charge::start(&mut after, &ruleset, &c, cli.umpire(), &mut event)?,
                ..Said::default()
            };
            // Who may join: a charger whose standing keeps it out stays out, and said so; too
            // few left is no charge (unless the umpire rules otherwise).
            let mut charging = c.chargers.clone();
            let kept = kept_out(&after, &ruleset, &c, &charging)?;
            charging.retain(|f| !kept.iter().any(|(x, _)| x == f));
            said.idle.extend(kept);
            // A charger with no action left stays out too (unless the umpire rules otherwise).
            let costs = allowances(
                &after,
                &ruleset,
                c.def.action.as_deref(),
                &mut charging,
                cli,
                &mut event,
            )?;
            said.idle.extend(
                costs
                    .1
                    .into_iter()
                    .map(|(f, why)| (f, format!("does not charge: {why}"))),
            );
            charge::enough(&c, charging.len(), cli.umpire(), &mut event)?;
            // The checks before the charge: a charger whose result keeps it out does not charge.
            for b in &c.before {
                let p = ruleset.procedure_or_err(&b.procedure)?;
                let words: Vec<String> = b
                    .set
                    .iter()
                    .map(|(f, v)| format!("{f}={}", v.word()))
                    .collect();
                let mut rolls = Vec::new();
                let o = options(&ruleset, p)?;
                let o = (o.0.as_str(), o.1.as_str());
                let joined = charging.clone();
                for code in &joined {
                    let one = (&mut source, &mut event, cli.umpire());
                    let d = figure_step(&mut after, &ruleset, p, o, (code, None), &words, one)?;
                    let out_of_it = b.out.contains(&d.step.decision.result);
                    if out_of_it {
                        charging.retain(|x| x != code);
                    }
                    rolls.push((d, out_of_it));
                }
                said.before.push((b.label.clone(), rolls));
            }
            let (groups, left) = charge::groups(&c, &charging, &a.fights)?;
            let most = c.fight.many_on_one.as_ref().map_or(1, |m| m.up_to);
            said.idle.extend(
                left.into_iter()
                    .map(|f| (f, format!("fights no one (at most {most} against one)"))),
            );
            // The charge is made by those who launch it: a rule that asks for enough chargers
            // counts them, whatever the reaction's fire then does. Each spends its action.
            let launched = charging.len();
            for (code, cost) in costs.0.iter().filter(|(f, _)| charging.contains(f)) {
                allowance::record(&mut after, &ruleset, code, *cost, &mut event)?;
            }
            // A charge no charger is left to make meets no reaction.
            let (fired, failed) = if a.react && !charging.is_empty() {
                react(
                    &mut after,
                    (&ruleset, cli),
                    &c,
                    &groups,
                    (&mut source, &mut event),
                    &mut said,
                )?
            } else {
                (Vec::new(), Vec::new())
            };
            // A wound from the fire is tested at once, before the melee.
            said.tested = at_once(
                game,
                &mut after,
                &ruleset,
                &charging,
                &said.reactions,
                (&mut source, &mut event, cli.umpire()),
            )?;
            // A charger the fire sent fleeing (or whose test sent it back), or left standing so
            // that it may not charge, does not fight.
            let mut kept: Vec<(String, String)> = stopped(&c, &said.reactions, &said.tested)
                .into_iter()
                .filter(|(f, _)| charging.contains(f))
                .collect();
            charging.retain(|f| !kept.iter().any(|(x, _)| x == f));
            kept.extend(kept_out(&after, &ruleset, &c, &charging)?);
            charging.retain(|f| !kept.iter().any(|(x, _)| x == f));
            said.idle.extend(kept);
            // The fights, each as the figures stand after the fire.
            let other = c.other_side().to_string();
            // A unit's size, for a rule that asks for enough chargers, is those who charge.
            let size = game_def(&ruleset)?
                .size
                .as_ref()
                .filter(|_| launched < c.chargers.len());
            let sized = size.map(|f| format!("{f}={launched}"));
            let flags = |figs: &Figures| -> Vec<String> {
                let mut words = a.factors.clone();
                let r = c.def.reaction.as_ref();
                for (side, code) in &figs.sides {
                    let mut flag = |f: Option<&String>| {
                        words.extend(f.map(|f| format!("{side}.{f}")));
                    };
                    if *side == c.def.side && charging.contains(code) {
                        flag(c.def.flag.as_ref());
                        flag(sized.as_ref());
                    }
                    if *side == other && fired.contains(code) {
                        flag(r.and_then(|r| r.fired.as_ref()));
                    }
                    if *side == other && failed.contains(code) {
                        flag(r.and_then(|r| r.failed.as_ref()));
                    }
                }
                words
            };
            let g = game_def(&ruleset)?;
            // In play, and not a charger kept out of the fight.
            let in_play = |game: &Game, f: &String| {
                game.figure(f).is_some_and(|f| f.state.is_none())
                    && (charging.contains(f) || !c.chargers.contains(f))
            };
            // The fights of one round are fought at once: each reads the figures as they stood
            // when the round began (a kill in the first does not unform the unit for the next).
            let round_start = after.clone();
            for group in groups {
                let others: Vec<String> = group
                    .others
                    .iter()
                    .filter(|f| in_play(&after, f))
                    .cloned()
                    .collect();
                if others.is_empty() || !in_play(&after, &group.lone) {
                    said.idle
                        .push((group.lone.clone(), "no fight: its opponents are out".into()));
                    continue;
                }
                let (lone_side, many_side) = if charging.contains(&group.lone) {
                    (c.def.side.clone(), other.clone())
                } else {
                    (other.clone(), c.def.side.clone())
                };
                let named = vec![
                    on_side(g, &c, &many_side, others.clone()),
                    on_side(g, &c, &lone_side, vec![group.lone.clone()]),
                ];
                let found = crate::game::figures::find(&after, &ruleset, c.fight, &Cast { named })?;
                let one = (&mut source, &mut event, cli.umpire());
                let Fight {
                    fought: pairings,
                    moved_on,
                    lone,
                    lone_end,
                } = fight(
                    &round_start,
                    &mut after,
                    &ruleset,
                    c.fight,
                    &found,
                    &flags,
                    one,
                )?;
                said.changes.extend(moved_on);
                // The lone figure threw once, counted in every pairing's step.
                if let Some(t) = lone {
                    let again = pairings.len().saturating_sub(1);
                    if t.entered {
                        said.shared.0 += again;
                    } else {
                        said.shared.1 += again;
                    }
                }
                said.frays.push(Fray {
                    group: Group {
                        lone: group.lone.clone(),
                        others,
                    },
                    pairings,
                    lone_end,
                });
            }
            all_dice_used(&source, a.dice.len())?;
            owe((game, &mut after), &ruleset, &c, &mut said, &mut event);
            said.changes
                .extend(pending::drop_out_of_play(&mut after, g, &mut event));
            let (entered, rolled) = thrown(&said);
            event.summary = summary(&c, &said);
            let faces: Vec<String> = steps(&said).flat_map(flatten_faces).collect();
            event.detail = Some(json!({ "seed": seed, "faces": faces, "entered": entered }));
            report.must_follow = Vec::new();
            said.facts = crate::game::facts::of(&event.changes);
            print(
                cli,
                &ruleset,
                &c,
                &said,
                (seed, entered, rolled),
                a.dry_run,
                out,
            )?;
            if !a.dry_run {
                *game = after;
            }
            Ok((!a.dry_run).then_some(event))
        };
    locked(cli, (&files, seed), a.dry_run, &attempt, out, report)
}

/// The options that name a procedure's figure acting and the one it acts upon.
fn options(ruleset: &Ruleset, p: &crate::model::ProcedureDef) -> Result<(String, String)> {
    let g = game_def(ruleset)?;
    let option = |part: Part| {
        crate::game::roles::option_for(g, p, &part)
            .unwrap_or_default()
            .to_string()
    };
    Ok((option(Part::Acting), option(Part::ActedUpon)))
}

/// A charge the rules of eligibility refuse (a unit that charged the turn before, say) is
/// refused before any die is thrown: the fight is planned for the first charger against the
/// first of the charged unit, as the roster stands.
fn admitted(game: &Game, ruleset: &Ruleset, c: &Charge<'_>, typed: &[String]) -> Result<()> {
    let (Some(charger), Some(defender)) = (c.chargers.first(), c.defenders.first()) else {
        return Ok(());
    };
    let g = game_def(ruleset)?;
    let named = vec![
        on_side(g, c, &c.def.side, vec![charger.clone()]),
        on_side(g, c, c.other_side(), vec![defender.clone()]),
    ];
    let found = crate::game::figures::find(game, ruleset, c.fight, &Cast { named })?;
    let mut typed = typed.to_vec();
    typed.extend(c.def.flag.as_ref().map(|f| format!("{}.{f}", c.def.side)));
    let (words, _) = pairing_words(game, ruleset, c.fight, (&found, 0, 1), &typed)?;
    planned(ruleset, c.fight, &words).map(|_| ())
}

/// Figures of one side of the fight, named by the option that names that side's figures.
fn on_side(g: &GameDef, c: &Charge<'_>, side: &str, figures: Vec<String>) -> Named {
    Named {
        option: crate::game::roles::option_for(g, c.fight, &Part::Side(side.to_string()))
            .unwrap_or(side)
            .to_string(),
        part: Part::Side(side.to_string()),
        figures,
    }
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
    // A figure with no action left does not react (unless the umpire rules otherwise); those
    // who do spend it.
    let mut reacting = c.defenders.clone();
    let (costs, idle) = allowances(
        after,
        ruleset,
        r.action.as_deref(),
        &mut reacting,
        cli,
        event,
    )?;
    said.idle.extend(
        idle.into_iter()
            .map(|(f, why)| (f, format!("does not react: {why}"))),
    );
    for (code, cost) in &costs {
        allowance::record(after, ruleset, code, *cost, event)?;
    }
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
        let blocked = after.figure(code).and_then(|f| {
            f.markers
                .iter()
                .filter_map(|m| lookup::marker(g, m))
                .find(|m| m.blocks.iter().any(|b| b == &fire.name))
                .map(|m| lookup::marker_label(g, &m.name).to_string())
        });
        if let Some(why) = blocked {
            said.reactions.push(Reaction {
                check,
                shot: None,
                held: Some(why),
            });
            continue;
        }
        // Its own opponent first, else the chargers in turn; only those still standing.
        let standing = |f: &&String| after.figure(f).is_some_and(|f| f.state.is_none());
        let own = groups
            .iter()
            .find(|gr| &gr.lone == code)
            .and_then(|gr| gr.others.iter().find(standing))
            .or_else(|| {
                groups
                    .iter()
                    .find(|gr| gr.others.contains(code))
                    .map(|gr| &gr.lone)
            })
            .filter(standing)
            .cloned();
        let chargers: Vec<&String> = c.chargers.iter().filter(standing).collect();
        let target = own.or_else(|| {
            let t = chargers
                .get(next % chargers.len().max(1))
                .map(|s| (*s).clone());
            next += 1;
            t
        });
        let Some(target) = target else {
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

/// What the table's `action` costs each of `figures`, weighed against its allowance: those
/// without it left are taken out of `figures` and returned with why (unless the umpire rules
/// otherwise, kept in `event`); the others with their cost, to be counted when they act.
#[expect(
    clippy::type_complexity,
    reason = "two lists of a figure and one fact each"
)]
fn allowances(
    game: &Game,
    ruleset: &Ruleset,
    action: Option<&str>,
    figures: &mut Vec<String>,
    cli: &Cli,
    event: &mut Event,
) -> Result<(Vec<(String, u32)>, Vec<(String, String)>)> {
    let g = game_def(ruleset)?;
    let Some(a) = action.and_then(|n| g.actions.iter().find(|a| a.name == n)) else {
        return Ok((Vec::new(), Vec::new()));
    };
    let umpire = cli.umpire();
    let (mut costs, mut out) = (Vec::new(), Vec::new());
    for code in figures.iter() {
        let (cost, refused) = allowance::weigh(game, g, code, a);
        let refused = refused.into_iter().map(|(r, fix)| (r, Some(fix))).collect();
        match umpire.hold_or_allow(refused, event)? {
            Some(why) => out.push((code.clone(), why)),
            None => costs.push((code.clone(), cost)),
        }
    }
    figures.retain(|f| !out.iter().any(|(x, _)| x == f));
    Ok((costs, out))
}

/// The chargers whose standing keeps them out of the charge, each with why in words.
fn kept_out(
    game: &Game,
    ruleset: &Ruleset,
    c: &Charge<'_>,
    chargers: &[String],
) -> Result<Vec<(String, String)>> {
    Ok(charge::staying_out(game, ruleset, c, chargers)?
        .into_iter()
        .map(|(f, why)| {
            let words = crate::present::words::conditions(why, " ");
            (f, format!("does not charge: {words}"))
        })
        .collect())
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

/// Take out of a step's chain the checks made at once before the melee (owed no more).
fn drop_made(step: &mut Step, made: &[Done]) {
    step.follow_ups.retain(|f| {
        !(f.at_once
            && made.iter().any(|d| {
                d.step.procedure == f.procedure && d.figures.acting.as_ref() == f.figure.as_ref()
            }))
    });
    for n in &mut step.next {
        drop_made(n, made);
    }
}

/// The checks every roll's results call for, owed by the figures as they stand after the
/// whole charge.
fn owe(
    (then, after): (&Game, &mut Game),
    ruleset: &Ruleset,
    c: &Charge<'_>,
    said: &mut Said,
    event: &mut Event,
) {
    let cause = |step: &Step| format!("charge ({} at {}): {}", c.unit, c.target, step.outcome());
    let mut lines = Vec::new();
    let one = |step: &mut Step, figs: &Figures, after: &mut Game, event: &mut Event| {
        let why = cause(step);
        pending::owe_follow_ups(then, after, ruleset, step, figs, &why, event)
    };
    for (_, rolls) in &mut said.before {
        for (d, _) in rolls {
            lines.extend(one(&mut d.step, &d.figures, after, event));
        }
    }
    let made = &said.tested;
    for r in &mut said.reactions {
        lines.extend(one(&mut r.check.step, &r.check.figures, after, event));
        if let Some(s) = &mut r.shot {
            // The checks made at once, before the melee, are owed no more.
            let why = cause(&s.step);
            let aimed =
                crate::game::aim::aim_follow_ups(&mut s.step, (then, after), ruleset, &s.figures);
            drop_made(&mut s.step, made);
            lines.extend(aimed);
            lines.extend(pending::queue_follow_ups(after, &s.step, &why, event));
        }
    }
    for d in &mut said.tested {
        lines.extend(one(&mut d.step, &d.figures, after, event));
    }
    for f in &mut said.frays {
        for (step, _, _, figs) in &mut f.pairings {
            lines.extend(one(step, figs, after, event));
        }
    }
    said.changes.extend(lines);
}
