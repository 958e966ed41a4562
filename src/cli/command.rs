//! What a command runs with (`Cx`) and the `Run` each command's file implements for its
//! arguments; the dispatch of a parsed command to them is `run`'s.

use std::ffi::OsString;

use super::args::Cli;
use super::{Report, command_line, ctx};
use crate::error::Result;
use crate::rules::catalog::Catalog;

/// What a command runs with: the parsed line, the tables, and the words as typed.
pub(crate) struct Cx<'a> {
    pub(crate) cli: &'a Cli,
    pub(crate) catalog: &'a Catalog,
    pub(crate) args: &'a [OsString],
}

impl Cx<'_> {
    /// What the game's commands need of it.
    pub(crate) fn game(&self) -> ctx::Ctx<'_> {
        ctx::Ctx {
            catalog: self.catalog,
            rules: self.cli.rules.as_deref(),
            default_rules: self.cli.default_rules.as_deref(),
            game: self.cli.game.as_deref(),
            json: self.cli.json,
            line: self.line(),
            umpire: self.cli.umpire(),
        }
    }

    /// The command as typed, for the game's log.
    pub(crate) fn line(&self) -> String {
        command_line(self.args)
    }
}

/// A command that runs: it prints into `out` and notes in `report` what must follow.
pub(crate) trait Run {
    fn run(&self, cx: &Cx<'_>, out: &mut Vec<u8>, report: &mut Report) -> Result<()>;
}
