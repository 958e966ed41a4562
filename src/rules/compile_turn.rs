//! The compile step for a ruleset's `turn:` section: one kind of turn (a draw, or player
//! turns), its draw's tokens typed as words, a chain's procedure and the results that end it,
//! a pool's dice and what its points buy, every name made canonical. Each refusal names its
//! place in the file.

use crate::error::Result;
use crate::model as m;
use crate::model::dice::DiceSpec;
use crate::rules::compile_game::marker_name;
use crate::rules::distinct::{Distinct, first_clash};
use crate::rules::schema as s;
use crate::rules::source::{Locator, Source};
use crate::suggest::{did_you_mean, same};

impl Source {
    /// The turn rule, compiled: a draw when it gives `phases:` and `draw:`, player turns when
    /// it gives `players:`.
    pub(super) fn turn_model(&self, t: &s::TurnDef, at: &Locator<'_>) -> Result<m::TurnDef> {
        if t.activations == Some(0) {
            return Err(at.err(
                &["turn:", "activations:"],
                "activations must be at least 1 (leave it out for no limit)",
            ));
        }
        let order = match (&t.players, &t.phases, &t.draw) {
            (Some(p), None, None) if t.react.is_none() => {
                m::TurnOrder::Players(Box::new(self.players_model(t, p, at)?))
            }
            (Some(_), ..) => {
                let key = if t.react.is_some() {
                    "react:"
                } else {
                    "players:"
                };
                return Err(at.err(
                    &["turn:", key],
                    "a turn of player turns has no `phases:`, `draw:` or `react:` (those are a \
                     draw's): give one kind of turn",
                ));
            }
            (None, Some(phases), Some(draw)) => {
                for (key, given) in [("chain:", t.chain.is_some()), ("pool:", t.pool.is_some())] {
                    if given {
                        return Err(at.err(
                            &["turn:", key],
                            format!(
                                "`{key}` belongs to a turn of player turns, not to a draw: \
                                 give `players:` instead of `phases:` and `draw:`"
                            ),
                        ));
                    }
                }
                if phases.percent == 0 {
                    return Err(at.err(
                        &["turn:", "percent:"],
                        "turn phases percent must be above 0",
                    ));
                }
                if let Some(r) = t.react.as_ref().filter(|r| r.hold != 1) {
                    return Err(at.err(
                        &["turn:", "react:", "hold:"],
                        format!(
                            "react hold is {}, but a side holds one react {} at a time: give 1",
                            r.hold, draw.token
                        ),
                    ));
                }
                if self.def.game.as_ref().is_some_and(|g| g.open_sides) {
                    return Err(at.err(
                        &["game:", "open-sides:"],
                        "sides the players name have no tokens for the turn's draw: a draw \
                         needs the table's own sides",
                    ));
                }
                self.check_draw(draw, at)?;
                m::TurnOrder::Draw(m::DrawTurn {
                    phases: phases.clone(),
                    draw: draw.clone(),
                    react: t.react.clone(),
                })
            }
            (None, ..) => {
                return Err(at.err(
                    &["turn:"],
                    "a turn needs `players:` (player turns), or `phases:` and `draw:` (a draw)",
                ));
            }
        };
        Ok(m::TurnDef {
            order,
            activations: t.activations,
            notes: t.notes.clone(),
        })
    }

    fn players_model(
        &self,
        t: &s::TurnDef,
        p: &s::PlayersDef,
        at: &Locator<'_>,
    ) -> Result<m::PlayersDef> {
        if self.def.game.as_ref().is_none_or(|g| g.sides.len() < 2) {
            return Err(at.err(
                &["turn:", "players:"],
                "player turns need a `game:` section with at least two sides",
            ));
        }
        let steps: Vec<m::StepDef> = p
            .steps
            .iter()
            .map(|s| match s {
                s::StepSpec::Name(name) => m::StepDef {
                    name: name.clone(),
                    label: None,
                },
                s::StepSpec::Full(step) => step.clone(),
            })
            .collect();
        if p.first == m::FirstPlayer::Pool && t.pool.is_none() {
            return Err(at.err(
                &["turn:", "players:", "first:"],
                "`first: pool` needs a `pool:` for the sides to roll",
            ));
        }
        let chain = t
            .chain
            .as_ref()
            .map(|c| self.chain_model(c, at))
            .transpose()?;
        let pool = t
            .pool
            .as_ref()
            .map(|pool| self.pool_model(pool, at))
            .transpose()?;
        if let Some(x) = pool.as_ref().filter(|x| x.each_player) {
            if p.first == m::FirstPlayer::Pool {
                return Err(at.err(
                    &["turn:", "pool:", "rolled:"],
                    "`first: pool` compares every side's throw when the turn starts: the pool is \
                     `rolled: turn`",
                ));
            }
            if matches!(x.fill, m::PoolFill::Roll { .. }) {
                return Err(at.err(
                    &["turn:", "pool:", "rolled:"],
                    "`rolled: player-turn` throws a side's `dice:`; figures roll into their pools \
                     when the turn starts",
                ));
            }
        }
        if p.first == m::FirstPlayer::Pool
            && pool
                .as_ref()
                .is_some_and(|x| matches!(x.fill, m::PoolFill::Roll { .. }))
        {
            return Err(at.err(
                &["turn:", "players:", "first:"],
                "`first: pool` compares the sides' throws: the pool needs `dice:`",
            ));
        }
        let dice_off = self.dice_off_model(p, at)?;
        let then = self.turn_steps_model(p, at)?;
        Ok(m::PlayersDef {
            first: p.first,
            steps,
            chain,
            pool,
            dice_off,
            then,
        })
    }

