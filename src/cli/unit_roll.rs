//! `umpire roll PROCEDURE --unit NAME`: every able figure of a unit performs the procedure in
//! one command, each with its own markers and the target the umpire gave it, one line a
//! figure, then what changed, logged as one event that one `undo` takes back.

use std::cell::RefCell;

use serde_json::json;

use crate::engine::dice::DiceSource;
use crate::engine::plan::Plan;
use crate::engine::resolve::Step;
use crate::error::{Error, Result};
use crate::game::allowance;
use crate::game::counters;
use crate::game::figures;
use crate::game::implied;
use crate::game::legality;
use crate::game::pending;
use crate::game::reads::Reads;
use crate::game::roles::{Cast, Figures, Named};
use crate::game::ruling::Umpire;
use crate::game::spread;
use crate::game::state::{Event, Game};
use crate::game::store::Store;
use crate::game::unit_action;
use crate::model::{Part, Pieces, ProcedureDef, Ruleset};
use crate::present::explain;

use super::ctx::game_ruleset;
use super::figure::{changes_block, locked, who};
use super::owed::{FigureWords, Which, also, unit_checks};
use super::roll::{RollHow, all_dice_used, count_throws, dice_line, flatten_faces, must_follow};
use super::{Cli, Report, fresh_seed, write_json};
use crate::rules::catalog::Catalog;

/// One figure's part of the unit's action.
pub(super) struct Done {
    pub(super) figures: Figures,
    pub(super) step: Step,
    pub(super) changes: Vec<String>,
}

