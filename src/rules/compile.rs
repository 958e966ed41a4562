//! The compile step: a checked table file, as written, becomes the model the rest of the crate
//! runs on. Every name is made canonical here once (an alias in a condition, a follow-up or a
//! marker names the same thing as the name), every condition and every value set is typed by
//! its factor's kind, and what a factor borrows from another (`values-from`) is copied in.
//!
//! The checks ([`Source::check`]) ran first and refused unknown names and values of the wrong
//! kind, so a name not found here is kept as written rather than refused twice; what only the
//! compile step can see (a marker setting a range) is refused with its place in the file.

use crate::error::Result;
use crate::model::{self as m, Cond, Test, Value};
use crate::rules::check_army::Reader;
use crate::rules::schema::{self as s, CondValue};
use crate::rules::source::{Locator, Source};
use crate::words::flag_word;

impl Source {
    /// Compile the checked table into its model.
    pub(super) fn compile(&self, at: &Locator<'_>) -> Result<m::Model> {
        let def = &self.def;
        for p in &def.procedures {
            if let Some([lo, hi]) = p.table.as_ref().and_then(|t| t.clamp)
                && lo > hi
            {
                return Err(at.err(
                    &[&format!("name: {}", p.name), "clamp:"],
                    format!(
                        "`{}` clamps its table to [{lo}, {hi}]: the first end must not be above \
                         the second",
                        p.name
                    ),
                ));
            }
        }
        Ok(m::Model {
            ruleset: def.ruleset.clone(),
            title: def.title.clone(),
            aliases: def.aliases.clone(),
            author: def.author.clone(),
            source: def.source.clone(),
            unit: def.unit.clone(),
            unit_marks: def.unit_marks.clone(),
            notes: def.notes.clone(),
            dice: def.dice.clone(),
            factors: def.factors.iter().map(|f| self.factor_model(f)).collect(),
            procedures: def
                .procedures
                .iter()
                .map(|p| self.procedure_model(p))
                .collect(),
            turn: def
                .turn
                .as_ref()
                .map(|t| self.turn_model(t, at))
                .transpose()?,
            game: def
                .game
                .as_ref()
                .map(|g| self.game_model(g, at))
                .transpose()?,
            requires: def
                .requires
                .iter()
                .map(|r| m::RequireDef {
                    rule: r.rule.clone(),
                    when: self.conditions(&r.when),
                    needs: self.conditions(&r.needs),
                    then: r.then,
                    note: r.note.clone(),
                    procedures: r
                        .procedures
                        .iter()
                        .map(|p| self.procedure_name(p))
                        .collect(),
                    sides: r.sides.clone(),
                })
                .collect(),
            points: def.points.as_ref().map(|p| self.points_model(p)),
            armies: self.armies_model(),
        })
    }

