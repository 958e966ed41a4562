//! The rules engine: turns a procedure and a situation into a plan (dice, modifiers, how the
//! total is read), decides the result of any throw, and resolves or enumerates whole chains.

use serde::Serialize;

use crate::engine::dice::{DiceSource, DiceSpec};
use crate::engine::fraction::Fraction;
use crate::engine::situation::{Input, Situation, Value};
use crate::error::{Error, Result};
use crate::rules::ruleset::Ruleset;
use crate::rules::schema::{
    CompareBy, CompareDef, Comparison, FollowFull, GridRow, Guarded, ItemDef, Policy, ProcedureDef,
    ResultDef, Role, RollDef, TargetDef,
};

/// One modifier line of the explanation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ModLine {
    pub group: String,
    pub label: String,
    pub value: i64,
    pub applied: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// What one side throws, before any face is known.
#[derive(Debug, Clone)]
pub enum DicePlan {
    Roll(DiceSpec),
    Fixed(i64),
}

#[derive(Debug, Clone)]
pub struct SidePlan {
    pub side: Option<String>,
    pub dice: DicePlan,
    pub dice_label: Option<String>,
    pub drops: Vec<String>,
    pub modifiers: Vec<ModLine>,
    pub net: i64,
    situation: Situation,
}

#[derive(Debug, Clone)]
enum Reading<'a> {
    Check {
        compare: Comparison,
        target: i64,
        target_text: String,
        pass: &'a str,
        fail: &'a str,
    },
    Table {
        clamp: Option<[i64; 2]>,
        rows: &'a [crate::rules::schema::BandDef],
    },
    Grid {
        row: &'a GridRow,
        first_column: i64,
    },
    Amount {
        unit: String,
        floor: Option<i64>,
        halves: Vec<(String, bool)>,
    },
    Compare(&'a CompareDef),
}

/// A procedure made ready for one situation: everything that does not depend on the dice.
#[derive(Debug, Clone)]
pub struct Plan<'a> {
    pub ruleset: &'a Ruleset,
    pub procedure: &'a ProcedureDef,
    pub sides: Vec<SidePlan>,
    naturals: Vec<&'a crate::rules::schema::NaturalDef>,
    reroll: Option<&'a crate::rules::schema::RerollDef>,
    reading: Reading<'a>,
    becomes: Vec<Becoming<'a>>,
}

/// A `becomes` whose condition holds in this situation: result `from` turns into `to`.
#[derive(Debug, Clone)]
struct Becoming<'a> {
    from: &'a str,
    to: &'a str,
    label: &'a str,
    /// In an opposed roll: only when this side is the loser (`true`) or the winner (`false`).
    role: Option<(bool, String)>,
}

/// The result a throw gives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Decision {
    pub result: String,
    pub label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loser: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<i64>,
    /// Natural results (doubles, a natural 6) decided before modifiers, per side.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub natural: Option<String>,
    pub totals: Vec<i64>,
    pub explanation: String,
}

impl Decision {
    /// What tells two results apart in the odds.
    fn key(&self) -> String {
        match &self.loser {
            Some(l) => format!("{l}: {}", self.label),
            None => self.label.clone(),
        }
    }
}

/// The faces one side threw for a step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ThrowRecord {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dice: Option<String>,
    pub faces: Vec<i64>,
    pub kept: Vec<i64>,
    pub entered: bool,
    pub natural_total: i64,
}

/// One resolved step of a chain, with everything needed to explain it.
#[derive(Debug, Clone, Serialize)]
pub struct Step {
    pub procedure: String,
    pub title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub for_side: Option<String>,
    pub sides: Vec<SideRecord>,
    /// Throws set aside by a re-roll, then the throws that stood.
    pub throws: Vec<ThrowRecord>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reroll: Option<String>,
    pub decision: Decision,
    /// The chance of this result, when the throws can be counted within the budget.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chance: Option<Fraction>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    pub next: Vec<Step>,
    pub follow_ups: Vec<FollowUp>,
    /// Whom the roll is for in a game (its follow-ups are that figure's).
    pub about: Role,
    /// What the result does to a game's figures, its conditions already read.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<StepMark>,
}

/// Changes a result makes to one figure: the acting one, the target, or one side's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StepMark {
    pub role: Role,
    /// For the loser or winner of an opposed roll: that side's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    pub change: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct SideRecord {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    pub dice: String,
    pub drops: Vec<String>,
    pub modifiers: Vec<ModLine>,
    pub net: i64,
    pub factors: Vec<FactorRecord>,
}

#[derive(Debug, Clone, Serialize)]
pub struct FactorRecord {
    pub name: String,
    pub value: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub via: Option<String>,
}

/// A check the umpire must still make, and the command that makes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FollowUp {
    pub procedure: String,
    pub args: Vec<String>,
    /// The side it is for, in an opposed roll (`attacker`), once the loser or winner is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl Step {
    /// The outcome of the chain from here: `Hit › Light wound`.
    pub fn outcome(&self) -> String {
        let own = self.decision.key();
        if self.next.is_empty() {
            return own;
        }
        let rest: Vec<String> = self.next.iter().map(Step::outcome).collect();
        format!("{own} › {}", rest.join("; "))
    }
}

fn signed(v: i64) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

