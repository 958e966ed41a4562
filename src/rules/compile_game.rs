//! The compile step for a table's `game:` section: its markers with their codes, what a
//! unit implies, its counters and side conditions, its actions, its charge, all with canonical
//! names and typed settings (see `compile` for the step as a whole).

use crate::error::Result;
use crate::model::{self as m, Settings, Value};
use crate::rules::schema::{self as s, CondValue};
use crate::rules::source::{Locator, Source};

impl Source {
    /// A table's markers with their codes, the procedures they name canonical and the
    /// factors they set typed.
    fn markers_model(&self, g: &s::GameDef, at: &Locator<'_>) -> Result<Vec<m::MarkerDef>> {
        let codes = m::marker_codes(
            &g.markers
                .iter()
                .map(|k| (k.label.as_str(), k.code.as_deref()))
                .collect::<Vec<_>>(),
        );
        g.markers
            .iter()
            .zip(codes)
            .map(|(k, code)| {
                let place = format!("name: {}", k.name);
                Ok(m::MarkerDef {
                    name: k.name.clone(),
                    label: k.label.clone(),
                    aliases: k.aliases.clone(),
                    colour: k.colour.clone(),
                    code,
                    acting: self.settings(&k.acting, &k.name, &["markers:", &place], at)?,
                    acted_upon: self.settings(&k.acted_upon, &k.name, &["markers:", &place], at)?,
                    blocks: k.blocks.iter().map(|p| self.procedure_name(p)).collect(),
                    if_already: k.if_already.clone(),
                    phase_end: k.phase_end.as_ref().map(|p| self.procedure_name(p)),
                    turn_start: k.turn_start.as_ref().map(|p| self.procedure_name(p)),
                    lasts: k.lasts,
                    share: k.share.as_ref().map(|x| m::ShareDef {
                        one_in: x.one_in,
                        rule: x.rule.clone(),
                        including: x
                            .including
                            .as_ref()
                            .map(|i| (self.conditions(&i.when), i.label.clone())),
                    }),
                    note: k.note.clone(),
                })
            })
            .collect::<Result<_>>()
    }

    /// The counters kept per piece: names canonical, the factors while none set.
    fn counters_model(&self, g: &s::GameDef, at: &Locator<'_>) -> Result<Vec<m::CounterDef>> {
        g.counters
            .iter()
            .map(|c| {
                let place = format!("name: {}", c.name);
                Ok(m::CounterDef {
                    name: c.name.clone(),
                    label: c.label.clone(),
                    per_turn: c.per_turn,
                    per_activation: c.per_activation,
                    at: c.at,
                    then: c.then.as_deref().map(|t| marker_name(g, t).to_string()),
                    amounts: c.amounts.clone(),
                    earns: c.earns.clone(),
                    acting: c.acting.as_deref().map(|f| self.canonical(f)),
                    acted_upon: c.acted_upon.as_deref().map(|f| self.canonical(f)),
                    rolls: c.rolls.iter().map(|p| self.procedure_name(p)).collect(),
                    while_none: self.settings(
                        &c.while_none,
                        &c.name,
                        &["counters:", &place],
                        at,
                    )?,
                    most: c.most,
                    rule: c.rule.clone(),
                    toggles: c.toggles,
                    note: c.note.clone(),
                })
            })
            .collect()
    }

    /// What a figure may do as an action: its procedure, markers and counter canonical.
    fn actions_model(&self, g: &s::GameDef) -> Vec<m::ActionDef> {
        g.actions
            .iter()
            .map(|a| m::ActionDef {
                name: a.name.clone(),
                label: a.label.clone(),
                note: a.note.clone(),
                procedure: a.procedure.as_deref().map(|p| self.procedure_name(p)),
                clears: a
                    .clears
                    .iter()
                    .map(|c| marker_name(g, c).to_string())
                    .collect(),
                adds: a
                    .adds
                    .iter()
                    .map(|c| marker_name(g, c).to_string())
                    .collect(),
                cost: self.action_cost(g, &a.cost),
                requires: a.requires.clone(),
                when: self.conditions(&a.when),
                unless: self.conditions(&a.unless),
                declared: self.declared_values(&a.declared),
                counts: a.counts.clone(),
            })
            .collect()
    }

