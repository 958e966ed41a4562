//! A game at the table: its state, how it is stored, the roster and its markers, the turn, the
//! checks figures owe, and what the roster says about the figures in a roll.
//!
//! The files stand in layers, and each imports only files of the layers below it (or of its
//! own layer, earlier in its list), so that no two of them import each other and any one can be
//! read knowing only what lies beneath it. From the bottom:
//!
//! 1. The data: `state` (units, figures, the turn, the checks owed, events and their changes),
//!    with the small data the layers above pass around: `said` (what a change reports),
//!    `roles` (the options that name a roll's figures, and the figures found), `reads` (what a
//!    procedure reads) and `ruling` (the umpire's word, and what a unit's acting comes to).
//!    `store` keeps the data on disk and `facts` reads a change as facts; both read only it.
//! 2. The look-ups: `lookup`, the game's tables, a side, unit, figure, marker or state by the
//!    name typed, the labels messages say them by, the words of a marker change, and where
//!    play stands.
//! 3. The parts of a figure's state, each with its changes: `implied` (what a unit's fields
//!    imply), `conditions` (what holds for a side), `markers`, `links`, `counters` (which put
//!    markers on), `fields` (which read the counts), and `spread` (a roll's results landed on
//!    them all).
//! 4. The roster's changes: `roster` (units and their figures added), `combine`, `sides` and
//!    `army`.
//! 5. The roll's reading of the roster: `beyond`, `figures` (the figures found, and their
//!    words), `aim` (follow-ups pointed at them), `pending` (the checks owed), `unit_action`,
//!    and `marker_rolls`.
//! 6. The turn on top: `turn` (its draw, player turns, pools and lasting markers), then
//!    `legality`, `allowance` and `charge`, which weigh and make a unit's acting by it.

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
