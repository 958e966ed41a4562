//! The command line: parsing with clap, per-procedure help from the tables, and the commands
//! `roll`, `odds` and `rules`. `main` calls [`main`] and exits with the code it returns.

pub mod config;
pub mod generate;
pub mod guided;
pub mod play;

use std::ffi::OsString;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use serde_json::json;

use crate::engine::dice::{DiceSource, parse_faces};
use crate::engine::plan::Plan;
use crate::engine::resolve::{Step, ThrowRecord};
use crate::engine::situation;
use crate::error::{Error, Result};
use crate::game::figures::{self, Cast};
use crate::game::state::{Event, Game};
use crate::game::store::Store;
use crate::paths;
use crate::present::explain;
use crate::rules::cache::Focus;
use crate::rules::catalog::Catalog;
use crate::rules::ruleset::Ruleset;
use play::{FigCmd, GameCmd, UnitCmd};

/// A companion for the umpire of a historical miniature wargame: resolves situations exactly as
/// the rules say, explains every step, and gives the exact odds.
#[derive(Debug, Parser)]
#[command(
    name = "umpire",
    version,
    propagate_version = true,
    max_term_width = 100
)]
pub struct Cli {
    /// Ruleset to use (see `umpire rules`); the first built-in one by default.
    #[arg(long, global = true, value_name = "NAME", env = "UMPIRE_RULES")]
    pub rules: Option<String>,
    /// Seed for the dice, so that a roll can be replayed exactly.
    #[arg(long, global = true, value_name = "N", env = "UMPIRE_SEED")]
    pub seed: Option<u64>,
    /// Print structured JSON instead of text.
    #[arg(long, global = true)]
    pub json: bool,
    /// A directory of your own ruleset .yaml files, added to the built-in ones.
    #[arg(long, global = true, value_name = "DIR", env = "UMPIRE_TABLES")]
    pub tables: Option<PathBuf>,
    /// The game to act on, instead of the current one (see `umpire game use`).
    #[arg(long, global = true, value_name = "NAME", env = "UMPIRE_GAME")]
    pub game: Option<String>,
    /// Without a command, on a terminal: the guided mode (`umpire play`).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The config file's ruleset, used when `--rules` is not given.
    #[arg(skip)]
    pub default_rules: Option<String>,
    /// Every roll asks for the faces thrown (`--physical`, or the config's `dice: physical`).
    #[arg(skip)]
    pub ask_faces: bool,
}

impl Cli {
    /// The ruleset to use: `--rules`, else the config's, else the first built-in one.
    pub fn rules(&self) -> Option<&str> {
        self.rules.as_deref().or(self.default_rules.as_deref())
    }
}

/// A group of subcommands clap builds only when the command line enters it: a roll, the
/// command that must be fast, does not pay for building `unit add` and its options.
#[derive(Debug)]
pub struct Deferred<T>(pub T);

impl<T: FromArgMatches> FromArgMatches for Deferred<T> {
    fn from_arg_matches(matches: &clap::ArgMatches) -> std::result::Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Deferred)
    }

    fn update_from_arg_matches(
        &mut self,
        matches: &clap::ArgMatches,
    ) -> std::result::Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }
}

/// The same for one command's own arguments: `umpire roll` does not build `mark`'s.
impl<T: clap::Args> clap::Args for Deferred<T> {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.defer(T::augment_args)
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        cmd.defer(T::augment_args_for_update)
    }
}

impl<T: Subcommand> Subcommand for Deferred<T> {
    fn augment_subcommands(cmd: clap::Command) -> clap::Command {
        cmd.defer(T::augment_subcommands)
    }

    fn augment_subcommands_for_update(cmd: clap::Command) -> clap::Command {
        cmd.defer(T::augment_subcommands_for_update)
    }

    fn has_subcommand(name: &str) -> bool {
        T::has_subcommand(name)
    }
}

/// `--help` of `roll` and `odds`, answered after parsing so that the help can add what the
/// procedure named takes, from the tables of the ruleset named, wherever the words stand.
#[derive(Debug, Clone, clap::Args)]
pub struct ProcedureHelp {
    /// Print help (with the factors of the procedure named, from the tables)
    #[arg(short = 'h', long = "help", action = clap::ArgAction::SetTrue)]
    pub help: bool,
}

/// Figures of the current game that take part in a roll: their troop type, weapon and
/// markers become factors, and the results land on them.
#[derive(Debug, Default, clap::Args)]
pub struct CastArgs {
    /// The figure acting: the firer, the one testing its morale (its label, `CF3`).
    #[arg(long, visible_alias = "fig", value_name = "FIGURE")]
    pub firer: Option<String>,
    /// The figure shot at.
    #[arg(long, value_name = "FIGURE")]
    pub target: Option<String>,
    /// In an opposed roll, the attacking figure.
    #[arg(long, value_name = "FIGURES", value_delimiter = ',')]
    pub attackers: Vec<String>,
    /// In an opposed roll, the defending figure.
    #[arg(long, value_name = "FIGURE")]
    pub defender: Option<String>,
}

