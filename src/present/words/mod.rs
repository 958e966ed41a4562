//! The one place the rules' parts and the engine's facts become English: a condition, a guard,
//! a policy and a band each have one spelling here, used by explanations, cards, the sheet and
//! `umpire rules`; and each fact a roll returns (how its total was read, why a modifier was set
//! aside, how a distance became a band) is worded here for all of them.
//!
//! Numbers and quantities (`1 inch`, `8 or more`) are said by `crate::words`, which every layer
//! may use for its messages.

mod reading;
pub mod refusals;
mod said;

pub use reading::{
    decision, each_die, fallback, fallback_rule, lands_as, natural, reading, reroll, reroll_rule,
    target, thrown,
};

use crate::engine::modifiers::{Detail, ModLine, Unmet, Why};
use crate::engine::plan::Plan;
use crate::engine::requires::{Short, Standing, Verdict};
use crate::engine::situation::Via;
use crate::engine::throw::DicePlan;
use crate::model::Ruleset;
use crate::model::{
    Cond, Conditions, Entry, FactorDef, FactorKind, Guard, Points, PointsDef, Policy, Pricing,
    Settings, Slip, SlipAt, SurchargeDef, Test, UnitKind, Value,
};
use crate::words::{bounds, signed};
pub use crate::words::{condition, conditions};

/// A value read further along its list: `FACTOR VALUE read as VALUE: LABEL`.
pub fn further(f: &crate::engine::derived::Further) -> String {
    format!("{} {} read as {}: {}", f.factor, f.from, f.to, f.label)
}

/// A number worked out from its items: `FACTOR 3, the sum of the items that hold:`, or that
/// none does.
pub fn summed(s: &crate::engine::derived::Summed) -> String {
    if s.lines.iter().any(|l| l.applied && l.value != 0) {
        format!("{} {}, the sum of the items that hold:", s.factor, s.total)
    } else {
        format!("{} 0: none of its items holds", s.factor)
    }
}

/// How a rule of eligibility stood, where there is something to say: the flags it withheld
/// and why, or what it took to hold that the roll was not told. A rule met says nothing.
pub fn standing(st: &Standing) -> Option<String> {
    let governs = conditions(&st.governs, " ");
    match st.verdict {
        Verdict::Met if st.assumed.is_empty() => None,
        Verdict::Met => Some(format!(
            "{governs}: {} needs {}: not given, assumed",
            st.rule,
            conditions(&st.assumed, ", ")
        )),
        Verdict::Withheld | Verdict::Refused => Some(format!(
            "{governs} {}: {} needs {}",
            if st.verdict == Verdict::Withheld {
                "withheld"
            } else {
                "refused"
            },
            st.rule,
            shortfalls(&st.unmet)
        )),
    }
}

/// A rule of eligibility as `rules` and the cards say it: `FLAG (RULE) needs
/// kind=a/b, OTHER; otherwise it is withheld`.
pub fn requirement(r: &crate::model::RequireDef) -> String {
    let then = match r.then {
        crate::model::Then::Refuse => "otherwise refused",
        crate::model::Then::Withhold => "otherwise withheld (the roll goes on without it)",
    };
    format!(
        "{} ({}) needs {}; {then}",
        conditions(&r.when, " "),
        r.rule,
        conditions(&r.needs, ", ")
    )
}

/// A plan a rule of eligibility refuses, as the error the umpire sees: the rule, what it
/// needs, and the rule's note (or where to read it) as the hint.
pub fn admit(plan: &Plan<'_>) -> crate::error::Result<()> {
    match plan.refusal() {
        None => Ok(()),
        Some((side, st)) => Err(refused(st, side, Some(&plan.procedure.name))),
    }
}

