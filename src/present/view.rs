//! How a game looks on the terminal and on paper: the roster table with markers in their
//! colours, units and figures, the log and the after-action report. What the game's files hold
//! (names, notes, the log's lines) may have been written by hand: it is shown escaped and cut
//! here, before a table lays it out, so that a row costs what it shows.

use std::fmt::Write as _;
use std::io::IsTerminal;

use comfy_table::{Cell, ContentArrangement, LineStyle, Table, TableStyle};

use crate::error::Result;
use crate::game::conditions::Loss;
use crate::game::lookup::{self, game_def, marker_label, state_label};
use crate::game::state::{Event, Figure, Game, Unit};
use crate::model::Ruleset;
use crate::model::{GameDef, Pieces};
use crate::text::{NAME_SHOWN, NOTE_MAX, NOTE_SHOWN, shown};

/// A name from the game's files, as shown.
fn name(text: &str) -> String {
    shown(text, NAME_SHOWN).into_owned()
}

/// A note in a row of a table, as shown.
fn note(text: &str) -> String {
    shown(text, NOTE_SHOWN).into_owned()
}

/// Colour only on a terminal (or as the config says), and never when `NO_COLOR` is set
/// (no-color.org).
pub fn colour_wanted() -> bool {
    use crate::config::Colour;
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    match crate::config::colour() {
        _ if no_color => false,
        Colour::Always => true,
        Colour::Never => false,
        Colour::Auto => std::io::stdout().is_terminal(),
    }
}

/// A marker as `● label`, the dot in the marker's colour when colour is wanted.
fn marker_text(g: &GameDef, marker: &str, colour: bool) -> String {
    let label = name(marker_label(g, marker));
    let code = lookup::marker(g, marker).and_then(|m| super::colours::ansi(&m.colour));
    match code {
        Some(c) if colour => format!("\x1b[38;5;{c}m●\x1b[0m {label}"),
        _ => {
            let c = lookup::marker(g, marker).map_or("", |m| m.colour.as_str());
            format!("{label} ({})", name(c))
        }
    }
}

