//! The roster: units and their figures added to a game, checked against the ruleset's `game`
//! tables (a unit's name, code, fields and number of figures). It sits above the parts of a
//! figure's state, since a unit's fields are parsed as `fields` reads them.

use crate::error::{Error, Result};
use crate::game::lookup::{game_def, side};
use crate::game::state::{Event, Figure, Game, Unit, label_key};
use crate::model::Pieces;
use crate::model::Ruleset;
use crate::suggest::same;

/// What can be said about a unit when it is added.
#[derive(Debug, Clone, Default)]
pub struct UnitSpec {
    pub name: String,
    pub side: String,
    pub code: Option<String>,
    /// How many figures; none where the pieces are units.
    pub figures: Option<u32>,
    /// (field, value as typed), the fields as the ruleset's `game.unit` names them.
    pub fields: Vec<(String, String)>,
    /// What the unit is worth (from its army list).
    pub points: Option<crate::model::Points>,
    pub note: String,
}

/// The most figures one unit may have: more is surely a typo.
pub const MAX_FIGURES: u32 = 200;

/// The plain letter an accented Latin letter is written with on a base (`é` → `e`), for a
/// figure's code, which is plain letters; `None` for anything else.
fn plain_letter(c: char) -> Option<char> {
    if c.is_ascii_alphabetic() {
        return Some(c);
    }
    let plain = match c.to_lowercase().next().unwrap_or(c) {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'æ' => 'a',
        'ç' => 'c',
        'è' | 'é' | 'ê' | 'ë' => 'e',
        'ì' | 'í' | 'î' | 'ï' => 'i',
        'ñ' => 'n',
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'œ' => 'o',
        'ù' | 'ú' | 'û' | 'ü' => 'u',
        'ý' | 'ÿ' => 'y',
        'ß' => 's',
        _ => return None,
    };
    Some(plain)
}

/// A label prefix from a unit's name: its initials, or its first two letters (`régiment`
/// gives RE).
fn default_code(name: &str) -> String {
    let words: Vec<&str> = name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let code: String = if words.len() > 1 {
        words
            .iter()
            .filter_map(|w| w.chars().find_map(plain_letter))
            .collect()
    } else {
        name.chars().filter_map(plain_letter).take(2).collect()
    };
    let code = code.to_ascii_uppercase();
    if code.is_empty() { "U".into() } else { code }
}

/// The longest name a unit may have, in characters.
const UNIT_NAME_MAX: usize = 40;

/// A unit's name is typed at the table: letters of any alphabet (accented ones too), digits,
/// `-` and `_`, which a shell passes as one word and a roster column shows as typed.
pub fn check_unit_name(name: &str) -> Result<()> {
    let ok = !name.is_empty()
        && name.chars().count() <= UNIT_NAME_MAX
        && !name.starts_with('-')
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        Err(
            Error::usage(format!("`{name}` cannot name a unit")).with_hint(format!(
                "use letters (accented ones too), digits, `-` and `_`, up to {UNIT_NAME_MAX}, \
             such as `north-flank` or `régiment-béarn`; no spaces"
            )),
        )
    }
}

fn check_code(code: &str) -> Result<()> {
    let ok = !code.is_empty()
        && code.len() <= 8
        && code.chars().all(|c| c.is_ascii_alphabetic())
        && code.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
    if ok {
        Ok(())
    } else {
        Err(Error::usage(format!("`{code}` cannot be a figure code"))
            .with_hint("use 1 to 8 letters, such as `RR`; the figures become RR1, RR2..."))
    }
}

