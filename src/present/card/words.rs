//! How the tables' data is said on a card: dice, follow-ups, what a result means, the turn
//! rule and a chance as a percentage. `explain` and `sheet` say results the same way through
//! these; conditions, guards, policies and bands are said by `present::words`, as typed or in
//! the umpire's words as the card's voice asks.

use std::fmt::Write as _;

use super::Voice;
use crate::engine::fraction::Fraction;
use crate::model::Ruleset;
use crate::model::{
    DrawTurn, FirstPlayer, FollowDef, Guarded, MarksDef, PlayersDef, ProcedureDef, ResultDef,
    RollCase, Rounding, TurnDef, TurnOrder, WhichSide,
};
use crate::present::words;
use crate::words::{capitalised, times};

/// A guard as the voice says it: typed (`kind=a or FLAG`) or in the umpire's words
/// (`the label of a, or FLAG`).
pub(super) fn guard_in(r: &Ruleset, voice: Voice, g: crate::model::Guard<'_>) -> String {
    match voice {
        Voice::Typed => words::guard(g),
        Voice::Plain => words::plain_guard(r, g),
    }
}

/// ` (when X)`, ` (unless Y)` as the voice says it.
pub(super) fn clause_in(r: &Ruleset, voice: Voice, g: crate::model::Guard<'_>) -> String {
    match voice {
        Voice::Typed => words::clause(g),
        Voice::Plain => words::plain_clause(r, g),
    }
}

/// The marks in a text in the umpire's words stand for markers, which a page may draw in their
/// colours: `MARK name SEP label END`.
const MARK: char = '\u{E000}';
const SEP: char = '\u{E001}';
const END: char = '\u{E002}';

/// A marker named in a text, for a page to draw (see [`marked_pieces`]).
pub fn marker_ref(name: &str, label: &str) -> String {
    format!("{MARK}{name}{SEP}{label}{END}")
}

/// A piece of a text that may name markers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece<'a> {
    Text(&'a str),
    /// A marker: its name and its label.
    Marker(&'a str, &'a str),
}

/// A text cut into its words and the markers it names.
pub fn marked_pieces(text: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(MARK) {
        let (before, from) = rest.split_at(at);
        let inner = &from[MARK.len_utf8()..];
        let Some(end) = inner.find(END) else { break };
        if !before.is_empty() {
            out.push(Piece::Text(before));
        }
        let body = &inner[..end];
        let (name, label) = body.split_once(SEP).unwrap_or((body, body));
        out.push(Piece::Marker(name, label));
        rest = &inner[end + END.len_utf8()..];
    }
    if !rest.is_empty() {
        out.push(Piece::Text(rest));
    }
    out
}

/// A text with the markers it names said by their labels, for a page without colours.
pub fn unmarked(text: &str) -> String {
    marked_pieces(text)
        .into_iter()
        .map(|p| match p {
            Piece::Text(t) | Piece::Marker(_, t) => t,
        })
        .collect()
}

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

/// A step that follows, in the umpire's words: `then TITLE`, `must follow: TITLE for the loser
/// (VALUE LABEL, VALUE LABEL; if ...): note`.
fn plain_follow_words(r: &Ruleset, f: &FollowDef, whom: &[String], must: bool) -> String {
    let title = r
        .procedure(&f.procedure)
        .map_or_else(|| f.procedure.clone(), |p| p.title.clone());
    let mut s = if must {
        format!("must follow: {title}")
    } else {
        format!("then {title}")
    };
    if !whom.is_empty() {
        let _ = write!(s, " for {}", whom.join(" and "));
    }
    if !f.set.is_empty() {
        let _ = write!(s, " ({})", words::plain_settings(r, &f.set));
    }
    s.push_str(&words::plain_clause(r, f.guard()));
    s.push_str(&words::amount_clause(f.amount.as_ref()));
    if let Some(n) = &f.note {
        let _ = write!(s, ": {n}");
    }
    s
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
    s.push_str(&words::amount_clause(f.amount.as_ref()));
    if let Some(n) = &f.note {
        let _ = write!(s, ": {n}");
    }
    s
}

/// A step that follows, in the voice asked for, for the sides named and the figure the
/// follow-up is `on`.
fn follow_in(r: &Ruleset, voice: Voice, f: &FollowDef, sides: &[String], must: bool) -> String {
    let whom = whom(r, f, sides.iter());
    match voice {
        Voice::Typed => follow_words(f, &whom, must),
        Voice::Plain => plain_follow_words(r, f, &whom, must),
    }
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
    any_result_parts_in(r, p, Voice::Typed)
}

