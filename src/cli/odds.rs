//! `umpire odds`: the exact probability of every outcome of a procedure's chain.

use super::args::OddsArgs;
use super::{Cli, write_json};
use crate::engine::fraction::Fraction;
use crate::engine::given::{Given, NextThrow};
use crate::engine::plan::Plan;
use crate::engine::record::Fallback;
use crate::engine::situation;
use crate::error::{Error, Result};
use crate::game::ruling::Umpire;
use crate::game::state::Event;
use crate::model::Ruleset;
use crate::present::explain;
use serde::Serialize;
use serde_json::json;

/// The plan of a procedure for the words given, refused when a rule of eligibility refuses it.
pub(super) fn planned<'r>(
    ruleset: &'r Ruleset,
    p: &'r crate::model::ProcedureDef,
    words: &[String],
) -> Result<Plan<'r>> {
    let input = situation::parse(ruleset, p, words)?;
    let plan = Plan::new(ruleset, p, &input)?;
    crate::present::words::admit(&plan)?;
    Ok(plan)
}

/// [`planned`] for a roll of a game's figures: what a rule of eligibility refuses, the umpire
/// may rule otherwise (`--anyway "WHY"`), kept in `event` with the reason.
pub(super) fn planned_ruled<'r>(
    ruleset: &'r Ruleset,
    p: &'r crate::model::ProcedureDef,
    words: &[String],
    (umpire, event): (Umpire<'_>, &mut Event),
) -> Result<Plan<'r>> {
    let input = situation::parse(ruleset, p, words)?;
    let plan = Plan::new(ruleset, p, &input)?;
    if let Some((side, st)) = plan.refusal() {
        if umpire.anyway.is_none() {
            return Err(crate::present::words::refused(st, side, Some(&p.name)).or_anyway());
        }
        let (refusal, fix) = crate::present::words::refused_ruling(st, side, &p.name);
        umpire.allow(refusal, fix, event)?;
        // Overruled, it is rolled as any roll is: a shot the modifiers put out of reach
        // falls back.
        return plan.or_fallback_overruled();
    }
    Ok(plan)
}

/// A step's own result with its exact chance, as JSON writes it (with its loser, in an
/// opposed roll): written straight from the distribution, with no tree of values between, as a
/// step of 5d100 has hundreds of them.
#[derive(Debug, Serialize)]
pub(super) struct OutcomeJson {
    result: String,
    label: String,
    loser: Option<String>,
    probability: Fraction,
}

/// A step's own results as JSON: each with its loser (in an opposed roll) and exact chance.
pub(super) fn outcomes_json(plan: &Plan<'_>) -> Result<Vec<OutcomeJson>> {
    Ok(plan
        .distribution()?
        .into_iter()
        .map(|(d, probability)| OutcomeJson {
            result: d.result,
            label: d.label,
            loser: d.loser,
            probability,
        })
        .collect())
}

/// For compared amounts, what each side scores with its exact chance; empty otherwise.
fn scores_json(plan: &Plan<'_>) -> Result<Vec<serde_json::Value>> {
    Ok(plan
        .sides
        .iter()
        .zip(plan.side_amounts()?)
        .map(|(s, list)| {
            json!({
                "side": s.side,
                "outcomes": list.iter().map(|(v, p)| json!({"amount": v, "probability": p})).collect::<Vec<_>>(),
            })
        })
        .collect())
}

/// `odds --json`: the steps, each with its sides and results, then every final outcome.
#[derive(Debug, Serialize)]
struct OddsJson<'a> {
    schema: u32,
    ruleset: &'a str,
    procedure: &'a str,
    steps: Vec<StepJson<'a>>,
    outcomes: Vec<FinalJson<'a>>,
    average: Option<f64>,
    next_throw: Option<NextThrow>,
    /// A check the modifiers made impossible: why the steps are another procedure's.
    #[serde(skip_serializing_if = "Option::is_none")]
    fallback: Option<&'a Fallback>,
}

#[derive(Debug, Serialize)]
struct StepJson<'a> {
    procedure: &'a str,
    sides: Vec<serde_json::Value>,
    outcomes: Vec<OutcomeJson>,
    scores: Vec<serde_json::Value>,
}

#[derive(Debug, Serialize)]
struct FinalJson<'a> {
    outcome: &'a str,
    probability: &'a Fraction,
}

impl<'a> StepJson<'a> {
    fn of(plan: &'a Plan<'_>) -> Result<StepJson<'a>> {
        Ok(StepJson {
            procedure: &plan.procedure.name,
            sides: plan
                .sides
                .iter()
                .map(|s| {
                    json!({
                        "side": s.side,
                        "modifiers": s.modifiers,
                        "net": s.net,
                        "standings": s.standings,
                    })
                })
                .collect(),
            outcomes: outcomes_json(plan)?,
            scores: scores_json(plan)?,
        })
    }
}

