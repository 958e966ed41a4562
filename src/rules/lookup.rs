//! The look-ups of a checked ruleset: a factor, a value or class by name or alias, a procedure,
//! dice, and the factors a procedure (or its whole chain) reads.

use crate::engine::dice::DiceSpec;
use crate::error::{Error, Result};
use crate::rules::ruleset::Ruleset;
use crate::rules::schema::{
    FactorDef, FollowDef, Guard, Guarded, ProcedureDef, RollDef, TargetDef, ValueSpec,
};
use crate::suggest::did_you_mean;

impl Ruleset {
    /// A factor by name or alias.
    pub fn factor(&self, name: &str) -> Option<&FactorDef> {
        self.def
            .factors
            .iter()
            .find(|f| f.name == name)
            .or_else(|| {
                self.def
                    .factors
                    .iter()
                    .find(|f| f.aliases.iter().any(|a| a == name))
            })
    }

    /// The factor whose values and classes this one uses (itself, or its `values-from`).
    fn value_source<'a>(&'a self, factor: &'a FactorDef) -> &'a FactorDef {
        factor
            .values_from
            .as_deref()
            .and_then(|n| self.def.factors.iter().find(|f| f.name == n))
            .unwrap_or(factor)
    }

    pub fn values<'a>(&'a self, factor: &'a FactorDef) -> &'a [ValueSpec] {
        &self.value_source(factor).values
    }

    pub fn classes<'a>(&'a self, factor: &'a FactorDef) -> &'a [crate::rules::schema::ClassDef] {
        &self.value_source(factor).classes
    }

    /// The canonical value a user's word names (a value or one of its aliases).
    pub fn value<'a>(&'a self, factor: &'a FactorDef, word: &str) -> Option<&'a ValueSpec> {
        let values = self.values(factor);
        values.iter().find(|v| v.name() == word).or_else(|| {
            values
                .iter()
                .find(|v| v.aliases().iter().any(|a| a == word))
        })
    }