    /// The steps of the whole turn after the player turns: names distinct, each roll a
    /// procedure of the table under conditions it can read.
    fn turn_steps_model(&self, p: &s::PlayersDef, at: &Locator<'_>) -> Result<Vec<m::TurnStepDef>> {
        let mut out: Vec<m::TurnStepDef> = Vec::new();
        for step in &p.then {
            let here = |needle: &str, msg: String| {
                at.err(&["turn:", "players:", "then:", &step.name, needle], msg)
            };
            if out.iter().any(|x| x.name == step.name) {
                return Err(here(
                    "name:",
                    format!("two steps are named `{}`", step.name),
                ));
            }
            let mut rolls = Vec::new();
            for r in &step.rolls {
                let (name, when) = match r {
                    s::StepRollSpec::Name(n) => (n, None),
                    s::StepRollSpec::Full { procedure, when } => (procedure, Some(when)),
                };
                let Some(q) = self.procedure(name) else {
                    let names = self.def.procedures.iter().map(|x| x.name.as_str());
                    return Err(
                        here(name, format!("`{name}` is not a procedure of the table"))
                            .with_hint_opt(did_you_mean(name, names)),
                    );
                };
                if let Some(w) = when {
                    self.check_conditions(w, &|n, m| here(n, m))?;
                }
                rolls.push(m::StepRollDef {
                    procedure: q.name.clone(),
                    when: when.map(|w| self.conditions(w)).unwrap_or_default(),
                });
            }
            out.push(m::TurnStepDef {
                name: step.name.clone(),
                label: step.label.clone(),
                rolls,
            });
        }
        Ok(out)
    }

    /// The dice-off `first: dice-off` reads: given with it and only with it, on dice the table
    /// knows.
    fn dice_off_model(
        &self,
        p: &s::PlayersDef,
        at: &Locator<'_>,
    ) -> Result<Option<Box<m::DiceOffDef>>> {
        let path = ["turn:", "players:", "dice-off:"];
        match (&p.dice_off, p.first == m::FirstPlayer::DiceOff) {
            (None, true) => Err(at.err(
                &["turn:", "players:", "first:"],
                "`first: dice-off` needs a `dice-off: {dice: ...}` for the sides to throw",
            )),
            (Some(_), false) => Err(at
                .err(&path, "a `dice-off:` is thrown only for `first: dice-off`")
                .with_hint("`first: dice-off`, or leave out `dice-off:`")),
            (None, false) => Ok(None),
            (Some(d), true) => {
                DiceSpec::parse(&d.dice, &|name| self.def.dice.get(name).cloned())
                    .map_err(|e| at.err(&[&path[..], &["dice:"]].concat(), e.to_string()))?;
                Ok(Some(Box::new(d.clone())))
            }
        }
    }

