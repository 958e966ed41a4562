//! The checks of a check's fallback (`impossible:`): the procedure the roll is made as instead
//! exists, is another roll of one figure that does not fall back in its turn, and no natural
//! result gives the pass whatever the modifiers (the modifiers could then never rule it out).

use crate::error::Result;
use crate::rules::schema::{CheckDef, ProcedureDef};
use crate::rules::source::{Locator, Source};
use crate::suggest::did_you_mean;

impl Source {
    pub(super) fn check_impossible(
        &self,
        p: &ProcedureDef,
        c: &CheckDef,
        at: &Locator<'_>,
    ) -> Result<()> {
        let Some(i) = &c.impossible else {
            return Ok(());
        };
        let here = format!("name: {}", p.name);
        let err = |needle: &str, msg: String| {
            at.err(
                &["procedures:", &here, "impossible:", needle],
                format!("procedure `{}`: impossible: {msg}", p.name),
            )
        };
        if i.label.trim().is_empty() {
            return Err(err(
                "label:",
                "the `label` is empty: say why the roll is read so".into(),
            ));
        }
        let Some(q) = self.procedure(&i.becomes) else {
            let names = self.def.procedures.iter().map(|x| x.name.as_str());
            return Err(err(
                &i.becomes,
                format!(
                    "becomes `{}`, which this ruleset does not define",
                    i.becomes
                ),
            )
            .with_hint_opt(did_you_mean(&i.becomes, names)));
        };
        if q.name == p.name {
            return Err(err(
                &i.becomes,
                "becomes its own procedure: name the procedure rolled in its place".into(),
            ));
        }
        if !q.sides.is_empty() {
            return Err(err(
                &i.becomes,
                format!(
                    "becomes `{}`, an opposed roll: the roll in its place is the same figure's, \
                     of one side",
                    q.name
                ),
            ));
        }
        if q.check.as_ref().is_some_and(|x| x.impossible.is_some()) {
            return Err(err(
                &i.becomes,
                format!(
                    "becomes `{}`, which falls back in its turn: name the procedure the roll \
                     ends as",
                    q.name
                ),
            ));
        }
        if let Some(n) = p.naturals.iter().find(|n| n.result == c.pass) {
            return Err(err(
                "becomes:",
                format!(
                    "the natural result `{}` gives `{}` whatever the modifiers, so they never \
                     make the check impossible",
                    n.label, c.pass
                ),
            )
            .with_hint("remove `impossible`, or the natural result"));
        }
        Ok(())
    }
}
