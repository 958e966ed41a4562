//! Man pages and shell completions, generated from the command line's definition and, for the
//! completions, from the tables of the ruleset in use.

use std::path::{Path, PathBuf};

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Arg, ArgAction, Command, CommandFactory as _, ValueHint};
use clap_complete::Shell;
use clap_complete::aot::{self, Generator};

use crate::error::{Error, Result};
use crate::game::store::write_atomic;
use crate::rules::catalog::Catalog;
use crate::rules::ruleset::Ruleset;
use crate::rules::schema::{FactorKind, ProcedureDef};

/// The whole command line, every lazily built group expanded, as the pages and scripts need it.
/// Without the `help` subcommand: `umpire help roll` is `umpire roll --help`, which has its page
/// and its completions already, and its mirror of every command would double both.
fn command() -> Command {
    let mut cmd = crate::cli::Cli::command()
        .bin_name("umpire")
        .disable_help_subcommand(true);
    cmd.build();
    cmd
}

/// Write one man page per visible command into `dir` (`umpire.1`, `umpire-roll.1`,
/// `umpire-game-new.1`...) and return their paths. Pages of commands that no longer exist are
/// removed, so that the folder always matches the command line.
pub fn man(dir: &Path) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)
        .map_err(|e| Error::failure(format!("cannot create {}: {e}", dir.display())))?;
    let cmd = command();
    let source = format!(
        "{} {}",
        cmd.get_name(),
        cmd.get_version().unwrap_or_default()
    );
    let mut pages = Vec::new();
    collect_pages(&cmd, &source, &mut pages)?;
    let mut written = Vec::new();
    for (name, bytes) in &pages {
        let path = dir.join(name);
        write_atomic(&path, bytes)?;
        written.push(path);
    }
    remove_stale(dir, cmd.get_name(), &pages)?;
    Ok(written)
}

/// Render `cmd`'s page and its visible subcommands' pages, parents first.
fn collect_pages(cmd: &Command, source: &str, pages: &mut Vec<(String, Vec<u8>)>) -> Result<()> {
    // Every page names the program and its version, not the subcommand's bare name; and no
    // date, so that the pages only change when the command line does.
    let page = clap_mangen::Man::new(cmd.clone())
        .source(source)
        .manual("User Commands");
    let mut bytes = Vec::new();
    page.render(&mut bytes)
        .map_err(|e| Error::failure(format!("cannot render a man page: {e}")))?;
    let roff = String::from_utf8(bytes)
        .map_err(|e| Error::failure(format!("a man page is not UTF-8: {e}")))?;
    pages.push((page.get_filename(), ascii_roff(&roff).into_bytes()));
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        collect_pages(sub, source, pages)?;
    }
    Ok(())
}

/// groff reads a page as Latin-1 and warns at any other byte, so a character beyond ASCII in a
/// help text (a dash, an accent) goes in as groff's own escape (`\[u2014]`), which renders as
/// the character where the terminal can show it and as its nearest ASCII elsewhere.
fn ascii_roff(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            out.push_str(&format!("\\[u{:04X}]", u32::from(c)));
        }
    }
    out
}

/// Remove this program's pages in `dir` that were not just written (a command since removed).
fn remove_stale(dir: &Path, program: &str, pages: &[(String, Vec<u8>)]) -> Result<()> {
    let read = std::fs::read_dir(dir)
        .map_err(|e| Error::failure(format!("cannot read {}: {e}", dir.display())))?;
    for entry in read.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let ours = name == format!("{program}.1")
            || (name.starts_with(&format!("{program}-")) && name.ends_with(".1"));
        if ours && !pages.iter().any(|(n, _)| *n == name) {
            std::fs::remove_file(entry.path()).map_err(|e| {
                Error::failure(format!("cannot remove {}: {e}", entry.path().display()))
            })?;
        }
    }
    Ok(())
}

// ----- completions ---------------------------------------------------------------------------

pub fn completions(shell: Shell, catalog: &Catalog, rules: Option<&str>) -> Result<String> {
    let ruleset = catalog.ruleset(rules)?;
    let all = catalog.all()?;
    let words = Vocabulary::new(&ruleset, &all);
    let mut cmd = command();
    let mut nodes = Vec::new();
    collect_nodes(&cmd, &mut Vec::new(), &words, &mut nodes);
    match shell {
        Shell::Bash => Ok(bash(&nodes, &words)),
        Shell::Zsh => {
            annotate(&mut cmd, &mut Vec::new(), &words, shell);
            Ok(zsh(&clap_script(&visible_only(&cmd), &aot::Zsh)?, &words))
        }
        Shell::Fish => {
            annotate(&mut cmd, &mut Vec::new(), &words, shell);
            Ok(fish(
                &clap_script(&visible_only(&cmd), &aot::Fish)?,
                &nodes,
                &words,
            ))
        }
        // The other shells get clap's own script: commands and options, without the words of
        // the tables or the game.
        other => clap_script(&visible_only(&cmd), &other),
    }
}

