//! A charge on the roster (`game: charge:`): the charging and the charged unit and their
//! figures in play, the checks the chargers make first as the charged unit stands, the
//! charged unit's reaction with the token and activation it spends, and who fights whom.

use crate::engine::situation;
use crate::error::{Error, Result};
use crate::game::implied::unit_holds;
use crate::game::legality;
use crate::game::lookup::{self, game_def};
use crate::game::ruling::Umpire;
use crate::game::said::{Said, Spent};
use crate::game::state::{Event, Game};
use crate::game::turn;
use crate::model::{BeforeDef, ChargeDef, Conditions, ProcedureDef, Ruleset};

/// A charge as the roster has it, before any die is thrown.
#[derive(Debug)]
pub struct Charge<'r> {
    pub def: &'r ChargeDef,
    /// The opposed procedure fought.
    pub fight: &'r ProcedureDef,
    /// The charging unit and the charged one, by name.
    pub unit: String,
    pub target: String,
    /// Their figures in play, in roster order.
    pub chargers: Vec<String>,
    pub defenders: Vec<String>,
    /// The checks every charger makes first, as the charged unit stands.
    pub before: Vec<&'r BeforeDef>,
}

/// One fight of the charge: a figure alone on its side of the fight, and those against it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub lone: String,
    pub others: Vec<String>,
}

impl Charge<'_> {
    /// The side of the fight the charged unit takes.
    pub fn other_side(&self) -> &str {
        self.fight
            .sides
            .iter()
            .map(|s| s.name.as_str())
            .find(|s| *s != self.def.side)
            .unwrap_or_default()
    }

    /// Whether the chargers are the lone figures of the fight's several-against-one.
    fn chargers_alone(&self) -> bool {
        self.fight
            .many_on_one
            .as_ref()
            .is_some_and(|m| m.lone == self.def.side)
    }
}

/// The charge of `unit` (a name or the code on its bases) at `target`, with the words typed
/// for the fight (`SIDE.FACTOR=VALUE`), which the checks before it may read too.
pub fn plan<'r>(
    game: &Game,
    ruleset: &'r Ruleset,
    unit: &str,
    target: &str,
    typed: &[String],
) -> Result<Charge<'r>> {
    let g = game_def(ruleset)?;
    let def = g.charge.as_ref().ok_or_else(|| {
        Error::usage(format!("{} declares no charge", ruleset.model.title))
            .with_hint("fight with `umpire roll PROCEDURE` and the figures' roles")
    })?;
    let fight = ruleset.procedure_or_err(&def.fight)?;
    let u = lookup::unit_or_code(game, unit)?;
    let t = lookup::unit_or_code(game, target)?;
    if u.side == t.side {
        return Err(Error::usage(format!(
            "{} and {} are both of {}: a unit charges the enemy",
            u.name, t.name, u.side
        )));
    }
    let in_play = |name: &str| -> Vec<String> {
        game.figures_of(name)
            .iter()
            .filter(|f| f.state.is_none())
            .map(|f| f.code.clone())
            .collect()
    };
    let (chargers, defenders) = (in_play(&u.name), in_play(&t.name));
    for (name, figs) in [(&u.name, &chargers), (&t.name, &defenders)] {
        if figs.is_empty() {
            return Err(Error::usage(format!(
                "{name} has no figure left in the game"
            )));
        }
    }
    let mut charge = Charge {
        def,
        fight,
        unit: u.name.clone(),
        target: t.name.clone(),
        chargers,
        defenders,
        before: Vec::new(),
    };
    // The words typed for the charged unit's side of the fight, for a check that reads them.
    let input = situation::parse(ruleset, fight, typed)?;
    let theirs = input.sides.get(charge.other_side());
    charge.before = def
        .before
        .iter()
        .filter(|b| {
            b.target.iter().all(|c| {
                unit_holds(ruleset, g, t, c) || theirs.is_some_and(|s| s.holds(ruleset, c))
            })
        })
        .collect();
    Ok(charge)
}