/// What another unit may do in answer to the roll, in words (empty when nothing).
pub fn may_follow_parts(r: &Ruleset, p: &ProcedureDef) -> Vec<String> {
    may_follow_parts_in(r, p, Voice::Typed)
}

/// The same in the voice asked for: `may follow: NAME ...`.
pub(super) fn may_follow_parts_in(r: &Ruleset, p: &ProcedureDef, voice: Voice) -> Vec<String> {
    p.may_follow
        .iter()
        .map(|f| {
            let sides: Vec<String> = f.side.iter().cloned().collect();
            let said = follow_in(r, voice, f, &sides, false);
            // Said as a step that follows at once, and named for what it is: a choice.
            format!("may follow: {}", said.trim_start_matches("then "))
        })
        .collect()
}

/// The same in the voice asked for.
pub(super) fn any_result_parts_in(r: &Ruleset, p: &ProcedureDef, voice: Voice) -> Vec<String> {
    let mut parts: Vec<String> = p
        .follow_up
        .iter()
        .map(|f| {
            let sides: Vec<String> = f.side.iter().cloned().collect();
            follow_in(r, voice, f, &sides, true)
        })
        .collect();
    parts.extend(mark_parts(r, &p.marks, voice));
    parts
}

/// What one result means, in words: its note, what it becomes, the steps that follow at once
/// and the checks that must follow, and the marks it makes. Cards and `umpire rules PROC` say
/// it the same way.
pub fn result_parts(r: &Ruleset, p: &ProcedureDef, res: &ResultDef) -> Vec<String> {
    result_parts_in(r, p, res, voice_with(Voice::Typed, true))
}

/// A voice, and whether what a result becomes is said with it (`false` where a chart of its
/// own says it).
pub(super) struct Said {
    pub voice: Voice,
    pub becomes: bool,
}

pub(super) fn voice_with(voice: Voice, becomes: bool) -> Said {
    Said { voice, becomes }
}

/// What one result means, in the voice asked for (see [`result_parts`]).
pub(super) fn result_parts_in(
    r: &Ruleset,
    p: &ProcedureDef,
    res: &ResultDef,
    said: Said,
) -> Vec<String> {
    let voice = said.voice;
    let mut parts = Vec::new();
    if let Some(n) = &res.note {
        parts.push(n.clone());
    }
    let becomes = if said.becomes { &res.becomes[..] } else { &[] };
    for b in becomes {
        // In an opposed roll the condition is read on one side: `(loser: unless x=y)`, or
        // in words `(the loser, unless VALUE LABEL)`.
        let condition = match (voice, &b.side, guard_in(r, voice, b.guard())) {
            (_, _, w) if w.is_empty() => String::new(),
            (Voice::Plain, Some(side), w) if w.starts_with("unless ") => {
                format!(" (the {side}, {w})")
            }
            (Voice::Plain, Some(side), w) => format!(" (the {side}, if {w})"),
            (Voice::Typed, Some(side), w) if w.starts_with("unless ") => {
                format!(" ({side}: {w})")
            }
            (Voice::Typed, Some(side), w) => format!(" ({side}: when {w})"),
            (_, None, _) => clause_in(r, voice, b.guard()),
        };
        parts.push(format!(
            "{}: {}{condition}",
            b.label,
            result_label(p, &b.result)
        ));
    }
    let follow = |f: &FollowDef, sides: &[String], must: bool| follow_in(r, voice, f, sides, must);
    for f in &res.next {
        let sides: Vec<String> = f.side.iter().cloned().collect();
        parts.push(follow(f, &sides, false));
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
        parts.push(follow(f, sides, true));
    }
    parts.extend(mark_parts(r, &res.marks, voice));
    parts.extend(spread_parts(r, &res.spread, voice));
    parts
}

