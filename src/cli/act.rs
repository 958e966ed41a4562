//! `umpire act UNIT ACTION`: an action of the ruleset's list that changes what the tool keeps
//! (one takes a marker off, another puts one on, and where the table counts actions, each
//! is counted), done by every figure of the unit that needs it, or by the figures named.

use super::ctx::Ctx;
use crate::engine::requires::{self, Standing, Verdict};
use crate::error::{Error, Result};
use crate::game::allowance;
use crate::game::fields;
use crate::game::legality;
use crate::game::lookup::{Mark, game_def, marker_label};
use crate::game::state::{Event, Game};
use crate::game::{lookup, markers};
use crate::model::{ActionDef, GameDef, Ruleset};
use crate::suggest::did_you_mean;

/// `umpire act UNIT ACTION [--figs CODE...]`: the action found, weighed against the rules for
/// the unit and then each figure, done by those that may, and said.
pub fn act(
    ctx: &Ctx<'_>,
    unit: &str,
    action: &str,
    figs: &[String],
    out: &mut Vec<u8>,
) -> Result<()> {
    ctx.change(out, |game, ruleset, event| {
        let g = game_def(ruleset)?;
        let a = find_action(ruleset, g, action)?;
        let u = lookup::unit_or_code(game, unit)?.clone();
        let kept_only = changes_kept(g, a, &u.name)?;
        let named = named_figures(game, figs, &u.name)?;
        // The unit must be one that may act now (acting activates it); what changes is made
        // on the game only when the whole command goes through.
        let acting = legality::may_act(game, ruleset, (&u.name, Some(a)), ctx.umpire, event)?;
        let activated = legality::acts(game, ruleset, &u.name, acting, ctx.umpire, event)?;
        let codes: Vec<String> = game
            .figures_of(&u.name)
            .iter()
            .filter(|f| f.state.is_none())
            .filter(|f| named.is_empty() || named.contains(&f.code))
            .map(|f| f.code.clone())
            .collect();
        let each = Acting {
            ctx,
            ruleset,
            g,
            a,
            named: &named,
            kept_only,
        };
        let mut done = Done::default();
        for code in codes {
            each.figure(game, code, &mut done, event)?;
        }
        if done.acted.is_empty() {
            return Err(none_acted(g, a, &u.name, &done.held, kept_only));
        }
        let labels: Vec<&str> = a.clears.iter().map(|m| marker_label(g, m)).collect();
        let mut held = done.held;
        held.extend(
            done.lacking
                .iter()
                .map(|c| format!("{c} (not {})", labels.join(" or "))),
        );
        let acted = done.acted;
        let mut lines = activated;
        lines.push(format!("{}: {} ({})", u.name, a.label, acted.join(", ")));
        if !held.is_empty() {
            lines.push(format!("  held back: {}", held.join(", ")));
        }
        lines.extend(done.said.into_iter().map(|l| format!("  {l}")));
        event.summary = format!("{} ({}): {}", a.name, u.name, acted.join(", "));
        Ok(lines)
    })
}

/// The action of the ruleset's list named (in any case), or an error that suggests one.
fn find_action<'r>(ruleset: &Ruleset, g: &'r GameDef, action: &str) -> Result<&'r ActionDef> {
    let names = || g.actions.iter().map(|a| a.name.as_str());
    g.actions
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
        })
}

/// Whether the action is kept only as one of the figure's actions counted (it clears, adds
/// and counts nothing); refused when it is a roll, or changes nothing the tool keeps.
fn changes_kept(g: &GameDef, a: &ActionDef, unit: &str) -> Result<bool> {
    if let Some(p) = &a.procedure {
        return Err(Error::usage(format!("{} is a roll: {p}", a.label))
            .with_hint(format!("`umpire roll {p} --unit {unit}`")));
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
    Ok(kept_only)
}

/// The codes of the figures named (`--figs`), each of which must be of the unit.
fn named_figures(game: &Game, figs: &[String], unit: &str) -> Result<Vec<String>> {
    let named: Vec<String> = figs
        .iter()
        .map(|f| lookup::figure(game, f).map(|f| f.code.clone()))
        .collect::<Result<_>>()?;
    if let Some(other) = named
        .iter()
        .find(|c| game.figure(c).is_some_and(|f| f.unit != unit))
    {
        return Err(Error::usage(format!("{other} is not of {unit}")));
    }
    Ok(named)
}

/// What the figures did with the action so far: the lines said of what changed, the figures
/// that acted, those held back (with why), and those named with nothing to take off.
#[derive(Default)]
struct Done {
    said: Vec<String>,
    acted: Vec<String>,
    held: Vec<String>,
    lacking: Vec<String>,
}

/// What every figure's part in the action reads: the action, of which game, the figures
/// named (none: the whole unit), and whether it is kept only as an action counted.
struct Acting<'a> {
    ctx: &'a Ctx<'a>,
    ruleset: &'a Ruleset,
    g: &'a GameDef,
    a: &'a ActionDef,
    named: &'a [String],
    kept_only: bool,
}

