//! The plan: a procedure made ready for one situation — each side's dice, its modifiers and
//! how the total is read — everything that does not depend on the faces thrown. Deciding a
//! throw (`decide`), resolving a chain (`resolve`) and counting the odds (`odds`) all start
//! from a `Plan`.

use crate::engine::modifiers::{ModLine, modifiers};
use crate::engine::requires::{Standing, Verdict};
use crate::engine::situation::{Input, Situation};
use crate::engine::throw::{DicePlan, Target, TargetFrom};
use crate::error::{Error, Result};
use crate::model::{
    CompareDef, Comparison, FactorKind, GridRow, Guarded, ProcedureDef, ResultDef, RollDef,
    TargetDef,
};
use crate::model::{Decimal, Ruleset};

#[derive(Debug, Clone)]
pub struct SidePlan {
    pub side: Option<String>,
    pub dice: DicePlan,
    pub dice_label: Option<String>,
    pub drops: Vec<String>,
    pub modifiers: Vec<ModLine>,
    pub net: i64,
    /// Numbers worked out from their items (the situation holds their totals).
    pub sums: Vec<crate::engine::derived::Summed>,
    /// Choice factors read one value further along their list.
    pub further: Vec<crate::engine::derived::Further>,
    /// The rules of eligibility this side's situation called on, and how each stands.
    pub standings: Vec<Standing>,
    /// The halvings of an amount that hold in this side's situation: why, and rounded up.
    pub(super) halves: Vec<(String, bool)>,
    pub(super) situation: Situation,
}

/// How the total is read: against a target, on a table or a grid row, as a distance, or side
/// against side.
#[derive(Debug, Clone)]
pub enum Reading<'a> {
    Check {
        compare: Comparison,
        target: Target,
        pass: &'a str,
        fail: &'a str,
    },
    Table {
        clamp: Option<[i64; 2]>,
        rows: &'a [crate::model::BandDef],
    },
    Grid {
        row: &'a GridRow,
        first_column: i64,
    },
    Amount {
        unit: String,
        floor: Option<i64>,
        halves: Vec<(String, bool)>,
        /// Each die read on its own against a target: the amount is how many pass.
        each: Option<(Comparison, Target)>,
    },
    Compare(&'a CompareDef),
    /// Each side scores an amount (its own halvings, the floor), and the amounts are compared.
    Amounts {
        unit: String,
        floor: Option<i64>,
        compare: &'a CompareDef,
    },
}

/// A procedure made ready for one situation: everything that does not depend on the dice.
#[derive(Debug, Clone)]
pub struct Plan<'a> {
    pub ruleset: &'a Ruleset,
    pub procedure: &'a ProcedureDef,
    pub sides: Vec<SidePlan>,
    pub(super) naturals: Vec<&'a crate::model::NaturalDef>,
    /// The re-rolls whose guards hold, in the table's order, each with the side whose dice
    /// it throws again (`None`: every side's).
    pub rerolls: Vec<(&'a crate::model::RerollDef, Option<usize>)>,
    pub reading: Reading<'a>,
    pub(super) becomes: Vec<Becoming<'a>>,
    /// Why this is the plan of another procedure than the one asked for: its check's
    /// modifiers made a pass impossible, and it falls back to this one.
    pub fallback: Option<Box<crate::engine::record::Fallback>>,
    /// The step's distribution once worked out: the odds, their explanation and the steps
    /// that follow all read it, and it is weighed once.
    pub(super) weighed: Weighed,
}

/// A step's distribution, once weighed. A copy of the plan starts unweighed: its modifiers
/// may be changed (a card weighs a plan at each net modifier).
#[derive(Debug, Default)]
pub(super) struct Weighed(
    pub(super)  std::cell::OnceCell<
        Vec<(
            crate::engine::decision::Decision,
            crate::engine::fraction::Fraction,
        )>,
    >,
);

impl Clone for Weighed {
    fn clone(&self) -> Self {
        Weighed::default()
    }
}

/// A `becomes` whose condition holds in this situation: result `from` turns into `to`.
#[derive(Debug, Clone)]
pub(super) struct Becoming<'a> {
    pub(super) from: &'a str,
    pub(super) to: &'a str,
    pub(super) label: &'a str,
    /// In an opposed roll: only when this side is the loser (`true`) or the winner (`false`).
    pub(super) role: Option<(bool, String)>,
    /// A bound on a side's natural total.
    pub(super) natural: Option<&'a crate::model::AmountCond>,
}

