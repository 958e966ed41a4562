//! Rolls and odds with figures of the game: the roster gives the factors, the results land on
//! the figures, several against one in melee.

use crate::game::{roles, ruling, spread};
use std::cell::RefCell;

use crate::engine::dice::{Asker, DiceSource};
use crate::engine::fight;
use crate::engine::resolve::{Step, ThrowRecord};
use crate::error::{Error, Result};
use crate::game::allowance;
use crate::game::figures;
use crate::game::legality;
use crate::game::lookup::game_def;
use crate::game::pending;
use crate::game::roles::Cast;
use crate::game::state::Check;
use crate::game::state::{Event, Game};
use crate::game::store::{GameFiles, Store};
use crate::model::{GameDef, LoneThrows, ManyOnOneDef, ProcedureDef, Ruleset};
use crate::rules::catalog::Catalog;
use serde_json::json;

use super::ctx::game_ruleset;
use super::faces;
use super::fight_odds::pairing_words;
use super::figure_said::{Fought, LoneEnd, print_pairings, roster_extra};
use super::odds::{odds, planned_ruled};
use super::owed::{Aimed, Which, aim, also};
use super::roll::{
    RollHow, Rolled, all_dice_used, count_throws, dice_source_with, flatten_faces, print_roll,
    unused_dice,
};
use super::{Cli, Report, fresh_seed};

/// A roll with figures of the current game: the roster gives troop types, weapons and markers,
/// and the results land on the figures, all under the game's lock and in its log.
pub(super) fn figure_roll(
    cli: &Cli,
    catalog: &Catalog,
    which: &Which<'_>,
    how: &RollHow<'_>,
    out: &mut Vec<u8>,
    report: &mut Report,
) -> Result<()> {
    report.in_game = true;
    if how.times != 1 {
        return Err(
            Error::usage("with figures from a game, each roll is one figure's")
                .with_hint("roll each figure in turn; --times is for rolls without a game"),
        );
    }
    let files = Store::open_default()?.current(cli.game.as_deref())?;
    // One seed for every time the roll is made, so that it throws the same each time.
    let seed = cli.seed.unwrap_or_else(fresh_seed);
    let pinned = RefCell::new(None);
    let resolve = |game: &mut Game,
                   ruleset: &Ruleset,
                   out: &mut Vec<u8>,
                   report: &mut Report,
                   ask: Option<Asker>|
     -> Result<Option<Event>> {
        let mut w = weigh(cli, game, ruleset, which, how, &pinned)?;
        let (p, owed) = (w.p, w.owed);
        let n = w.found.pairings.len().max(1);
        let mut source = dice_source_with(how.dice, seed, ask)?;
        // Results land on a copy, kept unless this is a dry run. Every pairing reads the
        // figures as they were before any result: the pairings are fought at once.
        let words = |_: &roles::Figures| w.typed.clone();
        let one = (&mut source, &mut w.event, cli.umpire());
        let mut pairings = fight(game, &mut w.after, ruleset, p, &w.found, &words, one)?;
        // One figure's chain may not need the faces thrown for its later rolls; several
        // pairings read the faces in order, where one left over is a mistake.
        let cut_short = !ruleset.next_procedures(p).is_empty();
        let unused = if n == 1 && cut_short && source.unused().len() < how.dice.len() {
            unused_dice(&source)
        } else {
            all_dice_used(&source, how.dice.len())?;
            Vec::new()
        };
        let summary = w.logged(game, ruleset, &mut pairings);
        w.settled(game, ruleset, &mut pairings, how.also)?;
        let Fight {
            mut fought,
            lone,
            lone_end,
            ..
        } = pairings;
        let (n_entered, n_rolled) = throws_counted(&fought, lone.as_ref(), n);
        let mut event = w.event;
        let faces: Vec<String> = fought.iter().flat_map(|(s, ..)| flatten_faces(s)).collect();
        event.summary = summary.join(" | ");
        event.detail = Some(json!({ "seed": seed, "faces": faces, "entered": n_entered }));
        if n == 1 {
            if let Some((step, lines, landed, _)) = fought.pop() {
                let said = (lines.as_slice(), landed.as_slice());
                let extra = roster_extra(game, (which, owed), said, (how.dry_run, &event.changes));
                let rolled = Rolled {
                    steps: vec![step],
                    seed,
                    entered: n_entered,
                    rolled: n_rolled,
                    unused,
                };
                print_roll(cli, ruleset, p, &rolled, &extra, out, report)?;
            }
        } else {
            print_pairings(
                cli,
                ruleset,
                (&fought, lone_end.as_ref()),
                (seed, n_entered, n_rolled),
                (how.dry_run, &event.changes),
                out,
                report,
            )?;
        }
        if !how.dry_run {
            *game = w.after;
        }
        Ok((!how.dry_run).then_some(event))
    };
    let attempt = |game: &mut Game, out: &mut Vec<u8>, report: &mut Report, ask| {
        let ruleset = game_ruleset(catalog, cli.rules.as_deref(), game)?;
        resolve(game, &ruleset, out, report, ask)
    };
    locked(cli, (&files, seed), how.dry_run, &attempt, out, report)
}

