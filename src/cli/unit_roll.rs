//! `umpire roll PROCEDURE --unit NAME`: every able figure of a unit performs the procedure in
//! one command, each with its own markers and the target the umpire gave it, one line a
//! figure, then what changed, logged as one event that one `undo` takes back.

use crate::game::spread;
use std::cell::RefCell;

use serde_json::json;

use crate::engine::dice::DiceSource;
use crate::engine::resolve::Step;
use crate::error::{Error, Result};
use crate::game::allowance;
use crate::game::counters;
use crate::game::legality;
use crate::game::pending;
use crate::game::roles::Cast;
use crate::game::roles::Figures;
use crate::game::ruling::Umpire;
use crate::game::state::{Event, Game};
use crate::game::store::Store;
use crate::game::unit_action;
use crate::model::{ActionDef, GameDef, ProcedureDef, Ruleset};
use crate::present::explain;

use super::ctx::game_ruleset;
use super::figure::{locked, who};
use super::figure_said::changes_block;
use super::owed::{FigureWords, Which, also, unit_checks};
use super::roll::{RollHow, all_dice_used, count_throws, dice_line, flatten_faces, must_follow};
use super::unit_pick::{
    Roll, aimed, as_piece, figure_plan, rolled_once, rolls_of, unit_plan, unit_procedure,
    unit_targets,
};
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
                let next = piece_next(game, &ruleset, what, unit, how.factors)?;
                *piece.borrow_mut() = Some((cast, next));
                return Ok(None);
            }
            let (targets, upon) = typed_targets(how, cast)?;
            let (p, checks) = procedure_of(game, &ruleset, what, unit, how.factors)?;
            let (action, acting) = unit_plan(game, &ruleset, p, unit, &targets)?;
            let (rolls, held) = rolls_of(game, &ruleset, p, &action, checks, how.factors);
            let g = crate::game::lookup::game_def(&ruleset)?;
            let source = super::roll::dice_source_with(how.dice, seed, ask)?;
            let roll = UnitRoll {
                cli,
                how,
                seed,
                game,
                ruleset: &ruleset,
                g,
                p,
                unit: &action.unit,
                umpire: cli.umpire(),
                options: (acting.as_str(), upon.as_str()),
                aim: (targets.as_slice(), ruleset.chain_spreads(p)),
            };
            let (event, after) = roll.made(&action, &rolls, held, source, out, report)?;
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

/// Of a unit that is one piece, the check its roll makes, by its place in the queue (from 1):
/// of a roll of checks owed, the first the piece owes; none of a procedure named.
fn piece_next(
    game: &Game,
    ruleset: &Ruleset,
    what: UnitWhat<'_>,
    unit: &str,
    factors: &[String],
) -> Result<Option<usize>> {
    // A piece's check owed: the first it owes, by its place in the queue.
    Ok(match what {
        UnitWhat::Owed(procedure) => {
            let (p, _) = unit_checks(game, ruleset, procedure, unit, factors)?;
            let u = crate::game::lookup::unit_or_code(game, unit)?;
            let at = game
                .pending
                .iter()
                .position(|c| c.procedure == p.name && c.figure.eq_ignore_ascii_case(&u.name));
            at.map(|i| i + 1)
        }
        UnitWhat::Named(_) => None,
    })
}

/// The figures the unit's roll is aimed at, and the option that named them, once the command
/// line is found to ask what a unit's roll can do: each figure rolls once, and `--also` names
/// figures other than the targets.
fn typed_targets(how: &RollHow<'_>, cast: &Cast) -> Result<(Vec<String>, String)> {
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
    Ok((targets, upon))
}

/// The procedure a unit's roll rolls: the one named (or another in its stead, see
/// [`unit_procedure`]), or that of the checks the unit's figures owe, with each figure's check.
fn procedure_of<'r>(
    game: &Game,
    ruleset: &'r Ruleset,
    what: UnitWhat<'_>,
    unit: &str,
    factors: &[String],
) -> Result<(&'r ProcedureDef, Option<Vec<FigureWords>>)> {
    Ok(match what {
        UnitWhat::Named(procedure) => {
            let p = ruleset.procedure_or_err(procedure)?;
            (unit_procedure(game, ruleset, p, unit)?, None)
        }
        UnitWhat::Owed(procedure) => {
            let (p, checks) = unit_checks(game, ruleset, procedure, unit, factors)?;
            (p, Some(checks))
        }
    })
}

/// The figures held back from a unit's roll, each with why.
type Held = Vec<(String, String)>;

