//! The checks of one procedure: its dice, modifiers, reading, results and what follows them.

use crate::error::{Error, Result};
use crate::rules::schema::{
    FactorKind, FollowFull, Guarded, ItemDef, ProcedureDef, ResultDef, Role, RollDef, UnitRollDef,
    ValueSpec,
};
use crate::rules::source::{Locator, Source};
use crate::suggest::did_you_mean;
use crate::words::kind_word;

/// One procedure under check, shared by the checks of its parts: each error points into the
/// procedure and names it, and a result it names must be one of its results.
pub(super) struct ProcCheck<'a> {
    pub(super) p: &'a ProcedureDef,
    pub(super) at: &'a Locator<'a>,
    here: String,
    pub(super) results: Vec<&'a str>,
}

impl<'a> ProcCheck<'a> {
    fn new(p: &'a ProcedureDef, at: &'a Locator<'a>) -> Self {
        ProcCheck {
            p,
            at,
            here: format!("name: {}", p.name),
            results: p.results.iter().map(|r| r.name.as_str()).collect(),
        }
    }

    /// An error at `needle` in the procedure, its message naming the procedure.
    pub(super) fn err(&self, needle: &str, msg: String) -> Error {
        self.at.err(
            &["procedures:", &self.here, needle],
            format!("procedure `{}`: {msg}", self.p.name),
        )
    }

    /// `r` is one of the procedure's results; if not, an error at `needle` lists them.
    pub(super) fn need_result(&self, r: &str, needle: &str) -> Result<()> {
        if self.results.contains(&r) {
            Ok(())
        } else {
            Err(self
                .err(
                    needle,
                    format!(
                        "result `{r}` is not among its results ({})",
                        self.results.join(", ")
                    ),
                )
                .with_hint_opt(did_you_mean(r, self.results.iter().copied())))
        }
    }
}

