//! The guided mode: menus built from the tables and the roster, for an umpire with dice in hand.
//! Every action is turned into the command line that does it and run as one, so the guided mode
//! explains, writes and logs exactly as the commands do, and the log shows the command.

use super::faces::on_a_terminal;

use dialoguer::theme::{ColorfulTheme, SimpleTheme, Theme};
use dialoguer::{FuzzySelect, Input, MultiSelect, Select};

mod checks;
mod situation;

use crate::cli::Cli;
use crate::error::{Error, Result};
use crate::game::state::Game;
use crate::game::store::Store;
use crate::rules::catalog::Catalog;

/// `umpire` with no command: the guided mode on a terminal, else a usage error at once (a
/// script must never wait on a prompt).
pub fn start(cli: &Cli, catalog: &Catalog, out: &mut Vec<u8>) -> Result<()> {
    if !on_a_terminal() {
        // What there is to type, then the error.
        let help = <Cli as clap::CommandFactory>::command().render_help();
        out.extend_from_slice(help.to_string().as_bytes());
        return Err(Error::usage("a command is needed")
            .with_hint("`umpire rules` lists the procedures; then `umpire roll PROCEDURE`; on a terminal, `umpire` alone opens the guided mode"));
    }
    play(cli, catalog, out)
}

fn theme() -> Box<dyn Theme> {
    if crate::present::view::colour_wanted() {
        Box::new(ColorfulTheme::default())
    } else {
        Box::new(SimpleTheme)
    }
}

fn asked<T>(r: dialoguer::Result<T>) -> Result<T> {
    r.map_err(|e| Error::failure(format!("cannot ask: {e}")))
}

/// Run one command line as the guided mode's action, printing what it prints; an error is
/// printed too, and the guided mode goes on.
fn run_line(words: &[String]) {
    checks::capture_line(words);
}

/// The global options to pass on, so each action runs against the same tables and game.
fn globals(cli: &Cli) -> Vec<String> {
    let mut g = Vec::new();
    if let Some(r) = &cli.rules {
        g.extend(["--rules".to_string(), r.clone()]);
    }
    if let Some(t) = &cli.tables {
        g.extend(["--tables".to_string(), t.display().to_string()]);
    }
    if let Some(n) = &cli.game {
        g.extend(["--game".to_string(), n.clone()]);
    }
    g
}

fn current_game(cli: &Cli) -> Option<Game> {
    Store::open_default()
        .and_then(|s| s.current(cli.game.as_deref()))
        .and_then(|f| f.read())
        .ok()
}

/// `umpire play`: the guided loop.
pub fn play(cli: &Cli, catalog: &Catalog, _out: &mut Vec<u8>) -> Result<()> {
    if !on_a_terminal() {
        return Err(
            Error::usage("the guided mode needs a terminal, and there is none")
                .with_hint("give a command instead, such as `umpire roll PROCEDURE FACTOR...`"),
        );
    }
    let theme = theme();
    loop {
        let game = current_game(cli);
        let menu = Menu::new(catalog, game.as_ref());
        let items = menu.items(game.is_some());
        let title = match &game {
            Some(g) => format!("umpire: game {}, turn {}", g.name, g.turn.number),
            None => "umpire".to_string(),
        };
        let pick = asked(
            Select::with_theme(&*theme)
                .with_prompt(title)
                .items(&items)
                .default(0)
                .interact_opt(),
        )?;
        let Some(choice) = pick.and_then(|i| items.get(i).copied()) else {
            return Ok(());
        };
        if !act(&*theme, (cli, catalog), &menu, game.as_ref(), choice)? {
            return Ok(());
        }
    }
}

/// The guided loop's menu as the game stands: the items its turn rule and its checks owed
/// name.
struct Menu {
    /// Turns by a draw from the cup, or no turn rule: not play passed from player to player.
    drawn: bool,
    /// The draw's token as its table names it.
    token: String,
    /// The players' pool of points to spend, where the turn rule has one.
    pool: Option<crate::model::PoolDef>,
    /// How many checks the game owes.
    owed: usize,
    owed_item: String,
    spend_item: String,
    draw_item: String,
}

