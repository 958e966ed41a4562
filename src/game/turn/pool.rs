//! The sides' pools of points: rolled when a turn starts, or by each side when its player
//! turn does (a tie for the first player thrown again), and spent in a side's player turn on
//! what the turn rule lists, at its cost and the costs of the circumstances the umpire names,
//! doing to the unit what it does.

use std::collections::BTreeMap;

use super::filled;
use super::{check_turn_going, set_turn, turn_def};
use crate::engine::dice::DiceSource;
use crate::error::{Error, Refusal, Result};
use crate::game::counters::{self, Count};
use crate::game::lookup::{self, playing, side_label};
use crate::game::markers;
use crate::game::ruling::Umpire;
use crate::game::said::Said;
use crate::game::state::{Event, Game, Pool};
use crate::model::{ExtraCost, GameDef, PoolDef, PoolFill, Ruleset, SpendDef};
use crate::suggest::{did_you_mean, same};

/// The most throws a tie for the first player is thrown again: past it, dice typed at the table
/// are surely wrong.
const MAX_THROWS: usize = 20;

/// The pools `sides` throw for a turn (every side's, where figures fill them): `first` throws
/// a tie for the highest again (every side, and the points are the last throw's).
pub(super) fn roll(
    game: &Game,
    ruleset: &Ruleset,
    pool: &PoolDef,
    (sides, first): (&[String], bool),
    source: &mut DiceSource,
) -> Result<(BTreeMap<String, Pool>, Vec<String>)> {
    let g = lookup::game_def(ruleset)?;
    let dice = match &pool.fill {
        PoolFill::Dice(d) => d,
        PoolFill::Roll { procedure, who, .. } => {
            return filled::roll(game, ruleset, g, (procedure, who), &pool.points, source);
        }
    };
    let what = |side: &str| format!("the {} of {}", pool.points, side_label(g, side));
    throw_off(
        ruleset,
        g,
        sides,
        (&pool.points, dice, &what),
        first,
        source,
    )
}

/// Whether each side throws its pool when its own player turn starts: the pool is thrown
/// dice, and its throw does not decide who plays first.
pub(super) fn thrown_by_each_player(p: &crate::model::PlayersDef) -> bool {
    p.first != crate::model::FirstPlayer::Pool
        && p.pool
            .as_ref()
            .is_some_and(|x| matches!(x.fill, PoolFill::Dice(_)))
}

/// What a side's throw is called for `DiceSource` (`the initiative points of British`).
type Naming<'a> = &'a dyn Fn(&str) -> String;