/// What a rule of eligibility refuses, as the error the umpire sees: the rule, what it needs
/// and what there is instead, with the rule's note (or where to read the rules) as the hint.
pub fn refused(st: &Standing, side: Option<&str>, procedure: Option<&str>) -> crate::error::Error {
    let who = side.map(|s| format!("{s}: ")).unwrap_or_default();
    // A rule that governs a procedure's every roll refuses the roll itself.
    let what = match (st.governs.is_empty(), procedure) {
        (true, Some(p)) => p.to_string(),
        (true, None) => "the roll".to_string(),
        (false, _) => conditions(&st.governs, " "),
    };
    let message = format!(
        "{who}{what} refused by the rule {}: it needs {}",
        st.rule,
        shortfalls(&st.unmet)
    );
    let hint = st.note.clone().unwrap_or_else(|| match procedure {
        Some(p) => format!("see `umpire rules {p}`"),
        None => "see `umpire rules RULESET`".to_string(),
    });
    crate::error::Error::usage(message).with_hint(hint)
}

/// What a rule of eligibility refuses in a game, as the refusal the umpire may overrule: who
/// (the side, or the roll), why (what the rule needs), and the rule's note as the way.
pub fn refused_ruling(
    st: &Standing,
    side: Option<&str>,
    procedure: &str,
) -> (crate::error::Refusal, Option<String>) {
    let what = if st.governs.is_empty() {
        procedure.to_string()
    } else {
        conditions(&st.governs, " ")
    };
    let refusal = crate::error::Refusal {
        rule: st.rule.clone(),
        who: side.map_or(what.clone(), |s| format!("{s} {what}")),
        why: format!("it needs {}", shortfalls(&st.unmet)),
    };
    (refusal, st.note.clone())
}

