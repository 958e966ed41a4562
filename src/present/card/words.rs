//! How the tables' data is said on a card: dice, follow-ups, what a result means, the turn
//! rule and a chance as a percentage. `explain` and `sheet` say results the same way through
//! these; conditions, guards, policies and bands are said by `present::words`.

use std::fmt::Write as _;

use crate::engine::fraction::Fraction;
use crate::model::Ruleset;
use crate::model::{
    FollowDef, Guarded, ProcedureDef, ResultDef, RollCase, Rounding, TurnDef, WhichSide,
};
use crate::present::words;
use crate::words::{capitalised, times};

pub(super) fn result_label(p: &ProcedureDef, name: &str) -> String {
    p.results
        .iter()
        .find(|r| r.name == name)
        .map_or_else(|| name.to_string(), |r| r.label.clone())
}

/// `2d6`, or `1x (faces 2,3,3,4,4,5)` for a die with faces of its own.
pub(super) fn dice_words(r: &Ruleset, text: &str) -> String {
    match r.dice(text) {
        Ok(spec) => {
            let plain = spec.die.faces.iter().zip(1..).all(|(f, i)| *f == i);
            if plain {
                text.to_string()
            } else {
                format!("{text} (faces {})", spec.die.describe_faces())
            }
        }
        Err(_) => text.to_string(),
    }
}

/// The dice of one case of a roll (`1d6 per 2 figures, at least 1`, `no roll: 3`): shared by
/// the dice part and the amount's odds, which name a case by its dice when it has no label.
pub(super) fn case_dice(r: &Ruleset, c: &RollCase) -> String {
    match (&c.dice, c.fixed, &c.count) {
        (_, Some(v), _) => format!("no roll: {v}"),
        (Some(d), None, Some(n)) => {
            let least = if n.min > 1 {
                format!(", at least {}", n.min)
            } else {
                String::new()
            };
            format!("{} per {} {}{least}", dice_words(r, d), n.per, n.factor)
        }
        (Some(d), None, None) => dice_words(r, d),
        (None, None, _) => String::new(),
    }
}

/// A step that follows, by the name the umpire types: `must follow: NAME for the loser, with
/// FACTOR=VALUE (when ...): note` (for each figure of `whom`: `the loser`, `the figure acted
/// upon`).
fn follow_words(f: &FollowDef, whom: &[String], must: bool) -> String {
    let mut s = if must {
        format!("must follow: {}", f.procedure)
    } else {
        format!("then {}", f.procedure)
    };
    if !whom.is_empty() {
        let _ = write!(s, " for {}", whom.join(" and "));
    }
    if !f.set.is_empty() {
        let set: Vec<String> = f
            .set
            .iter()
            .map(|(k, v)| format!("{k}={}", v.word()))
            .collect();
        let _ = write!(s, ", with {}", set.join(" "));
    }
    s.push_str(&words::clause(f.guard()));
    if let Some(n) = &f.note {
        let _ = write!(s, ": {n}");
    }
    s
}