/// Each of `sides` throws `dice` (a total below 0 counts 0), said as `called`; `again`: a tie
/// for the highest is thrown again by every side, up to [`MAX_THROWS`] throws. Every side's
/// throws (its total the last one's) and what was said.
pub(super) fn throw_off(
    ruleset: &Ruleset,
    g: &GameDef,
    sides: &[String],
    (called, dice, what): (&str, &str, Naming<'_>),
    again: bool,
    source: &mut DiceSource,
) -> Result<(BTreeMap<String, Pool>, Vec<String>)> {
    let spec = ruleset.dice(dice)?;
    let mut pools: BTreeMap<String, Pool> = BTreeMap::new();
    let mut said = Vec::new();
    for throw in 1..=MAX_THROWS {
        let mut totals = Vec::new();
        for s in sides {
            let t = source.throw(&spec, &what(s))?;
            let total = t
                .faces
                .iter()
                .fold(0i64, |a, f| a.saturating_add(*f))
                .max(0);
            let p = pools.entry(s.clone()).or_default();
            p.faces.extend(&t.faces);
            p.rolled = total;
            p.left = total;
            totals.push((s.as_str(), total, t.entered));
        }
        let shown: Vec<String> = totals
            .iter()
            .map(|(s, n, entered)| {
                let how = if *entered { " (typed)" } else { "" };
                format!("{} {n}{how}", side_label(g, s))
            })
            .collect();
        let thrown = Said::PoolsThrown {
            points: called.to_string(),
            dice: dice.to_string(),
            totals: shown,
        };
        said.push(thrown.to_string());
        let top = totals.iter().map(|(_, n, _)| *n).max().unwrap_or(0);
        let tied = totals.iter().filter(|(_, n, _)| *n == top).count() > 1;
        if !(again && tied) {
            return Ok((pools, said));
        }
        // Typed throws are thrown again typed, a die for every side, or not at all.
        let typed = totals.iter().any(|(.., e)| *e);
        if typed && source.unused().len() < sides.len() {
            return Err(Error::usage(format!(
                "a tie at {top} for who plays first: the sides throw again"
            ))
            .with_hint(format!(
                "give the new throws after the first ones, a --dice for each side ({} in all)",
                sides.len() * (throw + 1)
            )));
        }
        said.push(Said::TieThrownAgain { top }.to_string());
    }
    Err(Error::usage(format!(
        "{MAX_THROWS} ties in a row for who plays first"
    )))
}

/// What a spend costs, part by part: `move 1 + far from the general 1`, a cost by the figure
/// with the dearer ones said, an extra read from the roster with the unit it was read from.
fn costs_said(
    def: &SpendDef,
    (men, dearer): (usize, &[String]),
    extras: &[&ExtraCost],
    read: &[(String, String)],
) -> String {
    let mut parts = Vec::new();
    if def.cost > 0 || def.each.is_none() {
        parts.push(format!("{} {}", def.name, def.cost));
    }
    if let Some(e) = &def.each {
        let why: String = dearer.iter().map(|d| format!(", {d}")).collect();
        let men = if men == 1 {
            "1 figure".to_string()
        } else {
            format!("{men} figures")
        };
        parts.push(format!("{men} at {}{why}", e.cost));
    }
    parts.extend(
        extras
            .iter()
            .map(|e| match read.iter().find(|(name, _)| *name == e.name) {
                Some((_, gone)) => format!("{} ({gone} is out of the game) {}", e.label, e.cost),
                None => format!("{} {}", e.label, e.cost),
            }),
    );
    parts.join(" + ")
}

/// The circumstances typed after the spend, each once: its extra costs.
fn named_extras<'d>(def: &'d SpendDef, circumstances: &[String]) -> Result<Vec<&'d ExtraCost>> {
    let mut extras: Vec<&ExtraCost> = Vec::new();
    for word in circumstances {
        let e = def
            .extras
            .iter()
            .find(|e| e.names().any(|n| same(n, word)))
            .ok_or_else(|| {
                let names: Vec<&str> = def.extras.iter().map(|e| e.name.as_str()).collect();
                let known = if names.is_empty() {
                    format!("`{}` has no extra costs", def.name)
                } else {
                    format!("its extra costs are {}", names.join(", "))
                };
                Error::usage(format!(
                    "`{word}` is not a circumstance of `{}`; {known}",
                    def.name
                ))
                .with_hint_opt(did_you_mean(word, names.iter().copied()))
            })?;
        if extras.iter().any(|x| x.name == e.name) {
            return Err(Error::usage(format!("`{}` is given twice", e.name))
                .with_hint("each extra cost is paid once"));
        }
        extras.push(e);
    }
    Ok(extras)
}

/// The circumstances the roster shows for `side` (a unit of it out of the game, its
/// general's), added to `extras` unless named already: each with the unit it was read from.
fn read_extras<'d>(
    game: &Game,
    ruleset: &Ruleset,
    g: &GameDef,
    (def, side): (&'d SpendDef, &str),
    extras: &mut Vec<&'d ExtraCost>,
) -> Vec<(String, String)> {
    let mut read = Vec::new();
    for e in def.extras.iter().filter(|e| !e.when_lost.is_empty()) {
        if extras.iter().any(|x| x.name == e.name) {
            continue;
        }
        if let Some(gone) = lost_fitting(game, ruleset, g, side, &e.when_lost) {
            read.push((e.name.clone(), gone));
            extras.push(e);
        }
    }
    read
}

