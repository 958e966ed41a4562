//! The ties a figure holds to other figures (a target it has picked out, say): made by a roll's marks
//! or by hand (`umpire mark A1 +NAME:B2`), taken off by hand (`-NAME:B2`, or `-NAME` for all),
//! and read by a roll of the one figure against the other as the yes/no factor the link sets.

use crate::error::{Error, Result};
use crate::game::lookup;
use crate::game::said::Said;
use crate::game::state::{Event, Game};
use crate::model::{GameDef, LinkDef, ProcedureDef};
use crate::suggest::same;

/// The link of this name (or in another case).
pub fn link<'g>(g: &'g GameDef, name: &str) -> Option<&'g LinkDef> {
    g.links.iter().find(|l| same(&l.name, name))
}

/// A link put on or taken off by hand: `+NAME:CODE`, `-NAME:CODE`, or `-NAME` (every one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tie {
    pub add: bool,
    pub link: String,
    /// The figure it ties to; `None`: every figure (taking off only).
    pub to: Option<String>,
}

/// `+NAME:CODE` and the like, when the word names a link (or has a `:`); `None` for a word
/// that is not about links (a marker, a count).
pub fn parse(g: &GameDef, word: &str) -> Option<Result<Tie>> {
    let (add, rest) = lookup::signed(word)?;
    let (name, to) = match rest.split_once(':') {
        Some((name, to)) => (name, Some(to)),
        None => (rest, None),
    };
    let Some(l) = link(g, name) else {
        // A word with a `:` can only be a link's; anything else is left to the markers.
        to?;
        let names = g.links.iter().map(|l| l.name.as_str());
        return Some(Err(lookup::unknown("link", name, names)));
    };
    let to = match to.map(str::trim) {
        Some("") => {
            return Some(Err(Error::usage(format!("`{word}` names no figure"))
                .with_hint(format!("write `{}{}:CODE`", &word[..1], l.name))));
        }
        Some(code) => Some(code.to_ascii_uppercase()),
        None if add => {
            return Some(Err(Error::usage(format!(
                "`{word}` needs the figure it ties to"
            ))
            .with_hint(format!("write `+{}:CODE`", l.name))));
        }
        None => None,
    };
    Some(Ok(Tie {
        add,
        link: l.name.clone(),
        to,
    }))
}

/// Whether a roll of `p` (reading the factors `reads`) reads a link or makes one, so that the
/// figure at its other end matters.
pub fn concern(g: &GameDef, p: &ProcedureDef, reads: &[String]) -> bool {
    let names = |c: &String| change(g, c, None).is_some();
    g.links
        .iter()
        .any(|l| l.factor.as_ref().is_some_and(|f| reads.contains(f)))
        || p.marks
            .iter()
            .chain(p.results.iter().flat_map(|r| &r.marks))
            .any(|m| m.change.iter().any(names))
}

/// A roll's change (`+NAME`, `-NAME`) when it names a link: a tie to `other`, the figure at
/// the other end of the roll.
pub fn change(g: &GameDef, change: &str, other: Option<&str>) -> Option<Tie> {
    let (add, name) = lookup::signed(change)?;
    Some(Tie {
        add,
        link: link(g, name)?.name.clone(),
        to: other.map(str::to_string),
    })
}

