//! The command line: `main`, and one command line run from its parsing to its output. The
//! definition of the commands is in `args`, what runs before a command in `setup`, and the
//! dispatch in `run`; each command, or family of commands, has a file of its own that
//! implements `Run` for its arguments.

mod act;
mod args;
mod army;
mod card;
mod charge;
mod command;
pub mod config;
mod ctx;
mod faces;
mod fig;
mod fight_odds;
mod figure;
mod figure_said;
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
mod run;
mod setup;
mod turn;
mod unit;
mod unit_odds;
mod unit_pick;
mod unit_roll;
mod which_odds;
mod which_roll;

use std::ffi::OsString;
use std::io::Write as _;
use std::process::ExitCode;

use crate::error::{Error, Result};

pub use args::*;
use command::{Cx, Run as _};
pub(crate) use parse::with_tables;

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
        Err(e) => return parse::clap_refusal(&e, &args, out),
    };
    if let Some((name, procedure)) = cli.procedure_help() {
        return setup::procedure_help(&mut cli, name, procedure.as_deref(), out);
    }
    if let Some(name) = cli.draw_help() {
        return parse::draw_help(&cli, name, out);
    }
    let catalog = setup::prepare(&mut cli, loaded)?;
    let cx = Cx {
        cli: &cli,
        catalog: &catalog,
        args: &args,
    };
    match &cli.command {
        Some(command) => command.run(&cx, out, report),
        None => guided::start(&cli, &catalog, out),
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
