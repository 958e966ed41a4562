//! Figure-aware rolls: the figures a roll names found in the game and checked, and what the
//! roster says about them (their unit's fields and their markers, mapped to factors by the
//! ruleset's `game:` section) turned into factor words. The results are landed by `spread`.

use std::collections::BTreeSet;

use crate::error::{Error, Result};
use crate::game::conditions;
use crate::game::counters;
use crate::game::implied;
use crate::game::lookup::{self, game_def, marker_label, state_label};
use crate::game::reads::Reads;
use crate::game::roles::{self, Cast, Figures};
use crate::game::state::{Figure, Game};
use crate::model::Ruleset;
use crate::model::{GameDef, Part, ProcedureDef, Settings, Value};
use crate::suggest::{folded, same};

/// Find the cast's figures and check that each may take part: in the game, named with the
/// options of the procedure's parts, and not carrying a marker that blocks the procedure (a
/// misfired gun cannot shoot).
pub fn find(game: &Game, ruleset: &Ruleset, p: &ProcedureDef, cast: &Cast) -> Result<Figures> {
    let g = game_def(ruleset)?;
    let parts = roles::parts(p);
    let how = || roles::how_to_name(g, p).unwrap_or_else(|| "no option".into());
    if cast.named.iter().any(|n| !parts.contains(&n.part)) {
        let kind = if p.sides.is_empty() {
            "is not an opposed roll"
        } else {
            "is an opposed roll"
        };
        return Err(Error::usage(format!(
            "{} {kind}: name its figures with {}",
            p.name,
            how()
        )));
    }
    // One option per part: two options of the acting part both given would name two figures.
    for part in &parts {
        let given: Vec<&str> = cast.of(part).map(|n| n.option.as_str()).collect();
        if let [first, second, ..] = given.as_slice() {
            return Err(Error::usage(format!(
                "--{first} and --{second} both name the {} figure: give one",
                roles::part_word(g, part)
            )));
        }
    }
    let named = |part: &Part| -> Vec<String> {
        cast.of(part)
            .flat_map(|n| n.figures.iter().cloned())
            .collect()
    };
    let mut found = Figures {
        acting: None,
        acted_upon: None,
        sides: Vec::new(),
        pairings: Vec::new(),
        owed_in: None,
    };
    let usable = |code: &str, acts: bool| usable(game, g, p, code, acts);
    if p.sides.is_empty() {
        let one = |part: &Part| -> Result<Option<String>> {
            match named(part).as_slice() {
                [] => Ok(None),
                [code] => usable(code, *part == Part::Acting).map(Some),
                [..] => Err(Error::usage(format!(
                    "{} takes one {} figure, not {}",
                    p.name,
                    roles::part_word(g, part),
                    named(part).join(", ")
                ))),
            }
        };
        found.acting = one(&Part::Acting)?;
        found.acted_upon = one(&Part::ActedUpon)?;
        if found.acting.is_some() && found.acting == found.acted_upon {
            return Err(Error::usage(format!(
                "a figure cannot be its own {}",
                roles::part_word(g, &Part::ActedUpon)
            )));
        }
        return Ok(found);
    }
    found.pairings = pairings(game, g, p, &named, &usable)?;
    found.sides = found.pairings.first().cloned().unwrap_or_default();
    Ok(found)
}

/// A figure named for a roll, if it may take part: in play, and (acting) carrying no marker
/// that blocks the procedure; its label.
fn usable(game: &Game, g: &GameDef, p: &ProcedureDef, code: &str, acts: bool) -> Result<String> {
    let f = lookup::figure(game, code)?;
    if let Some(s) = &f.state {
        return Err(Error::usage(format!(
            "{} is {}: it takes no part in a roll",
            f.code,
            state_label(g, s)
        ))
        .with_hint(format!(
            "`umpire mark {} -{s}` if that was a mistake",
            f.code
        )));
    }
    if acts
        && let Some(m) = f
            .markers
            .iter()
            .filter_map(|m| lookup::marker(g, m))
            .find(|m| m.blocks.iter().any(|b| b == &p.name))
    {
        return Err(Error::usage(format!(
            "{} carries {}: it cannot {} until that is cleared",
            f.code, m.label, p.name
        ))
        .with_hint({
            // The action that takes the marker off, where the ruleset lists one.
            let then = match g.actions.iter().find(|a| a.clears.contains(&m.name)) {
                Some(a) => format!("`umpire act {} {} --figs {}`", f.unit, a.name, f.code),
                None => format!("`umpire mark {} -{}`", f.code, m.name),
            };
            match &m.note {
                Some(n) => format!("{n}; then {then}"),
                None => format!("then {then}"),
            }
        }));
    }
    Ok(f.code.clone())
}

