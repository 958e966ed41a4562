//! The checks a game owes, as rolls with figures make them: which roll `roll --next` makes, and
//! the other figures a roll falls on (`--also`), who owe what it calls for whatever its result.

use std::cell::RefCell;

use crate::engine::plan::Plan;
use crate::engine::resolve::FollowUp;
use crate::engine::situation;
use crate::error::{Error, Result};
use crate::game::figures;
use crate::game::lookup::{self, game_def};
use crate::game::pending;
use crate::game::roles::{self, Cast, Named};
use crate::game::state::{Check, Event, Game};
use crate::model::{Part, ProcedureDef, Role, Ruleset};

/// What a roll with figures of the game rolls: a procedure with its figures named, or a check
/// the game owes (`roll --next`), found when the game is locked.
pub(super) enum Which<'a> {
    Named {
        procedure: &'a str,
        cast: &'a Cast,
    },
    Owed {
        procedure: Option<&'a str>,
        number: Option<usize>,
    },
}

/// A roll made: the procedure, its figures, the words typed or set, and the check it makes.
pub(super) struct Aimed<'r> {
    pub(super) p: &'r ProcedureDef,
    pub(super) cast: Cast,
    pub(super) words: Vec<String>,
    pub(super) owed: Option<usize>,
}

/// What `which` rolls in `game` as it stands. A check owed is found once: `pinned` keeps it, so
/// that a roll made again under the lock makes the same check, or none if it was made
/// meanwhile.
pub(super) fn aim<'r>(
    game: &Game,
    ruleset: &'r Ruleset,
    which: &Which<'_>,
    typed: &[String],
    pinned: &RefCell<Option<Check>>,
) -> Result<Aimed<'r>> {
    let (procedure, number) = match which {
        Which::Named { procedure, cast } => {
            let p = ruleset.procedure_or_err(procedure)?;
            let owed = game
                .pending
                .iter()
                .any(|c| c.procedure == p.name)
                .then(|| figures::find(game, ruleset, p, cast).ok())
                .flatten()
                .and_then(|f| f.acting)
                .and_then(|f| pending::matching(game, ruleset, p, &f, typed));
            return Ok(Aimed {
                p,
                cast: (*cast).clone(),
                words: typed.to_vec(),
                owed,
            });
        }
        Which::Owed { procedure, number } => (procedure, number),
    };
    // `roll --next FACTOR`: the word after `roll` is the procedure only when it names one.
    let mut typed = typed.to_vec();
    let procedure = match procedure {
        Some(w)
            if ruleset.procedure(w).is_none()
                && (w.contains('=') || ruleset.factor(w).is_some()) =>
        {
            typed.insert(0, (*w).to_string());
            None
        }
        other => *other,
    };
    let at = match pinned.borrow().as_ref() {
        Some(check) => game
            .pending
            .iter()
            .position(|c| c == check)
            .ok_or_else(|| {
                Error::failure(format!(
                    "{} {} was made or dropped while the faces were typed; nothing was written",
                    check.figure,
                    check.what()
                ))
            })?,
        None => {
            let p = procedure.map(|n| ruleset.procedure_or_err(n)).transpose()?;
            pending::pick(game, p.map(|p| p.name.as_str()), *number)?
        }
    };
    let check = game
        .pending
        .get(at)
        .cloned()
        .ok_or_else(|| Error::failure("the check owed is not in the queue"))?;
    let p = ruleset.procedure_or_err(&check.procedure).map_err(|e| {
        Error::failure(format!(
            "check {} of game {}: {}",
            at + 1,
            game.name,
            e.message
        ))
        .with_hint("game.json was edited by hand: fix or remove the check in `pending`")
    })?;
    let g = game_def(ruleset)?;
    let option = roles::option_for(g, p, &Part::Acting)
        .filter(|_| p.sides.is_empty())
        .ok_or_else(|| {
            Error::usage(format!(
                "{} {} is not a roll of one figure: roll it with its figures named",
                check.figure,
                check.what()
            ))
        })?;
    let cast = Cast {
        named: vec![Named {
            option: option.to_string(),
            part: Part::Acting,
            figures: vec![check.figure.clone()],
        }],
    };
    let words = pending::with_typed(ruleset, &check, &typed);
    *pinned.borrow_mut() = Some(check);
    Ok(Aimed {
        p,
        cast,
        words,
        owed: Some(at),
    })
}