impl Source {
    /// A procedure: what it takes, its roll, modifiers and re-rolls, how the roll is read, and
    /// what its results do and what follows them. The steps run in this order, so the error
    /// reported is the first one found.
    pub(super) fn check_procedure(&self, p: &ProcedureDef, at: &Locator<'_>) -> Result<()> {
        let cx = ProcCheck::new(p, at);
        let err = |needle: &str, msg: String| cx.err(needle, msg);
        if let Some(c) = &p.once_per_unit {
            self.check_conditions(c, &err)?;
        }
        self.check_given(&cx)?;
        if let Some(u) = &p.unit_roll {
            self.check_unit_roll(&cx, u)?;
        }
        self.check_factors_taken(&cx)?;
        Self::check_reading_kind(&cx)?;
        self.check_roll(&cx)?;
        for d in &p.drop {
            self.check_guard(d.guard(), &err)?;
        }
        self.check_naturals(&cx)?;
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
            self.check_check(&cx, c)?;
        }
        if let Some(t) = &p.table {
            Self::check_table(&cx, t)?;
        }
        if let Some(g) = &p.grid {
            self.check_grid(&cx, g)?;
        }
        if let Some(a) = &p.amount {
            self.check_amount(&cx, a)?;
        }
        Self::check_compare(&cx)?;
        self.check_many_on_one(&cx)?;
        self.check_results(&cx)?;
        self.check_follows(&cx)
    }

    /// The factors `given` sets for the procedure: settings the ruleset knows, and only on a
    /// roll of one figure (an opposed roll's sides say their own).
    fn check_given(&self, cx: &ProcCheck<'_>) -> Result<()> {
        let p = cx.p;
        if !p.given.is_empty() && !p.sides.is_empty() {
            return Err(cx.err(
                "given:",
                "`given` sets factors of a roll of one figure; an opposed roll's sides say their \
                 own"
                .into(),
            ));
        }
        for (k, v) in &p.given {
            self.check_setting(k, v, "the procedure", &|n, m| cx.err(n, m))?;
        }
        Ok(())
    }

    /// A unit's roll of the procedure: its conditions, and the procedure each of its figures
    /// rolls, which must exist.
    fn check_unit_roll(&self, cx: &ProcCheck<'_>, u: &UnitRollDef) -> Result<()> {
        let err = |needle: &str, msg: String| cx.err(needle, msg);
        self.check_conditions(&u.when, &err)?;
        for c in &u.any {
            self.check_conditions(c, &err)?;
        }
        self.check_conditions(&u.unless, &err)?;
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
        Ok(())
    }

    /// The factors the procedure takes are factors of the ruleset.
    fn check_factors_taken(&self, cx: &ProcCheck<'_>) -> Result<()> {
        for f in &cx.p.factors {
            if self.factor(f).is_none() {
                return Err(cx.err(
                    f,
                    format!("takes factor `{f}`, which this ruleset does not define"),
                ));
            }
        }
        Ok(())
    }

    /// The roll is read one way: a check, a table, a grid, an amount or a comparison (or, with
    /// two sides, both: each side's amount compared).
    fn check_reading_kind(cx: &ProcCheck<'_>) -> Result<()> {
        let p = cx.p;
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
            return Err(cx.err(
                "name:",
                "needs exactly one of check, table, grid, amount or compare (or, with two \
                 sides, amount and compare: each side's amount compared)"
                    .into(),
            ));
        }
        Ok(())
    }

    /// The roll: dice of the ruleset, or cases, each under a guard, with dice or a fixed
    /// number (not both) and a dice count read from a number factor.
    fn check_roll(&self, cx: &ProcCheck<'_>) -> Result<()> {
        let err = |needle: &str, msg: String| cx.err(needle, msg);
        match &cx.p.roll {
            None => return Err(err("name:", "has no roll".into())),
            Some(RollDef::Dice(d)) => {
                self.dice(d).map_err(|e| err(d, e.message))?;
            }
            Some(RollDef::Cases(cases)) => {
                if cases.is_empty() {
                    return Err(err("roll:", "roll has no cases".into()));
                }
                for c in cases {
                    self.check_guard(c.guard(), &err)?;
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
        Ok(())
    }

    /// Natural results: each under a guard, giving results of the procedure, and saying what
    /// makes the dice natural (doubles, all odd, or a total).
    fn check_naturals(&self, cx: &ProcCheck<'_>) -> Result<()> {
        for n in &cx.p.naturals {
            self.check_guard(n.guard(), &|x, m| cx.err(x, m))?;
            cx.need_result(&n.result, &n.result)?;
            if let Some(o) = &n.otherwise {
                cx.need_result(o, o)?;
            }
            if !n.doubles && !n.all_odd && n.total.is_empty() {
                return Err(cx.err(
                    &n.result,
                    "a natural result needs `doubles: true`, `all-odd: true` or `total`".into(),
                ));
            }
        }
        Ok(())
    }

    /// Several against one: not on compared amounts; the lone figure is a side of the roll,
    /// two or more may be against it, it counts into a number factor, and what it sets beyond
    /// the first and its results hold.
    fn check_many_on_one(&self, cx: &ProcCheck<'_>) -> Result<()> {
        let p = cx.p;
        let err = |needle: &str, msg: String| cx.err(needle, msg);
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
            self.check_lone_results(p, m, &cx.results, cx.at)?;
        }
        Ok(())
    }

    /// What the roll and its results do: the marks of the roll, of each re-roll and of each
    /// result, what a result spreads, and what it becomes.
    fn check_results(&self, cx: &ProcCheck<'_>) -> Result<()> {
        let p = cx.p;
        let err = |needle: &str, msg: String| cx.err(needle, msg);
        self.check_marks(p, &p.marks, "the roll", &err)?;
        for r in &p.reroll.0 {
            self.check_marks(p, &r.marks, &format!("re-roll `{}`", r.label), &err)?;
        }
        for r in &p.results {
            self.check_marks(p, &r.marks, &format!("result `{}`", r.name), &err)?;
            self.check_spread(p, r, &err)?;
            self.check_becomes(cx, r)?;
        }
        Ok(())
    }

    /// What a result becomes: results of the procedure, under a guard and a condition on the
    /// natural total, read on a side only as the loser or winner of an opposed roll.
    fn check_becomes(&self, cx: &ProcCheck<'_>, r: &ResultDef) -> Result<()> {
        let p = cx.p;
        let err = |needle: &str, msg: String| cx.err(needle, msg);
        for b in &r.becomes {
            cx.need_result(&b.result, &b.result)?;
            self.check_guard(b.guard(), &err)?;
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
        Ok(())
    }

    /// What follows the roll: each result's rolls at once (`next`, never an opposed roll) and
    /// follow-ups, what may follow every result and the follow-ups of every result (on a side
    /// named, as the loser and winner are not known yet), and their conditions on the amount.
    fn check_follows(&self, cx: &ProcCheck<'_>) -> Result<()> {
        let p = cx.p;
        let err = |needle: &str, msg: String| cx.err(needle, msg);
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

    /// One procedure that follows `p` (`from` says after what), checked; returns it.
    pub(super) fn check_follow(
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
