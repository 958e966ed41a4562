//! The hidden `umpire generate` command: man pages and shell completions, generated from the
//! command line's definition and, for the completions, from the tables of the ruleset in use.
//! This module owns the command tree the pages and scripts are made from, the two entry points,
//! and the way clap's own generators are given the tables' words; the pages and each shell's
//! script live in the modules below.

mod bash;
mod fish;
mod man;
mod words;
mod zsh;

use std::path::{Path, PathBuf};

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Arg, Command, CommandFactory as _, ValueHint};
use clap_complete::Shell;
use clap_complete::aot::{self, Generator};

use serde_json::json;

use super::args::GenerateCmd;
use super::command::{Cx, Run};
use super::{Report, write_json};
use crate::error::{Error, Result};
use crate::game::store::write_atomic;
use crate::model::Ruleset;
use crate::rules::catalog::Catalog;

use bash::bash;
use fish::fish;
use man::{collect_pages, remove_stale};
use words::{Source, Vocabulary, Word, collect_nodes, source_for};
use zsh::{zsh, zsh_placeholder};

/// The whole command line, every lazily built group expanded, as the pages and scripts need it.
/// Without the `help` subcommand: `umpire help roll` is `umpire roll --help`, which has its page
/// and its completions already, and its mirror of every command would double both. With the
/// role options of `ruleset` (`--firer FIGURE`) on `roll` and `odds`, and the commands of the
/// draw in its word (`draw --bead`).
fn command(ruleset: &Ruleset) -> Result<Command> {
    let mut cmd = crate::cli::with_tables(crate::cli::Cli::command(), ruleset)?
        .bin_name("umpire")
        .disable_help_subcommand(true);
    cmd.build();
    Ok(cmd)
}

/// Write one man page per visible command into `dir` (`umpire.1`, `umpire-roll.1`,
/// `umpire-game-new.1`...) and return their paths. Pages of commands that no longer exist are
/// removed, so that the folder always matches the command line.
pub fn man(dir: &Path) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)
        .map_err(|e| Error::failure(format!("cannot create {}: {e}", dir.display())))?;
    // The pages document the built-in default ruleset's role options and draw.
    let cmd = command(&Catalog::load(None)?.ruleset(None)?)?;
    let source = format!(
        "{} {}",
        cmd.get_name(),
        cmd.get_version().unwrap_or_default()
    );
    let mut pages = Vec::new();
    collect_pages(&cmd, &source, &mut pages)?;
    let mut written = Vec::new();
    for (name, bytes) in &pages {
        let path = dir.join(name);
        write_atomic(&path, bytes)?;
        written.push(path);
    }
    remove_stale(dir, cmd.get_name(), &pages)?;
    Ok(written)
}

// ----- completions ---------------------------------------------------------------------------

pub fn completions(shell: Shell, catalog: &Catalog, rules: Option<&str>) -> Result<String> {
    let ruleset = catalog.ruleset(rules)?;
    let all = catalog.all()?;
    let words = Vocabulary::new(&ruleset, &all);
    let mut cmd = command(&ruleset)?;
    let mut nodes = Vec::new();
    collect_nodes(&cmd, &mut Vec::new(), &words, &mut nodes);
    match shell {
        Shell::Bash => Ok(bash(&nodes, &words)),
        Shell::Zsh => {
            annotate(&mut cmd, &mut Vec::new(), &words, shell);
            Ok(zsh(&clap_script(&visible_only(&cmd), &aot::Zsh)?, &words))
        }
        Shell::Fish => {
            annotate(&mut cmd, &mut Vec::new(), &words, shell);
            Ok(fish(
                &clap_script(&visible_only(&cmd), &aot::Fish)?,
                &nodes,
                &words,
            ))
        }
        // The other shells get clap's own script: commands and options, without the words of
        // the tables or the game.
        other => clap_script(&visible_only(&cmd), &other),
    }
}

// ----- clap's generators ---------------------------------------------------------------------

