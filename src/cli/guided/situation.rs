//! The words of a roll chosen in the guided mode: the procedure, its figures from the roster
//! (the acting one and the one acted upon, or the two sides of a fight) and the situation's
//! factors.

use dialoguer::theme::Theme;
use dialoguer::{FuzzySelect, Input, MultiSelect};

use super::asked;
use crate::error::Result;
use crate::game::roles;
use crate::game::state::Game;
use crate::model::{FactorKind, GameDef, Part, ProcedureDef, Ruleset};

/// Figures in play of the units `keep` lets through, as (label, what the menu shows).
fn in_play(game: &Game, keep: impl Fn(&crate::game::state::Unit) -> bool) -> Vec<(String, String)> {
    game.units
        .iter()
        .filter(|u| keep(u))
        .flat_map(|u| {
            game.figures_of(&u.name)
                .into_iter()
                .filter(|f| f.state.is_none())
                .map(move |f| {
                    // The unit's fields, whatever the ruleset names them (a troop type, a
                    // weapon), tell the figures apart in the menu.
                    let mut about = vec![u.name.as_str(), u.side.as_str()];
                    about.extend(u.fields.values().map(String::as_str));
                    let about: Vec<_> = about
                        .into_iter()
                        .map(|a| crate::text::shown(a, crate::text::NAME_SHOWN))
                        .collect();
                    (f.code.clone(), format!("{} ({})", f.code, about.join(", ")))
                })
        })
        .collect()
}

/// A figure from the roster (in play), or none.
pub(super) fn pick_figure(
    theme: &dyn Theme,
    game: &Game,
    prompt: &str,
    none: &str,
) -> Result<Option<String>> {
    let figs = in_play(game, |_| true);
    let mut items = vec![none.to_string()];
    items.extend(figs.iter().map(|(_, l)| l.clone()));
    let i = asked(
        FuzzySelect::with_theme(theme)
            .with_prompt(prompt)
            .items(&items)
            .default(0)
            .interact(),
    )?;
    Ok(i.checked_sub(1)
        .and_then(|k| figs.get(k))
        .map(|(c, _)| c.clone()))
}

/// Several figures from the roster (in play) to fight `against`: the other side's.
fn pick_figures(
    theme: &dyn Theme,
    game: &Game,
    prompt: &str,
    against: &str,
) -> Result<Vec<String>> {
    let their_side = game
        .figure(against)
        .and_then(|f| game.unit(&f.unit))
        .map(|u| u.side.clone());
    let figs = in_play(game, |u| their_side.as_ref() != Some(&u.side));
    let labels: Vec<&String> = figs.iter().map(|(_, l)| l).collect();
    let picked = asked(
        MultiSelect::with_theme(theme)
            .with_prompt(prompt)
            .items(&labels)
            .interact(),
    )?;
    Ok(picked
        .into_iter()
        .filter_map(|i| figs.get(i).map(|(c, _)| c.clone()))
        .collect())
}

/// Choose the procedure, the figures and the situation: the words of the command that rolls it.
pub(super) fn situation(
    theme: &dyn Theme,
    ruleset: &Ruleset,
    game: Option<&Game>,
    odds_only: bool,
) -> Result<Option<Vec<String>>> {
    let procs = &ruleset.model.procedures;
    let labels: Vec<String> = procs
        .iter()
        .map(|p| format!("{} — {}", p.name, p.title))
        .collect();
    let Some(i) = asked(
        FuzzySelect::with_theme(theme)
            .with_prompt("Procedure")
            .items(&labels)
            .interact_opt(),
    )?
    else {
        return Ok(None);
    };
    let Some(p) = procs.get(i) else {
        return Ok(None);
    };
    let mut words = vec![
        if odds_only { "odds" } else { "roll" }.to_string(),
        p.name.clone(),
    ];
    let mut from_roster: Vec<String> = Vec::new();
    if let (Some(game), Some(g)) = (game, ruleset.model.game.as_ref()) {
        let (named, read) = match p.sides.as_slice() {
            [first, second] => sides_figures(theme, game, g, p, (&first.name, &second.name))?,
            _ => acting_figures(theme, ruleset, game, g, p)?,
        };
        words.extend(named);
        from_roster.extend(read);
    }
    words.extend(factor_words(theme, ruleset, p, &from_roster)?);
    Ok(Some(words))
}

/// The figures of a procedure without two sides, from the roster: the figure acting, and the
/// one acted upon where the procedure reads it. The words that name them, and the factors the
/// roster gives for them.
fn acting_figures(
    theme: &dyn Theme,
    ruleset: &Ruleset,
    game: &Game,
    g: &GameDef,
    p: &ProcedureDef,
) -> Result<(Vec<String>, Vec<String>)> {
    let reads = ruleset.chain_factors(p);
    let option = |part: &Part| roles::option_for(g, p, part).map(|o| format!("--{o}"));
    let (mut words, mut from_roster) = (Vec::new(), Vec::new());
    if let Some(opt) = option(&Part::Acting)
        && let Some(c) = pick_figure(
            theme,
            game,
            "Acting figure",
            "(none: give its factors below)",
        )?
    {
        words.extend([opt, c]);
        from_roster.extend(g.unit.values().cloned());
    }
    if let Some(opt) = option(&Part::ActedUpon)
        && (g.acted_upon.values().any(|f| reads.contains(f))
            || crate::game::links::concern(g, p, &reads))
        && let Some(c) = pick_figure(
            theme,
            game,
            &format!(
                "{} figure",
                capitalized(&roles::part_word(g, &Part::ActedUpon))
            ),
            "(none)",
        )?
    {
        words.extend([opt, c]);
        from_roster.extend(g.acted_upon.values().cloned());
    }
    Ok((words, from_roster))
}

