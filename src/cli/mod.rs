//! The command line: `main` and the dispatch of each parsed command to the file that runs it.
//! The definition of the commands is in `args`; each command, or family of commands, has a
//! file of its own.

mod act;
mod args;
mod army;
mod charge;
pub mod config;
mod ctx;
mod faces;
mod fig;
mod fight_odds;
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
mod unit_odds;
mod unit_roll;

use std::ffi::OsString;
use std::io::Write as _;
use std::process::ExitCode;

use serde_json::json;

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

/// The version of the shape of what `--json` prints: every object carries it as `"schema"`.
/// Adding a field keeps it; renaming, removing or changing the meaning of one raises it.
pub const JSON_SCHEMA: u32 = 1;

/// Run with the process's arguments; print errors; return the exit code.
pub fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    let json = wants_json(&args);
    let mut out = Vec::new();
    let result = run(args, &mut out);
    // What was already produced goes out first, then any error.
    emit(&out);
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if json => {
            eprintln!("{}", error_json(&e));
            e.exit_code()
        }
        Err(e) => {
            eprintln!("error: {}", crate::text::error_line(&e.to_string()));
            e.exit_code()
        }
    }
}

/// Whether the command line asks for JSON: `--json` before any `--`, read from the words
/// themselves so that a line clap refuses is refused in JSON too.
fn wants_json(args: &[OsString]) -> bool {
    args.iter()
        .skip(1)
        .take_while(|a| *a != "--")
        .any(|a| a == "--json")
}