    fn chain_model(&self, c: &s::ChainDef, at: &Locator<'_>) -> Result<m::ChainDef> {
        let Some(p) = self.procedure(&c.procedure) else {
            let names = self.def.procedures.iter().map(|p| p.name.as_str());
            return Err(at
                .err(
                    &["turn:", "chain:", "procedure:"],
                    format!(
                        "the chain's procedure `{}` is not in the table",
                        c.procedure
                    ),
                )
                .with_hint_opt(did_you_mean(&c.procedure, names)));
        };
        if c.ends_on.is_empty() {
            return Err(at.err(
                &["turn:", "chain:", "ends-on:"],
                "`ends-on:` names at least one result that ends the chain",
            ));
        }
        for r in &c.ends_on {
            if !p.results.iter().any(|x| x.name == *r) {
                let names = p.results.iter().map(|x| x.name.as_str());
                return Err(at
                    .err(
                        &["turn:", "chain:", "ends-on:", r],
                        format!("`{}` has no result `{r}`", p.name),
                    )
                    .with_hint_opt(did_you_mean(r, names)));
            }
        }
        let declares = match &c.declares {
            None => None,
            Some(f) => match self.factor(f) {
                Some(x) if x.kind == s::FactorKind::Choice => Some(x.name.clone()),
                Some(_) => {
                    return Err(at.err(
                        &["turn:", "chain:", "declares:"],
                        format!("the chain declares its activity with `{f}`, which is no choice"),
                    ));
                }
                None => {
                    let names = self.def.factors.iter().map(|x| x.name.as_str());
                    return Err(at
                        .err(
                            &["turn:", "chain:", "declares:"],
                            format!("the chain declares its activity with `{f}`, no factor"),
                        )
                        .with_hint_opt(did_you_mean(f, names)));
                }
            },
        };
        Ok(m::ChainDef {
            procedure: p.name.clone(),
            ends_on: c.ends_on.clone(),
            declares,
        })
    }

    fn pool_model(&self, pool: &s::PoolDef, at: &Locator<'_>) -> Result<m::PoolDef> {
        let fill = match (&pool.dice, &pool.roll) {
            (Some(dice), None) => {
                DiceSpec::parse(dice, &|name| self.def.dice.get(name).cloned())
                    .map_err(|e| at.err(&["turn:", "pool:", "dice:"], e.to_string()))?;
                m::PoolFill::Dice(dice.clone())
            }
            (None, Some(r)) => {
                let err = |key: &str, msg: String| at.err(&["turn:", "pool:", "roll:", key], msg);
                let Some(p) = self.procedure(&r.procedure) else {
                    let names = self.def.procedures.iter().map(|p| p.name.as_str());
                    return Err(err(
                        &r.procedure,
                        format!("the pool's procedure `{}` is not in the table", r.procedure),
                    )
                    .with_hint_opt(did_you_mean(&r.procedure, names)));
                };
                if p.amount.is_none() || !p.sides.is_empty() {
                    return Err(err(
                        &r.procedure,
                        format!(
                            "the pool adds up the amounts `{}` gives: it needs `amount:` and one side",
                            p.name
                        ),
                    ));
                }
                self.check_conditions(&r.who, &err)?;
                self.check_conditions(&r.joins, &err)?;
                m::PoolFill::Roll {
                    procedure: p.name.clone(),
                    who: self.conditions(&r.who),
                    joins: self.conditions(&r.joins),
                }
            }
            _ => {
                return Err(at.err(
                    &["turn:", "pool:"],
                    "a pool is filled by `dice:` (each side throws them) or `roll:` (its figures roll a \
                     procedure), one of the two",
                ));
            }
        };
        let things = pool.spend.iter().map(|x| (x.name.as_str(), &x.aliases[..]));
        if let Some(clash) = first_clash("thing to spend on", things) {
            let owner = format!("name: {}", clash.owner);
            return Err(at.err(&["turn:", "pool:", &owner, clash.name], clash.wrong));
        }
        let spend = pool
            .spend
            .iter()
            .map(|x| self.spend_model(x, at))
            .collect::<Result<_>>()?;
        Ok(m::PoolDef {
            point: pool.point.clone(),
            points: pool
                .points
                .clone()
                .unwrap_or_else(|| format!("{}s", pool.point)),
            each_player: pool.rolled == s::PoolRolled::PlayerTurn,
            fill,
            spend,
            note: pool.note.clone(),
        })
    }

    /// The unit fields a spend changes, as words: each a field of the game's units, given a
    /// value its factor takes.
    fn spend_sets(
        &self,
        x: &s::SpendDef,
        game: Option<&s::GameDef>,
        err: &dyn Fn(&str, String) -> crate::error::Error,
    ) -> Result<Vec<String>> {
        let mut words = Vec::new();
        for (field, value) in &x.sets {
            let here = |msg: String| err(&format!("sets: {field}"), msg);
            let g = game.ok_or_else(|| here("`sets:` needs a `game:` section".into()))?;
            let Some(factor) = g.unit.get(field).and_then(|f| self.factor(f)) else {
                let fields = g.unit.keys().map(String::as_str);
                return Err(here(format!("`{field}` is not a unit field of the game"))
                    .with_hint_opt(did_you_mean(field, fields)));
            };
            self.check_setting(&factor.name, value, "the spend", &|_, m| here(m))?;
            words.push(format!("{field}={value}"));
        }
        Ok(words)
    }