    /// The points table with every name canonical (a grade, tag or kind named by an alias made
    /// its name) and every cost in half points, a kind's costs in the order of the grades.
    pub(super) fn points_model(&self, p: &s::PointsDef) -> m::PointsDef {
        let named = |v: &s::ValueSpec| m::NamedDef {
            name: v.name().to_string(),
            label: v.label().to_string(),
            aliases: v.aliases().to_vec(),
            note: v.note().map(str::to_string),
        };
        let grades: Vec<m::NamedDef> = p.grades.iter().map(named).collect();
        let tags: Vec<m::NamedDef> = p.tags.iter().map(named).collect();
        let canonical = |list: &[m::NamedDef], word: &str| {
            m::find_exact(list, word, m::NamedDef::names)
                .map_or_else(|| word.to_string(), |n| n.name.clone())
        };
        // (Checked: every cost is in half points.)
        let points = |d: m::Decimal| m::Points::from_decimal(d).unwrap_or_default();
        let units: Vec<m::UnitKind> = p
            .units
            .iter()
            .map(|u| m::UnitKind {
                name: u.name.clone(),
                label: u.label.clone().unwrap_or_else(|| u.name.clone()),
                aliases: u.aliases.clone(),
                group: u.group.clone(),
                pricing: match u.cost {
                    Some(cost) => m::Pricing::Fixed {
                        grade: u.grade.as_deref().map(|g| canonical(&grades, g)),
                        cost: points(cost),
                    },
                    None => m::Pricing::Graded(
                        grades
                            .iter()
                            .filter_map(|g| {
                                u.costs
                                    .iter()
                                    .find(|(k, _)| canonical(&grades, k) == g.name)
                                    .map(|(_, d)| (g.name.clone(), points(*d)))
                            })
                            .collect(),
                    ),
                },
                fields: u.game.clone(),
                note: u.note.clone(),
            })
            .collect();
        let unit_name = |word: &str| {
            m::find_exact(&units, word, m::UnitKind::names)
                .map_or_else(|| word.to_string(), |u| u.name.clone())
        };
        let surcharges = p
            .surcharges
            .iter()
            .map(|sc| m::SurchargeDef {
                label: sc.label.clone(),
                tag: canonical(&tags, &sc.tag),
                units: sc.units.iter().map(|u| unit_name(u)).collect(),
                add: points(sc.add),
                unless: sc.unless.iter().map(|t| canonical(&tags, t)).collect(),
                note: sc.note.clone(),
            })
            .collect();
        let placing = p.game.as_ref().map(|pl| m::Placing {
            grade: pl.grade.clone(),
            tags: pl
                .tags
                .iter()
                .map(|t| {
                    let unless = t.unless.iter().map(|u| canonical(&tags, u)).collect();
                    (canonical(&tags, &t.tag), t.field.clone(), unless)
                })
                .collect(),
            marks: pl.marks.clone(),
        });
        m::PointsDef {
            grades,
            units,
            tags,
            surcharges,
            placing,
            note: p.note.clone(),
        }
    }

    /// The army lists, every line read against the points table (checked already: what it
    /// cannot price is left out).
    fn armies_model(&self) -> Vec<m::Period> {
        let Some(p) = &self.def.points else {
            return Vec::new();
        };
        let points = self.points_model(p);
        self.def
            .armies
            .iter()
            .map(|a| m::Period {
                name: a.period.clone(),
                title: a.title.clone(),
                aliases: a.aliases.clone(),
                size: m::Points::from_decimal(a.size).unwrap_or_default(),
                note: a.note.clone(),
                lists: a
                    .lists
                    .iter()
                    .map(|l| Reader::new(&points).list(l, &Vec::new()))
                    .collect(),
            })
            .collect()
    }

    /// A factor's canonical name (the name an alias stands for).
    pub(super) fn canonical(&self, name: &str) -> String {
        self.factor(name)
            .map_or_else(|| name.to_string(), |f| f.name.clone())
    }

    /// A procedure's canonical name.
    pub(super) fn procedure_name(&self, name: &str) -> String {
        self.procedure(name)
            .map_or_else(|| name.to_string(), |p| p.name.clone())
    }

    /// A value or class of a choice factor as its canonical name (a value's alias made the value).
    pub(super) fn choice(&self, factor: &str, word: &str) -> String {
        self.factor(factor)
            .and_then(|f| self.value(f, word))
            .map_or_else(|| word.to_string(), |v| v.name().to_string())
    }

    fn factor_model(&self, f: &s::FactorDef) -> m::FactorDef {
        let source = self.value_source(f);
        let mut distance = f.distance.clone();
        if let Some(d) = &mut distance {
            if let Some(by) = &mut d.by {
                *by = self.canonical(by);
            }
            if let Some(by) = d.by.clone() {
                for scale in &mut d.scales {
                    for v in &mut scale.for_values {
                        *v = self.choice(&by, v);
                    }
                }
            }
        }
        m::FactorDef {
            name: f.name.clone(),
            help: f.help.clone(),
            kind: f.kind,
            aliases: f.aliases.clone(),
            values: source
                .values
                .iter()
                .map(|v| m::ChoiceValue {
                    name: v.name().to_string(),
                    label: v.label().to_string(),
                    aliases: v.aliases().to_vec(),
                    note: v.note().map(str::to_string),
                })
                .collect(),
            values_from: f.values_from.as_deref().map(|n| self.canonical(n)),
            classes: source.classes.clone(),
            default: f.default.clone(),
            min: f.min,
            max: f.max,
            unit: f.unit.clone(),
            distance,
            sum: self.items_model(&f.sum),
            further: f.further.as_ref().map(|x| m::FurtherDef {
                when: self.conditions(&x.when),
                any: self.any(&x.any),
                unless: self.conditions(&x.unless),
                label: x.label.clone(),
            }),
            note: f.note.clone(),
        }
    }

