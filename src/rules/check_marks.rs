//! The checks of what a roll does to a game's figures: its marks (on whom, under what
//! conditions, changing what) and the changes it spreads at random over a group.

use crate::error::{Error, Result};
use crate::rules::schema::{FactorKind, Guarded, MarksDef, ProcedureDef, Role};
use crate::rules::source::Source;

/// The most picks one result spreads over a group: more is a table mistake.
const MAX_SPREAD: u32 = 20;

impl Source {
    /// Marks a result (or the roll, whatever its result) makes: a game to make them in, a side
    /// of an opposed roll for the loser's or winner's, conditions the table can read, and
    /// changes that name a marker, a state or (put on) a counter.
    pub(super) fn check_marks(
        &self,
        p: &ProcedureDef,
        marks: &[MarksDef],
        whose: &str,
        err: &dyn Fn(&str, String) -> Error,
    ) -> Result<()> {
        for m in marks {
            let Some(g) = &self.def.game else {
                return Err(err(
                    "marks:",
                    "`marks` change a game's figures: the ruleset needs a `game:` section".into(),
                ));
            };
            if matches!(m.on, Role::Loser | Role::Winner | Role::Each) && p.sides.is_empty() {
                return Err(err(
                    "on:",
                    format!(
                        "{whose} marks the loser, the winner or each side, but this roll has no \
                         sides"
                    ),
                ));
            }
            if let Some(side) = &m.side {
                let names: Vec<&str> = p.sides.iter().map(|s| s.name.as_str()).collect();
                if m.on != Role::Acting || !names.contains(&side.as_str()) {
                    return Err(err(
                        side,
                        format!(
                            "{whose} marks side `{side}`: a side of the roll's ({}), with `on: \
                             acting` (left out)",
                            if names.is_empty() {
                                "none".to_string()
                            } else {
                                names.join(", ")
                            }
                        ),
                    )
                    .with_hint_opt(crate::suggest::did_you_mean(side, names.iter().copied())));
                }
            }
            if m.on == Role::Each && m.group {
                return Err(err(
                    "group:",
                    format!("{whose} marks each side's figure: give it without `group`"),
                ));
            }
            self.check_guard(m.guard(), err)?;
            if let Some(k) = &m.side_carrying {
                if !g.markers.iter().any(|x| &x.name == k) {
                    return Err(err(
                        k,
                        format!(
                            "{whose} marks the side's figures carrying `{k}`, which is not a marker"
                        ),
                    ));
                }
                if m.group || !matches!(m.on, Role::Acting | Role::ActedUpon) {
                    return Err(err(
                        k,
                        format!(
                            "{whose} marks the figures of a side carrying `{k}`: the side is the \
                             figure acting's or acted upon's (`on: acting` or `on: acted-upon`), \
                             without `group`"
                        ),
                    ));
                }
            }
            for c in &m.change {
                Self::check_change(g, c, whose, err)?;
                // A link ties a figure to the one at the other end of the roll: the figure acted
                // upon, or the other side's in a roll of two sides.
                let two_sides = p.sides.len() == 2;
                let ends = match m.on {
                    Role::Acting | Role::ActedUpon => true,
                    Role::Loser | Role::Winner | Role::Each => two_sides,
                };
                if Self::names_link(g, c) && (m.group || !ends) {
                    return Err(err(
                        c,
                        format!(
                            "{whose} makes the change `{c}`: a link ties the figure acting and \
                             the figure acted upon (or the two sides' figures), one to the other, \
                             so it goes `on: acting` or `on: acted-upon` (`loser`, `winner` or \
                             `each` in a roll of two sides), without `group`"
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// One change a roll makes to a figure: +NAME or -NAME of a marker or state, +NAME of a
    /// counter (one more) or -NAME (back to 0).
    fn check_change(
        g: &crate::rules::schema::GameDef,
        c: &str,
        whose: &str,
        err: &dyn Fn(&str, String) -> Error,
    ) -> Result<()> {
        let name = c.strip_prefix('+').or_else(|| c.strip_prefix('-'));
        let known = name.is_some_and(|n| {
            g.markers.iter().any(|x| x.name == n)
                || g.states.iter().any(|x| x.name == n)
                || g.counters.iter().any(|x| x.name == n)
                || g.links.iter().any(|x| x.name == n)
        });
        if known {
            return Ok(());
        }
        let kinds = if g.links.is_empty() {
            "a marker, a state or a counter"
        } else {
            "a marker, a state, a counter or a link"
        };
        Err(err(
            c,
            format!("{whose} makes the change `{c}`: write +NAME or -NAME of {kinds}"),
        ))
    }

    /// Whether a change (`+NAME`, `-NAME`) names a link.
    fn names_link(g: &crate::rules::schema::GameDef, c: &str) -> bool {
        c.get(1..)
            .is_some_and(|n| g.links.iter().any(|l| l.name.eq_ignore_ascii_case(n)))
    }

    /// The links a figure may hold to another: each a name of its own (a change names it as it
    /// names a marker), and the factor it sets a yes/no one.
    pub(super) fn check_links(
        &self,
        g: &crate::rules::schema::GameDef,
        err: &dyn Fn(&str, String) -> Error,
    ) -> Result<()> {
        for (i, l) in g.links.iter().enumerate() {
            let n = l.name.as_str();
            let named = |name: &str, aliases: &[String]| {
                name.eq_ignore_ascii_case(n) || aliases.iter().any(|a| a.eq_ignore_ascii_case(n))
            };
            let taken = if g.markers.iter().any(|x| named(&x.name, &x.aliases)) {
                Some("a marker")
            } else if g.states.iter().any(|x| named(&x.name, &x.aliases)) {
                Some("a state")
            } else if g.counters.iter().any(|x| x.name == n) {
                Some("a counter")
            } else if g.links.iter().take(i).any(|x| x.name == n) {
                Some("another link")
            } else {
                None
            };
            if let Some(what) = taken {
                return Err(err(
                    n,
                    format!(
                        "link `{n}` has the name of {what}: a change could not tell them apart"
                    ),
                ));
            }
            if let Some(f) = &l.factor
                && let Some(other) = g
                    .links
                    .iter()
                    .take(i)
                    .find(|x| x.factor.as_ref() == Some(f))
            {
                return Err(err(
                    f,
                    format!(
                        "link `{n}` sets `{f}`, as link `{}` does: a roll could not tell which",
                        other.name
                    ),
                ));
            }
            if let Some(f) = &l.factor
                && !self
                    .factor(f)
                    .is_some_and(|d| matches!(d.kind, FactorKind::Flag))
            {
                return Err(err(
                    f,
                    format!("link `{n}` sets `{f}`, which is not a yes/no factor"),
                ));
            }
            if let Some(p) = &l.goes_on {
                let q = self.procedure(p);
                let two = q.is_some_and(|q| q.sides.len() == 2);
                // Each side named with an option of the game, for the command the turn says.
                let named = q.is_some_and(|q| {
                    q.sides.iter().all(|s| {
                        g.roles
                            .iter()
                            .any(|r| r.plays == crate::model::Part::Side(s.name.clone()))
                    })
                });
                if two && !named {
                    return Err(err(
                        p,
                        format!(
                            "link `{n}` goes on with `{p}`: give the game a role for each of its \
                             sides (`roles: [{{name: attacker, plays: attacker}}, ...]`)"
                        ),
                    ));
                }
                if !two || !l.mutual {
                    return Err(err(
                        p,
                        format!(
                            "link `{n}` goes on with `{p}`: give an opposed procedure of two \
                             sides, and `mutual: true` (the two figures tied both ways)"
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Changes a result spreads at random over the group acted upon: a game, a count of
    /// picks a group could take, and changes it can make.
    pub(super) fn check_spread(
        &self,
        p: &ProcedureDef,
        r: &crate::rules::schema::ResultDef,
        err: &dyn Fn(&str, String) -> Error,
    ) -> Result<()> {
        if r.spread.is_empty() {
            return Ok(());
        }
        let whose = format!("result `{}`", r.name);
        if !p.sides.is_empty() {
            return Err(err(
                "spread:",
                format!(
                    "{whose} spreads over the group acted upon, and an opposed roll has none: \
                     use `marks` on the loser"
                ),
            ));
        }
        let Some(g) = &self.def.game else {
            return Err(err(
                "spread:",
                "`spread` falls on a game's figures: the ruleset needs a `game:` section".into(),
            ));
        };
        for s in &r.spread {
            self.check_guard(s.guard(), err)?;
            if !(1..=MAX_SPREAD).contains(&s.count) {
                return Err(err(
                    "count:",
                    format!("{whose} spreads {} picks: write 1 to {MAX_SPREAD}", s.count),
                ));
            }
            for c in &s.change {
                Self::check_change(g, c, &whose, err)?;
                if Self::names_link(g, c) {
                    return Err(err(
                        c,
                        format!(
                            "{whose} spreads `{c}`: a link ties two figures, and a pick is one \
                             (make it in `marks`)"
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
}
