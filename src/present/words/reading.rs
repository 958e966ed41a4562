//! How a throw was read and thrown again, in words: the target of a check, the decision a
//! throw gave (a total against a target, a table, a grid, an amount, one side against the
//! other, compared amounts), how a plan reads its total, a check the modifiers made
//! impossible and the procedure rolled instead, and each re-roll, taken or not, with the rule
//! a card states for it.

use super::{clause, or_list, plain_clause};
use crate::engine::decision::{AmountStep, Decision, Margin, Read, Scored};
use crate::engine::plan::{Plan, Reading};
use crate::engine::record::Fallback;
use crate::engine::reroll::{Bound, Cause, Reroll};
use crate::engine::throw::{Target, TargetFrom};
use crate::model::{Below, CompareBy, Guarded, Ruleset};
use crate::words::compared;

/// A re-roll whose guard held: `LABEL: RESULT, thrown again; the second throw stands`,
/// `LABEL: AMOUNT, below the average of a throw (N/D), thrown again; ...`, or why the throw was
/// not thrown again and stands.
pub fn reroll(r: &Reroll) -> String {
    let dice = r.side.as_ref().map_or_else(
        || "thrown again".to_string(),
        |s| format!("the {s}'s dice thrown again"),
    );
    let why = match &r.cause {
        Cause::Result => String::new(),
        Cause::Below { bound, average, .. } => {
            let bound = self::bound(*bound);
            let of = if *average {
                format!("the average of a throw ({bound})")
            } else {
                bound
            };
            let which = if r.taken { "below" } else { "not below" };
            format!(", {which} {of}")
        }
    };
    if r.taken {
        format!(
            "{}: {}{why}, {dice}; the second throw stands",
            r.label, r.first
        )
    } else {
        format!("{}: not called for: {}{why}; it stands", r.label, r.first)
    }
}

/// A bound as a whole number or an exact fraction (`N/D`), with its sign.
fn bound(b: Bound) -> String {
    if b.is_whole() {
        b.num.to_string()
    } else {
        format!("{}/{}", b.num, b.den)
    }
}

/// What a re-roll throws again and when, for cards and `umpire rules`: `LABEL (when FLAG):
/// RESULT thrown again once; the second throw stands`, `LABEL: the SIDE's dice thrown again once
/// on RESULT, unless it won; ...`.
pub fn reroll_rule(
    r: &Ruleset,
    p: &crate::model::ProcedureDef,
    rr: &crate::model::RerollDef,
    plain: bool,
) -> String {
    let when = if plain {
        plain_clause(r, rr.guard())
    } else {
        clause(rr.guard())
    };
    let dice = rr.side.as_ref().map_or_else(
        || "thrown again".to_string(),
        |s| format!("the {s}'s dice thrown again"),
    );
    let what = match rr.below {
        Some(b) => {
            let bound = match b {
                Below::Average => "the average of a throw".to_string(),
                Below::Number(n) => n.to_string(),
            };
            format!("{dice} once when it scores below {bound}")
        }
        None => {
            let on: Vec<String> = rr.on.iter().map(|o| p.result_label(o)).collect();
            match &rr.side {
                Some(_) => format!("{dice} once on {}, unless it won", or_list(&on)),
                None => format!("{} {dice} once", or_list(&on)),
            }
        }
    };
    format!("{}{when}: {what}; the second throw stands", rr.label)
}

/// Why a roll was made as another procedure: `5 or more cannot be reached (at best 3):
/// LABEL; rolled as PROCEDURE instead`.
pub fn fallback(f: &Fallback) -> String {
    format!(
        "{} cannot be reached (at best {}): {}; rolled as {} instead",
        compared(f.compare, &target(&f.target)),
        f.best,
        f.label,
        f.becomes
    )
}

/// A check's fallback as a card and `umpire rules` state it: `when the modifiers put it out of
/// reach, rolled as PROCEDURE (LABEL)`.
pub fn fallback_rule(i: &crate::model::ImpossibleDef) -> String {
    format!(
        "when the modifiers put it out of reach: rolled as {} ({})",
        i.becomes, i.label
    )
}

