//! The odds of several rolls made at once, in words: a unit's whole action before it is
//! rolled (each figure's chances on one line, then how many figures get each result and the
//! chance of at least one).

use std::fmt::Write as _;

use crate::engine::fight::{FightOdds, Worst};
use crate::engine::fraction::Fraction;
use crate::engine::plan::Plan;
use crate::engine::whole::{Anywhere, FigureOdds, UnitOdds};
use crate::model::{ManyOnOneDef, ProcedureDef, Ruleset};
use crate::present::explain::{chance, distribution, first_rows, plan_summary};

/// One figure of a unit's action: who it is and at whom (`A1 at B2`), its net modifier (and
/// the procedure rolled instead where it makes the check impossible), and its odds.
#[derive(Debug)]
pub struct FigureRow<'a> {
    pub who: String,
    pub net: i64,
    /// The procedure rolled instead, where the net modifier makes the check impossible.
    pub fallback: Option<&'a str>,
    pub odds: &'a FigureOdds,
    /// The faces given for the figure's rolls, and what they gave.
    pub given: &'a [crate::engine::given::Thrown],
}

/// What a unit's odds say: the unit and procedure, each figure, those held back (with why),
/// and the figures' odds together.
#[derive(Debug)]
pub struct UnitSaid<'a> {
    pub unit: &'a str,
    pub procedure: &'a str,
    pub figures: &'a [FigureRow<'a>],
    pub held: &'a [(String, String)],
    /// The word for a figure acted upon (the table's), when the figures were given some.
    pub aimed: Option<&'a str>,
    pub all: &'a UnitOdds,
    /// The figures one roll stands for, when the unit rolls once for them all.
    pub once: Option<usize>,
}

/// The one assumption a unit's odds make, when its figures act upon others.
pub fn as_if_standing(word: &str) -> String {
    format!(
        "each figure is counted as if its {word} still stands as it is now (in the roll, one \
         aimed at a figure already out of the game passes to the next {word} standing)"
    )
}

/// A count's average, exactly and to two places: `2/3 (0.67)`.
pub fn average(e: Fraction) -> String {
    format!("{e} ({:.2})", e.to_f64())
}

/// A result anywhere in a chain, named with its procedure: `PROCEDURE: LABEL`.
pub fn reached_label(a: &Anywhere) -> String {
    format!("{}: {}", a.reached.procedure, a.reached.label)
}

/// `umpire odds PROCEDURE --unit NAME`.
pub fn unit_odds(said: &UnitSaid<'_>) -> String {
    let UnitSaid {
        unit,
        procedure,
        figures,
        held,
        aimed,
        all,
        once,
    } = said;
    let mut out = String::new();
    let n = figures.len();
    let quantity = |n: usize| crate::words::quantity(i64::try_from(n).unwrap_or(0), "figures");
    let when = if figures.iter().any(|f| !f.given.is_empty()) {
        "from the faces given"
    } else {
        "before it is rolled"
    };
    match once {
        Some(all) => writeln!(
            out,
            "{unit}: odds of {procedure}, one roll for its {}, {when}",
            quantity(*all)
        ),
        None => writeln!(
            out,
            "{unit}: odds of {procedure} with {}, {when}",
            quantity(n)
        ),
    }
    .ok();
    for f in *figures {
        let chances: Vec<String> = f
            .odds
            .first
            .iter()
            .map(|(r, p)| format!("{} {}", r.label, chance(p.clone())))
            .collect();
        let net = crate::words::signed(f.net);
        let instead = f
            .fallback
            .map(|p| format!(", out of reach: {p}"))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "  {}, net {net}{instead}: {}",
            f.who,
            chances.join(", ")
        );
        for t in f.given {
            let _ = writeln!(out, "    given {}", crate::present::words::thrown(t));
        }
    }
    for (f, why) in *held {
        let _ = writeln!(out, "  {f}: held back: {why}");
    }
    if let Some(word) = aimed {
        let _ = writeln!(out, "{}", as_if_standing(word));
    }
    // One roll for the unit: its chances above are the unit's, with no count to make.
    let counts = if once.is_some() {
        &[][..]
    } else {
        &all.counts[..]
    };
    if !counts.is_empty() {
        let _ = writeln!(
            out,
            "how many of the {n} figures get each result of {procedure}:"
        );
    }
    for (r, dist) in counts {
        let _ = writeln!(out, "  {}", r.label);
        let rows: Vec<(String, Fraction)> = dist
            .iter()
            .enumerate()
            .map(|(k, p)| (k.to_string(), p.clone()))
            .collect();
        distribution(&mut out, "    ", &rows);
    }
    let _ = writeln!(
        out,
        "each result of the chain: the chance of at least one, and how many on average:"
    );
    let labels: Vec<String> = all.anywhere.iter().map(reached_label).collect();
    let width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let fw = all
        .anywhere
        .iter()
        .map(|a| a.at_least_one.to_string().len())
        .max()
        .unwrap_or(0);
    for (a, label) in all.anywhere.iter().zip(&labels) {
        let _ = writeln!(
            out,
            "  {label:<width$}  {:>6.2}%  {:<fw$}  on average {}",
            a.at_least_one.percent(),
            a.at_least_one.to_string(),
            average(a.expected.clone())
        );
    }
    out
}