/// A figure's roll weighed against the rules before a die is thrown: what it rolls, with what
/// and whom, the event so far, and the game its results land on.
struct Weighed<'r> {
    p: &'r ProcedureDef,
    g: &'r GameDef,
    found: roles::Figures,
    /// The words typed or set.
    typed: Vec<String>,
    /// The check the roll makes, by its place in the queue.
    owed: Option<usize>,
    event: Event,
    /// The unit of the figure acting, whose turn's chain the roll may be a link of.
    acting_unit: Option<String>,
    /// The game the results land on: a copy, kept unless this is a dry run.
    after: Game,
    /// What acting changed (the unit activated).
    acted: Vec<String>,
    /// The figure acting and what the action costs it, when the roll is one of its actions.
    cost: Option<(String, u32)>,
}

/// What `which` rolls, and what the rules refuse of it before a die is thrown (unless the
/// umpire rules otherwise): a check owed first, a link of the turn's chain out of turn, a
/// figure that has made its most of these rolls, a unit that may not act, a figure without
/// the action left.
fn weigh<'r>(
    cli: &Cli,
    game: &Game,
    ruleset: &'r Ruleset,
    which: &Which<'_>,
    how: &RollHow<'_>,
    pinned: &RefCell<Option<Check>>,
) -> Result<Weighed<'r>> {
    let Aimed {
        p,
        cast,
        words: typed,
        owed,
    } = aim(game, ruleset, which, how.factors, pinned)?;
    let mut found = figures::find(game, ruleset, p, &cast)?;
    // A check the figure owes from an earlier turn counts toward that turn.
    found.owed_in = owed.and_then(|at| pending::owed_in(game, at));
    let mut event = Event::new(game.turn.number, &how.line, "");
    let umpire = cli.umpire();
    legality::owed_first(game, owed.as_slice(), umpire, &mut event)?;
    // The figure acting: of an opposed roll, the first side's.
    let actor = found
        .acting
        .clone()
        .or_else(|| found.sides.first().map(|(_, f)| f.clone()));
    // A roll that is a link of the turn's chain activates its unit, in its side's turn.
    let acting_unit = actor
        .as_deref()
        .and_then(|c| game.figure(c))
        .map(|f| f.unit.clone());
    if let Some(u) = &acting_unit {
        crate::game::turn::chain_check(game, ruleset, p, u, umpire, &mut event)?;
    }
    // A figure that has made its most of these rolls (a test once a turn).
    let g = game_def(ruleset)?;
    if let Some(f) = actor.as_deref().and_then(|c| game.figure(c)) {
        for (refusal, fix) in crate::game::counters::refusals(g, f, &p.name) {
            umpire.allow(refusal, fix, &mut event)?;
        }
    }
    // A roll that is one of the figure's actions is weighed against the turn: its unit
    // may act now (acting activates it), and the figure has the action left.
    let action = legality::action_rolled(ruleset, p, &typed);
    let mut after = game.clone();
    let mut acted = Vec::new();
    let mut cost = None;
    if let (Some(code), Some(u), Some(a)) = (&actor, &acting_unit, action) {
        let acting = legality::may_act(game, ruleset, (u, Some(a)), umpire, &mut event)?;
        acted = legality::acts(&mut after, ruleset, u, acting, umpire, &mut event)?;
        cost = Some((
            code.clone(),
            allowance::check(&after, g, code, a, umpire, &mut event)?,
        ));
    }
    Ok(Weighed {
        p,
        g,
        found,
        typed,
        owed,
        event,
        acting_unit,
        after,
        acted,
        cost,
    })
}

