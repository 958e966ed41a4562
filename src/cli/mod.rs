//! The command line: `main` and the dispatch of each parsed command to the file that runs it.
//! The definition of the commands is in `args`; each command, or family of commands, has a
//! file of its own.

mod args;
pub mod config;
mod ctx;
mod fig;
mod figure;
mod game;
pub mod generate;
pub mod guided;
mod log;
mod mark;
mod odds;
mod owed;
mod parse;
mod roll;
mod rules;
mod turn;
mod unit;

use std::ffi::OsString;
use std::io::Write as _;
use std::process::ExitCode;

use crate::error::{Error, Result};
use crate::paths;
use crate::rules::catalog::Catalog;

pub use args::*;
use figure::{figure_odds, figure_roll};
use odds::odds;
use owed::Which;
pub(crate) use parse::with_tables;
use roll::{RollHow, procedure_help, roll};
use rules::rules;

/// Run with the process's arguments; print errors; return the exit code.
pub fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    let mut out = Vec::new();
    let result = run(args, &mut out);
    // What was already produced goes out first, then any error.
    emit(&out);
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", crate::text::error_line(&e.to_string()));
            e.exit_code()
        }
    }
}

/// Everything a command prints goes out here, made safe for a terminal: text from files and
/// arguments may hold escape sequences, which are shown, never acted on.
fn emit(bytes: &[u8]) {
    let colour = crate::present::view::colour_wanted();
    let bytes = crate::text::terminal(bytes, colour);
    let mut stdout = std::io::stdout().lock();
    // A closed pipe (`umpire ... | head`) is not an error worth a message.
    let _ = stdout.write_all(&bytes).and_then(|()| stdout.flush());
}

/// What a command leaves for the guided mode to offer next: the checks its roll says must
/// follow, each as the words of its command (`roll PROCEDURE --ROLE CODE FACTOR=VALUE`), and
/// whether it was a roll with figures of a game, whose checks the game itself owes.
#[derive(Debug, Default)]
pub(crate) struct Report {
    pub(crate) must_follow: Vec<Vec<String>>,
    pub(crate) in_game: bool,
}

pub fn run(args: Vec<OsString>, out: &mut Vec<u8>) -> Result<()> {
    execute(args, out, &mut Report::default())
}

