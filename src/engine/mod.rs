//! The engine: dice, exact fractions, situations, and the plans that resolve a procedure and
//! enumerate its odds.

pub mod dice;
pub mod fraction;
pub mod plan;
pub mod situation;
