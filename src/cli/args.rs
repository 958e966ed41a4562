//! The command line's one definition, from which clap parses and the help, the man pages and
//! the completions are made: the top-level commands and their arguments here, the game's
//! subcommands (`game`, `unit`, `fig`) beside the code that runs them.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use super::army::ArmyCmd;
use super::fig::FigCmd;
use super::game::GameCmd;
use super::unit::UnitCmd;
use crate::game::roles::Cast;
use crate::model::DrawDef;
use crate::words::{capitalised, with_article};

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
    ///
    /// Every command prints one JSON object whose `schema` field is the version of its shape
    /// (1; a field added keeps the version, one renamed or removed raises it). An error is
    /// `{"schema": 1, "error": {"message": ..., "hint": ...}}` on one line of standard error
    /// instead of `error: ...`, with the same exit code (2 for a mistake, 1 for a failure);
    /// standard output then holds only what the command printed before it failed. Help and
    /// --version stay text, and the guided mode refuses it.
    #[arg(long, global = true)]
    pub json: bool,
    /// A directory of your own ruleset .yaml files, added to the built-in ones.
    #[arg(long, global = true, value_name = "DIR", env = "UMPIRE_TABLES")]
    pub tables: Option<PathBuf>,
    /// The game to act on, instead of the current one (see `umpire game use`).
    #[arg(long, global = true, value_name = "NAME", env = "UMPIRE_GAME")]
    pub game: Option<String>,
    /// The umpire rules otherwise: do what a rule of play refuses (acting out of turn, an
    /// action over the allowance, a check still owed), for the reason given, which the log keeps.
    #[arg(long, global = true, value_name = "WHY")]
    pub anyway: Option<String>,
    /// Without a command, on a terminal: the guided mode (`umpire play`).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The config file's ruleset, used when `--rules` is not given.
    #[arg(skip)]
    pub default_rules: Option<String>,
    /// The ruleset of the game in use, which answers before the config's when `--rules` is
    /// not given (`None` outside a game, and for the commands that make or change a game).
    #[arg(skip)]
    pub game_rules: Option<String>,
    /// Every roll asks for the faces thrown (`--physical`, or the config's `dice: physical`).
    #[arg(skip)]
    pub ask_faces: bool,
    /// The figures a roll or odds names with the ruleset's role options (see `parse`).
    #[arg(skip)]
    pub cast: Cast,
    /// For a roll of one procedure with dice thrown at the table: the `odds` command that
    /// gives the chances from where the table stands, shown before each later throw is asked.
    #[arg(skip)]
    pub chances: Option<Vec<String>>,
}