/// An error as `--json` gives it, on one line of standard error (standard output holds only
/// what a command printed, so that it parses as one document even when a command printed its
/// findings before failing): `{"schema": 1, "error": {"message": ..., "hint": ...}}`.
fn error_json(e: &Error) -> String {
    let line = |text: &str| crate::text::error_line(text);
    let mut error = serde_json::json!({
        "message": line(&e.message),
        "hint": e.hint.as_deref().map(line),
    });
    // A rule of play that refused, as facts: the rule, who, why.
    if let (Some(r), Some(fields)) = (&e.refusal, error.as_object_mut()) {
        fields.insert("refused".into(), serde_json::json!(r));
    }
    serde_json::json!({ "schema": JSON_SCHEMA, "error": error }).to_string()
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
                    let refused = e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand;
                    // Help asked for is text; help shown for a mistake gives way to the JSON
                    // error, so that standard output stays empty or JSON.
                    if !(refused && wants_json(&args)) {
                        out.extend_from_slice(text.as_bytes());
                    }
                    if refused {
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
        cli.game_rules = ctx::game_rules(&cli).ok().flatten();
        let catalog = Catalog::load(cli.tables.as_deref())
            .ok()
            .map(|c| c.with_cache(paths::cache_dir().as_deref()));
        return procedure_help(&cli, catalog.as_ref(), name, procedure.as_deref(), out);
    }
    if let Some(name) = cli.draw_help() {
        return parse::draw_help(&cli, name, out);
    }
    if let Some(why) = cli.anyway.as_deref() {
        if why.trim().is_empty() {
            return Err(Error::usage("--anyway needs the umpire's reason")
                .with_hint("e.g. --anyway \"the bead was misread\""));
        }
        let max = crate::text::NOTE_MAX;
        if why.chars().count() > max {
            return Err(Error::usage(format!(
                "--anyway takes a reason of at most {max} characters"
            )));
        }
    }
    let config = crate::config::Config::load()?;
    cli.default_rules = config.rules;
    if answers_for_game(&cli) {
        cli.game_rules = ctx::game_rules(&cli)?;
    }
    cli.ask_faces = config.dice == crate::config::DiceMode::Physical
        || matches!(
            &cli.command,
            Some(
                Command::Roll { physical: true, .. }
                    | Command::Charge(ChargeArgs { physical: true, .. })
                    | Command::Turn(TurnArgs { physical: true, .. })
                    | Command::Draw(DrawArgs { physical: true, .. })
                    | Command::Spend(SpendArgs { physical: true, .. })
            )
        );
    if cli.ask_faces {
        cli.chances = chances_line(&cli);
    }
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
        umpire: cli.umpire(),
    };
    if cli.json && matches!(cli.command, None | Some(Command::Play)) {
        let what = match cli.command {
            None => "a command is needed: the guided mode shows menus, not JSON",
            Some(_) => "the guided mode shows menus on a terminal, not JSON",
        };
        return Err(Error::usage(what).with_hint(
            "run the commands it stands for with --json: `umpire rules` lists the procedures; \
             then `umpire roll PROCEDURE --json`",
        ));
    }
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
        Command::Turn(TurnArgs {
            phases,
            tokens,
            first,
            dice,
            ..
        }) => {
            let start = crate::game::turn::Start {
                phases: *phases,
                tokens: *tokens,
                first: first.as_deref(),
            };
            turn::turn(&ctx(), start, dice, &turn_dice(&cli), out)
        }
        Command::Draw(DrawArgs { token, odds, .. }) => {
            turn::draw(&ctx(), token.as_deref(), &turn_dice(&cli), *odds, out)
        }
        Command::Hold(_) => turn::hold(&ctx(), out),
        Command::React(ReactArgs { side, .. }) => turn::react(&ctx(), side, out),
        Command::Activate(ActivateArgs { unit }) => turn::activate(&ctx(), unit, out),
        Command::Spend(SpendArgs {
            what,
            circumstances,
            unit,
            dice,
            physical: _,
        }) => turn::spend(
            &ctx(),
            (what, circumstances),
            unit.as_deref(),
            (dice, &turn_dice(&cli)),
            out,
        ),
        Command::Status(_) => turn::status(&ctx(), out),
        Command::Act(ActArgs { unit, action, figs }) => act::act(&ctx(), unit, action, figs, out),
        Command::Charge(a) => charge::charge(&cli, &catalog, a, command_line(&args), out, report),
        Command::Army(cmd) => army::army(&cli, &catalog, cmd, out),
        Command::Card(CardArgs { procedures }) => {
            let ruleset = catalog.ruleset(cli.rules())?;
            if cli.json {
                return cards_json(&ruleset, procedures, out);
            }
            let colour = crate::present::view::colour_wanted();
            out.extend_from_slice(
                crate::present::card::cards(&ruleset, procedures, 80, colour)?.as_bytes(),
            );
            Ok(())
        }
        Command::Cards(CardsArgs { html, output }) => {
            let ruleset = catalog.ruleset(cli.rules())?;
            if cli.json && !html && output.is_none() {
                return cards_json(&ruleset, &[], out);
            }
            let text = if *html {
                crate::present::sheet::html(&ruleset)?
            } else {
                crate::present::card::cards(&ruleset, &[], 80, false)?
            };
            let format = if *html { "html" } else { "text" };
            match output {
                Some(path) => {
                    crate::game::store::write_atomic(path, text.as_bytes())?;
                    if !cli.json {
                        return Ok(());
                    }
                    let written = path.display().to_string();
                    write_json(
                        out,
                        json!({ "ruleset": ruleset.name(), "format": format, "written": written }),
                    )
                }
                // The page itself, as one string.
                None if cli.json => write_json(
                    out,
                    json!({ "ruleset": ruleset.name(), "format": format, "html": text }),
                ),
                None => {
                    out.extend_from_slice(text.as_bytes());
                    Ok(())
                }
            }
        }
        Command::Play => guided::play(&cli, &catalog, out),
        Command::Config(ConfigArgs { key, value }) => {
            config::command(key.as_deref(), value.as_deref(), &catalog, cli.json, out)
        }
        Command::Generate(GenerateCmd::Man { dir }) => {
            let written = generate::man(dir)?;
            if cli.json {
                let paths: Vec<String> = written.iter().map(|p| p.display().to_string()).collect();
                return write_json(out, json!({ "written": paths }));
            }
            for path in written {
                out.extend_from_slice(format!("{}\n", path.display()).as_bytes());
            }
            Ok(())
        }
        Command::Generate(GenerateCmd::Completions { shell }) => {
            let script = generate::completions(*shell, &catalog, cli.rules())?;
            if cli.json {
                return write_json(out, json!({ "shell": shell.to_string(), "script": script }));
            }
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
            unit,
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
                number: n.clone().and_then(Result::ok),
            };
            if !cli.cast.is_empty() {
                return Err(Error::usage(
                    "--next makes a check the game owes, and knows its figure: name none",
                )
                .with_hint("`umpire status` lists the checks owed and their figures"));
            }
            // A unit's checks: every one its figures owe, in one roll.
            if let Some(unit) = unit {
                if let Some(Ok(n)) = &n {
                    return Err(Error::usage(format!(
                        "--next {n} names one check; with --unit the unit makes every check it owes"
                    ))
                    .with_hint("leave out the number, or --unit"));
                }
                let what = unit_roll::UnitWhat::Owed(procedure);
                let none = crate::game::roles::Cast::default();
                return unit_roll::unit_roll(
                    &cli,
                    &catalog,
                    (what, unit),
                    &none,
                    &how,
                    out,
                    report,
                );
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
            unit,
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
            if let Some(unit) = unit {
                return unit_roll::unit_roll(
                    &cli,
                    &catalog,
                    (unit_roll::UnitWhat::Named(procedure), unit),
                    cast,
                    &how,
                    out,
                    report,
                );
            }
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
            vs: _,
            given: _,
            unit,
            help: _,
        } => {
            let cast = &cli.cast;
            if let Some(unit) = unit {
                let what = (procedure.as_str(), unit.as_str());
                return unit_odds::unit_odds(&cli, &catalog, what, cast, factors, out);
            }
            if !cast.is_empty() {
                return figure_odds(&cli, &catalog, procedure, cast, factors, out);
            }
            let ruleset = catalog.ruleset(cli.rules())?;
            odds(&cli, &ruleset, procedure, factors, out)
        }
    }
}