pub(super) fn odds(
    cli: &Cli,
    ruleset: &Ruleset,
    procedure: &str,
    words: &[String],
    out: &mut Vec<u8>,
) -> Result<()> {
    let p = ruleset.procedure_or_err(procedure)?;
    let plan = planned(ruleset, p, words)?;
    let given = given_faces(cli)?;
    let mut thrown = Given::new(given.clone());
    let finals = explain::ordered(plan.chain_odds_given(&mut thrown)?);
    if let Some(super::args::Command::Odds(OddsArgs { vs, .. })) = &cli.command
        && !vs.is_empty()
    {
        return what_if(cli, ruleset, p, (words, &given), vs, &finals, out);
    }
    if !given.is_empty() {
        return given_odds(cli, ruleset, &plan, &thrown, &finals, out);
    }
    if cli.json {
        let next = plan.next_plans()?;
        let mut steps = vec![StepJson::of(&plan)?];
        for n in &next {
            steps.push(StepJson::of(n)?);
        }
        let report = OddsJson {
            schema: super::JSON_SCHEMA,
            ruleset: ruleset.name(),
            procedure: &p.name,
            steps,
            outcomes: finals
                .iter()
                .map(|(outcome, probability)| FinalJson {
                    outcome,
                    probability,
                })
                .collect(),
            average: explain::mean(&finals),
            next_throw: thrown.next.clone(),
            fallback: plan.fallback.as_deref(),
        };
        return super::write_serialized(out, &report);
    }
    out.extend_from_slice(explain::odds(ruleset, &plan, &finals)?.as_bytes());
    Ok(())
}

/// The faces given with `--given`, one set for each throw, in order; refused when one names a
/// figure (only a unit's odds read those).
pub(super) fn given_faces(cli: &Cli) -> Result<Vec<Vec<i64>>> {
    let Some(super::args::Command::Odds(OddsArgs { given, .. })) = &cli.command else {
        return Ok(Vec::new());
    };
    given
        .iter()
        .map(|g| {
            if let Some((code, _)) = g.split_once('=') {
                return Err(Error::usage(format!(
                    "--given {g} names a figure ({code}), but these odds are of one roll"
                ))
                .with_hint(
                    "give the faces alone (`--given 5,4`), or ask a unit's odds with --unit",
                ));
            }
            super::roll::parse_faces_of("--given", g)
        })
        .collect()
}

/// The odds from where the table stands: the faces given and what they gave, then the chances
/// of what still follows.
fn given_odds(
    cli: &Cli,
    ruleset: &Ruleset,
    plan: &Plan<'_>,
    thrown: &Given,
    finals: &[(String, Fraction)],
    out: &mut Vec<u8>,
) -> Result<()> {
    if cli.json {
        let value = json!({
            "ruleset": ruleset.name(),
            "procedure": plan.procedure.name,
            "given": thrown.thrown,
            "next_throw": thrown.next,
            "outcomes": finals.iter().map(|(l, pr)| json!({"outcome": l, "probability": pr})).collect::<Vec<_>>(),
            "average": explain::mean(finals),
        });
        return write_json(out, value);
    }
    let text = explain::given_odds(ruleset, plan, &thrown.thrown, finals);
    out.extend_from_slice(text.as_bytes());
    Ok(())
}

/// The odds of the situation and of the same with some words changed, side by side (both from
/// the faces given, when some were).
fn what_if(
    cli: &Cli,
    ruleset: &Ruleset,
    p: &crate::model::ProcedureDef,
    (words, given): (&[String], &[Vec<i64>]),
    vs: &[String],
    finals: &[(String, Fraction)],
    out: &mut Vec<u8>,
) -> Result<()> {
    // A changed word replaces the word for the same factor (and side), wherever it came from.
    let key = |w: &str| crate::game::figures::mentioned(ruleset, p, w);
    let changed: Vec<(Option<String>, String)> = vs.iter().map(|w| key(w)).collect();
    let mut other: Vec<String> = words
        .iter()
        .filter(|w| !changed.contains(&key(w)))
        .cloned()
        .collect();
    other.extend(vs.iter().cloned());
    let plan = planned(ruleset, p, &other)?;
    let theirs = explain::ordered(plan.chain_odds_given(&mut Given::new(given.to_vec()))?);
    if cli.json {
        let value = json!({
            "ruleset": ruleset.name(),
            "procedure": p.name,
            "vs": vs,
            "outcomes": crate::present::brief::side_by_side(finals, &theirs).iter().map(|(l, a, b)| json!({
                "outcome": l,
                "probability": a,
                "vs": b,
            })).collect::<Vec<_>>(),
        });
        return write_json(out, value);
    }
    let text = crate::present::brief::what_if(&p.name, &vs.join(" "), finals, &theirs);
    out.extend_from_slice(text.as_bytes());
    Ok(())
}
