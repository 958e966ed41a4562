//! The specification of `umpire`, as one integration-test binary that runs only the built
//! `umpire` binary: what it prints (text and `--json`), how it exits, and what it keeps on disk.
//!
//! Tests that need tools beyond Rust (chromium and poppler, tmux, zsh and fish, groff and man,
//! `script`) are ignored by plain `cargo test`; `.ci/run` installs the tools and runs them with
//! `cargo test -- --ignored`, where a missing tool fails the test.

mod support;

mod any_result;
mod army;
mod cache;
mod card;
mod cest_la_guerre;
mod cli;
mod command_sequences;
mod compile;
mod french_indian_war;
mod game_play;
mod game_store;
mod generate;
mod hand_edits;
mod interactive;
mod la_petite_guerre;
mod limits;
mod lint;
mod many_dice;
mod odds_given;
mod officers_and_leaders;
mod options;
mod other_rulesets;
mod petite_guerre_1750s;
mod races;
mod readme;
mod reported;
mod robustness;
mod roles;
mod roster;
mod sheet;
mod turn_rules;
mod user_tables;