/// Modifiers of one side, each applied or ignored with the reason.
fn modifiers(ruleset: &Ruleset, p: &ProcedureDef, s: &Situation) -> (Vec<ModLine>, i64) {
    let mut lines = Vec::new();
    let mut net: i64 = 0;
    for group in &p.modifiers {
        let mut candidates: Vec<ModLine> = Vec::new();
        for item in &group.items {
            if let Some(line) = item_line(ruleset, &group.group, item, s) {
                candidates.push(line);
            }
        }
        let applicable: Vec<(usize, i64)> = candidates
            .iter()
            .enumerate()
            .filter(|(_, l)| l.applied)
            .map(|(i, l)| (i, l.value))
            .collect();
        let best =
            applicable
                .iter()
                .filter(|(_, v)| *v > 0)
                .fold(None::<(usize, i64)>, |acc, &(i, v)| match acc {
                    Some((_, b)) if b >= v => acc,
                    _ => Some((i, v)),
                });
        let worst =
            applicable
                .iter()
                .filter(|(_, v)| *v < 0)
                .fold(None::<(usize, i64)>, |acc, &(i, v)| match acc {
                    Some((_, w)) if w <= v => acc,
                    _ => Some((i, v)),
                });
        let label_of = |i: usize| {
            candidates
                .get(i)
                .map(|l| format!("{} {}", l.label, signed(l.value)))
                .unwrap_or_default()
        };
        let best_text = best.map(|(i, _)| label_of(i));
        let worst_text = worst.map(|(i, _)| label_of(i));
        for (i, mut line) in candidates.clone().into_iter().enumerate() {
            if line.applied {
                let keep = match group.policy {
                    Policy::All => true,
                    Policy::BestAndWorst => {
                        line.value == 0
                            || best.is_some_and(|b| b.0 == i)
                            || worst.is_some_and(|w| w.0 == i)
                    }
                    Policy::Best => line.value == 0 || best.is_some_and(|b| b.0 == i),
                    Policy::Worst => line.value == 0 || worst.is_some_and(|w| w.0 == i),
                };
                if !keep {
                    line.applied = false;
                    line.reason = Some(match (line.value > 0, group.policy) {
                        (_, Policy::Best) if line.value < 0 => {
                            "only the greatest positive counts".into()
                        }
                        (_, Policy::Worst) if line.value > 0 => {
                            "only the greatest negative counts".into()
                        }
                        (true, _) => format!(
                            "{} is the greatest positive",
                            best_text.clone().unwrap_or_default()
                        ),
                        (false, _) => format!(
                            "{} is the greatest negative",
                            worst_text.clone().unwrap_or_default()
                        ),
                    });
                } else if group.policy != Policy::All && line.value != 0 {
                    line.reason = Some(if line.value > 0 {
                        "greatest positive".into()
                    } else {
                        "greatest negative".into()
                    });
                }
                if line.applied {
                    net = net.saturating_add(line.value);
                }
            }
            lines.push(line);
        }
    }
    (lines, net)
}

/// The line one modifier item gives in this situation, if it has anything to say.
pub(crate) fn item_line(
    ruleset: &Ruleset,
    group: &str,
    item: &ItemDef,
    s: &Situation,
) -> Option<ModLine> {
    let holds = s.guard_holds(ruleset, item.guard());
    let line = |label: String, value: i64, applied: bool, reason: Option<String>| {
        Some(ModLine {
            group: group.to_string(),
            label,
            value,
            applied,
            reason,
        })
    };
    if let Some(v) = item.value {
        let label = item.label.clone().unwrap_or_default();
        if holds {
            return line(label, v, true, None);
        }
        if s.touches(ruleset, item.guard()) {
            let needs = needs_text(ruleset, item, s);
            return line(label, v, false, Some(format!("does not apply: {needs}")));
        }
        return None;
    }
    let fname = item.factor.as_deref()?;
    let f = ruleset.factor(fname)?;
    if let Some(values) = &item.values {
        let Some(Value::Choice(actual)) = s.value(ruleset, &f.name) else {
            return None;
        };
        let narrowest = values
            .iter()
            .filter_map(|(k, v)| ruleset.key_covers(f, k, &actual).map(|size| (size, k, *v)))
            .min_by_key(|(size, _, _)| *size);
        let explicit = s.given.contains_key(&f.name);
        let prefix = item
            .label
            .as_ref()
            .map(|l| format!("{l} "))
            .unwrap_or_default();
        return match narrowest {
            Some((_, key, v)) => {
                let key_label = ruleset.value_label(f, key);
                let actual_label = ruleset.value_label(f, &actual);
                let label = if key == &actual {
                    format!("{prefix}{key_label}")
                } else {
                    format!("{prefix}{key_label} ({actual_label})")
                };
                if holds {
                    line(label, v, true, None)
                } else {
                    line(
                        label,
                        v,
                        false,
                        Some(format!("does not apply: {}", needs_text(ruleset, item, s))),
                    )
                }
            }
            None if explicit => {
                // A class given where the table lists its members apart cannot be read.
                let members: Vec<String> = ruleset
                    .classes(f)
                    .iter()
                    .find(|c| c.name == actual)
                    .map(|c| {
                        values
                            .iter()
                            .filter(|(k, _)| c.members.contains(k))
                            .map(|(k, v)| format!("{k} {}", signed(*v)))
                            .collect()
                    })
                    .unwrap_or_default();
                if members.is_empty() {
                    line(
                        format!("{prefix}{}", ruleset.value_label(f, &actual)),
                        0,
                        true,
                        Some("no modifier listed".into()),
                    )
                } else {
                    line(
                        format!("{prefix}{}", ruleset.value_label(f, &actual)),
                        0,
                        false,
                        Some(format!(
                            "this table tells them apart ({}): give the exact {}",
                            members.join(", "),
                            f.name
                        )),
                    )
                }
            }
            None => None,
        };
    }
    if let Some(each) = item.each {
        let n = s.number(&f.name)?;
        let mut v = n.saturating_mul(each);
        let mut note = format!("{} each", signed(each));
        if let Some(limit) = item.limit {
            v = if limit < 0 {
                v.max(limit)
            } else {
                v.min(limit)
            };
            note.push_str(&format!(", at most {}", signed(limit)));
        }
        let label = format!(
            "{} {n} ({note})",
            item.label.clone().unwrap_or_else(|| f.name.clone())
        );
        return if holds {
            line(label, v, true, None)
        } else {
            None
        };
    }
    None
}

