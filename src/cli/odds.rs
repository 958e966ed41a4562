//! `umpire odds`: the exact probability of every outcome of a procedure's chain.

use super::{Cli, write_json};
use crate::engine::plan::Plan;
use crate::engine::situation;
use crate::error::Result;
use crate::model::Ruleset;
use crate::present::explain;
use serde_json::json;

pub(super) fn odds(
    cli: &Cli,
    ruleset: &Ruleset,
    procedure: &str,
    words: &[String],
    out: &mut Vec<u8>,
) -> Result<()> {
    let p = ruleset.procedure_or_err(procedure)?;
    let input = situation::parse(ruleset, p, words)?;
    let plan = Plan::new(ruleset, p, &input)?;
    let finals = explain::ordered(plan.chain_odds()?);
    if cli.json {
        let step = |plan: &Plan<'_>| -> Result<serde_json::Value> {
            Ok(json!({
                "procedure": plan.procedure.name,
                "sides": plan.sides.iter().map(|s| json!({
                    "side": s.side,
                    "modifiers": s.modifiers,
                    "net": s.net,
                })).collect::<Vec<_>>(),
                "outcomes": plan.distribution()?.into_iter().map(|(d, pr)| json!({
                    "result": d.result,
                    "label": d.label,
                    "loser": d.loser,
                    "probability": pr,
                })).collect::<Vec<_>>(),
            }))
        };
        let mut steps = vec![step(&plan)?];
        for next in plan.next_plans()? {
            steps.push(step(&next)?);
        }
        let value = json!({
            "ruleset": ruleset.name(),
            "procedure": p.name,
            "steps": steps,
            "outcomes": finals.iter().map(|(l, pr)| json!({"outcome": l, "probability": pr})).collect::<Vec<_>>(),
            "average": explain::mean(&finals),
        });
        return write_json(out, value);
    }
    out.extend_from_slice(explain::odds(ruleset, &plan, &finals)?.as_bytes());
    Ok(())
}
