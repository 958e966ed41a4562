//! Sides the players name when a game starts, where the table leaves them open: the names
//! checked and kept in the game, and the game's ruleset seen with them in the table's place,
//! so that every command reads, types and says the players' names.

use crate::error::{Error, Result};
use crate::game::lookup::game_def;
use crate::game::roster::check_unit_name;
use crate::game::state::Game;
use crate::model::{GameSideDef, Ruleset};
use crate::suggest::same;
use crate::words::capitalised;

/// The ruleset as the game plays it: the players' sides in place of the table's.
pub fn named(mut ruleset: Ruleset, game: &Game) -> Ruleset {
    let open = ruleset.model.game.as_ref().is_some_and(|g| g.open_sides);
    if open && !game.sides.is_empty() {
        // Only a game with named sides pays for its own copy of the model.
        let model = std::sync::Arc::make_mut(&mut ruleset.model);
        if let Some(g) = model.game.as_mut() {
            g.sides.clone_from(&game.sides);
        }
    }
    ruleset
}

/// The sides `names` make for a game of `ruleset`: one a side of the table, in its order,
/// each a word that is no other's; none when no name is given.
pub fn name(ruleset: &Ruleset, names: &[String]) -> Result<Vec<GameSideDef>> {
    if names.is_empty() {
        return Ok(Vec::new());
    }
    let g = game_def(ruleset)?;
    if !g.open_sides {
        let known: Vec<&str> = g.sides.iter().map(|s| s.name.as_str()).collect();
        return Err(Error::usage(format!(
            "{}'s sides are its own ({}): the players do not name them",
            ruleset.model.title,
            known.join(", ")
        ))
        .with_hint("leave out the names; `unit add ... --side SIDE` takes the table's"));
    }
    if names.len() != g.sides.len() {
        return Err(Error::usage(format!(
            "{} has {} sides: name each once, not {}",
            ruleset.model.title,
            g.sides.len(),
            names.len()
        )));
    }
    let mut sides = Vec::new();
    for (i, n) in names.iter().enumerate() {
        check_unit_name(n).map_err(|_| {
            Error::usage(format!("`{n}` cannot name a side"))
                .with_hint("letters, digits, `-` and `_`, starting with a letter")
        })?;
        if names.iter().take(i).any(|m| same(m, n)) {
            return Err(Error::usage(format!("side `{n}` is named twice")));
        }
        sides.push(GameSideDef {
            name: n.to_lowercase(),
            label: Some(capitalised(n)),
            aliases: Vec::new(),
            token: None,
        });
    }
    Ok(sides)
}
