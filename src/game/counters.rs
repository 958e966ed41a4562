//! Counters kept on a piece (failures this turn, damage taken): raised by a
//! result, by the amount a roll inflicts, or by hand; read as number factors; and what
//! reaching the table's count does (a marker put on, or a state that takes the piece out).

use crate::engine::decision::Read;
use crate::engine::resolve::Step;
use crate::error::{Error, Refusal, Result};
use crate::game::lookup::{self, Mark, marker_label, state_label};
use crate::game::markers;
use crate::game::roles::Figures;
use crate::game::said::Said;
use crate::game::state::{Event, Figure, Game};
use crate::model::{CounterDef, GameDef, Ruleset};
use crate::suggest::same;

/// The largest count a hand may set: more is surely a typo, and sums stay far from overflow.
pub const COUNT_MAX: i64 = 999;

/// A change of a count: by so much (`NAME+2`, `NAME-1`), or to a number (`NAME=0`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    By(i64),
    To(i64),
}

/// `NAME+2`, `NAME-1` or `NAME=0` as a counter's change; `None` for a word of another shape
/// (`+pinned` is a marker's). A counter's name that is not one is an error with a hint.
pub fn parse(g: &GameDef, word: &str) -> Option<Result<(String, Count)>> {
    if word.starts_with(['+', '-']) {
        return None;
    }
    // A counter's name may hold a dash (`failed-morale+1`): the change is the sign after the
    // longest counter's name the word starts with, else the last one followed by a number.
    let signs = || word.match_indices(['+', '-', '=']).map(|(i, _)| i);
    let numbered = |i: &usize| {
        let digits = &word[i + 1..];
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
    };
    let named = |i: &usize| counter(g, &word[..*i]).is_some();
    if let Some(c) = counter(g, word) {
        // The name alone: no change said.
        return Some(Err(Error::usage(format!(
            "`{word}` needs a change: `{0}+1` adds one, `{0}-1` takes one off, `{0}=0` sets it",
            c.name
        ))));
    }
    let at = signs()
        .rfind(named)
        .or_else(|| signs().rfind(numbered))
        .or_else(|| signs().next())?;
    let (name, rest) = word.split_at(at);
    let (sign, digits) = rest.split_at(1);
    let n = digits
        .parse::<i64>()
        .ok()
        .filter(|n| (0..=COUNT_MAX).contains(n));
    Some(match (counter(g, name), n) {
        (None, _) => Err(lookup::unknown(
            "counter",
            name,
            g.counters.iter().map(|c| c.name.as_str()),
        )),
        (Some(_), None) => Err(Error::usage(format!(
            "`{word}` needs a whole number from 0 to {COUNT_MAX} after `{sign}`"
        ))
        .with_hint(format!(
            "`{name}+2` adds two, `{name}-1` takes one off, `{name}=0` sets it"
        ))),
        (Some(c), Some(n)) => Ok((
            c.name.clone(),
            match sign {
                "+" => Count::By(n),
                "-" => Count::By(-n),
                _ => Count::To(n),
            },
        )),
    })
}

/// A counter by name, whatever its case.
fn counter<'a>(g: &'a GameDef, name: &str) -> Option<&'a CounterDef> {
    g.counters.iter().find(|c| same(&c.name, name))
}

