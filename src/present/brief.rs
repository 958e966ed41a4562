//! Short forms of what the engine worked out: a chain on one line (a unit's roll lists each
//! figure's so), and the odds of two situations side by side (what if).

use std::fmt::Write as _;

use crate::engine::fraction::Fraction;
use crate::engine::resolve::Step;
use crate::words::signed;

/// A step and the steps it led to on one line, as a unit's roll lists each figure's:
/// `3 4 +5 = 12: RESULT › NEXT 1 2 = 3: RESULT`, `3 3: RESULT (NATURAL)`;
/// an opposed roll side by side: `SIDE 4 +3 = 7 against SIDE 2 -2 = 0: RESULT`.
pub fn brief(s: &Step) -> String {
    let faces: Vec<String> = s
        .throws
        .iter()
        .filter(|t| t.dice.is_some())
        .flat_map(|t| t.faces.iter().map(ToString::to_string))
        .collect();
    let net = s.sides.first().map_or(0, |side| side.net);
    let total = match &s.decision.read {
        crate::engine::decision::Read::Check { total, .. }
        | crate::engine::decision::Read::Table { total, .. }
        | crate::engine::decision::Read::Grid { total, .. }
        | crate::engine::decision::Read::Amount { total, .. } => Some(*total),
        _ => None,
    };
    let mut own = faces.join(" ");
    // A check the modifiers made impossible: what it needed, and the procedure rolled instead.
    if let Some(f) = &s.fallback {
        let needed = crate::words::compared(f.compare, &crate::present::words::target(&f.target));
        own = format!(
            "{needed} out of reach ({} at best): {} {own}",
            f.best, f.becomes
        );
    }
    // An opposed roll: each side's throw and total, then the result.
    if let crate::engine::decision::Read::Compare { sides, .. } = &s.decision.read {
        own = sides
            .iter()
            .map(|(side, total)| {
                let faces: Vec<String> = s
                    .throws
                    .iter()
                    .filter(|t| t.side.as_deref() == Some(side.as_str()))
                    .flat_map(|t| t.faces.iter().map(ToString::to_string))
                    .collect();
                let net = s
                    .sides
                    .iter()
                    .find(|r| r.side.as_deref() == Some(side.as_str()))
                    .map_or(0, |r| r.net);
                match net {
                    0 => format!("{side} {} = {total}", faces.join(" ")),
                    n => format!("{side} {} {} = {total}", faces.join(" "), signed(n)),
                }
            })
            .collect::<Vec<_>>()
            .join(" against ");
        own.push_str(&format!(": {}", s.decision.key()));
        for n in &s.next {
            own.push_str(&format!(" › {} {}", n.procedure, brief(n)));
        }
        return own;
    }
    match (&s.decision.natural, total) {
        (Some(n), _) => own.push_str(&format!(": {} ({n})", s.decision.label)),
        (None, Some(t)) if net != 0 => {
            own.push_str(&format!(" {} = {t}: {}", signed(net), s.decision.label));
        }
        (None, Some(t)) => own.push_str(&format!(" = {t}: {}", s.decision.label)),
        (None, None) => own.push_str(&format!(": {}", s.decision.label)),
    }
    for n in &s.next {
        own.push_str(&format!(" › {} {}", n.procedure, brief(n)));
    }
    own
}

/// Two lists of outcomes as rows of both, in the first list's order then the second's new
/// ones; an outcome one of them cannot have is 0.
pub fn side_by_side(
    a: &[(String, Fraction)],
    b: &[(String, Fraction)],
) -> Vec<(String, Fraction, Fraction)> {
    let find = |list: &[(String, Fraction)], l: &str| {
        list.iter()
            .find(|(x, _)| x == l)
            .map_or(Fraction::ZERO, |(_, p)| p.clone())
    };
    let mut rows: Vec<(String, Fraction, Fraction)> = a
        .iter()
        .map(|(l, p)| (l.clone(), p.clone(), find(b, l)))
        .collect();
    for (l, p) in b {
        if !a.iter().any(|(x, _)| x == l) {
            rows.push((l.clone(), Fraction::ZERO, p.clone()));
        }
    }
    rows
}

/// `odds PROCEDURE ... --vs WORDS`: each outcome's chance as given and with the words changed.
pub fn what_if(
    procedure: &str,
    vs: &str,
    a: &[(String, Fraction)],
    b: &[(String, Fraction)],
) -> String {
    let rows = side_by_side(a, b);
    let width = rows
        .iter()
        .map(|(l, ..)| l.chars().count())
        .max()
        .unwrap_or(0)
        .max(7);
    let mut out = String::new();
    let _ = writeln!(out, "{procedure}: as given, and what if {vs}");
    let _ = writeln!(
        out,
        "  {:<width$}  {:>18}  {:>18}",
        "outcome", "as given", "what if"
    );
    for (l, p, q) in rows {
        let cell = |f: Fraction| format!("{} {:>6.2}%", f, f.percent());
        let _ = writeln!(out, "  {l:<width$}  {:>18}  {:>18}", cell(p), cell(q));
    }
    out
}