/// What one result means, in words: its note, what it becomes, the steps that follow at once
/// and the checks that must follow, and the marks it makes. Cards and `umpire rules PROC` say
/// it the same way.
pub fn result_parts(r: &Ruleset, p: &ProcedureDef, res: &ResultDef) -> Vec<String> {
    let mut parts = Vec::new();
    if let Some(n) = &res.note {
        parts.push(n.clone());
    }
    for b in &res.becomes {
        // In an opposed roll the condition is read on one side: `(loser: unless x=y)`.
        let condition = match (&b.side, words::guard(b.guard())) {
            (_, w) if w.is_empty() => String::new(),
            (Some(side), w) if w.starts_with("unless ") => format!(" ({side}: {w})"),
            (Some(side), w) => format!(" ({side}: when {w})"),
            (None, _) => words::clause(b.guard()),
        };
        parts.push(format!(
            "{}: {}{condition}",
            b.label,
            result_label(p, &b.result)
        ));
    }
    for f in &res.next {
        parts.push(follow_words(f, &whom(r, f, f.side.iter()), false));
    }
    // The same check for each side (a tie tests both) is said once, for both.
    let mut follows: Vec<(&FollowDef, Vec<String>)> = Vec::new();
    for f in &res.follow_up {
        let same = |g: &FollowDef| {
            g.procedure == f.procedure
                && g.set == f.set
                && g.rename == f.rename
                && g.carry == f.carry
                && g.when == f.when
                && g.any == f.any
                && g.unless == f.unless
                && g.note == f.note
        };
        match (follows.last_mut(), &f.side) {
            (Some((g, sides)), Some(side)) if same(g) && !sides.is_empty() => {
                sides.push(side.clone());
            }
            _ => {
                let sides = f.side.iter().cloned().collect();
                follows.push((f, sides));
            }
        }
    }
    for (f, sides) in &follows {
        parts.push(follow_words(f, &whom(r, f, sides.iter()), true));
    }
    for m in &res.marks {
        parts.push(format!(
            "marks {}: {}{}",
            crate::game::roles::noun(r.model.game.as_ref(), m.on),
            m.change.join(" "),
            words::clause(m.guard())
        ));
    }
    parts
}

/// Whom a follow-up is for, as a card says it: `the loser`, the role's noun of the figure
/// acted upon.
fn whom<'a>(r: &Ruleset, f: &FollowDef, sides: impl Iterator<Item = &'a String>) -> Vec<String> {
    let mut whom: Vec<String> = sides.map(|s| format!("the {s}")).collect();
    whom.extend(f.on.map(|on| crate::game::roles::noun(r.model.game.as_ref(), on)));
    whom
}

/// How a card and `umpire rules PROC` head what follows whatever the result.
pub const ANY_RESULT: &str = "any result";

/// The checks a procedure calls for whatever its result, in words (empty when none).
pub fn any_result_parts(r: &Ruleset, p: &ProcedureDef) -> Vec<String> {
    p.follow_up
        .iter()
        .map(|f| follow_words(f, &whom(r, f, f.side.iter()), true))
        .collect()
}

/// The turn rule, a sentence per part: (`Phases`, `75% of the units on the larger side, ...`);
/// the draw's part is named after its tokens (`Chits`).
pub fn turn_rules(t: &TurnDef) -> Vec<(String, String)> {
    let side = |s: WhichSide| match s {
        WhichSide::Larger => "larger",
        WhichSide::Smaller => "smaller",
    };
    let rounding = match t.phases.rounding {
        Rounding::HalfUp => "to the nearest, halves up",
        Rounding::Down => "down",
        Rounding::Up => "up",
    };
    let d = &t.draw;
    let mut rules = vec![
        (
            "Phases".to_string(),
            format!(
                "{}% of the units on the {} side, rounded {rounding}, at least {}",
                t.phases.percent,
                side(t.phases.of),
                t.phases.min
            ),
        ),
        (
            capitalised(&d.plural()),
            format!(
                "each side puts in the bag as many as the {} side has units; each {} drawn is \
                 a phase for its side",
                side(d.per_side),
                d.token
            ),
        ),
    ];
    if let Some(n) = t.activations {
        rules.push((
            "Activations".to_string(),
            format!("a unit acts at most {} in a turn", times(u64::from(n))),
        ));
    }
    if t.react.is_some() {
        rules.push((
            "React".to_string(),
            format!(
                "a side may hold one {} it drew, instead of acting on it, and spend it later in \
                 the turn to act in the other side's phase",
                d.token
            ),
        ));
    }
    rules
}

/// A chance as a rounded percentage that never claims a certainty the dice do not give.
pub fn percent(p: Fraction) -> String {
    if p.is_zero() {
        return "-".into();
    }
    if p == Fraction::ONE {
        return "100%".into();
    }
    let x = p.percent();
    if x < 0.05 {
        "<0.1%".into()
    } else if x > 99.95 {
        ">99.9%".into()
    } else {
        format!("{x:.1}%")
    }
}