/// The pairings of an opposed roll, in the procedure's order of sides: one figure a side, or
/// several against a lone one where the procedure allows, each usable, none twice, none
/// against its own side.
fn pairings(
    game: &Game,
    g: &GameDef,
    p: &ProcedureDef,
    named: &dyn Fn(&Part) -> Vec<String>,
    usable: &dyn Fn(&str, bool) -> Result<String>,
) -> Result<Vec<Vec<(String, String)>>> {
    let [first, second] = p.sides.as_slice() else {
        return Err(Error::failure(format!("{} has not two sides", p.name)));
    };
    let option = |side: &str| {
        roles::option_for(g, p, &Part::Side(side.to_string()))
            .unwrap_or(side)
            .to_string()
    };
    // Several figures on one side only against a lone one, as the procedure allows.
    let many = p.many_on_one.as_ref();
    let lone = many.map_or(second.name.as_str(), |m| m.lone.as_str());
    let crowd = if lone == first.name { second } else { first };
    let most = many.map_or(1, |m| usize::try_from(m.up_to).unwrap_or(1));
    let crowd_figs = named(&Part::Side(crowd.name.clone()));
    let lone_figs = named(&Part::Side(lone.to_string()));
    if crowd_figs.len() > most {
        return Err(Error::usage(format!(
            "{} takes at most {} against one {lone}; {} were named",
            p.name,
            crate::words::quantity(i64::try_from(most).unwrap_or(1), &{
                // The option may be named in the singular (`--NAME`) or the plural.
                let o = option(&crowd.name);
                if o.ends_with('s') { o } else { format!("{o}s") }
            }),
            crowd_figs.len()
        )));
    }
    if lone_figs.len() > 1 {
        return Err(Error::usage(format!(
            "{} takes one figure in --{}, not {}",
            p.name,
            option(lone),
            lone_figs.join(", ")
        )));
    }
    let (Some(d), false) = (lone_figs.first(), crowd_figs.is_empty()) else {
        return Err(Error::usage(format!(
            "{} needs both --{} and --{}",
            p.name,
            option(&first.name),
            option(&second.name)
        )));
    };
    let d = usable(d, true)?;
    let side_of = |code: &str| {
        game.figure(code)
            .and_then(|f| game.unit(&f.unit))
            .map(|u| u.side.clone())
    };
    let mut pairings: Vec<Vec<(String, String)>> = Vec::new();
    for a in &crowd_figs {
        let a = usable(a, true)?;
        if a == d {
            return Err(Error::usage(format!("{a} cannot fight itself")));
        }
        if pairings
            .iter()
            .any(|pair| pair.iter().any(|(_, f)| *f == a))
        {
            return Err(Error::usage(format!(
                "{a} is named twice among the {}",
                option(&crowd.name)
            )));
        }
        if let (Some(sa), Some(sd)) = (side_of(&a), side_of(&d))
            && sa == sd
        {
            return Err(Error::usage(format!(
                "{a} and {d} are both on the {sa} side: they do not fight each other"
            )));
        }
        // In the procedure's order of sides, whichever is the lone one.
        let mut pair = vec![
            (crowd.name.clone(), a.clone()),
            (lone.to_string(), d.clone()),
        ];
        if lone == first.name {
            pair.reverse();
        }
        pairings.push(pair);
    }
    Ok(pairings)
}

