//! `umpire roll` as typed: which roll its words ask for (a check the game owes, a unit's
//! action, a roll of the game's figures, or one of no figure), with the refusals of words that
//! do not go together, each handed to the file that rolls it.

use super::args::RollArgs;
use super::command::{Cx, Run};
use super::figure::figure_roll;
use super::owed::Which;
use super::roll::{RollHow, roll};
use super::{Report, unit_roll};
use crate::error::{Error, Result};

/// No procedure named: the procedures of the ruleset in use, to pick from.
pub(super) fn procedure_needed(cx: &Cx<'_>) -> Error {
    let names = cx.catalog.ruleset(cx.cli.rules()).map(|r| {
        let names: Vec<String> = r.model.procedures.iter().map(|p| p.name.clone()).collect();
        names.join(", ")
    });
    Error::usage("a procedure is needed").with_hint(match names {
        Ok(names) => format!("one of: {names}"),
        Err(_) => "`umpire rules` lists the procedures".to_string(),
    })
}

impl Run for RollArgs {
    fn run(&self, cx: &Cx<'_>, out: &mut Vec<u8>, report: &mut Report) -> Result<()> {
        if let Some(number) = &self.next {
            return self.owed(cx, number.as_deref(), out, report);
        }
        let Some(procedure) = &self.procedure else {
            return Err(procedure_needed(cx));
        };
        self.named(cx, procedure, out, report)
    }
}

impl RollArgs {
    /// `roll --next [N] [PROCEDURE] [FACTOR...]`: a check the game owes (or, with `--unit`,
    /// every one a unit owes).
    fn owed(
        &self,
        cx: &Cx<'_>,
        number: Option<&str>,
        out: &mut Vec<u8>,
        report: &mut Report,
    ) -> Result<()> {
        let (cli, catalog) = (cx.cli, cx.catalog);
        if !self.also.is_empty() {
            return Err(Error::usage(
                "--also names figures a roll falls on; a check owed falls on its own figure",
            ));
        }
        // `--next N`; a word that is not a number is the first word after it (`roll --next
        // PROCEDURE`, `roll --next FACTOR`), not the number of a check.
        let n = number.map(str::parse::<usize>);
        let mut words: Vec<String> = match (number, &n) {
            (Some(w), Some(Err(_))) => vec![w.to_string()],
            _ => Vec::new(),
        };
        words.extend(self.procedure.iter().cloned());
        words.extend(self.factors.iter().cloned());
        let (procedure, factors) = match words.split_first() {
            Some((first, rest)) => (Some(first.as_str()), rest),
            None => (None, &words[..]),
        };
        let how = RollHow {
            factors,
            dice: &self.dice,
            times: self.times,
            dry_run: self.dry_run,
            also: &[],
            line: cx.line(),
        };
        let which = Which::Owed {
            procedure,
            number: n.clone().and_then(std::result::Result::ok),
        };
        if !cli.cast.is_empty() {
            return Err(Error::usage(
                "--next makes a check the game owes, and knows its figure: name none",
            )
            .with_hint("`umpire status` lists the checks owed and their figures"));
        }
        // A unit's checks: every one its figures owe, in one roll.
        if let Some(unit) = &self.unit {
            if let Some(Ok(n)) = &n {
                return Err(Error::usage(format!(
                    "--next {n} names one check; with --unit the unit makes every check it owes"
                ))
                .with_hint("leave out the number, or --unit"));
            }
            let what = unit_roll::UnitWhat::Owed(procedure);
            let none = crate::game::roles::Cast::default();
            return unit_roll::unit_roll(cli, catalog, (what, unit), &none, &how, out, report);
        }
        figure_roll(cli, catalog, &which, &how, out, report)
    }

    /// `roll PROCEDURE [FACTOR...]`, of figures of the game or of none.
    fn named(
        &self,
        cx: &Cx<'_>,
        procedure: &str,
        out: &mut Vec<u8>,
        report: &mut Report,
    ) -> Result<()> {
        let (cli, catalog) = (cx.cli, cx.catalog);
        let cast = &cli.cast;
        let how = RollHow {
            factors: &self.factors,
            dice: &self.dice,
            times: self.times,
            dry_run: self.dry_run,
            also: &self.also,
            line: cx.line(),
        };
        if let Some(unit) = &self.unit {
            let what = (unit_roll::UnitWhat::Named(procedure), unit.as_str());
            return unit_roll::unit_roll(cli, catalog, what, cast, &how, out, report);
        }
        if !cast.is_empty() {
            let which = Which::Named { procedure, cast };
            return figure_roll(cli, catalog, &which, &how, out, report);
        }
        if !self.also.is_empty() {
            return Err(
                Error::usage("--also names more figures of a game a roll falls on")
                    .with_hint("name the roll's own figures too"),
            );
        }
        if self.dry_run {
            return Err(
                Error::usage("--dry-run only matters with figures from a game")
                    .with_hint("a roll that names no figure of the game changes nothing"),
            );
        }
        let ruleset = catalog.ruleset(cli.rules())?;
        roll(cli, &ruleset, procedure, &how, out, report)
    }
}