    pub(super) fn conditions(&self, c: &s::Conditions) -> m::Conditions {
        c.iter()
            .map(|(name, want)| {
                let factor = self.canonical(name);
                let test = match want {
                    CondValue::Flag(b) => Test::Flag(*b),
                    CondValue::Number(n) => Test::Range {
                        min: Some(*n),
                        max: Some(*n),
                    },
                    CondValue::Range(r) => Test::Range {
                        min: r.min,
                        max: r.max,
                    },
                    CondValue::One(v) => Test::Values(vec![self.choice(&factor, v)]),
                    CondValue::Any(vs) => {
                        Test::Values(vs.iter().map(|v| self.choice(&factor, v)).collect())
                    }
                };
                Cond { factor, test }
            })
            .collect()
    }

    pub(super) fn any(&self, any: &[s::Conditions]) -> Vec<m::Conditions> {
        any.iter().map(|c| self.conditions(c)).collect()
    }

    /// An amount as the engine reads it: its conditions compiled, its procedures canonical.
    fn amount_model(&self, a: &s::AmountDef) -> m::AmountDef {
        m::AmountDef {
            unit: a.unit.clone(),
            floor: a.floor,
            halve: a
                .halve
                .iter()
                .map(|h| m::HalveDef {
                    when: self.conditions(&h.when),
                    any: self.any(&h.any),
                    unless: self.conditions(&h.unless),
                    round_up: h.round_up,
                    label: h.label.clone(),
                })
                .collect(),
            each_die: a.each_die.as_deref().map(|e| self.procedure_name(e)),
            each: a.each.iter().map(|f| self.follow_model(f)).collect(),
            note: a.note.clone(),
            instead: a
                .instead
                .iter()
                .map(|i| m::InsteadDef {
                    when: self.conditions(&i.when),
                    any: self.any(&i.any),
                    unless: self.conditions(&i.unless),
                    unit: i.unit.clone(),
                    label: i.label.clone(),
                })
                .collect(),
        }
    }

