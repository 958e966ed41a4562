//! The dispatch of a parsed command: the match of one line per command, each to the `Run` of
//! its arguments in the command's own file or to the function that runs it.

use super::args::Command;
use super::command::{Cx, Run};
use super::{Report, act, army, charge, config, fig, game, guided, log, mark, turn, unit};
use crate::error::Result;

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