/// The factors conditions ask about that the situation does not say, in the order asked
/// (`side.factor` for a side's): a flag not given is no, so asking for it would not help.
fn unsaid<'c>(
    ruleset: &Ruleset,
    situation: &Situation,
    asked: impl Iterator<Item = &'c crate::model::Cond>,
    side: Option<&String>,
) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for c in asked {
        let word = match side {
            Some(s) => format!("{s}.{}", c.factor),
            None => c.factor.clone(),
        };
        let flag = ruleset
            .factor(&c.factor)
            .is_some_and(|f| f.kind == FactorKind::Flag);
        if !flag && situation.value(ruleset, &c.factor).is_none() && !out.contains(&word) {
            out.push(word);
        }
    }
    out
}

fn missing(procedure: &ProcedureDef, factor: &str, ruleset: &Ruleset) -> Error {
    let example = match ruleset.factor(factor).map(|f| f.kind) {
        Some(FactorKind::Number) => format!("{factor}=N"),
        _ => format!("{factor}=VALUE"),
    };
    Error::usage(format!("{} needs `{factor}`", procedure.name)).with_hint(format!(
        "add `{example}`; see `umpire rules {}`",
        procedure.name
    ))
}

impl<'a> Plan<'a> {
    /// Prepare `procedure` for the situation(s) given, or the procedure its check falls back
    /// to when the modifiers make it impossible.
    pub fn new(
        ruleset: &'a Ruleset,
        procedure: &'a ProcedureDef,
        input: &Input,
    ) -> Result<Plan<'a>> {
        Self::planned(ruleset, procedure, input)?.or_fallback()
    }

    /// Prepare `procedure` itself for the situation(s) given.
    pub(super) fn planned(
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
        for (i, (side, situation)) in situations.iter().enumerate() {
            // In an opposed roll, the other side's situation, for what a side's modifiers
            // read on its opponent.
            let opponent = situations
                .get(1 - i.min(1))
                .filter(|_| situations.len() == 2);
            sides.push(Self::side_plan(
                ruleset,
                procedure,
                side.clone(),
                situation.clone(),
                opponent.map(|(_, s)| s),
            )?);
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
        let rerolls = procedure
            .rerolls
            .iter()
            .filter_map(|r| {
                let at = match &r.side {
                    Some(name) => Some(sides.iter().position(|s| s.side.as_ref() == Some(name))?),
                    None => None,
                };
                let situation = sides.get(at.unwrap_or(0)).map(|s| &s.situation)?;
                situation.guard_holds(ruleset, r.guard()).then_some((r, at))
            })
            .collect();
        let mut becomes = Vec::new();
        for r in &procedure.results {
            for b in &r.becomes {
                let becoming = |role| Becoming {
                    from: &r.name,
                    to: &b.result,
                    label: &b.label,
                    role,
                    natural: b.natural.as_ref(),
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
            rerolls,
            reading,
            becomes,
            fallback: None,
            weighed: Weighed::default(),
        })
    }

    /// One side's plan; `opponent` is the other side's situation in an opposed roll.
    pub(crate) fn side_plan(
        ruleset: &Ruleset,
        p: &ProcedureDef,
        side: Option<String>,
        situation: Situation,
        opponent: Option<&Situation>,
    ) -> Result<SidePlan> {
        // What the rules of eligibility withhold is withheld before anything is worked out
        // from it.
        let (situation, standings) =
            crate::engine::requires::apply(ruleset, p, side.as_deref(), situation);
        let (situation, sums, further) =
            crate::engine::derived::derive(ruleset, p, situation, opponent);
        let (dice, dice_label) = match &p.roll {
            Some(RollDef::Dice(d)) => (DicePlan::Roll(ruleset.dice(d)?), None),
            Some(RollDef::Cases(cases)) => {
                let case = cases
                    .iter()
                    .find(|c| situation.guard_holds(ruleset, c.guard()))
                    .ok_or_else(|| {
                        let whose = side.as_ref().map_or_else(
                            || "this situation".to_string(),
                            |s| format!("the {s}'s situation"),
                        );
                        // What the cases ask about that the situation did not say.
                        let asked = cases.iter().flat_map(|c| c.guard().conditions());
                        let unsaid = unsaid(ruleset, &situation, asked, side.as_ref());
                        let hint = if unsaid.is_empty() {
                            format!("see `umpire rules {}`", p.name)
                        } else {
                            format!("give {}; see `umpire rules {}`", unsaid.join(", "), p.name)
                        };
                        Error::usage(format!("no case of {}'s dice fits {whose}", p.name))
                            .with_hint(hint)
                    })?;
                let plan = match (&case.dice, case.fixed) {
                    (_, Some(v)) => DicePlan::Fixed(v),
                    (Some(d), None) => {
                        let mut spec = ruleset.dice(d)?;
                        if let Some(count) = &case.count {
                            // A count of dice is of whole units: a measured 2.5 holds 2.
                            let n = situation
                                .number(ruleset, &count.factor)
                                .ok_or_else(|| missing(p, &count.factor, ruleset))?
                                .trunc();
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
        let (modifiers, net) = modifiers(ruleset, p, &situation, opponent);
        let halves = p
            .amount
            .iter()
            .flat_map(|a| &a.halve)
            .filter(|h| situation.guard_holds(ruleset, h.guard()))
            .map(|h| (h.label.clone(), h.round_up))
            .collect();
        Ok(SidePlan {
            side,
            dice,
            dice_label,
            drops,
            modifiers,
            net,
            sums,
            further,
            standings,
            halves,
            situation,
        })
    }

    /// The target of `c`, a check of `p`, in this situation.
    fn target(
        ruleset: &Ruleset,
        p: &ProcedureDef,
        c: &crate::model::CheckDef,
        s: &Situation,
    ) -> Result<Target> {
        let (value, from) = match &c.target {
            TargetDef::Number(n) => (Decimal::whole(*n), None),
            TargetDef::Factor(f) => {
                let n = s.number(ruleset, f).ok_or_else(|| missing(p, f, ruleset))?;
                (n, Some(TargetFrom::Factor(f.clone())))
            }
            TargetDef::Lookup(l) => {
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
                let from = TargetFrom::Cell {
                    row: (l.rows.clone(), row),
                    column: (l.columns.clone(), col),
                };
                (Decimal::whole(n), Some(from))
            }
        };
        Ok(Target { value, from })
    }

    fn reading(ruleset: &'a Ruleset, p: &'a ProcedureDef, s: &Situation) -> Result<Reading<'a>> {
        if let Some(c) = &p.check {
            let target = Self::target(ruleset, p, c, s)?;
            return Ok(Reading::Check {
                compare: c.compare,
                target,
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
                    let asked = g.rows.iter().flat_map(|r| r.guard().conditions());
                    let factors = unsaid(ruleset, s, asked, None);
                    let hint = if factors.is_empty() {
                        format!("see `umpire rules {}`", p.name)
                    } else {
                        format!("give {}", factors.join(", "))
                    };
                    Error::usage(format!("no row of {}'s table fits this situation", p.name))
                        .with_hint(hint)
                })?;
            return Ok(Reading::Grid {
                row,
                first_column: g.first_column,
            });
        }
        if let (Some(a), Some(c), false) = (&p.amount, &p.compare, p.sides.is_empty()) {
            let unit = a.unit.clone().unwrap_or_else(|| ruleset.unit().to_string());
            return Ok(Reading::Amounts {
                unit,
                floor: a.floor,
                compare: c,
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
            let each = match &a.each_die {
                None => None,
                Some(name) => {
                    let other = ruleset.procedure_or_err(name)?;
                    let c = other.check.as_ref().ok_or_else(|| {
                        Error::failure(format!("{}: {name} has no check", ruleset.file))
                    })?;
                    Some((c.compare, Self::target(ruleset, other, c, s)?))
                }
            };
            return Ok(Reading::Amount {
                unit,
                floor: a.floor,
                halves,
                each,
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

    /// The first rule of eligibility that refuses this roll, with the side it refuses.
    pub fn refusal(&self) -> Option<(Option<&str>, &Standing)> {
        self.sides.iter().find_map(|s| {
            s.standings
                .iter()
                .find(|st| st.verdict == Verdict::Refused)
                .map(|st| (s.side.as_deref(), st))
        })
    }

    /// Do the conditions all hold in the first side's situation (the roll's own)?
    pub fn first_holds(&self, c: &crate::model::Conditions) -> bool {
        self.sides
            .first()
            .is_some_and(|s| s.situation.all_hold(self.ruleset, c))
    }

    pub(super) fn result_def(&self, name: &str) -> Option<&'a ResultDef> {
        self.procedure.results.iter().find(|r| r.name == name)
    }

    /// A result's label, by its name.
    pub fn label(&self, name: &str) -> String {
        self.procedure.result_label(name)
    }
}