/// What a result spreads at random over the unit acted upon: `at random over the target's
/// unit, 2 times: +NAME`.
fn spread_parts(r: &Ruleset, spread: &[crate::model::SpreadDef], voice: Voice) -> Vec<String> {
    let on = crate::game::roles::noun(r.model.game.as_ref(), crate::model::Role::ActedUpon);
    spread
        .iter()
        .map(|s| {
            let changes = match voice {
                Voice::Typed => s.change.join(" "),
                Voice::Plain => plain_changes(r, &s.change),
            };
            let clause = match voice {
                Voice::Typed => words::clause(s.guard()),
                Voice::Plain => words::plain_clause(r, s.guard()),
            };
            format!(
                "at random over the unit of {on}, {}: {changes}{clause}",
                times(u64::from(s.count))
            )
        })
        .collect()
}

/// The marks a result (or the roll) makes, in words: `marks the target: +NAME`.
fn mark_parts(r: &Ruleset, marks: &[MarksDef], voice: Voice) -> Vec<String> {
    marks
        .iter()
        .map(|m| {
            let mut on = crate::game::roles::noun(r.model.game.as_ref(), m.on);
            // A change over a side: every piece of it carrying a marker.
            if let Some(k) = &m.side_carrying {
                let label = r
                    .model
                    .game
                    .as_ref()
                    .and_then(|g| g.markers.iter().find(|x| &x.name == k))
                    .map_or(k.as_str(), |x| x.label.as_str());
                on = match voice {
                    Voice::Typed => format!("every piece of {on}'s side carrying {k}"),
                    Voice::Plain => format!("every piece of {on}'s side {label}"),
                };
            }
            match voice {
                Voice::Typed => format!(
                    "marks {on}: {}{}",
                    m.change.join(" "),
                    words::clause(m.guard())
                ),
                Voice::Plain => format!(
                    "{on}: {}{}",
                    plain_changes(r, &m.change),
                    words::plain_clause(r, m.guard())
                ),
            }
        })
        .collect()
}

/// Changes a result makes to a figure, in the umpire's words: a marker put on or taken off
/// (named for a page to draw), a state the figure is put in, a count kept.
fn plain_changes(r: &Ruleset, changes: &[String]) -> String {
    let g = r.model.game.as_ref();
    let said: Vec<String> = changes
        .iter()
        .map(|c| {
            let (on, name) = match c.strip_prefix('-') {
                Some(n) => (false, n),
                None => (true, c.strip_prefix('+').unwrap_or(c)),
            };
            if let Some(m) = g.and_then(|g| g.markers.iter().find(|m| m.name == name)) {
                let what = if on { "mark" } else { "take off" };
                return format!("{what} {}", marker_ref(&m.name, &m.label));
            }
            if let Some(s) = g.and_then(|g| g.states.iter().find(|s| s.name == name)) {
                return s.label.clone();
            }
            if let Some(k) = g.and_then(|g| g.counters.iter().find(|k| k.name == name)) {
                return if on {
                    format!("+1 {}", k.label)
                } else {
                    format!("{} back to 0", k.label)
                };
            }
            name.replace('-', " ")
        })
        .collect();
    said.join(", ")
}

/// The turn rule, a sentence per part: (`Phases`, `75% of the units on the larger side, ...`);
/// the draw's part is named after its tokens (`Chits`).
pub fn turn_rules(t: &TurnDef) -> Vec<(String, String)> {
    let mut rules = match &t.order {
        TurnOrder::Draw(d) => draw_rules(d),
        TurnOrder::Players(p) => players_rules(p),
    };
    if let Some(n) = t.activations {
        let within = if t.draw().is_some() {
            "a turn"
        } else {
            "its side's player turn"
        };
        rules.push((
            "Activations".to_string(),
            format!("a unit acts at most {} in {within}", times(u64::from(n))),
        ));
    }
    if t.draw().is_some_and(|d| d.react.is_some()) {
        let token = t.draw().map_or("token", |d| d.draw.token.as_str());
        rules.push((
            "React".to_string(),
            format!(
                "a side may hold one {token} it drew, instead of acting on it, and spend it later \
                 in the turn to act in the other side's phase"
            ),
        ));
    }
    rules
}

fn draw_rules(t: &DrawTurn) -> Vec<(String, String)> {
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
    vec![
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
    ]
}