/// The other figures a roll falls on (`--also`): each owes the checks the roll calls for
/// whatever its result on the figure acted upon, read on its own situation (its unit's fields,
/// its markers) as if it were the one named. Said a line each; refused when none owes any.
pub(super) fn also(
    game: &Game,
    after: &mut Game,
    ruleset: &Ruleset,
    p: &ProcedureDef,
    found: &roles::Figures,
    (also, typed, cause): (&[String], &[String], &str),
    event: &mut Event,
) -> Result<Vec<String>> {
    if also.is_empty() {
        return Ok(Vec::new());
    }
    if !p.sides.is_empty() {
        return Err(Error::usage(format!(
            "--also is for a roll that falls on a figure; {} is an opposed roll",
            p.name
        )));
    }
    let mut said = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    let mut owing = false;
    for code in also {
        let fig = lookup::figure(game, code)?;
        if let Some(s) = &fig.state {
            return Err(Error::usage(format!(
                "{} is {}: it takes no part in a roll",
                fig.code,
                lookup::state_label(game_def(ruleset)?, s)
            )));
        }
        let own = [found.acting.as_deref(), found.acted_upon.as_deref()];
        if own.contains(&Some(fig.code.as_str())) || seen.contains(&fig.code) {
            return Err(Error::usage(format!(
                "{} is named twice in this roll: --also names other figures",
                fig.code
            )));
        }
        seen.push(fig.code.clone());
        let figs = roles::Figures {
            acting: found.acting.clone(),
            acted_upon: Some(fig.code.clone()),
            sides: Vec::new(),
            pairings: Vec::new(),
            owed_in: None,
        };
        let (mut words, _) = figures::roster_words(game, ruleset, p, &figs, typed)?;
        words.extend(typed.iter().cloned());
        let input = situation::parse(ruleset, p, &words)?;
        let mut owed: Vec<FollowUp> = Plan::new(ruleset, p, &input)?
            .any_result_follow_ups()?
            .into_iter()
            .filter(|f| f.on == Some(Role::ActedUpon) && f.side.is_none())
            .collect();
        for f in &mut owed {
            said.extend(crate::game::aim::aim_at(
                f,
                &fig.code,
                (game, after),
                ruleset,
            ));
        }
        let before = said.len();
        said.extend(pending::queue(after, &owed, cause, event));
        if said.len() == before {
            said.push(format!("{} owes nothing from this roll", fig.code));
        } else {
            owing = true;
        }
    }
    if owing {
        Ok(said)
    } else {
        Err(Error::usage(format!(
            "--also: this {} calls for no check of the figures it falls on, whatever its result",
            p.name
        ))
        .with_hint(format!("`umpire rules {}` says what it calls for", p.name)))
    }
}

/// A figure, and the words its roll takes.
pub(super) type FigureWords = (String, Vec<String>);

/// The checks a unit's figures owe (`roll [PROCEDURE] --next --unit UNIT`): of the procedure
/// named, else of the first check the unit owes (one owed at once before the others); every
/// such check of each figure in play, in roster order, with the words its roll takes (the
/// check's factors, then those typed).
pub(super) fn unit_checks<'r>(
    game: &Game,
    ruleset: &'r Ruleset,
    procedure: Option<&str>,
    unit: &str,
    typed: &[String],
) -> Result<(&'r ProcedureDef, Vec<FigureWords>)> {
    let u = lookup::unit_or_code(game, unit)?;
    let codes = game.codes_in_play(&u.name);
    let owes = |c: &&Check| codes.iter().any(|x| x.eq_ignore_ascii_case(&c.figure));
    let name = match procedure {
        Some(p) => ruleset.procedure_or_err(p)?.name.clone(),
        None => {
            let mut theirs = game.pending.iter().filter(owes);
            let first = theirs.clone().find(|c| c.at_once).or_else(|| theirs.next());
            first
                .map(|c| c.procedure.clone())
                .ok_or_else(|| Error::usage(format!("{} owes no check", u.name)))?
        }
    };
    let p = ruleset.procedure_or_err(&name)?;
    let mut checks = Vec::new();
    for code in &codes {
        for c in game
            .pending
            .iter()
            .filter(|c| c.figure.eq_ignore_ascii_case(code) && c.procedure == p.name)
        {
            checks.push((code.clone(), pending::with_typed(ruleset, c, typed)));
        }
    }
    if checks.is_empty() {
        return Err(Error::usage(format!("{} owes no {} check", u.name, p.name))
            .with_hint("`umpire status` lists the checks owed"));
    }
    Ok((p, checks))
}
