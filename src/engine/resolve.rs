//! Resolving a chain: throwing each side's dice (entered or generated), a re-roll when the
//! result calls for one, the `next` steps that follow at once, the follow-ups left to the
//! umpire, and the marks a result leaves on a game's figures.

use serde::Serialize;

use crate::engine::decision::Decision;
use crate::engine::dice::DiceSource;
use crate::engine::fraction::Fraction;
use crate::engine::plan::Plan;
use crate::engine::record::{FactorRecord, SideRecord};
pub use crate::engine::reroll::Reroll;
use crate::engine::situation::{Input, Situation};
use crate::engine::throw::DicePlan;
use crate::error::Result;
use crate::model::Ruleset;
use crate::model::{FollowDef, Guarded, ProcedureDef, ResultDef, Role};

/// The most times an amount's `each:` is rolled: more hits than any table's dice give.
const MAX_EACH: i64 = 1000;

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
    /// The first re-roll taken (every one is in `rerolls`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reroll: Option<Reroll>,
    /// Every re-roll whose guard held, in turn: taken or not, and why.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rerolls: Vec<Reroll>,
    pub decision: Decision,
    /// The chance of this result, when the throws can be counted within the budget.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chance: Option<Fraction>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    pub next: Vec<Step>,
    pub follow_ups: Vec<FollowUp>,
    /// What another unit may do in answer (never owed).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub may_follow: Vec<FollowUp>,
    /// Whom the roll is for in a game (its follow-ups are that figure's).
    pub about: Role,
    /// What the result does to a game's figures, its conditions already read.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<StepMark>,
    /// Changes that fall at random on the group acted upon, their conditions already read.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub spread: Vec<crate::model::SpreadDef>,
    /// The amount lands as another unit than the procedure's (the wall takes the hits).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lands_as: Option<LandsAs>,
    /// Why this step is another procedure than the one asked for: the modifiers made its
    /// check impossible, and it fell back to this one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fallback: Option<Box<crate::engine::record::Fallback>>,
}

/// The unit an amount lands as, in place of its procedure's, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LandsAs {
    pub unit: String,
    pub label: String,
}

/// Changes a result makes to one figure: the acting one, the target, or one side's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StepMark {
    pub role: Role,
    /// For the loser or winner of an opposed roll: that side's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    pub change: Vec<String>,
    /// On every figure in play of that figure's unit.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub group: bool,
    /// On every figure in play of that figure's side carrying this marker.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side_carrying: Option<String>,
}

/// A check the umpire must still make, and the command that makes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FollowUp {
    pub procedure: String,
    pub args: Vec<String>,
    /// The side it is for, in an opposed roll (`attacker`), once the loser or winner is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    /// The figure that makes it, where it is not the one the step is for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on: Option<Role>,
    /// In a game, the figure's label, once `args` start with the option that names it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub figure: Option<String>,
    /// Owed once however many rolls call for it before it is made.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub once: bool,
    /// In a game, made before anything else is rolled, drawn or started.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub at_once: bool,
    /// Called for by the roll whatever its result (it comes after the chain's other checks).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub any_result: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl Step {
    /// Every follow-up of the chain from here, depth first; those a step calls for whatever
    /// its result come after the checks its results call for (what a result does first).
    pub fn all_follow_ups(&self) -> Vec<&FollowUp> {
        let mut out: Vec<_> = self.follow_ups.iter().filter(|f| !f.any_result).collect();
        for n in &self.next {
            out.extend(n.all_follow_ups());
        }
        out.extend(self.follow_ups.iter().filter(|f| f.any_result));
        out
    }

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

impl<'a> Plan<'a> {
    /// The situation a follow-up's conditions read: its side's (or the only) factors, as given.
    fn source_situation(&self, f: &FollowDef, d: Option<&Decision>) -> Situation {
        let side_name = match f.side.as_deref() {
            Some("loser") => d.and_then(|d| d.loser.clone()),
            Some("winner") => d.and_then(|d| d.winner.clone()),
            Some(other) => Some(other.to_string()),
            None => None,
        };
        let base = match &side_name {
            Some(n) => self.sides.iter().find(|s| s.side.as_deref() == Some(n)),
            None => self.sides.first(),
        };
        base.map(|b| b.situation.clone()).unwrap_or_default()
    }

