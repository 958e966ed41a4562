//! A game at the table: its state, how it is stored, the roster and its markers, the turn, the
//! checks figures owe, and what the roster says about the figures in a roll.

pub mod aim;
pub mod allowance;
pub mod army;
pub mod beyond;
pub mod charge;
pub mod combine;
pub mod conditions;
pub mod counters;
pub mod facts;
pub mod fields;
pub mod figures;
pub mod implied;
pub mod legality;
pub mod links;
pub mod lookup;
pub mod marker_rolls;
pub mod markers;
pub mod pending;
pub mod reads;
pub mod roles;
pub mod roster;
pub mod ruling;
pub mod said;
pub mod sides;
pub mod spread;
pub mod state;
pub mod store;
pub mod turn;
pub mod unit_action;