/// The figures in play still tied by a link that goes on (`goes-on`), each fight said with
/// the roll it goes on with, when a turn starts: a figure tied to several is the lone one of a
/// fight of several against one (where the procedure has one), otherwise each pair in the
/// roster's order.
pub fn going_on(game: &Game, ruleset: &crate::model::Ruleset, g: &GameDef) -> Vec<String> {
    let mut said = Vec::new();
    for l in &g.links {
        let Some(p) = l.goes_on.as_deref().and_then(|p| ruleset.procedure(p)) else {
            continue;
        };
        // Each side's option, in the procedure's order of sides.
        let options: Vec<(String, String)> = p
            .sides
            .iter()
            .filter_map(|s| {
                let part = crate::model::Part::Side(s.name.clone());
                let option = crate::game::roles::option_for(g, p, &part)?;
                Some((s.name.clone(), option.to_string()))
            })
            .collect();
        let [(first, oa), (_, ob)] = options.as_slice() else {
            continue;
        };
        let in_play = |c: &str| game.figure(c).is_some_and(|t| t.state.is_none());
        let tied = |c: &str| -> Vec<String> {
            game.figure(c)
                .and_then(|f| f.links.get(&l.name))
                .into_iter()
                .flatten()
                .filter(|t| in_play(t))
                .cloned()
                .collect()
        };
        let lone = p.many_on_one.as_ref().map(|m| m.lone.as_str());
        let say = |figures: (Vec<String>, Vec<String>), sides: [(String, Vec<String>); 2]| {
            Said::GoesOn {
                link: l.label.clone(),
                procedure: p.name.clone(),
                figures,
                sides,
            }
            .to_string()
        };
        let mut done: Vec<String> = Vec::new();
        for f in game.figures.iter().filter(|f| f.state.is_none()) {
            let theirs = tied(&f.code);
            if theirs.is_empty() || done.contains(&f.code) {
                continue;
            }
            done.push(f.code.clone());
            // A figure tied to several fights them all at once, as the lone one.
            if let (Some(side), true) = (lone, theirs.len() > 1) {
                let me = vec![f.code.clone()];
                let sides = if side == first {
                    [(oa.clone(), me.clone()), (ob.clone(), theirs.clone())]
                } else {
                    [(oa.clone(), theirs.clone()), (ob.clone(), me.clone())]
                };
                said.push(say((me, theirs.clone()), sides));
                done.extend(theirs);
                continue;
            }
            for other in theirs {
                // A lone figure's fight is said with it.
                if done.contains(&other) || (lone.is_some() && tied(&other).len() > 1) {
                    continue;
                }
                let (me, them) = (vec![f.code.clone()], vec![other.clone()]);
                let sides = [(oa.clone(), me.clone()), (ob.clone(), them.clone())];
                said.push(say((me, them), sides));
            }
        }
    }
    said
}

/// Whether `code` holds the tie (to `tie.to`; to anyone, without it).
pub fn holds(game: &Game, code: &str, tie: &Tie) -> bool {
    game.figure(code)
        .and_then(|f| f.links.get(&tie.link))
        .is_some_and(|held| match &tie.to {
            Some(to) => held.iter().any(|h| h.eq_ignore_ascii_case(to)),
            None => !held.is_empty(),
        })
}

/// Tie `code` to the figure `tie.to` (or untie it), saying what changed: `A1: +LINK B2`;
/// a link tied both ways (`mutual`) changes the other end too.
pub fn tie(
    game: &mut Game,
    g: &GameDef,
    code: &str,
    tie: &Tie,
    event: &mut Event,
) -> Result<Vec<String>> {
    // The other ends as they were: untying every one unties each of them back.
    let ends: Vec<String> = match &tie.to {
        Some(to) => vec![to.clone()],
        None => lookup::figure(game, code)?
            .links
            .get(&tie.link)
            .cloned()
            .unwrap_or_default(),
    };
    let mut said = tie_one(game, g, code, tie, event)?;
    if link(g, &tie.link).is_some_and(|l| l.mutual) {
        let me = lookup::figure(game, code)?.code.clone();
        for end in ends {
            let back = Tie {
                add: tie.add,
                link: tie.link.clone(),
                to: Some(me.clone()),
            };
            if game.figure(&end).is_some() && holds(game, &end, &back) != tie.add {
                said.extend(tie_one(game, g, &end, &back, event)?);
            }
        }
    }
    Ok(said)
}