impl CastArgs {
    fn cast(&self) -> Cast {
        Cast {
            acting: self.firer.clone(),
            target: self.target.clone(),
            attackers: self.attackers.clone(),
            defender: self.defender.clone(),
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Resolve a procedure and what follows from it, explaining every step.
    #[command(
        disable_help_flag = true,
        override_usage = "umpire roll [OPTIONS] <PROCEDURE> [FACTOR]..."
    )]
    Roll {
        /// The procedure to resolve (see `umpire rules`).
        procedure: Option<String>,
        /// The situation: `name=value` (`cover=half`, `range=20`) or a bare yes/no `name` (`volley`).
        #[arg(value_name = "FACTOR")]
        factors: Vec<String>,
        /// Faces really thrown, for the next roll of the chain (repeat for later rolls, in order).
        #[arg(long = "dice", value_name = "FACES")]
        dice: Vec<String>,
        /// Resolve it this many times (a whole unit firing) and sum up the outcomes.
        #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=10_000))]
        times: u32,
        #[command(flatten)]
        cast: CastArgs,
        /// With figures from the game: show what would change, and change nothing.
        #[arg(long)]
        dry_run: bool,
        /// Ask for the faces of every roll (dice thrown at the table), whatever the config says.
        #[arg(long)]
        physical: bool,
        #[command(flatten)]
        help: ProcedureHelp,
    },
    /// The exact probability of every outcome of a procedure's chain, by enumeration.
    #[command(
        disable_help_flag = true,
        override_usage = "umpire odds [OPTIONS] <PROCEDURE> [FACTOR]..."
    )]
    Odds {
        /// The procedure (see `umpire rules`).
        procedure: Option<String>,
        /// The situation, as for `roll`.
        #[arg(value_name = "FACTOR")]
        factors: Vec<String>,
        #[command(flatten)]
        cast: CastArgs,
        #[command(flatten)]
        help: ProcedureHelp,
    },
    /// List the rulesets, or show what a procedure (or a ruleset) takes.
    Rules(Deferred<RulesArgs>),
    /// Start, list, pick, show or delete games.
    #[command(subcommand)]
    Game(Deferred<GameCmd>),
    /// Add, list, show or remove units (each with its figures).
    #[command(subcommand)]
    Unit(Deferred<UnitCmd>),
    /// Add, show, remove or move single figures.
    #[command(subcommand)]
    Fig(Deferred<FigCmd>),
    /// The roster: every figure with its markers, those out of the game set apart.
    Figs,
    /// Put markers on a figure or take them off: `mark CF3 +pinned -prone`.
    Mark(Deferred<MarkArgs>),
    /// The game's events, oldest first.
    Log(Deferred<LogArgs>),
    /// Take back the last change (repeat to go further back).
    Undo,
    /// Start the next turn: phases and beads from the roster and the turn rule.
    Turn(Deferred<TurnArgs>),
    /// Draw a bead: whose phase it is.
    Draw(Deferred<DrawArgs>),
    /// Keep the bead just drawn as its side's react bead (one per side per turn).
    Hold,
    /// Spend a side's react bead: its next activation is the reaction.
    React(Deferred<ReactArgs>),
    /// Record that a unit acts in this phase (at most twice a turn).
    Activate(Deferred<ActivateArgs>),
    /// The turn, the phase, the bag, held beads and who acted.
    Status,
    /// Quick-reference cards for the terminal: dice, target, modifiers, results and odds.
    Card(Deferred<CardArgs>),
    /// Every card of the ruleset, the marker legend and the turn sequence, to print.
    Cards(Deferred<CardsArgs>),
    /// The guided mode: menus for the procedure, the figures and the situation; rolls or the
    /// faces thrown; beads, activations and markers.
    Play,
    /// Read or set the configuration: `config`, `config dice`, `config dice physical`.
    Config(Deferred<ConfigArgs>),
    /// Man pages and shell completions, generated from this command line and the tables.
    #[command(hide = true, subcommand)]
    Generate(Deferred<GenerateCmd>),
}

// The arguments of the commands built only when used (see `Deferred`).

#[derive(Debug, clap::Args)]
pub struct RulesArgs {
    /// A procedure of the ruleset in use, or the name of a ruleset.
    pub name: Option<String>,
    /// Lint the ruleset (or every one): bands, results, factors, markers and modifiers that
    /// can never matter.
    #[arg(long)]
    pub check: bool,
}

#[derive(Debug, clap::Args)]
pub struct MarkArgs {
    /// A figure's label, or several separated by commas (`CF1,CF2`).
    pub figure: String,
    /// `+NAME` adds a marker (or a state: `+dead`), `-NAME` takes it off.
    #[arg(value_name = "CHANGE", allow_hyphen_values = true)]
    pub changes: Vec<String>,
    /// Take every marker off.
    #[arg(long)]
    pub clear: bool,
}

#[derive(Debug, clap::Args)]
pub struct LogArgs {
    /// Only the last N events.
    #[arg(long, value_name = "N")]
    pub last: Option<usize>,
    /// An after-action report in Markdown, turn by turn.
    #[arg(long)]
    pub markdown: bool,
}

#[derive(Debug, clap::Args)]
pub struct TurnArgs {
    /// Phases this turn, instead of the rule's count.
    #[arg(long, value_name = "N")]
    pub phases: Option<u32>,
    /// Beads per side, instead of the rule's count.
    #[arg(long, value_name = "N")]
    pub beads: Option<u32>,
}

