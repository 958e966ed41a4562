//! What a change to the game did, as facts: a marker put on or taken off, a count changed, a
//! state taken, a tie made or undone, a figure or unit added or removed, a unit's field set, a
//! check owed or made, the turn moved. Read off each change's before and after, so that
//! `--json` gives what landed as objects a program can reason about.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::game::state::{Change, Figure, Unit};

/// One thing a change did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "fact", rename_all = "kebab-case")]
pub enum Fact {
    /// A figure (or a unit that is one piece) was put in or taken out of the roster.
    Figure {
        figure: String,
        added: bool,
    },
    Marker {
        figure: String,
        marker: String,
        on: bool,
    },
    Count {
        figure: String,
        counter: String,
        before: i64,
        after: i64,
    },
    State {
        figure: String,
        before: Option<String>,
        after: Option<String>,
    },
    Link {
        figure: String,
        link: String,
        to: String,
        tied: bool,
    },
    Unit {
        unit: String,
        added: bool,
    },
    Field {
        unit: String,
        field: String,
        before: Option<String>,
        after: Option<String>,
    },
    /// A check owed (`owed`), or made or dropped.
    Check {
        figure: String,
        check: String,
        owed: bool,
    },
    /// Play moved on: the turn and the phase (or player turn) after the change.
    Turn {
        turn: u32,
        phase: u32,
    },
}

/// The facts of a change's every part, in order.
pub fn of(changes: &[Change]) -> Vec<Fact> {
    let mut facts = Vec::new();
    for c in changes {
        match c {
            Change::Figure {
                code,
                before,
                after,
                ..
            } => figure(code, before.as_ref(), after.as_ref(), &mut facts),
            Change::Unit {
                name,
                before,
                after,
                ..
            } => unit(name, before.as_ref(), after.as_ref(), &mut facts),
            Change::Turn { before, after } => {
                let phase = |t: &crate::game::state::Turn| {
                    u32::try_from(t.drawn.len())
                        .unwrap_or(u32::MAX)
                        .max(t.player)
                };
                if (before.number, phase(before)) != (after.number, phase(after)) {
                    facts.push(Fact::Turn {
                        turn: after.number,
                        phase: phase(after),
                    });
                }
            }
            Change::Pending { before, after, .. } => {
                let (check, owed) = match (before, after) {
                    (_, Some(c)) => (c, true),
                    (Some(c), None) => (c, false),
                    (None, None) => continue,
                };
                facts.push(Fact::Check {
                    figure: check.figure.clone(),
                    check: check.what(),
                    owed,
                });
            }
        }
    }
    facts
}

fn figure(code: &str, before: Option<&Figure>, after: Option<&Figure>, facts: &mut Vec<Fact>) {
    let (before, after) = match (before, after) {
        (Some(b), Some(a)) => (b, a),
        (b, a) => {
            facts.push(Fact::Figure {
                figure: code.to_string(),
                added: a.is_some() && b.is_none(),
            });
            return;
        }
    };
    let figure = || code.to_string();
    for (marker, on) in added_and_removed(&before.markers, &after.markers) {
        facts.push(Fact::Marker {
            figure: figure(),
            marker,
            on,
        });
    }
    for (counter, (was, is)) in pairs(&before.counters, &after.counters) {
        facts.push(Fact::Count {
            figure: figure(),
            counter,
            before: was.unwrap_or(0),
            after: is.unwrap_or(0),
        });
    }
    if before.state != after.state {
        facts.push(Fact::State {
            figure: figure(),
            before: before.state.clone(),
            after: after.state.clone(),
        });
    }
    for (link, (was, is)) in pairs(&before.links, &after.links) {
        let (was, is) = (was.unwrap_or_default(), is.unwrap_or_default());
        for (to, tied) in added_and_removed(&was, &is) {
            facts.push(Fact::Link {
                figure: figure(),
                link: link.clone(),
                to,
                tied,
            });
        }
    }
}

fn unit(name: &str, before: Option<&Unit>, after: Option<&Unit>, facts: &mut Vec<Fact>) {
    let (before, after) = match (before, after) {
        (Some(b), Some(a)) => (b, a),
        (b, a) => {
            facts.push(Fact::Unit {
                unit: name.to_string(),
                added: a.is_some() && b.is_none(),
            });
            return;
        }
    };
    for (field, (was, is)) in pairs(&before.fields, &after.fields) {
        facts.push(Fact::Field {
            unit: name.to_string(),
            field,
            before: was,
            after: is,
        });
    }
}

/// What one list has that the other lacks: each item with `true` when it was added.
fn added_and_removed(before: &[String], after: &[String]) -> Vec<(String, bool)> {
    let added = after
        .iter()
        .filter(|x| !before.contains(x))
        .map(|x| (x.clone(), true));
    let removed = before
        .iter()
        .filter(|x| !after.contains(x))
        .map(|x| (x.clone(), false));
    added.chain(removed).collect()
}

/// A key of a map, with its value before and after (none: not there).
type Moved<V> = (String, (Option<V>, Option<V>));

/// The keys whose values differ between two maps, with both values.
fn pairs<V: Clone + PartialEq>(
    before: &BTreeMap<String, V>,
    after: &BTreeMap<String, V>,
) -> Vec<Moved<V>> {
    let mut keys: Vec<&String> = before.keys().chain(after.keys()).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .filter(|k| before.get(*k) != after.get(*k))
        .map(|k| {
            (
                (*k).clone(),
                (before.get(k).cloned(), after.get(k).cloned()),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fig(markers: &[&str], counters: &[(&str, i64)], state: Option<&str>) -> Figure {
        Figure {
            code: "A1".into(),
            unit: "a".into(),
            markers: markers.iter().map(|m| (*m).to_string()).collect(),
            counters: counters
                .iter()
                .map(|(k, v)| ((*k).to_string(), *v))
                .collect(),
            last_turn: BTreeMap::new(),
            until: BTreeMap::new(),
            links: BTreeMap::new(),
            state: state.map(str::to_string),
            note: String::new(),
        }
    }

    #[test]
    fn a_figures_change_is_its_markers_counts_and_state() {
        let change = Change::Figure {
            code: "A1".into(),
            before: Some(fig(&["pinned"], &[("actions", 1)], None)),
            after: Some(fig(&["prone"], &[("actions", 2)], Some("dead"))),
            at: None,
        };
        assert_eq!(
            of(&[change]),
            vec![
                Fact::Marker {
                    figure: "A1".into(),
                    marker: "prone".into(),
                    on: true
                },
                Fact::Marker {
                    figure: "A1".into(),
                    marker: "pinned".into(),
                    on: false
                },
                Fact::Count {
                    figure: "A1".into(),
                    counter: "actions".into(),
                    before: 1,
                    after: 2
                },
                Fact::State {
                    figure: "A1".into(),
                    before: None,
                    after: Some("dead".into())
                },
            ]
        );
    }
}
