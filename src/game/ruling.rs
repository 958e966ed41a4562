//! The umpire's word against the rules of play, and what a unit's acting comes to once they
//! are weighed: the data the turn's rules and `legality` share. It sits below the turn, which
//! weighs a unit's acting, and `legality`, which asks the turn, so that neither imports the
//! other both ways.

use crate::error::{Error, Refusal, Result};
use crate::game::state::{Event, Ruling};

/// The umpire's word on the command: `--anyway "WHY"`, which lets through what a rule of play
/// refuses, logged with its reason.
#[derive(Debug, Clone, Copy, Default)]
pub struct Umpire<'a> {
    pub anyway: Option<&'a str>,
}

impl Umpire<'_> {
    /// A refusal stands (an error naming its rule and `fix`), unless the umpire rules
    /// otherwise: then it is kept in the event with the reason, and the command goes on.
    pub fn allow(&self, refusal: Refusal, fix: Option<String>, event: &mut Event) -> Result<()> {
        let Some(reason) = self.anyway else {
            return Err(Error::refused(refusal, fix));
        };
        let Refusal { rule, who, why } = refusal;
        let ruling = Ruling {
            rule,
            who,
            why,
            reason: reason.to_string(),
        };
        if !event.rulings.contains(&ruling) {
            event.rulings.push(ruling);
        }
        Ok(())
    }

    /// For one figure of a unit's action: refused, it is held out of the action, and why is
    /// returned (the first refusal's why); with the umpire's ruling every refusal is let
    /// through, kept in `event`, and the figure acts (`None`).
    pub fn hold_or_allow(
        &self,
        refused: Vec<(Refusal, Option<String>)>,
        event: &mut Event,
    ) -> Result<Option<String>> {
        if let (Some((r, _)), None) = (refused.first(), self.anyway) {
            return Ok(Some(r.why.clone()));
        }
        for (r, fix) in refused {
            self.allow(r, fix, event)?;
        }
        Ok(None)
    }
}

/// What a unit's acting now comes to, once allowed: whether it is activated by it (the
/// phase's unit in a draw, acting for the first time in the phase).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Acting {
    pub activates: bool,
}