#[derive(Debug, clap::Args)]
pub struct DrawArgs {
    /// The colour (or side) of a bead drawn from a real cup.
    #[arg(long, value_name = "COLOUR")]
    pub bead: Option<String>,
    /// Only show the chance that the next bead is each side's.
    #[arg(long, conflicts_with = "bead")]
    pub odds: bool,
}

#[derive(Debug, clap::Args)]
pub struct ReactArgs {
    /// The side (the ruleset's sides).
    pub side: String,
}

#[derive(Debug, clap::Args)]
pub struct ActivateArgs {
    /// The unit's name.
    pub unit: String,
}

#[derive(Debug, clap::Args)]
pub struct CardArgs {
    /// Procedures to print (all of them by default).
    pub procedures: Vec<String>,
}

#[derive(Debug, clap::Args)]
pub struct CardsArgs {
    /// Write one self-contained HTML page set (A4 or US Letter).
    #[arg(long)]
    pub html: bool,
    /// Where to write it (standard output by default).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
pub struct ConfigArgs {
    /// rules, dice (tool or physical) or colour (auto, always or never).
    pub key: Option<String>,
    /// The new value (checked before it is written).
    pub value: Option<String>,
}

#[derive(Debug, Subcommand)]
pub enum GenerateCmd {
    /// One man page per command into DIR (the repository keeps them in `man/`).
    Man { dir: PathBuf },
    /// A completion script on standard output: for bash, zsh and fish with the words of the
    /// tables and the game, for the other shells the commands and options.
    Completions { shell: clap_complete::Shell },
}

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
            eprintln!("error: {e}");
            e.exit_code()
        }
    }
}

fn emit(bytes: &[u8]) {
    let mut stdout = std::io::stdout().lock();
    // A closed pipe (`umpire ... | head`) is not an error worth a message.
    let _ = stdout.write_all(bytes).and_then(|()| stdout.flush());
}

/// The help of `roll` or `odds`: clap's own, then the procedures of the ruleset in use, or what
/// the procedure named takes.
fn procedure_help(
    cli: &Cli,
    catalog: &Catalog,
    name: &str,
    procedure: Option<&str>,
    out: &mut Vec<u8>,
) -> Result<()> {
    let mut cmd = Cli::command();
    let after = catalog.ruleset(cli.rules()).ok().map(|ruleset| {
        match procedure.and_then(|p| ruleset.procedure(p)) {
            Some(p) => explain::procedure(&ruleset, p),
            None => {
                let names: Vec<&str> = ruleset
                    .def
                    .procedures
                    .iter()
                    .map(|p| p.name.as_str())
                    .collect();
                format!("Procedures of {}: {}", ruleset.def.title, names.join(", "))
            }
        }
    });
    cmd.build();
    let sub = cmd
        .find_subcommand_mut(name)
        .ok_or_else(|| Error::failure(format!("no `{name}` command")))?;
    let mut sub = std::mem::take(sub).bin_name(format!("umpire {name}"));
    if let Some(text) = after {
        sub = sub.after_help(text);
    }
    out.extend_from_slice(sub.render_long_help().to_string().as_bytes());
    Ok(())
}