/// Add a unit and its figures.
pub fn add_unit(
    game: &mut Game,
    ruleset: &Ruleset,
    spec: &UnitSpec,
    event: &mut Event,
) -> Result<Unit> {
    let g = game_def(ruleset)?;
    check_unit_name(&spec.name)?;
    // Names are typed in any case, so two that differ only in case would be one unit.
    if let Some(u) = game.units.iter().find(|u| same(&u.name, &spec.name)) {
        return Err(Error::usage(format!("there is already a unit `{}`", u.name))
            .with_hint("unit names must differ, whatever their case; add figures to it with `umpire fig add`"));
    }
    let side = side(g, &spec.side)?.to_string();
    let figures = match (g.pieces, spec.figures) {
        (Pieces::Figures, Some(n)) if n == 0 || n > MAX_FIGURES => {
            return Err(Error::usage(format!(
                "a unit has 1 to {MAX_FIGURES} figures, not {n}"
            )));
        }
        (Pieces::Figures, Some(n)) => n,
        (Pieces::Figures, None) => {
            return Err(
                Error::usage(format!("how many figures has unit `{}`?", spec.name))
                    .with_hint("add `--figures N`"),
            );
        }
        (Pieces::Units, None) => 1,
        (Pieces::Units, Some(_)) => {
            return Err(Error::usage(format!(
                "in {} a unit is one piece: it has no figures to count",
                ruleset.model.title
            ))
            .with_hint("leave out `--figures`"));
        }
    };
    let mut fields = std::collections::BTreeMap::new();
    for (field, word) in &spec.fields {
        let typed = if word.is_empty() {
            field.clone()
        } else {
            format!("{field}={word}")
        };
        let (field, value) = crate::game::fields::parse(ruleset, g, &typed)?;
        fields.insert(field, value);
    }
    for need in &g.required {
        if !fields.contains_key(need) {
            return Err(Error::usage(format!("a unit needs its {need}"))
                .with_hint(format!("add `{need}=VALUE` after its name")));
        }
    }
    let code = match &spec.code {
        Some(c) => {
            check_code(c)?;
            let c = c.to_ascii_uppercase();
            if let Some(u) = game.units.iter().find(|u| u.code == c) {
                return Err(
                    Error::usage(format!("unit `{}` already uses code {c}", u.name))
                        .with_hint("pick another `--code`"),
                );
            }
            c
        }
        None => {
            let base = default_code(&spec.name);
            let mut code = base.clone();
            let mut n = 0u32;
            while game.units.iter().any(|u| u.code == code) {
                // BA, BB... then BAA, BAB...: letters only, as labels need.
                let mut suffix = String::new();
                let mut k = n;
                loop {
                    suffix.insert(0, char::from(b'A' + (k % 26) as u8));
                    k /= 26;
                    if k == 0 {
                        break;
                    }
                    k -= 1;
                }
                code = format!("{base}{suffix}");
                n += 1;
            }
            code
        }
    };
    let unit = Unit {
        name: spec.name.clone(),
        side,
        code: code.clone(),
        fields,
        charged: None,
        points: spec.points,
        note: spec.note.clone(),
    };
    game.apply(game.unit_change(&spec.name, Some(unit.clone())), event);
    if g.pieces == Pieces::Units {
        // The unit is its own piece, named as the unit: markers and counts go on it.
        let piece = Figure {
            code: unit.name.clone(),
            unit: unit.name.clone(),
            markers: Vec::new(),
            counters: Default::default(),
            last_turn: Default::default(),
            until: Default::default(),
            links: Default::default(),
            state: None,
            note: String::new(),
        };
        game.apply(game.figure_change(&unit.name, Some(piece)), event);
    } else {
        add_figures(game, &unit, figures, event)?;
    }
    Ok(unit)
}

/// Refuses, for a ruleset whose pieces are units, what only figures do (`doing`: being added
/// to a unit, moving to another).
pub fn figures_only(ruleset: &Ruleset, doing: &str) -> Result<()> {
    if game_def(ruleset)?.pieces == Pieces::Units {
        return Err(Error::usage(format!(
            "in {} a unit is one piece: no figures are {doing}",
            ruleset.model.title
        ))
        .with_hint("`umpire unit add` and `umpire unit rm` add and remove units"));
    }
    Ok(())
}

/// Add `count` figures to a unit, numbered after its highest label.
pub fn add_figures(
    game: &mut Game,
    unit: &Unit,
    count: u32,
    event: &mut Event,
) -> Result<Vec<String>> {
    let have = u32::try_from(game.figures_of(&unit.name).len()).unwrap_or(u32::MAX);
    if count == 0 || have.saturating_add(count) > MAX_FIGURES {
        return Err(Error::usage(format!(
            "a unit has 1 to {MAX_FIGURES} figures; {} has {have}",
            unit.name
        )));
    }
    let mut next = game
        .figures
        .iter()
        .filter(|f| label_key(&f.code).0 == unit.code)
        .map(|f| label_key(&f.code).1)
        .max()
        .unwrap_or(0);
    let mut added = Vec::new();
    for _ in 0..count {
        next += 1;
        let code = format!("{}{next}", unit.code);
        let fig = Figure {
            code: code.clone(),
            unit: unit.name.clone(),
            markers: Vec::new(),
            counters: Default::default(),
            last_turn: Default::default(),
            until: Default::default(),
            links: Default::default(),
            state: None,
            note: String::new(),
        };
        game.apply(game.figure_change(&code, Some(fig)), event);
        added.push(code);
    }
    Ok(added)
}
