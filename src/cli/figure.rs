//! Rolls and odds with figures of the game: the roster gives the factors, the results land on
//! the figures, several against one in melee.

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
use crate::game::roles::{self, Cast};
use crate::game::ruling;
use crate::game::spread;
use crate::game::state::{Change, Event, Game};
use crate::game::store::{GameFiles, Store};
use crate::model::{LoneThrows, ProcedureDef, Ruleset};
use crate::present::explain;
use crate::rules::catalog::Catalog;
use serde_json::json;

use super::ctx::game_ruleset;
use super::faces;
use super::odds::{odds, planned_ruled};
use super::owed::{Aimed, Which, aim, also};
use super::roll::{
    Extra, RollHow, Rolled, all_dice_used, count_throws, dice_line, dice_source_with,
    flatten_faces, must_follow, outcome_parts, print_roll, unused_dice,
};
use super::{Cli, Report, fresh_seed, guided, rules_flag, write_json};

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
        let Aimed {
            p,
            cast,
            words: typed,
            owed,
        } = aim(game, ruleset, which, how.factors, &pinned)?;
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
        let n = found.pairings.len().max(1);
        let mut source = dice_source_with(how.dice, seed, ask)?;
        // Results land on a copy, kept unless this is a dry run. Every pairing reads the
        // figures as they were before any result: the pairings are fought at once.
        let words = |_: &roles::Figures| typed.clone();
        let one = (&mut source, &mut event, umpire);
        let Fight {
            mut fought,
            moved_on,
            lone,
            lone_end,
        } = fight(game, &mut after, ruleset, p, &found, &words, one)?;
        // One figure's chain may not need the faces thrown for its later rolls; several
        // pairings read the faces in order, where one left over is a mistake.
        let cut_short = !ruleset.next_procedures(p).is_empty();
        let unused = if n == 1 && cut_short && source.unused().len() < how.dice.len() {
            unused_dice(&source)
        } else {
            all_dice_used(&source, how.dice.len())?;
            Vec::new()
        };
        let mut lone_end = lone_end;
        // A roll that is a check the figure owes makes it: it leaves the queue, and the log's
        // line says which check it was (`PROCEDURE (A1, FACTOR=VALUE)`).
        // (the check's factors, the line that says it was made)
        let mut made: Option<(String, String)> = None;
        if let Some(at) = owed
            && let Some(factors) = after.pending.get(at).map(|c| c.factors.join(" "))
        {
            made = pending::made(&mut after, at, &mut event).map(|line| (factors, line));
        }
        // The log's line for each pairing says what happened and what landed; the checks it
        // makes and leaves owed are bookkeeping, in the changes printed and the event's.
        let mut summary = Vec::new();
        for (i, (step, _, landed, figs)) in fought.iter_mut().enumerate() {
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
            let dropped = crate::game::aim::aim_follow_ups(step, (game, &after), ruleset, figs);
            match lone_end.as_mut() {
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
            landed.extend(pending::queue_follow_ups(
                &mut after, step, &what, &mut event,
            ));
        }
        // Other figures the roll fell on owe what it calls for whatever its result.
        if let Some((step, _, landed, _)) = fought.first_mut() {
            let cause = format!("{} ({}): {}", p.name, who(&found), step.outcome());
            let more = (how.also, typed.as_slice(), cause.as_str());
            landed.extend(also(
                game, &mut after, ruleset, p, &found, more, &mut event,
            )?);
        }
        if let (Some(u), Some((step, _, landed, _))) = (&acting_unit, fought.first_mut()) {
            let link = step.clone();
            landed.extend(crate::game::turn::chain_record(
                &mut after, ruleset, p, u, &link, &mut event,
            )?);
        }
        if let Some((_, _, landed, _)) = fought.first_mut() {
            landed.splice(0..0, moved_on.into_iter().chain(acted));
            if let Some((code, cost)) = &cost {
                allowance::record(&mut after, ruleset, code, *cost, &mut event)?;
            }
        }
        // And those a figure owed before, when this roll took it out of the game.
        let gone = pending::drop_out_of_play(&mut after, g, &mut event);
        match (lone_end.as_mut(), fought.last_mut()) {
            (Some(end), _) => end.changes.extend(gone),
            (None, Some((_, _, landed, _))) => landed.extend(gone),
            (None, None) => {}
        }
        let (mut n_entered, mut n_rolled) = (0, 0);
        for (step, ..) in &fought {
            count_throws(step, &mut n_entered, &mut n_rolled);
        }
        // The lone figure's one throw was counted once per pairing.
        if let Some(t) = &lone {
            let again = n - 1;
            if t.entered {
                n_entered = n_entered.saturating_sub(again);
            } else {
                n_rolled = n_rolled.saturating_sub(again);
            }
        }
        let head = changes_head(how.dry_run);
        let faces: Vec<String> = fought.iter().flat_map(|(s, ..)| flatten_faces(s)).collect();
        event.summary = summary.join(" | ");
        event.detail = Some(json!({ "seed": seed, "faces": faces, "entered": n_entered }));
        if n == 1 {
            if let Some((step, lines, landed, _)) = fought.pop() {
                let mut extra = Extra::default();
                // `roll --next` says first which check it makes.
                if let (Which::Owed { .. }, Some(at)) = (which, owed)
                    && let Some(check) = game.pending.get(at)
                {
                    extra.before.push(format!(
                        "check {} of {} owed: {}",
                        at + 1,
                        game.pending.len(),
                        check.described()
                    ));
                }
                extra.before.push("from the roster:".into());
                extra.before.extend(lines.iter().map(|l| format!("  {l}")));
                if landed.is_empty() {
                    extra.after.push(format!("{head} none"));
                } else {
                    extra.after.push(head.into());
                    extra.after.extend(landed.iter().map(|l| format!("  {l}")));
                }
                // The changes as sentences, and as the game's log keeps them.
                extra.json = Some(json!({
                    "roster": lines,
                    "changes": landed,
                    "dry_run": how.dry_run,
                    "state_changes": event.changes,
                    "facts": crate::game::facts::of(&event.changes),
                }));
                if let (Some(serde_json::Value::Object(more)), Some(at)) = (&mut extra.json, owed) {
                    more.insert("check".into(), json!(game.pending.get(at)));
                }
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
            *game = after;
        }
        Ok((!how.dry_run).then_some(event))
    };
    let attempt = |game: &mut Game, out: &mut Vec<u8>, report: &mut Report, ask| {
        let ruleset = game_ruleset(catalog, cli.rules.as_deref(), game)?;
        resolve(game, &ruleset, out, report, ask)
    };
    locked(cli, (&files, seed), how.dry_run, &attempt, out, report)
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
            .then(|| guided::face_asker(cli.chances.clone()))
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

/// The heading of what a roll did to the figures, or would have done in a dry run.
fn changes_head(dry_run: bool) -> &'static str {
    if dry_run {
        "would change (dry run, nothing written):"
    } else {
        "changes:"
    }
}

