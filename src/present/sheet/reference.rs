//! The sheet's reference cards, each from its own part of the tables and only where the
//! tables have it: the turn sequence (`turn:`), the actions a figure may take (`game:
//! actions:`), the sides and markers (`game:`), and what the rules of eligibility need
//! (`requires:`, the same rules the engine applies), in the umpire's words.

use std::fmt::Write as _;

use crate::model::{Cond, DrawDef, GameDef, LossDef, RequireDef, Role, Ruleset, Test, TurnDef};
use crate::present::card::{self, Grid, marker_ref};
use crate::present::words;

use super::html::{breakable, card, escape, list, marker, table, text, token};

/// The turn sequence: a sentence per part of the turn rule, then its notes.
pub fn turn(out: &mut String, t: &TurnDef) {
    card(out, "turn", "Turn sequence", "", |out| {
        for (part, rule) in card::turn_rules(t) {
            let _ = write!(out, "<p><b>{}:</b> {}.</p>", escape(&part), escape(&rule));
        }
        list(out, None, &t.notes);
    });
}

fn marker_named<'a>(g: &'a GameDef, name: &str) -> Option<&'a crate::model::MarkerDef> {
    g.markers.iter().find(|m| m.name == name)
}

/// The actions a figure may take, with how many a phase and a turn, the card each rolls and
/// the markers each clears.
/// `printed` is the procedures' names in the order their cards are numbered.
pub fn actions(out: &mut String, r: &Ruleset, g: &GameDef, printed: &[&str]) {
    if g.actions.is_empty() {
        return;
    }
    card(out, "actions", "Actions", "", |out| {
        if let Some(l) = &g.action_limits {
            let mut limits = Vec::new();
            let count = |n: u32| {
                if n == 1 {
                    "1 action".to_string()
                } else {
                    format!("{n} actions")
                }
            };
            if let Some(n) = l.per_phase {
                limits.push(format!("{} a phase", count(n)));
            }
            if let Some(n) = l.per_turn {
                limits.push(format!("{} a turn", count(n)));
            }
            for f in &l.fewer {
                let m = marker_named(g, &f.marker).map_or(f.marker.as_str(), |m| m.label.as_str());
                limits.push(format!("{} while {m}", count(f.per_turn)));
            }
            if !limits.is_empty() {
                let _ = write!(
                    out,
                    r#"<p class="limits">A figure takes at most {}.</p>"#,
                    escape(&words::and_list(&limits))
                );
            }
        }
        let mut grid = Grid {
            header: vec!["action".into(), "what it takes".into()],
            numeric: vec![false, false],
            ..Grid::default()
        };
        for a in &g.actions {
            let mut says: Vec<String> = a.note.iter().cloned().collect();
            if let Some(p) = a.procedure.as_deref().and_then(|p| r.procedure(p)) {
                let at = printed
                    .iter()
                    .position(|n| *n == p.name)
                    .map(|i| format!(", card {}", i + 1))
                    .unwrap_or_default();
                says.push(format!("roll: {}{at}", p.title));
            }
            for (does, markers) in [("takes off", &a.clears), ("puts on", &a.adds)] {
                let named: Vec<String> = markers
                    .iter()
                    .filter_map(|c| marker_named(g, c))
                    .map(|m| marker_ref(&m.name, &m.label))
                    .collect();
                if !named.is_empty() {
                    says.push(format!("{does} {}", words::and_list(&named)));
                }
            }
            if let Some(cost) = words::action_cost(r, g, &a.cost) {
                says.push(cost);
            }
            grid.rows.push(vec![a.label.clone(), says.join("; ")]);
        }
        table(out, Some(g), &grid, "actions");
    });
}

/// What a marker does, in the umpire's words.
fn marker_does(r: &Ruleset, g: &GameDef, m: &crate::model::MarkerDef) -> Vec<String> {
    let mut does = Vec::new();
    let acting = words::plain_settings(r, &m.acting);
    let acted = words::plain_settings(r, &m.acted_upon);
    if !acting.is_empty() {
        does.push(format!("counts as {acting}"));
    }
    if !acted.is_empty() && acted != acting {
        let noun = crate::game::roles::noun(Some(g), Role::ActedUpon);
        does.push(format!("as {noun}: {acted}"));
    }
    if !m.blocks.is_empty() {
        let blocked: Vec<String> = m
            .blocks
            .iter()
            .map(|b| match r.procedure(b) {
                Some(p) => p.name.replace('-', " "),
                None => g
                    .actions
                    .iter()
                    .find(|a| a.name == *b)
                    .map_or_else(|| b.clone(), |a| a.label.to_lowercase()),
            })
            .collect();
        does.push(format!("may not {}", words::or_list(&blocked)));
    }
    if let Some(a) = &m.if_already {
        let already: Vec<String> = a
            .any
            .iter()
            .map(|x| {
                marker_named(g, x).map_or_else(|| x.clone(), |k| marker_ref(&k.name, &k.label))
            })
            .collect();
        let state = g
            .states
            .iter()
            .find(|x| x.name == a.state)
            .map_or(a.state.as_str(), |x| x.label.as_str());
        does.push(format!(
            "{}: {state} if already {}",
            a.label,
            words::or_list(&already)
        ));
    }
    does
}