/// A check's target: `8`, `7 (FACTOR)`, `5 (ROWS a, COLUMNS b)`.
pub fn target(t: &Target) -> String {
    match &t.from {
        None => t.value.to_string(),
        Some(TargetFrom::Factor(f)) => format!("{} ({f})", t.value),
        Some(TargetFrom::Cell {
            row: (rows, row),
            column: (columns, col),
        }) => format!("{} ({rows} {row}, {columns} {col})", t.value),
    }
}

/// How a throw gave its result: `total 9 against 8 or more: RESULT`, `NATURAL: RESULT,
/// whatever the modifiers`, `SIDE 7 against OTHER 4: SIDE wins by 3; OTHER: RESULT`.
pub fn decision(d: &Decision) -> String {
    // The label read from the dice, before a `becomes` turned it into another.
    let read = d
        .became
        .as_ref()
        .map_or(d.label.as_str(), |b| b.from.as_str());
    let read_at = |total: i64, at: i64| {
        if at == total {
            String::new()
        } else {
            format!(", read as {at}")
        }
    };
    let mut text = match &d.read {
        Read::Natural => format!(
            "{}: {read}, whatever the modifiers",
            d.natural.as_deref().unwrap_or_default()
        ),
        Read::NotNatural { natural } => format!("only {natural} counts: {read}"),
        Read::Check {
            total,
            compare,
            target,
        } => format!(
            "total {total} against {}: {read}",
            compared(*compare, &self::target(target))
        ),
        Read::Table { total, read: at } => format!("total {total}{}: {read}", read_at(*total, *at)),
        Read::Grid {
            row,
            total,
            read: at,
        } => format!("row {row}, total {total}{}: {read}", read_at(*total, *at)),
        Read::Amount { total, steps } => {
            format!("total {total}{}: {read}", amount_steps(steps))
        }
        Read::Counted {
            dice,
            compare,
            target,
            passed,
        } => {
            let shown: Vec<String> = dice.iter().map(ToString::to_string).collect();
            format!(
                "each die against {}: {} ({passed} of {}): {read}",
                compared(*compare, &self::target(target)),
                shown.join(" "),
                dice.len()
            )
        }
        Read::Amounts {
            sides: [a, b],
            winner,
            margin,
        } => {
            let scored = |s: &Scored| {
                let mut text = format!("{} {}", s.side, s.label);
                if !s.steps.is_empty() {
                    text.push_str(&format!(" (total {}{})", s.total, amount_steps(&s.steps)));
                }
                text
            };
            let scores = format!("{} against {}", scored(a), scored(b));
            let loser = d.loser.as_deref().unwrap_or_default();
            let w = winner.as_deref().unwrap_or_default();
            match margin {
                Margin::Tie => format!("{scores}, equal: {read}"),
                Margin::By(m) => format!("{scores}: {w} scores more, by {m}; {loser}: {read}"),
                Margin::Doubling(doubled) => {
                    let score = if *doubled {
                        " and doubles the score"
                    } else {
                        ""
                    };
                    format!("{scores}: {w} scores more{score}; {loser}: {read}")
                }
            }
        }
        Read::Compare {
            sides: [(a, x), (b, y)],
            winner,
            margin,
        } => {
            let scores = format!("{a} {x} against {b} {y}");
            let loser = d.loser.as_deref().unwrap_or_default();
            let w = winner.as_deref().unwrap_or_default();
            match margin {
                Margin::Tie => format!("{scores}: {read}"),
                Margin::By(m) => format!("{scores}: {w} wins by {m}; {loser}: {read}"),
                Margin::Doubling(doubled) => {
                    let score = if *doubled {
                        " and doubles the score"
                    } else {
                        ""
                    };
                    format!("{scores}: {w} wins{score}; {loser}: {read}")
                }
            }
        }
    };
    if let Some(b) = &d.became {
        text.push_str(&format!("; {}: {}", b.label, d.label));
    }
    text
}