    fn procedure_model(&self, p: &s::ProcedureDef) -> m::ProcedureDef {
        m::ProcedureDef {
            name: p.name.clone(),
            title: p.title.clone(),
            help: p.help.clone(),
            aliases: p.aliases.clone(),
            notes: p.notes.clone(),
            factors: p.factors.iter().map(|f| self.canonical(f)).collect(),
            roll: p.roll.as_ref().map(|r| match r {
                s::RollDef::Dice(d) => m::RollDef::Dice(d.clone()),
                s::RollDef::Cases(cases) => m::RollDef::Cases(
                    cases
                        .iter()
                        .map(|c| m::RollCase {
                            when: self.conditions(&c.when),
                            any: self.any(&c.any),
                            unless: self.conditions(&c.unless),
                            dice: c.dice.clone(),
                            count: c.count.clone().map(|mut count| {
                                count.factor = self.canonical(&count.factor);
                                count
                            }),
                            fixed: c.fixed,
                            label: c.label.clone(),
                        })
                        .collect(),
                ),
            }),
            drop: p
                .drop
                .iter()
                .map(|d| m::DropDef {
                    when: self.conditions(&d.when),
                    any: self.any(&d.any),
                    unless: self.conditions(&d.unless),
                    highest: d.highest,
                    lowest: d.lowest,
                    label: d.label.clone(),
                })
                .collect(),
            naturals: p
                .naturals
                .iter()
                .map(|n| m::NaturalDef {
                    when: self.conditions(&n.when),
                    any: self.any(&n.any),
                    unless: self.conditions(&n.unless),
                    doubles: n.doubles,
                    all_odd: n.all_odd,
                    total: n.total.clone(),
                    otherwise: n.otherwise.clone(),
                    result: n.result.clone(),
                    label: n.label.clone(),
                })
                .collect(),
            modifiers: p.modifiers.iter().map(|g| self.group_model(g)).collect(),
            rerolls: p
                .reroll
                .0
                .iter()
                .map(|r| m::RerollDef {
                    when: self.conditions(&r.when),
                    any: self.any(&r.any),
                    unless: self.conditions(&r.unless),
                    on: r.on.clone(),
                    // Refused by the checks: a word other than `average`.
                    below: r.below.as_ref().map(|b| match b {
                        s::BelowDef::Number(n) => m::Below::Number(*n),
                        s::BelowDef::Word(_) => m::Below::Average,
                    }),
                    side: r.side.clone(),
                    label: r.label.clone(),
                    marks: self.marks_model(&r.marks),
                })
                .collect(),
            sides: p.sides.clone(),
            check: p.check.as_ref().map(|c| m::CheckDef {
                compare: c.compare,
                target: self.target_model(&c.target),
                pass: c.pass.clone(),
                fail: c.fail.clone(),
                impossible: c.impossible.as_ref().map(|i| m::ImpossibleDef {
                    becomes: self.procedure_name(&i.becomes),
                    label: i.label.clone(),
                }),
            }),
            table: p.table.clone(),
            grid: p.grid.as_ref().map(|g| m::GridDef {
                first_column: g.first_column,
                rows: g
                    .rows
                    .iter()
                    .map(|r| m::GridRow {
                        label: r.label.clone(),
                        when: self.conditions(&r.when),
                        any: self.any(&r.any),
                        unless: self.conditions(&r.unless),
                        results: r.results.clone(),
                    })
                    .collect(),
            }),
            amount: p.amount.as_ref().map(|a| self.amount_model(a)),
            compare: p.compare.clone(),
            results: p.results.iter().map(|r| self.result_model(r)).collect(),
            follow_up: p.follow_up.iter().map(|f| self.follow_model(f)).collect(),
            may_follow: p.may_follow.iter().map(|f| self.follow_model(f)).collect(),
            marks: self.marks_model(&p.marks),
            about: p.about,
            roles: p.roles.clone(),
            many_on_one: p.many_on_one.clone().map(|mut many| {
                many.count = many.count.map(|c| self.canonical(&c));
                many.beyond_first = many
                    .beyond_first
                    .iter()
                    .map(|(k, v)| {
                        let k = self.canonical(k);
                        let v = match self.factor(&k) {
                            Some(f) if f.kind == s::FactorKind::Choice => self.choice(&k, v),
                            _ => v.clone(),
                        };
                        (k, v)
                    })
                    .collect();
                many
            }),
            once_per_unit: p.once_per_unit.as_ref().map(|c| self.conditions(c)),
            unit_roll: p.unit_roll.as_ref().map(|u| m::UnitRollDef {
                procedure: self.procedure_name(&u.procedure),
                when: self.conditions(&u.when),
                any: self.any(&u.any),
                unless: self.conditions(&u.unless),
            }),
            given: self.typed_settings(&p.given),
        }
    }

    fn group_model(&self, g: &s::GroupDef) -> m::GroupDef {
        m::GroupDef {
            group: g.group.clone(),
            policy: g.policy,
            note: g.note.clone(),
            items: self.items_model(&g.items),
        }
    }

    fn items_model(&self, items: &[s::ItemDef]) -> Vec<m::ItemDef> {
        items
            .iter()
            .map(|i| {
                let factor = i.factor.as_deref().map(|f| self.canonical(f));
                m::ItemDef {
                    label: i.label.clone(),
                    when: self.conditions(&i.when),
                    any: self.any(&i.any),
                    unless: self.conditions(&i.unless),
                    opponent: self.conditions(&i.opponent),
                    value: i.value,
                    values: i.values.as_ref().map(|values| {
                        values
                            .iter()
                            .map(|(k, v)| (self.choice(factor.as_deref().unwrap_or(""), k), *v))
                            .collect()
                    }),
                    factor,
                    each: i.each,
                    limit: i.limit,
                }
            })
            .collect()
    }