/// Change one piece's count, and do what reaching the table's count does. A count never goes
/// below 0. A piece out of the game keeps its counts: changing them is refused by hand
/// (`strict`), and skipped when a roll's result would.
pub fn count(
    game: &mut Game,
    ruleset: &Ruleset,
    code: &str,
    name: &str,
    change: Count,
    strict: bool,
    event: &mut Event,
) -> Result<Vec<String>> {
    let g = lookup::game_def(ruleset)?;
    let Some(c) = counter(g, name) else {
        return Err(Error::failure(format!("counter `{name}` vanished")));
    };
    let fig = lookup::figure(game, code)?.clone();
    if let Some(s) = &fig.state {
        if !strict {
            return Ok(Vec::new());
        }
        return Err(Error::usage(format!(
            "{} is {}: its counts no longer change",
            fig.code,
            state_label(g, s)
        ))
        .with_hint(format!(
            "`umpire mark {} -{s}` if that was a mistake",
            fig.code
        )));
    }
    let was = fig.counters.get(&c.name).copied().unwrap_or(0);
    let now = match change {
        Count::By(n) => was.saturating_add(n),
        Count::To(n) => n,
    }
    .clamp(0, COUNT_MAX);
    let mut f = fig.clone();
    if now == 0 {
        f.counters.remove(&c.name);
    } else {
        f.counters.insert(c.name.clone(), now);
    }
    if f != fig {
        game.apply(game.figure_change(&f.code, Some(f.clone())), event);
    }
    // By hand, the count as it was and became; from a roll, as it is, with what it took when
    // that is more than the one a result adds.
    let (figure, counter) = (f.code.clone(), c.label.clone());
    let line = match change {
        _ if strict => Said::Counted {
            figure,
            counter,
            was,
            now,
        },
        Count::By(n) if n != 1 => Said::Raised {
            figure,
            counter,
            now,
            by: Some(n),
        },
        _ => Said::Raised {
            figure,
            counter,
            now,
            by: None,
        },
    };
    let mut said = vec![line.to_string()];
    if let Some((at, then)) = c.threshold()
        && now >= at
    {
        said.extend(reached(game, ruleset, g, &f, c, (at, then), event)?);
    }
    Ok(said)
}

/// One more on a count of the turn that just ended (`turn`), kept aside for a check the
/// figure owed in it: reaching the table's number there does what it does, now.
pub fn count_in_last_turn(
    game: &mut Game,
    ruleset: &Ruleset,
    (code, turn): (&str, u32),
    name: &str,
    event: &mut Event,
) -> Result<Vec<String>> {
    let g = lookup::game_def(ruleset)?;
    let Some(c) = counter(g, name) else {
        return Err(Error::failure(format!("counter `{name}` vanished")));
    };
    let mut f = lookup::figure(game, code)?.clone();
    let now = f
        .last_turn
        .get(&c.name)
        .copied()
        .unwrap_or(0)
        .saturating_add(1)
        .clamp(0, COUNT_MAX);
    f.last_turn.insert(c.name.clone(), now);
    game.apply(game.figure_change(&f.code, Some(f.clone())), event);
    let mut said = vec![
        Said::InTurn {
            figure: f.code.clone(),
            counter: c.label.clone(),
            now,
            turn,
        }
        .to_string(),
    ];
    if let Some((at, then)) = c.threshold()
        && now >= at
        && f.state.is_none()
    {
        said.extend(reached(game, ruleset, g, &f, c, (at, then), event)?);
    }
    Ok(said)
}

/// What a count reaching the table's number does: a state takes the piece out, a marker goes
/// on (once: a piece already marked keeps its one marker).
fn reached(
    game: &mut Game,
    ruleset: &Ruleset,
    g: &GameDef,
    fig: &Figure,
    c: &CounterDef,
    (at, then): (i64, &str),
    event: &mut Event,
) -> Result<Vec<String>> {
    let reached = |then: &str| {
        Said::Reached {
            figure: fig.code.clone(),
            counter: c.label.clone(),
            at,
            then: then.to_string(),
        }
        .to_string()
    };
    if g.states.iter().any(|s| s.name == then) {
        let mut f = fig.clone();
        f.state = Some(then.to_string());
        game.apply(game.figure_change(&f.code, Some(f.clone())), event);
        return Ok(vec![reached(state_label(g, then))]);
    }
    // Work that turns a state: the marker goes on or comes off, and the count starts again.
    if c.toggles {
        let carries = fig.markers.iter().any(|m| m == then);
        let mark = if carries {
            Mark::Remove(then.to_string())
        } else {
            Mark::Add(then.to_string())
        };
        let mut said = markers::mark(game, ruleset, &fig.code, &[mark], event)?;
        let mut f = lookup::figure(game, &fig.code)?.clone();
        f.counters.remove(&c.name);
        game.apply(game.figure_change(&f.code, Some(f.clone())), event);
        if said.is_empty() {
            said.push(reached(marker_label(g, then)));
        }
        return Ok(said);
    }
    if fig.markers.iter().any(|m| m == then) {
        return Ok(Vec::new());
    }
    let mut said = markers::mark(
        game,
        ruleset,
        &fig.code,
        &[Mark::Add(then.to_string())],
        event,
    )?;
    if said.is_empty() {
        said.push(reached(marker_label(g, then)));
    }
    Ok(said)
}