    /// The situation a follow-up sees: its source's factors renamed, carried and `set`.
    fn follow_situation(f: &FollowDef, mut s: Situation) -> Situation {
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
        for (k, value) in &f.set {
            s.given.insert(
                k.clone(),
                crate::engine::situation::Given {
                    value: value.clone(),
                    distance: None,
                    via: None,
                },
            );
        }
        s
    }

    /// The follow-ups of a result that apply here (none without one), or (`any_result`) those
    /// of the procedure whatever the result: (procedure, situation, definition). Conditions
    /// read the roll's own situation, before anything is renamed, left out or set.
    pub(super) fn follows(
        &self,
        d: Option<&Decision>,
        which: fn(&ResultDef) -> &Vec<FollowDef>,
        any_result: bool,
    ) -> Result<Vec<(&'a ProcedureDef, Situation, &'a FollowDef)>> {
        let listed: &'a [FollowDef] = if any_result {
            &self.procedure.follow_up
        } else {
            match d.and_then(|d| self.result_def(&d.result)) {
                Some(r) => which(r),
                None => return Ok(Vec::new()),
            }
        };
        self.follows_of(listed, d)
    }

    /// Whether a follow-up's condition on the amount holds for decision `d`: none is always
    /// met, and one is never met before the dice (`d` unknown).
    fn amount_holds(&self, f: &FollowDef, d: Option<&Decision>) -> bool {
        let Some(a) = &f.amount else {
            return true;
        };
        let Some(d) = d else {
            return false;
        };
        let name = match a.of.as_deref() {
            Some("loser") => d.loser.clone(),
            Some("winner") => d.winner.clone(),
            other => other.map(str::to_string),
        };
        let at = match &name {
            Some(n) => self.sides.iter().position(|s| s.side.as_ref() == Some(n)),
            None if a.of.is_none() => Some(0),
            None => None,
        };
        at.and_then(|i| d.amount_of(i))
            .is_some_and(|v| a.min.is_none_or(|m| v >= m) && a.max.is_none_or(|m| v <= m))
    }

    /// The entries of `listed` whose conditions hold for `d`, each with its procedure and the
    /// situation it is handed.
    fn follows_of(
        &self,
        listed: &'a [FollowDef],
        d: Option<&Decision>,
    ) -> Result<Vec<(&'a ProcedureDef, Situation, &'a FollowDef)>> {
        let mut out = Vec::new();
        for f in listed {
            let source = self.source_situation(f, d);
            if !source.guard_holds(self.ruleset, f.guard()) || !self.amount_holds(f, d) {
                continue;
            }
            let q = self.ruleset.procedure_or_err(&f.procedure)?;
            out.push((q, Self::follow_situation(f, source), f));
        }
        Ok(out)
    }

    pub(super) fn side_records(&self) -> Vec<SideRecord> {
        let reads = self.ruleset.own_factors(self.procedure);
        self.sides
            .iter()
            .map(|s| SideRecord {
                side: s.side.clone(),
                dice: s.dice.clone(),
                dice_label: s.dice_label.clone(),
                drops: s.drops.clone(),
                modifiers: s.modifiers.clone(),
                net: s.net,
                sums: s.sums.clone(),
                further: s.further.clone(),
                standings: s.standings.clone(),
                factors: s
                    .situation
                    .given
                    .iter()
                    // A summed number is said with its items, not as if typed.
                    .filter(|(n, _)| reads.contains(n) && !s.sums.iter().any(|x| &x.factor == *n))
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
        for i in 0..self.sides.len() {
            // A side whose throw is already known (the lone figure's one die against each of
            // several opponents) keeps it.
            if let Some(Some(known)) = fixed.get(i) {
                out.push(known.clone());
                continue;
            }
            out.extend(self.throw_side(i, source, None)?);
        }
        Ok(out)
    }

    /// One side's throw (by its place), from entered faces or the generator; `again` names
    /// the re-roll it is for.
    fn throw_side(
        &self,
        i: usize,
        source: &mut DiceSource,
        again: Option<&str>,
    ) -> Result<Option<ThrowRecord>> {
        let Some(s) = self.sides.get(i) else {
            return Ok(None);
        };
        {
            let mut what = match &s.side {
                Some(side) => format!("the {side}'s {}", self.procedure.name),
                None => self.procedure.name.clone(),
            };
            if let Some(label) = again {
                what.push_str(&format!(" thrown again ({label})"));
            }
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
            Ok(Some(rec))
        }
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
        let faces: Vec<Vec<i64>> = throws.iter().map(|t| t.faces.clone()).collect();
        let sides = self.sides.len();
        let (decision, rerolls, _) = self.apply_rerolls(faces, |at, r| {
            let mut fresh = vec![Vec::new(); sides];
            for i in (0..sides).filter(|i| at.is_none_or(|a| a == *i)) {
                if let Some(rec) = self.throw_side(i, source, Some(&r.label))? {
                    if let Some(slot) = fresh.get_mut(i) {
                        slot.clone_from(&rec.faces);
                    }
                    throws.push(rec);
                }
            }
            Ok(fresh)
        })?;
        let reroll = rerolls.iter().find(|r| r.taken).cloned();
        // A roll never waits for its odds: dice too many to count (5d100) roll anyway.
        let chance = self.distribution_within_budget()?.map(|all| {
            all.into_iter()
                .find(|(d, _)| d.key() == decision.key())
                .map_or(Fraction::ZERO, |(_, p)| p)
        });
        let mut next = Vec::new();
        for (q, s, f) in self.follows(Some(&decision), |r| &r.next, false)? {
            let input = Input {
                shared: s,
                sides: Default::default(),
            };
            let plan = Plan::new(self.ruleset, q, &input)?;
            // The side whose step it is: the loser's or winner's as the roll fell, or one named.
            let side = match f.side.as_deref() {
                Some("loser") => decision.loser.clone(),
                Some("winner") => decision.winner.clone(),
                other => other.map(str::to_string),
            };
            next.push(plan.resolve(source, side)?);
        }
        // `each:` of the amount: the chain goes on once for each one of it (a damage roll for
        // each hit).
        let each = self
            .procedure
            .amount
            .as_ref()
            .map_or(&[][..], |a| &a.each[..]);
        let times = decision.amount_of(0).unwrap_or(0).clamp(0, MAX_EACH);
        for _ in 0..times {
            for (q, s, _) in self.follows_of(each, Some(&decision))? {
                let input = Input {
                    shared: s,
                    sides: Default::default(),
                };
                next.push(Plan::new(self.ruleset, q, &input)?.resolve(source, None)?);
            }
        }
        let follow_ups = self.follow_ups(Some(&decision))?;
        let may_follow = self
            .follows_of(&self.procedure.may_follow, Some(&decision))?
            .into_iter()
            .map(|(q, s, f)| self.follow_up(q, &s, f, Some(&decision), false))
            .collect();
        let marks = self.marks(&decision, &rerolls);
        let spread = self.spread(&decision);
        let lands_as = self.lands_as(&decision);
        Ok(Step {
            procedure: self.procedure.name.clone(),
            title: self.procedure.title.clone(),
            for_side,
            sides: self.side_records(),
            throws,
            reroll,
            rerolls,
            chance,
            // A result's own note, else what every amount says (how a distance is moved).
            note: self
                .result_def(&decision.result)
                .and_then(|r| r.note.clone())
                .or_else(|| self.procedure.amount.as_ref().and_then(|a| a.note.clone())),
            decision,
            next,
            follow_ups,
            may_follow,
            about: self.procedure.about,
            marks,
            spread,
            lands_as,
            fallback: self.fallback.clone(),
        })
    }

    /// The first of the amount's `instead` cases that holds on the first side's situation,
    /// when the roll gave an amount to land.
    fn lands_as(&self, d: &Decision) -> Option<LandsAs> {
        d.amount.filter(|n| *n > 0)?;
        let s = &self.sides.first()?.situation;
        let i = self
            .procedure
            .amount
            .as_ref()?
            .instead
            .iter()
            .find(|i| s.guard_holds(self.ruleset, i.guard()))?;
        Some(LandsAs {
            unit: i.unit.clone(),
            label: i.label.clone(),
        })
    }

    /// The roll's `marks`, then its result's, then those of each re-roll taken, whose
    /// conditions hold: read on the first side's situation, or on the loser's or the winner's
    /// for marks on them.
    fn marks(&self, d: &Decision, rerolls: &[Reroll]) -> Vec<StepMark> {
        let own = self.result_def(&d.result).map_or(&[][..], |r| &r.marks[..]);
        // `rerolls` has one entry per re-roll of the plan, in its order.
        let taken = self
            .rerolls
            .iter()
            .zip(rerolls)
            .filter(|(_, done)| done.taken)
            .flat_map(|((r, _), _)| &r.marks);
        let situation_of = |side: Option<&String>| {
            self.sides
                .iter()
                .find(|s| side.is_some() && s.side.as_ref() == side)
                .or_else(|| self.sides.first())
                .map(|s| &s.situation)
        };
        self.procedure
            .marks
            .iter()
            .chain(own)
            .chain(taken)
            .filter_map(|m| {
                let side = match m.on {
                    Role::Loser => d.loser.clone(),
                    Role::Winner => d.winner.clone(),
                    Role::Acting | Role::ActedUpon | Role::Each => m.side.clone(),
                };
                let holds = situation_of(side.as_ref())
                    .is_some_and(|s| s.guard_holds(self.ruleset, m.guard()));
                holds.then(|| StepMark {
                    role: m.on,
                    side,
                    change: m.change.clone(),
                    group: m.group,
                    side_carrying: m.side_carrying.clone(),
                })
            })
            .collect()
    }

    /// The result's changes spread over the group acted upon whose conditions hold, read on
    /// the first side's situation.
    fn spread(&self, d: &Decision) -> Vec<crate::model::SpreadDef> {
        let Some(s) = self.sides.first().map(|s| &s.situation) else {
            return Vec::new();
        };
        self.result_def(&d.result)
            .map_or(&[][..], |r| &r.spread[..])
            .iter()
            .filter(|x| s.guard_holds(self.ruleset, x.guard()))
            .cloned()
            .collect()
    }

    /// The checks the roll calls for whatever its result, read on its situation alone, before
    /// any dice: what other figures in the place of the roll's own owe.
    pub fn any_result_follow_ups(&self) -> Result<Vec<FollowUp>> {
        self.follow_ups(None)
    }

    /// The checks a result calls for (`d`), then those of any result.
    fn follow_ups(&self, d: Option<&Decision>) -> Result<Vec<FollowUp>> {
        let mut out = Vec::new();
        let listed = self
            .follows(d, |r| &r.follow_up, false)?
            .into_iter()
            .map(|x| (x, false))
            .chain(
                self.follows(d, |r| &r.follow_up, true)?
                    .into_iter()
                    .map(|x| (x, true)),
            );
        for ((q, s, f), any_result) in listed {
            out.push(self.follow_up(q, &s, f, d, any_result));
        }
        Ok(out)
    }

    /// A step that follows, as the command that makes it: the words of its situation that
    /// its chain reads, whose it is, and its note.
    fn follow_up(
        &self,
        q: &ProcedureDef,
        s: &Situation,
        f: &FollowDef,
        d: Option<&Decision>,
        any_result: bool,
    ) -> FollowUp {
        let wanted = self.ruleset.chain_factors(q);
        let args = s.words(Some(&wanted));
        let side = match f.side.as_deref() {
            Some("loser") => d.and_then(|d| d.loser.clone()),
            Some("winner") => d.and_then(|d| d.winner.clone()),
            other => other.map(str::to_string),
        };
        let note = match (&side, &f.note) {
            (Some(w), Some(n)) => Some(format!("{w}: {n}")),
            (Some(w), None) => Some(w.clone()),
            (None, n) => n.clone(),
        };
        FollowUp {
            procedure: q.name.clone(),
            args,
            side,
            on: f.on,
            figure: None,
            once: f.once,
            at_once: f.at_once,
            any_result,
            note,
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