/// Player turns: who plays first, the steps, the chain, the pool and what it buys.
fn players_rules(p: &PlayersDef) -> Vec<(String, String)> {
    let first = match p.first {
        FirstPlayer::Sides => {
            "each side plays a player turn, in the order of the sides".to_string()
        }
        FirstPlayer::Pool => format!(
            "each side plays a player turn; the side that rolls more {} plays first (a tie is \
             thrown again)",
            p.pool.as_ref().map_or("points", |x| x.points.as_str())
        ),
        FirstPlayer::DiceOff => {
            let d = p.dice_off.as_ref();
            let mut s = format!(
                "each side plays a player turn; the sides throw {} once, before the first turn \
                 (a tie is thrown again), and the high scorer plays first in every turn",
                d.map_or("a die", |x| x.dice.as_str())
            );
            if let Some(n) = d.and_then(|x| x.note.as_deref()) {
                s.push_str("; ");
                s.push_str(n);
            }
            s
        }
    };
    let mut rules = vec![("Player turns".to_string(), first)];
    if !p.steps.is_empty() {
        let steps = crate::words::numbered(p.steps.iter().map(|s| s.label()));
        rules.push(("Steps".to_string(), steps));
    }
    if !p.then.is_empty() {
        // Numbered on from the player turn's steps.
        let then = p
            .then
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let rolls: Vec<String> = s.rolls.iter().map(|r| r.procedure.clone()).collect();
                format!(
                    "{}. {} ({})",
                    p.steps.len() + i + 1,
                    s.label,
                    rolls.join(", ")
                )
            })
            .collect::<Vec<_>>()
            .join("; ");
        rules.push(("After the player turns".to_string(), then));
    }
    if let Some(c) = &p.chain {
        rules.push((
            "Chain".to_string(),
            format!(
                "a player activates units one at a time with `{}` until one ends the chain \
                 ({}); then the next player plays",
                c.procedure,
                c.ends_on.join(", ")
            ),
        ));
    }
    if let Some(pool) = &p.pool {
        let (fill, joining) = match &pool.fill {
            crate::model::PoolFill::Dice(d) => (format!("each side rolls {d}"), None),
            crate::model::PoolFill::Roll {
                procedure,
                who,
                joins,
            } => {
                let whom = if who.is_empty() {
                    "each figure".to_string()
                } else {
                    format!("each figure with {}", words::conditions(who, ", "))
                };
                let joining = (!joins.is_empty()).then(|| {
                    format!(
                        "; a figure with {} rolls it into the pool when points are spent on its unit, \
                         once a turn",
                        words::conditions(joins, ", ")
                    )
                });
                (
                    format!("{whom} rolls `{procedure}` into its side's pool"),
                    joining,
                )
            }
        };
        rules.push((
            capitalised(&pool.points),
            format!(
                "{fill} when a turn starts, and each side spends its own in its player turn{}",
                joining.unwrap_or_default()
            ),
        ));
        for s in &pool.spend {
            let mut line = match &s.each {
                None => format!("{} {}", pool.count(i64::from(s.cost)), s.label),
                Some(each) => {
                    let mut cost = format!("{} a figure", pool.count(i64::from(each.cost)));
                    if s.cost > 0 {
                        cost = format!("{} and {cost}", pool.count(i64::from(s.cost)));
                    }
                    for c in &each.cases {
                        cost.push_str(&format!(", {} {}", c.cost, c.label));
                    }
                    format!("{}: {cost}", s.label)
                }
            };
            if !s.puts_on.is_empty() {
                line.push_str(&format!("; marks it {}", s.puts_on.join(" and ")));
            }
            for e in &s.extras {
                line.push_str(&format!("; +{} {}", e.cost, e.label));
                if !e.when_lost.is_empty() {
                    line.push_str(&format!(
                        " (paid untyped once the side's unit with {} is out of the game)",
                        words::conditions(&e.when_lost, " and ")
                    ));
                }
            }
            if let Some(n) = s.per_unit {
                line.push_str(&format!("; {} a unit a turn", times(u64::from(n))));
            }
            rules.push((format!("Spend {}", s.name), line));
        }
        if let Some(n) = &pool.note {
            rules.push(("Note".to_string(), n.clone()));
        }
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

/// A chance in whole percent for a printed table (`17`, `<1`, `>99`, `100`, `-`): never a
/// certainty, nor an impossibility, the dice do not give.
pub fn whole_percent(p: Fraction) -> String {
    if p.is_zero() {
        return "-".into();
    }
    if p == Fraction::ONE {
        return "100".into();
    }
    let x = p.percent();
    if x < 0.5 {
        "<1".into()
    } else if x >= 99.5 {
        ">99".into()
    } else {
        format!("{x:.0}")
    }
}