    pub fn value_label<'a>(&'a self, factor: &'a FactorDef, name: &'a str) -> &'a str {
        self.values(factor)
            .iter()
            .find(|v| v.name() == name)
            .map(ValueSpec::label)
            .or_else(|| {
                self.classes(factor)
                    .iter()
                    .find(|c| c.name == name)
                    .map(|c| c.label.as_deref().unwrap_or(&c.name))
            })
            .unwrap_or(name)
    }

    /// How many values a key (a value or a class) covers; `None` when it does not cover `actual`.
    pub fn key_covers(&self, factor: &FactorDef, key: &str, actual: &str) -> Option<usize> {
        if key == actual {
            return Some(1);
        }
        self.classes(factor)
            .iter()
            .find(|c| c.name == key)
            .filter(|c| c.members.iter().any(|m| m == actual))
            .map(|c| c.members.len())
    }

    pub(super) fn is_value_or_class(&self, factor: &FactorDef, key: &str) -> bool {
        self.values(factor).iter().any(|v| v.name() == key)
            || self.classes(factor).iter().any(|c| c.name == key)
    }

    /// A procedure by name or alias.
    pub fn procedure(&self, name: &str) -> Option<&ProcedureDef> {
        let procs = &self.def.procedures;
        procs
            .iter()
            .find(|p| p.name == name)
            .or_else(|| procs.iter().find(|p| p.aliases.iter().any(|a| a == name)))
    }

    /// A procedure, or a usage error listing the procedures with a suggestion.
    pub fn procedure_or_err(&self, name: &str) -> Result<&ProcedureDef> {
        self.procedure(name).ok_or_else(|| {
            let names: Vec<&str> = self
                .def
                .procedures
                .iter()
                .map(|p| p.name.as_str())
                .collect();
            let aliases = self
                .def
                .procedures
                .iter()
                .flat_map(|p| p.aliases.iter().map(String::as_str));
            let hint = did_you_mean(name, names.iter().copied().chain(aliases));
            Error::usage(format!(
                "{} has no procedure `{name}`; it has: {}",
                self.def.title,
                names.join(", ")
            ))
            .with_hint_opt(hint)
        })
    }

    /// The dice a spec names, using this ruleset's custom dice.
    pub fn dice(&self, text: &str) -> Result<DiceSpec> {
        DiceSpec::parse(text, &|name| self.def.dice.get(name).cloned())
    }

    /// Factors a procedure reads itself, in the order a reader meets them.
    pub fn own_factors(&self, p: &ProcedureDef) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        let mut add = |n: &str| {
            if !names.iter().any(|x| x == n) {
                names.push(n.to_string());
            }
        };
        let guard = |g: Guard<'_>, add: &mut dyn FnMut(&str)| {
            for c in std::iter::once(g.when)
                .chain(g.any.iter())
                .chain(std::iter::once(g.unless))
            {
                c.keys().for_each(|k| add(k));
            }
        };
        for f in &p.factors {
            add(f);
        }
        if let Some(c) = p.many_on_one.as_ref().and_then(|m| m.count.as_ref()) {
            add(c);
        }
        if let Some(RollDef::Cases(cases)) = &p.roll {
            for c in cases {
                guard(c.guard(), &mut add);
                if let Some(count) = &c.count {
                    add(&count.factor);
                }
            }
        }
        p.drop.iter().for_each(|d| guard(d.guard(), &mut add));
        p.naturals.iter().for_each(|n| guard(n.guard(), &mut add));
        for item in p.modifiers.iter().flat_map(|g| &g.items) {
            if let Some(f) = &item.factor {
                add(f);
            }
            guard(item.guard(), &mut add);
        }
        if let Some(r) = &p.reroll {
            guard(r.guard(), &mut add);
        }
        if let Some(check) = &p.check
            && let TargetDef::From(from) = &check.target
        {
            if let Some(f) = &from.factor {
                add(f);
            }
            if let Some(l) = &from.lookup {
                add(&l.rows);
                add(&l.columns);
            }
        }
        if let Some(grid) = &p.grid {
            grid.rows.iter().for_each(|r| guard(r.guard(), &mut add));
        }
        if let Some(amount) = &p.amount {
            amount.halve.iter().for_each(|h| guard(h.guard(), &mut add));
        }
        for b in p.results.iter().flat_map(|r| &r.becomes) {
            guard(b.guard(), &mut add);
        }
        for m in p.results.iter().flat_map(|r| &r.marks) {
            guard(m.guard(), &mut add);
        }
        // A distance band needs the factor that picks its scale.
        let mut extra = Vec::new();
        for n in &names {
            if let Some(by) = self
                .factor(n)
                .and_then(|f| f.distance.as_ref())
                .and_then(|d| d.by.clone())
                && !names.contains(&by)
            {
                extra.push(by);
            }
        }
        names.extend(extra);
        names
    }

    /// Procedures a procedure's results resolve at once (`next`).
    pub fn next_procedures<'a>(&'a self, p: &'a ProcedureDef) -> Vec<&'a ProcedureDef> {
        let mut out: Vec<&ProcedureDef> = Vec::new();
        for f in p.results.iter().flat_map(|r| &r.next) {
            let name = match f {
                FollowDef::Name(n) => n.as_str(),
                FollowDef::Full(f) => f.procedure.as_str(),
            };
            if let Some(q) = self.procedure(name)
                && !out.iter().any(|x| x.name == q.name)
            {
                out.push(q);
            }
        }
        out
    }

    /// Every factor the whole chain from `p` reads: its own, then its follow-ups'.
    pub fn chain_factors(&self, p: &ProcedureDef) -> Vec<String> {
        let mut seen = vec![p.name.clone()];
        let mut names = self.own_factors(p);
        let mut queue: Vec<&ProcedureDef> = self.next_procedures(p);
        while let Some(q) = queue.pop() {
            if seen.contains(&q.name) {
                continue;
            }
            seen.push(q.name.clone());
            for f in self.own_factors(q) {
                if !names.contains(&f) {
                    names.push(f);
                }
            }
            queue.extend(self.next_procedures(q));
        }
        names
    }
}
