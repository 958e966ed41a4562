//! The look-ups of a compiled ruleset: a factor, a value or class by name or alias, a procedure,
//! dice, and the factors a procedure (or its whole chain) reads.

use crate::error::{Error, Result};
use crate::model::Ruleset;
use crate::model::dice::DiceSpec;
use crate::model::{
    ChoiceValue, ClassDef, FactorDef, Guard, Guarded, ProcedureDef, RollDef, TargetDef,
};
use crate::suggest::{did_you_mean, find, same};

impl Ruleset {
    /// A factor by name or alias.
    pub fn factor(&self, name: &str) -> Option<&FactorDef> {
        self.factors.get(&self.model.factors, name)
    }

    /// The canonical value a user's word names (a value or one of its aliases), whatever its
    /// case (`Half`).
    pub fn value<'a>(&self, factor: &'a FactorDef, word: &str) -> Option<&'a ChoiceValue> {
        let values = &factor.values;
        let exact = |w: &str| {
            values
                .iter()
                .find(|v| v.name() == w)
                .or_else(|| values.iter().find(|v| v.aliases().iter().any(|a| a == w)))
        };
        exact(word).or_else(|| {
            values.iter().find(|v| same(v.name(), word)).or_else(|| {
                values
                    .iter()
                    .find(|v| v.aliases().iter().any(|a| same(a, word)))
            })
        })
    }

    /// The class of a choice factor a user's word names, whatever its case (`Line`).
    pub fn class<'a>(&self, factor: &'a FactorDef, word: &str) -> Option<&'a ClassDef> {
        find(&factor.classes, word, |c| &c.name)
    }

    pub fn value_label<'a>(&'a self, factor: &'a FactorDef, name: &'a str) -> &'a str {
        factor
            .values
            .iter()
            .find(|v| v.name() == name)
            .map(ChoiceValue::label)
            .or_else(|| {
                factor
                    .classes
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
        factor
            .classes
            .iter()
            .find(|c| c.name == key)
            .filter(|c| c.members.iter().any(|m| m == actual))
            .map(|c| c.members.len())
    }

    /// A procedure by name or alias.
    pub fn procedure(&self, name: &str) -> Option<&ProcedureDef> {
        self.procedures
            .position(name)
            .and_then(|i| self.model.procedures.get(i))
    }

    /// A procedure, or a usage error listing the procedures with a suggestion.
    pub fn procedure_or_err(&self, name: &str) -> Result<&ProcedureDef> {
        self.procedure(name).ok_or_else(|| {
            let names: Vec<&str> = self.model.procedures.names().collect();
            let aliases = self.model.procedures.aliases();
            let hint = did_you_mean(name, names.iter().copied().chain(aliases));
            Error::usage(format!(
                "{} has no procedure `{name}`; it has: {}",
                self.model.title,
                names.join(", ")
            ))
            .with_hint_opt(hint)
        })
    }

    /// The dice a spec names, using this ruleset's custom dice.
    pub fn dice(&self, text: &str) -> Result<DiceSpec> {
        DiceSpec::parse(text, &|name| self.model.dice.get(name).cloned())
    }

    /// Factors a procedure reads itself, in the order a reader meets them: those its parts
    /// name, then those the rules of eligibility that govern it ask about.
    pub fn own_factors(&self, p: &ProcedureDef) -> Vec<String> {
        let mut names = self.part_factors(p);
        let extra: Vec<String> = self
            .governing(&names)
            .flat_map(|r| r.needs.iter().map(|c| c.factor.clone()))
            .collect();
        for n in extra {
            if !names.contains(&n) {
                names.push(n);
            }
        }
        names
    }

    /// The rules of eligibility that govern a procedure: those whose `when` asks only about
    /// factors it reads.
    pub fn requirements<'a>(&'a self, p: &ProcedureDef) -> Vec<&'a crate::model::RequireDef> {
        let names = self.part_factors(p);
        self.governing(&names).collect()
    }

    /// The rules of eligibility whose `when` asks only about these factors (a procedure's
    /// own, from [`Self::part_factors`]).
    pub fn governing<'a, 'b>(
        &'a self,
        names: &'b [String],
    ) -> impl Iterator<Item = &'a crate::model::RequireDef> + use<'a, 'b> {
        self.model
            .requires
            .iter()
            .filter(move |r| r.when.iter().all(|c| names.contains(&c.factor)))
    }

    /// Factors the parts of a procedure name (its modifiers, conditions, dice, reading).
    pub fn part_factors(&self, p: &ProcedureDef) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        let mut add = |n: &str| {
            if !names.iter().any(|x| x == n) {
                names.push(n.to_string());
            }
        };
        let guard = |g: Guard<'_>, add: &mut dyn FnMut(&str)| {
            g.conditions().for_each(|c| add(&c.factor));
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
            item.opponent.iter().for_each(|c| add(&c.factor));
        }
        p.rerolls.iter().for_each(|r| guard(r.guard(), &mut add));
        // Dice read each as another procedure's check read that check's target.
        let each_die = p.amount.as_ref().and_then(|a| a.each_die.as_deref());
        let checked = each_die.and_then(|e| self.procedure(e)).unwrap_or(p);
        match checked.check.as_ref().map(|c| &c.target) {
            Some(TargetDef::Factor(f)) => add(f),
            Some(TargetDef::Lookup(l)) => {
                add(&l.rows);
                add(&l.columns);
            }
            Some(TargetDef::Number(_)) | None => {}
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
        for m in p
            .marks
            .iter()
            .chain(p.results.iter().flat_map(|r| &r.marks))
            .chain(p.rerolls.iter().flat_map(|r| &r.marks))
        {
            guard(m.guard(), &mut add);
        }
        for s in p.results.iter().flat_map(|r| &r.spread) {
            guard(s.guard(), &mut add);
        }

        // A summed number needs the factors its items read.
        let mut extra: Vec<String> = Vec::new();
        for n in &names {
            let further = self.factor(n).and_then(|f| f.further.as_ref());
            for c in further.iter().flat_map(|x| x.guard().conditions()) {
                if !names.contains(&c.factor) && !extra.contains(&c.factor) {
                    extra.push(c.factor.clone());
                }
            }
            for item in self.factor(n).map_or(&[][..], |f| &f.sum[..]) {
                let read = item.factor.iter().cloned();
                let guarded = item.guard().conditions().map(|c| c.factor.clone());
                for r in read.chain(guarded) {
                    if !names.contains(&r) && !extra.contains(&r) {
                        extra.push(r);
                    }
                }
            }
        }
        names.extend(extra);
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

    /// Procedures a procedure's results resolve at once (`next`, and its amount's `each`).
    pub fn next_procedures<'a>(&'a self, p: &'a ProcedureDef) -> Vec<&'a ProcedureDef> {
        let mut out: Vec<&ProcedureDef> = Vec::new();
        let each = p.amount.iter().flat_map(|a| &a.each);
        for f in p.results.iter().flat_map(|r| &r.next).chain(each) {
            if let Some(q) = self.procedure(&f.procedure)
                && !out.iter().any(|x| x.name == q.name)
            {
                out.push(q);
            }
        }
        out
    }

    /// Whether a result of the chain from `p` falls at random on the group acted upon
    /// (`spread`): the figure named stands for its whole group.
    pub fn chain_spreads(&self, p: &ProcedureDef) -> bool {
        let mut seen: Vec<&str> = Vec::new();
        let mut queue = vec![p];
        while let Some(q) = queue.pop() {
            if seen.contains(&q.name.as_str()) {
                continue;
            }
            seen.push(&q.name);
            if q.results.iter().any(|r| !r.spread.is_empty()) {
                return true;
            }
            queue.extend(self.next_procedures(q));
        }
        false
    }

    /// Every factor the whole chain from `p` reads: its own, then its follow-ups', and those
    /// the conditions of what follows each step read on that step's situation.
    pub fn chain_factors(&self, p: &ProcedureDef) -> Vec<String> {
        let mut seen = vec![p.name.clone()];
        let mut names = self.own_factors(p);
        let add = |names: &mut Vec<String>, q: &ProcedureDef| {
            let follows = q
                .results
                .iter()
                .flat_map(|r| r.next.iter().chain(&r.follow_up))
                .chain(&q.follow_up)
                .chain(&q.may_follow)
                .chain(q.amount.iter().flat_map(|a| &a.each));
            for c in follows.flat_map(|f| f.guard().conditions()) {
                if !names.contains(&c.factor) {
                    names.push(c.factor.clone());
                }
            }
        };
        add(&mut names, p);
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
            add(&mut names, q);
            queue.extend(self.next_procedures(q));
        }
        names
    }
}