/// A word a shell may offer, and what it means (zsh and fish show it beside the word).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Word {
    text: String,
    help: String,
}

/// Only words a shell takes as one plain word: a name in the tables could hold a space or a
/// quote, and would then break the script it is written into.
fn plain(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_alphanumeric() || "-_.+=@%,/:".contains(c))
}

fn push_word(list: &mut Vec<Word>, text: String, help: &str) {
    if plain(&text) && !list.iter().any(|w| w.text == text) {
        list.push(Word {
            text,
            help: help.split_whitespace().collect::<Vec<_>>().join(" "),
        });
    }
}

/// Everything the tables give the scripts, gathered once.
#[derive(Debug, Default)]
struct Vocabulary {
    /// The ruleset's title and name, for the script's header.
    title: String,
    name: String,
    procedures: Vec<Word>,
    /// Each procedure's names (its own and its aliases) and the situation's words it takes.
    situations: Vec<(Vec<String>, Vec<Word>)>,
    /// Every procedure's situation words at once, for shells that cannot tell the procedure.
    every_situation: Vec<Word>,
    rulesets: Vec<Word>,
    sides: Vec<Word>,
    beads: Vec<Word>,
    /// `+NAME` and `-NAME` for every marker and state of a game.
    changes: Vec<Word>,
    /// A unit's fields (`unit add --FIELD`) and the values each takes.
    fields: Vec<(String, Vec<Word>)>,
}