impl Menu {
    /// The menu for the game, if there is one.
    fn new(catalog: &Catalog, game: Option<&Game>) -> Menu {
        // The game's turn rule: the draw's token as its table names it, or player turns with
        // perhaps a pool of points to spend.
        let ruleset = game.and_then(|g| catalog.ruleset(Some(&g.ruleset)).ok());
        let rule = ruleset.as_ref().and_then(|r| r.model.turn.clone());
        let drawn = rule.as_ref().and_then(|t| t.draw()).is_some();
        let token = rule
            .as_ref()
            .and_then(|t| t.draw().map(|d| d.draw.token.clone()))
            .unwrap_or_else(|| "token".into());
        let pool = rule
            .as_ref()
            .and_then(|t| t.players())
            .and_then(|p| p.pool.clone());
        let spend_item = pool
            .as_ref()
            .map(|p| format!("Spend {}", p.points))
            .unwrap_or_default();
        let draw_item = format!("Draw {}", crate::words::with_article(&token));
        // The checks the game owes, next to rolling, while there are any.
        let owed = game.map_or(0, |g| g.pending.len());
        let owed_item = format!("Make a check owed ({owed})");
        Menu {
            drawn: drawn || rule.is_none(),
            token,
            pool,
            owed,
            owed_item,
            spend_item,
            draw_item,
        }
    }

    /// The items, in the order shown; those of a game only `in_game`.
    fn items(&self, in_game: bool) -> Vec<&str> {
        let mut items = vec!["Resolve a procedure"];
        if self.owed > 0 {
            items.push(self.owed_item.as_str());
        }
        items.push("Odds of a procedure");
        if in_game {
            if self.drawn {
                items.extend([
                    "Start the next turn",
                    self.draw_item.as_str(),
                    "Record an activation",
                ]);
            } else {
                items.push("Pass play to the next player");
            }
            if self.pool.is_some() {
                items.push(self.spend_item.as_str());
            }
            items.extend([
                "Set markers on a figure",
                "Show the roster",
                "Show the turn",
                "Undo the last change",
            ]);
        }
        items.push("Quit");
        items
    }
}

/// Do what the umpire chose from the menu, as the command line that does it; false when the
/// choice is to quit.
fn act(
    theme: &dyn Theme,
    (cli, catalog): (&Cli, &Catalog),
    menu: &Menu,
    game: Option<&Game>,
    choice: &str,
) -> Result<bool> {
    let g = globals(cli);
    let with = |mut words: Vec<String>| {
        words.extend(g.iter().cloned());
        words
    };
    match choice {
        "Resolve a procedure" | "Odds of a procedure" => {
            // A game's procedures are its ruleset's, whatever the default one is.
            let ruleset = match game {
                Some(g) => super::ctx::game_ruleset(catalog, cli.rules.as_deref(), g)?,
                None => catalog.ruleset(cli.rules())?,
            };
            let odds_only = choice.starts_with("Odds");
            if let Some(words) = situation::situation(theme, &ruleset, game, odds_only)? {
                checks::resolve(theme, cli, with(words), &g, odds_only)?;
            }
        }
        item if item == menu.owed_item => checks::owed(theme, cli, &g)?,
        "Start the next turn" | "Pass play to the next player" => {
            run_line(&with(vec!["turn".into()]));
        }
        item if item == menu.spend_item => {
            if let (Some(pool), Some(g)) = (&menu.pool, game)
                && let Some(words) = spending(theme, pool, g)?
            {
                run_line(&with(words));
            }
        }
        item if item == menu.draw_item => run_line(&with(drawing(theme, &menu.token)?)),
        "Record an activation" => {
            if let Some(g) = game
                && let Some(words) = activation(theme, g)?
            {
                run_line(&with(words));
            }
        }
        "Set markers on a figure" => {
            if let Some(g) = game {
                markers(theme, catalog, g, &with(Vec::new()))?;
            }
        }
        "Show the roster" => run_line(&with(vec!["figs".into()])),
        "Show the turn" => run_line(&with(vec!["status".into()])),
        "Undo the last change" => run_line(&with(vec!["undo".into()])),
        _ => return Ok(false),
    }
    Ok(true)
}

/// The draw of a `token` from the cup, by the tool or as drawn at the table: the `draw`
/// command's words.
fn drawing(theme: &dyn Theme, token: &str) -> Result<Vec<String>> {
    let typed = format!("Type the {token} drawn from the cup (or its side)");
    let how = asked(
        Select::with_theme(theme)
            .with_prompt(format!("The {token}"))
            .items(["Let the tool draw", typed.as_str()])
            .default(0)
            .interact(),
    )?;
    let mut words = vec!["draw".to_string()];
    if how == 1 {
        let which: String = asked(
            Input::<String>::with_theme(theme)
                .with_prompt(crate::words::capitalised(token))
                .interact_text(),
        )?;
        // The option as the table names it (`--bead`), as the umpire would type it.
        words.extend([format!("--{token}"), which]);
    }
    Ok(words)
}