    fn spend_model(&self, x: &s::SpendDef, at: &Locator<'_>) -> Result<m::SpendDef> {
        let place = format!("name: {}", x.name);
        let err = |key: &str, msg: String| at.err(&["turn:", "pool:", &place, key], msg);
        self.check_spend_words(x, at)?;
        let game = self.def.game.as_ref();
        // A marker a spend takes off or puts on, by its key: one the game has.
        let marker = |key: &str, word: &Option<String>| -> Result<Option<String>> {
            let Some(word) = word else {
                return Ok(None);
            };
            let g = game
                .ok_or_else(|| err(key, format!("`{key}` needs a `game:` section with markers")))?;
            let name = marker_name(g, word);
            if !g.markers.iter().any(|m| m.name == name) {
                let names = g.markers.iter().map(|m| m.name.as_str());
                return Err(err(key, format!("no marker `{word}` in the game"))
                    .with_hint_opt(did_you_mean(word, names)));
            }
            Ok(Some(name.to_string()))
        };
        let takes_off = marker("takes-off:", &x.takes_off)?;
        let puts_on: Vec<String> = x
            .puts_on
            .iter()
            .flat_map(|n| &n.0)
            .map(|m| marker("puts-on:", &Some(m.clone())).map(Option::unwrap_or_default))
            .collect::<Result<_>>()?;
        let marks = marker("marks:", &x.marks)?;
        let only = |key: &str, msg: String| err(&format!("only: {key}"), msg);
        self.check_conditions(&x.only, &only)?;
        let not_while = x
            .not_while
            .iter()
            .map(|m| marker("not-while:", &Some(m.clone())).map(Option::unwrap_or_default))
            .collect::<Result<Vec<String>>>()?;
        let while_marked = x
            .while_marked
            .iter()
            .map(|m| marker("while:", &Some(m.clone())).map(Option::unwrap_or_default))
            .collect::<Result<Vec<String>>>()?;
        let sets = self.spend_sets(x, game, &err)?;
        if !puts_on.is_empty() && marks.is_some() {
            return Err(err(
                "marks:",
                "give `puts-on` (a unit named) or `marks` (a unit if named), not both".into(),
            ));
        }
        let counter = spend_counter(x, game, &err)?;
        let each = self.spend_each(x, &err)?;
        if x.per_unit == Some(0) {
            return Err(err(
                "per-unit:",
                "`per-unit:` must be at least 1 (leave it out for no limit)".into(),
            ));
        }
        Ok(m::SpendDef {
            name: x.name.clone(),
            label: x.label.clone().unwrap_or_else(|| x.name.clone()),
            aliases: x.aliases.clone(),
            cost: x.cost,
            each,
            puts_on: if puts_on.is_empty() {
                marks.into_iter().collect()
            } else {
                puts_on.clone()
            },
            extras: x
                .extra
                .iter()
                .map(|e| m::ExtraCost {
                    name: e.name.clone(),
                    label: e.label.clone(),
                    aliases: e.aliases.clone(),
                    cost: e.cost,
                    when_lost: self.conditions(&e.when_lost),
                })
                .collect(),
            unit: x.unit
                || !x.only.is_empty()
                || !x.while_marked.is_empty()
                || !x.sets.is_empty()
                || takes_off.is_some()
                || counter.is_some()
                || x.per_unit.is_some()
                || x.each.is_some()
                || !puts_on.is_empty(),
            takes_off,
            counter,
            per_unit: x.per_unit,
            not_while,
            while_marked,
            sets,
            only: self.conditions(&x.only),
            note: x.note.clone(),
        })
    }

    /// The words typed after `spend` (its names and its circumstances'): plain words, each
    /// naming one thing.
    fn check_spend_words(&self, x: &s::SpendDef, at: &Locator<'_>) -> Result<()> {
        let place = format!("name: {}", x.name);
        let err = |key: &str, msg: String| at.err(&["turn:", "pool:", &place, key], msg);
        for word in x.names().chain(x.extra.iter().flat_map(|e| e.names())) {
            let plain = word.starts_with(|c: char| c.is_ascii_alphabetic())
                && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
            if !plain {
                return Err(err(
                    word,
                    format!(
                        "`{word}` is typed after `spend`: give a word of letters, digits and dashes"
                    ),
                ));
            }
        }
        let mut extras = Distinct::new(format!("circumstance of `{}`", x.name));
        for (i, e) in x.extra.iter().enumerate() {
            let lost = |key: &str, msg: String| {
                at.err(&["turn:", "pool:", &place, &e.name, "when-lost:", key], msg)
            };
            self.check_conditions(&e.when_lost, &lost)?;
            for name in e.names() {
                if let Some(wrong) = extras.clash(name, i) {
                    return Err(err(name, wrong));
                }
                if x.names().any(|n| same(n, name)) {
                    return Err(err(
                        name,
                        format!("`{name}` names both `{}` and a circumstance of it", x.name),
                    ));
                }
            }
        }
        Ok(())
    }