/// "needs troop line troops": the conditions of an item that the situation does not meet.
fn needs_text(ruleset: &Ruleset, item: &ItemDef, s: &Situation) -> String {
    let g = item.guard();
    let mut parts = Vec::new();
    for (n, w) in g.when {
        let mut one = crate::rules::schema::Conditions::new();
        one.insert(n.clone(), w.clone());
        if !s.all_hold(ruleset, &one) {
            parts.push(format!("needs {}", cond_text(ruleset, n, w)));
        }
    }
    if !g.any.is_empty() && !g.any.iter().any(|c| s.all_hold(ruleset, c)) {
        let alts: Vec<String> = g
            .any
            .iter()
            .map(|c| {
                c.iter()
                    .map(|(n, w)| cond_text(ruleset, n, w))
                    .collect::<Vec<_>>()
                    .join(" and ")
            })
            .collect();
        parts.push(format!("needs {}", alts.join(" or ")));
    }
    for (n, w) in g.unless {
        let mut one = crate::rules::schema::Conditions::new();
        one.insert(n.clone(), w.clone());
        if s.all_hold(ruleset, &one) {
            parts.push(format!("not when {}", cond_text(ruleset, n, w)));
        }
    }
    parts.join(", ")
}

pub fn cond_text(ruleset: &Ruleset, name: &str, want: &crate::rules::schema::CondValue) -> String {
    use crate::rules::schema::CondValue;
    let label = |v: &str| {
        ruleset
            .factor(name)
            .map_or(v.to_string(), |f| ruleset.value_label(f, v).to_string())
    };
    match want {
        CondValue::Flag(true) => name.to_string(),
        CondValue::Flag(false) => format!("not {name}"),
        CondValue::Number(n) => format!("{name} {n}"),
        CondValue::Range(r) => match (r.min, r.max) {
            (Some(a), Some(b)) => format!("{name} {a}..{b}"),
            (Some(a), None) => format!("{name} {a} or more"),
            (None, Some(b)) => format!("{name} {b} or less"),
            (None, None) => name.to_string(),
        },
        CondValue::One(v) => format!("{name} {}", label(v)),
        CondValue::Any(vs) => format!(
            "{name} {}",
            vs.iter().map(|v| label(v)).collect::<Vec<_>>().join(" or ")
        ),
    }
}

/// The result of the band a value falls in (bands are checked at load to leave no gaps).
fn band_for(bands: &[crate::rules::schema::BandDef], value: i64) -> &str {
    bands
        .iter()
        .find(|b| b.min.is_none_or(|m| value >= m) && b.max.is_none_or(|m| value <= m))
        .map_or("", |b| b.result.as_str())
}

/// ", read as 13" when a total was read at a table's end, else nothing.
fn read_as(total: i64, read: i64) -> String {
    if read == total {
        String::new()
    } else {
        format!(", read as {read}")
    }
}

fn missing(procedure: &ProcedureDef, factor: &str, ruleset: &Ruleset) -> Error {
    let example = match ruleset.factor(factor).map(|f| f.kind) {
        Some(crate::rules::schema::FactorKind::Number) => format!("{factor}=N"),
        _ => format!("{factor}=VALUE"),
    };
    Error::usage(format!("{} needs `{factor}`", procedure.name)).with_hint(format!(
        "add `{example}`; see `umpire rules {}`",
        procedure.name
    ))
}

