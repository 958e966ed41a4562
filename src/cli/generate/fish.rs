//! The fish completion script: clap_complete's, followed by the functions that give the words
//! clap's lines leave out (positional arguments, and the figures, units and games of the game).

use super::bash::source_arms;
use super::words::{Node, Source, Vocabulary, Word, lists};

/// A word in single quotes, for fish.
pub(super) fn fish_quote(text: &str) -> String {
    format!("'{}'", text.replace('\\', r"\\").replace('\'', r"\'"))
}

pub(super) fn fish(script: &str, nodes: &[Node], v: &Vocabulary) -> String {
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