/// The chargers' unit takes its action: it must be one that may act now (acting activates it
/// in this phase if it was not), and the turn it charged is remembered.
pub fn start(
    game: &mut Game,
    ruleset: &Ruleset,
    c: &Charge<'_>,
    umpire: Umpire<'_>,
    event: &mut Event,
) -> Result<Vec<String>> {
    legality::owed_first(game, &[], umpire, event)?;
    // The charge's action, where the table names one (an activity declared may not allow it).
    let g = game_def(ruleset)?;
    let action = c
        .def
        .action
        .as_deref()
        .and_then(|n| g.actions.iter().find(|a| a.name == n));
    let acting = legality::may_act(game, ruleset, (&c.unit, action), umpire, event)?;
    let said = legality::acts(game, ruleset, &c.unit, acting, umpire, event)?;
    if let Some(u) = game.unit(&c.unit) {
        let mut after = u.clone();
        after.charged = Some(game.turn.number);
        game.apply(game.unit_change(&c.unit, Some(after)), event);
    }
    Ok(said)
}

/// The chargers whose standing keeps them out of the charge (the table's `stays-out`), each
/// with the conditions that keep it.
pub fn staying_out<'r>(
    game: &Game,
    ruleset: &'r Ruleset,
    c: &Charge<'r>,
    chargers: &[String],
) -> Result<Vec<(String, &'r Conditions)>> {
    let g = game_def(ruleset)?;
    let mut out = Vec::new();
    for code in chargers {
        let Some(here) = crate::game::fields::standing(game, ruleset, g, code) else {
            continue;
        };
        if let Some(why) = c.def.stays_out.iter().find(|x| here.all_hold(ruleset, x)) {
            out.push((code.clone(), why));
        }
    }
    Ok(out)
}

/// Enough figures join the charge (`at-least`), or the umpire rules they charge all the same.
pub fn enough(c: &Charge<'_>, joining: usize, umpire: Umpire<'_>, event: &mut Event) -> Result<()> {
    let Some(least) = c.def.at_least else {
        return Ok(());
    };
    if joining >= usize::try_from(least).unwrap_or(usize::MAX) {
        return Ok(());
    }
    let refusal = crate::error::Refusal {
        rule: c.def.rule.clone(),
        who: c.unit.clone(),
        why: format!(
            "{} of its figures may charge, and a charge needs at least {least}",
            crate::words::quantity(i64::try_from(joining).unwrap_or(i64::MAX), "")
        ),
    };
    umpire.allow(
        refusal,
        Some("move into contact and fight with `umpire roll` instead".into()),
        event,
    )
}

fn turn_going(game: &Game) -> bool {
    game.turn.number > 0 && !game.turn.drawn.is_empty()
}

/// The charged unit reacts: where a turn is going, it spends an activation and its side's
/// token (the react token it holds, else one of its own from the bag), as the table says.
pub fn react(
    game: &mut Game,
    ruleset: &Ruleset,
    c: &Charge<'_>,
    event: &mut Event,
) -> Result<String> {
    let Some(r) = &c.def.reaction else {
        return Err(Error::usage(format!(
            "in {}, a charged unit does not react",
            ruleset.model.title
        ))
        .with_hint("leave out --react"));
    };
    if !turn_going(game) {
        let unit = c.target.clone();
        return Ok(Said::ChargeReacts { unit, spent: None }.to_string());
    }
    let unit = lookup::unit(game, &c.target)?.clone();
    let g = game_def(ruleset)?;
    let mut after = game.turn.clone();
    let mut spent = Vec::new();
    if r.activation {
        let earlier = after.activations.get(&unit.name).map_or(0, Vec::len);
        if let Some(most) = ruleset.model.turn.as_ref().and_then(|t| t.activations)
            && earlier >= most as usize
        {
            return Err(Error::usage(format!(
                "{} already acted {earlier} times this turn: it cannot react",
                unit.name
            ))
            .with_hint(format!("a unit acts at most {most} times in a turn")));
        }
        let phase = u32::try_from(after.drawn.len()).unwrap_or(u32::MAX);
        after
            .activations
            .entry(unit.name.clone())
            .or_default()
            .push(phase);
        spent.push(Spent::Activation(earlier + 1));
    }
    if r.token {
        let token = ruleset
            .model
            .turn
            .as_ref()
            .and_then(|t| t.draw())
            .map_or("token", |d| d.draw.token.as_str());
        let own = g
            .sides
            .iter()
            .find(|s| s.name == unit.side)
            .map_or(unit.side.as_str(), |s| s.token_or_name())
            .to_string();
        match after.held.get_mut(&unit.side) {
            Some(h) if !h.spent => {
                h.spent = true;
                let token = token.to_string();
                spent.insert(0, Spent::HeldToken { token });
            }
            _ => match after.bag.get_mut(&unit.side) {
                Some(n) if *n > 0 => {
                    *n -= 1;
                    let (own, token) = (own.clone(), token.to_string());
                    spent.insert(0, Spent::BagToken { own, token });
                }
                _ => {
                    return Err(Error::usage(format!(
                        "{} cannot react: no {own} {token} is left in the bag, and none is held",
                        unit.name
                    )));
                }
            },
        }
    }
    turn::set_turn(game, after, event);
    let reacts = Said::ChargeReacts {
        unit: unit.name,
        spent: Some(spent),
    };
    Ok(reacts.to_string())
}