/// What a roll did to the figures (or would have, in a dry run), a line each, or `none`.
pub(super) fn changes_block<S: AsRef<str>>(dry_run: bool, changes: &[S]) -> String {
    let head = changes_head(dry_run);
    if changes.is_empty() {
        return format!("{head} none\n");
    }
    let mut text = format!("{head}\n");
    for c in changes {
        text.push_str(&format!("  {}\n", c.as_ref()));
    }
    text
}

/// What befell the lone figure of several against one, once every pairing landed.
pub(super) struct LoneEnd {
    pub(super) figure: String,
    /// How many it fought.
    pub(super) against: usize,
    /// Its worst result, with that result's label; none when no pairing gave it one.
    pub(super) worst: Option<(String, fight::Worst)>,
    /// The checks it owed that its end took away.
    pub(super) changes: Vec<String>,
    /// Whether its one throw served every pairing.
    pub(super) shared: bool,
}

/// Each pairing: its step, the roster's lines, what it landed, and its figures.
pub(super) type Fought = (Step, Vec<String>, Vec<String>, roles::Figures);

pub(super) fn print_pairings(
    cli: &Cli,
    ruleset: &Ruleset,
    (fought, lone_end): (&[Fought], Option<&LoneEnd>),
    (seed, n_entered, n_rolled): (u64, usize, usize),
    (dry_run, state_changes): (bool, &[Change]),
    out: &mut Vec<u8>,
    report: &mut Report,
) -> Result<()> {
    let n = fought.len();
    let head = changes_head(dry_run);
    // Every pairing's checks are owed, not only the first's.
    report.must_follow = fought.iter().flat_map(|(s, ..)| must_follow(s)).collect();
    if cli.json {
        let value = json!({
            "ruleset": ruleset.name(),
            "seed": seed,
            "dice_entered": n_entered,
            "dice_rolled": n_rolled,
            "dry_run": dry_run,
            "pairings": fought.iter().map(|(step, lines, landed, figs)| json!({
                "figures": figs.sides,
                "roster": lines,
                "outcome": step.outcome(),
                "outcome_parts": outcome_parts(step),
                "step": step,
                "follow_ups": explain::follow_ups(step),
                "changes": landed,
            })).collect::<Vec<_>>(),
            "lone": lone_end.map(|end| json!({
                "figure": end.figure,
                "against": end.against,
                "worst": end.worst.as_ref().map(|(label, w)| json!({
                    "result": w.result,
                    "label": label,
                    "together": w.together,
                })),
                "changes": end.changes,
            })),
            "state_changes": state_changes,
            "facts": crate::game::facts::of(state_changes),
        });
        return write_json(out, value);
    }
    let mut text = String::new();
    for (i, (step, lines, landed, figs)) in fought.iter().enumerate() {
        let who: Vec<String> = figs.sides.iter().map(|(s, f)| format!("{s} {f}")).collect();
        text.push_str(&format!(
            "pairing {} of {n}: {}\n",
            i + 1,
            who.join(" against ")
        ));
        text.push_str("from the roster:\n");
        for l in lines {
            text.push_str(&format!("  {l}\n"));
        }
        text.push_str(&explain::roll(ruleset, step, &rules_flag(cli)));
        if landed.is_empty() {
            text.push_str(&format!("{head} none\n"));
        } else {
            text.push_str(&format!("{head}\n"));
            for l in landed {
                text.push_str(&format!("  {l}\n"));
            }
        }
        text.push('\n');
    }
    if let Some(end) = lone_end {
        let worst = end.worst.as_ref().map(|(label, w)| (label.as_str(), w));
        text.push_str(&crate::present::whole::lone_end(
            &end.figure,
            end.against,
            worst,
        ));
        for l in &end.changes {
            text.push_str(&format!("  {l}\n"));
        }
    }
    let shared = if lone_end.is_some_and(|e| e.shared) {
        format!(", the lone figure's throw shared by the {n} pairings")
    } else {
        String::new()
    };
    text.push_str(&dice_line(n_entered, n_rolled, &shared, seed));
    out.extend_from_slice(text.as_bytes());
    Ok(())
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

/// The words of one pairing of `n` (or of the figures' one roll): the roster's for its
/// figures, the count of the lone figure's extra opponents, then the words typed; with the
/// roster's lines.
pub(super) fn pairing_words(
    game: &Game,
    ruleset: &Ruleset,
    p: &ProcedureDef,
    (figs, i, n): (&roles::Figures, usize, usize),
    typed: &[String],
) -> Result<(Vec<String>, Vec<String>)> {
    let (mut words, lines) = figures::roster_words(game, ruleset, p, figs, typed)?;
    words.extend(figures::outnumbered(p, n, typed));
    words.extend(figures::beyond_first(p, i));
    words.extend(typed.iter().cloned());
    Ok((words, lines))
}
