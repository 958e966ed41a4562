//! The zsh completion script: clap_complete's, with the tables' words as possible values, and
//! the functions that ask `umpire` for the figures, units and games of the current game.

use super::words::Vocabulary;

/// The sources zsh asks `umpire` for when TAB is pressed. clap writes a placeholder
/// ([`zsh_placeholder`]) as the only value of such an argument, and [`zsh`] puts in its place the
/// function that asks (`_umpire_figures`...).
const ZSH_ASKED: [&str; 3] = ["figures", "units", "games"];

pub(super) fn zsh_placeholder(key: &str) -> String {
    format!("__umpire_ask_{key}__")
}

pub(super) fn zsh(script: &str, v: &Vocabulary) -> String {
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
