//! The English of what the game layer reports ([`Said`]): one spelling for each thing a
//! change did, whatever command made it.

use std::fmt;

use crate::game::said::{Next, Said, Spent};
use crate::model::Lasts;

/// Why a result fell on a figure: `at random among the 8 figures of voltigeurs`.
pub fn at_random(among: usize, unit: &str) -> String {
    format!("at random among the {among} figures of {unit}")
}

/// How long a marker lasts, for the line that puts it on.
fn how_long(lasts: Lasts) -> &'static str {
    match lasts {
        Lasts::PlayerTurn => "to the end of this player turn",
        Lasts::Turn => "to the end of this turn",
        Lasts::NextTurn => "to the end of the next turn",
    }
}

/// What a marker's time is, for the line that says it came off.
fn lasted(lasts: Option<Lasts>) -> &'static str {
    match lasts {
        Some(Lasts::PlayerTurn) => "it lasts a player turn",
        Some(Lasts::Turn) => "it lasts the turn",
        Some(Lasts::NextTurn) => "it lasts to the end of the next turn",
        None => "its time is up",
    }
}

/// What `umpire turn` does next: `` `umpire turn` starts turn 3 ``.
fn then(next: &Next) -> String {
    match next {
        Next::Turn(n) => format!("`umpire turn` starts turn {n}"),
        Next::Play(side) => format!("`umpire turn` gives play to {side}"),
    }
}

impl fmt::Display for Said {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Each family of lines is worded by its own function.
        match self {
            Said::Owes { .. }
            | Said::Made { .. }
            | Said::Dropped { .. }
            | Said::Counted { .. }
            | Said::Raised { .. }
            | Said::Reached { .. }
            | Said::NoneToMake { .. }
            | Said::InTurn { .. }
            | Said::NotCounted { .. } => checks(self, f),
            Said::Out { .. }
            | Said::Back { .. }
            | Said::MarkerOn { .. }
            | Said::ComesOff { .. }
            | Said::MarkerOff { .. }
            | Said::SecondRule { .. }
            | Said::Tie { .. }
            | Said::AlreadyTied { .. }
            | Said::NotTied { .. }
            | Said::TiedToNobody { .. }
            | Said::Field { .. }
            | Said::Joined { .. }
            | Said::Moved { .. }
            | Said::NoneToFallOn { .. }
            | Said::PickedUnchanged { .. }
            | Said::FellAtRandom { .. } => roster(self, f),
            Said::PlayerTurn { .. }
            | Said::TurnStep { .. }
            | Said::ToSpend { .. }
            | Said::Steps { .. }
            | Said::GoesOn { .. }
            | Said::FailedToActivate { .. }
            | Said::AllActivated { .. }
            | Said::StillToAct { .. }
            | Said::DrawTurn { .. }
            | Said::ShortBag { .. }
            | Said::Drawn { .. }
            | Said::LeftInBag { .. }
            | Said::ReactionLost { .. }
            | Said::LastPhase
            | Said::Holds { .. }
            | Said::Reacts { .. }
            | Said::Acts { .. } => turns(self, f),
            Said::PoolsThrown { .. }
            | Said::TieThrownAgain { .. }
            | Said::DiceOffWon { .. }
            | Said::DiceOffNamed { .. }
            | Said::Spends { .. }
            | Said::ThrownIn { .. }
            | Said::ChargeReacts { .. }
            | Said::AtMoment { .. }
            | Said::MarkerRoll { .. }
            | Said::ArmyPlaced { .. } => spending(self, f),
        }
    }
}

/// Checks owed, made or dropped, and the counts a change raised.
fn checks(said: &Said, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match said {
        Said::Owes {
            figure,
            check,
            already: false,
        } => write!(f, "{figure} owes {check}"),
        Said::Owes {
            figure,
            check,
            already: true,
        } => write!(f, "{figure} already owes {check}"),
        Said::Made { figure, check } => write!(f, "{figure} made the {check} it owed"),
        Said::Dropped {
            figure,
            check,
            state: Some(state),
        } => write!(f, "{figure} is {state}: the {check} it owed is dropped"),
        Said::Dropped {
            figure,
            check,
            state: None,
        } => write!(
            f,
            "there is no figure {figure} any more: the {check} it owed is dropped"
        ),
        Said::Counted {
            figure,
            counter,
            was,
            now,
        } => write!(f, "{figure}: {counter} {was} → {now}"),
        Said::Raised {
            figure,
            counter,
            now,
            by: Some(by),
        } => write!(f, "{figure}: {counter} {now} (+{by})"),
        Said::Raised {
            figure,
            counter,
            now,
            by: None,
        } => write!(f, "{figure}: {counter} {now}"),
        Said::Reached {
            figure,
            counter,
            at,
            then,
        } => write!(f, "{figure}: {counter} {at} or more: {then}"),
        Said::NoneToMake {
            figure,
            state,
            check,
        } => write!(f, "{figure} is {state}: no {check} to make"),
        Said::InTurn {
            figure,
            counter,
            now,
            turn,
        } => write!(
            f,
            "{figure}: {counter} {now} (in turn {turn}, when the check was owed)"
        ),
        Said::NotCounted {
            figure,
            counter,
            turn,
        } => write!(
            f,
            "{figure}: not counted in {counter} (the check was owed in turn {turn})"
        ),
        // Worded by another family's function (see `fmt`).
        _ => Ok(()),
    }
}

