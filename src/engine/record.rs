//! What a step records of how it was thrown: each side's dice, modifiers and factors as they
//! stood, and, for a roll made as another procedure, why. The explanation, the JSON and the
//! log read them; the plan and the resolving write them.

use serde::Serialize;

use crate::engine::modifiers::ModLine;
use crate::engine::situation::Via;
use crate::engine::throw::{DicePlan, Target};
use crate::model::Comparison;

#[derive(Debug, Clone, Serialize)]
pub struct SideRecord {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    /// The dice thrown, or the total given without a roll.
    pub dice: DicePlan,
    /// Why these dice, where the procedure's dice depend on the situation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dice_label: Option<String>,
    pub drops: Vec<String>,
    pub modifiers: Vec<ModLine>,
    pub net: i64,
    pub factors: Vec<FactorRecord>,
    /// Numbers worked out from their items, item by item.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sums: Vec<crate::engine::derived::Summed>,
    /// Choice factors read one value further along their list, and why.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub further: Vec<crate::engine::derived::Further>,
    /// The rules of eligibility the situation called on, and how each stood.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub standings: Vec<crate::engine::requires::Standing>,
}

#[derive(Debug, Clone, Serialize)]
pub struct FactorRecord {
    pub name: String,
    pub value: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub via: Option<Via>,
}

/// Why a roll was made as another procedure: the check asked for, its dice and modifiers in
/// the situation, and the best total they reach, which cannot pass.
#[derive(Debug, Clone, Serialize)]
pub struct Fallback {
    /// The procedure asked for, whose check the modifiers made impossible.
    pub procedure: String,
    pub title: String,
    /// Its dice and modifiers in this situation.
    pub side: SideRecord,
    pub compare: Comparison,
    pub target: Target,
    /// The best total the dice reach with the net modifier: the highest, or the lowest where
    /// a low total passes.
    pub best: i64,
    /// The procedure rolled in its place.
    pub becomes: String,
    /// Why, in the table's words.
    pub label: String,
}