/// The number factors a piece's counts set when it acts or is acted upon, with the count.
/// A count of 0 says nothing: the factor is then as the umpire gives it, or its default.
pub fn settings<'a>(
    g: &'a GameDef,
    fig: &'a Figure,
    acted_upon: bool,
) -> impl Iterator<Item = (&'a str, i64)> + 'a {
    g.counters.iter().filter_map(move |c| {
        let factor = if acted_upon { &c.acted_upon } else { &c.acting };
        let n = fig.counters.get(&c.name).copied().filter(|n| *n != 0)?;
        Some((factor.as_deref()?, n))
    })
}

/// The counters whose count on the piece is still 0 and that set factors while it is (no
/// shot fired yet: the next is its first).
pub fn none_yet<'a>(g: &'a GameDef, fig: &'a Figure) -> impl Iterator<Item = &'a CounterDef> + 'a {
    g.counters.iter().filter(move |c| {
        !c.while_none.is_empty() && fig.counters.get(&c.name).is_none_or(|n| *n == 0)
    })
}

/// A roll of `procedure` made by the piece `code`: each counter that counts such rolls counts
/// one more. Bookkeeping, kept in the roster and not said at every roll.
pub fn rolled(
    game: &mut Game,
    ruleset: &Ruleset,
    procedure: &str,
    code: &str,
    event: &mut Event,
) -> Result<()> {
    let g = lookup::game_def(ruleset)?;
    for c in g
        .counters
        .iter()
        .filter(|c| c.rolls.iter().any(|p| p == procedure))
    {
        count(game, ruleset, code, &c.name, Count::By(1), false, event)?;
    }
    Ok(())
}

/// What refuses piece `code` another roll of `procedure`: each counter of such rolls that has
/// counted its most, as a refusal naming its rule, with what would make it legal.
pub fn refusals(g: &GameDef, fig: &Figure, procedure: &str) -> Vec<(Refusal, Option<String>)> {
    g.counters
        .iter()
        .filter(|c| c.rolls.iter().any(|p| p == procedure))
        .filter_map(|c| {
            let most = c.most?;
            let done = fig.counters.get(&c.name).copied().unwrap_or(0);
            (done >= most).then(|| {
                let refusal = Refusal {
                    rule: c.rule.clone().unwrap_or_else(|| c.label.clone()),
                    who: fig.code.clone(),
                    why: format!("{}: {done} of {most} made", c.label),
                };
                let fix = c
                    .per_turn
                    .then(|| "a new turn counts afresh: `umpire turn`".to_string());
                (refusal, fix)
            })
        })
        .collect()
}

/// The words of [`settings`] (`FACTOR=2`), those `wanted`.
pub fn words(
    g: &GameDef,
    fig: &Figure,
    acted_upon: bool,
    wanted: &dyn Fn(&str) -> bool,
) -> Vec<String> {
    settings(g, fig, acted_upon)
        .filter(|(factor, _)| wanted(factor))
        .map(|(factor, n)| format!("{factor}={n}"))
        .collect()
}

