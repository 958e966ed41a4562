//! Changes that fall on a group: a roll's marks on a figure or on every figure of its unit,
//! and a result's `spread` (`[{count: 2, change: [+MARKER]}]`), which picks a figure of the
//! unit acted upon for each, every pick on its own, so the same figure may be picked twice
//! (a marker's rule for a second one holds; a change to one out of play is lost); each change
//! landed on one figure by what it names (a counter, a marker, a state); and a whole resolved
//! chain landed on the figures, step by step.

use crate::engine::dice::DiceSource;
use crate::engine::resolve::Step;
use crate::error::Result;
use crate::game::counters::{self, Count};
use crate::game::links;
use crate::game::lookup::{self, Mark, game_def, marker_label, state_label};
use crate::game::markers;
use crate::game::roles::Figures;
use crate::game::said::Said;
use crate::game::state::{Event, Game};
use crate::model::{GameDef, Role, Ruleset};

/// Land a step's marks: on the figure each names, or on every figure in play of its unit.
pub fn land_marks(
    game: &mut Game,
    ruleset: &Ruleset,
    step: &Step,
    figures: &Figures,
    event: &mut Event,
) -> Result<Vec<String>> {
    let g = game_def(ruleset)?;
    let mut said = Vec::new();
    for m in &step.marks {
        // Every side's figure, each with the other's at the other end.
        if m.role == Role::Each {
            said.extend(land_each(game, ruleset, m, figures, event)?);
            continue;
        }
        let Some(code) = figures.of(m.role, m.side.as_deref()) else {
            continue;
        };
        let codes: Vec<String> = if let Some(k) = &m.side_carrying {
            let unit = lookup::figure(game, code)?.unit.clone();
            let side = game.unit(&unit).map(|u| u.side.clone()).unwrap_or_default();
            game.units
                .iter()
                .filter(|u| u.side == side)
                .flat_map(|u| game.in_play_of(&u.name))
                .filter(|f| f.markers.contains(k))
                .map(|f| f.code.clone())
                .collect()
        } else if m.group {
            let unit = lookup::figure(game, code)?.unit.clone();
            game.codes_in_play(&unit)
        } else {
            vec![code.to_string()]
        };
        // The figure at the other end of a link the change names.
        let other = match m.role {
            Role::Acting => figures.acted_upon.as_deref(),
            Role::ActedUpon => figures.acting.as_deref(),
            Role::Loser | Role::Winner | Role::Each => other_side(figures, code),
        };
        for c in &codes {
            for change in &m.change {
                if let Some(tie) = links::change(g, change, other) {
                    said.extend(links::tie(game, g, c, &tie, event)?);
                    continue;
                }
                // Over a unit, a marker a figure already has (or has not, to lose) is no news.
                let carries = |n: &str| {
                    lookup::figure(game, c).is_ok_and(|f| f.markers.iter().any(|x| x == n))
                };
                // (A marker with a rule for a second one still lands, for its rule.)
                let second_rule = |n: &str| {
                    g.markers
                        .iter()
                        .any(|x| x.name == n && x.if_already.is_some())
                };
                let moot = match lookup::signed(change) {
                    Some((true, n)) => carries(n) && !second_rule(n),
                    Some((false, n)) => g.markers.iter().any(|x| x.name == n) && !carries(n),
                    None => false,
                };
                if (m.group || m.side_carrying.is_some()) && moot {
                    continue;
                }
                // A check owed in an earlier turn is its figure's own roll.
                let owed_in = figures
                    .owed_in
                    .filter(|_| figures.acting.as_ref() == Some(c));
                said.extend(apply_one(game, ruleset, g, (c, owed_in), change, event)?);
            }
        }
    }
    Ok(said)
}

