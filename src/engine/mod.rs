//! The engine: dice, exact fractions, situations, modifiers, and the plans that decide a throw,
//! resolve a procedure and enumerate its odds (a check the modifiers make impossible falling
//! back to another procedure).

pub mod decide;
pub mod decision;
pub mod derived;
pub mod dice;
pub mod fallback;
pub mod fight;
pub mod fraction;
pub mod given;
pub mod modifiers;
pub mod odds;
pub mod plan;
pub mod record;
pub mod requires;
pub mod reroll;
pub mod resolve;
pub mod situation;
pub mod summary;
pub mod throw;
pub mod whole;
