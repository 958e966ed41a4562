//! Reading the command line. clap parses the one definition in `args`; the options that name
//! the figures of a roll (`--firer CF1 --target RR2`) are the ruleset's (`game: roles:`), so
//! when `roll` or `odds` meets an option the definition lacks, the ruleset in play is found
//! and clap parses again with its roles added.

use std::ffi::OsString;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, ArgAction, ArgMatches, Command, CommandFactory, FromArgMatches};

use super::Cli;
use crate::error::{Error, Result};
use crate::game::roles::Named;
use crate::game::store::Store;
use crate::paths;
use crate::rules::catalog::Catalog;
use crate::rules::model::{GameDef, Part};
use crate::rules::ruleset::Ruleset;

/// The commands whose figures are named by role.
const CAST_COMMANDS: [&str; 2] = ["roll", "odds"];

/// The parsed command, and the catalog with the ruleset read for its roles (when it was), so
/// that the command does not load it again.
pub(super) type Parsed = (Cli, Option<Catalog>);

/// Parse the arguments: `Ok(Err(e))` is clap's own error or help, to be rendered; `Err` is a
/// failure to find the roles (a broken table or config), which outranks an unknown option.
pub(super) fn parse(args: &[OsString]) -> Result<std::result::Result<Parsed, clap::Error>> {
    let unknown = match Cli::command().try_get_matches_from(args) {
        Ok(m) => return Ok(cli_from(&m, None).map(|cli| (cli, None))),
        Err(e) if e.kind() == ErrorKind::UnknownArgument => e,
        Err(e) => return Ok(Err(e)),
    };
    let Some(first) = lenient(args) else {
        return Ok(Err(unknown));
    };
    if !first
        .subcommand_name()
        .is_some_and(|s| CAST_COMMANDS.contains(&s))
    {
        return Ok(Err(unknown));
    }
    let Ok(cli) = Cli::from_arg_matches(&first) else {
        return Ok(Err(unknown));
    };
    let (catalog, ruleset) = roles_in_play(&cli)?;
    let Some(game) = &ruleset.model.game else {
        return Ok(Err(unknown));
    };
    let cli = match with_roles(Cli::command(), &ruleset)?.try_get_matches_from(args) {
        Ok(m) => cli_from(&m, Some(game)),
        Err(e) => return Ok(Err(e)),
    };
    Ok(cli.map(|cli| (cli, Some(catalog.with_loaded(ruleset)))))
}

/// The definition, with each role of `game` an option of `roll` and `odds`: `--firer FIGURE`,
/// or `--attackers FIGURES` (a list) for a side of an opposed roll.
pub(crate) fn with_roles(mut cmd: Command, ruleset: &Ruleset) -> Result<Command> {
    let Some(game) = &ruleset.model.game else {
        return Ok(cmd);
    };
    let longs = |a: &Arg| -> Vec<String> {
        a.get_long_and_visible_aliases()
            .unwrap_or_default()
            .into_iter()
            .map(str::to_string)
            .collect()
    };
    let global: Vec<String> = cmd.get_arguments().flat_map(longs).collect();
    for name in CAST_COMMANDS {
        let Some(sub) = cmd.find_subcommand(name) else {
            continue;
        };
        let mut taken = global.clone();
        taken.extend(sub.get_arguments().flat_map(longs));
        taken.extend(["help".to_string(), "version".to_string()]);
        let mut args = Vec::new();
        for role in &game.roles {
            let names = std::iter::once(&role.name).chain(&role.aliases);
            if let Some(n) = names.clone().find(|n| taken.contains(n)) {
                return Err(Error::usage(format!(
                    "{}: the role `{n}` (game: roles:) is already an option of `umpire {name}`",
                    ruleset.file
                ))
                .with_hint("give the role another name"));
            }
            taken.extend(names.cloned());
            // A side is a list where several of its figures may fight a lone one.
            let many = ruleset.model.procedures.iter().any(|p| {
                p.many_on_one.as_ref().is_some_and(|m| {
                    Part::Side(m.lone.clone()) != role.plays
                        && p.sides
                            .iter()
                            .any(|s| Part::Side(s.name.clone()) == role.plays)
                })
            });
            let arg = Arg::new(role_id(&role.name))
                .long(role.name.clone())
                .visible_aliases(role.aliases.clone())
                .help(role.help.clone())
                .help_heading("Figures of the game")
                .value_name(if many { "FIGURES" } else { "FIGURE" });
            args.push(if many {
                arg.action(ArgAction::Append).value_delimiter(',')
            } else {
                arg.action(ArgAction::Set)
            });
        }
        cmd = cmd.mut_subcommand(name, |s| s.args(args));
    }
    Ok(cmd)
}

fn role_id(name: &str) -> String {
    format!("role:{name}")
}

/// The parsed command, with the figures its role options named.
fn cli_from(m: &ArgMatches, game: Option<&GameDef>) -> std::result::Result<Cli, clap::Error> {
    let mut cli = Cli::from_arg_matches(m)?;
    if let (Some(game), Some((_, sub))) = (game, m.subcommand()) {
        for role in &game.roles {
            if let Ok(Some(figures)) = sub.try_get_many::<String>(&role_id(&role.name)) {
                cli.cast.named.push(Named {
                    option: role.name.clone(),
                    part: role.plays.clone(),
                    figures: figures.cloned().collect(),
                });
            }
        }
    }
    Ok(cli)
}

/// The game section whose roles a roll may name: the current game's ruleset when there is a
/// game (figures are its), else the ruleset `--rules` or the config names.
fn roles_in_play(cli: &Cli) -> Result<(Catalog, Ruleset)> {
    let rules = crate::config::Config::load()?.rules;
    let catalog = Catalog::load(cli.tables.as_deref())?.with_cache(paths::cache_dir().as_deref());
    let played = Store::open_default()
        .and_then(|s| s.current(cli.game.as_deref()))
        .and_then(|files| files.read())
        .ok()
        .map(|g| g.ruleset);
    let name = played
        .as_deref()
        .or(cli.rules.as_deref())
        .or(rules.as_deref());
    let ruleset = catalog.ruleset(name)?;
    Ok((catalog, ruleset))
}

/// What clap makes of the arguments with every option it does not know taken as a hidden
/// option of `roll` and `odds` (with or without a value): enough to read the global options
/// and the command, wherever they stand, before the ruleset's roles are known.
fn lenient(args: &[OsString]) -> Option<ArgMatches> {
    let mut cmd = Cli::command();
    let mut added: Vec<String> = Vec::new();
    // Each round adds the option clap stopped at; an argument list has no more than its length.
    for _ in 0..=args.len() {
        let e = match cmd.clone().try_get_matches_from(args) {
            Ok(m) => return Some(m),
            Err(e) if e.kind() == ErrorKind::UnknownArgument => e,
            Err(_) => return None,
        };
        let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) else {
            return None;
        };
        let name = arg.strip_prefix("--")?.split('=').next()?.to_string();
        // Only what could be a role (a word after `--`); clap refuses anything else as a name.
        let word = name.starts_with(|c: char| c.is_ascii_alphanumeric())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        if !word || added.contains(&name) {
            return None;
        }
        for sub in CAST_COMMANDS {
            let n = name.clone();
            cmd = cmd.mut_subcommand(sub, |s| {
                s.arg(
                    Arg::new(role_id(&n))
                        .long(n)
                        .num_args(0..=1)
                        .action(ArgAction::Append)
                        .hide(true),
                )
            });
        }
        added.push(name);
    }
    None
}