impl Weighed<'_> {
    /// The log's line of each pairing, once the check the roll makes is made and the checks
    /// its results call for are owed: each says what happened and what landed; the checks it
    /// makes and leaves owed are bookkeeping, in the changes printed and the event's.
    fn logged(&mut self, game: &Game, ruleset: &Ruleset, fight: &mut Fight) -> Vec<String> {
        let (p, after, event) = (self.p, &mut self.after, &mut self.event);
        // A roll that is a check the figure owes makes it: it leaves the queue, and the log's
        // line says which check it was (`PROCEDURE (A1, FACTOR=VALUE)`).
        // (the check's factors, the line that says it was made)
        let mut made: Option<(String, String)> = None;
        if let Some(at) = self.owed
            && let Some(factors) = after.pending.get(at).map(|c| c.factors.join(" "))
        {
            made = pending::made(after, at, event).map(|line| (factors, line));
        }
        let mut summary = Vec::new();
        for (i, (step, _, landed, figs)) in fight.fought.iter_mut().enumerate() {
            let mut who = who(figs);
            if let Some((factors, _)) = made.as_ref().filter(|(f, _)| i == 0 && !f.is_empty()) {
                who = format!("{who}, {factors}");
            }
            let what = format!("{} ({who}): {}", p.name, step.outcome());
            summary.push(if landed.is_empty() {
                what.clone()
            } else {
                format!("{what}; {}", landed.join("; "))
            });
            if i == 0 {
                landed.extend(made.as_ref().map(|(_, line)| line.clone()));
            }
            // The checks the results call for, owed by the figures as they stand after them.
            let dropped = crate::game::aim::aim_follow_ups(step, (game, &*after), ruleset, figs);
            match fight.lone_end.as_mut() {
                // Said once for the lone figure, however many pairings called for the check.
                Some(end) => {
                    for line in dropped {
                        if !end.changes.contains(&line) {
                            end.changes.push(line);
                        }
                    }
                }
                None => landed.extend(dropped),
            }
            landed.extend(pending::queue_follow_ups(after, step, &what, event));
        }
        summary
    }

    /// What the roll leaves besides its results: what the other figures it fell on owe
    /// (`also`), its link of the turn's chain, the unit's activation and the action's cost,
    /// and the checks of figures it took out of the game, which no longer stand.
    fn settled(
        &mut self,
        game: &Game,
        ruleset: &Ruleset,
        fight: &mut Fight,
        also_on: &[String],
    ) -> Result<()> {
        let (p, after, event) = (self.p, &mut self.after, &mut self.event);
        let fought = &mut fight.fought;
        // Other figures the roll fell on owe what it calls for whatever its result.
        if let Some((step, _, landed, _)) = fought.first_mut() {
            let cause = format!("{} ({}): {}", p.name, who(&self.found), step.outcome());
            let more = (also_on, self.typed.as_slice(), cause.as_str());
            landed.extend(also(game, after, ruleset, p, &self.found, more, event)?);
        }
        if let (Some(u), Some((step, _, landed, _))) = (&self.acting_unit, fought.first_mut()) {
            let link = step.clone();
            landed.extend(crate::game::turn::chain_record(
                after, ruleset, p, u, &link, event,
            )?);
        }
        if let Some((_, _, landed, _)) = fought.first_mut() {
            let moved_on = std::mem::take(&mut fight.moved_on);
            landed.splice(
                0..0,
                moved_on.into_iter().chain(std::mem::take(&mut self.acted)),
            );
            if let Some((code, cost)) = &self.cost {
                allowance::record(after, ruleset, code, *cost, event)?;
            }
        }
        // And those a figure owed before, when this roll took it out of the game.
        let gone = pending::drop_out_of_play(after, self.g, event);
        match (fight.lone_end.as_mut(), fought.last_mut()) {
            (Some(end), _) => end.changes.extend(gone),
            (None, Some((_, _, landed, _))) => landed.extend(gone),
            (None, None) => {}
        }
        Ok(())
    }
}