/// What every step of a unit's roll reads: the command line, the game as it stood before the
/// roll and its ruleset, the procedure rolled by which unit, and whom its figures aim at.
struct UnitRoll<'a> {
    cli: &'a Cli,
    how: &'a RollHow<'a>,
    seed: u64,
    game: &'a Game,
    ruleset: &'a Ruleset,
    g: &'a GameDef,
    p: &'a ProcedureDef,
    unit: &'a str,
    umpire: Umpire<'a>,
    /// The options that name the figure acting and the figure acted upon.
    options: (&'a str, &'a str),
    /// The umpire's targets, and whether the roll's hits fall at random on the target's group.
    aim: (&'a [String], bool),
}

impl<'a> UnitRoll<'a> {
    /// The unit's roll made on a copy of the game, printed, and its report written: the event
    /// to log, and the game after it.
    fn made(
        &self,
        action: &unit_action::UnitAction,
        rolls: &[Roll],
        mut held: Held,
        mut source: DiceSource,
        out: &mut Vec<u8>,
        report: &mut Report,
    ) -> Result<(Event, Game)> {
        let (game, how, p) = (self.game, self.how, self.p);
        let mut event = Event::new(game.turn.number, &how.line, "");
        let mut after = game.clone();
        // A roll that is one of the figures' actions is weighed against the turn once for
        // the unit (acting activates it), and counted on each figure it moves.
        let (counted, acted) = self.weighed(rolls, &mut after, &mut event)?;
        // A procedure the unit rolls once (its movement, say) is rolled by its first able
        // figure for them all.
        let once = rolled_once(game, self.ruleset, p, &action.unit)?;
        let covers: Vec<String> = action.acts.iter().map(|(c, _)| c.clone()).collect();
        let once = once.then_some(covers.as_slice());
        let rolling = (&mut after, &mut source, &mut event);
        let mut done = self.each_rolled(rolls, (once, counted), rolling, &mut held)?;
        if done.is_empty() {
            return Err(unit_action::none_able(&action.unit, &p.name, &held));
        }
        if let Some(d) = done.first_mut() {
            d.changes.splice(0..0, acted);
        }
        all_dice_used(&source, how.dice.len())?;
        self.owed_after(&mut done, &mut after, &mut event)?;
        let (entered, rolled) = self.logged(&done, &mut event);
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
            dice: (self.seed, entered, rolled),
            dry_run: how.dry_run,
            once,
            changed: &event.changes,
        };
        print(self.cli, self.ruleset, &said, out)?;
        Ok((event, after))
    }

    /// The roll weighed against the turn once for the unit, before a die is thrown: the checks
    /// it makes, which may be owed first, and where it is one of the figures' actions, whether
    /// the unit may act now (acting activates it, on `after`). The action, and what acting did.
    fn weighed(
        &self,
        rolls: &[Roll],
        after: &mut Game,
        event: &mut Event,
    ) -> Result<(Option<&'a ActionDef>, Vec<String>)> {
        let (game, ruleset, p, umpire) = (self.game, self.ruleset, self.p, self.umpire);
        // The checks the unit's figures owe that this roll makes, which may be owed at once.
        let making: Vec<usize> = rolls
            .iter()
            .filter_map(|(c, _, words)| pending::matching(game, ruleset, p, c, words))
            .collect();
        legality::owed_first(game, &making, umpire, event)?;
        let counted = legality::action_rolled(ruleset, p, self.how.factors);
        let mut acted = Vec::new();
        if counted.is_some() {
            let acting = legality::may_act(game, ruleset, (self.unit, counted), umpire, event)?;
            acted = legality::acts(after, ruleset, self.unit, acting, umpire, event)?;
        }
        Ok((counted, acted))
    }

    /// Each figure's roll in turn, or when the unit rolls once (`once`, the figures it stands
    /// for), the first able figure's for them all: the figures the rules hold back stay out
    /// (in `held`), and a figure the roll refuses stops the unit's roll, named.
    fn each_rolled(
        &self,
        rolls: &[Roll],
        (once, counted): (Option<&[String]>, Option<&ActionDef>),
        (after, source, event): (&mut Game, &mut DiceSource, &mut Event),
        held: &mut Held,
    ) -> Result<Vec<Done>> {
        let (ruleset, p) = (self.ruleset, self.p);
        let mut done: Vec<Done> = Vec::new();
        for (code, target, words) in rolls {
            let takes: &[String] = match once {
                Some(covers) => covers,
                None => std::slice::from_ref(code),
            };
            let (costs, out) = self.takers(after, takes, counted, event)?;
            // One roll for the unit goes on for those who may still take it.
            let stays_out = once.is_none() || costs.is_empty();
            if !out.is_empty() {
                held.extend(out);
                if stays_out && once.is_some() {
                    break;
                }
                if stays_out {
                    continue;
                }
            }
            // A target an earlier figure took out of the game passes to the next one standing.
            let Some(target) = aimed(after, (code, target.as_deref()), self.aim, held) else {
                continue;
            };
            let who = (code.as_str(), target.as_deref());
            // A figure the roll refuses (a rule it breaks) is named: the unit's roll stops.
            let mut d = source
                .thrown_by(code, |s| {
                    let one = (s, &mut *event, self.umpire);
                    figure_step(&mut *after, ruleset, p, self.options, who, words, one)
                })
                .map_err(|e| e.about(code))?;
            for (c, cost) in costs {
                allowance::record(after, ruleset, &c, cost, event)?;
                // The one roll is each covered figure's own: counted on each (the one
                // that threw was counted as it landed).
                if c != *code {
                    counters::rolled(after, ruleset, &p.name, &c, event)?;
                }
            }
            // A roll that is a check the figure owes makes it, as a figure's own roll does.
            if let Some(at) = pending::matching(after, ruleset, p, code, words) {
                d.changes.extend(pending::made(after, at, event));
            }
            done.push(d);
            if once.is_some() {
                break;
            }
        }
        Ok(done)
    }

    /// Which of the figures a roll covers (`takes`) take it, with what the action (`counted`)
    /// costs each, and which stay out of the unit's roll, with why: a figure that has made its
    /// most of these rolls (a test once a turn), or has not the action left, is said to (unless
    /// the umpire rules otherwise).
    fn takers(
        &self,
        after: &Game,
        takes: &[String],
        counted: Option<&ActionDef>,
        event: &mut Event,
    ) -> Result<(Vec<(String, u32)>, Held)> {
        let mut costs = Vec::new();
        let mut out = Vec::new();
        for c in takes {
            let Some(f) = after.figure(c) else { continue };
            let mut refused = counters::refusals(self.g, f, &self.p.name);
            let mut cost = 0;
            if let Some(a) = counted {
                let (n, more) = allowance::weigh(after, self.g, c, a);
                cost = n;
                refused.extend(more.into_iter().map(|(r, fix)| (r, Some(fix))));
            }
            match self.umpire.hold_or_allow(refused, event)? {
                Some(why) => out.push((c.clone(), why)),
                None => costs.push((c.clone(), cost)),
            }
        }
        Ok((costs, out))
    }

    /// What the figures' rolls leave owed on `after`: the checks their results call for, the
    /// checks of the other figures the action fell on (`--also`), and no more those of figures
    /// taken out of the game.
    fn owed_after(&self, done: &mut [Done], after: &mut Game, event: &mut Event) -> Result<()> {
        let (game, ruleset, p) = (self.game, self.ruleset, self.p);
        // The checks the results call for, owed by the figures as they stand after them
        // all (a target a later shot killed owes none), and those of figures taken out.
        for d in done.iter_mut() {
            let what = format!("{} ({}): {}", p.name, who(&d.figures), d.step.outcome());
            let (step, figs) = (&mut d.step, &d.figures);
            let owed = pending::owe_follow_ups(game, after, ruleset, step, figs, &what, event);
            d.changes.extend(owed);
        }
        // The other figures the action fell on (`--also`) owe what it calls for whatever
        // its results, each read as if it were the first figure's target.
        if let Some(d) = done.first_mut() {
            let cause = format!("{} ({}): {}", p.name, self.unit, d.step.outcome());
            let more = (self.how.also, self.how.factors, cause.as_str());
            let found = d.figures.clone();
            d.changes
                .extend(also(game, after, ruleset, p, &found, more, event)?);
        }
        let gone = pending::drop_out_of_play(after, self.g, event);
        if let Some(d) = done.last_mut() {
            d.changes.extend(gone);
        }
        Ok(())
    }

    /// The event's line of the unit's roll (each figure's outcome, with what it changed) and
    /// its dice; the throws entered and rolled.
    fn logged(&self, done: &[Done], event: &mut Event) -> (usize, usize) {
        let (mut entered, mut rolled) = (0, 0);
        let mut faces = Vec::new();
        for d in done {
            count_throws(&d.step, &mut entered, &mut rolled);
            faces.extend(flatten_faces(&d.step));
        }
        let lines: Vec<String> = done.iter().map(|d| who(&d.figures)).collect();
        event.summary = format!(
            "{} ({}, {}): {}",
            self.p.name,
            self.unit,
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
        let seed = self.seed;
        event.detail = Some(json!({ "seed": seed, "faces": faces, "entered": entered }));
        (entered, rolled)
    }
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
