//! Reading the command line. clap parses the one definition in `args`; some options are the
//! ruleset's: those that name the figures of a roll (`--firer CF1 --target RR2`, from `game:
//! roles:`) and the name of the draw's tokens (`draw --bead red`, `turn --beads 2`, from `turn:
//! draw:`). When a command that takes them meets an option the definition lacks, the ruleset
//! in play is found and clap parses again with the table's options added.

use std::ffi::OsString;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, ArgAction, ArgMatches, Command, CommandFactory, FromArgMatches};

use super::Cli;
use crate::error::{Error, Result};
use crate::game::roles::Named;
use crate::game::store::Store;
use crate::model::Ruleset;
use crate::model::{GameDef, Part};
use crate::paths;
use crate::rules::catalog::Catalog;

use super::args::{DRAW, DRAW_ODDS, DRAW_TOKEN, HOLD, REACT, STATUS, TURN, TURN_TOKENS, drawn};

/// The commands whose figures are named by role.
const CAST_COMMANDS: [&str; 2] = ["roll", "odds"];

/// The commands with an option named after the draw's token, and that option's id: `--token`
/// is `--bead` where the table calls its tokens beads (see `with_draw_words`).
const TOKEN_OPTIONS: [(&str, &str); 2] = [("draw", "token"), ("turn", "tokens")];

/// The commands that take options of the table's, whatever their kind.
fn takes_table_options(command: &str) -> bool {
    CAST_COMMANDS.contains(&command) || TOKEN_OPTIONS.iter().any(|(c, _)| *c == command)
}

/// The parsed command, and the catalog with the ruleset read for its roles (when it was), so
/// that the command does not load it again.
pub(super) type Parsed = (Cli, Option<Catalog>);

/// Parse the arguments: `Ok(Err(e))` is clap's own error or help, to be rendered; `Err` is a
/// failure to find the roles (a broken table or config), which outranks an unknown option.
pub(super) fn parse(args: &[OsString]) -> Result<std::result::Result<Parsed, clap::Error>> {
    let unknown = match Cli::command().try_get_matches_from(args) {
        Ok(m) => {
            if let Some(moved) = options_among_changes(args, &m) {
                return Ok(Cli::command()
                    .try_get_matches_from(moved)
                    .and_then(|m| cli_from(m, None))
                    .map(|cli| (cli, None)));
            }
            return Ok(cli_from(m, None).map(|cli| (cli, None)));
        }
        Err(e) if e.kind() == ErrorKind::UnknownArgument => e,
        Err(e) => return Ok(Err(e)),
    };
    let Some(first) = lenient(args) else {
        return Ok(Err(unknown));
    };
    if !first.subcommand_name().is_some_and(takes_table_options) {
        return Ok(Err(unknown));
    }
    let Ok(cli) = Cli::from_arg_matches(&first) else {
        return Ok(Err(unknown));
    };
    let (catalog, ruleset) = ruleset_in_play(&cli)?;
    if ruleset.model.game.is_none() && ruleset.model.turn.is_none() {
        return Ok(Err(unknown));
    }
    let cli = match with_tables(Cli::command(), &ruleset)?.try_get_matches_from(args) {
        Ok(m) => cli_from(m, ruleset.model.game.as_ref()),
        Err(e) => return Ok(Err(e)),
    };
    Ok(cli.map(|cli| (cli, Some(catalog.with_loaded(ruleset)))))
}

/// The commands whose free words may start with `-` (`mark RR1 -prone`), and those words.
const HYPHEN_WORDS: [(&str, &str); 1] = [("mark", "changes")];