/// Markers, states, ties and units: what a change did to the roster.
fn roster(said: &Said, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match said {
        Said::Out { figure, state } => write!(f, "{figure}: {state}"),
        Said::Back { figure } => write!(f, "{figure}: back in the game"),
        Said::MarkerOn {
            figure,
            marker,
            lasting: Some(lasting),
        } => write!(f, "{figure}: +{marker} ({})", how_long(*lasting)),
        Said::ComesOff {
            figure,
            marker,
            lasts,
        } => write!(f, "{figure}: {marker} comes off ({})", lasted(*lasts)),
        Said::MarkerOn {
            figure,
            marker,
            lasting: None,
        } => write!(f, "{figure}: +{marker}"),
        Said::MarkerOff { figure, marker } => write!(f, "{figure}: -{marker}"),
        Said::SecondRule {
            figure,
            rule,
            state,
        } => write!(f, "{figure}: {rule}: {state}"),
        Said::Tie {
            figure,
            link,
            to,
            on,
        } => write!(f, "{figure}: {}{link} {to}", if *on { "+" } else { "-" }),
        Said::AlreadyTied { figure, link, to } => write!(f, "{figure}: already {link} {to}"),
        Said::NotTied {
            figure,
            link,
            to: Some(to),
        } => write!(f, "{figure}: not {link} {to} (nothing to take off)"),
        Said::NotTied {
            figure,
            link,
            to: None,
        } => write!(f, "{figure}: not {link} any figure (nothing to take off)"),
        Said::TiedToNobody { figure, link } => write!(
            f,
            "{figure}: {link} nobody: the roll named no figure to tie it to"
        ),
        Said::Field {
            unit,
            field,
            was: Some(was),
            now,
        } if was == now => write!(f, "{unit}: {field} is already {now}"),
        Said::Field {
            unit,
            field,
            was: Some(was),
            now,
        } => write!(f, "{unit}: {field} {was} → {now}"),
        Said::Field {
            unit,
            field,
            was: None,
            now,
        } => write!(f, "{unit}: {field} {now}"),
        Said::Joined {
            from,
            into,
            in_play,
            moved,
        } => write!(
            f,
            "{from} joins {into}: {in_play} figures in play ({} come over: {})",
            moved.len(),
            moved.join(", ")
        ),
        Said::Moved { figure, from, into } => write!(f, "{figure} moved from {from} to {into}"),
        Said::NoneToFallOn { unit } => {
            write!(f, "{unit} has no figure in play for the changes to fall on")
        }
        Said::PickedUnchanged {
            figure,
            among,
            unit,
        } => write!(f, "{figure}: {}, no change", at_random(*among, unit)),
        Said::FellAtRandom { said, among, unit } => {
            write!(f, "{said} ({})", at_random(*among, unit))
        }
        // Worded by another family's function (see `fmt`).
        _ => Ok(()),
    }
}