    pub(super) fn game_model(&self, g: &s::GameDef, at: &Locator<'_>) -> Result<m::GameDef> {
        let markers = self.markers_model(g, at)?;
        let implies = g
            .implies
            .iter()
            .map(|i| {
                Ok(m::ImpliesDef {
                    label: i.label.clone(),
                    when: self.conditions(&i.when),
                    figures: i.figures,
                    unmarked: i
                        .unmarked
                        .iter()
                        .map(|m| marker_name(g, m).to_string())
                        .collect(),
                    acting: self.settings(&i.acting, &i.label, &["implies:", &i.label], at)?,
                    acted_upon: self.settings(
                        &i.acted_upon,
                        &i.label,
                        &["implies:", &i.label],
                        at,
                    )?,
                })
            })
            .collect::<Result<_>>()?;
        let conditions = g
            .conditions
            .iter()
            .map(|c| m::SideConditionDef {
                name: c.name.clone(),
                label: c.label.clone(),
                any: c
                    .any
                    .iter()
                    .map(|l| match (&l.unit, l.points, l.percent) {
                        (Some(when), ..) => m::LossDef::Unit {
                            when: self.conditions(when),
                            label: l.label.clone().unwrap_or_default(),
                        },
                        // (Checked: a whole or a half.)
                        (None, Some(at), _) => m::LossDef::Points {
                            at: m::Points::from_decimal(at).unwrap_or_default(),
                            more_than_enemy: l.more_than_enemy,
                        },
                        (None, None, p) => m::LossDef::Percent {
                            percent: p.unwrap_or(100),
                            marked: l
                                .marked
                                .iter()
                                .map(|x| marker_name(g, x).to_string())
                                .collect(),
                        },
                    })
                    .collect(),
                sets: c.sets.as_deref().map(|f| self.canonical(f)),
                note: c.note.clone(),
            })
            .collect();
        Ok(m::GameDef {
            sides: g.sides.clone(),
            pieces: g.pieces,
            conditions,
            open_sides: g.open_sides,
            limits: g.limits.clone(),
            falls_among: g.falls_among,
            turn_factor: g.turn_factor.as_ref().map(|f| self.canonical(f)),
            own_turn_factor: g.own_turn_factor.as_ref().map(|f| self.canonical(f)),
            unit: g
                .unit
                .iter()
                .map(|(field, f)| (field.clone(), self.canonical(f)))
                .collect(),
            acted_upon: g
                .acted_upon
                .iter()
                .map(|(field, f)| (field.clone(), self.canonical(f)))
                .collect(),
            roles: g.roles.clone(),
            required: g.required.clone(),
            size: g.size.as_ref().map(|f| self.canonical(f)),
            losses: g.losses.as_ref().map(|l| m::LossesDef {
                factor: self.canonical(&l.factor),
                per: l.per,
                marked: l
                    .marked
                    .iter()
                    .map(|x| marker_name(g, x).to_string())
                    .collect(),
            }),
            markers,
            implies,
            counters: self.counters_model(g, at)?,
            states: g.states.clone(),
            links: g
                .links
                .iter()
                .map(|l| m::LinkDef {
                    factor: l.factor.as_deref().map(|f| self.canonical(f)),
                    goes_on: l.goes_on.as_deref().map(|p| self.procedure_name(p)),
                    ..l.clone()
                })
                .collect(),
            actions: self.actions_model(g),
            action_limits: g.action_limits.clone().map(|mut l| {
                for f in &mut l.fewer {
                    f.marker = marker_name(g, &f.marker).to_string();
                }
                l
            }),
            charge: g
                .charge
                .as_ref()
                .map(|c| self.charge_model(c, at))
                .transpose()?,
            combine: g.combine.clone().map(|mut c| {
                c.flag = self.canonical(&c.flag);
                c
            }),
        })
    }