/// Why the unit itself refuses the spend, and what lifts each: bought as often as a turn
/// allows (`per-unit:`), a marker it carries (`not-while:`: a spend that takes it off, or
/// taking it off by hand), a marker it lacks (`while:`), fields that do not meet the spend's
/// `only:`.
fn unit_refusals(
    (game, ruleset, g): (&Game, &Ruleset, &GameDef),
    (pool, def): (&PoolDef, &SpendDef),
    u: &crate::game::state::Unit,
) -> Vec<(String, String)> {
    let mut refused = Vec::new();
    let had = game
        .turn
        .bought
        .get(&u.name)
        .and_then(|b| b.get(&def.name))
        .copied()
        .unwrap_or(0);
    if let Some(most) = def.per_unit
        && had >= most
    {
        let why = format!(
            "it has had `{}` {} this turn",
            def.name,
            crate::words::times(u64::from(most))
        );
        refused.push((why, "a new turn allows it again: `umpire turn`".to_string()));
    }
    let carried = def.not_while.iter().find(|m| {
        game.in_play_of(&u.name)
            .iter()
            .any(|f| f.markers.contains(m))
    });
    if let Some(m) = carried {
        let why = format!(
            "it is {}: no `{}` for a unit so marked",
            lookup::marker_label(g, m),
            def.name
        );
        let fix = match pool.spend.iter().find(|x| x.takes_off.as_ref() == Some(m)) {
            Some(x) => format!("`umpire spend {} --unit {}` first", x.name, u.name),
            None => format!("`umpire mark {} -{m}` first", u.name),
        };
        refused.push((why, fix));
    }
    let marked = |m: &String| {
        game.in_play_of(&u.name)
            .iter()
            .any(|f| f.markers.contains(m))
    };
    if let Some(first) = def.while_marked.first()
        && !def.while_marked.iter().any(marked)
    {
        let labels: Vec<&str> = def
            .while_marked
            .iter()
            .map(|m| lookup::marker_label(g, m))
            .collect();
        let why = format!(
            "`{}` is for a unit {}, and it is not",
            def.name,
            labels.join(" or ")
        );
        let fix = match pool.spend.iter().find(|x| x.puts_on.contains(first)) {
            Some(x) => format!("`umpire spend {} --unit {}` first", x.name, u.name),
            None => format!("`umpire mark {} +{first}` first", u.name),
        };
        refused.push((why, fix));
    }
    if !crate::game::fields::situation(ruleset, g, &u.fields).all_hold(ruleset, &def.only) {
        let why = format!(
            "`{}` is spent only on a unit with {}",
            def.name,
            crate::words::conditions(&def.only, " and ")
        );
        refused.push((why, "name a unit it is for".to_string()));
    }
    refused
}

/// The first unit of `side` out of the game whose fields meet `c`.
fn lost_fitting(
    game: &Game,
    ruleset: &Ruleset,
    g: &GameDef,
    side: &str,
    c: &crate::model::Conditions,
) -> Option<String> {
    game.units
        .iter()
        .filter(|u| u.side == side && crate::game::conditions::lost(game, g, u))
        .find(|u| crate::game::fields::situation(ruleset, g, &u.fields).all_hold(ruleset, c))
        .map(|u| u.name.clone())
}

/// What a side may spend on, by a name the umpire typed.
fn spend_def<'a>(pool: &'a PoolDef, word: &str) -> Result<&'a SpendDef> {
    pool.spend
        .iter()
        .find(|s| s.names().any(|n| same(n, word)))
        .ok_or_else(|| {
            let names: Vec<&str> = pool.spend.iter().map(|s| s.name.as_str()).collect();
            Error::usage(format!(
                "nothing called `{word}` to spend {} on; there is {}",
                pool.points,
                names.join(", ")
            ))
            .with_hint_opt(did_you_mean(word, names.iter().copied()))
        })
}

