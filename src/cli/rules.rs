//! `umpire rules`: the rulesets, and what a ruleset or a procedure takes (`--check`, the
//! linter, is `rules::lint`'s).

use super::args::RulesArgs;
use super::command::{Cx, Run};
use super::{Cli, Report, write_json};
use crate::engine::situation;
use crate::error::{Error, Result};
use crate::rules::catalog::Catalog;
use serde_json::json;

/// `rules --check [NAME]`: the linter's findings, a line each and a summary per ruleset (or
/// JSON); exit 1 when there is any.
pub(super) fn check(
    cli: &Cli,
    catalog: &Catalog,
    name: Option<&str>,
    out: &mut Vec<u8>,
) -> Result<()> {
    let report = crate::rules::lint::check(catalog, name, cli.rules())?;
    if cli.json {
        let list: Vec<_> = report
            .iter()
            .map(|(ruleset, findings)| json!({"ruleset": ruleset, "findings": findings}))
            .collect();
        write_json(out, json!({ "rulesets": list }))?;
    } else {
        for (ruleset, findings) in &report {
            for f in findings {
                out.extend_from_slice(format!("{f}\n").as_bytes());
            }
            let summary = match findings.len() {
                0 => "clean".to_string(),
                1 => "1 finding".to_string(),
                n => format!("{n} findings"),
            };
            out.extend_from_slice(format!("{ruleset}: {summary}\n").as_bytes());
        }
    }
    let total: usize = report.iter().map(|(_, f)| f.len()).sum();
    let dirty = report.iter().filter(|(_, f)| !f.is_empty()).count();
    if total > 0 {
        return Err(Error::failure(format!(
            "{total} finding{} in {dirty} ruleset{}",
            if total == 1 { "" } else { "s" },
            if dirty == 1 { "" } else { "s" }
        )));
    }
    Ok(())
}

pub(super) fn rules(
    cli: &Cli,
    catalog: &Catalog,
    name: Option<&str>,
    out: &mut Vec<u8>,
) -> Result<()> {
    let Some(name) = name else {
        if let Some(r) = &cli.rules {
            // `--rules NAME` must name a ruleset here as everywhere else.
            catalog.ruleset(Some(r))?;
        }
        let all = catalog.all()?;
        let default = catalog.default_name();
        if cli.json {
            let list: Vec<_> = all
                .iter()
                .map(|r| {
                    json!({
                        "name": r.name(),
                        "title": r.model.title,
                        "aliases": r.model.aliases,
                        "default": Some(r.name().to_string()) == default,
                        "procedures": r.model.procedures.iter().map(|p| &p.name).collect::<Vec<_>>(),
                    })
                })
                .collect();
            return write_json(out, json!({ "rulesets": list }));
        }
        out.extend_from_slice(
            crate::present::describe::rulesets(&all, default.as_deref()).as_bytes(),
        );
        return Ok(());
    };
    let ruleset = catalog.ruleset(cli.rules())?;
    let Some(p) = ruleset.procedure(name) else {
        // Not a procedure: perhaps a ruleset's name.
        if let Ok(r) = catalog.ruleset(Some(name)) {
            if cli.json {
                return write_json(out, ruleset_json(&r));
            }
            out.extend_from_slice(crate::present::describe::ruleset(&r).as_bytes());
            return Ok(());
        }
        return Err(ruleset
            .procedure_or_err(name)
            .err()
            .unwrap_or_else(|| Error::usage(format!("no procedure `{name}`"))));
    };
    if cli.json {
        let factors: Vec<_> = ruleset
            .chain_factors(p)
            .iter()
            .filter_map(|n| ruleset.factor(n))
            .map(|f| json!({
                "name": f.name,
                "kind": situation::kind_of(f),
                "help": f.help,
                "aliases": f.aliases,
                "default": f.default,
                "values": f.values.iter().map(|v| json!({"name": v.name(), "label": v.label(), "aliases": v.aliases(), "note": v.note()})).collect::<Vec<_>>(),
                "note": f.note,
            }))
            .collect();
        let value = json!({
            "ruleset": ruleset.name(),
            "procedure": p.name,
            "title": p.title,
            "help": p.help,
            "aliases": p.aliases,
            "factors": factors,
            "notes": p.notes,
        });
        return write_json(out, value);
    }
    out.extend_from_slice(crate::present::describe::procedure(&ruleset, p).as_bytes());
    Ok(())
}

/// A ruleset as `rules NAME --json` gives it: what it is, its procedures, its turn and its
/// game's tables (sides, roles, markers, states) as the model holds them.
fn ruleset_json(r: &crate::model::Ruleset) -> serde_json::Value {
    let m = &r.model;
    let procedures: Vec<_> = m
        .procedures
        .iter()
        .map(|p| json!({"name": p.name, "title": p.title, "help": p.help, "aliases": p.aliases}))
        .collect();
    json!({
        "ruleset": r.name(),
        "title": m.title,
        "aliases": m.aliases,
        "author": m.author,
        "source": m.source,
        "unit": m.unit,
        "notes": m.notes,
        "procedures": procedures,
        "turn": m.turn,
        "game": m.game,
    })
}

impl Run for RulesArgs {
    fn run(&self, cx: &Cx<'_>, out: &mut Vec<u8>, _: &mut Report) -> Result<()> {
        let name = self.name.as_deref();
        if self.check {
            check(cx.cli, cx.catalog, name, out)
        } else {
            rules(cx.cli, cx.catalog, name, out)
        }
    }
}