/// Needs not met, each with what the situation has instead where that says more than the
/// need: `FLAG`, `not FLAG`, `kind=a/b (it is c)`.
pub fn shortfalls(unmet: &[Short]) -> String {
    unmet
        .iter()
        .map(|u| match &u.need.test {
            // "needs FLAG", "needs not FLAG": the need says what is missing.
            Test::Flag(_) => condition(&u.need),
            _ => format!("{} (it is {})", condition(&u.need), u.is),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Factors set to values, as a condition on them is written: `flag, kind=a`, `not flag`.
pub fn settings(settings: &Settings) -> String {
    settings
        .iter()
        .map(|(name, v)| match v {
            Value::Flag(true) => name.clone(),
            Value::Flag(false) => format!("not {name}"),
            Value::Number(_) | Value::Choice(_) => format!("{name}={}", v.word()),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Alternatives of which one must hold: `kind=b or flag`, `(a and b) or c`.
fn alternatives(any: &[Conditions]) -> String {
    any.iter()
        .map(|c| {
            let w = conditions(c, " and ");
            if c.len() > 1 && any.len() > 1 {
                format!("({w})")
            } else {
                w
            }
        })
        .collect::<Vec<_>>()
        .join(" or ")
}

/// A guard in words: `flag, kind=a`, `kind=b or flag`, `unless other or mode=x`.
pub fn guard(g: Guard<'_>) -> String {
    let mut parts = Vec::new();
    if !g.when.is_empty() {
        parts.push(conditions(g.when, ", "));
    }
    if !g.any.is_empty() {
        parts.push(alternatives(g.any));
    }
    if !g.unless.is_empty() {
        parts.push(format!("unless {}", conditions(g.unless, " or ")));
    }
    parts.join(", ")
}

/// What a modifier reads on the other side of an opposed roll: `opponent: kind=a`, or in the
/// umpire's words `the opponent: LABEL`; nothing when it reads nothing there.
pub fn opponent_words(r: &Ruleset, item: &crate::model::ItemDef, plain: bool) -> String {
    if item.opponent.is_empty() {
        return String::new();
    }
    if plain {
        format!("the opponent: {}", plain_conditions(r, &item.opponent))
    } else {
        format!("opponent: {}", conditions(&item.opponent, ", "))
    }
}

/// ` (when X)` or ` (unless Y)` after a phrase, or nothing for an unguarded entry.
pub fn clause(g: Guard<'_>) -> String {
    let words = guard(g);
    if words.is_empty() {
        String::new()
    } else if words.starts_with("unless ") {
        format!(" ({words})")
    } else {
        format!(" (when {words})")
    }
}

/// A condition on the amount a roll gave, after a phrase: ` (when it scores 1 or more)`,
/// ` (when the SIDE scores 1 or more)`, or nothing.
pub fn amount_clause(a: Option<&crate::model::AmountCond>) -> String {
    let Some(a) = a else {
        return String::new();
    };
    let who =
        a.of.as_ref()
            .map_or_else(|| "it".to_string(), |s| format!("the {s}"));
    let how = bounds(a.min, a.max).unwrap_or_else(|| "anything".into());
    format!(" (when {who} scores {how})")
}

/// How a group of modifiers adds up.
pub fn policy(policy: Policy) -> &'static str {
    match policy {
        Policy::All => "all apply",
        Policy::BestAndWorst => "use the greatest positive and the greatest negative",
        Policy::Best => "use only the greatest positive",
        Policy::Worst => "use only the greatest negative",
    }
}

/// A band of totals: `3 to 5`, `13 or more`, `any`.
pub fn band(min: Option<i64>, max: Option<i64>) -> String {
    bounds(min, max).unwrap_or_else(|| "any".into())
}

/// The dice a side throws (`2d6`), or the total it has without a roll (`no roll: 3`).
pub fn dice_plan(d: &DicePlan) -> String {
    match d {
        DicePlan::Roll(spec) => spec.to_string(),
        DicePlan::Fixed(v) => format!("no roll: {v}"),
    }
}

/// A modifier line's label with what qualifies it: `LABEL (the value given)`,
/// `LABEL 3 (-1 each, at most -2)`.
pub fn modifier_label(m: &ModLine) -> String {
    match &m.detail {
        None => m.label.clone(),
        Some(Detail::Covers { given }) => format!("{} ({given})", m.label),
        Some(Detail::Count { count, each, limit }) => {
            let at_most = limit.map_or_else(String::new, |l| format!(", at most {}", signed(l)));
            format!("{} {count} ({} each{at_most})", m.label, signed(*each))
        }
    }
}

/// The part of a guard a situation does not meet: `needs kind=a, not when flag`.
fn unmet(parts: &[Unmet]) -> String {
    parts
        .iter()
        .map(|u| match u {
            Unmet::Needs { cond } => format!("needs {}", condition(cond)),
            Unmet::NeedsOneOf { alternatives: any } => format!("needs {}", alternatives(any)),
            Unmet::NotWhen { cond } => format!("not when {}", condition(cond)),
            Unmet::OpponentNeeds { cond } => format!("needs the opponent's {}", condition(cond)),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why a line of `lines` applies or is set aside, or nothing when its conditions simply held.
pub fn why(m: &ModLine, lines: &[ModLine]) -> Option<String> {
    let sign = |positive: bool| if positive { "positive" } else { "negative" };
    Some(match m.why.as_ref()? {
        Why::Unmet { unmet: parts } => format!("does not apply: {}", unmet(parts)),
        Why::Greatest { positive } => format!("greatest {}", sign(*positive)),
        Why::Superseded { by, positive } => {
            let by = lines.get(*by).map_or_else(String::new, |l| {
                format!("{} {}", modifier_label(l), signed(l.value))
            });
            format!("{by} is the greatest {}", sign(*positive))
        }
        Why::OtherSignOnly { positive } => {
            format!("only the greatest {} counts", sign(*positive))
        }
        Why::NoneListed => "no modifier listed".into(),
        Why::TellApart { factor, members } => {
            let members: Vec<String> = members
                .iter()
                .map(|(k, v)| format!("{k} {}", signed(*v)))
                .collect();
            format!(
                "this table tells them apart ({}): give the exact {factor}",
                members.join(", ")
            )
        }
    })
}

/// How a measured distance became a band: `20 cm: over 10 up to 30 is medium for arm bow`.
pub fn via(v: &Via) -> String {
    let span = match (v.over, v.upto) {
        (None, Some(u)) => format!("up to {u}"),
        (Some(l), Some(u)) => format!("over {l} up to {u}"),
        (Some(l), None) => format!("over {l}"),
        (None, None) => "any distance".into(),
    };
    let scale = v.by.as_ref().map_or_else(String::new, |(factor, value)| {
        format!(" for {factor} {value}")
    });
    format!("{} {}: {span} is {}{scale}", v.distance, v.unit, v.band)
}

/// A factor for help text: `name=VALUE  help; values: a, b (alias); default a`.
pub fn factor_help(ruleset: &Ruleset, f: &FactorDef) -> String {
    let unit = f.unit.as_deref().unwrap_or(ruleset.unit());
    let form = match f.kind {
        FactorKind::Flag => f.name.clone(),
        FactorKind::Number => format!("{}=N", f.name),
        FactorKind::Choice => format!("{}=VALUE", f.name),
    };
    let mut text = format!("{form}  {}", f.help);
    if f.kind == FactorKind::Choice {
        let values: Vec<String> = f
            .values
            .iter()
            .map(|v| {
                if v.aliases().is_empty() {
                    v.name().to_string()
                } else {
                    format!("{} ({})", v.name(), v.aliases().join(", "))
                }
            })
            .collect();
        text.push_str(&format!("; values: {}", values.join(", ")));
        if !f.classes.is_empty() {
            let cs: Vec<String> = f
                .classes
                .iter()
                .map(|c| format!("{} = {}", c.name, c.members.join("/")))
                .collect();
            text.push_str(&format!("; classes: {}", cs.join("; ")));
        }
        if f.distance.is_some() {
            text.push_str(&format!("; or a measured distance in {unit}"));
        }
    } else if f.kind == FactorKind::Number && !unit.is_empty() && f.unit.is_some() {
        text.push_str(&format!(" ({unit})"));
    }
    if let Some(d) = &f.default {
        text.push_str(&format!("; default {d}"));
    }
    if !f.aliases.is_empty() {
        text.push_str(&format!("; also written {}", f.aliases.join(", ")));
    }
    text
}

/// A factor's name as a word of a sentence: `initial shot` for `initial-shot`.
fn spoken(name: &str) -> String {
    name.replace('-', " ")
}

/// Values of a choice factor in the table's words, `a, b or c`: their labels, or, where the
/// factor's values have no labels but their names, the factor's name before them (`FACTOR a
/// or b`: a bare `a` would not say what it is).
fn plain_values(r: &Ruleset, factor: &str, values: &[String]) -> String {
    let f = r.factor(factor);
    let label = |v: &str| f.map_or(v, |f| r.value_label(f, v)).to_string();
    let labels: Vec<String> = values.iter().map(|v| label(v)).collect();
    let listed = or_list(&labels);
    let bare = f.is_none_or(|f| f.values.iter().all(|v| v.label == v.name));
    if bare {
        format!("{} {listed}", spoken(factor))
    } else {
        listed
    }
}

/// `a`, `a or b`, `a, b or c`.
pub fn or_list(items: &[String]) -> String {
    joined(items, "or")
}

/// `a`, `a and b`, `a, b and c`.
pub fn and_list(items: &[String]) -> String {
    joined(items, "and")
}

fn joined(items: &[String], word: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {word} {last}", rest.join(", ")),
    }
}

/// A condition in the umpire's words, from the table's labels, where [`condition`] says it as
/// it is typed: a value's label for `FACTOR=VALUE`, a flag's words for `FLAG` and `not FLAG`,
/// the labels of several values or classes joined by `or`, `FACTOR N or more` for a number.
pub fn plain_condition(r: &Ruleset, c: &Cond) -> String {
    match &c.test {
        Test::Flag(true) => spoken(&c.factor),
        Test::Flag(false) => format!("not {}", spoken(&c.factor)),
        Test::Values(vs) => plain_values(r, &c.factor, vs),
        Test::Range { min, max } => bounds(*min, *max).map_or_else(
            || spoken(&c.factor),
            |b| format!("{} {b}", spoken(&c.factor)),
        ),
    }
}

/// Conditions that must all hold, in words: `FLAG and CLASS LABEL`.
pub fn plain_conditions(r: &Ruleset, c: &Conditions) -> String {
    and_list(&c.iter().map(|x| plain_condition(r, x)).collect::<Vec<_>>())
}

/// A guard in the umpire's words: `VALUE LABEL or FLAG`, `FLAG and CLASS LABEL`,
/// `unless VALUE LABEL`.
pub fn plain_guard(r: &Ruleset, g: Guard<'_>) -> String {
    let mut parts = Vec::new();
    if !g.when.is_empty() {
        parts.push(plain_conditions(r, g.when));
    }
    if !g.any.is_empty() {
        let any: Vec<String> = g
            .any
            .iter()
            .map(|c| {
                let w = plain_conditions(r, c);
                if c.len() > 1 && g.any.len() > 1 {
                    format!("({w})")
                } else {
                    w
                }
            })
            .collect();
        parts.push(or_list(&any));
    }
    if !g.unless.is_empty() {
        let unless: Vec<String> = g.unless.iter().map(|c| plain_condition(r, c)).collect();
        parts.push(format!("unless {}", or_list(&unless)));
    }
    parts.join(", ")
}

/// ` (if X)` or ` (unless Y)` after a phrase, in the umpire's words, or nothing.
pub fn plain_clause(r: &Ruleset, g: Guard<'_>) -> String {
    let words = plain_guard(r, g);
    if words.is_empty() {
        String::new()
    } else if words.starts_with("unless ") {
        format!(" ({words})")
    } else {
        format!(" (if {words})")
    }
}

/// Factors set to values, in the umpire's words: `VALUE LABEL, VALUE LABEL`.
pub fn plain_settings(r: &Ruleset, settings: &Settings) -> String {
    settings
        .iter()
        .map(|(name, v)| match v {
            Value::Flag(true) => spoken(name),
            Value::Flag(false) => format!("not {}", spoken(name)),
            Value::Number(n) => format!("{} {n}", spoken(name)),
            Value::Choice(c) => plain_values(r, name, std::slice::from_ref(c)),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A rule of eligibility in the umpire's words: what it governs, then what it needs, each
/// condition said by [`plain_condition`], then what happens otherwise.
pub fn plain_requirement(r: &Ruleset, rule: &crate::model::RequireDef) -> String {
    let then = match rule.then {
        crate::model::Then::Refuse => "otherwise it is not allowed",
        crate::model::Then::Withhold => "otherwise the roll goes on without it",
    };
    format!(
        "{} needs {}; {then}",
        plain_conditions(r, &rule.when),
        plain_conditions(r, &rule.needs)
    )
}

// ----- army lists ----------------------------------------------------------------------------

/// Units as a list's line says them, from the points table's labels: the count, the grade, the
/// kind, who they are and their tags' marks (`4 GRADE KIND (LABEL) TAG`); a kind of one grade
/// does not say it.
pub fn army_units(points: &PointsDef, e: &Entry) -> String {
    let graded = points
        .unit(&e.unit)
        .is_some_and(|k| matches!(k.pricing, Pricing::Graded(_)));
    let mut words = vec![e.count.to_string()];
    words.extend(
        e.grade
            .iter()
            .filter(|_| graded)
            .map(|g| points.grade_label(g).to_string()),
    );
    words.push(points.unit_label(&e.unit).to_string());
    words.extend(e.label.iter().map(|l| format!("({l})")));
    words.extend(e.tags.iter().map(|t| points.tag_label(t).to_string()));
    words.join(" ")
}

/// What surcharges add to a unit's cost: `+0.5 LABEL`.
pub fn surcharges(extras: &[(String, Points)]) -> String {
    extras
        .iter()
        .map(|(label, add)| format!("+{add} {label}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Where a printed figure stands, and what it and the table say: `line 1, each unit: printed
/// 6.0, computed 5.0`.
pub fn slip(s: &Slip) -> String {
    let at = match s.at {
        SlipAt::Each(line, 0) => format!("line {}, each unit", line + 1),
        SlipAt::Each(line, part) => format!("line {}, part {}, each unit", line + 1, part + 1),
        SlipAt::Line(line) => format!("line {}", line + 1),
        SlipAt::Total => "total".to_string(),
    };
    format!("{at}: printed {}, computed {}", s.printed, s.computed)
}

/// An alternative's cost against its line's: `same cost`, or `costs 11.0, its line 12.0`.
pub fn alternative_cost(alternative: Points, line: Points) -> String {
    if alternative == line {
        "same cost".to_string()
    } else {
        format!("costs {alternative}, its line {line}")
    }
}

/// A list's cost against the points a side has: `40.0 points, the game's size`, or so much
/// under or over it.
pub fn against_size(total: Points, size: Points) -> String {
    match total.cmp(&size) {
        std::cmp::Ordering::Equal => format!("{total} points, the game's size"),
        std::cmp::Ordering::Less => format!(
            "{total} points, {} under the game's size of {size}",
            size.minus(total)
        ),
        std::cmp::Ordering::Greater => format!(
            "{total} points, {} over the game's size of {size}",
            total.minus(size)
        ),
    }
}

/// A kind's costs in the points table: `GRADE 2.0, GRADE 2.5`, `1.0 (always GRADE)`, `4.0`.
pub fn unit_costs(points: &PointsDef, kind: &UnitKind) -> String {
    match &kind.pricing {
        Pricing::Graded(costs) => costs
            .iter()
            .map(|(g, c)| format!("{} {c}", points.grade_label(g)))
            .collect::<Vec<_>>()
            .join(", "),
        Pricing::Fixed { grade, cost } => match grade {
            Some(g) => format!("{cost} (always {})", points.grade_label(g)),
            None => cost.to_string(),
        },
    }
}

/// How many printed figures of a list the table disagrees with, or nothing.
pub fn slips_count(n: usize) -> String {
    match n {
        0 => String::new(),
        1 => "1 printed figure disagrees".to_string(),
        n => format!("{n} printed figures disagree"),
    }
}

/// A surcharge as the points table says it: `LABEL: +0.5 a unit of KIND with TAG, unless
/// TAG`.
pub fn surcharge_rule(points: &PointsDef, s: &SurchargeDef) -> String {
    let labels = |names: &[String], of: &dyn Fn(&str) -> String| -> String {
        or_list(&names.iter().map(|n| of(n)).collect::<Vec<_>>())
    };
    let unit = |n: &str| points.unit_label(n).to_string();
    let tag = |n: &str| points.tag_label(n).to_string();
    let mut text = format!(
        "{}: +{} a unit of {} with {}",
        s.label,
        s.add,
        labels(&s.units, &unit),
        tag(&s.tag)
    );
    if !s.unless.is_empty() {
        text.push_str(&format!(", unless {}", labels(&s.unless, &tag)));
    }
    text
}

/// What an action costs a figure, where it is not one action: `takes 2 actions`, or by a unit
/// field, `takes 2 actions, 1 with LABEL`.
pub fn action_cost(
    r: &Ruleset,
    g: &crate::model::GameDef,
    cost: &crate::model::ActionCost,
) -> Option<String> {
    let actions = |n: u32| crate::words::quantity(i64::from(n), "actions");
    match cost {
        crate::model::ActionCost::Fixed(1) => None,
        crate::model::ActionCost::Fixed(n) => Some(format!("takes {}", actions(*n))),
        crate::model::ActionCost::By {
            by,
            values,
            otherwise,
        } => {
            let factor = g.unit.get(by).map_or(by.as_str(), String::as_str);
            let each: Vec<String> = values
                .iter()
                .map(|(v, n)| {
                    let label = plain_values(r, factor, std::slice::from_ref(v));
                    format!("{n} with {label}")
                })
                .collect();
            Some(format!(
                "takes {}, {}",
                actions(*otherwise),
                and_list(&each)
            ))
        }
    }
}