/// The amounts one step of a roll inflicted, added to the counters that add up amounts of
/// its unit: on the piece acted upon, or, where both sides of an opposed roll score,
/// each side's on the other side's piece; and the amounts it gave the piece acting, added
/// to the counters that earn them.
pub fn land_amount(
    game: &mut Game,
    ruleset: &Ruleset,
    step: &Step,
    figures: &Figures,
    event: &mut Event,
) -> Result<Vec<String>> {
    let g = lookup::game_def(ruleset)?;
    let Some(unit) = step.lands_as.as_ref().map(|l| l.unit.as_str()).or_else(|| {
        ruleset
            .procedure(&step.procedure)
            .and_then(|p| p.amount.as_ref())
            .and_then(|a| a.unit.as_deref())
    }) else {
        return Ok(Vec::new());
    };
    // (the piece that takes it, the amount)
    let amount_on = |piece: &Option<String>| -> Vec<(String, i64)> {
        piece.iter().cloned().zip(step.decision.amount).collect()
    };
    let (taken, earned) = match &step.decision.read {
        Read::Amounts { sides, .. } => (
            sides
                .iter()
                .filter_map(|scored| {
                    let (_, code) = figures.sides.iter().find(|(s, _)| *s != scored.side)?;
                    Some((code.clone(), scored.amount))
                })
                .collect(),
            Vec::new(),
        ),
        _ => (amount_on(&figures.acted_upon), amount_on(&figures.acting)),
    };
    let counting = |of: fn(&CounterDef) -> Option<&str>| -> Vec<String> {
        g.counters
            .iter()
            .filter(|c| of(c) == Some(unit))
            .map(|c| c.name.clone())
            .collect()
    };
    let inflicted = counting(|c| c.amounts.as_deref());
    let earning = counting(|c| c.earns.as_deref());
    let mut said = Vec::new();
    let landing = taken
        .iter()
        .map(|t| (t, &inflicted))
        .chain(earned.iter().map(|t| (t, &earning)));
    for ((code, n), names) in landing.filter(|((_, n), _)| *n > 0) {
        for name in names {
            said.extend(count(
                game,
                ruleset,
                code,
                name,
                Count::By(*n),
                false,
                event,
            )?);
        }
    }
    Ok(said)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game keeping two counters, `hits` and `hits-taken`, that put a piece `out` at 7.
    fn game_def() -> GameDef {
        let text = "sides: [{name: a}, {name: b}]\nstates: [{name: out, label: out}]";
        let schema: crate::rules::schema::GameDef =
            serde_yaml::from_str(text).unwrap_or_else(|e| panic!("{e}"));
        GameDef {
            sides: schema.sides,
            pieces: schema.pieces,
            unit: Default::default(),
            acted_upon: Default::default(),
            roles: Vec::new(),
            required: Vec::new(),
            size: None,
            losses: None,
            markers: Vec::new(),
            implies: Vec::new(),
            counters: ["hits", "hits-taken"]
                .map(|name| CounterDef {
                    name: name.into(),
                    label: name.into(),
                    per_turn: false,
                    per_activation: false,
                    at: Some(7),
                    then: Some("out".into()),
                    amounts: None,
                    earns: None,
                    acting: None,
                    acted_upon: None,
                    rolls: Vec::new(),
                    while_none: Default::default(),
                    most: None,
                    rule: None,
                    toggles: false,
                    note: None,
                })
                .to_vec(),
            states: schema.states,
            links: Vec::new(),
            actions: Vec::new(),
            action_limits: None,
            charge: None,
            combine: None,
            conditions: Vec::new(),
            open_sides: false,
            limits: Vec::new(),
            falls_among: None,
            turn_factor: None,
            own_turn_factor: None,
        }
    }

    #[test]
    fn a_counters_change_is_read_from_its_word() {
        let g = game_def();
        let read = |w: &str| parse(&g, w).map(|r| r.map_err(|e| e.to_string()));
        assert_eq!(read("hits+2"), Some(Ok(("hits".into(), Count::By(2)))));
        assert_eq!(read("Hits-1"), Some(Ok(("hits".into(), Count::By(-1)))));
        assert_eq!(read("hits=0"), Some(Ok(("hits".into(), Count::To(0)))));
        assert_eq!(
            read("Hits-Taken+3"),
            Some(Ok(("hits-taken".into(), Count::By(3))))
        );
        assert_eq!(
            read("hits-taken-1"),
            Some(Ok(("hits-taken".into(), Count::By(-1))))
        );
        let said = |w: &str| match read(w) {
            Some(Err(e)) => e,
            other => panic!("{w}: {other:?}"),
        };
        assert!(said("hits-taken=-1").contains("needs a whole number from 0 to 999 after `=`"));
        assert!(said("hits-taken").contains("`hits-taken` needs a change"));
        assert_eq!(read("+pinned"), None);
        assert_eq!(read("pinned"), None);
        assert!(matches!(read("hit+1"), Some(Err(e)) if e.contains("no counter `hit`")));
        assert!(matches!(read("hits+x"), Some(Err(e)) if e.contains("whole number")));
        assert!(matches!(read("hits+1000"), Some(Err(_))));
    }
}
