//! The checks of one procedure: its dice, modifiers, reading, results and what follows them.

use crate::error::{Error, Result};
use crate::rules::check::check_bands;
use crate::rules::schema::{
    FactorKind, FollowFull, Guarded, ItemDef, ProcedureDef, Role, RollDef, TargetDef, ValueSpec,
};
use crate::rules::source::{Locator, Source};
use crate::suggest::did_you_mean;
use crate::words::kind_word;

impl Source {
    #[allow(clippy::too_many_lines)]
    pub(super) fn check_procedure(&self, p: &ProcedureDef, at: &Locator<'_>) -> Result<()> {
        let here = format!("name: {}", p.name);
        let err = |needle: &str, msg: String| {
            at.err(
                &["procedures:", &here, needle],
                format!("procedure `{}`: {msg}", p.name),
            )
        };
        let result_names: Vec<&str> = p.results.iter().map(|r| r.name.as_str()).collect();
        let need_result = |r: &str, needle: &str| -> Result<()> {
            if result_names.contains(&r) {
                Ok(())
            } else {
                Err(err(
                    needle,
                    format!(
                        "result `{r}` is not among its results ({})",
                        result_names.join(", ")
                    ),
                )
                .with_hint_opt(did_you_mean(r, result_names.iter().copied())))
            }
        };
        if let Some(c) = &p.once_per_unit {
            self.check_conditions(c, &|n, m| err(n, m))?;
        }
        if !p.given.is_empty() && !p.sides.is_empty() {
            return Err(err(
                "given:",
                "`given` sets factors of a roll of one figure; an opposed roll's sides say their \
                 own"
                .into(),
            ));
        }
        for (k, v) in &p.given {
            self.check_setting(k, v, "the procedure", &|n, m| err(n, m))?;
        }
        if let Some(u) = &p.unit_roll {
            self.check_conditions(&u.when, &|n, m| err(n, m))?;
            for c in &u.any {
                self.check_conditions(c, &|n, m| err(n, m))?;
            }
            self.check_conditions(&u.unless, &|n, m| err(n, m))?;
            if self.procedure(&u.procedure).is_none() {
                let names = self.def.procedures.iter().map(|p| p.name.as_str());
                return Err(err(
                    &u.procedure,
                    format!(
                        "a unit's roll of it rolls `{}`, which is not a procedure",
                        u.procedure
                    ),
                )
                .with_hint_opt(did_you_mean(&u.procedure, names)));
            }
        }
        for f in &p.factors {
            if self.factor(f).is_none() {
                return Err(err(
                    f,
                    format!("takes factor `{f}`, which this ruleset does not define"),
                ));
            }
        }
        let kinds = [
            p.check.is_some(),
            p.table.is_some(),
            p.grid.is_some(),
            p.amount.is_some(),
            p.compare.is_some(),
        ];
        // Each side of an opposed roll may score an amount, and the amounts are compared.
        let amounts_compared = p.amount.is_some() && p.compare.is_some() && !p.sides.is_empty();
        if kinds.iter().filter(|k| **k).count() != 1 && !amounts_compared {
            return Err(err(
                "name:",
                "needs exactly one of check, table, grid, amount or compare (or, with two \
                 sides, amount and compare: each side's amount compared)"
                    .into(),
            ));
        }
        match &p.roll {
            None => return Err(err("name:", "has no roll".into())),
            Some(RollDef::Dice(d)) => {
                self.dice(d).map_err(|e| err(d, e.message))?;
            }
            Some(RollDef::Cases(cases)) => {
                if cases.is_empty() {
                    return Err(err("roll:", "roll has no cases".into()));
                }
                for c in cases {
                    self.check_guard(c.guard(), &|n, m| err(n, m))?;
                    match (&c.dice, c.fixed) {
                        (Some(d), None) => {
                            self.dice(d).map_err(|e| err(d, e.message))?;
                        }
                        (None, Some(_)) => {}
                        _ => {
                            return Err(err(
                                "roll:",
                                "each roll case needs `dice` or `fixed`, not both".into(),
                            ));
                        }
                    }
                    if let Some(count) = &c.count {
                        if self
                            .factor(&count.factor)
                            .is_none_or(|f| f.kind != FactorKind::Number)
                        {
                            return Err(err(
                                &count.factor,
                                format!(
                                    "dice count uses `{}`, which is not a number factor",
                                    count.factor
                                ),
                            ));
                        }
                        if count.per < 1 {
                            return Err(err("per:", "dice count `per` must be at least 1".into()));
                        }
                    }
                }
            }
        }
        for d in &p.drop {
            self.check_guard(d.guard(), &|n, m| err(n, m))?;
        }
        for n in &p.naturals {
            self.check_guard(n.guard(), &|x, m| err(x, m))?;
            need_result(&n.result, &n.result)?;
            if let Some(o) = &n.otherwise {
                need_result(o, o)?;
            }
            if !n.doubles && !n.all_odd && n.total.is_empty() {
                return Err(err(
                    &n.result,
                    "a natural result needs `doubles: true`, `all-odd: true` or `total`".into(),
                ));
            }
        }
        for g in &p.modifiers {
            self.check_items(&g.group, &g.items, &err)?;
        }
        self.check_rerolls(p, &err)?;
        self.check_opponent(p, &err)?;
        if !p.sides.is_empty() && p.sides.len() != 2 {
            return Err(err(
                "sides:",
                "an opposed roll has exactly two sides".into(),
            ));
        }
        if let Some(c) = &p.check {
            need_result(&c.pass, &c.pass)?;
            need_result(&c.fail, &c.fail)?;
            self.check_impossible(p, c, at)?;
            if let TargetDef::From(from) = &c.target {
                match (&from.factor, &from.lookup) {
                    (Some(f), None) => {
                        if self.factor(f).is_none_or(|x| x.kind != FactorKind::Number) {
                            return Err(err(
                                f,
                                format!("target factor `{f}` is not a number factor"),
                            ));
                        }
                    }
                    (None, Some(l)) => {
                        for (fname, needle) in [(&l.rows, "rows:"), (&l.columns, "columns:")] {
                            if self
                                .factor(fname)
                                .is_none_or(|x| x.kind != FactorKind::Choice)
                            {
                                return Err(err(
                                    needle,
                                    format!("lookup by `{fname}`, which is not a choice factor"),
                                ));
                            }
                        }
                        let rows = self.factor(&l.rows);
                        let cols = self.factor(&l.columns);
                        if let (Some(rows), Some(cols)) = (rows, cols) {
                            for v in self.values(rows) {
                                let Some(row) = l.cells.get(v.name()) else {
                                    return Err(err(
                                        "cells:",
                                        format!("lookup has no row for `{}`", v.name()),
                                    ));
                                };
                                for c in self.values(cols) {
                                    if !row.contains_key(c.name()) {
                                        return Err(err(
                                            v.name(),
                                            format!(
                                                "lookup row `{}` has no column `{}`",
                                                v.name(),
                                                c.name()
                                            ),
                                        ));
                                    }
                                }
                            }
                        }
                    }
                    _ => {
                        return Err(err(
                            "target:",
                            "target takes a number, `factor` or `lookup`".into(),
                        ));
                    }
                }
            }
        }
        if let Some(t) = &p.table {
            check_bands(&t.rows, &|n, m| err(n, m))?;
            for b in &t.rows {
                need_result(&b.result, &b.result)?;
            }
        }
        if let Some(g) = &p.grid {
            let width = g.rows.first().map_or(0, |r| r.results.len());
            if width == 0 {
                return Err(err("grid:", "grid has no rows or columns".into()));
            }
            for r in &g.rows {
                self.check_guard(r.guard(), &|n, m| err(n, m))?;
                if r.results.len() != width {
                    return Err(err(
                        &r.label,
                        format!(
                            "grid row `{}` has {} columns; the first has {width}",
                            r.label,
                            r.results.len()
                        ),
                    ));
                }
                for x in &r.results {
                    need_result(x, x)?;
                }
            }
        }
        if let Some(a) = &p.amount {
            for h in &a.halve {
                self.check_guard(h.guard(), &|n, m| err(n, m))?;
            }
            for i in &a.instead {
                self.check_guard(i.guard(), &|n, m| err(n, m))?;
            }
            if let Some(e) = &a.each_die {
                self.check_each_die(p, a, e, &err)?;
            }
            for f in &a.each {
                let q = self.check_follow(p, &f.full(), "each of the amount", &err)?;
                if !q.sides.is_empty() || !p.sides.is_empty() {
                    return Err(err(
                        &f.full().procedure,
                        "an amount's `each:` follows a roll of one side with a roll of one side"
                            .into(),
                    ));
                }
            }
        }
        if let Some(c) = &p.compare {
            if p.sides.len() != 2 {
                return Err(err("compare:", "compare needs two `sides`".into()));
            }
            need_result(&c.tie, &c.tie)?;
            match c.by {
                crate::rules::schema::CompareBy::Margin => {
                    if c.bands.is_empty() {
                        return Err(err("compare:", "comparing by margin needs `bands`".into()));
                    }
                    check_bands(&c.bands, &|n, m| err(n, m))?;
                    for b in &c.bands {
                        need_result(&b.result, &b.result)?;
                    }
                }
                crate::rules::schema::CompareBy::Doubling => {
                    for r in [&c.beaten, &c.doubled] {
                        let Some(r) = r else {
                            return Err(err(
                                "compare:",
                                "comparing by doubling needs `beaten` and `doubled`".into(),
                            ));
                        };
                        need_result(r, r)?;
                    }
                }
            }
        } else if !p.sides.is_empty() {
            return Err(err("sides:", "sides need `compare`".into()));
        }
        if p.amount.is_some() && !p.sides.is_empty() && p.many_on_one.is_some() {
            return Err(err(
                "many-on-one:",
                "several against one is read on results, and compared amounts are not yet".into(),
            ));
        }
        let side_names: Vec<&str> = p.sides.iter().map(|s| s.name.as_str()).collect();
        if let Some(m) = &p.many_on_one {
            if !side_names.contains(&m.lone.as_str()) {
                return Err(err(
                    &m.lone,
                    format!("many-on-one: `{}` is not a side of this roll", m.lone),
                ));
            }
            if m.up_to < 2 {
                return Err(err(
                    "up-to:",
                    "many-on-one needs `up-to` of 2 or more".into(),
                ));
            }
            if let Some(c) = &m.count
                && self.factor(c).is_none_or(|f| f.kind != FactorKind::Number)
            {
                return Err(err(
                    c,
                    format!("many-on-one counts into `{c}`, which is not a number factor"),
                ));
            }
            for (k, v) in &m.beyond_first {
                self.check_setting(k, v, "many-on-one", &err)?;
            }
            self.check_lone_results(p, m, &result_names, at)?;
        }
        self.check_marks(p, &p.marks, "the roll", &err)?;
        for r in &p.reroll.0 {
            self.check_marks(p, &r.marks, &format!("re-roll `{}`", r.label), &err)?;
        }
        for r in &p.results {
            self.check_marks(p, &r.marks, &format!("result `{}`", r.name), &err)?;
            self.check_spread(p, r, &err)?;
            for b in &r.becomes {
                need_result(&b.result, &b.result)?;
                self.check_guard(b.guard(), &|n, m| err(n, m))?;
                if let Some(n) = &b.natural {
                    Self::check_natural_cond(p, n, &err)?;
                }
                match b.side.as_deref() {
                    None => {}
                    Some("loser" | "winner") if !p.sides.is_empty() => {}
                    Some(s) => {
                        return Err(err(
                            s,
                            format!(
                                "`becomes` reads side `{s}`; only `loser` or `winner` of an opposed roll can be read"
                            ),
                        ));
                    }
                }
            }
        }
        for r in &p.results {
            for f in r.next.iter().chain(&r.follow_up) {
                if let Some(a) = &f.full().amount {
                    Self::check_amount_cond(p, a, false, &err)?;
                }
            }
            for f in &r.next {
                let q = self.check_follow(p, &f.full(), &format!("result `{}`", r.name), &err)?;
                if !q.sides.is_empty() {
                    return Err(err(
                        &f.full().procedure,
                        "an opposed roll cannot follow at once; list it as a follow-up".into(),
                    ));
                }
            }
            for f in &r.follow_up {
                self.check_follow(p, &f.full(), &format!("result `{}`", r.name), &err)?;
            }
        }
        for f in &p.may_follow {
            let f = f.full();
            self.check_follow(p, &f, "every result", &err)?;
            if let Some(s) = f
                .side
                .as_deref()
                .filter(|s| ["loser", "winner"].contains(s))
            {
                return Err(err(
                    s,
                    format!("what may follow every result cannot be the {s}'s: name a side"),
                ));
            }
            if let Some(a) = &f.amount {
                Self::check_amount_cond(p, a, true, &err)?;
            }
        }
        // Whatever the result: the loser and the winner are not known yet.
        for f in &p.follow_up {
            let f = f.full();
            self.check_follow(p, &f, "every result", &err)?;
            if let Some(a) = &f.amount {
                Self::check_amount_cond(p, a, true, &err)?;
            }
            if let Some(s) = f
                .side
                .as_deref()
                .filter(|s| ["loser", "winner"].contains(s))
            {
                return Err(err(
                    s,
                    format!(
                        "a follow-up of every result cannot be the {s}'s: name a side of the roll"
                    ),
                ));
            }
        }
        Ok(())
    }

