//! Several figures against a lone one: every pairing's result applies, and of those the lone
//! figure receives the worst stands (results received together may become a worse one), in
//! the order the procedure's `many-on-one` gives; and the exact odds of the whole fight, the
//! lone figure's one throw shared by every pairing.

use serde::Serialize;

use crate::engine::dice::Weighted;
use crate::engine::fraction::Fraction;
use crate::engine::plan::Plan;
use crate::error::{Error, Result};
use crate::model::{LoneThrows, ManyOnOneDef, ProcedureDef, Role, Ruleset};

/// The lone figure's result after every pairing, and the label of the `together` rule that
/// made it, when one did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Worst {
    pub result: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub together: Option<String>,
}

/// Where a result stands among the lone figure's, worst first; one not listed comes after
/// those listed.
pub fn rank(m: &ManyOnOneDef, result: &str) -> usize {
    m.worst_first
        .iter()
        .position(|r| r == result)
        .unwrap_or(m.worst_first.len())
}

/// The lone figure's result after every pairing: the worst of those it received, or what some
/// of them received together become when that is worse; `None` when it received none.
pub fn worst(m: &ManyOnOneDef, received: &[&str]) -> Option<Worst> {
    let mut so_far = Received::new(m);
    for r in received {
        so_far.add(m, r);
    }
    so_far.end(m)
}

/// What the lone figure has received, as far as its end goes: the worst result, and how many
/// of each `together` rule's results (no more than the rule counts, which is all it asks).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Received {
    worst: Option<String>,
    counts: Vec<u32>,
}

impl Received {
    fn new(m: &ManyOnOneDef) -> Received {
        Received {
            worst: None,
            counts: vec![0; m.together.len()],
        }
    }

    fn add(&mut self, m: &ManyOnOneDef, result: &str) {
        if self
            .worst
            .as_ref()
            .is_none_or(|w| rank(m, result) < rank(m, w))
        {
            self.worst = Some(result.to_string());
        }
        for (t, n) in m.together.iter().zip(&mut self.counts) {
            if t.results.iter().any(|r| r == result) {
                *n = n.saturating_add(1).min(t.count);
            }
        }
    }

    fn end(&self, m: &ManyOnOneDef) -> Option<Worst> {
        let mut end = self.worst.as_ref().map(|r| Worst {
            result: r.clone(),
            together: None,
        });
        for (t, n) in m.together.iter().zip(&self.counts) {
            let worse = end
                .as_ref()
                .is_none_or(|w| rank(m, &t.result) < rank(m, &w.result));
            if *n >= t.count && worse {
                end = Some(Worst {
                    result: t.result.clone(),
                    together: Some(t.label.clone()),
                });
            }
        }
        end
    }
}

/// What one pairing gives the lone figure (a result, or none), each with its weight out of
/// the total: the lone figure's throw is `lone_faces` when it is shared, else thrown here.
fn given(
    m: &ManyOnOneDef,
    plan: &Plan<'_>,
    sides: &[Weighted],
    (lone_at, lone_faces): (usize, Option<&[i64]>),
) -> (Vec<(Option<String>, u128)>, u128) {
    let mut given: Vec<(Option<String>, u128)> = Vec::new();
    let mut total = 1u128;
    // Every combination of the faces of the sides thrown here, with its weight.
    let mut combos: Vec<(Vec<&[i64]>, u128)> = vec![(vec![&[]; sides.len()], 1)];
    for (k, (faces, side_total)) in sides.iter().enumerate() {
        if k == lone_at
            && let Some(mine) = lone_faces
        {
            for (thrown, _) in &mut combos {
                if let Some(slot) = thrown.get_mut(k) {
                    *slot = mine;
                }
            }
            continue;
        }
        total = total.saturating_mul(*side_total);
        let mut more = Vec::with_capacity(combos.len().saturating_mul(faces.len()));
        for (thrown, w0) in &combos {
            for (f, w) in faces {
                let mut t = thrown.clone();
                if let Some(slot) = t.get_mut(k) {
                    *slot = f;
                }
                more.push((t, w0.saturating_mul(*w)));
            }
        }
        combos = more;
    }
    for (thrown, w) in combos {
        let d = plan.decide(&thrown);
        let on_lone = (d.loser.as_deref() == Some(m.lone.as_str())).then_some(d.result);
        match given.iter_mut().find(|(r, _)| *r == on_lone) {
            Some((_, n)) => *n = n.saturating_add(w),
            None => given.push((on_lone, w)),
        }
    }
    (given, total)
}

/// The exact odds of a whole fight of several against one.
#[derive(Debug, Clone)]
pub struct FightOdds {
    /// Each end the lone figure may come to, worst first (`None`: no result against it),
    /// with its chance; and, for an end a `together` rule made, that rule's label.
    pub ends: Vec<(Option<Worst>, Fraction)>,
    /// The chance the lone figure is still in play after the fight: no end that marks it
    /// with a state that takes a figure out of the game.
    pub survives: Fraction,
    /// The chance that no pairing gives the lone figure a result.
    pub unharmed: Fraction,
}