/// Play moving on: a draw's phases and tokens, player turns and who acts.
fn turns(said: &Said, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match said {
        Said::PlayerTurn {
            turn,
            player,
            of,
            side,
        } => write!(f, "Turn {turn}, player turn {player} of {of}: {side}"),
        Said::TurnStep {
            turn,
            at,
            of,
            label,
            rolls,
        } => {
            write!(
                f,
                "Turn {turn}, step {at} of {of}, after the player turns: {label}"
            )?;
            if !rolls.is_empty() {
                write!(f, " (now: {})", rolls.join(", "))?;
            }
            Ok(())
        }
        Said::ToSpend { side, points } => write!(f, "{side}: {points} to spend"),
        Said::Steps { labels, then } => {
            let all = labels.iter().chain(then).map(String::as_str);
            let all = crate::words::numbered(all);
            match then.first() {
                // The whole turn's steps go on with the player turn's numbers.
                Some(_) => {
                    let at = format!("; {}. ", labels.len() + 1);
                    let all = all.replacen(
                        &at,
                        &format!("; after the player turns: {}. ", labels.len() + 1),
                        1,
                    );
                    write!(f, "steps: {all}")
                }
                None => write!(f, "steps: {all}"),
            }
        }
        Said::GoesOn {
            link,
            procedure,
            figures: (one, others),
            sides,
        } => {
            let options: Vec<String> = sides
                .iter()
                .flat_map(|(o, codes)| codes.iter().map(move |c| format!("--{o} {c}")))
                .collect();
            write!(
                f,
                "{} still {link} {}: `umpire roll {procedure} {}`",
                one.join(" and "),
                others.join(" and "),
                options.join(" ")
            )
        }
        Said::FailedToActivate { unit, side, next } => write!(
            f,
            "{unit} failed to activate: the player turn of {side} ends; {}",
            then(next)
        ),
        Said::AllActivated { side, next } => {
            write!(f, "every unit of {side} has been activated; {}", then(next))
        }
        Said::StillToAct { side, units } => write!(
            f,
            "units of {side} still to activate: {}",
            super::and_list(units)
        ),
        Said::DrawTurn {
            turn,
            phases,
            tokens,
            units,
        } => write!(
            f,
            "Turn {turn}: {phases} phase{}; {tokens} a side in the bag (units in play: {})",
            if *phases == 1 { "" } else { "s" },
            units.join(", ")
        ),
        Said::ShortBag { tokens, phases } => write!(
            f,
            "the bag holds only {tokens}, so the turn ends when it is empty, after {phases} \
             phases"
        ),
        Said::Drawn {
            turn,
            phase,
            of,
            token,
            side,
            by_hand,
        } => write!(
            f,
            "Turn {turn}, phase {phase} of {of}: {token}: {side}{}",
            if *by_hand { " (from the cup)" } else { "" }
        ),
        Said::LeftInBag { tokens } => write!(f, "left in the bag: {}", tokens.join(", ")),
        Said::ReactionLost { side } => write!(
            f,
            "{side}'s reaction was not used before this draw: it is lost"
        ),
        Said::LastPhase => write!(
            f,
            "that is the last phase of the turn; `umpire turn` starts the next"
        ),
        Said::Holds { side, token, phase } => write!(
            f,
            "{side} holds the {token} of phase {phase} to react later this turn"
        ),
        Said::Reacts { side } => write!(
            f,
            "{side} reacts: activate the reacting unit with `umpire activate UNIT`"
        ),
        Said::Acts {
            unit,
            reacting,
            phase,
            activation,
            most,
        } => write!(
            f,
            "{unit} acts{} in phase {phase} (activation {activation}{} this turn)",
            if *reacting { ", reacting," } else { "" },
            most.map(|m| format!(" of {m}")).unwrap_or_default()
        ),
        // Worded by another family's function (see `fmt`).
        _ => Ok(()),
    }
}

/// Points thrown and spent, a charge's reaction, a moment's rolls, an army placed.
fn spending(said: &Said, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match said {
        Said::PoolsThrown {
            points,
            dice,
            totals,
        } => write!(f, "{points} {dice}: {}", totals.join(", ")),
        Said::TieThrownAgain { top } => write!(f, "a tie at {top}: thrown again"),
        Said::DiceOffWon { side, note } => {
            write!(f, "{side} is the high scorer: it plays first in every turn")?;
            match note {
                Some(n) => write!(f, " ({n})"),
                None => Ok(()),
            }
        }
        Said::DiceOffNamed { side } => write!(
            f,
            "{side} won the dice-off, as the umpire says: it plays first in every turn"
        ),
        Said::Spends {
            side,
            spent,
            unit,
            label,
            costs,
            left,
        } => write!(
            f,
            "{side} spends {spent}{}: {label}{}; {left} left",
            unit.as_ref()
                .map(|u| format!(" on {u}"))
                .unwrap_or_default(),
            costs
                .as_ref()
                .map(|c| format!(" ({c})"))
                .unwrap_or_default()
        ),
        Said::ThrownIn {
            points,
            throws,
            left,
        } => write!(f, "{points} thrown in: {}; {left} left", throws.join(", ")),
        Said::ChargeReacts { unit, spent: None } => {
            write!(f, "{unit} reacts (no turn going: nothing spent)")
        }
        Said::ChargeReacts {
            unit,
            spent: Some(spent),
        } => {
            let each: Vec<String> = spent
                .iter()
                .map(|s| match s {
                    Spent::HeldToken { token } => format!("the react {token} it held"),
                    Spent::BagToken { own, token } => {
                        format!("a {own} {token} taken from the bag")
                    }
                    Spent::Activation(n) => format!("activation {n} this turn"),
                })
                .collect();
            write!(f, "{unit} reacts, spending {}", each.join(" and "))
        }
        Said::AtMoment { moment, said } => write!(f, "{moment}: {said}"),
        Said::MarkerRoll {
            moment,
            figure,
            marker,
            procedure,
            outcome,
            faces,
        } => write!(
            f,
            "{moment}: {figure} ({marker}) {procedure}: {outcome} [{}]",
            faces.join("; ")
        ),
        Said::ArmyPlaced {
            side,
            units,
            title,
            list,
            points,
            left_out,
            marked,
        } => {
            write!(
                f,
                "{side}: {units} units of the {title} list ({list}), {points} points"
            )?;
            if !marked.is_empty() {
                write!(f, ", each {}", marked.join(" and "))?;
            }
            if !left_out.is_empty() {
                write!(
                    f,
                    "\n  not put on the table (no unit to play): {}",
                    left_out.join(", ")
                )?;
            }
            Ok(())
        }
        // Worded by another family's function (see `fmt`).
        _ => Ok(()),
    }
}