/// With several figures against a lone one, the word that counts the lone figure's extra
/// opponents (`defender.outnumbered=2`), unless the umpire typed that factor.
pub fn outnumbered(p: &ProcedureDef, pairings: usize, typed: &[String]) -> Option<String> {
    let m = p.many_on_one.as_ref().filter(|_| pairings > 1)?;
    let count = m.count.as_ref()?;
    let said = typed.iter().any(|w| {
        w.split('=')
            .next()
            .is_some_and(|k| folded(k).ends_with(folded(count).as_ref()))
    });
    (!said).then(|| format!("{}.{count}={}", m.lone, pairings - 1))
}

/// The words a fight of several against one says of the lone side in a pairing after the
/// first (`SIDE.FACTOR=VALUE`).
pub fn beyond_first(p: &ProcedureDef, i: usize) -> Vec<String> {
    let Some(m) = p.many_on_one.as_ref().filter(|_| i > 0) else {
        return Vec::new();
    };
    m.beyond_first
        .iter()
        .map(|(k, v)| format!("{}.{k}={v}", m.lone))
        .collect()
}

/// The factor a user's word names, as (side prefix, canonical factor name).
pub fn mentioned(ruleset: &Ruleset, p: &ProcedureDef, word: &str) -> (Option<String>, String) {
    let (side, rest) = match word.split_once('.') {
        Some((s, r)) => {
            let side = p
                .sides
                .iter()
                .find(|d| same(&d.name, s) || d.aliases.iter().any(|a| same(a, s)))
                .map(|d| d.name.clone());
            match side {
                Some(side) => (Some(side), r),
                None => (None, word),
            }
        }
        None => (None, word),
    };
    let name = rest.split('=').next().unwrap_or(rest);
    let name = ruleset.factor(name).map_or(name, |f| f.name.as_str());
    (side, name.to_string())
}

/// The word a marker's setting adds to a roll (`FLAG`, `FACTOR=VALUE`); none for a "no".
fn setting_word(factor: &str, v: &Value) -> Option<String> {
    match v {
        Value::Flag(true) => Some(factor.to_string()),
        Value::Flag(false) => None,
        Value::Choice(_) | Value::Number(_) => Some(format!("{factor}={}", v.word())),
    }
}

/// The words of what a marker or a unit's standing sets, for the factors the roll wants.
fn setting_words(settings: &Settings, wanted: &dyn Fn(&str) -> bool) -> Vec<String> {
    settings
        .iter()
        .filter(|(factor, _)| wanted(factor))
        .filter_map(|(factor, v)| setting_word(factor, v))
        .collect()
}