/// The odds of the whole fight: the lone figure throws once against every pairing, so given
/// its throw the pairings are independent; each throw of it weighs its chance.
pub fn odds(m: &ManyOnOneDef, pairings: &[Plan<'_>]) -> Result<FightOdds> {
    let Some(first) = pairings.first() else {
        return Err(Error::failure("a fight needs a pairing"));
    };
    let lone_at = first
        .sides
        .iter()
        .position(|s| s.side.as_deref() == Some(m.lone.as_str()))
        .ok_or_else(|| {
            Error::failure(format!("{} has no side {}", first.procedure.name, m.lone))
        })?;
    if pairings.iter().any(|p| !p.rerolls.is_empty()) {
        return Err(Error::usage(format!(
            "a throw of {} may be thrown again: the odds of the whole fight are not counted",
            first.procedure.name
        ))
        .with_hint("ask the odds of one pairing with the words typed, without the figures"));
    }
    let throws: Vec<Vec<Weighted>> = pairings.iter().map(Plan::throws).collect::<Result<_>>()?;
    let Some((lone_throws, lone_total)) = throws.first().and_then(|t| t.get(lone_at)) else {
        return Err(Error::failure("the lone side throws nothing"));
    };
    // With one throw for every pairing, each throw of the lone figure weighs its chance and
    // the pairings are independent given it; with a throw in each, they are independent.
    let once: Vec<(Option<&[i64]>, Fraction)> = match m.lone_throws {
        LoneThrows::Once => lone_throws
            .iter()
            .map(|(f, w)| (Some(&f[..]), Fraction::new(*w, *lone_total)))
            .collect(),
        LoneThrows::Each => vec![(None, Fraction::ONE)],
    };
    let mut ends: Vec<(Option<Worst>, Fraction)> = Vec::new();
    for (lone_faces, chance) in once {
        // What each pairing gives the lone figure, given this throw of its.
        let mut so_far: Vec<(Received, Fraction)> = vec![(Received::new(m), Fraction::ONE)];
        for (plan, sides) in pairings.iter().zip(&throws) {
            let (given, total) = given(m, plan, sides, (lone_at, lone_faces));
            let mut next: Vec<(Received, Fraction)> = Vec::new();
            for (received, p) in &so_far {
                for (result, n) in &given {
                    let mut r = received.clone();
                    if let Some(result) = result {
                        r.add(m, result);
                    }
                    let q = p.checked_mul(Fraction::new(*n, total))?;
                    match next.iter_mut().find(|(x, _)| *x == r) {
                        Some((_, acc)) => *acc = acc.checked_add(q)?,
                        None => next.push((r, q)),
                    }
                }
            }
            so_far = next;
        }
        for (received, p) in so_far {
            let end = received.end(m);
            let q = p.checked_mul(&chance)?;
            match ends.iter_mut().find(|(e, _)| *e == end) {
                Some((_, acc)) => *acc = acc.checked_add(q)?,
                None => ends.push((end, q)),
            }
        }
    }
    ends.retain(|(_, p)| !p.is_zero());
    ends.sort_by_key(|(e, _)| {
        e.as_ref().map_or((usize::MAX, false), |w| {
            (rank(m, &w.result), w.together.is_some())
        })
    });
    let mut survives = Fraction::ZERO;
    for (end, p) in &ends {
        if end
            .as_ref()
            .is_none_or(|w| !takes_out(first.ruleset, first.procedure, &w.result))
        {
            survives = survives.checked_add(p.clone())?;
        }
    }
    let unharmed = ends
        .iter()
        .find(|(end, _)| end.is_none())
        .map_or(Fraction::ZERO, |(_, p)| p.clone());
    Ok(FightOdds {
        ends,
        survives,
        unharmed,
    })
}

/// Whether a result takes the figure it falls on out of the game: it marks the loser with a
/// state of the game (`+STATE`).
pub fn takes_out(ruleset: &Ruleset, p: &ProcedureDef, result: &str) -> bool {
    let Some(g) = ruleset.model.game.as_ref() else {
        return false;
    };
    p.results
        .iter()
        .filter(|r| r.name == result)
        .flat_map(|r| &r.marks)
        .filter(|mark| mark.on == Role::Loser)
        .flat_map(|mark| &mark.change)
        .filter_map(|c| c.strip_prefix('+'))
        .any(|s| g.states.iter().any(|st| st.name == s))
}

/// The order the pairings' results land in: those on the lone figure worst first (so that
/// the worst stands, a figure taken out taking nothing more), then the others as fought.
pub fn landing_order(m: &ManyOnOneDef, received: &[Option<&str>]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..received.len()).collect();
    order.sort_by_key(|i| {
        received
            .get(*i)
            .copied()
            .flatten()
            .map_or(usize::MAX, |r| rank(m, r))
    });
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::TogetherDef;

    fn lone() -> ManyOnOneDef {
        ManyOnOneDef {
            up_to: 3,
            lone: "B".into(),
            count: None,
            worst_first: vec!["x".into(), "y".into(), "w".into(), "v".into()],
            together: vec![TogetherDef {
                results: vec!["w".into(), "v".into()],
                count: 2,
                result: "x".into(),
                label: "T".into(),
            }],
            lone_throws: LoneThrows::Once,
            beyond_first: Default::default(),
        }
    }

    #[test]
    fn the_worst_result_stands_and_results_received_together_may_become_worse() {
        let m = lone();
        let w = |r: &[&str]| worst(&m, r).map(|w| (w.result, w.together));
        assert_eq!(w(&["y", "x", "v"]), Some(("x".into(), None)));
        assert_eq!(w(&["v", "y"]), Some(("y".into(), None)));
        assert_eq!(w(&["v", "w"]), Some(("x".into(), Some("T".into()))));
        assert_eq!(w(&["v", "v", "y"]), Some(("x".into(), Some("T".into()))));
        // One not listed is less bad than any listed.
        assert_eq!(w(&["z", "v"]), Some(("v".into(), None)));
        assert_eq!(w(&["z"]), Some(("z".into(), None)));
        assert_eq!(w(&[]), None);
        assert_eq!(
            landing_order(&m, &[Some("v"), None, Some("x"), Some("y")]),
            [2, 3, 0, 1]
        );
    }
}
