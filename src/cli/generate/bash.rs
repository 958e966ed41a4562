//! The bash completion script, written by us: bash has no generator that can offer the words of
//! the tables and the game. Also the `case` arms of each argument's source, shared with fish.

use super::fish::fish_quote;
use super::words::{Node, Vocabulary, lists};

/// A word in single quotes, for bash and zsh.
fn sq(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// `'a' 'b' 'c'`
fn sq_all<'a>(words: impl IntoIterator<Item = &'a str>) -> String {
    words.into_iter().map(sq).collect::<Vec<_>>().join(" ")
}

/// The `case` arms that give the source of each option's value (`path>--name`) and of each
/// positional argument (`path>N`, N counting from 0; the last one repeats), in the syntax of
/// bash (`fish` false) or fish.
pub(super) fn source_arms(nodes: &[Node], fish: bool) -> (Vec<String>, Vec<String>) {
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

pub(super) fn bash(nodes: &[Node], v: &Vocabulary) -> String {
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