    /// One procedure that follows `p` (`from` says after what), checked; returns it.
    /// The lone figure's results of a many-on-one: `worst-first` and what `together` counts
    /// and makes are results of the procedure, each listed once.
    fn check_lone_results(
        &self,
        p: &ProcedureDef,
        m: &crate::rules::schema::ManyOnOneDef,
        names: &[&str],
        at: &Locator<'_>,
    ) -> Result<()> {
        let here = format!("name: {}", p.name);
        let err = |key: &str, needle: &str, msg: String| {
            at.err(
                &["procedures:", &here, "many-on-one:", key, needle],
                format!("procedure `{}`: many-on-one: {msg}", p.name),
            )
        };
        let known = |key: &str, r: &str| -> Result<()> {
            if names.contains(&r) {
                return Ok(());
            }
            Err(err(
                key,
                r,
                format!(
                    "{key} names result `{r}`, which is not among its results ({})",
                    names.join(", ")
                ),
            )
            .with_hint_opt(did_you_mean(r, names.iter().copied())))
        };
        for (i, r) in m.worst_first.iter().enumerate() {
            known("worst-first", r)?;
            if m.worst_first.iter().take(i).any(|x| x == r) {
                return Err(err(
                    "worst-first",
                    r,
                    format!("worst-first lists `{r}` twice"),
                ));
            }
        }
        for t in &m.together {
            for r in t.results.iter().chain([&t.result]) {
                known("together", r)?;
            }
            if t.results.is_empty() || t.count < 1 {
                return Err(err(
                    "together",
                    &t.label,
                    "together needs `results` and a `count` of 1 or more".into(),
                ));
            }
        }
        Ok(())
    }

