//! What a roll reads from the game beyond its figures' own fields and markers: the turn, where
//! the table reads it as a factor, and "no" for a marker a rule needs that the figure acting
//! does not carry.

use std::collections::BTreeSet;

use crate::error::Result;
use crate::game::lookup;
use crate::game::roles::Figures;
use crate::game::state::Game;
use crate::model::{GameDef, MarkerDef, ProcedureDef, RequireDef, Test, Value};

/// The roll the words are for: its procedure, the rules of eligibility it calls on, the
/// factors its parts read, and the factors already named (typed or read).
#[derive(Debug)]
pub struct Read<'a> {
    pub p: &'a ProcedureDef,
    pub rules: &'a [&'a RequireDef],
    pub parts: &'a BTreeSet<String>,
    pub named: &'a BTreeSet<String>,
}

/// Add the game's words for the roll, each with its line.
pub fn words(
    game: &Game,
    g: &GameDef,
    figures: &Figures,
    read: &Read<'_>,
    (words, lines): (&mut Vec<String>, &mut Vec<String>),
) -> Result<()> {
    let Read {
        p,
        rules,
        parts,
        named,
    } = read;
    // The rules bound to this procedure, or to none.
    let own: Vec<&RequireDef> = rules
        .iter()
        .copied()
        .filter(|r| r.procedures.is_empty() || r.procedures.contains(&p.name))
        .collect();
    // A rule that needs a marker on the figure acting (a unit of the reserve force): without
    // the marker, the roster knows the figure is not so.
    if let Some(fig) = figures
        .acting
        .as_deref()
        .map(|c| lookup::figure(game, c))
        .transpose()?
    {
        for c in own.iter().flat_map(|r| &r.needs) {
            let marked = |m: &&MarkerDef| {
                m.acting
                    .iter()
                    .any(|(f, v)| f == &c.factor && *v == Value::Flag(true))
            };
            let set = words
                .iter()
                .any(|w| w.split('=').next() == Some(c.factor.as_str()));
            if c.test != Test::Flag(true) || set || named.contains(&c.factor) {
                continue;
            }
            // Known not so only when it carries none of the markers that would make it so.
            let setting: Vec<&MarkerDef> = g.markers.iter().filter(marked).collect();
            let carries = setting.iter().any(|m| fig.markers.contains(&m.name));
            if let (Some(m), false) = (setting.first(), carries) {
                lines.push(format!(
                    "{} is not marked {}: {}=no",
                    fig.code, m.label, c.factor
                ));
                words.push(format!("{}=no", c.factor));
            }
        }
    }
    // The turn, where the table reads it as a factor (a reserve that may not come on in the
    // first round), unless the umpire typed it.
    let needed = |f: &String| own.iter().flat_map(|r| &r.needs).any(|c| &c.factor == f);
    if let Some(f) = g
        .turn_factor
        .as_ref()
        .filter(|f| (parts.contains(*f) || needed(f)) && !named.contains(*f))
    {
        let word = format!("{f}={}", game.turn.number);
        lines.push(format!("from the game: {word} (the turn)"));
        // An opposed roll reads it on both sides.
        if p.sides.is_empty() {
            words.push(word);
        } else {
            words.extend(p.sides.iter().map(|s| format!("{}.{word}", s.name)));
        }
    }
    // Whether it is the figure's own player turn, where the table reads it as a factor: for
    // a rule only once the roll says what the rule governs (a unit that has shot already).
    let called = |f: &String| {
        own.iter()
            .filter(|r| r.when.iter().all(|c| named.contains(&c.factor)))
            .flat_map(|r| &r.needs)
            .any(|c| &c.factor == f)
    };
    if let Some(f) = g
        .own_turn_factor
        .as_ref()
        .filter(|f| (parts.contains(*f) || called(f)) && !named.contains(*f))
    {
        let playing = lookup::playing(game);
        let side_of = |code: &str| {
            let fig = game.figure(code)?;
            Some(game.unit(&fig.unit)?.side.as_str())
        };
        let mut said = |prefix: String, code: &str| {
            let yes = playing.is_some() && side_of(code) == playing;
            let yes = if yes { "yes" } else { "no" };
            let whose =
                playing.map_or_else(|| "no player turn".to_string(), |s| format!("{s} playing"));
            lines.push(format!("from the game: {prefix}{f}={yes} ({whose})"));
            words.push(format!("{prefix}{f}={yes}"));
        };
        if p.sides.is_empty() {
            if let Some(code) = figures.acting.as_deref() {
                said(String::new(), code);
            }
        } else {
            for (side, code) in &figures.sides {
                said(format!("{side}."), code);
            }
        }
    }
    Ok(())
}
