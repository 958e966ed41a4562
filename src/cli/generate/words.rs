//! The words the completion scripts offer: the Vocabulary gathered from the tables and the
//! game, the situation's words of each procedure, where each argument takes its words from, and
//! the tree of commands collected from clap that the scripts walk.

use clap::{Arg, ArgAction, Command, ValueHint};

use crate::model::Ruleset;
use crate::model::{FactorKind, ProcedureDef};

/// A word a shell may offer, and what it means (zsh and fish show it beside the word).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Word {
    pub(super) text: String,
    pub(super) help: String,
}

/// Only words a shell takes as one plain word: a name in the tables could hold a space or a
/// quote, and would then break the script it is written into.
fn plain(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_alphanumeric() || "-_.+=@%,/:".contains(c))
}

pub(super) fn push_word(list: &mut Vec<Word>, text: String, help: &str) {
    if plain(&text) && !list.iter().any(|w| w.text == text) {
        list.push(Word {
            text,
            help: help.split_whitespace().collect::<Vec<_>>().join(" "),
        });
    }
}

/// Everything the tables give the scripts, gathered once.
#[derive(Debug, Default)]
pub(super) struct Vocabulary {
    /// The ruleset's title and name, for the script's header.
    pub(super) title: String,
    pub(super) name: String,
    procedures: Vec<Word>,
    /// Each procedure's names (its own and its aliases) and the situation's words it takes.
    pub(super) situations: Vec<(Vec<String>, Vec<Word>)>,
    /// Every procedure's situation words at once, for shells that cannot tell the procedure.
    pub(super) every_situation: Vec<Word>,
    rulesets: Vec<Word>,
    sides: Vec<Word>,
    /// What `draw --token` takes: each side's token, then each side's name.
    tokens: Vec<Word>,
    /// `+NAME` and `-NAME` for every marker and state of a game.
    changes: Vec<Word>,
    /// A unit's fields as `unit add` takes them: `FIELD=VALUE` for every value of each.
    fields: Vec<Word>,
}

impl Vocabulary {
    pub(super) fn new(ruleset: &Ruleset, all: &[Ruleset]) -> Vocabulary {
        let mut v = Vocabulary {
            title: ruleset.model.title.clone(),
            name: ruleset.name().to_string(),
            ..Vocabulary::default()
        };
        for p in &ruleset.model.procedures {
            push_word(&mut v.procedures, p.name.clone(), &p.title);
            let words = situation_words(ruleset, p);
            for w in &words {
                push_word(&mut v.every_situation, w.text.clone(), &w.help);
            }
            let names = std::iter::once(&p.name)
                .chain(&p.aliases)
                .filter(|n| plain(n))
                .cloned()
                .collect();
            v.situations.push((names, words));
        }
        for r in all {
            push_word(&mut v.rulesets, r.name().to_string(), &r.model.title);
        }
        if let Some(game) = &ruleset.model.game {
            for s in &game.sides {
                let label = s.label.as_deref().unwrap_or(&s.name);
                push_word(&mut v.sides, s.name.clone(), label);
                if let Some(token) = &s.token {
                    push_word(&mut v.tokens, token.clone(), label);
                }
            }
            for s in &game.sides {
                let label = s.label.as_deref().unwrap_or(&s.name);
                push_word(&mut v.tokens, s.name.clone(), label);
            }
            for m in &game.markers {
                push_word(&mut v.changes, format!("+{}", m.name), &m.label);
            }
            for s in &game.states {
                push_word(&mut v.changes, format!("+{}", s.name), &s.label);
            }
            for m in &game.markers {
                push_word(
                    &mut v.changes,
                    format!("-{}", m.name),
                    &format!("no longer {}", m.label),
                );
            }
            for s in &game.states {
                push_word(
                    &mut v.changes,
                    format!("-{}", s.name),
                    &format!("not {} after all", s.label),
                );
            }
            for (field, factor) in game.unit.iter().filter(|(field, _)| plain(field)) {
                if let Some(f) = ruleset.factor(factor) {
                    for value in &f.values {
                        push_word(
                            &mut v.fields,
                            format!("{field}={}", value.name()),
                            value.label(),
                        );
                    }
                }
            }
        }
        v
    }
}

