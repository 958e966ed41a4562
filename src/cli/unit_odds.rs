//! `umpire odds PROCEDURE --unit NAME`: the exact odds of a unit's whole action before it is
//! rolled: the figures `roll --unit` would roll, each with its own markers and target, each
//! figure's chances, how many figures get each result, and the chance of at least one.

use std::collections::HashMap;

use serde_json::json;

use crate::engine::fraction::Fraction;
use crate::engine::given::Given;
use crate::engine::whole;
use crate::error::{Error, Result};
use crate::game::roles::Cast;
use crate::game::store::Store;
use crate::model::Part;
use crate::present::whole::{FigureRow, UnitSaid};
use crate::rules::catalog::Catalog;

use super::ctx::game_ruleset;
use super::figure::who;
use super::unit_pick::{
    aimed, as_piece, figure_words, rolled_once, unit_plan, unit_procedure, unit_targets,
};
use super::{Cli, write_json};

/// `(procedure, unit)`: what is done, and by which unit; `factors` as typed.
pub(super) fn unit_odds(
    cli: &Cli,
    catalog: &Catalog,
    (procedure, unit): (&str, &str),
    cast: &Cast,
    factors: &[String],
    out: &mut Vec<u8>,
) -> Result<()> {
    if let Some(super::args::Command::Odds(super::args::OddsArgs { vs, .. })) = &cli.command
        && !vs.is_empty()
    {
        return Err(
            Error::usage("--vs compares one figure's situation; a unit's odds take none")
                .with_hint("leave out --vs, or ask the odds of one figure with --vs"),
        );
    }
    let (targets, upon) = unit_targets(cast)?;
    let game = Store::open_default()?
        .current(cli.game.as_deref())?
        .read()?;
    let ruleset = game_ruleset(catalog, cli.rules.as_deref(), &game)?;
    if let Some(cast) = as_piece(&game, &ruleset, unit, cast)? {
        return super::figure::figure_odds(cli, catalog, procedure, &cast, factors, out);
    }
    let p = unit_procedure(&game, &ruleset, ruleset.procedure_or_err(procedure)?, unit)?;
    let (action, acting) = unit_plan(&game, &ruleset, p, unit, &targets)?;
    let mut held = action.held.clone();
    // A roll the unit makes once is the first able figure's, for them all.
    let once = rolled_once(&game, &ruleset, p, &action.unit)?;
    let mut given = figures_given(cli, &action.acts, once)?;
    // (figures, net modifier, odds, roster lines, faces given)
    let mut each = Vec::new();
    // Figures in the same situation have the same plan and odds: each is planned and counted
    // once, (net modifier, odds) by the words of the situation.
    type Counted = ((i64, Option<String>), whole::FigureOdds);
    let mut counted: HashMap<Vec<String>, Counted> = HashMap::new();
    let aim = (targets.as_slice(), ruleset.chain_spreads(p));
    let read = crate::game::reads::Reads::of(&ruleset, p);
    for (code, target) in &action.acts {
        let Some(target) = aimed(&game, (code, target.as_deref()), aim, &mut held) else {
            continue;
        };
        let options = (acting.as_str(), upon.as_str());
        let who_for = (code.as_str(), target.as_deref());
        // A figure a rule refuses is named, as in the unit's roll.
        let (found, lines, words) = figure_words(&game, &ruleset, &read, options, who_for, factors)
            .map_err(|e| e.about(code))?;
        let faces = given.remove(code);
        let mut thrown = Vec::new();
        let (net, odds) = match (faces, counted.get(&words)) {
            (None, Some(done)) => done.clone(),
            (faces, _) => {
                let plan = super::odds::planned(&ruleset, p, &words).map_err(|e| e.about(code))?;
                // A figure whose check the modifiers made impossible rolls another procedure:
                // its net modifier is the check's, said with the procedure rolled instead.
                let net = match &plan.fallback {
                    Some(f) => (f.side.net, Some(f.becomes.clone())),
                    None => (plan.sides.first().map_or(0, |s| s.net), None),
                };
                match faces {
                    // A figure whose faces were given has odds of its own, from where it stands.
                    Some(faces) => {
                        let mut g = Given::new(faces);
                        let o = whole::figure(&plan, &mut g).map_err(|e| e.about(code))?;
                        thrown = g.thrown;
                        (net, o)
                    }
                    None => {
                        let o = whole::figure(&plan, &mut Given::none())?;
                        counted.insert(words, (net.clone(), o.clone()));
                        (net, o)
                    }
                }
            }
        };
        each.push((found, net, odds, lines, thrown));
        if once {
            break;
        }
    }
    if each.is_empty() {
        return Err(crate::game::unit_action::none_able(
            &action.unit,
            &p.name,
            &held,
        ));
    }
    let odds: Vec<whole::FigureOdds> = each.iter().map(|(_, _, o, _, _)| o.clone()).collect();
    let all = whole::unit(&odds)?;
    let g = crate::game::lookup::game_def(&ruleset)?;
    let word = crate::game::roles::part_word(g, &Part::ActedUpon);
    let aimed_at = (!targets.is_empty()).then_some(word.as_str());
    if cli.json {
        let value = json!({
            "ruleset": ruleset.name(),
            "procedure": p.name,
            "unit": action.unit,
            "assumption": aimed_at.map(crate::present::whole::as_if_standing),
            "figures": each.iter().map(|(f, net, o, lines, thrown)| json!({
                "figure": f.acting,
                "given": thrown,
                "target": f.acted_upon,
                "roster": lines,
                "net": net.0,
                "fallback": net.1,
                "outcomes": o.first.iter().map(|(r, pr)| json!({
                    "result": r.result,
                    "label": r.label,
                    "probability": pr,
                })).collect::<Vec<_>>(),
                "results": o.anywhere.iter().map(anywhere_json).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "one_roll_for": once.then(|| action.acts.iter().map(|(c, _)| c).collect::<Vec<_>>()),
            "held": held.iter().map(|(f, why)| json!({"figure": f, "why": why})).collect::<Vec<_>>(),
            "counts": all.counts.iter().map(|(r, dist)| json!({
                "procedure": r.procedure,
                "result": r.result,
                "label": r.label,
                "distribution": dist.iter().enumerate().map(|(k, pr)| json!({
                    "figures": k,
                    "probability": pr,
                })).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "results": all.anywhere.iter().map(anywhere_json).collect::<Vec<_>>(),
        });
        return write_json(out, value);
    }
    let rows: Vec<FigureRow<'_>> = each
        .iter()
        .map(|(f, (net, fallback), o, _, thrown)| FigureRow {
            who: who(f),
            net: *net,
            fallback: fallback.as_deref(),
            odds: o,
            given: thrown,
        })
        .collect();
    let said = UnitSaid {
        unit: &action.unit,
        procedure: &p.name,
        figures: &rows,
        held: &held,
        aimed: aimed_at,
        all: &all,
        once: once.then_some(action.acts.len()),
    };
    out.extend_from_slice(crate::present::whole::unit_odds(&said).as_bytes());
    Ok(())
}

/// The faces given for figures of the unit (`--given RR1=5,4`, repeated for a figure's later
/// rolls), by the figure's code as the unit's action names it; the bare faces of a roll the unit
/// makes once are its first figure's.
fn figures_given(
    cli: &Cli,
    acts: &[(String, Option<String>)],
    once: bool,
) -> Result<HashMap<String, Vec<Vec<i64>>>> {
    let Some(super::args::Command::Odds(super::args::OddsArgs { given, .. })) = &cli.command else {
        return Ok(HashMap::new());
    };
    let codes: Vec<&str> = acts.iter().map(|(c, _)| c.as_str()).collect();
    let mut out: HashMap<String, Vec<Vec<i64>>> = HashMap::new();
    for g in given {
        let (code, faces) = match g.split_once('=') {
            Some((code, faces)) => (code.trim(), faces),
            None if once => (codes.first().copied().unwrap_or_default(), g.as_str()),
            None => {
                let example = codes.first().copied().unwrap_or("CODE");
                return Err(Error::usage(format!(
                    "--given {g} names no figure, and each figure of the unit rolls"
                ))
                .with_hint(format!(
                    "name the figure that threw them: --given {example}={g}"
                )));
            }
        };
        let Some(known) = codes.iter().find(|c| c.eq_ignore_ascii_case(code)) else {
            return Err(Error::usage(format!(
                "--given {g}: {code} is not one of the figures rolling"
            ))
            .with_hint(format!("the figures rolling: {}", codes.join(", "))));
        };
        let faces = super::roll::parse_faces_of("--given", faces)?;
        out.entry((*known).to_string()).or_default().push(faces);
    }
    Ok(out)
}

/// A result anywhere in the chain, as JSON: the chance of at least one, and the average count
/// (a fraction that may pass 1, so with its value rather than a percentage).
fn anywhere_json(a: &whole::Anywhere) -> serde_json::Value {
    json!({
        "procedure": a.reached.procedure,
        "result": a.reached.result,
        "label": a.reached.label,
        "first_step": a.reached.first,
        "at_least_one": a.at_least_one,
        "expected": expected_json(a.expected.clone()),
    })
}

fn expected_json(e: Fraction) -> serde_json::Value {
    json!({
        "fraction": e.to_string(),
        "numerator": e.numerator().to_string(),
        "denominator": e.denominator().to_string(),
        "value": (e.to_f64() * 100.0).round() / 100.0,
    })
}