/// Give clap's own generators the tables' words, as each argument's possible values (the
/// command is only written out, never parsed with).
fn annotate(cmd: &mut Command, path: &mut Vec<String>, v: &Vocabulary, shell: Shell) {
    let here = path.clone();
    *cmd = std::mem::take(cmd).mut_args(|arg| with_words(arg, &here, v, shell));
    for sub in cmd.get_subcommands_mut() {
        path.push(sub.get_name().to_string());
        annotate(sub, path, v, shell);
        path.pop();
    }
}

/// The program's command without its hidden subcommands, which clap's generators would offer
/// like any other. clap cannot take a subcommand out, so the top is built again around the
/// visible ones (they keep everything); only the top has hidden subcommands.
fn visible_only(cmd: &Command) -> Command {
    let mut top = Command::new("umpire")
        .bin_name("umpire")
        .version(env!("CARGO_PKG_VERSION"))
        .about(cmd.get_about().cloned().unwrap_or_default())
        .disable_help_subcommand(true)
        .subcommands(cmd.get_subcommands().filter(|s| !s.is_hide_set()).cloned());
    // Not the flags clap adds itself (`--help`, `--version`): the new top adds its own.
    for arg in cmd.get_arguments() {
        let id = arg.get_id().as_str();
        if id != "help" && id != "version" {
            top = top.arg(arg.clone());
        }
    }
    top.build();
    top
}

fn with_words(arg: Arg, path: &[String], v: &Vocabulary, shell: Shell) -> Arg {
    if !arg.get_action().takes_values() {
        return arg;
    }
    let values = |arg: Arg, words: &[Word]| {
        if words.is_empty() {
            // Nothing to offer, and no file names either.
            return arg.value_hint(ValueHint::Other);
        }
        arg.value_parser(PossibleValuesParser::new(words.iter().map(|w| {
            let value = PossibleValue::new(w.text.clone());
            if w.help.is_empty() {
                value
            } else {
                value.help(w.help.clone())
            }
        })))
    };
    match source_for(path, &arg, v) {
        Source::List(_, words) => values(arg, &words),
        Source::Situation => values(arg, &v.every_situation),
        source @ (Source::Figures | Source::Units | Source::Games) => {
            if shell == Shell::Zsh {
                let placeholder = zsh_placeholder(source.key());
                arg.value_parser(PossibleValuesParser::new([placeholder]))
            } else {
                // Fish asks through its own function ([`fish`]): clap's line must only not
                // offer file names.
                arg.value_hint(ValueHint::Other)
            }
        }
        Source::Files | Source::Dirs => arg,
        Source::Nothing => arg.value_hint(ValueHint::Other),
    }
}

/// The script one of clap's generators writes.
fn clap_script(cmd: &Command, generator: &dyn Generator) -> Result<String> {
    let mut buf = Vec::new();
    generator
        .try_generate(cmd, &mut buf)
        .map_err(|e| Error::failure(format!("cannot write the completion script: {e}")))?;
    String::from_utf8(buf)
        .map_err(|e| Error::failure(format!("the completion script is not UTF-8: {e}")))
}

impl Run for GenerateCmd {
    fn run(&self, cx: &Cx<'_>, out: &mut Vec<u8>, _: &mut Report) -> Result<()> {
        match self {
            GenerateCmd::Man { dir } => {
                let written = man(dir)?;
                if cx.cli.json {
                    let paths: Vec<String> =
                        written.iter().map(|p| p.display().to_string()).collect();
                    return write_json(out, json!({ "written": paths }));
                }
                for path in written {
                    out.extend_from_slice(format!("{}\n", path.display()).as_bytes());
                }
                Ok(())
            }
            GenerateCmd::Completions { shell } => {
                let script = completions(*shell, cx.catalog, cx.cli.rules())?;
                if cx.cli.json {
                    let shell = shell.to_string();
                    return write_json(out, json!({ "shell": shell, "script": script }));
                }
                out.extend_from_slice(script.as_bytes());
                Ok(())
            }
        }
    }
}
