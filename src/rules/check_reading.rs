//! The checks of how a procedure's roll is read: a check's results and target (a number, a
//! number factor, or a lookup by two choice factors), a table's bands, a grid's rows, an
//! amount (what halves it, dice each read as another's check, what follows each one of it)
//! and the comparison of two sides.

use crate::error::{Error, Result};
use crate::rules::check::check_bands;
use crate::rules::check_procedure::ProcCheck;
use crate::rules::schema::{
    AmountDef, CheckDef, CompareBy, FactorKind, GridDef, Guarded, LookupDef, ProcedureDef, RollDef,
    TableDef, TargetDef,
};
use crate::rules::source::Source;
use crate::suggest::did_you_mean;

impl Source {
    /// A check: its pass and fail are results of the procedure, its fallback holds, and a
    /// target read from elsewhere is a number factor or a lookup.
    pub(super) fn check_check(&self, cx: &ProcCheck<'_>, c: &CheckDef) -> Result<()> {
        cx.need_result(&c.pass, &c.pass)?;
        cx.need_result(&c.fail, &c.fail)?;
        self.check_impossible(cx.p, c, cx.at)?;
        if let TargetDef::From(from) = &c.target {
            match (&from.factor, &from.lookup) {
                (Some(f), None) => {
                    if self.factor(f).is_none_or(|x| x.kind != FactorKind::Number) {
                        return Err(
                            cx.err(f, format!("target factor `{f}` is not a number factor"))
                        );
                    }
                }
                (None, Some(l)) => self.check_lookup(cx, l)?,
                _ => {
                    return Err(cx.err(
                        "target:",
                        "target takes a number, `factor` or `lookup`".into(),
                    ));
                }
            }
        }
        Ok(())
    }

    /// A target looked up by two choice factors: a row for each value of the one, and in each
    /// row a column for each value of the other.
    fn check_lookup(&self, cx: &ProcCheck<'_>, l: &LookupDef) -> Result<()> {
        let err = |needle: &str, msg: String| cx.err(needle, msg);
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
                            format!("lookup row `{}` has no column `{}`", v.name(), c.name()),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// A table: bands without gaps or overlaps, each giving a result of the procedure.
    pub(super) fn check_table(cx: &ProcCheck<'_>, t: &TableDef) -> Result<()> {
        check_bands(&t.rows, &|n, m| cx.err(n, m))?;
        for b in &t.rows {
            cx.need_result(&b.result, &b.result)?;
        }
        Ok(())
    }

    /// A grid: rows under guards, as many columns in each as in the first, each giving a
    /// result of the procedure.
    pub(super) fn check_grid(&self, cx: &ProcCheck<'_>, g: &GridDef) -> Result<()> {
        let err = |needle: &str, msg: String| cx.err(needle, msg);
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
                cx.need_result(x, x)?;
            }
        }
        Ok(())
    }

    /// An amount: guards on what halves it and where it lands instead, dice each read as
    /// another's check, and what follows each one of it (a roll of one side after a roll of
    /// one side).
    pub(super) fn check_amount(&self, cx: &ProcCheck<'_>, a: &AmountDef) -> Result<()> {
        let p = cx.p;
        let err = |needle: &str, msg: String| cx.err(needle, msg);
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
                    "an amount's `each:` follows a roll of one side with a roll of one side".into(),
                ));
            }
        }
        Ok(())
    }

    /// A comparison, of two sides only: its tie, and by margin bands of results, or by
    /// doubling the results for beaten and doubled; and sides are compared or there are none.
    pub(super) fn check_compare(cx: &ProcCheck<'_>) -> Result<()> {
        let p = cx.p;
        let err = |needle: &str, msg: String| cx.err(needle, msg);
        if let Some(c) = &p.compare {
            if p.sides.len() != 2 {
                return Err(err("compare:", "compare needs two `sides`".into()));
            }
            cx.need_result(&c.tie, &c.tie)?;
            match c.by {
                CompareBy::Margin => {
                    if c.bands.is_empty() {
                        return Err(err("compare:", "comparing by margin needs `bands`".into()));
                    }
                    check_bands(&c.bands, &|n, m| err(n, m))?;
                    for b in &c.bands {
                        cx.need_result(&b.result, &b.result)?;
                    }
                }
                CompareBy::Doubling => {
                    for r in [&c.beaten, &c.doubled] {
                        let Some(r) = r else {
                            return Err(err(
                                "compare:",
                                "comparing by doubling needs `beaten` and `doubled`".into(),
                            ));
                        };
                        cx.need_result(r, r)?;
                    }
                }
            }
        } else if !p.sides.is_empty() {
            return Err(err("sides:", "sides need `compare`".into()));
        }
        Ok(())
    }

    /// Dice read each as another procedure's check: a procedure of one side with a check of
    /// its own, and nothing that halves a count.
    fn check_each_die(
        &self,
        p: &ProcedureDef,
        a: &AmountDef,
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