/// One figure's roll of a procedure (found by the options `(acting, acted upon)`), at the
/// figure it acts upon if any, with the roster's words and the words typed: resolved from the
/// dice, its results landed on `after` and recorded in the event.
pub(super) fn figure_step(
    after: &mut Game,
    ruleset: &Ruleset,
    p: &ProcedureDef,
    options: (&str, &str),
    who: (&str, Option<&str>),
    typed: &[String],
    (source, event, umpire): (&mut DiceSource, &mut Event, Umpire<'_>),
) -> Result<Done> {
    let ruled = Some((umpire, &mut *event));
    let (found, plan, ..) = figure_plan(after, ruleset, p, options, who, typed, ruled)?;
    // The first roll of a step of the turn moves play on to it; the others find it there.
    let mut changes = legality::in_its_step(after, ruleset, &plan, umpire, event)?;
    let step = plan.resolve_with(source, None, &[])?;
    changes.extend(spread::land(
        after,
        ruleset,
        &step,
        &found,
        (source, event),
    )?);
    Ok(Done {
        figures: found,
        step,
        changes,
    })
}

/// Where a unit is one piece (the ruleset's `pieces: units`), the figures of its roll: the
/// unit's piece acting, with the figures named by the other options; `None` for a ruleset
/// of figures.
pub(super) fn as_piece(
    game: &Game,
    ruleset: &Ruleset,
    unit: &str,
    cast: &Cast,
) -> Result<Option<Cast>> {
    if crate::game::lookup::game_def(ruleset)?.pieces != Pieces::Units {
        return Ok(None);
    }
    let mut cast = cast.clone();
    cast.named.push(Named {
        option: crate::game::roles::UNIT_OPTION.into(),
        part: Part::Acting,
        figures: vec![crate::game::lookup::unit(game, unit)?.name.clone()],
    });
    Ok(Some(cast))
}

/// What a unit's roll rolls: a procedure named, or the checks its figures owe (`roll
/// [PROCEDURE] --next --unit UNIT`).
#[derive(Debug, Clone, Copy)]
pub(super) enum UnitWhat<'a> {
    Named(&'a str),
    Owed(Option<&'a str>),
}

/// `(what, unit)`: what is done, and by which unit.
pub(super) fn unit_roll(
    cli: &Cli,
    catalog: &Catalog,
    (what, unit): (UnitWhat<'_>, &str),
    cast: &Cast,
    how: &RollHow<'_>,
    out: &mut Vec<u8>,
    report: &mut Report,
) -> Result<()> {
    let files = Store::open_default()?.current(cli.game.as_deref())?;
    let seed = cli.seed.unwrap_or_else(fresh_seed);
    // Where a unit is one piece, its roll is that piece's: the roll of one figure, made once
    // the game read under the lock has told (so that a roll of figures reads the game once).
    let piece: RefCell<Option<(Cast, Option<usize>)>> = RefCell::default();
    let attempt =
        |game: &mut Game, out: &mut Vec<u8>, report: &mut Report, ask| -> Result<Option<Event>> {
            let ruleset = game_ruleset(catalog, cli.rules.as_deref(), game)?;
            if let Some(cast) = as_piece(game, &ruleset, unit, cast)? {
                // A piece's check owed: the first it owes, by its place in the queue.
                let next = match what {
                    UnitWhat::Owed(procedure) => {
                        let (p, _) = unit_checks(game, &ruleset, procedure, unit, how.factors)?;
                        let u = crate::game::lookup::unit_or_code(game, unit)?;
                        let at = game.pending.iter().position(|c| {
                            c.procedure == p.name && c.figure.eq_ignore_ascii_case(&u.name)
                        });
                        at.map(|i| i + 1)
                    }
                    UnitWhat::Named(_) => None,
                };
                *piece.borrow_mut() = Some((cast, next));
                return Ok(None);
            }
            if how.times != 1 {
                return Err(Error::usage("--unit rolls each figure of the unit once")
                    .with_hint("leave out --times"));
            }
            let (targets, upon) = unit_targets(cast)?;
            if let Some(t) = how
                .also
                .iter()
                .find(|a| targets.iter().any(|t| t.eq_ignore_ascii_case(a)))
            {
                return Err(Error::usage(format!(
                    "{} is a target of this roll already: --also names other figures",
                    t.to_ascii_uppercase()
                )));
            }
            let (p, checks) = match what {
                UnitWhat::Named(procedure) => {
                    let p = ruleset.procedure_or_err(procedure)?;
                    (unit_procedure(game, &ruleset, p, unit)?, None)
                }
                UnitWhat::Owed(procedure) => {
                    let (p, checks) = unit_checks(game, &ruleset, procedure, unit, how.factors)?;
                    (p, Some(checks))
                }
            };
            let (action, acting) = unit_plan(game, &ruleset, p, unit, &targets)?;
            let (rolls, mut held) = rolls_of(game, &ruleset, p, &action, checks, how.factors);
            let g = crate::game::lookup::game_def(&ruleset)?;
            let options = (acting.as_str(), upon.as_str());
            let mut source = super::roll::dice_source_with(how.dice, seed, ask)?;
            let mut event = Event::new(game.turn.number, &how.line, "");
            let mut after = game.clone();
            let mut done: Vec<Done> = Vec::new();
            // A roll that is one of the figures' actions is weighed against the turn once for
            // the unit (acting activates it), and counted on each figure it moves.
            let umpire = cli.umpire();
            // The checks the unit's figures owe that this roll makes, which may be owed at once.
            let making: Vec<usize> = rolls
                .iter()
                .filter_map(|(c, _, words)| pending::matching(game, &ruleset, p, c, words))
                .collect();
            legality::owed_first(game, &making, umpire, &mut event)?;
            let counted = legality::action_rolled(&ruleset, p, how.factors);
            let mut acted = Vec::new();
            if counted.is_some() {
                let acting =
                    legality::may_act(game, &ruleset, (&action.unit, counted), umpire, &mut event)?;
                acted = legality::acts(
                    &mut after,
                    &ruleset,
                    &action.unit,
                    acting,
                    umpire,
                    &mut event,
                )?;
            }
            // A procedure the unit rolls once (its movement, say) is rolled by its first able
            // figure for them all.
            let once = rolled_once(game, &ruleset, p, &action.unit)?;
            let covers: Vec<String> = action.acts.iter().map(|(c, _)| c.clone()).collect();
            let aim = (targets.as_slice(), ruleset.chain_spreads(p));
            for (code, target, words) in &rolls {
                let takes: &[String] = if once {
                    &covers
                } else {
                    std::slice::from_ref(code)
                };
                // A figure that has made its most of these rolls (a test once a turn), or has
                // not the action left, stays out of the unit's roll, and is said to (unless the
                // umpire rules otherwise).
                let mut costs = Vec::new();
                let mut out = Vec::new();
                for c in takes {
                    let Some(f) = after.figure(c) else { continue };
                    let mut refused = counters::refusals(g, f, &p.name);
                    let mut cost = 0;
                    if let Some(a) = counted {
                        let (n, more) = allowance::weigh(&after, g, c, a);
                        cost = n;
                        refused.extend(more.into_iter().map(|(r, fix)| (r, Some(fix))));
                    }
                    match umpire.hold_or_allow(refused, &mut event)? {
                        Some(why) => out.push((c.clone(), why)),
                        None => costs.push((c.clone(), cost)),
                    }
                }
                // One roll for the unit goes on for those who may still take it.
                let stays_out = !once || costs.is_empty();
                if !out.is_empty() {
                    held.extend(out);
                    if stays_out && once {
                        break;
                    }
                    if stays_out {
                        continue;
                    }
                }
                // A target an earlier figure took out of the game passes to the next one standing.
                let Some(target) = aimed(&after, (code, target.as_deref()), aim, &mut held) else {
                    continue;
                };
                let who = (code.as_str(), target.as_deref());
                // A figure the roll refuses (a rule it breaks) is named: the unit's roll stops.
                let mut d = source
                    .thrown_by(code, |s| {
                        let one = (s, &mut event, umpire);
                        figure_step(&mut after, &ruleset, p, options, who, words, one)
                    })
                    .map_err(|e| e.about(code))?;
                for (c, cost) in costs {
                    allowance::record(&mut after, &ruleset, &c, cost, &mut event)?;
                    // The one roll is each covered figure's own: counted on each (the one
                    // that threw was counted as it landed).
                    if c != *code {
                        let one = &mut event;
                        counters::rolled(&mut after, &ruleset, &p.name, &c, one)?;
                    }
                }
                // A roll that is a check the figure owes makes it, as a figure's own roll does.
                if let Some(at) = pending::matching(&after, &ruleset, p, code, words) {
                    d.changes.extend(pending::made(&mut after, at, &mut event));
                }
                done.push(d);
                if once {
                    break;
                }
            }
            if done.is_empty() {
                return Err(unit_action::none_able(&action.unit, &p.name, &held));
            }
            if let Some(d) = done.first_mut() {
                d.changes.splice(0..0, acted);
            }
            all_dice_used(&source, how.dice.len())?;
            // The checks the results call for, owed by the figures as they stand after them
            // all (a target a later shot killed owes none), and those of figures taken out.
            for d in &mut done {
                let what = format!("{} ({}): {}", p.name, who(&d.figures), d.step.outcome());
                let (step, figs) = (&mut d.step, &d.figures);
                let owed = pending::owe_follow_ups(
                    game, &mut after, &ruleset, step, figs, &what, &mut event,
                );
                d.changes.extend(owed);
            }
            // The other figures the action fell on (`--also`) owe what it calls for whatever
            // its results, each read as if it were the first figure's target.
            if let Some(d) = done.first_mut() {
                let cause = format!("{} ({}): {}", p.name, action.unit, d.step.outcome());
                let more = (how.also, how.factors, cause.as_str());
                let found = d.figures.clone();
                d.changes.extend(also(
                    game, &mut after, &ruleset, p, &found, more, &mut event,
                )?);
            }
            let gone = pending::drop_out_of_play(&mut after, g, &mut event);
            if let Some(d) = done.last_mut() {
                d.changes.extend(gone);
            }
            let (mut entered, mut rolled) = (0, 0);
            let mut faces = Vec::new();
            for d in &done {
                count_throws(&d.step, &mut entered, &mut rolled);
                faces.extend(flatten_faces(&d.step));
            }
            let lines: Vec<String> = done.iter().map(|d| who(&d.figures)).collect();
            event.summary = format!(
                "{} ({}, {}): {}",
                p.name,
                action.unit,
                figures_word(done.len()),
                done.iter()
                    .zip(&lines)
                    .map(|(d, w)| {
                        let mut s = format!("{w}: {}", d.step.outcome());
                        if !d.changes.is_empty() {
                            s.push_str(&format!(" ({})", d.changes.join(", ")));
                        }
                        s
                    })
                    .collect::<Vec<_>>()
                    .join("; ")
            );
            event.detail = Some(json!({ "seed": seed, "faces": faces, "entered": entered }));
            let mut owed: Vec<Vec<String>> = Vec::new();
            for words in done.iter().flat_map(|d| must_follow(&d.step)) {
                if !owed.contains(&words) {
                    owed.push(words);
                }
            }
            report.must_follow = owed;
            let said = Said {
                unit: &action.unit,
                done: &done,
                held: &held,
                dice: (seed, entered, rolled),
                dry_run: how.dry_run,
                once: once.then_some(covers.as_slice()),
                changed: &event.changes,
            };
            print(cli, &ruleset, &said, out)?;
            if !how.dry_run {
                *game = after;
            }
            Ok((!how.dry_run).then_some(event))
        };
    locked(cli, (&files, seed), how.dry_run, &attempt, out, report)?;
    let Some((cast, next)) = piece.take() else {
        return Ok(());
    };
    let which = match what {
        UnitWhat::Named(procedure) => Which::Named {
            procedure,
            cast: &cast,
        },
        UnitWhat::Owed(procedure) => Which::Owed {
            procedure,
            number: next,
        },
    };
    super::figure::figure_roll(cli, catalog, &which, how, out, report)
}

/// The figures a unit's roll is aimed at, in the order the umpire listed them (`CF2,CF3`), and
/// the option that named them: `--unit` names the figures acting, so no other option may.
pub(super) fn unit_targets(cast: &Cast) -> Result<(Vec<String>, String)> {
    if let Some(n) = cast.named.iter().find(|n| n.part != Part::ActedUpon) {
        return Err(Error::usage(format!(
            "--unit names the figures acting; --{} cannot name them too",
            n.option
        )));
    }
    let targets: Vec<String> = cast
        .named
        .iter()
        .flat_map(|n| n.figures.iter())
        .flat_map(|f| f.split(','))
        .filter(|f| !f.is_empty())
        .map(str::to_string)
        .collect();
    let option = cast
        .named
        .first()
        .map(|n| n.option.clone())
        .unwrap_or_default();
    Ok((targets, option))
}

/// Which of the unit's figures act and at whom, and the option that names a figure acting in
/// the procedure. Each figure rolls on its own: an opposed roll pairs figures otherwise.
pub(super) fn unit_plan(
    game: &Game,
    ruleset: &Ruleset,
    p: &ProcedureDef,
    unit: &str,
    targets: &[String],
) -> Result<(unit_action::UnitAction, String)> {
    if !p.sides.is_empty() {
        return Err(Error::usage(format!(
            "{} is an opposed roll: pair the figures with its own options",
            p.name
        )));
    }
    let action = unit_action::plan(game, ruleset, p, unit, targets)?;
    let g = crate::game::lookup::game_def(ruleset)?;
    let acting = crate::game::roles::option_for(g, p, &Part::Acting)
        .unwrap_or("fig")
        .to_string();
    Ok((action, acting))
}

/// One figure's roll in a unit's: the figure, the figure it acts upon, the words it takes.
type Roll = (String, Option<String>, Vec<String>);

/// A unit's rolls, each figure's with its target and the words it takes, and the figures held
/// back: every able figure with the words typed; of a roll of checks owed, each check of an
/// able figure with its own words; of a roll some figures owe (a check named with the reason
/// it is owed for), only those that owe it.
fn rolls_of(
    game: &Game,
    ruleset: &Ruleset,
    p: &ProcedureDef,
    action: &unit_action::UnitAction,
    checks: Option<Vec<FigureWords>>,
    typed: &[String],
) -> (Vec<Roll>, Vec<(String, String)>) {
    let mut held = action.held.clone();
    let able = |c: &String| action.acts.iter().any(|(a, _)| a == c);
    if let Some(checks) = checks {
        let rolls = checks
            .into_iter()
            .filter(|(c, _)| able(c))
            .map(|(c, w)| (c, None, w))
            .collect();
        return (rolls, held);
    }
    let owes = |c: &String| pending::matching(game, ruleset, p, c, typed).is_some();
    let some_owe =
        typed.iter().any(|w| w.contains('=')) && action.acts.iter().any(|(c, _)| owes(c));
    let mut rolls = Vec::new();
    for (code, target) in &action.acts {
        if some_owe && !owes(code) {
            let words = std::iter::once(p.name.as_str())
                .chain(typed.iter().map(String::as_str))
                .collect::<Vec<_>>()
                .join(" ");
            held.push((code.clone(), format!("owes no {words}")));
            continue;
        }
        rolls.push((code.clone(), target.clone(), typed.to_vec()));
    }
    (rolls, held)
}

/// The procedure a unit's roll of `p` rolls: another where the table says, when the unit's
/// first figure in play stands so (uncommanded men fire by the ratio, whichever is named).
pub(super) fn unit_procedure<'r>(
    game: &Game,
    ruleset: &'r Ruleset,
    p: &'r ProcedureDef,
    unit: &str,
) -> Result<&'r ProcedureDef> {
    let Some(instead) = &p.unit_roll else {
        return Ok(p);
    };
    let g = crate::game::lookup::game_def(ruleset)?;
    let u = crate::game::lookup::unit_or_code(game, unit)?;
    let first = game.in_play_of(&u.name).first().map(|f| f.code.clone());
    let here = first.and_then(|c| crate::game::fields::standing(game, ruleset, g, &c));
    let holds = here.is_some_and(|s| {
        let guard = crate::model::Guard {
            when: &instead.when,
            any: &instead.any,
            unless: &instead.unless,
        };
        s.guard_holds(ruleset, guard)
    });
    if holds {
        ruleset.procedure_or_err(&instead.procedure)
    } else {
        Ok(p)
    }
}

/// Whether the unit rolls the procedure once for all its figures (its movement, say), as its
/// fields stand: then its first able figure rolls for them all.
pub(super) fn rolled_once(
    game: &Game,
    ruleset: &Ruleset,
    p: &ProcedureDef,
    unit: &str,
) -> Result<bool> {
    let g = crate::game::lookup::game_def(ruleset)?;
    Ok(p.once_per_unit.as_ref().is_some_and(|c| {
        game.unit(unit)
            .is_some_and(|u| c.iter().all(|c| implied::unit_holds(ruleset, g, u, c)))
    }))
}

/// One figure's part of a unit's action, made ready: its figures found in the game (by the
/// options `(acting, acted upon)`), and the plan of its situation, the roster's words for
/// that figure and its target with the words the umpire typed; with the roster's lines and
/// the words the plan was made of (the same words make the same plan).
pub(super) fn figure_plan<'r>(
    game: &Game,
    ruleset: &'r Ruleset,
    p: &'r ProcedureDef,
    options: (&str, &str),
    who: (&str, Option<&str>),
    factors: &[String],
    ruled: Option<(Umpire<'_>, &mut Event)>,
) -> Result<(Figures, Plan<'r>, Vec<String>, Vec<String>)> {
    let read = Reads::of(ruleset, p);
    let (found, lines, words) = figure_words(game, ruleset, &read, options, who, factors)?;
    // In a roll the umpire may overrule a rule of eligibility; in the odds he is told of it.
    let plan = match ruled {
        Some(ruling) => super::odds::planned_ruled(ruleset, p, &words, ruling)?,
        None => super::odds::planned(ruleset, p, &words)?,
    };
    Ok((found, plan, lines, words))
}

/// [`figure_plan`] short of the plan: the figures found, the roster's lines, and the words the
/// plan is made of (figures alike in them have one plan between them).
pub(super) fn figure_words(
    game: &Game,
    ruleset: &Ruleset,
    read: &Reads<'_>,
    (acting, upon): (&str, &str),
    (code, target): (&str, Option<&str>),
    factors: &[String],
) -> Result<(Figures, Vec<String>, Vec<String>)> {
    let p = read.procedure();
    let mut named = vec![Named {
        option: acting.to_string(),
        part: Part::Acting,
        figures: vec![code.to_string()],
    }];
    if let Some(t) = target {
        named.push(Named {
            option: upon.to_string(),
            part: Part::ActedUpon,
            figures: vec![t.to_string()],
        });
    }
    let mut found = figures::find(game, ruleset, p, &Cast { named })?;
    // A check the figure owes from an earlier turn counts toward that turn.
    found.owed_in = pending::matching(game, ruleset, p, code, factors)
        .and_then(|at| pending::owed_in(game, at));
    let (mut words, lines) = figures::roster_words_of(game, ruleset, read, &found, factors)?;
    words.extend(factors.iter().cloned());
    Ok((found, lines, words))
}

/// Whom figure `code` acts upon in the game as it stands: its own target while it is in play,
/// else the next of the umpire's list that is, else (where the roll's hits fall at random on
/// the target's group, `group`) another of its group in play; `None` (the figure held back,
/// with why) when none is left.
pub(super) fn aimed(
    game: &Game,
    (code, target): (&str, Option<&str>),
    (targets, group): (&[String], bool),
    held: &mut Vec<(String, String)>,
) -> Option<Option<String>> {
    let Some(t) = target else {
        return Some(None);
    };
    let standing = standing_target(game, t, targets).or_else(|| {
        let unit = &game.figure(t).filter(|_| group)?.unit;
        game.in_play_of(unit).first().map(|f| f.code.clone())
    });
    if standing.is_none() {
        held.push((code.to_string(), "no target left in play".into()));
    }
    standing.map(Some)
}

/// The target still in play: the one given, or the next of the umpire's list that is.
fn standing_target(game: &Game, first: &str, all: &[String]) -> Option<String> {
    let in_play = |c: &str| game.figure(c).is_some_and(|f| f.state.is_none());
    if in_play(first) {
        return game.figure(first).map(|f| f.code.clone());
    }
    all.iter()
        .filter_map(|c| game.figure(c))
        .find(|f| f.state.is_none())
        .map(|f| f.code.clone())
}

/// What a unit's roll did, to be printed.
struct Said<'a> {
    unit: &'a str,
    done: &'a [Done],
    held: &'a [(String, String)],
    /// The seed, and the throws entered and rolled.
    dice: (u64, usize, usize),
    dry_run: bool,
    /// The figures one roll stands for, when the unit rolls once.
    once: Option<&'a [String]>,
    /// What the roll changed, as the log keeps it.
    changed: &'a [crate::game::state::Change],
}

