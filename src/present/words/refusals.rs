//! The game's refusals as the umpire reads them: a breach of a rule of play, worded as the
//! rule, who breaks it and why, with what would make it legal.

use crate::error::Refusal;
use crate::game::combine::Breach;

/// A breach of the rules on combining units, as a refusal and its fix (the rule's note).
pub fn combining(breach: Breach) -> (Refusal, String) {
    let see = |note: Option<String>| note.unwrap_or_else(|| "see `umpire rules`".into());
    match breach {
        Breach::Sides {
            units: [(a, x), (b, y)],
        } => {
            let why = format!("{a} is of {x} and {b} of {y}: only a side's own units combine");
            let refusal = Refusal {
                rule: "Sides".to_string(),
                who: a,
                why,
            };
            (refusal, "name a unit of the same side".to_string())
        }
        Breach::Ineligible { unit, standing } => {
            let why = format!("it needs {}", super::shortfalls(&standing.unmet));
            let refusal = Refusal {
                rule: standing.rule,
                who: unit,
                why,
            };
            (refusal, see(standing.note))
        }
        Breach::Differ {
            rule,
            field,
            units: [(a, x), (b, y)],
            note,
        } => {
            let said = |u: &str, v: Option<String>| {
                format!("{u} {field} {}", v.as_deref().unwrap_or("none"))
            };
            let why = format!(
                "{} and {} differ: units combine only with the same {field}",
                said(&a, x),
                said(&b, y)
            );
            (Refusal { rule, who: a, why }, see(note))
        }
        Breach::NotReduced {
            rule,
            unit,
            figures,
            most,
            note,
        } => {
            let why = format!(
                "it has {figures} figures in play: a unit combines once reduced to {most} or fewer"
            );
            (
                Refusal {
                    rule,
                    who: unit,
                    why,
                },
                see(note),
            )
        }
        Breach::Short {
            rule,
            unit,
            field,
            figures,
            per,
            need,
            with,
            note,
        } => {
            let why = format!(
                "{figures} figures need {need} with {field} (one for every {per}); {with} with it"
            );
            (
                Refusal {
                    rule,
                    who: unit,
                    why,
                },
                see(note),
            )
        }
    }
}