impl Vocabulary {
    fn new(ruleset: &Ruleset, all: &[Ruleset]) -> Vocabulary {
        let mut v = Vocabulary {
            title: ruleset.def.title.clone(),
            name: ruleset.name().to_string(),
            ..Vocabulary::default()
        };
        for p in &ruleset.def.procedures {
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
            push_word(&mut v.rulesets, r.name().to_string(), &r.def.title);
        }
        if let Some(game) = &ruleset.def.game {
            for s in &game.sides {
                let label = s.label.as_deref().unwrap_or(&s.name);
                push_word(&mut v.sides, s.name.clone(), label);
                push_word(&mut v.beads, s.bead.clone(), label);
            }
            for s in &game.sides {
                let label = s.label.as_deref().unwrap_or(&s.name);
                push_word(&mut v.beads, s.name.clone(), label);
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
                let mut values = Vec::new();
                if let Some(f) = ruleset.factor(factor) {
                    for value in ruleset.values(f) {
                        push_word(&mut values, value.name().to_string(), value.label());
                    }
                }
                v.fields.push((field.clone(), values));
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
                    for value in ruleset.values(f) {
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
                    for class in ruleset.classes(f) {
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
enum Source {
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
    fn key(&self) -> &str {
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
fn source_for(path: &[String], arg: &Arg, v: &Vocabulary) -> Source {
    let list = |key: &str, words: &[Word]| Source::List(key.to_string(), words.to_vec());
    let path: Vec<&str> = path.iter().map(String::as_str).collect();
    let id = arg.get_id().as_str();
    let value_name = arg
        .get_value_names()
        .and_then(|n| n.first())
        .map(|n| n.as_str());
    let option = !arg.is_positional();
    let field = v.fields.iter().find(|(f, _)| f == id);
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
        (_, "bead") => list("beads", &v.beads),
        (["unit", "add"], _) if option && field.is_some() => field
            .map_or(Source::Nothing, |(f, words)| {
                Source::List(format!("field-{f}"), words.clone())
            }),
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
struct Node {
    /// The words after the program's name, joined by spaces (empty for the program itself).
    path: String,
    /// Every word that enters a subcommand (names and aliases), with the subcommand's path.
    subcommands: Vec<(String, String)>,
    options: Vec<Opt>,
    /// The positional arguments in order; the last one may take any number of words.
    positionals: Vec<Source>,
    last_repeats: bool,
}

#[derive(Debug)]
struct Opt {
    /// `--fig`, `-o`: the names offered.
    offered: Vec<String>,
    /// The names recognised, hidden aliases too.
    names: Vec<String>,
    takes_value: bool,
    global: bool,
    source: Source,
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
fn collect_nodes(cmd: &Command, path: &mut Vec<String>, v: &Vocabulary, out: &mut Vec<Node>) {
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

// ----- bash ----------------------------------------------------------------------------------

/// A word in single quotes, for bash and zsh.
fn sq(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// `'a' 'b' 'c'`
fn sq_all<'a>(words: impl IntoIterator<Item = &'a str>) -> String {
    words.into_iter().map(sq).collect::<Vec<_>>().join(" ")
}

/// Every word list the nodes refer to, once, by name.
fn lists(nodes: &[Node]) -> Vec<(&str, &[Word])> {
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

/// The `case` arms that give the source of each option's value (`path>--name`) and of each
/// positional argument (`path>N`, N counting from 0; the last one repeats), in the syntax of
/// bash (`fish` false) or fish.
fn source_arms(nodes: &[Node], fish: bool) -> (Vec<String>, Vec<String>) {
    let arm = |patterns: &[String], key: &str| {
        if fish {
            format!(
                "        case {}\n            echo {}",
                patterns.join(" "),
                fish_quote(key)
            )
        } else {
            format!("        {}) _umpire_src={} ;;", patterns.join("|"), sq(key))
        }
    };
    // A pattern of literal text around a `*`: quoted text with a bare `*` in bash; the whole
    // pattern quoted in fish, whose bare `*` would be matched against file names.
    let wild = |before: &str, after: &str| {
        if fish {
            fish_quote(&format!("{before}*{after}"))
        } else {
            let quoted = |t: &str| if t.is_empty() { String::new() } else { sq(t) };
            format!("{}*{}", quoted(before), quoted(after))
        }
    };
    let quote = |t: &str| if fish { fish_quote(t) } else { sq(t) };
    let mut options = Vec::new();
    let mut globals: Vec<String> = Vec::new();
    for n in nodes {
        for o in n.options.iter().filter(|o| o.takes_value) {
            let key = o.source.key();
            if key.is_empty() {
                continue;
            }
            let patterns: Vec<String> = if o.global {
                // A global option is the same in every command: one arm for all of them.
                let fresh: Vec<String> = o
                    .names
                    .iter()
                    .filter(|name| !globals.contains(name))
                    .cloned()
                    .collect();
                globals.extend(fresh.iter().cloned());
                fresh
                    .iter()
                    .map(|name| wild("", &format!(">{name}")))
                    .collect()
            } else {
                o.names
                    .iter()
                    .map(|name| quote(&format!("{}>{name}", n.path)))
                    .collect()
            };
            if !patterns.is_empty() {
                options.push(arm(&patterns, key));
            }
        }
    }
    let mut positionals = Vec::new();
    for n in nodes {
        let last = n.positionals.len().saturating_sub(1);
        for (i, source) in n.positionals.iter().enumerate() {
            let key = source.key();
            if key.is_empty() {
                continue;
            }
            let pattern = if i == last && n.last_repeats {
                // This one and every later word: specific positions come first in the case.
                wild(&format!("{}>", n.path), "")
            } else {
                quote(&format!("{}>{i}", n.path))
            };
            positionals.push((i == last && n.last_repeats, arm(&[pattern], key)));
        }
    }
    // Exact positions before the catch-all of a repeating argument.
    positionals.sort_by_key(|(repeats, _)| *repeats);
    (options, positionals.into_iter().map(|(_, a)| a).collect())
}

fn bash(nodes: &[Node], v: &Vocabulary) -> String {
    let mut node_arms = String::new();
    for n in nodes {
        let cmds: Vec<&str> = n.subcommands.iter().map(|(w, _)| w.as_str()).collect();
        let offered: Vec<&str> = n
            .options
            .iter()
            .flat_map(|o| o.offered.iter().map(String::as_str))
            .collect();
        let takes: Vec<&str> = n
            .options
            .iter()
            .filter(|o| o.takes_value)
            .flat_map(|o| o.names.iter().map(String::as_str))
            .collect();
        node_arms.push_str(&format!(
            "        {})\n            _umpire_cmds=({})\n            _umpire_opts=({})\n            _umpire_takes={}\n            ;;\n",
            sq(&n.path),
            sq_all(cmds),
            sq_all(offered),
            sq(&format!(" {} ", takes.join(" "))),
        ));
    }
    let mut sub_arms = String::new();
    for n in nodes {
        for (word, entered) in &n.subcommands {
            sub_arms.push_str(&format!(
                "        {}) _umpire_path={} ;;\n",
                sq(&format!("{}>{word}", n.path)),
                sq(entered)
            ));
        }
    }
    let (option_arms, positional_arms) = source_arms(nodes, false);
    let mut word_arms = String::new();
    for (key, words) in lists(nodes) {
        word_arms.push_str(&format!(
            "        {}) _umpire_list+=({}) ;;\n",
            sq(key),
            sq_all(words.iter().map(|w| w.text.as_str()))
        ));
    }
    let mut situation_arms = String::new();
    for (names, words) in &v.situations {
        if names.is_empty() || words.is_empty() {
            continue;
        }
        situation_arms.push_str(&format!(
            "                {}) _umpire_list+=({}) ;;\n",
            names.iter().map(|n| sq(n)).collect::<Vec<_>>().join("|"),
            sq_all(words.iter().map(|w| w.text.as_str()))
        ));
    }
    BASH.replace("@TITLE@", &v.title)
        .replace("@RULESET@", &v.name)
        .replace("@NODES@", node_arms.trim_end())
        .replace("@SUBCOMMANDS@", sub_arms.trim_end())
        .replace("@OPTION_SOURCES@", &option_arms.join("\n"))
        .replace("@POSITIONAL_SOURCES@", &positional_arms.join("\n"))
        .replace("@LISTS@", word_arms.trim_end())
        .replace("@SITUATIONS@", situation_arms.trim_end())
}

const BASH: &str = r#"# Bash completion for umpire: its commands and options, the words of @TITLE@
# (`@RULESET@`, the ruleset the script was written for), and the figures, units and games of
# the current game.
#
# Written by `umpire generate completions bash` (`--rules NAME` for another ruleset); write it
# again after changing the tables. To install:
#   umpire generate completions bash > ~/.local/share/bash-completion/completions/umpire
# or source it from ~/.bashrc.

# The subcommands, the options, and the options that take a value, of a command.
_umpire_node() {
    _umpire_cmds=() _umpire_opts=() _umpire_takes=' '
    case $1 in
@NODES@
    esac
}

# The command a word enters from the command $1, in _umpire_path.
_umpire_sub() {
    case "$1>$2" in
@SUBCOMMANDS@
        *) return 1 ;;
    esac
}

# Where the value of the option $2 of the command $1 takes its words from, in _umpire_src.
_umpire_option_source() {
    case "$1>$2" in
@OPTION_SOURCES@
        *) return 1 ;;
    esac
}

# Where the positional argument number $2 (from 0) of the command $1 takes its words from.
_umpire_positional_source() {
    case "$1>$2" in
@POSITIONAL_SOURCES@
        *) return 1 ;;
    esac
}

# The figures, units or games of the current game, asked of umpire itself: a script cannot
# know them. Without a game umpire fails; its message goes nowhere and nothing is offered.
_umpire_game_words() {
    local what=$1 bin=$2 out re line
    shift 2
    case $what in
        figures) out=$("$bin" --json "$@" figs 2>/dev/null) re='^ *"code": "([^"]*)"' ;;
        units) out=$("$bin" --json "$@" unit list 2>/dev/null) re='^ *"name": "([^"]*)"' ;;
        games) out=$("$bin" --json "$@" game list 2>/dev/null) re='^ *"([^"]*)",?$' ;;
        *) return 0 ;;
    esac
    while IFS= read -r line; do
        [[ $line =~ $re ]] && _umpire_list+=("${BASH_REMATCH[1]}")
    done <<< "$out"
}

# The words of a source, added to _umpire_list. $2 is the procedure typed (for the situation),
# then the program and the options that pick the game.
_umpire_words() {
    local source=$1 procedure=$2
    shift 2
    case $source in
        situation)
            case $procedure in
@SITUATIONS@
            esac
            ;;
        figures|units|games) _umpire_game_words "$source" "$@" ;;
@LISTS@
    esac
}

_umpire() {
    COMPREPLY=()
    # Words as typed, split at blanks only: bash also splits at `=` and `:`, and the words of
    # a situation (`name=value`) hold an `=`.
    local line=${COMP_LINE:0:COMP_POINT}
    local -a words=()
    read -r -a words <<< "$line"
    if [[ ${#words[@]} -eq 0 || $line == *[[:space:]] ]]; then
        words+=('')
    fi
    local n=${#words[@]}
    local word=${words[n-1]}
    local cur=$word head='' bin=${words[0]/#\~/$HOME}
    local path='' npos=0 want='' procedure='' i w
    local -a context=()
    # What the helpers below set (bash's locals are seen by the functions called).
    local _umpire_takes='' _umpire_path='' _umpire_src=''
    local -a _umpire_cmds=() _umpire_opts=() _umpire_list=()
    # Walk the words before the cursor: subcommands, options and their values, positionals.
    for ((i = 1; i < n - 1; i++)); do
        w=${words[i]}
        if [[ -n $want ]]; then
            # The options that pick the game go along when umpire is asked for its figures.
            case $want in --game|--tables) context+=("$want" "$w") ;; esac
            want=''
            continue
        fi
        case $w in
            --game=*|--tables=*) context+=("$w"); continue ;;
            --*=*) continue ;;
            -?*)
                _umpire_node "$path"
                [[ $_umpire_takes == *" $w "* ]] && want=$w
                continue
                ;;
        esac
        if ((npos == 0)) && _umpire_sub "$path" "$w"; then
            path=$_umpire_path
            continue
        fi
        ((npos == 0)) && procedure=$w
        npos=$((npos + 1))
    done
    _umpire_node "$path"
    if [[ -n $want ]]; then
        _umpire_option_source "$path" "$want"
    elif [[ $cur == --*=* ]]; then
        _umpire_option_source "$path" "${cur%%=*}"
        head=${cur%%=*}=
        cur=${cur#*=}
    else
        if [[ $cur == -* ]]; then
            _umpire_list+=("${_umpire_opts[@]}")
        fi
        if ((npos == 0 && ${#_umpire_cmds[@]} > 0)); then
            [[ $cur == -* ]] || _umpire_list+=("${_umpire_cmds[@]}")
        else
            _umpire_positional_source "$path" "$npos"
        fi
    fi
    case $_umpire_src in
        files|dirs)
            local IFS=$'\n'
            compopt -o filenames 2>/dev/null
            if [[ $_umpire_src == dirs ]]; then
                COMPREPLY=($(compgen -d -- "$cur"))
            else
                COMPREPLY=($(compgen -f -- "$cur"))
            fi
            return 0
            ;;
        figures)
            # A list of figures (`CF1,CF2`): complete the last one.
            [[ $cur == -* ]] && _umpire_src=''
            head+=${cur%"${cur##*,}"}
            cur=${cur##*,}
            ;;
        units|games)
            [[ $cur == -* ]] && _umpire_src=''
            ;;
    esac
    [[ -n $_umpire_src ]] && _umpire_words "$_umpire_src" "$procedure" "$bin" "${context[@]}"
    for w in "${_umpire_list[@]}"; do
        # (Not a figure already in the list.)
        [[ $w == "$cur"* && ,$head != *",$w,"* ]] && COMPREPLY+=("$head$w")
    done
    # Bash replaces only what follows the last word-break character (`=`, `:`) of the word.
    local cut=0
    for ((i = 0; i < ${#word}; i++)); do
        [[ $COMP_WORDBREAKS == *"${word:i:1}"* ]] && cut=$((i + 1))
    done
    if ((cut > 0)); then
        for i in "${!COMPREPLY[@]}"; do
            COMPREPLY[i]=${COMPREPLY[i]:cut}
        done
    fi
    # `name=` wants its number right after the `=`.
    if ((${#COMPREPLY[@]} == 1)) && [[ ${COMPREPLY[0]} == *= ]]; then
        compopt -o nospace 2>/dev/null
    fi
    return 0
}

if ((BASH_VERSINFO[0] > 4 || BASH_VERSINFO[0] == 4 && BASH_VERSINFO[1] >= 4)); then
    complete -o nosort -F _umpire umpire
else
    complete -F _umpire umpire
fi
"#;

// ----- zsh and fish --------------------------------------------------------------------------

/// The sources zsh asks `umpire` for when TAB is pressed. clap writes a placeholder
/// ([`zsh_placeholder`]) as the only value of such an argument, and [`zsh`] puts in its place the
/// function that asks (`_umpire_figures`...).
const ZSH_ASKED: [&str; 3] = ["figures", "units", "games"];

fn zsh_placeholder(key: &str) -> String {
    format!("__umpire_ask_{key}__")
}

/// Give clap's own generators the tables' words, as each argument's possible values (the
/// command is only written out, never parsed with).
fn annotate(cmd: &mut Command, path: &mut Vec<String>, v: &Vocabulary, shell: Shell) {
    let here = path.clone();
    *cmd = std::mem::take(cmd).mut_args(|arg| with_words(arg, &here, v, shell));
    for sub in cmd.get_subcommands_mut() {
        path.push(sub.get_name().to_string());
        annotate(sub, path, v, shell);
        path.pop();
    }
}

/// The program's command without its hidden subcommands, which clap's generators would offer
/// like any other. clap cannot take a subcommand out, so the top is built again around the
/// visible ones (they keep everything); only the top has hidden subcommands.
fn visible_only(cmd: &Command) -> Command {
    let mut top = Command::new("umpire")
        .bin_name("umpire")
        .version(env!("CARGO_PKG_VERSION"))
        .about(cmd.get_about().cloned().unwrap_or_default())
        .disable_help_subcommand(true)
        .subcommands(cmd.get_subcommands().filter(|s| !s.is_hide_set()).cloned());
    // Not the flags clap adds itself (`--help`, `--version`): the new top adds its own.
    for arg in cmd.get_arguments() {
        let id = arg.get_id().as_str();
        if id != "help" && id != "version" {
            top = top.arg(arg.clone());
        }
    }
    top.build();
    top
}

fn with_words(arg: Arg, path: &[String], v: &Vocabulary, shell: Shell) -> Arg {
    if !arg.get_action().takes_values() {
        return arg;
    }
    let values = |arg: Arg, words: &[Word]| {
        if words.is_empty() {
            // Nothing to offer, and no file names either.
            return arg.value_hint(ValueHint::Other);
        }
        arg.value_parser(PossibleValuesParser::new(words.iter().map(|w| {
            let value = PossibleValue::new(w.text.clone());
            if w.help.is_empty() {
                value
            } else {
                value.help(w.help.clone())
            }
        })))
    };
    match source_for(path, &arg, v) {
        Source::List(_, words) => values(arg, &words),
        Source::Situation => values(arg, &v.every_situation),
        source @ (Source::Figures | Source::Units | Source::Games) => {
            if shell == Shell::Zsh {
                let placeholder = zsh_placeholder(source.key());
                arg.value_parser(PossibleValuesParser::new([placeholder]))
            } else {
                // Fish asks through its own function ([`fish`]): clap's line must only not
                // offer file names.
                arg.value_hint(ValueHint::Other)
            }
        }
        Source::Files | Source::Dirs => arg,
        Source::Nothing => arg.value_hint(ValueHint::Other),
    }
}

/// The script one of clap's generators writes.
fn clap_script(cmd: &Command, generator: &dyn Generator) -> Result<String> {
    let mut buf = Vec::new();
    generator
        .try_generate(cmd, &mut buf)
        .map_err(|e| Error::failure(format!("cannot write the completion script: {e}")))?;
    String::from_utf8(buf)
        .map_err(|e| Error::failure(format!("the completion script is not UTF-8: {e}")))
}

fn zsh(script: &str, v: &Vocabulary) -> String {
    let mut script = script.to_string();
    for key in ZSH_ASKED {
        script = script.replace(
            &format!("({})", zsh_placeholder(key)),
            &format!("_umpire_{key}"),
        );
    }
    let header = format!(
        "#compdef umpire\n\
         # Zsh completion for umpire: its commands and options, the words of {}\n\
         # (`{}`, the ruleset the script was written for), and the figures, units and games of\n\
         # the current game.\n\
         # Written by `umpire generate completions zsh` (`--rules NAME` for another ruleset); write\n\
         # it again after changing the tables. To install, as `_umpire` in a folder of $fpath:\n\
         #   umpire generate completions zsh > \"${{fpath[1]}}/_umpire\"\n",
        v.title, v.name
    );
    let body = script.strip_prefix("#compdef umpire\n").unwrap_or(&script);
    // Before the lines that run the completion, so that the helpers exist when it runs.
    let tail = "if [ \"$funcstack[1]\" = \"_umpire\" ]; then";
    match body.rfind(tail) {
        Some(at) => format!(
            "{header}{}{ZSH_ASK}\n{}",
            body.get(..at).unwrap_or_default(),
            body.get(at..).unwrap_or_default()
        ),
        None => format!("{header}{ZSH_ASK}\n{body}"),
    }
}

const ZSH_ASK: &str = r#"# The figures, units or games of the current game, asked of umpire itself: a script cannot
# know them. Without a game umpire fails; its message goes nowhere and nothing is offered.
(( $+functions[_umpire_game_words] )) ||
_umpire_game_words() {
    local what=$1 re line out
    reply=()
    case $what in
        figures) out=$(umpire --json figs 2>/dev/null); re='^ *"code": "([^"]*)"' ;;
        units) out=$(umpire --json unit list 2>/dev/null); re='^ *"name": "([^"]*)"' ;;
        games) out=$(umpire --json game list 2>/dev/null); re='^ *"([^"]*)",?$' ;;
    esac
    for line in ${(f)out}; do
        [[ $line =~ $re ]] && reply+=("$match[1]")
    done
}
(( $+functions[_umpire_figures] )) ||
_umpire_figures() {
    local -a reply
    _umpire_game_words figures
    # A list of figures (`CF1,CF2`) completes one at a time.
    _sequence compadd - "${reply[@]}"
}
(( $+functions[_umpire_units] )) ||
_umpire_units() {
    local -a reply
    _umpire_game_words units
    compadd - "${reply[@]}"
}
(( $+functions[_umpire_games] )) ||
_umpire_games() {
    local -a reply
    _umpire_game_words games
    compadd - "${reply[@]}"
}
"#;

/// A word in single quotes, for fish.
fn fish_quote(text: &str) -> String {
    format!("'{}'", text.replace('\\', r"\\").replace('\'', r"\'"))
}

fn fish(script: &str, nodes: &[Node], v: &Vocabulary) -> String {
    let mut takes_arms = String::new();
    let mut sub_arms = String::new();
    let mut command_arms = String::new();
    for n in nodes {
        let takes: Vec<String> = n
            .options
            .iter()
            .filter(|o| o.takes_value)
            .flat_map(|o| o.names.iter().map(|name| fish_quote(name)))
            .collect();
        if !takes.is_empty() {
            takes_arms.push_str(&format!(
                "        case {}\n            printf '%s\\n' {}\n",
                fish_quote(&n.path),
                takes.join(" ")
            ));
        }
        if !n.subcommands.is_empty() {
            command_arms.push_str(&format!(
                "        case {}\n            return 0\n",
                fish_quote(&n.path)
            ));
        }
        for (word, entered) in &n.subcommands {
            sub_arms.push_str(&format!(
                "        case {}\n            echo {}\n",
                fish_quote(&format!("{}>{word}", n.path)),
                fish_quote(entered)
            ));
        }
    }
    let (option_arms, positional_arms) = source_arms(nodes, true);
    let described = |words: &[Word]| {
        let pairs: Vec<String> = words
            .iter()
            .map(|w| format!("{} {}", fish_quote(&w.text), fish_quote(&w.help)))
            .collect();
        format!("printf '%s\\t%s\\n' {}", pairs.join(" "))
    };
    let mut list_arms = String::new();
    for (key, words) in lists(nodes) {
        if words.is_empty() {
            continue;
        }
        list_arms.push_str(&format!(
            "        case {}\n            {}\n",
            fish_quote(key),
            described(words)
        ));
    }
    let mut situation_arms = String::new();
    for (names, words) in &v.situations {
        if names.is_empty() || words.is_empty() {
            continue;
        }
        situation_arms.push_str(&format!(
            "                case {}\n                    {}\n",
            names
                .iter()
                .map(|n| fish_quote(n))
                .collect::<Vec<_>>()
                .join(" "),
            described(words)
        ));
    }
    // Fish gives an option's value only the words of the lines naming that option: one line
    // per option whose words come from the game, true only for its value.
    let mut value_lines: Vec<String> = Vec::new();
    for o in nodes.iter().flat_map(|n| &n.options) {
        if !matches!(o.source, Source::Figures | Source::Units | Source::Games) {
            continue;
        }
        let longs: Vec<&str> = o
            .names
            .iter()
            .filter_map(|n| n.strip_prefix("--"))
            .collect();
        if longs.is_empty() {
            continue;
        }
        let line = format!(
            "complete -c umpire -n {} {} -r -f -a '(__umpire_complete)'",
            fish_quote(&format!(
                "__umpire_value_of {}",
                longs
                    .iter()
                    .map(|l| format!("--{l}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            )),
            longs
                .iter()
                .map(|l| format!("-l {l}"))
                .collect::<Vec<_>>()
                .join(" ")
        );
        if !value_lines.contains(&line) {
            value_lines.push(line);
        }
    }
    let helpers = FISH
        .replace("@VALUES@", &value_lines.join("\n"))
        .replace("@TITLE@", &v.title)
        .replace("@TAKES@", takes_arms.trim_end())
        .replace("@SUBCOMMANDS@", sub_arms.trim_end())
        .replace("@HAS_SUBCOMMANDS@", command_arms.trim_end())
        .replace("@OPTION_SOURCES@", &option_arms.join("\n"))
        .replace("@POSITIONAL_SOURCES@", &positional_arms.join("\n"))
        .replace("@LISTS@", list_arms.trim_end())
        .replace("@SITUATIONS@", situation_arms.trim_end());
    format!(
        "# Fish completion for umpire: its commands and options, the words of {}\n\
         # (`{}`, the ruleset the script was written for), and the figures, units and games of\n\
         # the current game.\n\
         # Written by `umpire generate completions fish` (`--rules NAME` for another ruleset); write\n\
         # it again after changing the tables. To install:\n\
         #   umpire generate completions fish > ~/.config/fish/completions/umpire.fish\n\n\
         {script}\n{helpers}",
        v.title, v.name
    )
}

const FISH: &str = r#"# What clap's lines above leave out: the words of positional arguments (procedures, the
# situation, markers) and of the options that name a figure, a unit or a game.

# The options that take a value, of a command.
function __umpire_takes
    switch $argv[1]
@TAKES@
    end
end

# The command a word enters from a command.
function __umpire_sub
    switch "$argv[1]>$argv[2]"
@SUBCOMMANDS@
    end
end

# Does a command have subcommands?
function __umpire_has_subcommands
    switch $argv[1]
@HAS_SUBCOMMANDS@
    end
    return 1
end

# Where the value of an option of a command takes its words from.
function __umpire_option_source
    switch "$argv[1]>$argv[2]"
@OPTION_SOURCES@
    end
end

# Where the positional argument number N (from 0) of a command takes its words from.
function __umpire_positional_source
    switch "$argv[1]>$argv[2]"
@POSITIONAL_SOURCES@
    end
end

# The figures, units or games of the current game, asked of umpire itself: a script cannot
# know them. Without a game umpire fails; its message goes nowhere and nothing is offered.
function __umpire_game_words
    set -l what $argv[1]
    set -l bin $argv[2]
    set -e argv[1..2]
    switch $what
        case figures
            $bin --json $argv figs 2>/dev/null | string replace -rf '^ *"code": "([^"]*)".*$' '$1'
        case units
            $bin --json $argv unit list 2>/dev/null | string replace -rf '^ *"name": "([^"]*)".*$' '$1'
        case games
            $bin --json $argv game list 2>/dev/null | string replace -rf '^ *"([^"]*)",?$' '$1'
    end
end

# The words of a source, with what they mean: the situation's words depend on the procedure.
function __umpire_words
    set -l source $argv[1]
    set -l procedure $argv[2]
    switch $source
        case situation
            switch $procedure
@SITUATIONS@
            end
@LISTS@
    end
end

function __umpire_complete
    set -l tokens (commandline -opc)
    set -l cur (commandline -ct)
    set -l bin $tokens[1]
    set -e tokens[1]
    set -l path ''
    set -l npos 0
    set -l want ''
    set -l procedure ''
    set -l context
    # Walk the words before the cursor: subcommands, options and their values, positionals.
    for w in $tokens
        if test -n "$want"
            # The options that pick the game go along when umpire is asked for its figures.
            contains -- $want --game --tables; and set context $context $want $w
            set want ''
            continue
        end
        switch $w
            case '--game=*' '--tables=*'
                set context $context $w
                continue
            case '--*=*'
                continue
            case '-?*'
                contains -- $w (__umpire_takes $path); and set want $w
                continue
        end
        if test $npos -eq 0
            set -l sub (__umpire_sub $path $w)
            if test -n "$sub"
                set path $sub
                continue
            end
            set procedure $w
        end
        set npos (math $npos + 1)
    end
    set -l source
    set -l head ''
    if string match -q -- '--*=*' $cur
        set want (string split -m1 = -- $cur)[1]
        set head "$want="
        set cur (string split -m1 = -- $cur)[2]
    end
    if test -n "$want"
        set source (__umpire_option_source $path $want)
        # clap's lines already give the options' words known in advance.
        contains -- "$source" figures units games; or return 0
    else if string match -q -- '-*' $cur
        # Options come from clap's lines; marker changes (`-NAME`) from here.
        if test $npos -gt 0; or not __umpire_has_subcommands $path
            set source (__umpire_positional_source $path $npos)
        end
        contains -- "$source" figures units games; and return 0
    else if test $npos -eq 0; and __umpire_has_subcommands $path
        return 0
    else
        set source (__umpire_positional_source $path $npos)
    end
    switch "$source"
        case ''
            return 0
        case figures
            # A list of figures (`CF1,CF2`): complete the last one.
            set head $head(string match -r -- '^.*,' $cur)
            set -l listed (string split , -- $head)
            for code in (__umpire_game_words figures $bin $context)
                contains -- $code $listed; or printf '%s%s\n' "$head" $code
            end
        case units games
            for word in (__umpire_game_words $source $bin $context)
                printf '%s%s\n' "$head" $word
            end
        case files dirs
            __fish_complete_path $cur
        case '*'
            __umpire_words $source $procedure
    end
end

# Is the word to complete the value of one of these options (`--name VALUE`, `--name=VALUE`)?
function __umpire_value_of
    set -l before (commandline -opc)
    set -l cur (commandline -ct)
    for name in $argv
        test "$before[-1]" = $name; and return 0
        string match -q -- "$name=*" $cur; and return 0
    end
    return 1
end

complete -c umpire -f -a '(__umpire_complete)'
@VALUES@
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_beyond_ascii_become_groff_escapes() {
        assert_eq!(
            ascii_roff("a \u{2014} \u{e9}t\u{e9}"),
            r"a \[u2014] \[u00E9]t\[u00E9]"
        );
        assert_eq!(ascii_roff("\\fBplain\\fR"), "\\fBplain\\fR");
    }

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
