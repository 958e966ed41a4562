//! A ruleset's charge, compiled (`game: charge:`): a unit closing with an enemy unit to fight,
//! the checks its figures make first, the defender's reaction, and what each side carries into
//! the first round of the fight.

use serde::{Deserialize, Serialize};

use super::{Conditions, Settings};

/// How a charge is fought, as `umpire charge` runs it.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct ChargeDef {
    /// The opposed procedure the two units fight (canonical), several against one where it
    /// allows.
    pub fight: String,
    /// The side of the fight the chargers take.
    pub side: String,
    /// The yes/no factor set on the chargers for the first round.
    pub flag: Option<String>,
    /// The yes/no factor set on a unit's figures when the unit charged the turn before (for a
    /// rule of eligibility to read).
    pub last_turn: Option<String>,
    /// Checks each charger makes first, when the charged unit stands so.
    pub before: Vec<BeforeDef>,
    /// What the charged unit may do before the fight.
    pub reaction: Option<ReactionDef>,
    /// A charger whose roster standing meets any of these (each a set of conditions) stays
    /// out of the charge; weighed again after the reaction.
    pub stays_out: Vec<Conditions>,
    /// The fewest figures that may charge, counted on those who join.
    pub at_least: Option<u32>,
    /// The rule its refusals name.
    pub rule: String,
    /// The action (by name) each charger takes, weighed against its allowance and counted.
    pub action: Option<String>,
    pub note: Option<String>,
}

/// A check each charger makes before the charge.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct BeforeDef {
    /// The procedure (canonical), rolled for each charger as the roster has it.
    pub procedure: String,
    /// When the charged unit stands so: conditions on the factors its fields set, or on the
    /// words typed for the defending side.
    pub target: Conditions,
    /// How the output says why the check is made.
    pub label: String,
    /// Factors set for the check.
    pub set: Settings,
    /// Results that keep the figure out of the charge.
    pub out: Vec<String>,
}

/// The charged unit's reaction: a check by each of its figures, those passing firing at the
/// chargers, each carrying a flag into the fight. Read as written (the compile step makes its
/// procedures' and results' names canonical).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ReactionDef {
    /// The check (canonical), rolled for each figure of the charged unit.
    pub procedure: String,
    /// It spends the side's token: its held react token, else one of its own from the bag.
    #[serde(default)]
    pub token: bool,
    /// It counts as one of the charged unit's activations this turn.
    #[serde(default)]
    pub activation: bool,
    /// Results of the check that let the figure fire.
    pub pass: Vec<String>,
    /// The procedure (canonical) a passing figure fires at the chargers.
    #[serde(default)]
    pub fire: Option<String>,
    /// The yes/no factor a figure that fired carries into the fight.
    #[serde(default)]
    pub fired: Option<String>,
    /// The yes/no factor a figure that failed the check carries into the fight.
    #[serde(default)]
    pub failed: Option<String>,
    /// Results of the fire's chain that take the charger hit out of the fight (it flees).
    #[serde(default)]
    pub stops: Vec<String>,
    /// The action (by name) each reacting figure takes: one without it left does not react.
    #[serde(default)]
    pub action: Option<String>,
}