/// Who fights whom: `spec` as the umpire gave it (`LONE=OTHER,OTHER`, one a fight), or else
/// the figures of the many side dealt out in turn over the lone side's, as many on one as the
/// fight allows. Figures of the many side left over fight no one, and are returned. Only
/// `chargers` charge (those the checks before the charge kept in).
pub fn groups(
    c: &Charge<'_>,
    chargers: &[String],
    spec: &[String],
) -> Result<(Vec<Group>, Vec<String>)> {
    let most = c
        .fight
        .many_on_one
        .as_ref()
        .map_or(1, |m| m.up_to as usize)
        .max(1);
    let (lone, many) = if c.chargers_alone() {
        (chargers, c.defenders.as_slice())
    } else {
        (c.defenders.as_slice(), chargers)
    };
    if spec.is_empty() {
        let mut groups: Vec<Group> = lone
            .iter()
            .map(|l| Group {
                lone: l.clone(),
                others: Vec::new(),
            })
            .collect();
        let mut left = Vec::new();
        for (i, m) in many.iter().enumerate() {
            match groups.get_mut(i % lone.len().max(1)) {
                Some(g) if g.others.len() < most => g.others.push(m.clone()),
                _ => left.push(m.clone()),
            }
        }
        groups.retain(|g| !g.others.is_empty());
        return Ok((groups, left));
    }
    let find = |code: &str, list: &[String], what: &str| -> Result<String> {
        list.iter()
            .find(|x| x.eq_ignore_ascii_case(code.trim()))
            .cloned()
            .ok_or_else(|| {
                Error::usage(format!(
                    "{} is not {what}",
                    code.trim().to_ascii_uppercase()
                ))
                .with_hint(format!("{what}: {}", list.join(", ")))
            })
    };
    let (lone_what, many_what) = if c.chargers_alone() {
        (
            "a charger in the charge",
            "a figure of the charged unit in play",
        )
    } else {
        (
            "a figure of the charged unit in play",
            "a charger in the charge",
        )
    };
    // Named against every charger, so that a fight the umpire gave is checked before any
    // die is thrown; a charger that then stays out leaves its fight.
    let (all_lone, all_many) = if c.chargers_alone() {
        (c.chargers.as_slice(), c.defenders.as_slice())
    } else {
        (c.defenders.as_slice(), c.chargers.as_slice())
    };
    let mut groups = Vec::new();
    let mut taken: Vec<String> = Vec::new();
    for s in spec {
        let Some((l, rest)) = s.split_once('=') else {
            return Err(Error::usage(format!("`{s}` is not a fight"))
                .with_hint("give it as LONE=OTHER,OTHER (`--fight B1=A1,A2`)"));
        };
        let rest: Vec<&str> = rest.split(',').filter(|o| !o.trim().is_empty()).collect();
        if rest.is_empty() || rest.len() > most {
            return Err(Error::usage(format!(
                "`{s}`: a fight has 1 to {most} figures against one"
            )));
        }
        let l = find(l, all_lone, lone_what)?;
        let others = rest
            .iter()
            .map(|o| find(o, all_many, many_what))
            .collect::<Result<Vec<_>>>()?;
        for f in std::iter::once(&l).chain(&others) {
            if taken.contains(f) {
                return Err(Error::usage(format!("{f} is in two fights")));
            }
            taken.push(f.clone());
        }
        let others: Vec<String> = others.into_iter().filter(|o| many.contains(o)).collect();
        if lone.contains(&l) && !others.is_empty() {
            groups.push(Group { lone: l, others });
        }
    }
    let left = many
        .iter()
        .filter(|m| !taken.contains(m))
        .cloned()
        .collect();
    Ok((groups, left))
}
