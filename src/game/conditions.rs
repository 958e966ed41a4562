//! What holds for a whole side, read from the roster: the table's side conditions (met when
//! the side has lost so many of its units, or a unit of some standing), as facts for `umpire
//! status` and as the yes/no factors the side's figures roll with.

use serde::Serialize;
use serde_json::{Value, json};

use crate::game::implied::unit_holds;
use crate::game::state::{Game, Unit};
use crate::model::{GameDef, LossDef, Points, Ruleset, SideConditionDef};

/// A loss that makes a side's condition hold, as the roster shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "loss", rename_all = "kebab-case")]
pub enum Loss {
    /// `lost` of the side's `of` units are out of the game (or, `marked`, carry a marker the
    /// condition lists): `percent` or more.
    Share {
        lost: usize,
        of: usize,
        percent: u32,
        marked: bool,
    },
    /// The unit the table names (`label`) is out of the game.
    Unit { label: String, unit: String },
    /// Units worth `lost` points are out of the game (`at` or more), and `most` the most
    /// lost by any other side when the condition asks for more than the enemy.
    Points {
        lost: Points,
        at: Points,
        #[serde(skip_serializing_if = "Option::is_none")]
        most: Option<Points>,
    },
}

/// One condition of one side, and the losses that make it hold (none: it does not).
#[derive(Debug, Clone)]
pub struct Standing<'a> {
    pub side: &'a str,
    pub condition: &'a SideConditionDef,
    pub losses: Vec<Loss>,
}

impl Standing<'_> {
    pub fn holds(&self) -> bool {
        !self.losses.is_empty()
    }
}

/// A unit is out of the game when it has figures and none of them is in play; it is lost
/// unless a state of one of them does not count as a loss (a dummy card taken off).
pub(crate) fn lost(game: &Game, g: &GameDef, unit: &Unit) -> bool {
    let mut figs = game
        .figures
        .iter()
        .filter(|f| f.unit == unit.name)
        .peekable();
    figs.peek().is_some()
        && figs.all(|f| {
            f.state.as_ref().is_some_and(|s| {
                g.states
                    .iter()
                    .find(|d| d.name == *s)
                    .is_none_or(|d| d.lost)
            })
        })
}

/// A unit with figures in play, every one of them carrying a marker of `marked`.
fn all_marked(game: &Game, unit: &Unit, marked: &[String]) -> bool {
    let mut figs = game
        .figures
        .iter()
        .filter(|f| f.unit == unit.name && f.state.is_none())
        .peekable();
    !marked.is_empty()
        && figs.peek().is_some()
        && figs.all(|f| f.markers.iter().any(|m| marked.contains(m)))
}

/// The points a side has lost: its units out of the game, at what they are worth.
pub fn points_lost(game: &Game, g: &GameDef, side: &str) -> Points {
    game.units
        .iter()
        .filter(|u| u.side == side && lost(game, g, u))
        .filter_map(|u| u.points)
        .sum()
}

/// Every side's standing on every condition the table gives, in the table's order.
pub fn standings<'a>(game: &Game, ruleset: &Ruleset, g: &'a GameDef) -> Vec<Standing<'a>> {
    let mut all = Vec::new();
    let points_lost = |side: &str| points_lost(game, g, side);
    for side in &g.sides {
        let units: Vec<&Unit> = game.units.iter().filter(|u| u.side == side.name).collect();
        let gone: Vec<&&Unit> = units.iter().filter(|u| lost(game, g, u)).collect();
        for c in &g.conditions {
            let losses = c
                .any
                .iter()
                .filter_map(|l| match l {
                    LossDef::Percent { percent: p, marked } => {
                        // Out of the game, or every figure in play carrying a marker listed.
                        let out = units
                            .iter()
                            .filter(|u| lost(game, g, u) || all_marked(game, u, marked))
                            .count();
                        // lost/of >= p/100, in whole numbers.
                        let reached = !units.is_empty() && out * 100 >= units.len() * (*p as usize);
                        reached.then_some(Loss::Share {
                            lost: out,
                            of: units.len(),
                            percent: *p,
                            marked: !marked.is_empty(),
                        })
                    }
                    LossDef::Unit { when, label } => gone
                        .iter()
                        .find(|u| when.iter().all(|c| unit_holds(ruleset, g, u, c)))
                        .map(|u| Loss::Unit {
                            label: label.clone(),
                            unit: u.name.clone(),
                        }),
                    LossDef::Points {
                        at,
                        more_than_enemy,
                    } => {
                        let lost = points_lost(&side.name);
                        let most = more_than_enemy.then(|| {
                            g.sides
                                .iter()
                                .filter(|o| o.name != side.name)
                                .map(|o| points_lost(&o.name))
                                .max()
                                .unwrap_or_default()
                        });
                        let reached = lost >= *at && most.is_none_or(|m| lost > m);
                        reached.then_some(Loss::Points {
                            lost,
                            at: *at,
                            most,
                        })
                    }
                })
                .collect();
            all.push(Standing {
                side: &side.name,
                condition: c,
                losses,
            });
        }
    }
    all
}

/// The yes/no factors a side's conditions set for a roll by one of its figures, those
/// `wanted`: `FLAG=yes` when it holds, `=no` when it does not (the roster knows).
pub fn words(
    game: &Game,
    ruleset: &Ruleset,
    g: &GameDef,
    side: &str,
    wanted: &dyn Fn(&str) -> bool,
) -> Vec<String> {
    // Every roll of a figure asks: a table whose conditions set nothing wanted costs nothing.
    if !g
        .conditions
        .iter()
        .any(|c| c.sets.as_deref().is_some_and(wanted))
    {
        return Vec::new();
    }
    standings(game, ruleset, g)
        .iter()
        .filter(|s| s.side == side)
        .filter_map(|s| {
            let flag = s.condition.sets.as_deref().filter(|f| wanted(f))?;
            Some(format!("{flag}={}", if s.holds() { "yes" } else { "no" }))
        })
        .collect()
}

/// The standings as `umpire status --json` gives them.
pub fn json(game: &Game, ruleset: &Ruleset, g: &GameDef) -> Value {
    standings(game, ruleset, g)
        .iter()
        .map(|s| {
            json!({
                "side": s.side,
                "condition": s.condition.name,
                "holds": s.holds(),
                "losses": s.losses,
            })
        })
        .collect()
}
