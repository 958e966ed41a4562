//! A unit acting in one command: its figures able to perform a procedure (in play, not held
//! back by a marker that blocks it), each with the figure it acts upon, targets shared out in
//! the order the umpire gave them.

use crate::error::{Error, Result};
use crate::game::lookup::{self, game_def, marker_label};
use crate::game::state::Game;
use crate::model::{ProcedureDef, Ruleset};

/// Who acts, at whom; and who is held back, with the marker that holds it.
#[derive(Debug, Clone, Default)]
pub struct UnitAction {
    pub unit: String,
    pub acts: Vec<(String, Option<String>)>,
    pub held: Vec<(String, String)>,
}

/// The unit named (by name or by the code on its bases) and what its figures may do: each
/// figure in play acts unless a marker blocks the procedure (it is then held, with the
/// marker's label); the targets go to the acting figures in turn, from the first again when
/// there are fewer targets than figures.
pub fn plan(
    game: &Game,
    ruleset: &Ruleset,
    p: &ProcedureDef,
    unit: &str,
    targets: &[String],
) -> Result<UnitAction> {
    let g = game_def(ruleset)?;
    let u = lookup::unit_or_code(game, unit)?;
    let targets: Vec<String> = targets
        .iter()
        .map(|t| lookup::figure(game, t).map(|f| f.code.clone()))
        .collect::<Result<_>>()?;
    if let Some(own) = targets
        .iter()
        .find(|t| game.figure(t).is_some_and(|f| f.unit == u.name))
    {
        return Err(Error::usage(format!(
            "{own} is of {} itself: a unit does not act upon its own figures",
            u.name
        )));
    }
    let mut action = UnitAction {
        unit: u.name.clone(),
        ..UnitAction::default()
    };
    for f in game.figures_of(&u.name) {
        // The dead, the fled and the captured are no longer the unit's to act with.
        if f.state.is_some() {
            continue;
        }
        let blocked = f
            .markers
            .iter()
            .filter_map(|m| lookup::marker(g, m))
            .find(|m| m.blocks.iter().any(|b| b == &p.name));
        match blocked {
            Some(m) => action
                .held
                .push((f.code.clone(), marker_label(g, &m.name).to_string())),
            None => {
                let target = (!targets.is_empty())
                    .then(|| targets[action.acts.len() % targets.len()].clone());
                action.acts.push((f.code.clone(), target));
            }
        }
    }
    if action.acts.is_empty() {
        return Err(none_able(&action.unit, &p.name, &action.held));
    }
    Ok(action)
}

/// No figure of the unit can perform the procedure: each held back, with why.
pub fn none_able(unit: &str, procedure: &str, held: &[(String, String)]) -> Error {
    let why: Vec<String> = held.iter().map(|(c, w)| format!("{c} {w}")).collect();
    Error::usage(format!(
        "no figure of {unit} can {procedure} ({})",
        why.join(", ")
    ))
}
