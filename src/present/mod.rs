//! Presentation: explanations of rolls and odds, quick-reference cards, the printable sheet, army
//! lists and the roster as the umpire sees it.

pub mod army;
pub mod brief;
pub mod card;
mod colours;
pub mod describe;
pub mod explain;
pub mod sheet;
pub mod view;
pub mod whole;
pub mod words;