/// The words one figure gives a roll: its unit's fields and its markers, as the acting figure
/// or as the one acted upon; with one line saying where each came from.
pub(super) fn figure_words(
    game: &Game,
    ruleset: &Ruleset,
    g: &GameDef,
    fig: &Figure,
    acted_upon: bool,
    wanted: &dyn Fn(&str) -> bool,
) -> (Vec<String>, String) {
    let mut words = Vec::new();
    let mut from = Vec::new();
    // What the unit's fields and size imply, each with its label.
    let mut implied = Vec::new();
    let holding = implied::implies(game, ruleset, g, &fig.unit);
    for i in &holding {
        let got = setting_words(if acted_upon { &i.acted_upon } else { &i.acting }, wanted);
        if !got.is_empty() {
            implied.push(format!("{} ({})", got.join(" "), i.label));
            words.extend(got);
        }
    }
    // A unit of the kind an entry speaks of, short of its figures, is known not to be so.
    let short = implied::short_of(game, ruleset, g, &fig.unit, (&holding, acted_upon));
    for (factor, label) in short {
        let said = words
            .iter()
            .any(|w| w.split('=').next() == Some(factor.as_str()));
        if wanted(&factor) && !said {
            implied.push(format!("not {factor} ({label}: too few able figures)"));
            words.push(format!("{factor}=no"));
        }
    }
    if let Some(unit) = game.unit(&fig.unit) {
        let map = if acted_upon { &g.acted_upon } else { &g.unit };
        let mut got = Vec::new();
        for (field, factor) in map {
            if !wanted(factor) {
                continue;
            }
            // A yes/no field never set is "no": the roster knows the unit lacks it.
            let flag = ruleset
                .factor(factor)
                .is_some_and(|f| f.kind == crate::model::FactorKind::Flag);
            match unit.fields.get(field) {
                Some(value) => got.push(format!("{factor}={value}")),
                None if flag => got.push(format!("{factor}=no")),
                None => {}
            }
        }
        // The unit's size, for a rule that asks for a unit of some number of figures.
        if let Some(size) = g.size.as_ref().filter(|f| !acted_upon && wanted(f)) {
            let in_play = game.in_play_unordered(&unit.name).count();
            got.push(format!("{size}={in_play}"));
        }
        if let Some(l) = g
            .losses
            .as_ref()
            .filter(|l| !acted_upon && wanted(&l.factor))
        {
            got.push(format!("{}={}", l.factor, game.losses_of(&unit.name, l)));
        }
        // Whether the unit charged the turn before, for a rule about charging again.
        if let Some(flag) = g
            .charge
            .as_ref()
            .and_then(|c| c.last_turn.as_ref())
            .filter(|f| !acted_upon && wanted(f))
        {
            let last = game.turn.number.checked_sub(1).filter(|n| *n > 0);
            let yes = last.is_some() && unit.charged == last;
            got.push(format!("{flag}={}", if yes { "yes" } else { "no" }));
        }
        if !got.is_empty() {
            from.push(format!("from its unit: {}", got.join(" ")));
            words.extend(got);
        }
    }
    let mut marked = Vec::new();
    for name in &fig.markers {
        let Some(m) = lookup::marker(g, name) else {
            continue;
        };
        let got = setting_words(if acted_upon { &m.acted_upon } else { &m.acting }, wanted);
        if !got.is_empty() {
            marked.push(format!("{} ({})", got.join(" "), marker_label(g, name)));
            words.extend(got);
        }
    }
    if !marked.is_empty() {
        from.push(format!("from markers: {}", marked.join(", ")));
    }
    if let Some(u) = game.unit(&fig.unit).filter(|_| !acted_upon) {
        let side = conditions::words(game, ruleset, g, &u.side, wanted);
        if !side.is_empty() {
            from.push(format!("from its side: {}", side.join(" ")));
            words.extend(side);
        }
    }
    let mut counted = counters::words(g, fig, acted_upon, wanted);
    words.extend(counted.iter().cloned());
    // What a count still at 0 sets (a first shot), with the count that says so.
    for c in counters::none_yet(g, fig).filter(|_| !acted_upon) {
        let got = setting_words(&c.while_none, wanted);
        if !got.is_empty() {
            counted.push(format!("{} ({}: none yet)", got.join(" "), c.label));
            words.extend(got);
        }
    }
    if !counted.is_empty() {
        from.push(format!("from counters: {}", counted.join(" ")));
    }
    if !implied.is_empty() {
        from.push(format!("as its unit stands: {}", implied.join(", ")));
    }
    let role = roles::part_word(
        g,
        &if acted_upon {
            Part::ActedUpon
        } else {
            Part::Acting
        },
    );
    // A piece that is its unit is named once: `NAME (SIDE)`, not `NAME (NAME, SIDE)`.
    let unit = game
        .unit(&fig.unit)
        .map(|u| {
            if u.name == fig.code {
                u.side.clone()
            } else {
                format!("{}, {}", u.name, u.side)
            }
        })
        .unwrap_or_default();
    let line = if from.is_empty() {
        format!("{} ({unit}), {role}: nothing the roll reads", fig.code)
    } else {
        format!("{} ({unit}), {role}: {}", fig.code, from.join("; "))
    };
    (words, line)
}