/// `mark RR1 +pinned --json`: once clap is among words that may start with `-`, it takes every
/// word after as one of them, an option included (and `--` too). The options it knows (with
/// their values) are moved before those words and the line is parsed again; `-prone` stays a
/// word, and so does anything after a `--`.
fn options_among_changes(args: &[OsString], m: &ArgMatches) -> Option<Vec<OsString>> {
    let (name, sub) = m.subcommand()?;
    let (_, id) = HYPHEN_WORDS.iter().find(|(c, _)| *c == name)?;
    let words: Vec<&String> = sub.get_many::<String>(id)?.collect();
    // Those words are the end of the line: from the first, clap took all the rest.
    let first = args.len().checked_sub(words.len())?;
    let tail = args.get(first..)?;
    if tail
        .iter()
        .zip(&words)
        .any(|(a, w)| a.to_str() != Some(w.as_str()))
    {
        return None;
    }
    let cmd = Cli::command();
    let own = cmd.find_subcommand(name)?;
    // Whether `--NAME` is an option of the command or a global one, and takes a value.
    let takes_value = |long: &str| {
        cmd.get_arguments()
            .chain(own.get_arguments())
            .find(|a| a.get_long() == Some(long))
            .map(|a| a.get_action().takes_values())
    };
    let mut moved = Vec::new();
    let mut dropped = None;
    let mut i = 0;
    while let Some(word) = words.get(i) {
        if word.as_str() == "--" {
            dropped = Some(first + i);
            break;
        }
        i += 1;
        let Some(long) = word.strip_prefix("--") else {
            continue;
        };
        let (long, has_value) = long
            .split_once('=')
            .map_or((long, false), |(l, _)| (l, true));
        let Some(takes) = takes_value(long) else {
            continue;
        };
        moved.push(first + i - 1);
        if takes && !has_value && i < words.len() {
            moved.push(first + i);
            i += 1;
        }
    }
    if moved.is_empty() && dropped.is_none() {
        return None;
    }
    let mut out: Vec<OsString> = args.get(..first)?.to_vec();
    out.extend(moved.iter().filter_map(|&k| args.get(k).cloned()));
    // The words after it, all words whatever they start with (an option left without its
    // value is then refused as such).
    out.push("--".into());
    out.extend(
        tail.iter()
            .enumerate()
            .map(|(k, a)| (first + k, a))
            .filter(|(k, _)| !moved.contains(k) && dropped != Some(*k))
            .map(|(_, a)| a.clone()),
    );
    Some(out)
}

/// The help of a command of the draw (`draw --help`) in the word of the ruleset in play, or
/// clap's own where the tables cannot be read: help never fails for the tables' sake.
pub(super) fn draw_help(cli: &Cli, name: &str, out: &mut Vec<u8>) -> Result<()> {
    let tables = ruleset_in_play(cli).and_then(|(_, r)| with_tables(Cli::command(), &r));
    let mut cmd = tables.unwrap_or_else(|_| Cli::command());
    cmd.build();
    let sub = cmd
        .find_subcommand_mut(name)
        .ok_or_else(|| Error::failure(format!("no `{name}` command")))?;
    let mut sub = std::mem::take(sub).bin_name(format!("umpire {name}"));
    // No option of these commands has a long help: the short form is clap's own `--help`.
    out.extend_from_slice(sub.render_help().to_string().as_bytes());
    Ok(())
}

/// The definition with every option the ruleset adds: its roles and its draw's word.
pub(crate) fn with_tables(cmd: Command, ruleset: &Ruleset) -> Result<Command> {
    with_draw_words(with_roles(cmd, ruleset)?, ruleset)
}

/// The long names of an option, its visible aliases with it.
fn longs(a: &Arg) -> Vec<String> {
    a.get_long_and_visible_aliases()
        .unwrap_or_default()
        .into_iter()
        .map(str::to_string)
        .collect()
}

