//! A roll in the guided mode and the checks that follow it: the odds, the dice (rolled or the
//! faces thrown), then the checks owed. With figures of a game they are the game's own queue,
//! so the checks a result calls for on both sides are both offered, both land in the log, and
//! any the umpire leaves are still owed next time; a roll without a game offers the checks it
//! printed.

use std::ffi::OsString;
use std::io::Write;

use dialoguer::Select;
use dialoguer::theme::Theme;

use super::{asked, current_game};
use crate::cli::{Cli, Report};
use crate::error::Result;

/// Show the odds, then roll or take the faces thrown, then offer the checks that must follow.
pub(super) fn resolve(
    theme: &dyn Theme,
    cli: &Cli,
    words: Vec<String>,
    globals: &[String],
    odds_only: bool,
) -> Result<()> {
    let mut odds = words.clone();
    if let Some(first) = odds.first_mut() {
        *first = "odds".into();
    }
    capture_line(&odds);
    if odds_only {
        return Ok(());
    }
    rolls(theme, cli, Some(words), globals)
}

/// Make the checks a game owes, from the main menu.
pub(super) fn owed(theme: &dyn Theme, cli: &Cli, globals: &[String]) -> Result<()> {
    let first = pick_owed(theme, cli, globals)?;
    rolls(theme, cli, first, globals)
}

/// Roll `next`, then each check picked among those owed, until there is none or the umpire is
/// done. A roll without a game keeps the checks it printed here, each offered until it is made
/// or the umpire says done: a result that makes both sides test keeps the second while the
/// first is made.
fn rolls(
    theme: &dyn Theme,
    cli: &Cli,
    mut next: Option<Vec<String>>,
    globals: &[String],
) -> Result<()> {
    let mut printed: Vec<Vec<String>> = Vec::new();
    while let Some(mut line) = next.take() {
        let how = asked(
            Select::with_theme(theme)
                .with_prompt("The dice")
                .items(["Roll them", "Type the faces thrown", "Cancel"])
                .default(0)
                .interact(),
        )?;
        match how {
            0 => {}
            1 => line.push("--physical".into()),
            _ => return Ok(()),
        }
        let report = capture_line(&line);
        if report.in_game {
            next = pick_owed(theme, cli, globals)?;
            continue;
        }
        // Each run against the same tables and game as the roll.
        let new = report.must_follow.into_iter().map(|mut w| {
            w.extend(globals.iter().cloned());
            w
        });
        printed.splice(0..0, new);
        if printed.is_empty() {
            continue;
        }
        let mut items: Vec<String> = printed.iter().map(|w| w.join(" ")).collect();
        items.push("Done".into());
        let k = asked(
            Select::with_theme(theme)
                .with_prompt(format!("Must follow ({} owed)", printed.len()))
                .items(&items)
                .default(0)
                .interact(),
        )?;
        if k < printed.len() {
            next = Some(printed.remove(k));
        }
    }
    Ok(())
}

/// The checks the current game owes, as `status` numbers them, to pick one or be done: the
/// words of the `roll --next N` that makes the one picked.
fn pick_owed(theme: &dyn Theme, cli: &Cli, globals: &[String]) -> Result<Option<Vec<String>>> {
    let Some(game) = current_game(cli).filter(|g| !g.pending.is_empty()) else {
        return Ok(None);
    };
    let mut items: Vec<String> = crate::game::pending::listing(&game)
        .into_iter()
        .map(|l| l.trim_start().to_string())
        .collect();
    items.push("Done".into());
    let k = asked(
        Select::with_theme(theme)
            .with_prompt(format!("Checks owed ({})", game.pending.len()))
            .items(&items)
            .default(0)
            .interact(),
    )?;
    if k >= game.pending.len() {
        return Ok(None);
    }
    let mut words = vec!["roll".to_string(), "--next".into(), (k + 1).to_string()];
    words.extend(globals.iter().cloned());
    Ok(Some(words))
}

/// Run one command line and print it, its output and any error; return what it reported (the
/// checks a roll owes are offered next).
pub(super) fn capture_line(words: &[String]) -> Report {
    let args: Vec<OsString> = std::iter::once("umpire".into())
        .chain(words.iter().map(OsString::from))
        .collect();
    let mut out = Vec::new();
    let mut report = Report::default();
    let done = crate::cli::execute(args, &mut out, &mut report);
    let text = String::from_utf8_lossy(&out).into_owned();
    let colour = crate::present::view::colour_wanted();
    let mut stdout = std::io::stdout().lock();
    let typed = crate::text::escaped(&words.join(" ")).into_owned();
    let _ = writeln!(stdout, "\n$ umpire {typed}");
    let _ = stdout.write_all(&crate::text::terminal(text.as_bytes(), colour));
    if let Err(e) = done {
        let _ = writeln!(stdout, "error: {}", crate::text::error_line(&e.to_string()));
    }
    let _ = stdout.flush();
    report
}