impl Acting<'_> {
    /// One figure's part in the action: done (its markers changed, its counter and its
    /// actions counted), or held back, or refused when it was named.
    fn figure(
        &self,
        game: &mut Game,
        code: String,
        done: &mut Done,
        event: &mut Event,
    ) -> Result<()> {
        let Acting {
            ctx,
            ruleset,
            g,
            a,
            named,
            kept_only,
        } = *self;
        // A figure with nothing to change does not act; of those that would, a marker
        // that blocks the action, or a rule of eligibility it names, holds one back.
        let carried = carried(game, &code, a);
        if carried.is_empty() && !kept_only && a.counts.is_none() {
            // A figure named that has nothing for the action to take off is said.
            if !named.is_empty() && !a.clears.is_empty() {
                done.lacking.push(code);
            }
            return Ok(());
        }
        if let Some(why) = self.held_by_rules(game, &code)? {
            done.held.push(why);
            return Ok(());
        }
        // A figure without the action left is held back, or refused when named (unless
        // the umpire rules otherwise).
        let (cost, refused) = allowance::weigh(game, g, &code, a);
        if let (Some((r, _)), true, None) = (refused.first(), named.is_empty(), ctx.umpire.anyway) {
            done.held.push(format!("{code} ({})", r.why));
            return Ok(());
        }
        for (r, fix) in refused {
            ctx.umpire.allow(r, Some(fix), event)?;
        }
        done.said
            .extend(markers::mark(game, ruleset, &code, &carried, event)?);
        if let Some(c) = &a.counts {
            let one = crate::game::counters::Count::By(1);
            done.said.extend(crate::game::counters::count(
                game, ruleset, &code, c, one, false, event,
            )?);
        }
        allowance::record(game, ruleset, &code, cost, event)?;
        done.acted.push(code);
        Ok(())
    }

    /// Why the rules hold the figure back (`CODE (why)`), if they do: a marker that blocks
    /// the action, or a rule of eligibility the action names. A figure named is refused.
    fn held_by_rules(&self, game: &Game, code: &str) -> Result<Option<String>> {
        let Acting {
            ruleset,
            g,
            a,
            named,
            ..
        } = *self;
        // A marker that blocks the action holds the figure back; one named is refused.
        let blocking = game.figure(code).and_then(|f| {
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
            return Ok(Some(format!("{code} ({})", m.label)));
        }
        // A rule of eligibility the action names may refuse the figure, as a marker may.
        if let Some(st) = refusal(game, ruleset, g, code, a) {
            if !named.is_empty() {
                let e = crate::present::words::refused(&st, None, None);
                return Err(e.about(format_args!("{code} cannot {}", a.label.to_lowercase())));
            }
            return Ok(Some(format!("{code} (refused by the rule {})", st.rule)));
        }
        Ok(None)
    }
}

/// The markers the action changes on the figure: those it clears that the figure carries, and
/// those it adds that it does not. None, when the action clears markers the figure has none of.
fn carried(game: &Game, code: &str, a: &ActionDef) -> Vec<Mark> {
    game.figure(code)
        .map(|f| {
            let off: Vec<&String> = a.clears.iter().filter(|m| f.markers.contains(m)).collect();
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
        .unwrap_or_default()
}

/// Why no figure of the unit did the action: all were held back, none is in play, every one
/// already carries what it adds, or none carries what it clears.
fn none_acted(g: &GameDef, a: &ActionDef, unit: &str, held: &[String], kept_only: bool) -> Error {
    if !held.is_empty() {
        return Error::usage(format!(
            "no figure of {unit} may {}: {}",
            a.label.to_lowercase(),
            held.join(", ")
        ))
        .with_hint("name a figure to see why in full: `umpire act UNIT ACTION --figs CODE`");
    }
    if kept_only {
        return Error::usage(format!(
            "no figure of {unit} is in play: nothing to {}",
            a.label.to_lowercase()
        ));
    }
    if a.clears.is_empty() {
        let markers: Vec<&str> = a.adds.iter().map(|m| marker_label(g, m)).collect();
        return Error::usage(format!(
            "every figure of {unit} in play is already {}: nothing to {}",
            markers.join(" and "),
            a.label.to_lowercase()
        ));
    }
    let markers: Vec<&str> = a.clears.iter().map(|m| marker_label(g, m)).collect();
    Error::usage(format!(
        "no figure of {unit} in play carries {}: nothing to {}",
        markers.join(" or "),
        a.label.to_lowercase()
    ))
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