impl<'a> Plan<'a> {
    /// Prepare `procedure` for the situation(s) given.
    pub fn new(
        ruleset: &'a Ruleset,
        procedure: &'a ProcedureDef,
        input: &Input,
    ) -> Result<Plan<'a>> {
        let situations: Vec<(Option<String>, Situation)> = if procedure.sides.is_empty() {
            vec![(None, input.shared.clone())]
        } else {
            procedure
                .sides
                .iter()
                .map(|s| {
                    (
                        Some(s.name.clone()),
                        input.sides.get(&s.name).cloned().unwrap_or_default(),
                    )
                })
                .collect()
        };
        let mut sides = Vec::new();
        for (side, situation) in situations {
            sides.push(Self::side_plan(ruleset, procedure, side, situation)?);
        }
        let first = sides
            .first()
            .map(|s| s.situation.clone())
            .unwrap_or_default();
        let reading = Self::reading(ruleset, procedure, &first)?;
        let naturals = procedure
            .naturals
            .iter()
            .filter(|n| first.guard_holds(ruleset, n.guard()))
            .collect();
        let reroll = procedure
            .reroll
            .as_ref()
            .filter(|r| first.guard_holds(ruleset, r.guard()));
        let mut becomes = Vec::new();
        for r in &procedure.results {
            for b in &r.becomes {
                let becoming = |role| Becoming {
                    from: &r.name,
                    to: &b.result,
                    label: &b.label,
                    role,
                };
                match b.side.as_deref() {
                    None => {
                        if first.guard_holds(ruleset, b.guard()) {
                            becomes.push(becoming(None));
                        }
                    }
                    Some(role) => {
                        for s in sides
                            .iter()
                            .filter(|s| s.situation.guard_holds(ruleset, b.guard()))
                        {
                            let name = s.side.clone().unwrap_or_default();
                            becomes.push(becoming(Some((role == "loser", name))));
                        }
                    }
                }
            }
        }
        Ok(Plan {
            ruleset,
            procedure,
            sides,
            naturals,
            reroll,
            reading,
            becomes,
        })
    }

    pub(crate) fn side_plan(
        ruleset: &Ruleset,
        p: &ProcedureDef,
        side: Option<String>,
        situation: Situation,
    ) -> Result<SidePlan> {
        let (dice, dice_label) = match &p.roll {
            Some(RollDef::Dice(d)) => (DicePlan::Roll(ruleset.dice(d)?), None),
            Some(RollDef::Cases(cases)) => {
                let case = cases
                    .iter()
                    .find(|c| situation.guard_holds(ruleset, c.guard()))
                    .ok_or_else(|| {
                        Error::usage(format!("no case of {}'s dice fits this situation", p.name))
                            .with_hint(format!("see `umpire rules {}`", p.name))
                    })?;
                let plan = match (&case.dice, case.fixed) {
                    (_, Some(v)) => DicePlan::Fixed(v),
                    (Some(d), None) => {
                        let mut spec = ruleset.dice(d)?;
                        if let Some(count) = &case.count {
                            let n = situation
                                .number(&count.factor)
                                .ok_or_else(|| missing(p, &count.factor, ruleset))?;
                            let dice = (n / count.per).max(count.min);
                            spec.count = usize::try_from(dice).unwrap_or(0);
                            if spec.count == 0 || spec.count > crate::engine::dice::MAX_DICE {
                                return Err(Error::usage(format!(
                                    "{}={n} makes {dice} dice; a roll takes 1 to {}",
                                    count.factor,
                                    crate::engine::dice::MAX_DICE
                                )));
                            }
                        }
                        DicePlan::Roll(spec)
                    }
                    (None, None) => {
                        return Err(Error::failure(format!(
                            "{}: a roll case has no dice",
                            ruleset.file
                        )));
                    }
                };
                (plan, case.label.clone())
            }
            None => {
                return Err(Error::failure(format!(
                    "{}: procedure {} has no roll",
                    ruleset.file, p.name
                )));
            }
        };
        let mut drops = Vec::new();
        let dice = match dice {
            DicePlan::Roll(mut spec) => {
                for d in p
                    .drop
                    .iter()
                    .filter(|d| situation.guard_holds(ruleset, d.guard()))
                {
                    spec.drop_highest += d.highest;
                    spec.drop_lowest += d.lowest;
                    drops.push(d.label.clone());
                }
                DicePlan::Roll(spec)
            }
            fixed => fixed,
        };
        let (modifiers, net) = modifiers(ruleset, p, &situation);
        Ok(SidePlan {
            side,
            dice,
            dice_label,
            drops,
            modifiers,
            net,
            situation,
        })
    }

    fn reading(ruleset: &'a Ruleset, p: &'a ProcedureDef, s: &Situation) -> Result<Reading<'a>> {
        if let Some(c) = &p.check {
            let (target, target_text) = match &c.target {
                TargetDef::Number(n) => (*n, n.to_string()),
                TargetDef::From(from) => {
                    if let Some(f) = &from.factor {
                        let n = s.number(f).ok_or_else(|| missing(p, f, ruleset))?;
                        (n, format!("{n} ({f})"))
                    } else if let Some(l) = &from.lookup {
                        let row = s
                            .value(ruleset, &l.rows)
                            .ok_or_else(|| missing(p, &l.rows, ruleset))?
                            .word();
                        let col = s
                            .value(ruleset, &l.columns)
                            .ok_or_else(|| missing(p, &l.columns, ruleset))?
                            .word();
                        let n = l
                            .cells
                            .get(&row)
                            .and_then(|r| r.get(&col))
                            .copied()
                            .ok_or_else(|| {
                                Error::failure(format!(
                                    "{}: {} has no cell for {row} × {col}",
                                    ruleset.file, p.name
                                ))
                            })?;
                        (n, format!("{n} ({} {row}, {} {col})", l.rows, l.columns))
                    } else {
                        return Err(Error::failure(format!(
                            "{}: {} has an empty target",
                            ruleset.file, p.name
                        )));
                    }
                }
            };
            return Ok(Reading::Check {
                compare: c.compare,
                target,
                target_text,
                pass: &c.pass,
                fail: &c.fail,
            });
        }
        if let Some(t) = &p.table {
            return Ok(Reading::Table {
                clamp: t.clamp,
                rows: &t.rows,
            });
        }
        if let Some(g) = &p.grid {
            let row = g
                .rows
                .iter()
                .find(|r| s.guard_holds(ruleset, r.guard()))
                .ok_or_else(|| {
                    let factors = ruleset.own_factors(p).join(", ");
                    Error::usage(format!("no row of {}'s table fits this situation", p.name))
                        .with_hint(format!("give {factors}"))
                })?;
            return Ok(Reading::Grid {
                row,
                first_column: g.first_column,
            });
        }
        if let Some(a) = &p.amount {
            let halves = a
                .halve
                .iter()
                .filter(|h| s.guard_holds(ruleset, h.guard()))
                .map(|h| (h.label.clone(), h.round_up))
                .collect();
            let unit = a.unit.clone().unwrap_or_else(|| ruleset.unit().to_string());
            return Ok(Reading::Amount {
                unit,
                floor: a.floor,
                halves,
            });
        }
        if let Some(c) = &p.compare {
            return Ok(Reading::Compare(c));
        }
        Err(Error::failure(format!(
            "{}: {} says nothing about reading the dice",
            ruleset.file, p.name
        )))
    }

    fn result_def(&self, name: &str) -> Option<&'a ResultDef> {
        self.procedure.results.iter().find(|r| r.name == name)
    }

    fn label(&self, name: &str) -> String {
        self.result_def(name)
            .map_or_else(|| name.to_string(), |r| r.label.clone())
    }

    /// The natural (unmodified) total and kept dice of one side's faces.
    fn natural(side: &SidePlan, faces: &[i64]) -> (Vec<i64>, i64) {
        match &side.dice {
            DicePlan::Roll(spec) => {
                let kept = spec.kept(faces);
                let total = kept.iter().fold(0i64, |a, b| a.saturating_add(*b));
                (kept, total)
            }
            DicePlan::Fixed(v) => (Vec::new(), *v),
        }
    }

    /// The result of one throw per side, after any `becomes` that applies.
    pub fn decide(&self, faces: &[&[i64]]) -> Decision {
        let mut d = self.decide_throw(faces);
        let applies = |b: &&Becoming<'_>| {
            b.from == d.result
                && match &b.role {
                    None => true,
                    Some((true, side)) => d.loser.as_ref() == Some(side),
                    Some((false, side)) => d.winner.as_ref() == Some(side),
                }
        };
        if let Some(b) = self.becomes.iter().find(applies) {
            d.explanation = format!("{}; {}: {}", d.explanation, b.label, self.label(b.to));
            d.result = b.to.to_string();
            d.label = self.label(b.to);
        }
        d
    }

    /// The result the dice give, as the table reads it.
    fn decide_throw(&self, faces: &[&[i64]]) -> Decision {
        let mut totals = Vec::new();
        let mut naturals = Vec::new();
        for (i, side) in self.sides.iter().enumerate() {
            let f = faces.get(i).copied().unwrap_or(&[]);
            let (_, natural) = Self::natural(side, f);
            naturals.push((f, natural));
            totals.push(natural.saturating_add(side.net));
        }
        // Natural results are read on the first (or only) side's dice, whatever the modifiers.
        if let Some((f, natural)) = naturals.first() {
            for n in &self.naturals {
                let doubles =
                    n.doubles && f.len() >= 2 && f.windows(2).all(|w| w.first() == w.last());
                let total = !n.total.is_empty() && n.total.contains(natural);
                if doubles || total {
                    return Decision {
                        result: n.result.clone(),
                        label: self.label(&n.result),
                        winner: None,
                        loser: None,
                        amount: None,
                        natural: Some(n.label.clone()),
                        totals,
                        explanation: format!(
                            "{}: {}, whatever the modifiers",
                            n.label,
                            self.label(&n.result)
                        ),
                    };
                }
                if let Some(other) = n.otherwise.as_ref().filter(|_| !n.total.is_empty()) {
                    return Decision {
                        result: other.clone(),
                        label: self.label(other),
                        winner: None,
                        loser: None,
                        amount: None,
                        natural: Some(format!("not {}", n.label)),
                        totals,
                        explanation: format!("only {} counts: {}", n.label, self.label(other)),
                    };
                }
            }
        }
        let total = totals.first().copied().unwrap_or(0);
        let plain = |result: &str, explanation: String| Decision {
            result: result.to_string(),
            label: self.label(result),
            winner: None,
            loser: None,
            amount: None,
            natural: None,
            totals: totals.clone(),
            explanation,
        };
        match &self.reading {
            Reading::Check {
                compare,
                target,
                target_text,
                pass,
                fail,
            } => {
                let (ok, word) = match compare {
                    Comparison::AtLeast => (total >= *target, "or more"),
                    Comparison::MoreThan => (total > *target, "more than"),
                    Comparison::AtMost => (total <= *target, "or less"),
                    Comparison::LessThan => (total < *target, "less than"),
                };
                let against = match compare {
                    Comparison::AtLeast | Comparison::AtMost => format!("{target_text} {word}"),
                    _ => format!("{word} {target_text}"),
                };
                let result = if ok { pass } else { fail };
                plain(
                    result,
                    format!("total {total} against {against}: {}", self.label(result)),
                )
            }
            Reading::Table { clamp, rows } => {
                let read = clamp.map_or(total, |[lo, hi]| total.clamp(lo, hi));
                let result = band_for(rows, read);
                let clamped = read_as(total, read);
                plain(
                    result,
                    format!("total {total}{clamped}: {}", self.label(result)),
                )
            }
            Reading::Grid { row, first_column } => {
                let width = i64::try_from(row.results.len()).unwrap_or(1).max(1);
                let column = total.saturating_sub(*first_column).clamp(0, width - 1);
                let result = usize::try_from(column)
                    .ok()
                    .and_then(|c| row.results.get(c))
                    .map_or("", String::as_str);
                let clamped = read_as(total, first_column.saturating_add(column));
                plain(
                    result,
                    format!(
                        "row {}, total {total}{clamped}: {}",
                        row.label,
                        self.label(result)
                    ),
                )
            }
            Reading::Amount {
                unit,
                floor,
                halves,
            } => {
                let mut v = total;
                let mut steps = Vec::new();
                for (label, round_up) in halves {
                    v = if *round_up {
                        v.saturating_add(1).div_euclid(2)
                    } else {
                        v.div_euclid(2)
                    };
                    steps.push(format!(
                        "halved ({label}, rounded {}) to {v}",
                        if *round_up { "up" } else { "down" }
                    ));
                }
                if let Some(f) = floor
                    && v < *f
                {
                    v = *f;
                    steps.push(format!("never below {f}"));
                }
                let label = crate::present::words::quantity(v, unit);
                let mut explanation = format!("total {total}");
                if !steps.is_empty() {
                    explanation.push_str(&format!(", {}", steps.join(", ")));
                }
                explanation.push_str(&format!(": {label}"));
                Decision {
                    result: v.to_string(),
                    label,
                    winner: None,
                    loser: None,
                    amount: Some(v),
                    natural: None,
                    totals: totals.clone(),
                    explanation,
                }
            }
            Reading::Compare(c) => self.compare(c, &totals),
        }
    }

    fn compare(&self, c: &CompareDef, totals: &[i64]) -> Decision {
        let name = |i: usize| {
            self.sides
                .get(i)
                .and_then(|s| s.side.clone())
                .unwrap_or_default()
        };
        let (a, b) = (
            totals.first().copied().unwrap_or(0),
            totals.get(1).copied().unwrap_or(0),
        );
        let scores = format!("{} {a} against {} {b}", name(0), name(1));
        if a == b {
            return Decision {
                result: c.tie.clone(),
                label: self.label(&c.tie),
                winner: None,
                loser: None,
                amount: None,
                natural: None,
                totals: totals.to_vec(),
                explanation: format!("{scores}: {}", self.label(&c.tie)),
            };
        }
        let (w, l, hi, lo) = if a > b { (0, 1, a, b) } else { (1, 0, b, a) };
        let (result, how) = match c.by {
            CompareBy::Margin => {
                let margin = hi.saturating_sub(lo);
                let r = band_for(&c.bands, margin).to_string();
                (r, format!("{} wins by {margin}", name(w)))
            }
            CompareBy::Doubling => {
                let doubled = i128::from(hi) >= 2 * i128::from(lo);
                let r = if doubled {
                    c.doubled.clone()
                } else {
                    c.beaten.clone()
                }
                .unwrap_or_default();
                (
                    r,
                    format!(
                        "{} wins{}",
                        name(w),
                        if doubled {
                            " and doubles the score"
                        } else {
                            ""
                        }
                    ),
                )
            }
        };
        Decision {
            label: self.label(&result),
            explanation: format!("{scores}: {how}; {}: {}", name(l), self.label(&result)),
            result,
            winner: Some(name(w)),
            loser: Some(name(l)),
            amount: None,
            natural: None,
            totals: totals.to_vec(),
        }
    }

    /// Every result of this step with its exact probability, in order of first appearance.
    pub fn distribution(&self) -> Result<Vec<(Decision, Fraction)>> {
        let throws: Vec<crate::engine::dice::Weighted> = self
            .sides
            .iter()
            .map(|s| match &s.dice {
                DicePlan::Roll(spec) => spec.enumerate_weighted(),
                DicePlan::Fixed(_) => Ok((vec![(Vec::new(), 1)], 1)),
            })
            .collect::<Result<_>>()?;
        let mut counts: Vec<(Decision, u128)> = Vec::new();
        let mut add =
            |d: Decision, w: u128| match counts.iter_mut().find(|(x, _)| x.key() == d.key()) {
                Some((_, n)) => *n += w,
                None => counts.push((d, w)),
            };
        let total = match throws.as_slice() {
            [(one, total)] => {
                one.iter().for_each(|(f, w)| add(self.decide(&[f]), *w));
                *total
            }
            [(a, ta), (b, tb)] => {
                for (fa, wa) in a {
                    for (fb, wb) in b {
                        add(self.decide(&[fa, fb]), wa.saturating_mul(*wb));
                    }
                }
                ta.saturating_mul(*tb)
            }
            _ => return Err(Error::failure("a roll has one or two sides")),
        };
        // Results in the order the table lists them; amounts by size.
        let rank = |d: &Decision| {
            let index = self
                .procedure
                .results
                .iter()
                .position(|r| r.name == d.result)
                .unwrap_or(usize::MAX);
            let side = d
                .loser
                .as_ref()
                .and_then(|l| self.sides.iter().position(|s| s.side.as_ref() == Some(l)))
                .unwrap_or(0);
            (index, d.amount.unwrap_or(0), side)
        };
        counts.sort_by_key(|(d, _)| rank(d));
        let base: Vec<(Decision, Fraction)> = counts
            .into_iter()
            .map(|(d, n)| (d, Fraction::new(n, total)))
            .collect();
        let Some(reroll) = self.reroll else {
            return Ok(base);
        };
        // A result in `on` is thrown again once and the second throw stands.
        let mut again = Fraction::ZERO;
        for (d, p) in &base {
            if reroll.on.contains(&d.result) {
                again = again.checked_add(*p)?;
            }
        }
        let mut out = Vec::new();
        for (d, p) in &base {
            let keep = if reroll.on.contains(&d.result) {
                Fraction::ZERO
            } else {
                *p
            };
            out.push((d.clone(), keep.checked_add(again.checked_mul(*p)?)?));
        }
        Ok(out)
    }

    /// The situation a follow-up sees: a side's (or the only) factors, with `set` applied.
    fn follow_situation(&self, f: &FollowFull, d: &Decision) -> Result<Situation> {
        let side_name = match f.side.as_deref() {
            Some("loser") => d.loser.clone(),
            Some("winner") => d.winner.clone(),
            Some(other) => Some(other.to_string()),
            None => None,
        };
        let base = match &side_name {
            Some(n) => self.sides.iter().find(|s| s.side.as_deref() == Some(n)),
            None => self.sides.first(),
        };
        let mut s = base.map(|b| b.situation.clone()).unwrap_or_default();
        for (old, new) in &f.rename {
            let moved = s.given.remove(old);
            s.given.remove(new);
            if let Some(g) = moved {
                s.given.insert(new.clone(), g);
            }
        }
        if let Some(carry) = &f.carry {
            s.given.retain(|k, _| carry.contains(k));
        }
        for (k, v) in &f.set {
            let Some(fd) = self.ruleset.factor(k) else {
                continue;
            };
            let value = match fd.kind {
                crate::rules::schema::FactorKind::Flag => {
                    Value::Flag(crate::rules::ruleset::flag_word(v) == Some(true))
                }
                crate::rules::schema::FactorKind::Number => Value::Number(v.parse().unwrap_or(0)),
                crate::rules::schema::FactorKind::Choice => Value::Choice(v.clone()),
            };
            s.given.insert(
                fd.name.clone(),
                crate::engine::situation::Given {
                    value,
                    distance: None,
                    via: None,
                },
            );
        }
        Ok(s)
    }

    /// The follow-ups of a result that apply here: (procedure, situation, definition).
    fn follows(
        &self,
        d: &Decision,
        which: fn(&ResultDef) -> &Vec<crate::rules::schema::FollowDef>,
    ) -> Result<Vec<(&'a ProcedureDef, Situation, FollowFull)>> {
        let Some(r) = self.result_def(&d.result) else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for f in which(r) {
            let f = f.full();
            let s = self.follow_situation(&f, d)?;
            if !s.guard_holds(self.ruleset, f.guard()) {
                continue;
            }
            let q = self.ruleset.procedure_or_err(&f.procedure)?;
            out.push((q, s, f));
        }
        Ok(out)
    }

    fn side_records(&self) -> Vec<SideRecord> {
        let reads = self.ruleset.own_factors(self.procedure);
        self.sides
            .iter()
            .map(|s| SideRecord {
                side: s.side.clone(),
                dice: match &s.dice {
                    DicePlan::Roll(spec) => spec.to_string(),
                    DicePlan::Fixed(v) => format!("no roll: {v}"),
                },
                drops: s.drops.clone(),
                modifiers: s.modifiers.clone(),
                net: s.net,
                factors: s
                    .situation
                    .given
                    .iter()
                    .filter(|(n, _)| reads.contains(n))
                    .map(|(n, g)| FactorRecord {
                        name: n.clone(),
                        value: g.value.word(),
                        via: g.via.clone(),
                    })
                    .collect(),
            })
            .collect()
    }

    /// Throw for every side, from entered faces or the generator.
    fn throw_all(
        &self,
        source: &mut DiceSource,
        fixed: &[Option<ThrowRecord>],
    ) -> Result<Vec<ThrowRecord>> {
        let mut out = Vec::new();
        for (i, s) in self.sides.iter().enumerate() {
            // A side whose throw is already known (the lone figure's one die against each of
            // several opponents) keeps it.
            if let Some(Some(known)) = fixed.get(i) {
                out.push(known.clone());
                continue;
            }
            let what = match &s.side {
                Some(side) => format!("the {side}'s {}", self.procedure.name),
                None => self.procedure.name.clone(),
            };
            let rec = match &s.dice {
                DicePlan::Roll(spec) => {
                    let t = source.throw(spec, &what)?;
                    let (kept, natural_total) = Self::natural(s, &t.faces);
                    ThrowRecord {
                        side: s.side.clone(),
                        dice: Some(spec.to_string()),
                        faces: t.faces,
                        kept,
                        entered: t.entered,
                        natural_total,
                    }
                }
                DicePlan::Fixed(v) => ThrowRecord {
                    side: s.side.clone(),
                    dice: None,
                    faces: Vec::new(),
                    kept: Vec::new(),
                    entered: false,
                    natural_total: *v,
                },
            };
            out.push(rec);
        }
        Ok(out)
    }

    /// Resolve this step and every step that follows at once.
    pub fn resolve(&self, source: &mut DiceSource, for_side: Option<String>) -> Result<Step> {
        self.resolve_with(source, for_side, &[])
    }

    /// Resolve with some sides' throws already made (`fixed`, by side).
    pub fn resolve_with(
        &self,
        source: &mut DiceSource,
        for_side: Option<String>,
        fixed: &[Option<ThrowRecord>],
    ) -> Result<Step> {
        let mut throws = self.throw_all(source, fixed)?;
        let faces: Vec<&[i64]> = throws.iter().map(|t| t.faces.as_slice()).collect();
        let mut decision = self.decide(&faces);
        let mut reroll = None;
        if let Some(r) = self.reroll
            && r.on.contains(&decision.result)
        {
            let second = self.throw_all(source, &[])?;
            let faces: Vec<&[i64]> = second.iter().map(|t| t.faces.as_slice()).collect();
            let again = self.decide(&faces);
            reroll = Some(format!(
                "{}: {} thrown again, the second throw stands",
                r.label, decision.label
            ));
            decision = again;
            throws.extend(second);
        }
        // A roll never fails for want of its odds: dice too many to count (5d100) roll anyway.
        let chance = self.distribution().ok().map(|all| {
            all.into_iter()
                .find(|(d, _)| d.key() == decision.key())
                .map_or(Fraction::ZERO, |(_, p)| p)
        });
        let mut next = Vec::new();
        for (q, s, f) in self.follows(&decision, |r| &r.next)? {
            let input = Input {
                shared: s,
                sides: Default::default(),
            };
            let plan = Plan::new(self.ruleset, q, &input)?;
            next.push(plan.resolve(source, f.side.as_ref().and(decision.loser.clone()))?);
        }
        let follow_ups = self.follow_ups(&decision)?;
        let marks = self.marks(&decision);
        Ok(Step {
            procedure: self.procedure.name.clone(),
            title: self.procedure.title.clone(),
            for_side,
            sides: self.side_records(),
            throws,
            reroll,
            chance,
            note: self
                .result_def(&decision.result)
                .and_then(|r| r.note.clone()),
            decision,
            next,
            follow_ups,
            about: self.procedure.about,
            marks,
        })
    }

    /// The `marks` of the result whose conditions hold: read on the first side's situation, or
    /// on the loser's or the winner's for marks on them.
    fn marks(&self, d: &Decision) -> Vec<StepMark> {
        let Some(r) = self.result_def(&d.result) else {
            return Vec::new();
        };
        let situation_of = |side: Option<&String>| {
            self.sides
                .iter()
                .find(|s| side.is_some() && s.side.as_ref() == side)
                .or_else(|| self.sides.first())
                .map(|s| &s.situation)
        };
        r.marks
            .iter()
            .filter_map(|m| {
                let side = match m.on {
                    Role::Loser => d.loser.clone(),
                    Role::Winner => d.winner.clone(),
                    Role::Acting | Role::Target => None,
                };
                let holds = situation_of(side.as_ref())
                    .is_some_and(|s| s.guard_holds(self.ruleset, m.guard()));
                holds.then(|| StepMark {
                    role: m.on,
                    side,
                    change: m.change.clone(),
                })
            })
            .collect()
    }

    fn follow_ups(&self, d: &Decision) -> Result<Vec<FollowUp>> {
        let mut out = Vec::new();
        for (q, s, f) in self.follows(d, |r| &r.follow_up)? {
            let wanted = self.ruleset.chain_factors(q);
            let args = s.words(Some(&wanted));
            let who = match f.side.as_deref() {
                Some("loser") => d.loser.clone(),
                Some("winner") => d.winner.clone(),
                other => other.map(str::to_string),
            };
            let note = match (who, &f.note) {
                (Some(w), Some(n)) => Some(format!("{w}: {n}")),
                (Some(w), None) => Some(w),
                (None, n) => n.clone(),
            };
            out.push(FollowUp {
                procedure: q.name.clone(),
                args,
                side: match f.side.as_deref() {
                    Some("loser") => d.loser.clone(),
                    Some("winner") => d.winner.clone(),
                    other => other.map(str::to_string),
                },
                note,
            });
        }
        Ok(out)
    }

    /// Every final outcome of the chain from here, with its exact probability.
    pub fn chain_odds(&self) -> Result<Vec<(String, Fraction)>> {
        let mut out: Vec<(String, Fraction)> = Vec::new();
        for (d, p) in self.distribution()? {
            let mut branches: Vec<(String, Fraction)> = vec![(d.key(), p)];
            let follows = self.follows(&d, |r| &r.next)?;
            if !follows.is_empty() {
                let mut tails: Vec<(Vec<String>, Fraction)> = vec![(Vec::new(), Fraction::ONE)];
                for (q, s, _) in follows {
                    let input = Input {
                        shared: s,
                        sides: Default::default(),
                    };
                    let plan = Plan::new(self.ruleset, q, &input)?;
                    // A distance that follows is one outcome ("retreat 2-12 inches"), not eleven.
                    let sub = match plan.amount_span()? {
                        Some(span) => vec![(span, Fraction::ONE)],
                        None => plan.chain_odds()?,
                    };
                    let mut grown = Vec::new();
                    for (labels, tp) in &tails {
                        for (l, sp) in &sub {
                            let mut ls = labels.clone();
                            ls.push(l.clone());
                            grown.push((ls, tp.checked_mul(*sp)?));
                        }
                    }
                    tails = grown;
                }
                branches = tails
                    .into_iter()
                    .map(|(ls, tp)| {
                        Ok((
                            format!("{} › {}", d.key(), ls.join("; ")),
                            p.checked_mul(tp)?,
                        ))
                    })
                    .collect::<Result<_>>()?;
            }
            for (label, q) in branches {
                match out.iter_mut().find(|(l, _)| *l == label) {
                    Some((_, acc)) => *acc = acc.checked_add(q)?,
                    None => out.push((label, q)),
                }
            }
        }
        Ok(out)
    }

    /// For a step whose result is a distance: `retreat 2-12 inches`.
    pub fn amount_span(&self) -> Result<Option<String>> {
        let Reading::Amount { unit, .. } = &self.reading else {
            return Ok(None);
        };
        let values: Vec<i64> = self
            .distribution()?
            .iter()
            .filter_map(|(d, _)| d.amount)
            .collect();
        let (lo, hi) = (
            values.iter().min().copied().unwrap_or(0),
            values.iter().max().copied().unwrap_or(0),
        );
        let span = if lo == hi {
            lo.to_string()
        } else {
            format!("{lo}-{hi}")
        };
        Ok(Some(
            format!("{} {span} {unit}", self.procedure.name)
                .trim_end()
                .to_string(),
        ))
    }

    /// The plans of the steps that may follow at once, for showing their odds too.
    pub fn next_plans(&self) -> Result<Vec<Plan<'a>>> {
        let mut out: Vec<Plan<'a>> = Vec::new();
        for (d, _) in self.distribution()? {
            for (q, s, _) in self.follows(&d, |r| &r.next)? {
                if out.iter().any(|p| {
                    p.procedure.name == q.name && p.sides.first().map(|x| &x.situation) == Some(&s)
                }) {
                    continue;
                }
                let input = Input {
                    shared: s,
                    sides: Default::default(),
                };
                out.push(Plan::new(self.ruleset, q, &input)?);
            }
        }
        Ok(out)
    }

    /// The reading of the total, in words, for cards and explanations.
    pub fn reading_text(&self) -> String {
        match &self.reading {
            Reading::Check {
                compare,
                target_text,
                pass,
                ..
            } => {
                let how = match compare {
                    Comparison::AtLeast => format!("{target_text} or more"),
                    Comparison::MoreThan => format!("more than {target_text}"),
                    Comparison::AtMost => format!("{target_text} or less"),
                    Comparison::LessThan => format!("less than {target_text}"),
                };
                format!("{how}: {}", self.label(pass))
            }
            Reading::Table { .. } => "read the total on the table".into(),
            Reading::Grid { row, .. } => format!("read row {} by the total", row.label),
            Reading::Amount { unit, .. } => format!("the total is the distance ({unit})"),
            Reading::Compare(c) => match c.by {
                CompareBy::Margin => {
                    "the higher total wins; the margin is read on the table".into()
                }
                CompareBy::Doubling => {
                    "the higher total wins; doubling the other's score is worse".into()
                }
            },
        }
    }
}

/// Parse, plan and resolve a whole chain in one call (the library's front door).
pub fn resolve(
    ruleset: &Ruleset,
    procedure: &str,
    words: &[String],
    source: &mut DiceSource,
) -> Result<Step> {
    let p = ruleset.procedure_or_err(procedure)?;
    let input = crate::engine::situation::parse(ruleset, p, words)?;
    Plan::new(ruleset, p, &input)?.resolve(source, None)
}

/// Parse, plan and enumerate a whole chain: every final outcome with its probability.
pub fn odds(
    ruleset: &Ruleset,
    procedure: &str,
    words: &[String],
) -> Result<Vec<(String, Fraction)>> {
    let p = ruleset.procedure_or_err(procedure)?;
    let input = crate::engine::situation::parse(ruleset, p, words)?;
    Plan::new(ruleset, p, &input)?.chain_odds()
}