/// Words for the roll from the roster, leaving out what the umpire typed (that wins), with
/// the lines explaining them.
pub fn roster_words(
    game: &Game,
    ruleset: &Ruleset,
    p: &ProcedureDef,
    figures: &Figures,
    typed: &[String],
) -> Result<(Vec<String>, Vec<String>)> {
    roster_words_of(game, ruleset, &Reads::of(ruleset, p), figures, typed)
}

/// [`roster_words`] with what the procedure reads worked out already.
pub fn roster_words_of(
    game: &Game,
    ruleset: &Ruleset,
    read: &Reads<'_>,
    figures: &Figures,
    typed: &[String],
) -> Result<(Vec<String>, Vec<String>)> {
    let g = game_def(ruleset)?;
    let Reads {
        p,
        rules,
        parts,
        reads,
    } = read;
    let p = *p;
    let mut reads = reads.clone();
    let first = gather(game, ruleset, g, p, figures, typed, &reads)?;
    let named: BTreeSet<String> = typed
        .iter()
        .chain(&first.0)
        .map(|w| mentioned(ruleset, p, w).1)
        .collect();
    let called: Vec<String> = rules
        .iter()
        .filter(|r| r.when.iter().all(|c| named.contains(&c.factor)))
        .flat_map(|r| r.needs.iter().map(|c| c.factor.clone()))
        .filter(|f| !reads.contains(f))
        .collect();
    let (mut words, mut lines) = if called.is_empty() {
        first
    } else {
        reads.extend(called);
        gather(game, ruleset, g, p, figures, typed, &reads)?
    };
    let read = super::beyond::Read {
        p,
        rules,
        parts,
        named: &named,
    };
    super::beyond::words(game, g, figures, &read, (&mut words, &mut lines))?;
    Ok((words, lines))
}

/// The roster's words for the factors in `reads`, figure by figure, with their lines.
fn gather(
    game: &Game,
    ruleset: &Ruleset,
    g: &GameDef,
    p: &ProcedureDef,
    figures: &Figures,
    typed: &[String],
    reads: &BTreeSet<String>,
) -> Result<(Vec<String>, Vec<String>)> {
    let said: Vec<(Option<String>, String)> =
        typed.iter().map(|w| mentioned(ruleset, p, w)).collect();
    let mut words = Vec::new();
    let mut lines = Vec::new();
    let mut add = |code: &str, acted_upon: bool, side: Option<&str>| -> Result<()> {
        let fig = lookup::figure(game, code)?;
        // A side read as acted upon by the other: only its words, said for that side.
        let other = acted_upon && side.is_some();
        let wanted = |factor: &str| {
            reads.contains(factor)
                && !said
                    .iter()
                    .any(|(s, f)| f == factor && (s.is_none() || s.as_deref() == side))
        };
        let (w, line) = figure_words(game, ruleset, g, fig, acted_upon, &wanted);
        if other && w.is_empty() {
            return Ok(());
        }
        words.extend(w.into_iter().map(|w| match side {
            Some(s) => format!("{s}.{w}"),
            None => w,
        }));
        lines.push(match side {
            Some(s) if other => format!("{s} faces {line}"),
            Some(s) => format!("{s} {line}"),
            None => line,
        });
        Ok(())
    };
    if let Some(a) = &figures.acting {
        add(a, false, None)?;
    }
    if let Some(t) = &figures.acted_upon {
        add(t, true, None)?;
    }
    for (side, code) in &figures.sides {
        add(code, false, Some(side))?;
    }
    // In a roll of two sides each side's figure is acted upon by the other's: what its fields
    // set when acted upon is said of the other side (the kind of enemy it faces).
    if let [(a, fa), (b, fb)] = figures.sides.as_slice() {
        add(fb, true, Some(a))?;
        add(fa, true, Some(b))?;
    }
    // What the acting figure's links to the figure acted upon set (a target picked out, say).
    if let (Some(a), Some(t)) = (&figures.acting, &figures.acted_upon) {
        let wanted = |f: &str| reads.contains(f) && !said.iter().any(|(_, s)| s == f);
        crate::game::links::words(game, g, (a, t), &wanted, (&mut words, &mut lines));
    }
    Ok((words, lines))
}