/// The throws of a fight of `n` pairings, entered and rolled, the lone figure's one throw
/// counted once.
fn throws_counted(fought: &[Fought], lone: Option<&ThrowRecord>, n: usize) -> (usize, usize) {
    let (mut n_entered, mut n_rolled) = (0, 0);
    for (step, ..) in fought {
        count_throws(step, &mut n_entered, &mut n_rolled);
    }
    // The lone figure's one throw was counted once per pairing.
    if let Some(t) = lone {
        let again = n - 1;
        if t.entered {
            n_entered = n_entered.saturating_sub(again);
        } else {
            n_rolled = n_rolled.saturating_sub(again);
        }
    }
    (n_entered, n_rolled)
}

/// A fight as fought: each pairing (its step, the roster's lines, what it landed, its
/// figures), the lone figure's one throw, and with several against one what befell it.
pub(super) struct Fight {
    pub(super) fought: Vec<Fought>,
    /// Play moved on to the step of the turn that makes this roll, said.
    pub(super) moved_on: Vec<String>,
    pub(super) lone: Option<ThrowRecord>,
    pub(super) lone_end: Option<LoneEnd>,
}

/// The pairings of a fight (one, or several against one): every pairing reads the figures as
/// they were before any result (`before`), for the pairings are fought at once, with the words
/// `typed` gives it; the lone figure's one throw is shared by them all. Results land on
/// `after`, the lone figure's worst first.
pub(super) fn fight(
    before: &Game,
    after: &mut Game,
    ruleset: &Ruleset,
    p: &ProcedureDef,
    found: &roles::Figures,
    typed: &dyn Fn(&roles::Figures) -> Vec<String>,
    (source, event, umpire): (&mut DiceSource, &mut Event, ruling::Umpire<'_>),
) -> Result<Fight> {
    let n = found.pairings.len().max(1);
    let many = p.many_on_one.as_ref().filter(|_| n > 1);
    // The lone figure's one throw serves every pairing, unless it throws in each.
    let lone_at = many
        .filter(|m| m.lone_throws == LoneThrows::Once)
        .and_then(|m| p.sides.iter().position(|s| s.name == m.lone));
    let mut lone: Option<ThrowRecord> = None;
    let mut fought = Vec::new();
    let mut moved_on = Vec::new();
    for i in 0..n {
        let figs = found.pairing(i);
        let (words, lines) = pairing_words(before, ruleset, p, (&figs, i, n), &typed(&figs))?;
        let plan = planned_ruled(ruleset, p, &words, (umpire, &mut *event))?;
        if i == 0 {
            moved_on = legality::in_its_step(after, ruleset, &plan, umpire, event)?;
        }
        let fixed: Vec<Option<ThrowRecord>> = match (lone_at, &lone) {
            (Some(at), Some(t)) => (0..plan.sides.len())
                .map(|k| (k == at).then(|| t.clone()))
                .collect(),
            _ => Vec::new(),
        };
        let step = plan.resolve_with(source, None, &fixed)?;
        if lone.is_none() {
            lone = lone_at.and_then(|at| step.throws.get(at).cloned());
        }
        fought.push((step, lines, Vec::new(), figs));
    }
    // The lone figure's results land worst first, so that the worst stands: a figure
    // taken out takes nothing more, and a marker's rule for a second one holds. (A table
    // that does not rank them lands the pairings in turn.)
    let ranked = many.filter(|m| !m.worst_first.is_empty());
    let worst = land_fought(after, ruleset, &mut fought, ranked, (source, event))?;
    // With several against one, what befell the lone figure in the end: its worst result,
    // and the checks it owed that no longer stand.
    let lone_end: Option<LoneEnd> = ranked.map(|m| LoneEnd {
        figure: found
            .sides
            .iter()
            .find(|(side, _)| *side == m.lone)
            .map(|(_, f)| f.clone())
            .unwrap_or_default(),
        against: n,
        worst: worst.clone().map(|w| (p.result_label(&w.result), w)),
        changes: Vec::new(),
        shared: lone_at.is_some(),
    });
    Ok(Fight {
        fought,
        moved_on,
        lone,
        lone_end,
    })
}

/// Land every pairing's results on `after`: their ties first, then the rest of each, the lone
/// figure's worst first where the table ranks its results (`ranked`); with the lone figure's
/// worst result, if it has one.
fn land_fought(
    after: &mut Game,
    ruleset: &Ruleset,
    fought: &mut [Fought],
    ranked: Option<&ManyOnOneDef>,
    (source, event): (&mut DiceSource, &mut Event),
) -> Result<Option<fight::Worst>> {
    let received: Vec<Option<&str>> = fought
        .iter()
        .map(|(step, ..)| {
            let d = &step.decision;
            let on_lone = ranked.is_some_and(|m| d.loser.as_ref() == Some(&m.lone));
            on_lone.then_some(d.result.as_str())
        })
        .collect();
    let order = ranked.map_or_else(
        || (0..fought.len()).collect(),
        |m| fight::landing_order(m, &received),
    );
    let on_lone: Vec<&str> = received.iter().flatten().copied().collect();
    let worst = ranked.and_then(|m| fight::worst(m, &on_lone));
    let mut landed_each: Vec<Vec<String>> = vec![Vec::new(); fought.len()];
    // Every pairing's ties (`on: each`: two men in hand to hand) are made first, so that what
    // any pairing then does (a man who runs away, untied from all) stands over them.
    let mut steps: Vec<Step> = Vec::new();
    for ((step, _, _, figs), landed) in fought.iter().zip(&mut landed_each) {
        let (each, rest): (Vec<_>, Vec<_>) = step
            .marks
            .iter()
            .cloned()
            .partition(|m| m.role == crate::model::Role::Each);
        let ties = Step {
            marks: each,
            ..step.clone()
        };
        landed.extend(spread::land_marks(after, ruleset, &ties, figs, event)?);
        steps.push(Step {
            marks: rest,
            ..step.clone()
        });
    }
    for i in order {
        if let (Some(step), Some((.., figs)), Some(landed)) =
            (steps.get(i), fought.get(i), landed_each.get_mut(i))
        {
            landed.extend(spread::land(after, ruleset, step, figs, (source, event))?);
        }
    }
    for ((.., landed, _), mine) in fought.iter_mut().zip(landed_each) {
        *landed = mine;
    }
    Ok(worst)
}

/// One try at a roll on the game: it writes its output and report and returns the event to
/// log (none for a dry run). Made once, or twice with dice thrown at the table.
pub(super) type Attempt<'a> =
    dyn Fn(&mut Game, &mut Vec<u8>, &mut Report, Option<Asker>) -> Result<Option<Event>> + 'a;

/// Make a roll on the game under its lock: a dry run on the game as read; else under the
/// lock, with the faces asked for first when dice are thrown at the table.
pub(super) fn locked(
    cli: &Cli,
    (files, seed): (&GameFiles, u64),
    dry_run: bool,
    attempt: &Attempt<'_>,
    out: &mut Vec<u8>,
    report: &mut Report,
) -> Result<()> {
    if dry_run {
        let mut game = files.read()?;
        let ask = cli
            .ask_faces
            .then(|| faces::face_asker(cli.chances.clone()))
            .transpose()?;
        attempt(&mut game, out, report, ask)?;
        return Ok(());
    }
    if !cli.ask_faces {
        return files.update(|game| Ok((attempt(game, out, report, None)?, ())));
    }
    // Dice thrown at the table: the faces are asked for before the game is locked (a prompt
    // stays open as long as the players take, and every other command on the game would wait
    // for it), on the game as it stands; then the roll is made again under the lock with the
    // faces typed, in the same order, and written only if it asked for the same dice.
    let replay = faces::ask_first(&files.name, (seed, cli.chances.clone()), |ask| {
        let mut game = files.read()?;
        attempt(
            &mut game,
            &mut Vec::new(),
            &mut Report::default(),
            Some(ask),
        )
        .map(|_| ())
    })?;
    files.update(|game| {
        let (mut said, mut noted) = (Vec::new(), Report::default());
        let event = attempt(game, &mut said, &mut noted, Some(replay.asker()))?;
        replay.done()?;
        out.extend(said);
        *report = Report {
            in_game: true,
            ..noted
        };
        Ok((event, ()))
    })
}

/// Who did it, for the log and the report: `RR1 at CF2`, `CF1 against RR2`.
pub(super) fn who(figs: &roles::Figures) -> String {
    if figs.sides.is_empty() {
        [figs.acting.as_deref(), figs.acted_upon.as_deref()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" at ")
    } else {
        figs.sides
            .iter()
            .map(|(_, f)| f.as_str())
            .collect::<Vec<_>>()
            .join(" against ")
    }
}

/// Odds with figures of the current game: the roster's words, nothing written.
pub(super) fn figure_odds(
    cli: &Cli,
    catalog: &Catalog,
    procedure: &str,
    cast: &Cast,
    factors: &[String],
    out: &mut Vec<u8>,
) -> Result<()> {
    let files = Store::open_default()?.current(cli.game.as_deref())?;
    let game = files.read()?;
    let ruleset = game_ruleset(catalog, cli.rules.as_deref(), &game)?;
    let p = ruleset.procedure_or_err(procedure)?;
    let found = figures::find(&game, &ruleset, p, cast)?;
    let n = found.pairings.len().max(1);
    // Several against one, in a table that ranks the lone figure's results: the whole fight.
    if let Some(m) = p
        .many_on_one
        .as_ref()
        .filter(|m| n > 1 && !m.worst_first.is_empty())
    {
        let fight = super::fight_odds::Fight {
            game: &game,
            ruleset: &ruleset,
            p,
            m,
            found: &found,
        };
        return super::fight_odds::fight_odds(cli, &fight, factors, out);
    }
    let (words, lines) = pairing_words(&game, &ruleset, p, (&found, 0, n), factors)?;
    if !cli.json {
        out.extend_from_slice(b"from the roster:\n");
        for l in &lines {
            out.extend_from_slice(format!("  {l}\n").as_bytes());
        }
        if n > 1 {
            // Each pairing is rolled alike; the first attacker stands for them all here.
            out.extend_from_slice(
                format!("odds of one of the {n} pairings (the first attacker's)\n").as_bytes(),
            );
        }
    }
    odds(cli, &ruleset, procedure, &words, out)
}
