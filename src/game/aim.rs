//! The follow-ups a roll prints, pointed at the figures of the game they are for: the option
//! and label that name the figure, the roster's words for it left out, and a check of a
//! figure out of the game dropped with a line that says so.

use std::collections::BTreeSet;

use crate::engine::resolve::Step;
use crate::game::figures::figure_words;
use crate::game::lookup::state_label;
use crate::game::roles::{self, Figures};
use crate::game::state::Game;
use crate::model::{Part, Role, Ruleset};

/// Point the chain's printed follow-ups at the figure they are for (`--fig RR2`, by the
/// option the follow-up's procedure names its figure acting with), leaving out
/// the words the roster gives that figure now (after the results landed) or gave it `then`
/// (when the roll was made): it gives them again when the check is made. A word that says
/// something else (one the umpire typed) stays. A check of a figure the results took out of
/// the game is dropped, with a line that says so.
pub fn aim_follow_ups(
    step: &mut Step,
    (then, game): (&Game, &Game),
    ruleset: &Ruleset,
    figures: &Figures,
) -> Vec<String> {
    let mut dropped = Vec::new();
    let about = step.about;
    for f in &mut step.follow_ups {
        let who = match &f.side {
            Some(side) => figures.of(Role::Loser, Some(side)),
            None => figures.of(f.on.unwrap_or(about), None),
        };
        if let Some(code) = who {
            dropped.extend(aim_at(f, code, (then, game), ruleset));
        }
    }
    step.follow_ups.retain(|f| !f.procedure.is_empty());
    for n in &mut step.next {
        let theirs = figures.of_step(n);
        dropped.extend(aim_follow_ups(n, (then, game), ruleset, &theirs));
    }
    dropped
}

/// Point one follow-up at figure `code` of the game, as `aim_follow_ups` does; a figure out of
/// the game has no check left to make: the follow-up is emptied (no procedure) and the line
/// that says so returned.
pub fn aim_at(
    f: &mut crate::engine::resolve::FollowUp,
    code: &str,
    (then, game): (&Game, &Game),
    ruleset: &Ruleset,
) -> Option<String> {
    let g = ruleset.model.game.as_ref()?;
    let fig = game.figure(code)?;
    let q = ruleset.procedure(&f.procedure)?;
    let reads: BTreeSet<String> = ruleset.chain_factors(q).into_iter().collect();
    let wanted = |factor: &str| reads.contains(factor);
    let (mut given, _) = figure_words(game, ruleset, g, fig, false, &wanted);
    if let Some(was) = then.figure(code) {
        given.extend(figure_words(then, ruleset, g, was, false, &wanted).0);
    }
    // A yes/no factor is said bare (`FLAG`) or with its value (`FLAG=yes`).
    let plain = |w: &str| match w.split_once('=') {
        Some((f, "yes")) => f.to_string(),
        _ => w.to_string(),
    };
    let given: BTreeSet<String> = given.iter().map(|w| plain(w)).collect();
    let said: Vec<String> = f
        .args
        .iter()
        .filter(|a| !given.contains(&plain(a)))
        .cloned()
        .collect();
    if let Some(state) = &fig.state {
        let mut what = vec![f.procedure.clone()];
        what.extend(said);
        f.args.clear();
        f.procedure.clear();
        let none = crate::game::said::Said::NoneToMake {
            figure: fig.code.clone(),
            state: state_label(g, state).to_string(),
            check: what.join(" "),
        };
        return Some(none.to_string());
    }
    let option = roles::option_for(g, q, &Part::Acting)?;
    let mut args = vec![format!("--{option}"), fig.code.clone()];
    args.extend(said);
    f.args = args;
    f.figure = Some(fig.code.clone());
    None
}

/// The factor words of a follow-up: after the option and the label that name its figure, once
/// aimed at one.
pub fn follow_up_factors(f: &crate::engine::resolve::FollowUp) -> &[String] {
    match f.figure {
        Some(_) => f.args.get(2..).unwrap_or_default(),
        None => &f.args,
    }
}
