//! What a procedure's roll reads from the roster: the factors the figures' words are gathered
//! for, worked out once for all the figures of a unit.

use std::collections::BTreeSet;

use crate::model::{ProcedureDef, RequireDef, Ruleset};

/// What a procedure's roll reads from the roster, the same for every figure: worked out once
/// for a unit's figures.
#[derive(Debug)]
pub struct Reads<'r> {
    pub(super) p: &'r ProcedureDef,
    /// The rules of eligibility that govern it.
    pub(super) rules: Vec<&'r RequireDef>,
    /// The factors of the roll's parts (its figures' roles).
    pub(super) parts: BTreeSet<String>,
    /// The factors the roster says for it.
    pub(super) reads: BTreeSet<String>,
}

impl<'r> Reads<'r> {
    /// The procedure rolled.
    pub fn procedure(&self) -> &'r ProcedureDef {
        self.p
    }

    pub fn of(ruleset: &'r Ruleset, p: &'r ProcedureDef) -> Reads<'r> {
        // What only a rule of eligibility asks about (a yes/no field of the unit) is read from
        // the roster only when something the rule governs is said (its flag): otherwise every
        // roll would list it.
        let rules = ruleset.requirements(p);
        let asked: BTreeSet<String> = rules
            .iter()
            .flat_map(|r| r.needs.iter().map(|c| c.factor.clone()))
            .collect();
        let parts: BTreeSet<String> = ruleset.part_factors(p).into_iter().collect();
        // What the procedure always reads as given is not the figure's to say.
        let reads: BTreeSet<String> = ruleset
            .chain_factors(p)
            .into_iter()
            .filter(|f| parts.contains(f) || !asked.contains(f))
            .filter(|f| !p.given.contains_key(f))
            .collect();
        Reads {
            p,
            rules,
            parts,
            reads,
        }
    }
}