pub fn fields(u: &Unit) -> String {
    u.fields
        .iter()
        .map(|(k, v)| format!("{} {}", name(k), name(v)))
        .chain(u.points.map(|p| format!("{} points", p.plain())))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A figure's counts and the figures it is linked to: `COUNTER 2, LINK B1 B3`.
fn counters(f: &Figure) -> String {
    let links = f
        .links
        .iter()
        .filter(|(_, to)| !to.is_empty())
        .map(|(k, to)| format!("{} {}", name(k), to.join(" ")));
    let all = f
        .counters
        .iter()
        .filter(|(_, n)| **n != 0)
        .map(|(k, n)| format!("{} {n}", name(k)))
        .chain(links);
    shown(
        &all.take(MARKS_SHOWN).collect::<Vec<_>>().join(", "),
        NOTE_SHOWN,
    )
    .into_owned()
}

/// How many of a figure's markers are shown (a ruleset has a handful).
const MARKS_SHOWN: usize = 12;

/// A figure's markers as shown: the first dozen, then how many more there are.
fn marks(g: &GameDef, f: &Figure, colour: bool) -> Vec<String> {
    let mut marks: Vec<String> = f
        .markers
        .iter()
        .take(MARKS_SHOWN)
        .map(|m| marker_text(g, m, colour))
        .collect();
    if f.markers.len() > MARKS_SHOWN {
        marks.push(format!("+{} more", f.markers.len() - MARKS_SHOWN));
    }
    marks
}

/// A table's text without the padding comfy-table leaves at line ends.
pub(crate) fn trimmed(t: &Table) -> String {
    t.to_string()
        .lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
}

pub(crate) fn table() -> Table {
    let mut t = Table::new();
    // A rule under the header only: rows read like a sheet, not a grid.
    t.load_style(TableStyle::new().header_separator(LineStyle::none().fill('─').junction('─')))
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(100);
    t
}

/// The roster: figures in play, then those out of the game, set apart.
pub fn roster(game: &Game, ruleset: &Ruleset, colour: bool) -> Result<String> {
    let g = game_def(ruleset)?;
    // The unit fields every unit must have (a troop type, a grade) are what tells figures apart.
    let fields_shown: &[String] = &g.required;
    // Where a unit is one piece, its piece is the unit: no column of figures' labels.
    let units_only = g.pieces == Pieces::Units;
    if game.figures.is_empty() {
        let fields: String = fields_shown.iter().map(|f| format!(" {f}=VALUE")).collect();
        return Ok(if units_only {
            format!("No units yet: `umpire unit add NAME{fields} --side SIDE`.")
        } else {
            format!("No figures yet: `umpire unit add NAME{fields} --side SIDE --figures N`.")
        });
    }
    let mut text = String::new();
    let first: &[&str] = if units_only {
        &["unit", "side"]
    } else {
        &["fig", "unit", "side"]
    };
    let header = |last: &str| {
        let mut h: Vec<Cell> = first.iter().map(|c| Cell::new(*c)).collect();
        h.extend(fields_shown.iter().map(Cell::new));
        h.extend([last, "note"].map(Cell::new));
        h
    };
    let mut in_play = table();
    in_play.set_header(header("markers"));
    let mut out = table();
    out.set_header(header("state"));
    let (mut n_in, mut n_out) = (0, 0);
    for u in &game.units {
        for f in game.figures_of(&u.name) {
            let values = fields_shown
                .iter()
                .map(|f| u.fields.get(f).map(|v| name(v)).unwrap_or_default());
            let mut note = note(&f.note);
            let c = counters(f);
            if !c.is_empty() {
                note = if note.is_empty() {
                    c
                } else {
                    format!("{c}; {note}")
                };
            }
            let mut row = vec![name(&f.code), name(&u.name), name(&u.side)];
            if units_only {
                row.remove(0);
            }
            row.extend(values);
            if let Some(s) = &f.state {
                row.extend([name(state_label(g, s)), note]);
                out.add_row(row);
                n_out += 1;
            } else {
                row.extend([marks(g, f, colour).join("  "), note]);
                in_play.add_row(row);
                n_in += 1;
            }
        }
    }
    // Figures whose unit was renamed by hand still show.
    for f in game.figures.iter().filter(|f| game.unit(&f.unit).is_none()) {
        let mut row = vec![name(&f.code), name(&f.unit), "?".into()];
        if units_only {
            row.remove(0);
        }
        row.extend(fields_shown.iter().map(|_| String::new()));
        row.extend(["unit missing".into(), String::new()]);
        in_play.add_row(row);
        n_in += 1;
    }
    let _ = writeln!(text, "In play ({n_in}):");
    let _ = writeln!(text, "{}", trimmed(&in_play));
    if n_out > 0 {
        let _ = writeln!(text, "\nOut of the game ({n_out}):");
        let _ = writeln!(text, "{}", trimmed(&out));
    }
    Ok(text)
}

pub fn game(game: &Game, ruleset: &Ruleset) -> Result<String> {
    let g = game_def(ruleset)?;
    let mut t = String::new();
    let _ = writeln!(t, "Game {} ({})", name(&game.name), ruleset.model.title);
    let turn = if game.turn.number == 0 {
        "not started (`umpire turn` starts the first)".to_string()
    } else {
        game.turn.number.to_string()
    };
    let _ = writeln!(t, "turn: {turn}");
    for s in &g.sides {
        let units: Vec<&Unit> = game.units.iter().filter(|u| u.side == s.name).collect();
        let label = s.label.as_deref().unwrap_or(&s.name);
        // The side's tokens in the draw, where the turn rule draws them.
        let token = match (&s.token, ruleset.model.turn.as_ref().and_then(|t| t.draw())) {
            (Some(token), Some(d)) => format!(" ({token} {})", d.draw.plural()),
            _ => String::new(),
        };
        let _ = writeln!(t, "{label}{token}: {} units", units.len());
        for u in units {
            let figs = game.figures_of(&u.name);
            let in_play = figs.iter().filter(|f| f.state.is_none()).count();
            let _ = writeln!(
                t,
                "  {} [{}]: {} ({} of {} figures in play)",
                name(&u.name),
                name(&u.code),
                fields(u),
                in_play,
                figs.len()
            );
        }
    }
    let _ = writeln!(t, "events logged: {}", game.seq);
    Ok(t)
}

pub fn units(game: &Game, ruleset: &Ruleset) -> Result<String> {
    game_def(ruleset)?;
    if game.units.is_empty() {
        return Ok("No units yet.".into());
    }
    let mut t = table();
    t.set_header(["unit", "code", "side", "fields", "figures", "note"].map(Cell::new));
    for u in &game.units {
        let figs = game.figures_of(&u.name);
        let in_play = figs.iter().filter(|f| f.state.is_none()).count();
        t.add_row(vec![
            name(&u.name),
            name(&u.code),
            name(&u.side),
            fields(u),
            format!("{in_play}/{}", figs.len()),
            note(&u.note),
        ]);
    }
    Ok(trimmed(&t))
}

pub fn unit(game: &Game, ruleset: &Ruleset, u: &Unit) -> Result<String> {
    let g = game_def(ruleset)?;
    let mut t = String::new();
    let _ = writeln!(
        t,
        "Unit {} [{}], {}: {}",
        name(&u.name),
        name(&u.code),
        name(&u.side),
        fields(u)
    );
    if !u.note.is_empty() {
        let _ = writeln!(t, "note: {}", shown(&u.note, NOTE_MAX));
    }
    for f in game.figures_of(&u.name) {
        let _ = writeln!(t, "  {}", figure_line(g, f));
    }
    Ok(t)
}

fn figure_line(g: &GameDef, f: &Figure) -> String {
    let mut parts = Vec::new();
    if let Some(s) = &f.state {
        parts.push(name(state_label(g, s)));
    }
    parts.extend(marks(g, f, false));
    let c = counters(f);
    if !c.is_empty() {
        parts.push(c);
    }
    if !f.note.is_empty() {
        parts.push(format!("note: {}", shown(&f.note, NOTE_MAX)));
    }
    if parts.is_empty() {
        parts.push("no markers".into());
    }
    format!("{}: {}", name(&f.code), parts.join(", "))
}

pub fn figure(game: &Game, ruleset: &Ruleset, f: &Figure) -> Result<String> {
    let g = game_def(ruleset)?;
    let unit = game.unit(&f.unit);
    let mut t = figure_line(g, f);
    t.push('\n');
    if let Some(u) = unit {
        let _ = writeln!(
            t,
            "unit {} ({}): {}",
            name(&u.name),
            name(&u.side),
            fields(u)
        );
    }
    Ok(t)
}

/// One event of the log as a line (a command as typed may hold a whole note).
pub fn event_line(e: &Event) -> String {
    let mut line = format!(
        "#{} turn {}: {}  [{}]",
        e.id,
        e.turn,
        shown(&e.summary, NOTE_MAX),
        shown(&e.command, NOTE_MAX)
    );
    for r in &e.rulings {
        let _ = write!(line, "\n    {}", ruling(r));
    }
    line
}

/// The umpire's ruling against a rule of play: `ruled anyway: "WHY" (RULE refused WHO: ...)`.
pub fn ruling(r: &crate::game::state::Ruling) -> String {
    format!(
        "ruled anyway: \"{}\" ({} refused {}: {})",
        shown(&r.reason, NOTE_MAX),
        r.rule,
        r.who,
        r.why
    )
}

/// The after-action report: the game's events turn by turn, in Markdown.
pub fn report(game: &Game, ruleset: &Ruleset, events: &[Event]) -> String {
    let mut t = String::new();
    let undone: std::collections::BTreeSet<u64> = events.iter().filter_map(|e| e.undoes).collect();
    let kept = events
        .iter()
        .filter(|e| e.undoes.is_none() && !undone.contains(&e.id))
        .count();
    let _ = writeln!(t, "# After-action report: {}\n", name(&game.name));
    let _ = writeln!(
        t,
        "*{}*, {kept} event{}.",
        ruleset.model.title,
        if kept == 1 { "" } else { "s" }
    );
    let mut turn = None;
    for e in events {
        if e.undoes.is_some() || undone.contains(&e.id) {
            continue;
        }
        if turn != Some(e.turn) {
            turn = Some(e.turn);
            if e.turn == 0 {
                let _ = writeln!(t, "\n## Before the first turn\n");
            } else {
                let _ = writeln!(t, "\n## Turn {}\n", e.turn);
            }
        }
        let _ = writeln!(t, "- {}", shown(&e.summary, NOTE_MAX));
        for r in &e.rulings {
            let _ = writeln!(t, "  - *{}*", ruling(r));
        }
    }
    let _ = writeln!(t, "\n## Where it stands\n");
    if let Ok(g) = game_def(ruleset) {
        for s in &g.sides {
            let figs: Vec<&Figure> = game
                .figures
                .iter()
                .filter(|f| game.unit(&f.unit).is_some_and(|u| u.side == s.name))
                .collect();
            let in_play = figs.iter().filter(|f| f.state.is_none()).count();
            let label = s.label.as_deref().unwrap_or(&s.name);
            let _ = writeln!(t, "- {label}: {in_play} of {} figures in play", figs.len());
        }
    }
    t
}

/// `umpire status`'s lines for what holds for each side (`SIDE: LABEL: 4 of 8 units lost
/// (50% or more)`), none when the table gives no side conditions.
pub fn standings(game: &Game, ruleset: &Ruleset) -> Result<Vec<String>> {
    let g = game_def(ruleset)?;
    let side_label = |side: &str| {
        g.sides
            .iter()
            .find(|s| s.name == side)
            .and_then(|s| s.label.as_deref())
            .unwrap_or(side)
            .to_string()
    };
    Ok(crate::game::conditions::standings(game, ruleset, g)
        .iter()
        .map(|s| {
            let why: Vec<String> = s
                .losses
                .iter()
                .map(|l| match l {
                    Loss::Share {
                        lost,
                        of,
                        percent,
                        marked,
                    } => {
                        let how = if *marked { "lost or marked" } else { "lost" };
                        format!("{lost} of {of} units {how} ({percent}% or more)")
                    }
                    Loss::Unit { label, unit } => format!("{label} lost ({})", name(unit)),
                    Loss::Points { lost, at, most } => {
                        let more = most
                            .map(|m| format!(", more than the enemy's {}", m.plain()))
                            .unwrap_or_default();
                        format!(
                            "{} points lost ({} or more{more})",
                            lost.plain(),
                            at.plain()
                        )
                    }
                })
                .collect();
            if s.holds() {
                format!(
                    "{}: {}: {}",
                    side_label(s.side),
                    s.condition.label,
                    why.join("; ")
                )
            } else {
                // A condition that counts points says how many are lost so far.
                let counts = s
                    .condition
                    .any
                    .iter()
                    .any(|l| matches!(l, crate::model::LossDef::Points { .. }));
                let so_far = if counts {
                    let lost = crate::game::conditions::points_lost(game, g, s.side);
                    format!(" ({} points lost)", lost.plain())
                } else {
                    String::new()
                };
                format!(
                    "{}: {}: not yet{so_far}",
                    side_label(s.side),
                    s.condition.label
                )
            }
        })
        .collect())
}