    /// A spend's cost for each of something (`each:`), its cases checked.
    fn spend_each(
        &self,
        x: &s::SpendDef,
        err: &dyn Fn(&str, String) -> crate::error::Error,
    ) -> Result<Option<m::EachCost>> {
        if let Some(e) = &x.each {
            for c in &e.cases {
                let guard = crate::model::Guard {
                    when: &c.when,
                    any: &c.any,
                    unless: &c.unless,
                };
                self.check_guard(guard, err)?;
            }
        }
        Ok(x.each.as_ref().map(|e| m::EachCost {
            cost: e.cost,
            cases: e
                .cases
                .iter()
                .map(|c| m::EachCase {
                    when: self.conditions(&c.when),
                    any: self.any(&c.any),
                    unless: self.conditions(&c.unless),
                    cost: c.cost,
                    label: c.label.clone(),
                })
                .collect(),
        }))
    }

    /// The draw: its token's names are words typed after `--` (`draw --bead red`), and every
    /// side puts its own token in the bag, which no other side's name stands for.
    fn check_draw(&self, d: &s::DrawDef, at: &Locator<'_>) -> Result<()> {
        for (key, word) in [("token:", Some(&d.token)), ("tokens:", d.tokens.as_ref())] {
            let Some(word) = word else { continue };
            let plain = word.starts_with(|c: char| c.is_ascii_alphabetic())
                && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
            if !plain {
                return Err(at.err(
                    &["turn:", "draw:", key],
                    format!(
                        "the draw's `{key}` is `{word}`, typed as `--{word}`: give a word of \
                         letters, digits and dashes"
                    ),
                ));
            }
        }
        let Some(g) = &self.def.game else {
            return Ok(());
        };
        let err = |needles: &[&str], msg: String| {
            let mut path = vec!["game:", "sides:"];
            path.extend(needles);
            at.err(&path, msg)
        };
        let mut tokens = Distinct::new(format!("the sides' {}", d.plural()));
        for (i, s) in g.sides.iter().enumerate() {
            let name = format!("name: {}", s.name);
            let Some(token) = &s.token else {
                return Err(err(
                    &[&name],
                    format!(
                        "side `{}` has no {}: the turn's draw needs one for each side \
                         (`token: NAME`)",
                        s.name, d.token
                    ),
                ));
            };
            // `draw --bead Red`: tokens are typed in any case, as the sides are.
            if let Some(wrong) = tokens.clash(token, i) {
                let twice = format!("two sides draw `{token}` {}", d.plural());
                let exact = wrong.ends_with("used twice");
                return Err(err(&[&name, "token:"], if exact { twice } else { wrong }));
            }
            let other = g
                .sides
                .iter()
                .filter(|o| o.name != s.name)
                .find(|o| same(&o.name, token) || o.aliases.iter().any(|a| same(a, token)));
            if let Some(o) = other {
                return Err(err(
                    &[&name, "token:"],
                    format!(
                        "side `{}` draws `{token}` {}, which is a name of side `{}`",
                        s.name,
                        d.plural(),
                        o.name
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// The counter a spend changes, and by how much: one the game has, with `by:` not 0.
fn spend_counter(
    x: &s::SpendDef,
    game: Option<&s::GameDef>,
    err: &dyn Fn(&str, String) -> crate::error::Error,
) -> Result<Option<(String, i64)>> {
    Ok(match (&x.counter, x.by) {
        (None, None) => None,
        (Some(word), Some(by)) if by != 0 => {
            let g = game.ok_or_else(|| {
                err(
                    "counter:",
                    "`counter:` needs a `game:` section with counters".into(),
                )
            })?;
            if !g.counters.iter().any(|c| c.name == *word) {
                let names = g.counters.iter().map(|c| c.name.as_str());
                return Err(err("counter:", format!("no counter `{word}` in the game"))
                    .with_hint_opt(did_you_mean(word, names)));
            }
            Some((word.clone(), by))
        }
        (Some(_), _) => {
            return Err(err(
                "counter:",
                "`counter:` needs `by:`, the change to it (-1 takes one off)".into(),
            ));
        }
        (None, Some(_)) => {
            return Err(err("by:", "`by:` needs the `counter:` it changes".into()));
        }
    })
}
