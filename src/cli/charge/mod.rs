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
use crate::game::lookup::game_def;
use crate::game::pending;
use crate::game::roles::Figures;
use crate::game::roles::{Cast, Named};
use crate::game::state::{Event, Game};
use crate::game::store::Store;
use crate::model::{GameDef, Part, Ruleset};
use crate::rules::catalog::Catalog;

use super::ctx::game_ruleset;
use super::fight_odds::pairing_words;
use super::figure::{Fight, fight, locked};
use super::odds::planned;
use super::roll::{all_dice_used, dice_source_with, flatten_faces};
use super::unit_roll::{Done, figure_step};
use super::{ChargeArgs, Cli, Report, fresh_seed};

mod reaction;
mod said;

use reaction::reacted;
use said::{Fray, Said, print, steps, summary, thrown};

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
            refused_first(&after, &ruleset, &c, a)?;
            let mut said = Said {
                start: charge::start(&mut after, &ruleset, &c, cli.umpire(), &mut event)?,
                ..Said::default()
            };
            let (mut charging, costs) =
                joining(&after, (&ruleset, cli), &c, &mut event, &mut said)?;
            checks_before(
                &mut after,
                (&ruleset, cli),
                &c,
                (&mut source, &mut event),
                &mut charging,
                &mut said,
            )?;
            let groups = launch(
                &mut after,
                &ruleset,
                &c,
                (&charging, &costs, &a.fights),
                &mut event,
                &mut said,
            )?;
            // The charge is made by those who launch it: a rule that asks for enough chargers
            // counts them, whatever the reaction's fire then does.
            let launched = charging.len();
            let (fired, failed) = reacted(
                (game, &mut after),
                (&ruleset, cli),
                &c,
                (&groups, &mut charging, a.react),
                (&mut source, &mut event),
                &mut said,
            )?;
            let flags = fight_flags(
                &a.factors,
                &ruleset,
                &c,
                (&charging, launched),
                (&fired, &failed),
            )?;
            melee(
                &mut after,
                (&ruleset, cli),
                &c,
                (groups, &charging),
                &flags,
                (&mut source, &mut event),
                &mut said,
            )?;
            all_dice_used(&source, a.dice.len())?;
            owe((game, &mut after), &ruleset, &c, &mut said, &mut event);
            said.changes.extend(pending::drop_out_of_play(
                &mut after,
                game_def(&ruleset)?,
                &mut event,
            ));
            report.must_follow = Vec::new();
            told(
                (cli, &ruleset, &c),
                &mut said,
                (seed, a.dry_run),
                &mut event,
                out,
            )?;
            if !a.dry_run {
                *game = after;
            }
            Ok((!a.dry_run).then_some(event))
        };
    locked(cli, (&files, seed), a.dry_run, &attempt, out, report)
}

/// What is refused before any die is thrown: a charge the rules of eligibility refuse, the
/// fights the umpire gave, and what the reaction spends.
fn refused_first(game: &Game, ruleset: &Ruleset, c: &Charge<'_>, a: &ChargeArgs) -> Result<()> {
    admitted(game, ruleset, c, &a.factors)?;
    // The fights the umpire gave and what the reaction spends, checked before any die
    // is thrown.
    charge::groups(c, &c.chargers, &a.fights)?;
    if a.react {
        let mut scratch = Event::new(game.turn.number, "", "");
        charge::react(&mut game.clone(), ruleset, c, &mut scratch)?;
    }
    Ok(())
}

/// Who may join: a charger whose standing keeps it out stays out, and said so, and so does
/// one with no action left (unless the umpire rules otherwise); too few left is no charge
/// (unless the umpire rules otherwise). Those who charge, and what each one's action costs.
#[expect(
    clippy::type_complexity,
    reason = "those who charge, and a figure and its cost each"
)]
fn joining(
    after: &Game,
    (ruleset, cli): (&Ruleset, &Cli),
    c: &Charge<'_>,
    event: &mut Event,
    said: &mut Said,
) -> Result<(Vec<String>, Vec<(String, u32)>)> {
    let mut charging = c.chargers.clone();
    let kept = kept_out(after, ruleset, c, &charging)?;
    charging.retain(|f| !kept.iter().any(|(x, _)| x == f));
    said.idle.extend(kept);
    // A charger with no action left stays out too (unless the umpire rules otherwise).
    let (costs, idle) = allowances(
        after,
        ruleset,
        c.def.action.as_deref(),
        &mut charging,
        cli,
        event,
    )?;
    said.idle.extend(
        idle.into_iter()
            .map(|(f, why)| (f, format!("does not charge: {why}"))),
    );
    charge::enough(c, charging.len(), cli.umpire(), event)?;
    Ok((charging, costs))
}