    fn target_model(&self, t: &s::TargetDef) -> m::TargetDef {
        match t {
            s::TargetDef::Number(n) => m::TargetDef::Number(*n),
            s::TargetDef::From(from) => match (&from.factor, &from.lookup) {
                (Some(f), _) => m::TargetDef::Factor(self.canonical(f)),
                (None, Some(l)) => m::TargetDef::Lookup(m::LookupDef {
                    rows: self.canonical(&l.rows),
                    columns: self.canonical(&l.columns),
                    cells: l.cells.clone(),
                }),
                // Refused by the checks: a target names a factor or a lookup.
                (None, None) => m::TargetDef::Number(0),
            },
        }
    }

    fn result_model(&self, r: &s::ResultDef) -> m::ResultDef {
        let follows = |list: &[s::FollowDef]| list.iter().map(|f| self.follow_model(f)).collect();
        m::ResultDef {
            name: r.name.clone(),
            label: r.label.clone(),
            note: r.note.clone(),
            next: follows(&r.next),
            follow_up: follows(&r.follow_up),
            spread: r
                .spread
                .iter()
                .map(|x| m::SpreadDef {
                    count: x.count,
                    change: x.change.clone(),
                    when: self.conditions(&x.when),
                    any: self.any(&x.any),
                    unless: self.conditions(&x.unless),
                })
                .collect(),
            becomes: r
                .becomes
                .iter()
                .map(|b| m::BecomesDef {
                    when: self.conditions(&b.when),
                    any: self.any(&b.any),
                    unless: self.conditions(&b.unless),
                    side: b.side.clone(),
                    natural: b.natural.clone(),
                    result: b.result.clone(),
                    label: b.label.clone(),
                })
                .collect(),
            marks: self.marks_model(&r.marks),
        }
    }

    /// Marks a result or a roll makes, their conditions typed.
    fn marks_model(&self, marks: &[s::MarksDef]) -> Vec<m::MarksDef> {
        marks
            .iter()
            .map(|k| m::MarksDef {
                on: k.on,
                when: self.conditions(&k.when),
                any: self.any(&k.any),
                unless: self.conditions(&k.unless),
                change: k.change.clone(),
                group: k.group,
                side_carrying: k.side_carrying.clone(),
                side: k.side.clone(),
            })
            .collect()
    }

    /// A follow-up with every name canonical and every value it sets typed, so what a step
    /// hands on matches the next step's conditions however the table spelt it.
    /// Factors set by name to values as written (checked), typed.
    fn typed_settings(&self, set: &std::collections::BTreeMap<String, String>) -> m::Settings {
        set.iter()
            .map(|(k, v)| {
                let value = match self.factor(k) {
                    Some(fd) => match fd.kind {
                        m::FactorKind::Choice => Value::Choice(self.choice(k, v)),
                        m::FactorKind::Flag => Value::Flag(flag_word(v) == Some(true)),
                        m::FactorKind::Number => {
                            Value::Number(m::Decimal::parse(v.trim()).unwrap_or_default())
                        }
                    },
                    None => Value::Choice(v.clone()),
                };
                (self.canonical(k), value)
            })
            .collect()
    }

    fn follow_model(&self, f: &s::FollowDef) -> m::FollowDef {
        let f = f.full();
        let set = self.typed_settings(&f.set);
        m::FollowDef {
            procedure: self.procedure_name(&f.procedure),
            when: self.conditions(&f.when),
            any: self.any(&f.any),
            unless: self.conditions(&f.unless),
            side: f.side.clone(),
            amount: f.amount.clone(),
            on: f.on,
            once: f.once,
            at_once: f.at_once,
            set,
            rename: f
                .rename
                .iter()
                .map(|(a, b)| (self.canonical(a), self.canonical(b)))
                .collect(),
            carry: f
                .carry
                .as_ref()
                .map(|c| c.iter().map(|n| self.canonical(n)).collect()),
            note: f.note.clone(),
        }
    }
}
