//! Rules of eligibility, compiled: what must hold for something the tables name (an order a
//! unit takes, a flag a roll is given), and what the tool does when it does not.

use serde::{Deserialize, Serialize};

use super::Conditions;

/// One rule of eligibility. When `when` holds, `needs` must hold too; if it does not, the roll
/// (or the unit's fields) is refused, or the flags `when` names are taken back.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct RequireDef {
    /// The rule's name, said whenever it refuses or withholds something.
    pub rule: String,
    /// What it governs: conditions on the situation (flags the umpire gives, a unit's fields).
    pub when: Conditions,
    /// What must then hold, every condition of it.
    pub needs: Conditions,
    pub then: Then,
    /// Said with a refusal: how to do it the rules' way.
    pub note: Option<String>,
    /// The procedures it governs, by their canonical names (none: every one that reads its
    /// factors).
    pub procedures: Vec<String>,
    /// In an opposed roll, the sides it governs (none: every side).
    pub sides: Vec<String>,
}

impl RequireDef {
    /// Whether it governs a roll of the procedure named, for this side of it (`None`: a roll
    /// of one figure or side). A rule bound to procedures governs only their rolls, never a
    /// unit's standing.
    pub fn governs_roll(&self, procedure: &str, side: Option<&str>) -> bool {
        (self.procedures.is_empty() || self.procedures.iter().any(|p| p == procedure))
            && (self.sides.is_empty() || side.is_some_and(|s| self.sides.iter().any(|x| x == s)))
    }
}

/// What happens when a rule's needs are not met.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Then {
    /// The roll, or the unit's change, is refused with the rule's name.
    #[default]
    Refuse,
    /// The flags the rule governs are taken back (a bonus withheld) and the roll goes on.
    Withhold,
}