/// After several against one, the lone figure's end: `A1 against 3: worst result RESULT`
/// (with the rule that made it when results received together did), or none received.
pub fn lone_end(figure: &str, against: usize, worst: Option<(&str, &Worst)>) -> String {
    match worst {
        Some((label, w)) => match &w.together {
            Some(rule) => format!("{figure} against {against}: worst result {label} ({rule})\n"),
            None => format!("{figure} against {against}: worst result {label}\n"),
        },
        None => format!("{figure} against {against}: no result against it\n"),
    }
}

/// One pairing of a fight, on its own: who against whom, and its plan.
#[derive(Debug)]
pub struct Pairing<'a> {
    pub who: String,
    pub plan: &'a Plan<'a>,
}

/// What the odds of a whole fight of several against one say.
#[derive(Debug)]
pub struct FightSaid<'a> {
    pub ruleset: &'a Ruleset,
    pub p: &'a ProcedureDef,
    pub m: &'a ManyOnOneDef,
    /// The lone figure's side and code.
    pub lone: (&'a str, &'a str),
    /// What the lone figure throws (`1d6`).
    pub dice: String,
    pub roster: &'a [String],
    pub pairings: &'a [Pairing<'a>],
    pub odds: &'a FightOdds,
}

/// `umpire odds PROCEDURE` with several figures against one: the lone figure's end, its chance
/// to come through, and each pairing on its own.
pub fn fight_odds(said: &FightSaid<'_>) -> crate::error::Result<String> {
    let FightSaid {
        ruleset,
        p,
        m,
        lone: (side, figure),
        dice,
        roster,
        pairings,
        odds,
    } = said;
    let mut out = String::new();
    let _ = writeln!(out, "from the roster:");
    for l in *roster {
        let _ = writeln!(out, "  {l}");
    }
    let _ = writeln!(
        out,
        "{} — {} ({}): the whole fight, {} against {side} {figure}",
        p.name,
        p.title,
        ruleset.model.title,
        pairings.len()
    );
    let order: Vec<String> = m.worst_first.iter().map(|r| p.result_label(r)).collect();
    let throws = match m.lone_throws {
        crate::model::LoneThrows::Once => "once, against each",
        crate::model::LoneThrows::Each => "against each",
    };
    let mut how = format!(
        "  {figure} throws {dice} {throws}; the worst result against it stands ({})",
        order.join(", ")
    );
    for t in &m.together {
        how.push_str(&format!("; {}", t.label));
    }
    let _ = writeln!(out, "{how}");
    let _ = writeln!(out, "{figure}'s end:");
    let mut rows: Vec<(String, Fraction)> = Vec::new();
    for (end, q) in &odds.ends {
        let Some(w) = end else { continue };
        let label = p.result_label(&w.result);
        match &w.together {
            None => rows.push((label, q.clone())),
            Some(rule) => {
                // The share a rule made of a result, beneath the result's whole chance.
                match rows.iter().position(|(l, _)| *l == label) {
                    Some(i) => {
                        if let Some((_, whole)) = rows.get_mut(i) {
                            *whole = whole.checked_add(q.clone()).unwrap_or(whole.clone());
                        }
                        rows.insert(i + 1, (format!("  of which {rule}"), q.clone()));
                    }
                    None => {
                        rows.push((label, q.clone()));
                        rows.push((format!("  of which {rule}"), q.clone()));
                    }
                }
            }
        }
    }
    rows.push(("unharmed".into(), odds.unharmed.clone()));
    distribution(&mut out, "  ", &rows);
    let out_of_play: Vec<String> = m
        .worst_first
        .iter()
        .chain(m.together.iter().map(|t| &t.result))
        .filter(|r| crate::engine::fight::takes_out(ruleset, p, r))
        .map(|r| p.result_label(r))
        .fold(Vec::new(), |mut seen, l| {
            if !seen.contains(&l) {
                seen.push(l);
            }
            seen
        });
    // Said only where some result would take the lone figure out.
    if !out_of_play.is_empty() {
        let _ = writeln!(
            out,
            "survives the fight (not {}): {}",
            crate::present::words::or_list(&out_of_play),
            chance(odds.survives.clone())
        );
    }
    let _ = writeln!(out, "each pairing on its own:");
    for pairing in *pairings {
        let _ = writeln!(out, "  {}", pairing.who);
        plan_summary(ruleset, pairing.plan, &mut out, "    ");
        distribution(&mut out, "      ", &first_rows(pairing.plan)?);
    }
    Ok(out)
}
