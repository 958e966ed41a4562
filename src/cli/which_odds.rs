//! `umpire odds` as typed: which odds its words ask for (a unit's action, figures of the
//! game, or a roll of no figure), each handed to the file that weighs them.

use super::args::OddsArgs;
use super::command::{Cx, Run};
use super::figure::figure_odds;
use super::odds::odds;
use super::which_roll::procedure_needed;
use super::{Report, unit_odds};
use crate::error::Result;

impl Run for OddsArgs {
    fn run(&self, cx: &Cx<'_>, out: &mut Vec<u8>, _: &mut Report) -> Result<()> {
        let (cli, catalog) = (cx.cli, cx.catalog);
        let Some(procedure) = &self.procedure else {
            return Err(procedure_needed(cx));
        };
        let cast = &cli.cast;
        if let Some(unit) = &self.unit {
            let what = (procedure.as_str(), unit.as_str());
            return unit_odds::unit_odds(cli, catalog, what, cast, &self.factors, out);
        }
        if !cast.is_empty() {
            return figure_odds(cli, catalog, procedure, cast, &self.factors, out);
        }
        let ruleset = catalog.ruleset(cli.rules())?;
        odds(cli, &ruleset, procedure, &self.factors, out)
    }
}
