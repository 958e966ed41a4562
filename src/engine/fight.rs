//! Several figures against a lone one: every pairing's result applies, and of those the lone
//! figure receives the worst stands (results received together may become a worse one), in
//! the order the procedure's `many-on-one` gives.

use serde::Serialize;

use crate::model::ManyOnOneDef;

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
    let mut worst: Option<Worst> = None;
    let take = |result: &str, together: Option<&str>, worst: &mut Option<Worst>| {
        if worst
            .as_ref()
            .is_none_or(|w| rank(m, result) < rank(m, &w.result))
        {
            *worst = Some(Worst {
                result: result.to_string(),
                together: together.map(str::to_string),
            });
        }
    };
    for r in received {
        take(r, None, &mut worst);
    }
    for t in &m.together {
        let n = received
            .iter()
            .filter(|r| t.results.iter().any(|x| x == *r))
            .count();
        if n >= usize::try_from(t.count).unwrap_or(usize::MAX) {
            take(&t.result, Some(&t.label), &mut worst);
        }
    }
    worst
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