impl Cli {
    /// The umpire's word against a rule of play that refuses (`--anyway`).
    pub fn umpire(&self) -> crate::game::ruling::Umpire<'_> {
        crate::game::ruling::Umpire {
            anyway: self.anyway.as_deref(),
        }
    }

    /// The ruleset to use: `--rules`, else the game's in use, else the config's, else the
    /// first built-in one.
    pub fn rules(&self) -> Option<&str> {
        self.rules
            .as_deref()
            .or(self.game_rules.as_deref())
            .or(self.default_rules.as_deref())
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

/// `--help` of the commands of the draw, answered after parsing so that the help speaks the
/// word of the game's tables for its tokens (`--bead`, "Draw a bead").
#[derive(Debug, Clone, clap::Args)]
pub struct DrawHelp {
    /// Print help
    // Listed last but for `--version`, where clap lists its own `--help`.
    #[arg(short = 'h', long = "help", action = clap::ArgAction::SetTrue, display_order = 100)]
    pub help: bool,
}

impl Cli {
    /// `draw --help` and the like: the command's name.
    pub fn draw_help(&self) -> Option<&'static str> {
        let (name, help) = match &self.command {
            Some(Command::Turn(a)) => ("turn", &a.help),
            Some(Command::Draw(a)) => ("draw", &a.help),
            Some(Command::Hold(help)) => ("hold", help),
            Some(Command::React(a)) => ("react", &a.help),
            Some(Command::Status(help)) => ("status", help),
            _ => return None,
        };
        help.help.then_some(name)
    }

    /// `roll --help` or `odds --help`: the command's name and the procedure named, if any.
    pub fn procedure_help(&self) -> Option<(&'static str, Option<String>)> {
        match &self.command {
            Some(Command::Roll(RollArgs {
                procedure,
                help: ProcedureHelp { help: true },
                ..
            })) => Some(("roll", procedure.clone())),
            Some(Command::Odds(OddsArgs {
                procedure,
                help: ProcedureHelp { help: true },
                ..
            })) => Some(("odds", procedure.clone())),
            _ => None,
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Resolve a procedure and what follows from it, explaining every step.
    #[command(
        disable_help_flag = true,
        override_usage = "umpire roll [OPTIONS] <PROCEDURE> [FACTOR]...",
        after_help = "`umpire rules` lists the procedures; `umpire roll PROCEDURE --help` shows \
                      what one takes."
    )]
    Roll(RollArgs),
    /// The exact probability of every outcome of a procedure's chain, or of what still follows the faces thrown.
    #[command(
        disable_help_flag = true,
        override_usage = "umpire odds [OPTIONS] <PROCEDURE> [FACTOR]...",
        after_help = "`umpire rules` lists the procedures; `umpire odds PROCEDURE --help` shows \
                      what one takes."
    )]
    Odds(OddsArgs),
    /// List the rulesets, or show what a procedure (or a ruleset) takes.
    Rules(RulesArgs),
    /// Start, list, pick, show or delete games.
    #[command(subcommand)]
    Game(GameCmd),
    /// Add, list, show or remove units (each with its figures).
    #[command(subcommand)]
    Unit(UnitCmd),
    /// Add, show, remove or move single figures.
    #[command(subcommand)]
    Fig(FigCmd),
    /// The roster: every figure with its markers, those out of the game set apart.
    Figs,
    /// Put markers on a figure or take them off (`mark CODE +MARKER -MARKER`), change its
    /// counts (`mark CODE COUNTER+2`) or its links to other figures (`mark CODE +LINK:CODE`).
    Mark(MarkArgs),
    /// The game's events, oldest first.
    Log(LogArgs),
    /// Take back the last change (repeat to go further back).
    Undo,
    #[command(about = drawn(TURN, None), disable_help_flag = true)]
    Turn(TurnArgs),
    #[command(about = drawn(DRAW, None), disable_help_flag = true)]
    Draw(DrawArgs),
    #[command(about = drawn(HOLD, None), disable_help_flag = true)]
    Hold(DrawHelp),
    #[command(about = drawn(REACT, None), disable_help_flag = true)]
    React(ReactArgs),
    /// Record that a unit acts in this phase (as often in a turn as the turn rule allows).
    Activate(ActivateArgs),
    /// Spend points of the side playing on something the turn rule lists, at its cost.
    Spend(SpendArgs),
    /// A unit's figures do an action of the ruleset's list that takes markers off or puts
    /// them on, counted where the ruleset counts actions; rolls are `umpire roll --unit`.
    Act(ActArgs),
    /// A unit charges an enemy unit in one command: the chargers' checks first, the charged
    /// unit's reaction and its fire, then the first round of every fight, logged as one event.
    Charge(ChargeArgs),
    #[command(about = drawn(STATUS, None), disable_help_flag = true)]
    Status(DrawHelp),
    /// Army lists and the army point system of the ruleset in use; check your own list.
    #[command(subcommand)]
    Army(ArmyCmd),
    /// Quick-reference cards for the terminal: dice, target, modifiers, results and odds.
    Card(CardArgs),
    /// Every card of the ruleset, the marker legend and the turn sequence, to print.
    Cards(CardsArgs),
    /// The guided mode: menus for the procedure, the figures and the situation; rolls or the
    /// faces thrown; the draw, activations and markers.
    Play,
    /// Read or set the configuration: `config`, `config dice`, `config dice physical`.
    Config(ConfigArgs),
    /// Man pages and shell completions, generated from this command line and the tables.
    #[command(hide = true, subcommand)]
    Generate(GenerateCmd),
}

// The arguments of the commands.