pub fn run(args: Vec<OsString>, out: &mut Vec<u8>) -> Result<()> {
    let parsed = Cli::command().try_get_matches_from(&args);
    let matches = match parsed {
        Ok(m) => m,
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
    let mut cli = Cli::from_arg_matches(&matches).map_err(|e| Error::usage(e.to_string()))?;
    let config = config::Config::load()?;
    cli.default_rules = config.rules;
    cli.ask_faces = config.dice == config::DiceMode::Physical
        || matches!(&cli.command, Some(Command::Roll { physical: true, .. }));
    let catalog = Catalog::load(cli.tables.as_deref())?.with_cache(paths::cache_dir().as_deref());
    let ctx = || play::Ctx {
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
        Command::Rules(Deferred(RulesArgs { name, check: true })) => {
            crate::rules::lint::check(&catalog, name.as_deref(), out)
        }
        Command::Rules(Deferred(RulesArgs { name, .. })) => {
            rules(&cli, &catalog, name.as_deref(), out)
        }
        Command::Game(cmd) => play::game(&ctx(), &cmd.0, out),
        Command::Unit(cmd) => play::unit(&ctx(), &cmd.0, out),
        Command::Fig(cmd) => play::fig(&ctx(), &cmd.0, out),
        Command::Figs => play::figs(&ctx(), out),
        Command::Mark(Deferred(MarkArgs {
            figure,
            changes,
            clear,
        })) => play::mark(&ctx(), figure, changes, *clear, out),
        Command::Log(Deferred(LogArgs { last, markdown })) => {
            play::log(&ctx(), *last, *markdown, out)
        }
        Command::Undo => play::undo(&ctx(), out),
        Command::Turn(Deferred(TurnArgs { phases, beads })) => {
            play::turn(&ctx(), *phases, *beads, out)
        }
        Command::Draw(Deferred(DrawArgs { bead, odds })) => {
            play::draw(&ctx(), bead.as_deref(), cli.seed, *odds, out)
        }
        Command::Hold => play::hold(&ctx(), out),
        Command::React(Deferred(ReactArgs { side })) => play::react(&ctx(), side, out),
        Command::Activate(Deferred(ActivateArgs { unit })) => play::activate(&ctx(), unit, out),
        Command::Status => play::status(&ctx(), out),
        Command::Card(Deferred(CardArgs { procedures })) => {
            let ruleset = catalog.ruleset(cli.rules())?;
            let colour = crate::present::view::colour_wanted();
            out.extend_from_slice(
                crate::present::card::cards(&ruleset, procedures, 80, colour)?.as_bytes(),
            );
            Ok(())
        }
        Command::Cards(Deferred(CardsArgs { html, output })) => {
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
        Command::Config(Deferred(ConfigArgs { key, value })) => {
            config::command(key.as_deref(), value.as_deref(), &catalog, out)
        }
        Command::Generate(Deferred(GenerateCmd::Man { dir })) => {
            for path in generate::man(dir)? {
                out.extend_from_slice(format!("{}\n", path.display()).as_bytes());
            }
            Ok(())
        }
        Command::Generate(Deferred(GenerateCmd::Completions { shell })) => {
            let script = generate::completions(*shell, &catalog, cli.rules())?;
            out.extend_from_slice(script.as_bytes());
            Ok(())
        }
        Command::Roll {
            procedure,
            help: ProcedureHelp { help: true },
            ..
        } => procedure_help(&cli, &catalog, "roll", procedure.as_deref(), out),
        Command::Odds {
            procedure,
            help: ProcedureHelp { help: true },
            ..
        } => procedure_help(&cli, &catalog, "odds", procedure.as_deref(), out),
        Command::Roll {
            procedure: None, ..
        }
        | Command::Odds {
            procedure: None, ..
        } => {
            let names = catalog.ruleset(cli.rules()).map(|r| {
                let names: Vec<String> = r.def.procedures.iter().map(|p| p.name.clone()).collect();
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
            cast,
            dry_run,
            physical: _,
            help: _,
        } => {
            let cast = cast.cast();
            if !cast.is_empty() {
                let how = RollHow {
                    factors,
                    dice,
                    times: *times,
                    dry_run: *dry_run,
                    line: command_line(&args),
                };
                return figure_roll(&cli, &catalog, procedure, &cast, &how, out);
            }
            if *dry_run {
                return Err(Error::usage("--dry-run only matters with figures from a game")
                    .with_hint("a roll without --firer, --target, --attackers or --defender changes nothing"));
            }
            focused(&cli, &catalog, procedure, out, |ruleset, out| {
                roll(&cli, ruleset, procedure, factors, dice, *times, out)
            })
        }
        Command::Odds {
            procedure: Some(procedure),
            factors,
            cast,
            help: _,
        } => {
            let cast = cast.cast();
            if !cast.is_empty() {
                return figure_odds(&cli, &catalog, procedure, &cast, factors, out);
            }
            focused(&cli, &catalog, procedure, out, |ruleset, out| {
                odds(&cli, ruleset, procedure, factors, out)
            })
        }
    }
}

/// Resolve a procedure with only the part of the ruleset it touches, which is what keeps a
/// roll fast. Any error is reproduced with the whole ruleset, so that its message (valid
/// choices, "did you mean") is the same as ever; this is sound because resolving writes
/// nothing but `out`.
fn focused(
    cli: &Cli,
    catalog: &Catalog,
    procedure: &str,
    out: &mut Vec<u8>,
    resolve: impl Fn(&Ruleset, &mut Vec<u8>) -> Result<()>,
) -> Result<()> {
    let start = out.len();
    let focus = Focus {
        procedure,
        game: false,
    };
    let ruleset = catalog.ruleset_for(cli.rules(), Some(focus))?;
    let done = resolve(&ruleset, out);
    // The process ends soon: freeing the ruleset piece by piece would only cost time.
    std::mem::forget(ruleset);
    if done.is_ok() {
        return done;
    }
    out.truncate(start);
    let whole = catalog.ruleset(cli.rules())?;
    resolve(&whole, out)
}

/// The command as typed, without the program's path, for the game's log.
fn command_line(args: &[OsString]) -> String {
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

/// Where a roll's faces come from: those entered with `--dice`, then the umpire's when dice are
/// thrown at the table, then the generator seeded with `--seed` (or a fresh seed).
fn dice_source(cli: &Cli, dice: &[String]) -> Result<(DiceSource, u64)> {
    let entered = dice
        .iter()
        .map(|d| {
            parse_faces(d).map_err(|e| Error {
                message: format!("--dice {d}: {}", e.message),
                hint: e.hint.map(|h| h.replace("e.g. ", "e.g. --dice ")),
                ..e
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let seed = cli.seed.unwrap_or_else(fresh_seed);
    let mut source = DiceSource::new(seed, entered);
    if cli.ask_faces {
        source = source.asking(guided::face_asker()?);
    }
    Ok((source, seed))
}

/// Faces entered for a roll that was never made are a mistake worth saying.
fn all_dice_used(source: &DiceSource, given: usize) -> Result<()> {
    let Some(left) = source.unused().front() else {
        return Ok(());
    };
    let shown = left
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",");
    Err(Error::usage(format!(
        "--dice {shown} was not used: the chain made {} roll(s) and needed no more",
        given - source.unused().len()
    ))
    .with_hint("give one --dice per roll actually made, in order"))
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

fn count_throws(s: &Step, entered: &mut usize, rolled: &mut usize) {
    for t in &s.throws {
        if t.dice.is_some() {
            if t.entered {
                *entered += 1;
            } else {
                *rolled += 1;
            }
        }
    }
    for n in &s.next {
        count_throws(n, entered, rolled);
    }
}

fn roll(
    cli: &Cli,
    ruleset: &Ruleset,
    procedure: &str,
    words: &[String],
    dice: &[String],
    times: u32,
    out: &mut Vec<u8>,
) -> Result<()> {
    let p = ruleset.procedure_or_err(procedure)?;
    let rolled = resolve_steps(cli, ruleset, p, words, dice, times)?;
    print_roll(cli, ruleset, p, &rolled, times, &Extra::default(), out)
}

/// How a figure-aware roll was asked for.
struct RollHow<'a> {
    factors: &'a [String],
    dice: &'a [String],
    times: u32,
    dry_run: bool,
    line: String,
}

/// The ruleset a game is played with, cut down to what `procedure` touches; `--rules` may only
/// name the same one.
fn game_ruleset(
    cli: &Cli,
    catalog: &Catalog,
    game: &Game,
    procedure: Option<&str>,
) -> Result<Ruleset> {
    let focus = procedure.map(|procedure| Focus {
        procedure,
        game: true,
    });
    let r = catalog.ruleset_for(Some(&game.ruleset), focus)?;
    if let Some(asked) = &cli.rules
        && asked != r.name()
        && !r.def.aliases.contains(asked)
    {
        return Err(Error::usage(format!(
            "game `{}` is played with {}, not `{asked}`",
            game.name, r.def.title
        ))
        .with_hint("leave out --rules when figures of a game take part"));
    }
    Ok(r)
}

/// A roll with figures of the current game: the roster gives troop types, weapons and markers,
/// and the results land on the figures, all under the game's lock and in its log.
fn figure_roll(
    cli: &Cli,
    catalog: &Catalog,
    procedure: &str,
    cast: &Cast,
    how: &RollHow<'_>,
    out: &mut Vec<u8>,
) -> Result<()> {
    if how.times != 1 {
        return Err(
            Error::usage("with figures from a game, each roll is one figure's")
                .with_hint("roll each figure in turn; --times is for rolls without a game"),
        );
    }
    let files = Store::open_default()?.current(cli.game.as_deref())?;
    let resolve =
        |game: &mut Game, ruleset: &Ruleset, out: &mut Vec<u8>| -> Result<Option<Event>> {
            let p = ruleset.procedure_or_err(procedure)?;
            let found = figures::find(game, ruleset, p, cast)?;
            let n = found.pairings.len().max(1);
            let (mut source, seed) = dice_source(cli, how.dice)?;
            let mut event = Event::new(game.turn.number, &how.line, "");
            // Results land on a copy, kept unless this is a dry run. Every pairing reads the
            // figures as they were before any result: the pairings are fought at once.
            let mut after = game.clone();
            let many = p.many_on_one.as_ref().filter(|_| n > 1);
            let lone_at = many.and_then(|m| p.sides.iter().position(|s| s.name == m.lone));
            let mut lone: Option<ThrowRecord> = None;
            let mut fought = Vec::new();
            for i in 0..n {
                let figs = found.pairing(i);
                let (mut words, lines) =
                    figures::roster_words(game, ruleset, p, &figs, how.factors)?;
                words.extend(figures::outnumbered(p, n, how.factors));
                words.extend(how.factors.iter().cloned());
                let input = situation::parse(ruleset, p, &words)?;
                let plan = Plan::new(ruleset, p, &input)?;
                let fixed: Vec<Option<ThrowRecord>> = match (lone_at, &lone) {
                    (Some(at), Some(t)) => (0..plan.sides.len())
                        .map(|k| (k == at).then(|| t.clone()))
                        .collect(),
                    _ => Vec::new(),
                };
                let step = plan.resolve_with(&mut source, None, &fixed)?;
                if lone.is_none() {
                    lone = lone_at.and_then(|at| step.throws.get(at).cloned());
                }
                let landed = figures::land(&mut after, ruleset, &step, &figs, &mut event)?;
                fought.push((step, lines, landed, figs));
            }
            all_dice_used(&source, how.dice.len())?;
            for (step, _, _, figs) in &mut fought {
                figures::aim_follow_ups(step, &after, ruleset, figs);
            }
            let (mut n_entered, mut n_rolled) = (0, 0);
            for (step, ..) in &fought {
                count_throws(step, &mut n_entered, &mut n_rolled);
            }
            // The lone figure's one throw was counted once per pairing.
            if let Some(t) = &lone {
                let again = n - 1;
                if t.entered {
                    n_entered = n_entered.saturating_sub(again);
                } else {
                    n_rolled = n_rolled.saturating_sub(again);
                }
            }
            let head = if how.dry_run {
                "would change (dry run, nothing written):"
            } else {
                "changes:"
            };
            let mut summary = Vec::new();
            let mut faces = Vec::new();
            for (step, _, landed, figs) in &fought {
                // Who did it, for the log and the report: `RR1 at CF2`, `CF1 against RR2`.
                let who = if figs.sides.is_empty() {
                    [figs.acting.as_deref(), figs.target.as_deref()]
                        .into_iter()
                        .flatten()
                        .collect::<Vec<_>>()
                        .join(" at ")
                } else {
                    figs.sides
                        .iter()
                        .map(|(_, f)| f.as_str())
                        .collect::<Vec<_>>()
                        .join(" against ")
                };
                summary.push(if landed.is_empty() {
                    format!("{} ({who}): {}", p.name, step.outcome())
                } else {
                    format!(
                        "{} ({who}): {}; {}",
                        p.name,
                        step.outcome(),
                        landed.join("; ")
                    )
                });
                faces.extend(flatten_faces(step));
            }
            event.summary = summary.join(" | ");
            event.detail = Some(json!({ "seed": seed, "faces": faces, "entered": n_entered }));
            if n == 1 {
                if let Some((step, lines, landed, _)) = fought.pop() {
                    let mut extra = Extra::default();
                    extra.before.push("from the roster:".into());
                    extra.before.extend(lines.iter().map(|l| format!("  {l}")));
                    if landed.is_empty() {
                        extra.after.push(format!("{head} none"));
                    } else {
                        extra.after.push(head.into());
                        extra.after.extend(landed.iter().map(|l| format!("  {l}")));
                    }
                    extra.json =
                        Some(json!({ "roster": lines, "changes": landed, "dry_run": how.dry_run }));
                    let rolled = Rolled {
                        steps: vec![step],
                        seed,
                        entered: n_entered,
                        rolled: n_rolled,
                    };
                    print_roll(cli, ruleset, p, &rolled, 1, &extra, out)?;
                }
            } else {
                print_pairings(
                    cli,
                    ruleset,
                    &fought,
                    head,
                    (seed, n_entered, n_rolled),
                    how.dry_run,
                    out,
                )?;
            }
            if !how.dry_run {
                *game = after;
            }
            Ok((!how.dry_run).then_some(event))
        };
    // As `focused`: the part of the ruleset the procedure touches, the whole one on an error.
    let attempt = |game: &mut Game, out: &mut Vec<u8>| -> Result<Option<Event>> {
        let start = out.len();
        let part = game_ruleset(cli, catalog, game, Some(procedure))?;
        // `resolve` changes the game only once everything has worked.
        match resolve(game, &part, out) {
            Ok(e) => Ok(e),
            Err(_) => {
                out.truncate(start);
                let whole = game_ruleset(cli, catalog, game, None)?;
                resolve(game, &whole, out)
            }
        }
    };
    if how.dry_run {
        let mut game = files.read()?;
        attempt(&mut game, out)?;
        return Ok(());
    }
    files.update(|game| {
        let event = attempt(game, out)?;
        Ok((event, ()))
    })
}

/// Several figures against one: each pairing's roll, what landed, then where the dice came from.
fn print_pairings(
    cli: &Cli,
    ruleset: &Ruleset,
    fought: &[(Step, Vec<String>, Vec<String>, figures::Figures)],
    head: &str,
    (seed, n_entered, n_rolled): (u64, usize, usize),
    dry_run: bool,
    out: &mut Vec<u8>,
) -> Result<()> {
    let n = fought.len();
    if cli.json {
        let value = json!({
            "ruleset": ruleset.name(),
            "seed": seed,
            "dice_entered": n_entered,
            "dice_rolled": n_rolled,
            "dry_run": dry_run,
            "pairings": fought.iter().map(|(step, lines, landed, figs)| json!({
                "figures": figs.sides,
                "roster": lines,
                "outcome": step.outcome(),
                "step": step,
                "follow_ups": explain::follow_ups(step),
                "changes": landed,
            })).collect::<Vec<_>>(),
        });
        return write_json(out, &value);
    }
    let mut text = String::new();
    for (i, (step, lines, landed, figs)) in fought.iter().enumerate() {
        let who: Vec<String> = figs.sides.iter().map(|(s, f)| format!("{s} {f}")).collect();
        text.push_str(&format!(
            "pairing {} of {n}: {}\n",
            i + 1,
            who.join(" against ")
        ));
        text.push_str("from the roster:\n");
        for l in lines {
            text.push_str(&format!("  {l}\n"));
        }
        text.push_str(&explain::roll(ruleset, step, &rules_flag(cli)));
        if landed.is_empty() {
            text.push_str(&format!("{head} none\n"));
        } else {
            text.push_str(&format!("{head}\n"));
            for l in landed {
                text.push_str(&format!("  {l}\n"));
            }
        }
        text.push('\n');
    }
    let replay = if n_rolled > 0 {
        format!(" (seed {seed}; replay with --seed {seed})")
    } else {
        String::new()
    };
    text.push_str(&format!(
        "dice: {n_entered} entered, {n_rolled} rolled, the lone figure's throw shared by the {n} pairings{replay}\n"
    ));
    out.extend_from_slice(text.as_bytes());
    Ok(())
}

/// ` --tables DIR --rules R` when given, so that a printed command runs against the same tables.
fn rules_flag(cli: &Cli) -> String {
    let mut flag = String::new();
    if let Some(t) = &cli.tables {
        flag.push_str(&format!(" --tables {}", t.display()));
    }
    if let Some(r) = &cli.rules {
        flag.push_str(&format!(" --rules {r}"));
    }
    flag
}

/// Odds with figures of the current game: the roster's words, nothing written.
fn figure_odds(
    cli: &Cli,
    catalog: &Catalog,
    procedure: &str,
    cast: &Cast,
    factors: &[String],
    out: &mut Vec<u8>,
) -> Result<()> {
    let files = Store::open_default()?.current(cli.game.as_deref())?;
    let game = files.read()?;
    let ruleset = game_ruleset(cli, catalog, &game, None)?;
    let p = ruleset.procedure_or_err(procedure)?;
    let found = figures::find(&game, &ruleset, p, cast)?;
    let (mut words, lines) = figures::roster_words(&game, &ruleset, p, &found, factors)?;
    let n = found.pairings.len().max(1);
    words.extend(figures::outnumbered(p, n, factors));
    words.extend(factors.iter().cloned());
    if !cli.json {
        out.extend_from_slice(b"from the roster:\n");
        for l in &lines {
            out.extend_from_slice(format!("  {l}\n").as_bytes());
        }
        if n > 1 {
            // Each pairing is rolled alike; the first attacker stands for them all here.
            out.extend_from_slice(
                format!("odds of one of the {n} pairings (the first attacker's)\n").as_bytes(),
            );
        }
    }
    odds(cli, &ruleset, procedure, &words, out)
}

/// A resolved roll: the chain of steps of each resolution, and where the dice came from.
struct Rolled {
    steps: Vec<Step>,
    seed: u64,
    entered: usize,
    rolled: usize,
}

/// What a figure-aware roll adds to the output: where the roster's words came from, and
/// what landed on the figures.
#[derive(Default)]
struct Extra {
    before: Vec<String>,
    after: Vec<String>,
    json: Option<serde_json::Value>,
}

fn resolve_steps(
    cli: &Cli,
    ruleset: &Ruleset,
    p: &crate::rules::schema::ProcedureDef,
    words: &[String],
    dice: &[String],
    times: u32,
) -> Result<Rolled> {
    let input = situation::parse(ruleset, p, words)?;
    let plan = Plan::new(ruleset, p, &input)?;
    let (mut source, seed) = dice_source(cli, dice)?;
    let mut steps = Vec::new();
    for _ in 0..times {
        steps.push(plan.resolve(&mut source, None)?);
    }
    all_dice_used(&source, dice.len())?;
    let (mut n_entered, mut n_rolled) = (0, 0);
    steps
        .iter()
        .for_each(|s| count_throws(s, &mut n_entered, &mut n_rolled));
    Ok(Rolled {
        steps,
        seed,
        entered: n_entered,
        rolled: n_rolled,
    })
}

fn print_roll(
    cli: &Cli,
    ruleset: &Ruleset,
    p: &crate::rules::schema::ProcedureDef,
    rolled: &Rolled,
    times: u32,
    extra: &Extra,
    out: &mut Vec<u8>,
) -> Result<()> {
    let (steps, seed, n_entered, n_rolled) =
        (&rolled.steps, rolled.seed, rolled.entered, rolled.rolled);
    // The printed follow-up must run against the same tables.
    let rules_flag = rules_flag(cli);
    let mut tally: Vec<(String, u32)> = Vec::new();
    for s in steps {
        let o = s.outcome();
        match tally.iter_mut().find(|(l, _)| *l == o) {
            Some((_, n)) => *n += 1,
            None => tally.push((o, 1)),
        }
    }
    if cli.json {
        let follow: Vec<_> = steps
            .iter()
            .map(|s| {
                explain::follow_ups(s)
                    .into_iter()
                    .cloned()
                    .collect::<Vec<_>>()
            })
            .collect();
        let mut value = json!({
            "ruleset": ruleset.name(),
            "procedure": p.name,
            "seed": seed,
            "dice_entered": n_entered,
            "dice_rolled": n_rolled,
            "resolutions": steps.iter().zip(follow).map(|(s, f)| json!({
                "outcome": s.outcome(),
                "step": s,
                "follow_ups": f,
            })).collect::<Vec<_>>(),
            "summary": tally.iter().map(|(l, n)| json!({"outcome": l, "count": n})).collect::<Vec<_>>(),
        });
        if let (Some(serde_json::Value::Object(more)), serde_json::Value::Object(v)) =
            (&extra.json, &mut value)
        {
            v.extend(more.clone());
        }
        return write_json(out, &value);
    }
    let mut text = String::new();
    for line in &extra.before {
        text.push_str(line);
        text.push('\n');
    }
    if times == 1 {
        if let Some(s) = steps.first() {
            text.push_str(&explain::roll(ruleset, s, &rules_flag));
        }
    } else {
        use std::fmt::Write as _;
        for (i, s) in steps.iter().enumerate() {
            let faces: Vec<String> = flatten_faces(s);
            let _ = writeln!(
                text,
                "{:>4}. {}   [{}]",
                i + 1,
                s.outcome(),
                faces.join("; ")
            );
        }
        let _ = writeln!(text, "summary of {times}:");
        let width = tally
            .iter()
            .map(|(l, _)| l.chars().count())
            .max()
            .unwrap_or(0);
        for (l, n) in &tally {
            let _ = writeln!(
                text,
                "  {l:<width$}  {n:>5}  {:>5.1}%",
                f64::from(*n) * 100.0 / f64::from(times)
            );
        }
        let amounts: Vec<i64> = steps.iter().filter_map(|s| s.decision.amount).collect();
        if amounts.len() == steps.len() {
            let total: i64 = amounts.iter().sum();
            let _ = writeln!(
                text,
                "  total {total}, average {:.2}",
                total as f64 / f64::from(times)
            );
        }
    }
    for line in &extra.after {
        text.push_str(line);
        text.push('\n');
    }
    // The seed only matters when the tool rolled something.
    let replay = if n_rolled > 0 {
        format!(" (seed {seed}; replay with --seed {seed})")
    } else {
        String::new()
    };
    text.push_str(&format!(
        "dice: {n_entered} entered, {n_rolled} rolled{replay}\n"
    ));
    out.extend_from_slice(text.as_bytes());
    Ok(())
}

fn flatten_faces(s: &Step) -> Vec<String> {
    let mut v: Vec<String> = s
        .throws
        .iter()
        .filter(|t| t.dice.is_some())
        .map(|t| {
            t.faces
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    for n in &s.next {
        v.extend(flatten_faces(n));
    }
    v
}

fn odds(
    cli: &Cli,
    ruleset: &Ruleset,
    procedure: &str,
    words: &[String],
    out: &mut Vec<u8>,
) -> Result<()> {
    let p = ruleset.procedure_or_err(procedure)?;
    let input = situation::parse(ruleset, p, words)?;
    let plan = Plan::new(ruleset, p, &input)?;
    let finals = explain::ordered(plan.chain_odds()?);
    if cli.json {
        let step = |plan: &Plan<'_>| -> Result<serde_json::Value> {
            Ok(json!({
                "procedure": plan.procedure.name,
                "sides": plan.sides.iter().map(|s| json!({
                    "side": s.side,
                    "modifiers": s.modifiers,
                    "net": s.net,
                })).collect::<Vec<_>>(),
                "outcomes": plan.distribution()?.into_iter().map(|(d, pr)| json!({
                    "result": d.result,
                    "label": d.label,
                    "loser": d.loser,
                    "probability": pr,
                })).collect::<Vec<_>>(),
            }))
        };
        let mut steps = vec![step(&plan)?];
        for next in plan.next_plans()? {
            steps.push(step(&next)?);
        }
        let value = json!({
            "ruleset": ruleset.name(),
            "procedure": p.name,
            "steps": steps,
            "outcomes": finals.iter().map(|(l, pr)| json!({"outcome": l, "probability": pr})).collect::<Vec<_>>(),
            "average": explain::mean(&finals),
        });
        return write_json(out, &value);
    }
    out.extend_from_slice(explain::odds(ruleset, &plan, &finals)?.as_bytes());
    Ok(())
}

fn rules(cli: &Cli, catalog: &Catalog, name: Option<&str>, out: &mut Vec<u8>) -> Result<()> {
    let Some(name) = name else {
        if let Some(r) = &cli.rules {
            // `--rules NAME` must name a ruleset here as everywhere else.
            catalog.ruleset(Some(r))?;
        }
        let all = catalog.all()?;
        let default = catalog.default_name();
        if cli.json {
            let list: Vec<_> = all
                .iter()
                .map(|r| {
                    json!({
                        "name": r.name(),
                        "title": r.def.title,
                        "aliases": r.def.aliases,
                        "default": Some(r.name().to_string()) == default,
                        "procedures": r.def.procedures.iter().map(|p| &p.name).collect::<Vec<_>>(),
                    })
                })
                .collect();
            return write_json(out, &json!(list));
        }
        out.extend_from_slice(explain::rulesets(&all, default.as_deref()).as_bytes());
        return Ok(());
    };
    let ruleset = catalog.ruleset(cli.rules())?;
    let Some(p) = ruleset.procedure(name) else {
        // Not a procedure: perhaps a ruleset's name.
        if let Ok(r) = catalog.ruleset(Some(name)) {
            out.extend_from_slice(explain::ruleset(&r).as_bytes());
            return Ok(());
        }
        return Err(ruleset
            .procedure_or_err(name)
            .err()
            .unwrap_or_else(|| Error::usage(format!("no procedure `{name}`"))));
    };
    if cli.json {
        let factors: Vec<_> = ruleset
            .chain_factors(p)
            .iter()
            .filter_map(|n| ruleset.factor(n))
            .map(|f| json!({
                "name": f.name,
                "kind": situation::kind_of(f),
                "help": f.help,
                "aliases": f.aliases,
                "default": f.default,
                "values": ruleset.values(f).iter().map(|v| json!({"name": v.name(), "label": v.label(), "aliases": v.aliases(), "note": v.note()})).collect::<Vec<_>>(),
                "note": f.note,
            }))
            .collect();
        let value = json!({
            "ruleset": ruleset.name(),
            "procedure": p.name,
            "title": p.title,
            "help": p.help,
            "aliases": p.aliases,
            "factors": factors,
            "notes": p.notes,
        });
        return write_json(out, &value);
    }
    out.extend_from_slice(explain::procedure(&ruleset, p).as_bytes());
    Ok(())
}
