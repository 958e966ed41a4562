//! The English of what the game layer reports ([`Said`]): one spelling for each thing a
//! change did, whatever command made it.

use std::fmt;

use crate::game::said::Said;

impl fmt::Display for Said {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
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
            Said::Out { figure, state } => write!(f, "{figure}: {state}"),
            Said::Back { figure } => write!(f, "{figure}: back in the game"),
            Said::MarkerOn {
                figure,
                marker,
                lasting: Some(lasting),
            } => write!(f, "{figure}: +{marker} ({lasting})"),
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
            Said::NotCounted {
                figure,
                counter,
                turn,
            } => write!(
                f,
                "{figure}: not counted in {counter} (the check was owed in turn {turn})"
            ),
        }
    }
}