// `umpire roll` (the help is on the variant: a doc comment here would replace it).
#[derive(Debug, clap::Args)]
pub struct RollArgs {
    /// The procedure to resolve (see `umpire rules`).
    pub procedure: Option<String>,
    /// The situation: `name=value` (`cover=half`, `range=20`) or a bare yes/no `name` (`volley`).
    #[arg(value_name = "FACTOR")]
    pub factors: Vec<String>,
    /// Faces really thrown, for the next roll of the chain (repeat for later rolls, in order).
    #[arg(long = "dice", value_name = "FACES")]
    pub dice: Vec<String>,
    /// Resolve it this many times (a whole unit firing) and sum up the outcomes.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub times: u32,
    /// With figures from the game: show what would change, and change nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Ask for the faces of every roll (dice thrown at the table), whatever the config says.
    #[arg(long)]
    pub physical: bool,
    /// Every able figure of this unit (its name or the code on its bases) performs the
    /// procedure, each at the next of the figures acted upon given (`--target CF2,CF3`).
    #[arg(long, value_name = "UNIT")]
    pub unit: Option<String>,
    /// With figures from the game: more figures the roll falls on than the one it names;
    /// each owes what the roll calls for whatever its result.
    #[arg(long, value_name = "FIGURES", value_delimiter = ',')]
    pub also: Vec<String>,
    /// Make a check the game owes: the oldest (of PROCEDURE, if named), or number N of
    /// `umpire status`; its figure and factors are set, the roster gives the rest.
    #[arg(long, value_name = "N", num_args = 0..=1)]
    pub next: Option<Option<String>>,
    #[command(flatten)]
    pub help: ProcedureHelp,
}

// `umpire odds`.
#[derive(Debug, clap::Args)]
pub struct OddsArgs {
    /// The procedure (see `umpire rules`).
    pub procedure: Option<String>,
    /// The situation, as for `roll`.
    #[arg(value_name = "FACTOR")]
    pub factors: Vec<String>,
    /// What if: the same situation with this word changed (`--vs cover=none`; repeat for
    /// more), its odds side by side with the situation's.
    #[arg(long, value_name = "FACTOR")]
    pub vs: Vec<String>,
    /// Faces already thrown, for the chain's first roll (`--given 5,4`; repeat for the
    /// later rolls, in the order `roll --dice` takes them): the chances of what still
    /// follows. With `--unit`, a figure's: `--given RR1=5,4`.
    #[arg(long, value_name = "FACES")]
    pub given: Vec<String>,
    /// The whole action of this unit before it is rolled (its name or the code on its
    /// bases): the figures `roll --unit` would roll, each figure's odds, and how many of
    /// them get each result.
    #[arg(long, value_name = "UNIT")]
    pub unit: Option<String>,
    #[command(flatten)]
    pub help: ProcedureHelp,
}

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
    /// `+NAME` adds a marker (or a state: `+dead`), `-NAME` takes it off; `COUNTER+N`,
    /// `COUNTER-N` and `COUNTER=N` change a count; `+LINK:CODE` ties the figure to another
    /// (a target picked out, say), `-LINK:CODE` unties it, `-LINK` unties it from every one.
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
    // Tokens per side: `--tokens`, or the plural the table names them by (`--beads`).
    #[arg(long, value_name = "N", help = drawn(TURN_TOKENS, None))]
    pub tokens: Option<u32>,
    /// In player turns: the side that plays first this turn, where the rule lets the umpire say.
    #[arg(long, value_name = "SIDE")]
    pub first: Option<String>,
    /// In player turns with a pool of points: each side's throw, in the order of the sides
    /// (repeat it; after a tie for who plays first, the throws made again follow).
    #[arg(long = "dice", value_name = "FACES")]
    pub dice: Vec<String>,
    /// Ask for the faces of the throws not given with --dice (dice thrown at the table),
    /// whatever the config says; what markers make figures roll is then left owed.
    #[arg(long)]
    pub physical: bool,
    #[command(flatten)]
    pub help: DrawHelp,
}

#[derive(Debug, clap::Args)]
pub struct SpendArgs {
    /// What the points buy (the turn rule's list: `umpire rules`).
    pub what: String,
    /// Circumstances that cost more, by name.
    #[arg(value_name = "CIRCUMSTANCE")]
    pub circumstances: Vec<String>,
    /// The unit it is spent on.
    #[arg(long, value_name = "UNIT")]
    pub unit: Option<String>,
    /// Where figures the spend reaches throw into the pool: each one's
    /// throw, in the roster's order (repeat it).
    #[arg(long = "dice", value_name = "FACES")]
    pub dice: Vec<String>,
    /// Ask for the faces of the throws not given with --dice (dice thrown at the table),
    /// whatever the config says.
    #[arg(long)]
    pub physical: bool,
}

