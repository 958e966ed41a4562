//! Specification tests for La Petite Guerre (rule document 000, with the readings in the rules
//! README), through the binary (`umpire odds --json`,
//! `umpire roll --dice ... --json`). Every probability is exact and worked out by hand in the
//! comment beside it.
//!
//! Hand arithmetic used throughout:
//! - 2d6 totals 2..12 come in 1,2,3,4,5,6,5,4,3,2,1 ways out of 36.
//! - 2d6 totals that are NOT doubles (30 throws): 3:2 4:2 5:4 6:4 7:6 8:4 9:4 10:2 11:2.
//! - 3d6 totals 3..18 come in 1,3,6,10,15,21,25,27,27,25,21,15,10,6,3,1 ways out of 216.
//! - The difference of two d6 (a − d) is k in 6 − |k| ways out of 36.

mod hit_results;
mod melee;
mod morale;
mod movement_and_spotting;
mod seeds;
mod shooting;

use std::error::Error as StdError;

use crate::support::{ModLine, Plan, Rules, Step};

type TestResult = Result<(), Box<dyn StdError>>;

/// A roll's dice: (count, drop highest, drop lowest).
type Dice = (usize, usize, usize);

// ----- helpers ----------------------------------------------------------------------------------

/// The built-in (primary) ruleset: La Petite Guerre.
fn lpg() -> Result<Rules, Box<dyn StdError>> {
    Ok(Rules::builtin())
}

/// The plan of the first step of `procedure` in the situation `text` (`odds --json`).
fn plan(r: &Rules, procedure: &str, text: &str) -> Result<Plan, Box<dyn StdError>> {
    let odds = r.try_odds(procedure, text)?;
    Ok(odds.steps.into_iter().next().ok_or("odds with no step")?)
}

/// First-step-only odds, as (outcome, "n/d"); an opposed roll's outcomes name the loser.
fn first_step(
    r: &Rules,
    procedure: &str,
    text: &str,
) -> Result<Vec<(String, String)>, Box<dyn StdError>> {
    Ok(plan(r, procedure, text)?
        .outcomes
        .into_iter()
        .map(|d| {
            let label = match &d.loser {
                Some(l) => format!("{l}: {}", d.label),
                None => d.label.clone(),
            };
            (label, d.probability.to_string())
        })
        .collect())
}

/// Odds of every final outcome of the whole chain, as (outcome, "n/d").
fn chain(
    r: &Rules,
    procedure: &str,
    text: &str,
) -> Result<Vec<(String, String)>, Box<dyn StdError>> {
    Ok(r.try_odds(procedure, text)?
        .outcomes
        .into_iter()
        .map(|o| (o.outcome, o.probability.to_string()))
        .collect())
}

/// The probability listed for `label` ("0" when the outcome cannot happen).
fn p_of(rows: &[(String, String)], label: &str) -> String {
    rows.iter()
        .find(|(l, _)| l == label)
        .map_or_else(|| "0".to_string(), |(_, p)| p.clone())
}

fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
    expected
        .iter()
        .map(|(l, p)| ((*l).to_string(), (*p).to_string()))
        .collect()
}

/// Resolve a whole chain with the faces given, in order (`roll --dice`; the binary refuses
/// faces left unused).
fn roll(
    r: &Rules,
    procedure: &str,
    text: &str,
    dice: &[&[i64]],
) -> Result<Step, Box<dyn StdError>> {
    Ok(r.try_roll(procedure, text, dice)?)
}

/// The modifier line whose label starts with `label`.
fn line<'a>(mods: &'a [ModLine], label: &str) -> &'a ModLine {
    mods.iter()
        .find(|m| m.label.starts_with(label))
        .unwrap_or_else(|| panic!("no modifier line `{label}` among {mods:#?}"))
}

/// (label, value) of the modifier lines that count.
fn applied(mods: &[ModLine]) -> Vec<(String, i64)> {
    mods.iter()
        .filter(|m| m.applied)
        .map(|m| (m.label.clone(), m.value))
        .collect()
}

/// The dice of the only side, as a roll shows them (`3d6 drop highest 1`, `no roll: 6`).
fn dice_text(r: &Rules, procedure: &str, text: &str) -> Result<String, Box<dyn StdError>> {
    let step = r.try_roll_with(procedure, text, &["--seed".into(), "1".into()])?;
    let dice = &step.sides.first().ok_or("a step with no side")?.dice;
    Ok(match dice {
        serde_json::Value::Number(n) => format!("no roll: {n}"),
        other => other
            .as_str()
            .ok_or("dice neither words nor a number")?
            .to_string(),
    })
}

/// The band a measured range became, as the roll read it.
fn range_band(r: &Rules, text: &str) -> Result<String, Box<dyn StdError>> {
    let step = r.try_roll_with("shoot", text, &["--seed".into(), "1".into()])?;
    let side = step.sides.first().ok_or("a step with no side")?;
    match side.factors.iter().find(|f| f.name == "range") {
        Some(f) => Ok(f.value.clone()),
        None => Err(format!("range was not turned into a band: {:?}", side.factors).into()),
    }
}

/// (dice count, drop highest, drop lowest) of the only side; None for a fixed amount.
fn dice_of(r: &Rules, procedure: &str, text: &str) -> Result<Option<Dice>, Box<dyn StdError>> {
    let dice = dice_text(r, procedure, text)?;
    if dice.starts_with("no roll") {
        return Ok(None);
    }
    let words: Vec<&str> = dice.split_whitespace().collect();
    let count = words
        .first()
        .and_then(|w| w.split_once('d'))
        .map(|(n, _)| if n.is_empty() { Ok(1) } else { n.parse() })
        .ok_or_else(|| format!("dice `{dice}`"))??;
    let dropped = |which: &str| -> Result<usize, Box<dyn StdError>> {
        match words.windows(3).find(|w| w[0] == "drop" && w[1] == which) {
            Some(w) => Ok(w[2].parse()?),
            None => Ok(0),
        }
    };
    Ok(Some((count, dropped("highest")?, dropped("lowest")?)))
}

/// The text a roll prints, with the faces given.
fn explained(r: &Rules, procedure: &str, text: &str, dice: &[&[i64]]) -> String {
    let faces = dice.iter().map(|d| {
        let f: Vec<String> = d.iter().map(ToString::to_string).collect();
        format!("--dice={}", f.join(","))
    });
    r.test_run()
        .args(["roll", procedure])
        .args(text.split_whitespace())
        .args(faces)
        .stderr("")
        .run()
        .stdout
}