/// A word with its first letter in capitals, as a rule's name starts.
fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// `umpire spend WHAT [CIRCUMSTANCE...] [--unit UNIT]`: the side playing (or the unit's side)
/// pays the cost from its pool, and the unit gets what it buys; where figures fill the pool,
/// those of the unit a spend brings in throw into it (`source`).
pub fn spend(
    game: &mut Game,
    ruleset: &Ruleset,
    (what, circumstances): (&str, &[String]),
    unit: Option<&str>,
    (source, umpire): (&mut DiceSource, Umpire<'_>),
    event: &mut Event,
) -> Result<Vec<String>> {
    let g = lookup::game_def(ruleset)?;
    let pool = turn_def(ruleset)?
        .players()
        .and_then(|p| p.pool.as_ref())
        .ok_or_else(|| {
            Error::usage(format!(
                "{}'s turn rule has no pool of points to spend",
                ruleset.model.title
            ))
        })?;
    check_turn_going(game)?;
    let def = spend_def(pool, what)?;
    let mut extras = named_extras(def, circumstances)?;
    let Some(mut side) = playing(game).map(str::to_string) else {
        return Err(Error::usage("no player turn is going").with_hint("`umpire turn`"));
    };
    let u = match unit {
        Some(name) => Some(lookup::unit(game, name)?.clone()),
        None if def.unit => {
            return Err(Error::usage(format!(
                "`{}` is spent on one unit: name it with --unit",
                def.name
            ))
            .with_hint(format!("umpire spend {} --unit NAME", def.name)));
        }
        None => None,
    };
    // The rule of play the pool's refusals name: its points (`Initiative points`).
    let rule = capitalised(&pool.points);
    let refusal = |who: &str, why: String| Refusal {
        rule: rule.clone(),
        who: who.to_string(),
        why,
    };
    if let Some(u) = &u
        && u.side != side
    {
        let why = format!(
            "this is the player turn of {}, and it is a unit of {}",
            side_label(g, &side),
            side_label(g, &u.side)
        );
        let fix = "`umpire turn` passes play to the next player".to_string();
        let other = Refusal {
            rule: super::PLAYER_TURNS.to_string(),
            ..refusal(&u.name, why)
        };
        umpire.allow(other, Some(fix), event)?;
        // Let through, the unit's own side pays from its own pool.
        side.clone_from(&u.side);
    }
    let read = read_extras(game, ruleset, g, (def, &side), &mut extras);
    // A cost by the figure: each of the unit's, some dearer than others.
    let (each, dearer) = match (&def.each, &u) {
        (Some(each), Some(u)) => filled::each_cost(game, ruleset, g, each, u),
        _ => (0, Vec::new()),
    };
    let cost: i64 =
        i64::from(def.cost) + each + extras.iter().map(|e| i64::from(e.cost)).sum::<i64>();
    let left = game.turn.pools.get(&side).map_or(0, |p| p.left);
    let men = u.as_ref().map_or(0, |u| game.in_play_of(&u.name).len());
    let costs = || costs_said(def, (men, &dearer), &extras, &read);
    if cost > left {
        let why = format!("it has {} left; {} costs {cost}", pool.count(left), costs());
        let fix = "`umpire turn` passes play to the next player".to_string();
        umpire.allow(refusal(side_label(g, &side), why), Some(fix), event)?;
    }
    let mut after = game.clone();
    let mut said = Vec::new();
    if let Some(u) = &u {
        for (why, fix) in unit_refusals((game, ruleset, g), (pool, def), u) {
            umpire.allow(refusal(&u.name, why), Some(fix), event)?;
        }
        said.extend(apply(&mut after, ruleset, g, def, &u.name, event)?);
        if !def.sets.is_empty() {
            weigh_fields((&after, ruleset, g), def, &u.name, (umpire, event))?;
        }
    }
    let mut turn = after.turn.clone();
    let mut joined = Vec::new();
    if let Some(p) = turn.pools.get_mut(&side) {
        // Spent beyond what is left only by the umpire's ruling: the pool is then empty.
        p.left = (p.left - cost).max(0);
        if let (
            Some(u),
            PoolFill::Roll {
                procedure, joins, ..
            },
        ) = (&u, &pool.fill)
        {
            let thrown = filled::join(&after, ruleset, (procedure, joins), &u.name, p, source)?;
            if !thrown.is_empty() {
                let thrown_in = Said::ThrownIn {
                    points: pool.points.clone(),
                    throws: thrown,
                    left: pool.count(p.left),
                };
                joined.push(thrown_in.to_string());
            }
        }
    }
    if let Some(u) = &u {
        let n = turn
            .bought
            .entry(u.name.clone())
            .or_default()
            .entry(def.name.clone())
            .or_default();
        *n = n.saturating_add(1);
    }
    set_turn(&mut after, turn, event);
    *game = after;
    let spends = Said::Spends {
        side: side_label(g, &side).to_string(),
        spent: pool.count(cost),
        unit: u.map(|u| u.name),
        label: def.label.clone(),
        costs: (!extras.is_empty() || def.each.is_some()).then(costs),
        left: pool.count((left - cost).max(0)),
    };
    said.insert(0, spends.to_string());
    said.extend(joined);
    Ok(said)
}

/// The fields a spend changed (`sets`), weighed as `unit set` weighs them: a rule of
/// eligibility they break, a limit of the side; each refused unless the umpire rules otherwise.
fn weigh_fields(
    (after, ruleset, g): (&Game, &Ruleset, &GameDef),
    def: &SpendDef,
    unit: &str,
    (umpire, event): (Umpire<'_>, &mut Event),
) -> Result<()> {
    let now = lookup::unit(after, unit)?;
    let breaks = crate::game::fields::refusal(ruleset, g, &now.fields, None).map(|st| {
        let why = format!("`{}` would leave its fields against the rule", def.name);
        let r = Refusal {
            rule: st.rule,
            who: unit.to_string(),
            why,
        };
        (r, st.note)
    });
    let limits = crate::game::fields::over_limits(after, g, now)
        .into_iter()
        .map(|(r, f)| (r, Some(f)));
    for (r, fix) in breaks.into_iter().chain(limits) {
        umpire.allow(r, fix, event)?;
    }
    Ok(())
}

/// What the spend does to the unit: a marker off its pieces that carry it, a counter changed.
fn apply(
    game: &mut Game,
    ruleset: &Ruleset,
    g: &GameDef,
    def: &SpendDef,
    unit: &str,
    event: &mut Event,
) -> Result<Vec<String>> {
    let pieces = game.codes_in_play(unit);
    if pieces.is_empty() {
        return Err(Error::usage(format!("{unit} has nothing left in the game")));
    }
    let mut said = Vec::new();
    if let Some(m) = &def.takes_off {
        let marked: Vec<&String> = pieces
            .iter()
            .filter(|c| game.figure(c).is_some_and(|f| f.markers.contains(m)))
            .collect();
        if marked.is_empty() {
            return Err(Error::usage(format!(
                "{unit} is not {}: nothing for `{}` to take off",
                lookup::marker_label(g, m),
                def.name
            )));
        }
        for code in marked.into_iter().cloned().collect::<Vec<_>>() {
            said.extend(markers::mark(
                game,
                ruleset,
                &code,
                &[lookup::Mark::Remove(m.clone())],
                event,
            )?);
        }
    }
    // Each marker on the pieces that lack it; a spend that would change none of them does
    // nothing.
    let bare: Vec<(&String, String)> = def
        .puts_on
        .iter()
        .flat_map(|m| {
            pieces
                .iter()
                .filter(|c| game.figure(c).is_some_and(|f| !f.markers.contains(m)))
                .map(move |c| (m, c.clone()))
        })
        .collect();
    let more = !def.sets.is_empty() || def.counter.is_some() || def.takes_off.is_some();
    if let (true, Some(m), false) = (bare.is_empty(), def.puts_on.first(), more) {
        return Err(Error::usage(format!(
            "{unit} is already {}: nothing for `{}` to do",
            lookup::marker_label(g, m),
            def.name
        )));
    }
    for (m, code) in bare {
        said.extend(markers::mark(
            game,
            ruleset,
            &code,
            &[lookup::Mark::Add(m.clone())],
            event,
        )?);
    }
    if let Some((name, by)) = &def.counter {
        let counted: Vec<&String> = pieces
            .iter()
            .filter(|c| {
                *by > 0
                    || game
                        .figure(c)
                        .is_some_and(|f| f.counters.get(name).is_some_and(|n| *n > 0))
            })
            .collect();
        if counted.is_empty() {
            return Err(Error::usage(format!("{unit} has no {name} to take off")));
        }
        for code in counted.into_iter().cloned().collect::<Vec<_>>() {
            said.extend(counters::count(
                game,
                ruleset,
                &code,
                name,
                Count::By(*by),
                true,
                event,
            )?);
        }
    }
    // A card swapped for another: the unit's fields change.
    if !def.sets.is_empty() {
        said.extend(crate::game::fields::set(
            game, ruleset, unit, &def.sets, event,
        )?);
    }
    Ok(said)
}
