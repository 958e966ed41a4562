//! `umpire act UNIT ACTION`: an action of the ruleset's list that changes what the tool keeps
//! (one takes a marker off, another puts one on, and where the table counts actions, each
//! is counted), done by every figure of the unit that needs it, or by the figures named.

use super::ctx::Ctx;
use crate::engine::requires::{self, Standing, Verdict};
use crate::error::{Error, Result};
use crate::game::allowance;
use crate::game::fields;
use crate::game::legality;
use crate::game::lookup::{self, Mark, game_def, marker_label};
use crate::game::markers;
use crate::game::state::Game;
use crate::model::{ActionDef, GameDef, Ruleset};
use crate::suggest::did_you_mean;

pub fn act(
    ctx: &Ctx<'_>,
    unit: &str,
    action: &str,
    figs: &[String],
    out: &mut Vec<u8>,
) -> Result<()> {
    ctx.change(out, |game, ruleset, event| {
        let g = game_def(ruleset)?;
        let names = || g.actions.iter().map(|a| a.name.as_str());
        let a = g
            .actions
            .iter()
            .find(|a| a.name.eq_ignore_ascii_case(action))
            .ok_or_else(|| {
                Error::usage(format!(
                    "`{action}` is not an action of {}",
                    ruleset.model.title
                ))
                .with_hint_opt(did_you_mean(action, names()).or_else(|| {
                    let all: Vec<&str> = names().collect();
                    (!all.is_empty()).then(|| format!("the actions are: {}", all.join(", ")))
                }))
            })?;
        let u = lookup::unit_or_code(game, unit)?.clone();
        if let Some(p) = &a.procedure {
            return Err(Error::usage(format!("{} is a roll: {p}", a.label))
                .with_hint(format!("`umpire roll {p} --unit {}`", u.name)));
        }
        // An action that clears nothing is kept only as one of the figure's actions counted.
        let counted = allowance::counted(g);
        let kept_only = a.clears.is_empty() && a.adds.is_empty() && a.counts.is_none();
        if kept_only && !counted {
            return Err(
                Error::usage(format!("{} changes nothing the tool keeps", a.label))
                    .with_hint_opt(a.note.clone()),
            );
        }
        let named: Vec<String> = figs
            .iter()
            .map(|f| lookup::figure(game, f).map(|f| f.code.clone()))
            .collect::<Result<_>>()?;
        if let Some(other) = named
            .iter()
            .find(|c| game.figure(c).is_some_and(|f| f.unit != u.name))
        {
            return Err(Error::usage(format!("{other} is not of {}", u.name)));
        }
        // The unit must be one that may act now (acting activates it); what changes is made
        // on the game only when the whole command goes through.
        let acting = legality::may_act(game, ruleset, (&u.name, Some(a)), ctx.umpire, event)?;
        let activated = legality::acts(game, ruleset, &u.name, acting, ctx.umpire, event)?;
        let mut said = Vec::new();
        let mut acted = Vec::new();
        let codes: Vec<String> = game
            .figures_of(&u.name)
            .iter()
            .filter(|f| f.state.is_none())
            .filter(|f| named.is_empty() || named.contains(&f.code))
            .map(|f| f.code.clone())
            .collect();
        let mut held = Vec::new();
        let mut lacking = Vec::new();
        for code in codes {
            // A figure with nothing to change does not act; of those that would, a marker
            // that blocks the action, or a rule of eligibility it names, holds one back.
            let carried: Vec<Mark> = game
                .figure(&code)
                .map(|f| {
                    let off: Vec<&String> =
                        a.clears.iter().filter(|m| f.markers.contains(m)).collect();
                    // An action that clears a marker is for the figures carrying it: a man
                    // already loaded does not spend his turn loading.
                    if off.is_empty() && !a.clears.is_empty() {
                        return Vec::new();
                    }
                    let on = a.adds.iter().filter(|m| !f.markers.contains(m));
                    off.into_iter()
                        .map(|m| Mark::Remove(m.clone()))
                        .chain(on.map(|m| Mark::Add(m.clone())))
                        .collect()
                })
                .unwrap_or_default();
            if carried.is_empty() && !kept_only && a.counts.is_none() {
                // A figure named that has nothing for the action to take off is said.
                if !named.is_empty() && !a.clears.is_empty() {
                    lacking.push(code);
                }
                continue;
            }
            // A marker that blocks the action holds the figure back; one named is refused.
            let blocking = game.figure(&code).and_then(|f| {
                g.markers
                    .iter()
                    .find(|m| f.markers.contains(&m.name) && m.blocks.contains(&a.name))
            });
            if let Some(m) = blocking {
                if !named.is_empty() {
                    return Err(Error::usage(format!(
                        "{code} is {}: it cannot {}",
                        m.label,
                        a.label.to_lowercase()
                    ))
                    .with_hint_opt(m.note.clone()));
                }
                held.push(format!("{code} ({})", m.label));
                continue;
            }
            // A rule of eligibility the action names may refuse the figure, as a marker may.
            if let Some(st) = refusal(game, ruleset, g, &code, a) {
                if !named.is_empty() {
                    let e = crate::present::words::refused(&st, None, None);
                    return Err(e.about(format_args!("{code} cannot {}", a.label.to_lowercase())));
                }
                held.push(format!("{code} (refused by the rule {})", st.rule));
                continue;
            }
            // A figure without the action left is held back, or refused when named (unless
            // the umpire rules otherwise).
            let (cost, refused) = allowance::weigh(game, g, &code, a);
            if let (Some((r, _)), true, None) =
                (refused.first(), named.is_empty(), ctx.umpire.anyway)
            {
                held.push(format!("{code} ({})", r.why));
                continue;
            }
            for (r, fix) in refused {
                ctx.umpire.allow(r, Some(fix), event)?;
            }
            said.extend(markers::mark(game, ruleset, &code, &carried, event)?);
            if let Some(c) = &a.counts {
                let one = crate::game::counters::Count::By(1);
                said.extend(crate::game::counters::count(
                    game, ruleset, &code, c, one, false, event,
                )?);
            }
            allowance::record(game, ruleset, &code, cost, event)?;
            acted.push(code);
        }
        if acted.is_empty() && !held.is_empty() {
            return Err(Error::usage(format!(
                "no figure of {} may {}: {}",
                u.name,
                a.label.to_lowercase(),
                held.join(", ")
            ))
            .with_hint("name a figure to see why in full: `umpire act UNIT ACTION --figs CODE`"));
        }
        if acted.is_empty() && kept_only {
            return Err(Error::usage(format!(
                "no figure of {} is in play: nothing to {}",
                u.name,
                a.label.to_lowercase()
            )));
        }
        if acted.is_empty() && a.clears.is_empty() {
            let markers: Vec<&str> = a.adds.iter().map(|m| marker_label(g, m)).collect();
            return Err(Error::usage(format!(
                "every figure of {} in play is already {}: nothing to {}",
                u.name,
                markers.join(" and "),
                a.label.to_lowercase()
            )));
        }
        if acted.is_empty() {
            let markers: Vec<&str> = a.clears.iter().map(|m| marker_label(g, m)).collect();
            return Err(Error::usage(format!(
                "no figure of {} in play carries {}: nothing to {}",
                u.name,
                markers.join(" or "),
                a.label.to_lowercase()
            )));
        }
        let labels: Vec<&str> = a.clears.iter().map(|m| marker_label(g, m)).collect();
        held.extend(
            lacking
                .iter()
                .map(|c| format!("{c} (not {})", labels.join(" or "))),
        );
        let mut lines = activated;
        lines.push(format!("{}: {} ({})", u.name, a.label, acted.join(", ")));
        if !held.is_empty() {
            lines.push(format!("  held back: {}", held.join(", ")));
        }
        lines.extend(said.into_iter().map(|l| format!("  {l}")));
        event.summary = format!("{} ({}): {}", a.name, u.name, acted.join(", "));
        Ok(lines)
    })
}

/// The first rule of eligibility the action names that refuses the figure, read from its
/// unit's fields and its markers.
fn refusal(
    game: &Game,
    ruleset: &Ruleset,
    g: &GameDef,
    code: &str,
    a: &ActionDef,
) -> Option<Standing> {
    let here = fields::standing(game, ruleset, g, code)?;
    ruleset
        .model
        .requires
        .iter()
        .filter(|r| a.requires.contains(&r.rule))
        .filter_map(|r| requires::stand(ruleset, &here, &[], r))
        .find(|st| st.verdict == Verdict::Refused)
}
