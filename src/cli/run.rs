//! The dispatch of a parsed command: what every command runs with (`Cx`), the `Run` each
//! command's file implements for its arguments, and the match of one line per command.

use std::ffi::OsString;

use super::args::{Cli, Command};
use super::{
    Report, act, army, charge, command_line, config, ctx, fig, game, guided, log, mark, turn, unit,
};
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

impl Run for Command {
    fn run(&self, cx: &Cx<'_>, out: &mut Vec<u8>, report: &mut Report) -> Result<()> {
        let (cli, catalog) = (cx.cli, cx.catalog);
        match self {
            Command::Roll(a) => a.run(cx, out, report),
            Command::Odds(a) => a.run(cx, out, report),
            Command::Rules(a) => a.run(cx, out, report),
            Command::Game(c) => game::game(&cx.game(), c, out),
            Command::Unit(c) => unit::unit(&cx.game(), c, out),
            Command::Fig(c) => fig::fig(&cx.game(), c, out),
            Command::Figs => fig::figs(&cx.game(), out),
            Command::Mark(a) => mark::mark(&cx.game(), &a.figure, &a.changes, a.clear, out),
            Command::Log(a) => log::log(&cx.game(), a.last, a.markdown, out),
            Command::Undo => log::undo(&cx.game(), out),
            Command::Turn(a) => a.run(cx, out, report),
            Command::Draw(a) => a.run(cx, out, report),
            Command::Hold(_) => turn::hold(&cx.game(), out),
            Command::React(a) => turn::react(&cx.game(), &a.side, out),
            Command::Activate(a) => turn::activate(&cx.game(), &a.unit, out),
            Command::Spend(a) => a.run(cx, out, report),
            Command::Status(_) => turn::status(&cx.game(), out),
            Command::Act(a) => act::act(&cx.game(), &a.unit, &a.action, &a.figs, out),
            Command::Charge(a) => charge::charge(cli, catalog, a, cx.line(), out, report),
            Command::Army(c) => army::army(cli, catalog, c, out),
            Command::Card(a) => a.run(cx, out, report),
            Command::Cards(a) => a.run(cx, out, report),
            Command::Play => guided::play(cli, catalog, out),
            Command::Config(a) => {
                config::command(a.key.as_deref(), a.value.as_deref(), catalog, cli.json, out)
            }
            Command::Generate(c) => c.run(cx, out, report),
        }
    }
}