/// The words of a procedure's situation: `name=value` for a choice (its values and classes), a
/// bare `name` for a yes/no factor, `name=` for a number; each prefixed by a side's name
/// (`side.name=value`) in an opposed roll, where every factor belongs to a side.
fn situation_words(ruleset: &Ruleset, p: &ProcedureDef) -> Vec<Word> {
    let prefixes: Vec<(String, String)> = if p.sides.is_empty() {
        vec![(String::new(), String::new())]
    } else {
        p.sides
            .iter()
            .map(|s| (format!("{}.", s.name), format!("{}: ", s.name)))
            .collect()
    };
    let mut words = Vec::new();
    for (prefix, whose) in &prefixes {
        for name in ruleset.chain_factors(p) {
            let Some(f) = ruleset.factor(&name) else {
                continue;
            };
            match f.kind {
                FactorKind::Flag => push_word(
                    &mut words,
                    format!("{prefix}{}", f.name),
                    &format!("{whose}{}", f.help),
                ),
                FactorKind::Number => push_word(
                    &mut words,
                    format!("{prefix}{}=", f.name),
                    &format!("{whose}{}", f.help),
                ),
                FactorKind::Choice => {
                    for value in &f.values {
                        let label = if value.label() == value.name() {
                            f.help.as_str()
                        } else {
                            value.label()
                        };
                        push_word(
                            &mut words,
                            format!("{prefix}{}={}", f.name, value.name()),
                            &format!("{whose}{label}"),
                        );
                    }
                    for class in &f.classes {
                        push_word(
                            &mut words,
                            format!("{prefix}{}={}", f.name, class.name),
                            &format!("{whose}{}", class.label.as_deref().unwrap_or(&class.name)),
                        );
                    }
                }
            }
        }
    }
    words
}

/// Where the words for an argument come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Source {
    /// Free text or a number: nothing to offer.
    Nothing,
    /// Words known when the script is written, under a name the script refers to them by.
    List(String, Vec<Word>),
    /// The situation's words of the procedure typed before them.
    Situation,
    /// Asked of `umpire` at TAB: they live in the current game.
    Figures,
    Units,
    Games,
    Files,
    Dirs,
}

impl Source {
    /// The name the scripts use for it.
    pub(super) fn key(&self) -> &str {
        match self {
            Source::Nothing => "",
            Source::List(key, _) => key,
            Source::Situation => "situation",
            Source::Figures => "figures",
            Source::Units => "units",
            Source::Games => "games",
            Source::Files => "files",
            Source::Dirs => "dirs",
        }
    }
}

/// Where an argument of the command at `path` takes its words from. Arguments are matched by
/// their names in the command line's definition; whatever the tables call things, their words
/// come from the tables.
pub(super) fn source_for(path: &[String], arg: &Arg, v: &Vocabulary) -> Source {
    let list = |key: &str, words: &[Word]| Source::List(key.to_string(), words.to_vec());
    let path: Vec<&str> = path.iter().map(String::as_str).collect();
    let id = arg.get_id().as_str();
    let value_name = arg
        .get_value_names()
        .and_then(|n| n.first())
        .map(|n| n.as_str());
    let option = !arg.is_positional();
    match (path.as_slice(), id) {
        (_, "rules") if option => list("rulesets", &v.rulesets),
        (_, "game") if option => Source::Games,
        (["rules"], "name") => {
            let mut words = v.procedures.clone();
            for w in &v.rulesets {
                push_word(&mut words, w.text.clone(), &w.help);
            }
            Source::List("rules-names".into(), words)
        }
        (_, "procedure" | "procedures") => list("procedures", &v.procedures),
        (_, "factors") => Source::Situation,
        (["game", "use" | "rm"], "name") => Source::Games,
        (["unit", "show" | "rm" | "note"], "name") => Source::Units,
        (["fig", _], "code") => Source::Figures,
        (_, "changes") => list("changes", &v.changes),
        (_, "side") => list("sides", &v.sides),
        (_, "token") => list("tokens", &v.tokens),
        (["unit", "add"], "fields") => list("unit-fields", &v.fields),
        _ if matches!(value_name, Some("FIGURE" | "FIGURES")) => Source::Figures,
        _ if value_name == Some("UNIT") => Source::Units,
        _ => match (arg.get_value_hint(), value_name) {
            (ValueHint::DirPath, _) | (ValueHint::AnyPath, Some("DIR")) => Source::Dirs,
            (ValueHint::AnyPath | ValueHint::FilePath, _) => Source::Files,
            _ => Source::Nothing,
        },
    }
}