/// The unit whose activation to record: the `activate` command's words, or none when the
/// umpire backs out.
fn activation(theme: &dyn Theme, game: &Game) -> Result<Option<Vec<String>>> {
    let names: Vec<String> = game
        .units
        .iter()
        .map(|u| format!("{} ({})", u.name, u.side))
        .collect();
    if let Some(i) = asked(
        FuzzySelect::with_theme(theme)
            .with_prompt("Unit")
            .items(&names)
            .interact_opt(),
    )? && let Some(u) = game.units.get(i)
    {
        return Ok(Some(vec!["activate".into(), u.name.clone()]));
    }
    Ok(None)
}

/// What to spend the side's points on, its circumstances and the unit: the `spend` command's
/// words, or none when the umpire backs out.
fn spending(
    theme: &dyn Theme,
    pool: &crate::model::PoolDef,
    game: &Game,
) -> Result<Option<Vec<String>>> {
    let things: Vec<String> = pool
        .spend
        .iter()
        .map(|s| format!("{} ({} {})", s.label, s.cost, pool.point))
        .collect();
    let Some(def) = asked(
        Select::with_theme(theme)
            .with_prompt("Spend on")
            .items(&things)
            .default(0)
            .interact_opt(),
    )?
    .and_then(|i| pool.spend.get(i)) else {
        return Ok(None);
    };
    let mut words = vec!["spend".to_string(), def.name.clone()];
    if !def.extras.is_empty() {
        let extras: Vec<String> = def
            .extras
            .iter()
            .map(|e| format!("{} (+{})", e.label, e.cost))
            .collect();
        let picked = asked(
            MultiSelect::with_theme(theme)
                .with_prompt("Circumstances that cost more (space to pick, enter when done)")
                .items(&extras)
                .interact(),
        )?;
        words.extend(
            picked
                .iter()
                .filter_map(|i| def.extras.get(*i))
                .map(|e| e.name.clone()),
        );
    }
    let mut names: Vec<String> = game
        .units
        .iter()
        .map(|u| format!("{} ({})", u.name, u.side))
        .collect();
    if !def.unit {
        names.insert(0, "no unit named".into());
    }
    let Some(i) = asked(
        FuzzySelect::with_theme(theme)
            .with_prompt("Unit")
            .items(&names)
            .default(0)
            .interact_opt(),
    )?
    else {
        return Ok(None);
    };
    let at = if def.unit { Some(i) } else { i.checked_sub(1) };
    if let Some(u) = at.and_then(|i| game.units.get(i)) {
        words.extend(["--unit".to_string(), u.name.clone()]);
    }
    Ok(Some(words))
}

/// Put markers on a figure or take them off, from the ruleset's markers and states.
fn markers(theme: &dyn Theme, catalog: &Catalog, game: &Game, globals: &[String]) -> Result<()> {
    let ruleset = catalog.ruleset(Some(&game.ruleset))?;
    let Some(g) = ruleset.model.game.as_ref() else {
        return Ok(());
    };
    let Some(code) = situation::pick_figure(theme, game, "Figure", "(none)")? else {
        return Ok(());
    };
    let has = game
        .figure(&code)
        .map(|f| f.markers.clone())
        .unwrap_or_default();
    let mut changes: Vec<String> = Vec::new();
    let mut labels: Vec<String> = Vec::new();
    for m in &g.markers {
        if has.contains(&m.name) {
            changes.push(format!("-{}", m.name));
            labels.push(format!("take off {}", m.label));
        } else {
            changes.push(format!("+{}", m.name));
            labels.push(format!("put on {}", m.label));
        }
    }
    for s in &g.states {
        changes.push(format!("+{}", s.name));
        labels.push(format!("mark {}", s.label));
    }
    let picked = asked(
        MultiSelect::with_theme(theme)
            .with_prompt(format!("{code} (space picks, Enter goes on)"))
            .items(&labels)
            .interact(),
    )?;
    if picked.is_empty() {
        return Ok(());
    }
    let mut words = vec!["mark".to_string(), code];
    words.extend(picked.iter().filter_map(|i| changes.get(*i).cloned()));
    words.extend(globals.iter().cloned());
    run_line(&words);
    Ok(())
}