/// The steps from a total to its amount: `, halved (WHY, rounded down) to 3, never below 0`.
fn amount_steps(steps: &[AmountStep]) -> String {
    let mut text = String::new();
    for s in steps {
        match s {
            AmountStep::Halved { why, up, to } => {
                let way = if *up { "up" } else { "down" };
                text.push_str(&format!(", halved ({why}, rounded {way}) to {to}"));
            }
            AmountStep::Floor { to } => text.push_str(&format!(", never below {to}")),
        }
    }
    text
}

/// Whether the result was decided on the dice alone, so the modifiers were not used.
pub fn natural(d: &Decision) -> bool {
    matches!(d.read, Read::Natural | Read::NotNatural { .. })
}

/// What a count of the dice that pass another procedure's check is, in `unit`, said the
/// same on cards, the sheet and `rules PROCEDURE`.
pub fn each_die(check: &str, unit: &str, each: &[crate::model::FollowDef]) -> String {
    let mut said = format!(
        "each die, with the modifiers, is read on its own as `{check}` reads its roll; the \
         {unit} are the dice that pass"
    );
    if !each.is_empty() {
        let rolls: Vec<String> = each.iter().map(|f| format!("`{}`", f.procedure)).collect();
        said.push_str(&format!(
            "; each of them is then a {} roll, at once",
            rolls.join(" and ")
        ));
    }
    said
}

/// How a plan reads its total, in words, for cards and explanations.
pub fn reading(plan: &Plan<'_>) -> String {
    match &plan.reading {
        Reading::Check {
            compare,
            target,
            pass,
            ..
        } => {
            let how = compared(*compare, &self::target(target));
            format!("{how}: {}", plan.label(pass))
        }
        Reading::Table { .. } => "read the total on the table".into(),
        Reading::Grid { row, .. } => format!("read row {} by the total", row.label),
        Reading::Amount {
            unit,
            each: Some((compare, target)),
            ..
        } => format!(
            "each die read on its own against {}: the {unit} are those that pass",
            compared(*compare, &self::target(target))
        ),
        Reading::Amount { unit, .. } if unit.is_empty() => "the total is the result".into(),
        Reading::Amount { unit, .. } => format!("the total is the result, in {unit}"),
        Reading::Amounts { unit, .. } => {
            format!("each side scores its total in {unit}; the higher score wins")
        }
        Reading::Compare(c) => match c.by {
            CompareBy::Margin => "the higher total wins; the margin is read on the table".into(),
            CompareBy::Doubling => {
                "the higher total wins; doubling the other's score is worse".into()
            }
        },
    }
}

/// An amount that lands as another unit: `LABEL (counted as UNIT)`.
pub fn lands_as(l: &crate::engine::resolve::LandsAs) -> String {
    format!("{} (counted as {})", l.label, l.unit.replace('-', " "))
}

/// A step whose faces were given, as `odds --given` says it: `shoot: thrown 5,4: Hit`, a side
/// still to throw and a re-roll's faces named.
pub fn thrown(t: &crate::engine::given::Thrown) -> String {
    let faces = |f: &[i64]| {
        f.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    let sides: Vec<String> = t
        .sides
        .iter()
        .filter_map(|(side, f)| match (side, f.is_empty()) {
            (None, true) => None,
            (None, false) => Some(format!("thrown {}", faces(f))),
            (Some(s), true) => Some(format!("the {s} still to throw")),
            (Some(s), false) => Some(format!("the {s} threw {}", faces(f))),
        })
        .collect();
    let mut line = format!("{}: {}", t.procedure, sides.join(", "));
    for (label, f) in &t.again {
        line.push_str(&format!(", thrown again ({label}) {}", faces(f)));
    }
    match &t.result {
        Some(r) => line.push_str(&format!(": {r}")),
        // Every side threw: what stands waits on a re-roll.
        None if t.sides.iter().all(|(s, f)| s.is_none() || !f.is_empty()) => {
            line.push_str(", to be thrown again");
        }
        None => {}
    }
    line
}