/// Whether the command, naming no figure of the game, answers with the ruleset of the game in
/// use: a roll or odds without figures, a card, the rules, the guided mode, the completions
/// and the army lists. The game's own commands read the game's ruleset with the game.
fn answers_for_game(cli: &Cli) -> bool {
    let no_figures = cli.cast.is_empty();
    match &cli.command {
        None | Some(Command::Play) => true,
        Some(Command::Roll {
            unit: None,
            next: None,
            ..
        }) => no_figures,
        Some(Command::Odds { unit: None, .. }) => no_figures,
        Some(
            Command::Card(_)
            | Command::Cards(_)
            | Command::Rules(_)
            | Command::Army(_)
            | Command::Generate(GenerateCmd::Completions { .. }),
        ) => true,
        Some(_) => false,
    }
}

/// `card --json`: the cards of the procedures named (all when none is), as data: each
/// procedure's parts, a heading and its blocks of text, lists and tables.
fn cards_json(ruleset: &crate::model::Ruleset, names: &[String], out: &mut Vec<u8>) -> Result<()> {
    let cards = crate::present::card::card_models(ruleset, names)?;
    write_json(out, json!({ "ruleset": ruleset.name(), "cards": cards }))
}

/// The `odds` command of a roll of one procedure (not a unit's, nor a check owed, nor one made
/// many times), its `--dice` given as the faces already thrown: what the face prompts run with
/// the faces typed so far added, to show the chances from where the table stands.
fn chances_line(cli: &Cli) -> Option<Vec<String>> {
    let Some(Command::Roll {
        procedure: Some(procedure),
        factors,
        dice,
        times: 1,
        unit: None,
        next: None,
        also,
        ..
    }) = &cli.command
    else {
        return None;
    };
    if !also.is_empty() {
        return None;
    }
    let mut words = vec!["odds".to_string(), procedure.clone()];
    words.extend(factors.iter().cloned());
    for named in &cli.cast.named {
        words.extend([format!("--{}", named.option), named.figures.join(",")]);
    }
    for d in dice {
        words.extend(["--given".to_string(), d.clone()]);
    }
    let globals = [
        ("--rules", cli.rules.clone()),
        ("--game", cli.game.clone()),
        (
            "--tables",
            cli.tables.as_ref().map(|t| t.display().to_string()),
        ),
    ];
    for (flag, value) in globals {
        if let Some(v) = value {
            words.extend([flag.to_string(), v]);
        }
    }
    Some(words)
}

/// How the turn's commands throw: with `--seed`, unless the dice are thrown at the table.
fn turn_dice(cli: &Cli) -> turn::TurnDice {
    turn::TurnDice {
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

/// Pretty JSON and a newline: what every `--json` prints, an object with the version of its
/// shape first (`"schema": 1`).
pub(crate) fn write_json(out: &mut Vec<u8>, value: serde_json::Value) -> Result<()> {
    let serde_json::Value::Object(fields) = value else {
        return Err(Error::failure("a command's JSON must be an object"));
    };
    let mut object = serde_json::Map::with_capacity(fields.len() + 1);
    object.insert("schema".into(), JSON_SCHEMA.into());
    object.extend(fields.into_iter().filter(|(k, _)| k != "schema"));
    write_serialized(out, &object)
}

/// Pretty JSON of anything serializable, and a newline; the caller puts `schema` in it.
pub(crate) fn write_serialized(out: &mut Vec<u8>, value: &impl serde::Serialize) -> Result<()> {
    serde_json::to_writer_pretty(&mut *out, value)
        .map_err(|e| Error::failure(format!("cannot write JSON: {e}")))?;
    out.push(b'\n');
    Ok(())
}

/// `value`'s fields (an object) as JSON with `schema` first and `more` after them: a state a
/// command shows as it is kept (a figure, the turn), with what the command adds.
pub(crate) fn write_merged(
    out: &mut Vec<u8>,
    value: &impl serde::Serialize,
    more: serde_json::Value,
) -> Result<()> {
    let mut merged = serde_json::to_value(value)
        .map_err(|e| Error::failure(format!("cannot write JSON: {e}")))?;
    if let (serde_json::Value::Object(fields), serde_json::Value::Object(more)) =
        (&mut merged, more)
    {
        fields.extend(more);
    }
    write_json(out, merged)
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