/// One change a result makes on figure `code` (`+MARKER`, `-MARKER`, `+STATE`, `+COUNTER`);
/// `owed_in`: the earlier turn the check that made it was owed in.
pub(crate) fn apply_one(
    game: &mut Game,
    ruleset: &Ruleset,
    g: &GameDef,
    (code, owed_in): (&str, Option<u32>),
    change: &str,
    event: &mut Event,
) -> Result<Vec<String>> {
    let fig = lookup::figure(game, code)?.clone();
    let Some((add, name)) = lookup::signed(change) else {
        return Ok(Vec::new());
    };
    // A counter is counted one more, or (taken off) set back to 0.
    if let Some(c) = g.counters.iter().find(|c| c.name == name) {
        // A check owed in an earlier turn counts toward that turn, which is over.
        if let Some(turn) = owed_in.filter(|_| c.per_turn && add) {
            // The turn just ended kept its counts aside for the checks still owed of it.
            if turn.saturating_add(1) == game.turn.number {
                return counters::count_in_last_turn(game, ruleset, (code, turn), &c.name, event);
            }
            let said = Said::NotCounted {
                figure: code.to_string(),
                counter: c.label.clone(),
                turn,
            };
            return Ok(vec![said.to_string()]);
        }
        // Back to 0 from 0 changes nothing, and says nothing.
        if !add && fig.counters.get(name).is_none_or(|n| *n == 0) {
            return Ok(Vec::new());
        }
        let by = if add { Count::By(1) } else { Count::To(0) };
        return counters::count(game, ruleset, code, name, by, false, event);
    }
    let is_state = g.states.iter().any(|s| s.name == name);
    // A marker it already carries, from another result of the same roll (the pairings of
    // several against one are fought at once): its rule for a second one still holds.
    if add && !is_state && fig.state.is_none() && fig.markers.iter().any(|m| m == name) {
        let mut f = fig.clone();
        if let Some(line) = markers::if_already(g, &mut f, name) {
            game.apply(game.figure_change(&f.code, Some(f.clone())), event);
            return Ok(vec![line]);
        }
    }
    let pointless = if is_state {
        (add && fig.state.is_some()) || (!add && fig.state.as_deref() != Some(name))
    } else {
        fig.state.is_some() || (add == fig.markers.iter().any(|m| m == name))
    };
    if pointless {
        let what = if is_state {
            state_label(g, name)
        } else {
            marker_label(g, name)
        };
        let why = match (add, &fig.state) {
            (_, Some(s)) if !is_state => format!("{} (nothing to mark)", state_label(g, s)),
            (true, Some(s)) if s != name => format!("already {}, not {what}", state_label(g, s)),
            (true, _) => format!("already {what}"),
            (false, _) => format!("not {what} (nothing to take off)"),
        };
        return Ok(vec![format!("{}: {why}", fig.code)]);
    }
    let mark = if add {
        Mark::Add(name.to_string())
    } else {
        Mark::Remove(name.to_string())
    };
    markers::mark(game, ruleset, code, &[mark], event)
}

/// In a roll of two sides, the figure of the side `code` is not on.
fn other_side<'a>(figures: &'a Figures, code: &str) -> Option<&'a str> {
    match figures.sides.as_slice() {
        [(_, a), (_, b)] if a == code => Some(b),
        [(_, a), (_, b)] if b == code => Some(a),
        _ => None,
    }
}

/// A change on every side's figure: a link ties each to the other's (said once where it is
/// tied both ways); a marker goes on each.
fn land_each(
    game: &mut Game,
    ruleset: &Ruleset,
    m: &crate::engine::resolve::StepMark,
    figures: &Figures,
    event: &mut Event,
) -> Result<Vec<String>> {
    let g = game_def(ruleset)?;
    let mut said = Vec::new();
    for (_, code) in &figures.sides {
        for change in &m.change {
            if let Some(tie) = links::change(g, change, other_side(figures, code)) {
                if links::holds(game, code, &tie) == tie.add {
                    continue;
                }
                said.extend(links::tie(game, g, code, &tie, event)?);
                continue;
            }
            said.extend(apply_one(game, ruleset, g, (code, None), change, event)?);
        }
    }
    Ok(said)
}