/// The definition, with the commands of the draw speaking the table's word for its tokens:
/// their help says `bead` where the table's tokens are beads, and `--token` and `--tokens`
/// become `--bead` and `--beads`, keeping their own names as aliases (the man pages show an
/// option's name but not its aliases, and `--bead` is what the umpire of the game types).
fn with_draw_words(cmd: Command, ruleset: &Ruleset) -> Result<Command> {
    let Some(d) = ruleset
        .model
        .turn
        .as_ref()
        .and_then(|t| t.draw())
        .map(|d| &d.draw)
    else {
        return Ok(cmd);
    };
    let plural = d.plural().into_owned();
    let global: Vec<String> = cmd.get_arguments().flat_map(longs).collect();
    for (name, id) in TOKEN_OPTIONS {
        let word = if id == "token" { &d.token } else { &plural };
        let Some(sub) = cmd.find_subcommand(name) else {
            continue;
        };
        let mut taken = global.clone();
        taken.extend(
            sub.get_arguments()
                .filter(|a| a.get_id() != id)
                .flat_map(longs),
        );
        taken.extend(["help".to_string(), "version".to_string()]);
        if taken.contains(word) {
            return Err(Error::usage(format!(
                "{}: the tokens' name `{word}` (turn: draw:) is already an option of `umpire {name}`",
                ruleset.file
            ))
            .with_hint("give the tokens another name"));
        }
    }
    // `--bead`, and `--token` as its alias; just `--token` when that is the table's word.
    let named = |a: Arg, word: &str| {
        let own = a.get_id().to_string();
        if word == own {
            a
        } else {
            a.long(word.to_string()).visible_alias(own)
        }
    };
    let said = |sentence: &str| drawn(sentence, Some(d));
    Ok(cmd
        .mut_subcommand("turn", |s| {
            s.about(said(TURN))
                .mut_arg("tokens", |a| named(a, &plural).help(said(TURN_TOKENS)))
        })
        .mut_subcommand("draw", |s| {
            s.about(said(DRAW))
                .mut_arg("token", |a| {
                    named(a, &d.token)
                        .value_name(d.token.to_uppercase())
                        .help(said(DRAW_TOKEN))
                })
                .mut_arg("odds", |a| a.help(said(DRAW_ODDS)))
        })
        .mut_subcommand("hold", |s| s.about(said(HOLD)))
        .mut_subcommand("react", |s| s.about(said(REACT)))
        .mut_subcommand("status", |s| s.about(said(STATUS))))
}

/// The definition, with each role of `game` an option of `roll` and `odds`: `--firer FIGURE`,
/// or `--attackers FIGURES` (a list) for a side of an opposed roll.
pub(crate) fn with_roles(mut cmd: Command, ruleset: &Ruleset) -> Result<Command> {
    let Some(game) = &ruleset.model.game else {
        return Ok(cmd);
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

/// The parsed command, with the figures its role options named. The matches are taken, not
/// borrowed: clap then moves the values out instead of copying every one of them first.
fn cli_from(mut m: ArgMatches, game: Option<&GameDef>) -> std::result::Result<Cli, clap::Error> {
    let mut cast = Vec::new();
    if let (Some(game), Some((_, sub))) = (game, m.subcommand()) {
        for role in &game.roles {
            if let Ok(Some(figures)) = sub.try_get_many::<String>(&role_id(&role.name)) {
                cast.push(Named {
                    option: role.name.clone(),
                    part: role.plays.clone(),
                    figures: figures.cloned().collect(),
                });
            }
        }
    }
    let mut cli = Cli::from_arg_matches_mut(&mut m)?;
    cli.cast.named.extend(cast);
    Ok(cli)
}

/// The ruleset whose options a command may take: the current game's ruleset when there is a
/// game (its figures and its bag), else the ruleset `--rules` or the config names.
fn ruleset_in_play(cli: &Cli) -> Result<(Catalog, Ruleset)> {
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
/// option of the commands that take the table's options (with or without a value): enough to
/// read the global options and the command, wherever they stand, before the ruleset is known.
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
        // Only what could be a table's option (a word after `--`); clap refuses anything else as a name.
        let word = name.starts_with(|c: char| c.is_ascii_alphanumeric())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        if !word || added.contains(&name) {
            return None;
        }
        let subs = CAST_COMMANDS
            .into_iter()
            .chain(TOKEN_OPTIONS.into_iter().map(|(c, _)| c));
        for sub in subs {
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

/// A line clap refused, or help it answered: the help printed (unless JSON is wanted of a
/// mistake), and clap's message made one of ours, with the values it takes as the hint.
pub(super) fn clap_refusal(e: &clap::Error, args: &[OsString], out: &mut Vec<u8>) -> Result<()> {
    let text = e.render().to_string();
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let refused = e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand;
            // Help asked for is text; help shown for a mistake gives way to the JSON
            // error, so that standard output stays empty or JSON.
            if !(refused && super::wants_json(args)) {
                out.extend_from_slice(text.as_bytes());
            }
            if refused {
                Err(Error::usage("a command is needed")
                    .with_hint("`umpire rules` lists the procedures; then `umpire roll PROCEDURE`"))
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
    }
}
