//! What a pool reads from the roster: the points its figures roll into it when a turn starts
//! (each figure `who` fits rolls the pool's procedure), and what a spend costs by the figure
//! (a cost each, dearer for the figures a case fits). Who rolls and what a figure costs are
//! read on its unit's fields and its own markers.

use std::collections::BTreeMap;

use crate::engine::dice::DiceSource;
use crate::engine::plan::Plan;
use crate::engine::situation::{self, Situation};
use crate::error::Result;
use crate::game::fields;
use crate::game::figures;
use crate::game::lookup::side_label;
use crate::game::roles::Figures;
use crate::game::state::{Game, Pool, Unit};
use crate::model::{Conditions, EachCost, GameDef, Guard, ProcedureDef, Ruleset};

/// A figure's situation for `p`, from the roster alone.
fn situation_of(game: &Game, ruleset: &Ruleset, p: &ProcedureDef, code: &str) -> Result<Situation> {
    let figs = Figures::acting(code);
    let (words, _) = figures::roster_words(game, ruleset, p, &figs, &[])?;
    Ok(situation::parse(ruleset, p, &words)?.shared)
}

/// The figures in play of a side, in the roster's order.
fn side_figures<'a>(game: &'a Game, side: &str) -> Vec<&'a str> {
    game.units
        .iter()
        .filter(|u| u.side == side)
        .flat_map(|u| game.in_play_of(&u.name))
        .map(|f| f.code.as_str())
        .collect()
}

/// What one figure throws into its side's pool: the amount `p` gives it (never below 0) and
/// the faces, said as `CODE 9: 3 4 2`.
fn throw(
    game: &Game,
    ruleset: &Ruleset,
    p: &ProcedureDef,
    code: &str,
    source: &mut DiceSource,
) -> Result<(i64, Vec<i64>, String)> {
    let input = situation::Input {
        shared: situation_of(game, ruleset, p, code)?,
        sides: BTreeMap::new(),
    };
    let plan =
        Plan::new(ruleset, p, &input).map_err(|e| e.about(format_args!("{code}'s {}", p.name)))?;
    // The dice name the figure themselves: `PROCEDURE (CODE)`.
    let step = source.thrown_by(code, |s| plan.resolve(s, None))?;
    let amount = step.decision.amount.unwrap_or(0).max(0);
    let faces: Vec<i64> = step
        .throws
        .iter()
        .flat_map(|t| t.faces.iter().copied())
        .collect();
    let shown: Vec<String> = faces.iter().map(ToString::to_string).collect();
    Ok((
        amount,
        faces,
        format!("{code} {amount}: {}", shown.join(" ")),
    ))
}

/// Whether the figure's unit fields and markers meet `c`.
fn fits(game: &Game, ruleset: &Ruleset, g: &GameDef, code: &str, c: &Conditions) -> bool {
    fields::standing(game, ruleset, g, code).is_some_and(|x| x.all_hold(ruleset, c))
}

/// Every side's pool, each figure `who` fits rolling `procedure` and the amounts adding up.
pub(super) fn roll(
    game: &Game,
    ruleset: &Ruleset,
    g: &GameDef,
    (procedure, who): (&str, &Conditions),
    points: &str,
    source: &mut DiceSource,
) -> Result<(BTreeMap<String, Pool>, Vec<String>)> {
    let p = ruleset.procedure_or_err(procedure)?;
    let mut pools = BTreeMap::new();
    let mut shown = Vec::new();
    for s in &g.sides {
        let mut pool = Pool::default();
        let mut rolls = Vec::new();
        for code in side_figures(game, &s.name) {
            if !fits(game, ruleset, g, code, who) {
                continue;
            }
            let (amount, faces, said) = throw(game, ruleset, p, code, source)?;
            pool.faces.extend(faces);
            pool.rolled = pool.rolled.saturating_add(amount);
            pool.thrown.push(code.to_string());
            rolls.push(said);
        }
        pool.left = pool.rolled;
        let how = if rolls.is_empty() {
            "no one to roll".to_string()
        } else {
            rolls.join(", ")
        };
        shown.push(format!(
            "{} {} ({how})",
            side_label(g, &s.name),
            pool.rolled
        ));
        pools.insert(s.name.clone(), pool);
    }
    Ok((pools, vec![format!("{points}: {}", shown.join("; "))]))
}

/// The figures of `unit` that `joins` fits and that have not thrown this turn throw into
/// `pool` now, a spend having reached them: what each threw, said.
pub(super) fn join(
    game: &Game,
    ruleset: &Ruleset,
    (procedure, joins): (&str, &Conditions),
    unit: &str,
    pool: &mut Pool,
    source: &mut DiceSource,
) -> Result<Vec<String>> {
    if joins.is_empty() {
        return Ok(Vec::new());
    }
    let g = crate::game::lookup::game_def(ruleset)?;
    let p = ruleset.procedure_or_err(procedure)?;
    let mut said = Vec::new();
    for code in game.codes_in_play(unit) {
        if pool.thrown.contains(&code) || !fits(game, ruleset, g, &code, joins) {
            continue;
        }
        let (amount, faces, line) = throw(game, ruleset, p, &code, source)?;
        pool.faces.extend(faces);
        pool.rolled = pool.rolled.saturating_add(amount);
        pool.left = pool.left.saturating_add(amount);
        pool.thrown.push(code);
        said.push(line);
    }
    Ok(said)
}

/// What a spend costs for the figures of a unit: each one's case, or the cost for each; with
/// the lines that say why where a case made it cost more.
pub(super) fn each_cost(
    game: &Game,
    ruleset: &Ruleset,
    g: &GameDef,
    each: &EachCost,
    unit: &Unit,
) -> (i64, Vec<String>) {
    let mut total = 0i64;
    let mut why: BTreeMap<(&str, u32), Vec<String>> = BTreeMap::new();
    for f in game.in_play_of(&unit.name) {
        let Some(here) = fields::standing(game, ruleset, g, &f.code) else {
            continue;
        };
        let case = each.cases.iter().find(|c| {
            here.guard_holds(
                ruleset,
                Guard {
                    when: &c.when,
                    any: &c.any,
                    unless: &c.unless,
                },
            )
        });
        match case {
            Some(c) => {
                total = total.saturating_add(i64::from(c.cost));
                why.entry((c.label.as_str(), c.cost))
                    .or_default()
                    .push(f.code.clone());
            }
            None => total = total.saturating_add(i64::from(each.cost)),
        }
    }
    let lines = why
        .into_iter()
        .map(|((label, cost), codes)| format!("{cost} {label} ({})", codes.join(", ")))
        .collect();
    (total, lines)
}
