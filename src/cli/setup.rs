//! What runs before a command: the help of `roll` and `odds`, and the setting of the parsed
//! line from the config file, the game in use and the tables (checked on the way: `--anyway`
//! needs a reason, the guided mode no JSON).

use super::args::{
    ChargeArgs, Cli, Command, DrawArgs, GenerateCmd, OddsArgs, RollArgs, SpendArgs, TurnArgs,
};
use super::ctx;
use crate::error::{Error, Result};
use crate::paths;
use crate::rules::catalog::Catalog;

/// `roll --help` or `odds --help`, answered whatever else is broken: the tables only add to it.
pub(super) fn procedure_help(
    cli: &mut Cli,
    name: &str,
    procedure: Option<&str>,
    out: &mut Vec<u8>,
) -> Result<()> {
    cli.default_rules = crate::config::Config::load().ok().and_then(|c| c.rules);
    cli.game_rules = ctx::game_rules(cli).ok().flatten();
    let catalog = Catalog::load(cli.tables.as_deref())
        .ok()
        .map(|c| c.with_cache(paths::cache_dir().as_deref()));
    super::roll::procedure_help(cli, catalog.as_ref(), name, procedure, out)
}

/// `--anyway` with a reason an umpire can read back.
fn check_anyway(cli: &Cli) -> Result<()> {
    let Some(why) = cli.anyway.as_deref() else {
        return Ok(());
    };
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
    Ok(())
}

/// Whether the dice of this command are thrown at the table, by the config or its flag.
fn asks_faces(cli: &Cli, config: &crate::config::Config) -> bool {
    config.dice == crate::config::DiceMode::Physical
        || matches!(
            &cli.command,
            Some(
                Command::Roll(RollArgs { physical: true, .. })
                    | Command::Charge(ChargeArgs { physical: true, .. })
                    | Command::Turn(TurnArgs { physical: true, .. })
                    | Command::Draw(DrawArgs { physical: true, .. })
                    | Command::Spend(SpendArgs { physical: true, .. })
            )
        )
}

/// Set `cli` from the config file and the game in use, and load the tables (unless parsing
/// loaded them already).
pub(super) fn prepare(cli: &mut Cli, loaded: Option<Catalog>) -> Result<Catalog> {
    check_anyway(cli)?;
    let config = crate::config::Config::load()?;
    cli.default_rules.clone_from(&config.rules);
    if answers_for_game(cli) {
        cli.game_rules = ctx::game_rules(cli)?;
    }
    cli.ask_faces = asks_faces(cli, &config);
    if cli.ask_faces {
        cli.chances = chances_line(cli);
    }
    let catalog = match loaded {
        Some(catalog) => catalog,
        None => Catalog::load(cli.tables.as_deref())?.with_cache(paths::cache_dir().as_deref()),
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
    Ok(catalog)
}

/// Whether the command, naming no figure of the game, answers with the ruleset of the game in
/// use: a roll or odds without figures, a card, the rules, the guided mode, the completions
/// and the army lists. The game's own commands read the game's ruleset with the game.
fn answers_for_game(cli: &Cli) -> bool {
    let no_figures = cli.cast.is_empty();
    match &cli.command {
        None | Some(Command::Play) => true,
        Some(Command::Roll(RollArgs {
            unit: None,
            next: None,
            ..
        })) => no_figures,
        Some(Command::Odds(OddsArgs { unit: None, .. })) => no_figures,
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

/// The `odds` command of a roll of one procedure (not a unit's, nor a check owed, nor one made
/// many times), its `--dice` given as the faces already thrown: what the face prompts run with
/// the faces typed so far added, to show the chances from where the table stands.
fn chances_line(cli: &Cli) -> Option<Vec<String>> {
    let Some(Command::Roll(RollArgs {
        procedure: Some(procedure),
        factors,
        dice,
        times: 1,
        unit: None,
        next: None,
        also,
        ..
    })) = &cli.command
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