/// The checks before the charge, each by every charger in turn: a charger whose result keeps
/// it out does not charge.
fn checks_before(
    after: &mut Game,
    (ruleset, cli): (&Ruleset, &Cli),
    c: &Charge<'_>,
    (source, event): (&mut crate::engine::dice::DiceSource, &mut Event),
    charging: &mut Vec<String>,
    said: &mut Said,
) -> Result<()> {
    for b in &c.before {
        let p = ruleset.procedure_or_err(&b.procedure)?;
        let words: Vec<String> = b
            .set
            .iter()
            .map(|(f, v)| format!("{f}={}", v.word()))
            .collect();
        let mut rolls = Vec::new();
        let o = options(ruleset, p)?;
        let o = (o.0.as_str(), o.1.as_str());
        let joined = charging.clone();
        for code in &joined {
            let one = (&mut *source, &mut *event, cli.umpire());
            let d = figure_step(after, ruleset, p, o, (code, None), &words, one)?;
            let out_of_it = b.out.contains(&d.step.decision.result);
            if out_of_it {
                charging.retain(|x| x != code);
            }
            rolls.push((d, out_of_it));
        }
        said.before.push((b.label.clone(), rolls));
    }
    Ok(())
}

/// The fights of those left to charge (as the umpire gave them, else in turn); a charger left
/// over fights no one, and says so. Each charger left spends its action.
fn launch(
    after: &mut Game,
    ruleset: &Ruleset,
    c: &Charge<'_>,
    (charging, costs, fights): (&[String], &[(String, u32)], &[String]),
    event: &mut Event,
    said: &mut Said,
) -> Result<Vec<Group>> {
    let (groups, left) = charge::groups(c, charging, fights)?;
    let most = c.fight.many_on_one.as_ref().map_or(1, |m| m.up_to);
    said.idle.extend(
        left.into_iter()
            .map(|f| (f, format!("fights no one (at most {most} against one)"))),
    );
    for (code, cost) in costs.iter().filter(|(f, _)| charging.contains(f)) {
        allowance::record(after, ruleset, code, *cost, event)?;
    }
    Ok(groups)
}

/// The words each fight's figures are fought with: those typed, then for each figure its
/// side's flags: a charger's the charge's (and the unit's size as launched, where a rule asks
/// for enough chargers), one of the charged unit's whether it fired or failed its reaction.
fn fight_flags<'a>(
    typed: &'a [String],
    ruleset: &Ruleset,
    c: &'a Charge<'_>,
    (charging, launched): (&'a [String], usize),
    (fired, failed): (&'a [String], &'a [String]),
) -> Result<impl Fn(&Figures) -> Vec<String> + 'a> {
    // A unit's size, for a rule that asks for enough chargers, is those who charge.
    let size = game_def(ruleset)?
        .size
        .as_ref()
        .filter(|_| launched < c.chargers.len());
    let sized = size.map(|f| format!("{f}={launched}"));
    let other = c.other_side().to_string();
    Ok(move |figs: &Figures| -> Vec<String> {
        let mut words = typed.to_vec();
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
    })
}

/// The fights, each as the figures stand after the fire, fought with the words `flags` gives
/// its figures. The fights of one round are fought at once: each reads the figures as they
/// stood when the round began (a kill in the first does not unform the unit for the next).
fn melee(
    after: &mut Game,
    (ruleset, cli): (&Ruleset, &Cli),
    c: &Charge<'_>,
    (groups, charging): (Vec<Group>, &[String]),
    flags: &dyn Fn(&Figures) -> Vec<String>,
    (source, event): (&mut crate::engine::dice::DiceSource, &mut Event),
    said: &mut Said,
) -> Result<()> {
    let other = c.other_side().to_string();
    let g = game_def(ruleset)?;
    // In play, and not a charger kept out of the fight.
    let in_play = |game: &Game, f: &String| {
        game.figure(f).is_some_and(|f| f.state.is_none())
            && (charging.contains(f) || !c.chargers.contains(f))
    };
    let round_start = after.clone();
    for group in groups {
        let others: Vec<String> = group
            .others
            .iter()
            .filter(|f| in_play(after, f))
            .cloned()
            .collect();
        if others.is_empty() || !in_play(after, &group.lone) {
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
            on_side(g, c, &many_side, others.clone()),
            on_side(g, c, &lone_side, vec![group.lone.clone()]),
        ];
        let found = crate::game::figures::find(after, ruleset, c.fight, &Cast { named })?;
        let one = (&mut *source, &mut *event, cli.umpire());
        let Fight {
            fought: pairings,
            moved_on,
            lone,
            lone_end,
        } = fight(&round_start, after, ruleset, c.fight, &found, flags, one)?;
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
    Ok(())
}

/// What the charge did, told: the log's line and its detail (the seed, every face and how
/// many were entered), the facts of what changed, and the charge printed.
fn told(
    (cli, ruleset, c): (&Cli, &Ruleset, &Charge<'_>),
    said: &mut Said,
    (seed, dry_run): (u64, bool),
    event: &mut Event,
    out: &mut Vec<u8>,
) -> Result<()> {
    let (entered, rolled) = thrown(said);
    event.summary = summary(c, said);
    let faces: Vec<String> = steps(said).flat_map(flatten_faces).collect();
    event.detail = Some(json!({ "seed": seed, "faces": faces, "entered": entered }));
    said.facts = crate::game::facts::of(&event.changes);
    print(cli, ruleset, c, said, (seed, entered, rolled), dry_run, out)
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