/// One command of the line (`umpire`, `umpire roll`, `umpire game new`), as a script walks it.
#[derive(Debug)]
pub(super) struct Node {
    /// The words after the program's name, joined by spaces (empty for the program itself).
    pub(super) path: String,
    /// Every word that enters a subcommand (names and aliases), with the subcommand's path.
    pub(super) subcommands: Vec<(String, String)>,
    pub(super) options: Vec<Opt>,
    /// The positional arguments in order; the last one may take any number of words.
    pub(super) positionals: Vec<Source>,
    pub(super) last_repeats: bool,
}

#[derive(Debug)]
pub(super) struct Opt {
    /// `--fig`, `-o`: the names offered.
    pub(super) offered: Vec<String>,
    /// The names recognised, hidden aliases too.
    pub(super) names: Vec<String>,
    pub(super) takes_value: bool,
    pub(super) global: bool,
    pub(super) source: Source,
}

/// An option's names, `--long` and `-s` with their aliases: the visible ones, or all of them.
fn option_names(arg: &Arg, hidden_too: bool) -> Vec<String> {
    let (longs, shorts) = if hidden_too {
        (arg.get_all_aliases(), arg.get_all_short_aliases())
    } else {
        (arg.get_visible_aliases(), arg.get_visible_short_aliases())
    };
    let longs = arg.get_long().into_iter().chain(longs.unwrap_or_default());
    let shorts = arg
        .get_short()
        .into_iter()
        .chain(shorts.unwrap_or_default());
    longs
        .map(|l| format!("--{l}"))
        .chain(shorts.map(|s| format!("-{s}")))
        .collect()
}

/// The commands of the line, parents first, each with what its arguments take.
pub(super) fn collect_nodes(
    cmd: &Command,
    path: &mut Vec<String>,
    v: &Vocabulary,
    out: &mut Vec<Node>,
) {
    let mut node = Node {
        path: path.join(" "),
        subcommands: Vec::new(),
        options: Vec::new(),
        positionals: Vec::new(),
        last_repeats: false,
    };
    let visible: Vec<&Command> = cmd.get_subcommands().filter(|s| !s.is_hide_set()).collect();
    for sub in &visible {
        let entered = path
            .iter()
            .map(String::as_str)
            .chain(std::iter::once(sub.get_name()))
            .collect::<Vec<_>>()
            .join(" ");
        for name in std::iter::once(sub.get_name()).chain(sub.get_all_aliases()) {
            node.subcommands.push((name.to_string(), entered.clone()));
        }
    }
    let mut positionals: Vec<&Arg> = cmd.get_positionals().filter(|a| !a.is_hide_set()).collect();
    positionals.sort_by_key(|a| a.get_index());
    for arg in &positionals {
        node.positionals.push(source_for(path, arg, v));
        node.last_repeats = arg.get_num_args().is_some_and(|r| r.max_values() > 1)
            || matches!(arg.get_action(), ArgAction::Append);
    }
    for arg in cmd.get_arguments().filter(|a| !a.is_positional()) {
        let offered = if arg.is_hide_set() {
            Vec::new()
        } else {
            option_names(arg, false)
        };
        node.options.push(Opt {
            offered,
            names: option_names(arg, true),
            takes_value: arg.get_action().takes_values(),
            global: arg.is_global_set(),
            source: source_for(path, arg, v),
        });
    }
    out.push(node);
    for sub in visible {
        path.push(sub.get_name().to_string());
        collect_nodes(sub, path, v, out);
        path.pop();
    }
}

/// Every word list the nodes refer to, once, by name.
pub(super) fn lists(nodes: &[Node]) -> Vec<(&str, &[Word])> {
    let mut out: Vec<(&str, &[Word])> = Vec::new();
    let sources = nodes.iter().flat_map(|n| {
        n.positionals
            .iter()
            .chain(n.options.iter().map(|o| &o.source))
    });
    for s in sources {
        if let Source::List(key, words) = s
            && !out.iter().any(|(k, _)| k == key)
        {
            out.push((key, words));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_words_are_offered() {
        assert!(plain("size=big"));
        assert!(plain("+marked"));
        assert!(plain("first.size=big"));
        assert!(!plain("two words"));
        assert!(!plain("it's"));
        assert!(!plain("$(rm)"));
        assert!(!plain(""));
    }
}
