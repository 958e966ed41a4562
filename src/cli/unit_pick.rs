//! Which figures of a unit roll, at whom, with what words and by what plan: the choices that
//! a unit's roll and a unit's odds share.

use crate::engine::plan::Plan;
use crate::error::{Error, Result};
use crate::game::figures;
use crate::game::pending;
use crate::game::roles::Figures;
use crate::game::roles::{Cast, Named};
use crate::game::ruling::Umpire;
use crate::game::state::{Event, Game};
use crate::game::unit_action;
use crate::game::{implied, reads};
use crate::model::{Part, Pieces, ProcedureDef, Ruleset};

use super::owed::FigureWords;

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
pub(super) type Roll = (String, Option<String>, Vec<String>);

/// A unit's rolls, each figure's with its target and the words it takes, and the figures held
/// back: every able figure with the words typed; of a roll of checks owed, each check of an
/// able figure with its own words; of a roll some figures owe (a check named with the reason
/// it is owed for), only those that owe it.
pub(super) fn rolls_of(
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
    let read = reads::Reads::of(ruleset, p);
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
    read: &reads::Reads<'_>,
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