/// Tie `code` to the figure `tie.to` (or untie it), saying what changed: `A1: +LINK B2`.
/// A tie it holds already, or one it does not hold to take off, is said and changes nothing.
fn tie_one(
    game: &mut Game,
    g: &GameDef,
    code: &str,
    tie: &Tie,
    event: &mut Event,
) -> Result<Vec<String>> {
    let mut fig = lookup::figure(game, code)?.clone();
    let label = link(g, &tie.link).map_or(tie.link.as_str(), |l| l.label.as_str());
    let held = fig.links.entry(tie.link.clone()).or_default();
    let (figure, link) = (fig.code.clone(), label.to_string());
    let said = match (&tie.to, tie.add) {
        (Some(to), true) => {
            let to = lookup::figure(game, to)?.code.clone();
            if to == fig.code {
                return Err(Error::usage(format!("{to} cannot be tied to itself")));
            }
            if held.contains(&to) {
                return Ok(vec![Said::AlreadyTied { figure, link, to }.to_string()]);
            }
            held.push(to.clone());
            Said::Tie {
                figure,
                link,
                to,
                on: true,
            }
        }
        (Some(to), false) => {
            let Some(at) = held.iter().position(|h| h.eq_ignore_ascii_case(to)) else {
                let to = Some(to.clone());
                return Ok(vec![Said::NotTied { figure, link, to }.to_string()]);
            };
            let to = held.remove(at);
            Said::Tie {
                figure,
                link,
                to,
                on: false,
            }
        }
        (None, true) => {
            // A roll that names no figure at the other end (no `--target`, say).
            return Ok(vec![Said::TiedToNobody { figure, link }.to_string()]);
        }
        (None, false) => {
            if held.is_empty() {
                let to = None;
                return Ok(vec![Said::NotTied { figure, link, to }.to_string()]);
            }
            let to = std::mem::take(held).join(" ");
            Said::Tie {
                figure,
                link,
                to,
                on: false,
            }
        }
    };
    fig.links.retain(|_, held| !held.is_empty());
    let code = fig.code.clone();
    game.apply(game.figure_change(&code, Some(fig)), event);
    Ok(vec![said.to_string()])
}

/// The factors the links set for a roll of `acting` against `upon` (those `wanted`), added to
/// a roll's words (`FACTOR=no`), with a line each saying why: `A1 to B2: not LINK`.
pub fn words(
    game: &Game,
    g: &GameDef,
    (acting, upon): (&str, &str),
    wanted: &dyn Fn(&str) -> bool,
    (words, lines): (&mut Vec<String>, &mut Vec<String>),
) {
    let (Some(a), Some(b)) = (game.figure(acting), game.figure(upon)) else {
        return;
    };
    for l in &g.links {
        let Some(factor) = l.factor.as_deref().filter(|f| wanted(f)) else {
            continue;
        };
        let holds = a
            .links
            .get(&l.name)
            .is_some_and(|held| held.iter().any(|h| h.eq_ignore_ascii_case(&b.code)));
        words.push(format!("{factor}={}", if holds { "yes" } else { "no" }));
        let not = if holds { "" } else { "not " };
        lines.push(format!("{} to {}: {not}{}", a.code, b.code, l.label));
    }
}

/// Untie every figure from the figures of `codes`, taken off the table: a tie must not pass to
/// a figure given one of their codes later. Said as the ties taken off: `A1: -LINK B2`.
pub fn untie_from(game: &mut Game, codes: &[String], event: &mut Event) -> Vec<String> {
    let gone = |c: &String| codes.iter().any(|x| x.eq_ignore_ascii_case(c));
    let holding: Vec<_> = game
        .figures
        .iter()
        .filter(|f| f.links.values().flatten().any(gone))
        .cloned()
        .collect();
    let mut said = Vec::new();
    for mut f in holding {
        for (name, held) in &mut f.links {
            let lost: Vec<String> = held.iter().filter(|c| gone(c)).cloned().collect();
            held.retain(|c| !gone(c));
            if !lost.is_empty() {
                let untied = Said::Tie {
                    figure: f.code.clone(),
                    link: name.clone(),
                    to: lost.join(" "),
                    on: false,
                };
                said.push(untied.to_string());
            }
        }
        f.links.retain(|_, held| !held.is_empty());
        let code = f.code.clone();
        game.apply(game.figure_change(&code, Some(f)), event);
    }
    said
}