/// The sides (with their tokens where the turn draws them), the markers by colour and code,
/// the counts kept and the states that take a figure out of the game.
pub fn legend(out: &mut String, r: &Ruleset, g: &GameDef, t: Option<&DrawDef>) {
    card(out, "legend", "Sides and markers", "", |out| {
        let sides: Vec<String> = g
            .sides
            .iter()
            .map(|s| {
                let label = s.label.as_deref().unwrap_or(&s.name);
                match (t, &s.token) {
                    (Some(t), Some(k)) => format!(
                        "{}<b>{}</b> ({}): {} {}",
                        token(k),
                        breakable(label),
                        breakable(&s.name),
                        breakable(k),
                        escape(&t.token)
                    ),
                    _ => format!("<b>{}</b> ({})", breakable(label), breakable(&s.name)),
                }
            })
            .collect();
        let _ = write!(out, r#"<p class="sides">{}</p>"#, sides.join(" · "));
        if !g.markers.is_empty() {
            out.push_str(r#"<table class="markers"><thead><tr><th>marker</th><th>what it does</th></tr></thead><tbody>"#);
            for m in &g.markers {
                let mut does = marker_does(r, g, m);
                does.extend(m.note.iter().cloned());
                let _ = write!(
                    out,
                    r#"<tr><td>{} <span class="colour">({})</span></td><td>{}</td></tr>"#,
                    marker(m),
                    breakable(&m.colour),
                    text(Some(g), &does.join("; "))
                );
            }
            out.push_str("</tbody></table>\n");
        }
        let mut more: Vec<String> = g
            .counters
            .iter()
            .map(|c| {
                let turn = if c.per_turn { ", counted per turn" } else { "" };
                // What reaching the count does: a marker put on, or a state (the label of one).
                let reached = c.threshold().map_or_else(String::new, |(at, then)| {
                    let then = marker_named(g, then).map_or_else(
                        || {
                            g.states
                                .iter()
                                .find(|s| s.name == then)
                                .map_or_else(|| then.to_string(), |s| s.label.clone())
                        },
                        |m| marker_ref(&m.name, &m.label),
                    );
                    format!(": at {at}, {then}")
                });
                let note = c
                    .note
                    .as_ref()
                    .map(|n| format!(" ({n})"))
                    .unwrap_or_default();
                format!("{}{turn}{reached}{note}", c.label)
            })
            .collect();
        if !g.states.is_empty() {
            let states: Vec<String> = g.states.iter().map(|s| s.label.clone()).collect();
            more.push(format!("out of the game: {}", words::or_list(&states)));
        }
        // What comes to hold for a whole side, and when.
        for c in &g.conditions {
            let losses: Vec<String> = c
                .any
                .iter()
                .map(|l| match l {
                    LossDef::Percent { percent, marked } if marked.is_empty() => {
                        format!("{percent}% of its units are lost")
                    }
                    LossDef::Percent { percent, marked } => {
                        let labels: Vec<String> = marked
                            .iter()
                            .map(|m| crate::game::lookup::marker_label(g, m).to_string())
                            .collect();
                        format!(
                            "{percent}% of its units are lost or {}",
                            words::or_list(&labels)
                        )
                    }
                    LossDef::Unit { label, .. } => format!("{label} is lost"),
                    LossDef::Points {
                        at,
                        more_than_enemy,
                    } => format!(
                        "it has lost units worth {} points or more{}",
                        at.plain(),
                        if *more_than_enemy {
                            ", and more than the enemy"
                        } else {
                            ""
                        }
                    ),
                })
                .collect();
            let note = c
                .note
                .as_ref()
                .map(|n| format!(" ({n})"))
                .unwrap_or_default();
            more.push(format!(
                "{}: when {}{note}",
                c.label,
                words::or_list(&losses)
            ));
        }
        list(out, Some(g), &more);
    });
}

/// A factor and some of its values.
type Choice<'a> = (&'a str, &'a [String]);

/// The one condition on a choice factor, as a rule of options has it: the factor and values.
fn choice(c: &[Cond]) -> Option<Choice<'_>> {
    match c {
        [
            Cond {
                factor,
                test: Test::Values(vs),
            },
        ] => Some((factor.as_str(), vs.as_slice())),
        _ => None,
    }
}

/// A rule that opens values of one factor only to values of another (one unit field by
/// another): refused, one condition on each, both choices.
fn option_rule(r: &RequireDef) -> Option<(Choice<'_>, Choice<'_>)> {
    if r.then != crate::model::Then::Refuse {
        return None;
    }
    Some((choice(&r.when)?, choice(&r.needs)?))
}

/// The values a value or class stands for.
fn members(r: &Ruleset, factor: &str, key: &str) -> Vec<String> {
    r.factor(factor)
        .and_then(|f| f.classes.iter().find(|c| c.name == key))
        .map_or_else(|| vec![key.to_string()], |c| c.members.clone())
}

/// The options a factor's values have by another's (one unit field by another): a line per
/// value of the second, a column per value of the first, a tick where the rules allow it.
fn options(r: &Ruleset, of: &str, by: &str, rules: &[&RequireDef]) -> Option<Grid> {
    let of_f = r.factor(of)?;
    let by_f = r.factor(by)?;
    let mut header = vec![by.replace('-', " ")];
    header.extend(of_f.values.iter().map(|v| v.label.clone()));
    let mut grid = Grid {
        numeric: vec![false; header.len()],
        header,
        ..Grid::default()
    };
    for b in &by_f.values {
        let mut row = vec![b.label.clone()];
        for o in &of_f.values {
            let allowed = rules.iter().all(|rule| {
                let Some(((_, governs), (_, needs))) = option_rule(rule) else {
                    return true;
                };
                let governed = governs.iter().any(|k| members(r, of, k).contains(&o.name));
                !governed || needs.iter().any(|k| members(r, by, k).contains(&b.name))
            });
            row.push(if allowed { "✓".into() } else { "–".into() });
        }
        grid.rows.push(row);
    }
    Some(grid)
}

/// What orders and other things need, from the rules of eligibility: the options one factor's
/// values have by another's as a table, every other rule as a sentence with its note.
pub fn requirements(out: &mut String, r: &Ruleset) {
    let rules = &r.model.requires;
    if rules.is_empty() {
        return;
    }
    // The pairs of factors rules of options speak of, in the order they first appear.
    let mut pairs: Vec<(&str, &str)> = Vec::new();
    for rule in rules {
        if let Some(((of, _), (by, _))) = option_rule(rule)
            && !pairs.contains(&(of, by))
        {
            pairs.push((of, by));
        }
    }
    let g = r.model.game.as_ref();
    card(out, "requirements", "What it takes", "", |out| {
        let mut tabled: Vec<&str> = Vec::new();
        for (of, by) in &pairs {
            let these: Vec<&RequireDef> = rules
                .iter()
                .filter(|rule| {
                    option_rule(rule).is_some_and(|((o, _), (b, _))| o == *of && b == *by)
                })
                .collect();
            let Some(grid) = options(r, of, by, &these) else {
                continue;
            };
            let _ = write!(
                out,
                r#"<section class="part"><h3>{} by {}</h3>"#,
                escape(&card_case(of)),
                escape(&by.replace('-', " "))
            );
            table(out, g, &grid, "options");
            let notes: Vec<String> = these
                .iter()
                .map(|rule| match &rule.note {
                    Some(n) => format!("{}: {n}", rule.rule),
                    None => format!("{}: {}", rule.rule, words::plain_requirement(r, rule)),
                })
                .collect();
            list(out, g, &notes);
            out.push_str("</section>\n");
            tabled.extend(these.iter().map(|rule| rule.rule.as_str()));
        }
        let rest: Vec<&RequireDef> = rules
            .iter()
            .filter(|rule| !tabled.contains(&rule.rule.as_str()))
            .collect();
        for rule in rest {
            let _ = write!(
                out,
                r#"<section class="part rule"><h3>{}</h3><p>{}</p>"#,
                breakable(&rule.rule),
                breakable(&crate::words::capitalised(&words::plain_requirement(
                    r, rule
                )))
            );
            if let Some(n) = &rule.note {
                let _ = write!(out, r#"<p class="note">{}</p>"#, breakable(n));
            }
            out.push_str("</section>\n");
        }
    });
}

/// A factor's name as a heading: its first letter capitalised, dashes made spaces.
fn card_case(text: &str) -> String {
    crate::words::capitalised(&text.replace('-', " "))
}