/// The figures of the two sides of an opposed procedure, from the roster: the lone side's
/// first, then those against it. The words that name them, and the factors the roster gives
/// for them.
fn sides_figures(
    theme: &dyn Theme,
    game: &Game,
    g: &GameDef,
    p: &ProcedureDef,
    (first, second): (&str, &str),
) -> Result<(Vec<String>, Vec<String>)> {
    let option = |part: &Part| roles::option_for(g, p, part).map(|o| format!("--{o}"));
    let (mut words, mut from_roster) = (Vec::new(), Vec::new());
    // The lone side first: several may fight one where the procedure allows it.
    let lone = p.many_on_one.as_ref().map_or(second, |m| m.lone.as_str());
    let crowd = if lone == first { second } else { first };
    let (Some(lone_opt), Some(crowd_opt)) = (
        option(&Part::Side(lone.to_string())),
        option(&Part::Side(crowd.to_string())),
    ) else {
        return Ok((words, from_roster));
    };
    if let Some(d) = pick_figure(
        theme,
        game,
        &format!("{} figure", capitalized(lone)),
        "(none: give the sides' factors below)",
    )? {
        let most = p.many_on_one.as_ref().map_or(1, |m| m.up_to as usize);
        let crowd_figs = if most > 1 {
            pick_figures(
                theme,
                game,
                &format!("{} figures (up to {most}; space picks)", capitalized(crowd)),
                &d,
            )?
        } else {
            pick_figure(
                theme,
                game,
                &format!("{} figure", capitalized(crowd)),
                "(none)",
            )?
            .into_iter()
            .collect()
        };
        if !crowd_figs.is_empty() {
            words.extend([crowd_opt, crowd_figs.join(","), lone_opt, d]);
            from_roster.extend(g.unit.values().cloned());
        }
    }
    Ok((words, from_roster))
}

/// `Target`, from `target`: a prompt's first word.
fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// The factors of the situation: one multiple choice of what applies, then a value for each
/// choice or number picked. One prompt when nothing special is going on.
fn factor_words(
    theme: &dyn Theme,
    ruleset: &Ruleset,
    p: &ProcedureDef,
    from_roster: &[String],
) -> Result<Vec<String>> {
    let sides: Vec<Option<String>> = if p.sides.is_empty() {
        vec![None]
    } else {
        p.sides.iter().map(|s| Some(s.name.clone())).collect()
    };
    let mut words = Vec::new();
    for side in sides {
        let factors: Vec<_> = ruleset
            .chain_factors(p)
            .into_iter()
            .filter(|f| !from_roster.contains(f))
            .filter_map(|f| ruleset.factor(&f))
            .collect();
        let items: Vec<String> = factors
            .iter()
            .map(|f| format!("{} — {}", f.name, f.help))
            .collect();
        let prompt = match &side {
            Some(s) => format!("The {s}'s situation (space picks, Enter goes on)"),
            None => "The situation (space picks, Enter goes on)".to_string(),
        };
        let picked = asked(
            MultiSelect::with_theme(theme)
                .with_prompt(prompt)
                .items(&items)
                .interact(),
        )?;
        let prefix = side.as_ref().map(|s| format!("{s}.")).unwrap_or_default();
        for i in picked {
            let Some(f) = factors.get(i) else { continue };
            match f.kind {
                FactorKind::Flag => words.push(format!("{prefix}{}", f.name)),
                FactorKind::Number => {
                    let n: String = asked(
                        Input::<String>::with_theme(theme)
                            .with_prompt(format!("{prefix}{}", f.name))
                            .interact_text(),
                    )?;
                    words.push(format!("{prefix}{}={}", f.name, n.trim()));
                }
                FactorKind::Choice => {
                    let values = &f.values;
                    let mut items: Vec<String> =
                        values.iter().map(|v| v.label().to_string()).collect();
                    if f.distance.is_some() {
                        items.push(format!("type the distance measured ({})", ruleset.unit()));
                    }
                    let k = asked(
                        FuzzySelect::with_theme(theme)
                            .with_prompt(format!("{prefix}{}", f.name))
                            .items(&items)
                            .default(0)
                            .interact(),
                    )?;
                    let value = match values.get(k) {
                        Some(v) => v.name().to_string(),
                        None => asked(
                            Input::<String>::with_theme(theme)
                                .with_prompt(format!("{prefix}{} ({})", f.name, ruleset.unit()))
                                .interact_text(),
                        )?
                        .trim()
                        .to_string(),
                    };
                    words.push(format!("{prefix}{}={value}", f.name));
                }
            }
        }
    }
    Ok(words)
}
