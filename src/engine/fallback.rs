//! A check that falls back to another reading when the modifiers make it impossible: when no
//! total the dice can show passes with the net modifier, though one would without it, the roll
//! is made as the procedure the check's `impossible` names, with the same situation, and the
//! facts of why go with it (the check, its dice and modifiers, the best total they reach).
//! Every plan is made through here, so a roll, its odds, a card and a unit's roll all read it.

use crate::engine::plan::{Plan, Reading};
use crate::engine::record::Fallback;
use crate::engine::situation::Input;
use crate::engine::throw::DicePlan;
use crate::error::Result;
use crate::model::{Comparison, Decimal};

impl DicePlan {
    /// The lowest and highest total before modifiers.
    pub fn span(&self) -> (i64, i64) {
        match self {
            DicePlan::Roll(spec) => spec.span(),
            DicePlan::Fixed(v) => (*v, *v),
        }
    }
}

/// The best total dice spanning `span` reach with `net` when that total cannot pass but the
/// best without modifiers can; `None` when a pass is within reach, or beyond the dice alone
/// (then the target, not the modifiers, rules it out).
pub fn out_of_reach(
    span: (i64, i64),
    net: i64,
    compare: Comparison,
    target: Decimal,
) -> Option<i64> {
    let (lo, hi) = span;
    let best = |n: i64| match compare {
        Comparison::AtLeast | Comparison::MoreThan => hi.saturating_add(n),
        Comparison::AtMost | Comparison::LessThan => lo.saturating_add(n),
    };
    (compare.holds(best(0), target) && !compare.holds(best(net), target)).then_some(best(net))
}

impl<'a> Plan<'a> {
    /// This plan, or, when its check falls back and the modifiers make it impossible, the
    /// plan of the procedure it is read as, carrying why. A roll a rule of eligibility refuses
    /// stays refused; a fallback never falls back again (the tables are checked for it).
    pub fn or_fallback(self) -> Result<Plan<'a>> {
        if self.refusal().is_some() {
            return Ok(self);
        }
        self.or_fallback_overruled()
    }

    /// [`Plan::or_fallback`] for a roll the umpire made against a rule of eligibility: it
    /// falls back as any roll would.
    pub fn or_fallback_overruled(self) -> Result<Plan<'a>> {
        let fallback = self
            .procedure
            .check
            .as_ref()
            .and_then(|c| c.impossible.as_ref());
        let (
            Some(i),
            Reading::Check {
                compare, target, ..
            },
        ) = (fallback, &self.reading)
        else {
            return Ok(self);
        };
        if self.fallback.is_some() {
            return Ok(self);
        }
        let Some(side) = self.sides.first() else {
            return Ok(self);
        };
        let Some(best) = out_of_reach(side.dice.span(), side.net, *compare, target.value) else {
            return Ok(self);
        };
        let q = self.ruleset.procedure_or_err(&i.becomes)?;
        let input = Input {
            shared: side.situation.clone(),
            sides: Default::default(),
        };
        let mut plan = Plan::planned(self.ruleset, q, &input)?;
        let Some(record) = self.side_records().into_iter().next() else {
            return Ok(self);
        };
        plan.fallback = Some(Box::new(Fallback {
            procedure: self.procedure.name.clone(),
            title: self.procedure.title.clone(),
            side: record,
            compare: *compare,
            target: target.clone(),
            best,
            becomes: q.name.clone(),
            label: i.label.clone(),
        }));
        Ok(plan)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_modifiers_put_a_pass_out_of_reach() {
        let five = Decimal::whole(5);
        // 1d6 needing 5: at -2 the best is 4.
        assert_eq!(out_of_reach((1, 6), -2, Comparison::AtLeast, five), Some(4));
        assert_eq!(out_of_reach((1, 6), -1, Comparison::AtLeast, five), None);
        // A fixed 0 never passes, modifiers or not: no fallback.
        assert_eq!(out_of_reach((0, 0), -3, Comparison::AtLeast, five), None);
        // Low totals pass: the lowest is the best.
        assert_eq!(
            out_of_reach((1, 6), 3, Comparison::LessThan, Decimal::whole(4)),
            Some(4)
        );
        assert_eq!(
            out_of_reach((1, 6), 2, Comparison::AtMost, Decimal::whole(3)),
            None
        );
        assert_eq!(out_of_reach((2, 12), -5, Comparison::MoreThan, five), None);
        assert_eq!(
            out_of_reach((2, 12), -7, Comparison::MoreThan, five),
            Some(5)
        );
    }
}