/// The groups a chain's changes fell on, by unit, as each stood when the first fell.
pub type Stood = std::collections::BTreeMap<String, Vec<String>>;

/// Land a step's spread changes on the unit of the figure it acts upon; says each pick. A
/// unit the chain's changes already fell on is picked among as it stood then (`stood`).
fn land_spread(
    game: &mut Game,
    ruleset: &Ruleset,
    (step, figures): (&Step, &Figures),
    (source, event): (&mut DiceSource, &mut Event),
    stood: &mut Stood,
) -> Result<Vec<String>> {
    if step.spread.is_empty() {
        return Ok(Vec::new());
    }
    let g = game_def(ruleset)?;
    let Some(code) = figures.of(Role::ActedUpon, None) else {
        return Ok(vec![
            "no unit was named for the changes to fall on (`--target FIGURE` names a figure of it)"
                .into(),
        ]);
    };
    let unit = lookup::figure(game, code)?.unit.clone();
    // The unit as it stood: a figure taken out by one pick may be picked again. Where the
    // table says, only its first so many in play (the nearest) may be picked.
    let group = stood
        .entry(unit.clone())
        .or_insert_with(|| {
            let mut group = game.codes_in_play(&unit);
            if let Some(n) = g.falls_among {
                group.truncate(n as usize);
            }
            group
        })
        .clone();
    let mut said = Vec::new();
    if group.is_empty() {
        said.push(Said::NoneToFallOn { unit }.to_string());
        return Ok(said);
    }
    for s in &step.spread {
        for _ in 0..s.count {
            let Some(hit) = group.get(source.pick(group.len())) else {
                continue;
            };
            let mut lines = Vec::new();
            for change in &s.change {
                lines.extend(apply_one(game, ruleset, g, (hit, None), change, event)?);
            }
            let (among, unit) = (group.len(), unit.clone());
            match lines.as_mut_slice() {
                [] => {
                    let figure = hit.clone();
                    said.push(
                        Said::PickedUnchanged {
                            figure,
                            among,
                            unit,
                        }
                        .to_string(),
                    );
                }
                [first, ..] => {
                    let line = std::mem::take(first);
                    *first = Said::FellAtRandom {
                        said: line,
                        among,
                        unit,
                    }
                    .to_string();
                }
            }
            said.extend(lines);
        }
    }
    Ok(said)
}

/// Write a resolved chain's results onto the figures: markers, states and counters, with the
/// ruleset's rules (a second wound kills; two failures panic). A marker a figure already
/// carries, or one it does not carry to lose, is noted and skipped: a roll's result never
/// fails to land.
pub fn land(
    game: &mut Game,
    ruleset: &Ruleset,
    step: &Step,
    figures: &Figures,
    (source, event): (&mut DiceSource, &mut Event),
) -> Result<Vec<String>> {
    let mut stood = Stood::default();
    land_chain(game, ruleset, step, figures, (source, event), &mut stood)
}

/// [`land`], each group a spread falls on picked among as it stood when the chain's first
/// change fell on it (the hits of one volley fall among the same nearest men).
fn land_chain(
    game: &mut Game,
    ruleset: &Ruleset,
    step: &Step,
    figures: &Figures,
    (source, event): (&mut DiceSource, &mut Event),
    stood: &mut Stood,
) -> Result<Vec<String>> {
    let mut said = land_marks(game, ruleset, step, figures, event)?;
    said.extend(land_spread(
        game,
        ruleset,
        (step, figures),
        (source, event),
        stood,
    )?);
    said.extend(counters::land_amount(game, ruleset, step, figures, event)?);
    if let Some(code) = &figures.acting {
        counters::rolled(game, ruleset, &step.procedure, code, event)?;
    }
    for n in &step.next {
        said.extend(land_chain(
            game,
            ruleset,
            n,
            &figures.of_step(n),
            (source, event),
            stood,
        )?);
    }
    Ok(said)
}