fn print(cli: &Cli, ruleset: &Ruleset, said: &Said<'_>, out: &mut Vec<u8>) -> Result<()> {
    let Said {
        unit,
        done,
        held,
        dice: (seed, entered, rolled),
        dry_run,
        once,
        changed,
    } = *said;
    let changes: Vec<&String> = done.iter().flat_map(|d| &d.changes).collect();
    if cli.json {
        let value = json!({
            "ruleset": ruleset.name(),
            "unit": unit,
            "seed": seed,
            "dice_entered": entered,
            "dice_rolled": rolled,
            "dry_run": dry_run,
            "figures": done.iter().map(|d| json!({
                "figure": d.figures.acting,
                "target": d.figures.acted_upon,
                "outcome": d.step.outcome(),
                "step": d.step,
                "follow_ups": explain::follow_ups(&d.step),
                "changes": d.changes,
            })).collect::<Vec<_>>(),
            "held": held.iter().map(|(f, why)| json!({"figure": f, "why": why})).collect::<Vec<_>>(),
            "one_roll_for": once,
            "changes": changes,
            "facts": crate::game::facts::of(changed),
        });
        return write_json(out, value);
    }
    let mut text = String::new();
    // The procedure asked for, where the first figure's check fell back to another.
    let procedure = done.first().map_or("", |d| match &d.step.fallback {
        Some(f) => f.procedure.as_str(),
        None => d.step.procedure.as_str(),
    });
    text.push_str(&match once {
        Some(all) => format!(
            "{unit}: {procedure}, one roll for its {} ({})\n",
            figures_word(all.len()),
            all.join(", ")
        ),
        None => format!("{unit}: {procedure} with {}\n", figures_word(done.len())),
    });
    match (once, done) {
        // One roll for the whole unit: explained in full, as a figure's roll is.
        (Some(_), [d]) => explain::step(ruleset, &d.step, 1, &mut text),
        _ => {
            for d in done {
                text.push_str(&format!(
                    "  {}: {}\n",
                    who(&d.figures),
                    crate::present::brief::brief(&d.step)
                ));
            }
        }
    }
    for (f, why) in held {
        text.push_str(&format!("  {f}: held back: {why}\n"));
    }
    let follow: Vec<String> = done
        .iter()
        .flat_map(|d| explain::follow_ups(&d.step))
        .map(|f| {
            let mut words = vec![f.procedure.clone()];
            words.extend(f.args.iter().cloned());
            match &f.note {
                Some(n) => format!("  umpire roll {}   ({n})", words.join(" ")),
                None => format!("  umpire roll {}", words.join(" ")),
            }
        })
        .collect();
    // A check several figures' results call for (one owed once by a target) is said once.
    let mut follow = follow;
    let mut seen = std::collections::BTreeSet::new();
    follow.retain(|l| seen.insert(l.clone()));
    if !follow.is_empty() {
        text.push_str("must follow:\n");
        for l in follow {
            text.push_str(&l);
            text.push('\n');
        }
    }
    text.push_str(&changes_block(dry_run, &changes));
    text.push_str(&dice_line(entered, rolled, "", seed));
    out.extend_from_slice(text.as_bytes());
    Ok(())
}

pub(super) fn figures_word(n: usize) -> String {
    if n == 1 {
        "1 figure".into()
    } else {
        format!("{n} figures")
    }
}