#[derive(Debug, clap::Args)]
pub struct DrawArgs {
    // The token drawn: `--token`, or the name the table gives it (`--bead red`).
    #[arg(long, value_name = "TOKEN", help = drawn(DRAW_TOKEN, None))]
    pub token: Option<String>,
    #[arg(long, conflicts_with = "token", help = drawn(DRAW_ODDS, None))]
    pub odds: bool,
    /// Dice thrown at the table, whatever the config says: what markers make figures roll when
    /// the phase ends is left owed.
    #[arg(long)]
    pub physical: bool,
    #[command(flatten)]
    pub help: DrawHelp,
}

// What the commands of the draw say of its tokens: `{token}`, `{a token}`, `{tokens}` and
// `{Tokens}` stand for the table's word. The definition says `token`; their help, the line
// parsed with the table's options and the man pages say the table's word (`bead`), from the
// same sentences (see `parse::with_draw_words`).

pub(crate) const TURN: &str = "Start the next turn (phases and {tokens} from the roster and the \
     turn rule), or in player turns pass play to the next player";
pub(crate) const TURN_TOKENS: &str = "{Tokens} per side, instead of the rule's count";
pub(crate) const DRAW: &str = "Draw {a token}: whose phase it is";
pub(crate) const DRAW_TOKEN: &str =
    "The {token} drawn by hand from a real cup: which one, or its side";
pub(crate) const DRAW_ODDS: &str = "Only show the chance that the next {token} is each side's";
pub(crate) const HOLD: &str =
    "Keep the {token} just drawn as its side's react {token}, where the turn rule allows it";
pub(crate) const REACT: &str = "Spend a side's react {token}: its next activation is the reaction";
pub(crate) const STATUS: &str = "The turn, the phase, the bag, held {tokens} and who acted";

/// One of the sentences above, with the draw's word (`token` without a draw).
pub(crate) fn drawn(sentence: &str, draw: Option<&DrawDef>) -> String {
    let (one, many) = draw.map_or(("token".into(), "tokens".into()), |d| {
        (d.token.clone(), d.plural().into_owned())
    });
    sentence
        .replace("{a token}", &with_article(&one))
        .replace("{token}", &one)
        .replace("{Tokens}", &capitalised(&many))
        .replace("{tokens}", &many)
}

#[derive(Debug, clap::Args)]
pub struct ReactArgs {
    /// The side (the ruleset's sides).
    pub side: String,
    #[command(flatten)]
    pub help: DrawHelp,
}

#[derive(Debug, clap::Args)]
pub struct ActivateArgs {
    /// The unit's name.
    pub unit: String,
}

#[derive(Debug, clap::Args)]
#[command(
    after_help = "The ruleset's `game: charge:` says what the charge checks, what the \
                        charged unit's reaction costs and what each side carries into the fight \
                        (`umpire rules RULESET`)."
)]
pub struct ChargeArgs {
    /// The charging unit: its name or the code on its bases.
    #[arg(long, value_name = "UNIT")]
    pub unit: String,
    /// The charged unit: its name or the code on its bases.
    #[arg(long, value_name = "UNIT")]
    pub target: String,
    /// The charged unit reacts, as the ruleset allows (a check by each figure, then fire at
    /// the chargers by those who pass); it spends what the ruleset says.
    #[arg(long)]
    pub react: bool,
    /// Who fights whom, one fight each: `LONE=OTHER,OTHER` (`--fight B1=A1,A2`); by default
    /// the figures of the many side are dealt out in turn, as many on one as the fight allows.
    #[arg(long = "fight", value_name = "LONE=OTHERS")]
    pub fights: Vec<String>,
    /// Words for the fight, by side: `SIDE.FACTOR=VALUE` or `SIDE.FLAG`.
    #[arg(value_name = "FACTOR")]
    pub factors: Vec<String>,
    /// Faces really thrown, for each roll in order: the chargers' checks, the reaction and its
    /// fire, then the fights.
    #[arg(long = "dice", value_name = "FACES")]
    pub dice: Vec<String>,
    /// Ask for the faces of every roll (dice thrown at the table), whatever the config says.
    #[arg(long)]
    pub physical: bool,
    /// Show what would change, and change nothing.
    #[arg(long)]
    pub dry_run: bool,
}

#[derive(Debug, clap::Args)]
pub struct ActArgs {
    /// The unit: its name or the code on its bases.
    pub unit: String,
    /// The action, as the ruleset lists it (`umpire rules RULESET`).
    pub action: String,
    /// Only these figures of the unit (`A1,A2`); by default every figure that needs it.
    #[arg(long, value_name = "FIGURES", value_delimiter = ',')]
    pub figs: Vec<String>,
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