    /// A charge with its names made canonical and its conditions and settings typed.
    fn charge_model(&self, c: &s::ChargeDef, at: &Locator<'_>) -> Result<m::ChargeDef> {
        let before = c
            .before
            .iter()
            .map(|b| {
                let p = self.procedure_name(&b.procedure);
                Ok(m::BeforeDef {
                    target: self.conditions(&b.target),
                    label: b.label.clone(),
                    set: self.settings(&b.set, &b.label, &["charge:", "before:", &b.label], at)?,
                    out: b.out.clone(),
                    procedure: p,
                })
            })
            .collect::<Result<_>>()?;
        let reaction = c.reaction.as_ref().map(|r| {
            let p = self.procedure_name(&r.procedure);
            m::ReactionDef {
                procedure: p,
                fire: r.fire.as_deref().map(|f| self.procedure_name(f)),
                fired: r.fired.as_deref().map(|f| self.canonical(f)),
                failed: r.failed.as_deref().map(|f| self.canonical(f)),
                ..r.clone()
            }
        });
        Ok(m::ChargeDef {
            fight: self.procedure_name(&c.fight),
            side: c.side.clone(),
            flag: c.flag.as_deref().map(|f| self.canonical(f)),
            last_turn: c.last_turn.as_deref().map(|f| self.canonical(f)),
            before,
            reaction,
            stays_out: c.stays_out.iter().map(|x| self.conditions(x)).collect(),
            at_least: c.at_least,
            rule: c.rule.clone().unwrap_or_else(|| "Charge".to_string()),
            action: c.action.clone(),
            note: c.note.clone(),
        })
    }

    /// What a marker (or what a unit implies) sets: one value per factor, typed; `place` finds
    /// the entry named `marker` for an error.
    fn settings(
        &self,
        c: &s::Conditions,
        marker: &str,
        place: &[&str],
        at: &Locator<'_>,
    ) -> Result<Settings> {
        c.iter()
            .map(|(name, want)| {
                let factor = self.canonical(name);
                let value = match want {
                    CondValue::Flag(b) => Value::Flag(*b),
                    CondValue::Number(n) => Value::Number(m::Decimal::whole(*n)),
                    CondValue::One(v) => Value::Choice(self.choice(&factor, v)),
                    CondValue::Any(_) | CondValue::Range(_) => {
                        let needles: Vec<&str> =
                            place.iter().copied().chain([name.as_str()]).collect();
                        return Err(at.err(
                            &needles,
                            format!(
                                "`{marker}` sets `{name}` to several values: a marker, or what a \
                                 unit implies, sets one value (`{name}: VALUE`)"
                            ),
                        ));
                    }
                };
                Ok((factor, value))
            })
            .collect()
    }
}

impl Source {
    /// The turn chain's factor that declares a unit's activity, canonical.
    pub(super) fn declaring_factor(&self) -> Option<String> {
        let chain = self.def.turn.as_ref()?.chain.as_ref()?;
        Some(self.canonical(chain.declares.as_deref()?))
    }

    /// The activities an action allows, named as the declaring factor's values.
    fn declared_values(&self, words: &[String]) -> Vec<String> {
        let factor = self.declaring_factor();
        words
            .iter()
            .map(|w| {
                factor
                    .as_ref()
                    .map_or_else(|| w.clone(), |f| self.choice(f, w))
            })
            .collect()
    }

    /// An action's cost with the values of the unit field it reads made canonical.
    fn action_cost(&self, g: &s::GameDef, cost: &s::CostDef) -> m::ActionCost {
        match cost {
            s::CostDef::By {
                by,
                values,
                otherwise,
            } => {
                let factor = g.unit.get(by).map_or(by.as_str(), String::as_str);
                m::ActionCost::By {
                    by: by.clone(),
                    values: values
                        .iter()
                        .map(|(v, n)| (self.choice(&self.canonical(factor), v), *n))
                        .collect(),
                    otherwise: *otherwise,
                }
            }
            s::CostDef::Fixed(n) => m::ActionCost::Fixed(*n),
        }
    }
}

/// A marker's canonical name, from its name or an alias (kept as written when it is neither:
/// the checks refused that already).
pub(crate) fn marker_name<'a>(g: &'a s::GameDef, word: &'a str) -> &'a str {
    g.markers
        .iter()
        .find(|m| m.name == word || m.aliases.iter().any(|a| a == word))
        .map_or(word, |m| m.name.as_str())
}