/// Run one command line, printing into `out` and noting in `report` what must follow.
pub(crate) fn execute(args: Vec<OsString>, out: &mut Vec<u8>, report: &mut Report) -> Result<()> {
    let (mut cli, loaded) = match parse::parse(&args)? {
        Ok(parsed) => parsed,
        Err(e) => {
            use clap::error::ErrorKind;
            let text = e.render().to_string();
            return match e.kind() {
                ErrorKind::DisplayHelp
                | ErrorKind::DisplayVersion
                | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    out.extend_from_slice(text.as_bytes());
                    if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                        Err(Error::usage("a command is needed").with_hint(
                            "`umpire rules` lists the procedures; then `umpire roll PROCEDURE`",
                        ))
                    } else {
                        Ok(())
                    }
                }
                _ => {
                    let first = text
                        .lines()
                        .next()
                        .unwrap_or("")
                        .trim_start_matches("error: ")
                        .to_string();
                    // clap's other lines: the values it takes, and a likely one.
                    let extra: Vec<String> = text
                        .lines()
                        .map(str::trim)
                        .filter_map(|l| {
                            l.strip_prefix("tip: ").map(str::to_string).or_else(|| {
                                l.strip_prefix("[possible values: ")
                                    .and_then(|v| v.strip_suffix(']'))
                                    .map(|v| format!("one of: {v}"))
                            })
                        })
                        .collect();
                    Err(Error::usage(first).with_hint(if extra.is_empty() {
                        "see `umpire --help`".into()
                    } else {
                        extra.join("; ")
                    }))
                }
            };
        }
    };
    if let Some((name, procedure)) = cli.procedure_help() {
        // Help is answered whatever else is broken: the tables only add to it.
        cli.default_rules = crate::config::Config::load().ok().and_then(|c| c.rules);
        let catalog = Catalog::load(cli.tables.as_deref())
            .ok()
            .map(|c| c.with_cache(paths::cache_dir().as_deref()));
        return procedure_help(&cli, catalog.as_ref(), name, procedure.as_deref(), out);
    }
    if let Some(name) = cli.draw_help() {
        return parse::draw_help(&cli, name, out);
    }
    let config = crate::config::Config::load()?;
    cli.default_rules = config.rules;
    cli.ask_faces = config.dice == crate::config::DiceMode::Physical
        || matches!(&cli.command, Some(Command::Roll { physical: true, .. }));
    let catalog = match loaded {
        Some(catalog) => catalog,
        None => Catalog::load(cli.tables.as_deref())?.with_cache(paths::cache_dir().as_deref()),
    };
    let ctx = || ctx::Ctx {
        catalog: &catalog,
        rules: cli.rules.as_deref(),
        default_rules: cli.default_rules.as_deref(),
        game: cli.game.as_deref(),
        json: cli.json,
        line: command_line(&args),
    };
    let Some(command) = &cli.command else {
        return guided::start(&cli, &catalog, out);
    };
    match command {
        Command::Rules(RulesArgs { name, check: true }) => {
            rules::check(&cli, &catalog, name.as_deref(), out)
        }
        Command::Rules(RulesArgs { name, .. }) => rules(&cli, &catalog, name.as_deref(), out),
        Command::Game(cmd) => game::game(&ctx(), cmd, out),
        Command::Unit(cmd) => unit::unit(&ctx(), cmd, out),
        Command::Fig(cmd) => fig::fig(&ctx(), cmd, out),
        Command::Figs => fig::figs(&ctx(), out),
        Command::Mark(MarkArgs {
            figure,
            changes,
            clear,
        }) => mark::mark(&ctx(), figure, changes, *clear, out),
        Command::Log(LogArgs { last, markdown }) => log::log(&ctx(), *last, *markdown, out),
        Command::Undo => log::undo(&ctx(), out),
        Command::Turn(TurnArgs { phases, tokens, .. }) => {
            turn::turn(&ctx(), *phases, *tokens, &phase_dice(&cli), out)
        }
        Command::Draw(DrawArgs { token, odds, .. }) => {
            turn::draw(&ctx(), token.as_deref(), &phase_dice(&cli), *odds, out)
        }
        Command::Hold(_) => turn::hold(&ctx(), out),
        Command::React(ReactArgs { side, .. }) => turn::react(&ctx(), side, out),
        Command::Activate(ActivateArgs { unit }) => turn::activate(&ctx(), unit, out),
        Command::Status(_) => turn::status(&ctx(), out),
        Command::Card(CardArgs { procedures }) => {
            let ruleset = catalog.ruleset(cli.rules())?;
            let colour = crate::present::view::colour_wanted();
            out.extend_from_slice(
                crate::present::card::cards(&ruleset, procedures, 80, colour)?.as_bytes(),
            );
            Ok(())
        }
        Command::Cards(CardsArgs { html, output }) => {
            let ruleset = catalog.ruleset(cli.rules())?;
            let text = if *html {
                crate::present::sheet::html(&ruleset)?
            } else {
                crate::present::card::cards(&ruleset, &[], 80, false)?
            };
            match output {
                Some(path) => crate::game::store::write_atomic(path, text.as_bytes()),
                None => {
                    out.extend_from_slice(text.as_bytes());
                    Ok(())
                }
            }
        }
        Command::Play => guided::play(&cli, &catalog, out),
        Command::Config(ConfigArgs { key, value }) => {
            config::command(key.as_deref(), value.as_deref(), &catalog, out)
        }
        Command::Generate(GenerateCmd::Man { dir }) => {
            for path in generate::man(dir)? {
                out.extend_from_slice(format!("{}\n", path.display()).as_bytes());
            }
            Ok(())
        }
        Command::Generate(GenerateCmd::Completions { shell }) => {
            let script = generate::completions(*shell, &catalog, cli.rules())?;
            out.extend_from_slice(script.as_bytes());
            Ok(())
        }
        Command::Roll {
            procedure,
            factors,
            dice,
            times,
            dry_run,
            next: Some(number),
            also,
            ..
        } => {
            if !also.is_empty() {
                return Err(Error::usage(
                    "--also names figures a roll falls on; a check owed falls on its own figure",
                ));
            }
            // `--next N`; a word that is not a number is the first word after it (`roll --next
            // PROCEDURE`, `roll --next FACTOR`), not the number of a check.
            let n = number.as_deref().map(str::parse::<usize>);
            let mut words: Vec<String> = match (number, &n) {
                (Some(w), Some(Err(_))) => vec![w.clone()],
                _ => Vec::new(),
            };
            words.extend(procedure.iter().cloned());
            words.extend(factors.iter().cloned());
            let (procedure, factors) = match words.split_first() {
                Some((first, rest)) => (Some(first.as_str()), rest),
                None => (None, &words[..]),
            };
            let how = RollHow {
                factors,
                dice,
                times: *times,
                dry_run: *dry_run,
                also: &[],
                line: command_line(&args),
            };
            let which = Which::Owed {
                procedure,
                number: n.and_then(Result::ok),
            };
            if !cli.cast.is_empty() {
                return Err(Error::usage(
                    "--next makes a check the game owes, and knows its figure: name none",
                )
                .with_hint("`umpire status` lists the checks owed and their figures"));
            }
            figure_roll(&cli, &catalog, &which, &how, out, report)
        }
        Command::Roll {
            procedure: None, ..
        }
        | Command::Odds {
            procedure: None, ..
        } => {
            let names = catalog.ruleset(cli.rules()).map(|r| {
                let names: Vec<String> =
                    r.model.procedures.iter().map(|p| p.name.clone()).collect();
                names.join(", ")
            });
            Err(
                Error::usage("a procedure is needed").with_hint(match names {
                    Ok(names) => format!("one of: {names}"),
                    Err(_) => "`umpire rules` lists the procedures".to_string(),
                }),
            )
        }
        Command::Roll {
            procedure: Some(procedure),
            factors,
            dice,
            times,
            dry_run,
            physical: _,
            next: None,
            also,
            help: _,
        } => {
            let cast = &cli.cast;
            let how = RollHow {
                factors,
                dice,
                times: *times,
                dry_run: *dry_run,
                also,
                line: command_line(&args),
            };
            if !cast.is_empty() {
                let which = Which::Named { procedure, cast };
                return figure_roll(&cli, &catalog, &which, &how, out, report);
            }
            if !also.is_empty() {
                return Err(
                    Error::usage("--also names more figures of a game a roll falls on")
                        .with_hint("name the roll's own figures too"),
                );
            }
            if *dry_run {
                return Err(
                    Error::usage("--dry-run only matters with figures from a game")
                        .with_hint("a roll that names no figure of the game changes nothing"),
                );
            }
            let ruleset = catalog.ruleset(cli.rules())?;
            roll(&cli, &ruleset, procedure, &how, out, report)
        }
        Command::Odds {
            procedure: Some(procedure),
            factors,
            help: _,
        } => {
            let cast = &cli.cast;
            if !cast.is_empty() {
                return figure_odds(&cli, &catalog, procedure, cast, factors, out);
            }
            let ruleset = catalog.ruleset(cli.rules())?;
            odds(&cli, &ruleset, procedure, factors, out)
        }
    }
}