    /// Modifier items (a group's, or the items a factor sums): each has exactly one form, a
    /// fixed one a label, and the factor it reads is of the kind its form needs.
    pub(super) fn check_items(
        &self,
        group: &str,
        items: &[ItemDef],
        err: &dyn Fn(&str, String) -> Error,
    ) -> Result<()> {
        for item in items {
            self.check_guard(item.guard(), &|n, m| err(n, m))?;
            let forms = [
                item.value.is_some(),
                item.values.is_some(),
                item.each.is_some(),
            ];
            if forms.iter().filter(|x| **x).count() != 1 {
                return Err(err(
                    group,
                    format!(
                        "each modifier in group `{}` needs exactly one of value, values or each",
                        group
                    ),
                ));
            }
            if item.value.is_some() && item.label.is_none() {
                return Err(err(
                    group,
                    format!("a fixed modifier in group `{}` needs a label", group),
                ));
            }
            if item.values.is_some() || item.each.is_some() {
                let Some(fname) = &item.factor else {
                    return Err(err(group, "`values` and `each` need `factor`".into()));
                };
                let Some(f) = self.factor(fname) else {
                    return Err(err(
                        fname,
                        format!(
                            "modifier reads factor `{fname}`, which this ruleset does not define"
                        ),
                    ));
                };
                if let Some(values) = &item.values {
                    if f.kind != FactorKind::Choice {
                        return Err(err(
                            fname,
                            format!(
                                "`values` needs a choice factor; `{fname}` is a {}",
                                kind_word(f.kind)
                            ),
                        ));
                    }
                    for k in values.keys() {
                        if !self.is_value_or_class(f, k) {
                            return Err(err(
                                k,
                                format!("`{k}` is not a value or class of `{fname}`"),
                            )
                            .with_hint_opt(did_you_mean(
                                k,
                                self.values(f).iter().map(ValueSpec::name),
                            )));
                        }
                    }
                }
                if item.each.is_some() && f.kind != FactorKind::Number {
                    return Err(err(
                        fname,
                        format!(
                            "`each` needs a number factor; `{fname}` is a {}",
                            kind_word(f.kind)
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    fn check_follow(
        &self,
        p: &ProcedureDef,
        f: &FollowFull,
        from: &str,
        err: &dyn Fn(&str, String) -> Error,
    ) -> Result<&ProcedureDef> {
        let Some(q) = self.procedure(&f.procedure) else {
            return Err(err(
                &f.procedure,
                format!(
                    "{from} goes on to `{}`, which this ruleset does not define",
                    f.procedure
                ),
            ));
        };
        self.check_guard(f.guard(), &|n, m| err(n, m))?;
        let side_names: Vec<&str> = p.sides.iter().map(|s| s.name.as_str()).collect();
        if let Some(s) = &f.side
            && !(s == "loser" || s == "winner" || side_names.contains(&s.as_str()))
        {
            return Err(err(
                s,
                format!("follow-up side `{s}` is not loser, winner or a side of this roll"),
            ));
        }
        match (f.on, &f.side) {
            (None | Some(Role::Acting | Role::ActedUpon), None) => {}
            (Some(Role::Loser | Role::Winner | Role::Each), _) => {
                return Err(err(
                    "on:",
                    "a follow-up is `on` the figure acting or acted upon; the loser or winner \
                     of an opposed roll is its `side`"
                        .into(),
                ));
            }
            (Some(_), Some(s)) => {
                return Err(err(
                    s,
                    "a follow-up names its figure with `on` or with `side`, not both".into(),
                ));
            }
            (None, Some(_)) => {}
        }
        for (old, new) in &f.rename {
            for n in [old, new] {
                if self.factor(n).is_none() {
                    return Err(err(
                        n,
                        format!("follow-up renames `{n}`, which this ruleset does not define"),
                    ));
                }
            }
        }
        for (k, v) in &f.set {
            self.check_setting(k, v, "follow-up", &err)?;
        }
        Ok(q)
    }
}

impl Source {
    /// Dice read each as another procedure's check: a procedure of one side with a check of
    /// its own, and nothing that halves a count.
    fn check_each_die(
        &self,
        p: &ProcedureDef,
        a: &crate::rules::schema::AmountDef,
        each: &str,
        err: &dyn Fn(&str, String) -> Error,
    ) -> Result<()> {
        let names = || self.def.procedures.iter().map(|p| p.name.as_str());
        let Some(other) = self.procedure(each) else {
            return Err(err(
                each,
                format!("`each-die: {each}` names no procedure of this ruleset"),
            )
            .with_hint_opt(did_you_mean(each, names())));
        };
        let Some(c) = &other.check else {
            return Err(err(
                each,
                format!("`each-die: {each}` reads each die as `{each}`'s check, and it has none"),
            ));
        };
        // Only the check's target is read: what else the other roll does would be lost.
        if !other.modifiers.is_empty() || !other.naturals.is_empty() || c.impossible.is_some() {
            return Err(err(
                each,
                format!(
                    "`each-die: {each}` reads only the target of `{each}`'s check, and `{each}` \
                     has modifiers, natural results or a fallback of its own: give them to {}",
                    p.name
                ),
            ));
        }
        let fixed = matches!(&p.roll, Some(RollDef::Cases(cases)) if cases.iter().any(|c| c.fixed.is_some()));
        if !p.sides.is_empty() || !a.halve.is_empty() || a.floor.is_some() || fixed {
            return Err(err(
                "each-die:",
                format!(
                    "{} counts the dice that pass `{each}`: it may have no `sides`, `halve`, \
                     `floor` or `fixed` roll",
                    p.name
                ),
            ));
        }
        Ok(())
    }
}