/// How the end of a phase rolls: with `--seed`, unless the dice are thrown at the table.
fn phase_dice(cli: &Cli) -> turn::PhaseDice {
    turn::PhaseDice {
        seed: cli.seed,
        physical: cli.ask_faces,
    }
}

/// The command as typed, without the program's path, for the game's log.
pub(super) fn command_line(args: &[OsString]) -> String {
    args.iter()
        .skip(1)
        .map(|a| {
            let a = a.to_string_lossy();
            if a.is_empty() || a.contains(char::is_whitespace) {
                format!("'{a}'")
            } else {
                a.into_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Pretty JSON and a newline: what every `--json` prints.
pub(crate) fn write_json(out: &mut Vec<u8>, value: &serde_json::Value) -> Result<()> {
    serde_json::to_writer_pretty(&mut *out, value)
        .map_err(|e| Error::failure(format!("cannot write JSON: {e}")))?;
    out.push(b'\n');
    Ok(())
}

pub(crate) fn fresh_seed() -> u64 {
    // From the operating system's generator, so that two rolls in the same instant differ.
    rand::random()
}

/// ` --tables DIR --rules R` when given, so that a printed command runs against the same tables.
pub(super) fn rules_flag(cli: &Cli) -> String {
    let mut flag = String::new();
    if let Some(t) = &cli.tables {
        flag.push_str(&format!(" --tables {}", t.display()));
    }
    if let Some(r) = &cli.rules {
        flag.push_str(&format!(" --rules {r}"));
    }
    flag
}
