//! The options that name the figures of a roll (`--ROLE CODE`), as a ruleset's
//! `game: roles:` declares them: the part each plays, the one a procedure prints, what the
//! umpire named with them, and the figures found for them (`Figures`): data the parts that land
//! a roll's results read, so it sits low, below `figures`, which finds them.

use crate::engine::resolve::Step;
use crate::model::{GameDef, Part, Pieces, ProcedureDef, Role, RoleDef};

/// Figures named on the command line, each list under the role option that named it.
#[derive(Debug, Clone, Default)]
pub struct Cast {
    pub named: Vec<Named>,
}

/// One role option given: `--attackers CF1,CF2`.
#[derive(Debug, Clone)]
pub struct Named {
    /// The role's name (not the alias typed), as the messages print it.
    pub option: String,
    pub part: Part,
    pub figures: Vec<String>,
}

impl Cast {
    pub fn is_empty(&self) -> bool {
        self.named.is_empty()
    }

    /// The options given for `part` (two when two options playing it were both given).
    pub fn of<'a>(&'a self, part: &'a Part) -> impl Iterator<Item = &'a Named> + 'a {
        self.named.iter().filter(move |n| &n.part == part)
    }
}

/// The figures of a roll, found in the game, by role (and side in an opposed roll).
#[derive(Debug, Clone)]
pub struct Figures {
    pub acting: Option<String>,
    pub acted_upon: Option<String>,
    /// (side, figure) in the procedure's order of sides.
    pub sides: Vec<(String, String)>,
    /// Every pairing of an opposed roll: several attackers against one are rolled in turn.
    pub pairings: Vec<Vec<(String, String)>>,
    /// The earlier turn a check the acting figure makes was owed in: its result counts toward
    /// that turn, so the counts kept for this turn are not raised by it.
    pub owed_in: Option<u32>,
}

impl Figures {
    /// The figures of one pairing of an opposed roll (or these very ones).
    pub fn pairing(&self, i: usize) -> Figures {
        let mut one = self.clone();
        if let Some(p) = self.pairings.get(i) {
            one.sides.clone_from(p);
        }
        one
    }
}

impl Figures {
    /// One figure acting, and no other.
    pub fn acting(code: &str) -> Figures {
        Figures {
            acting: Some(code.to_string()),
            acted_upon: None,
            sides: Vec::new(),
            pairings: Vec::new(),
            owed_in: None,
        }
    }

    /// The figures of a step that follows at once: where it is one side's of an opposed roll
    /// (the loser's result), that side's figure is the one acting in it.
    pub fn of_step(&self, step: &Step) -> Figures {
        match step
            .for_side
            .as_deref()
            .and_then(|side| self.of(Role::Loser, Some(side)))
        {
            Some(code) => Figures::acting(code),
            None => self.clone(),
        }
    }

    /// The figure that plays `role` (for the loser or winner: the figure of `side`).
    pub fn of(&self, role: Role, side: Option<&str>) -> Option<&str> {
        let of_side = || {
            self.sides
                .iter()
                .find(|(s, _)| Some(s.as_str()) == side)
                .map(|(_, f)| f.as_str())
        };
        match role {
            // In an opposed roll no figure acts alone: a side's is named (`side: attacker`).
            Role::Acting => self.acting.as_deref().or_else(of_side),
            Role::ActedUpon => self.acted_upon.as_deref(),
            // Every side's: the first here; a change on each lands side by side.
            Role::Each => self.sides.first().map(|(_, f)| f.as_str()),
            Role::Loser | Role::Winner => of_side(),
        }
    }
}

/// The parts a procedure's figures play: its sides in an opposed roll, else the figure acting
/// and the one acted upon.
pub fn parts(p: &ProcedureDef) -> Vec<Part> {
    if p.sides.is_empty() {
        vec![Part::Acting, Part::ActedUpon]
    } else {
        p.sides.iter().map(|s| Part::Side(s.name.clone())).collect()
    }
}

/// The role option a procedure names its figure in `part` with: the first of the procedure's
/// own `roles` that plays it (a name or an alias), else the first role of the game that does.
pub fn option_for<'a>(g: &'a GameDef, p: &'a ProcedureDef, part: &Part) -> Option<&'a str> {
    let playing = || g.roles.iter().filter(|r| &r.plays == part);
    p.roles
        .iter()
        .find(|want| playing().any(|r| r.name == **want || r.aliases.iter().any(|a| a == *want)))
        .map(String::as_str)
        .or_else(|| playing().next().map(|r| r.name.as_str()))
        // Where a unit is one piece, the unit acting is named by `--unit`.
        .or_else(|| (g.pieces == Pieces::Units && *part == Part::Acting).then_some(UNIT_OPTION))
}

/// The option of `roll` and `odds` that names a unit: every figure of it, or the unit itself
/// where a unit is one piece.
pub const UNIT_OPTION: &str = "unit";

/// `--a (or --b)`: every option that names the figure of `part`.
fn spelled(g: &GameDef, part: &Part) -> Option<String> {
    let mut names = g
        .roles
        .iter()
        .filter(|r| &r.plays == part)
        .flat_map(|r: &RoleDef| std::iter::once(&r.name).chain(&r.aliases))
        .map(|n| format!("--{n}"));
    let head = names.next()?;
    let names: Vec<String> = names.collect();
    Some(if names.is_empty() {
        head
    } else {
        format!("{head} (or {})", names.join(", "))
    })
}

/// How to name a procedure's figures: `--a (or --b) and --c`; `None` when the
/// ruleset declares no option for one of its parts.
pub fn how_to_name(g: &GameDef, p: &ProcedureDef) -> Option<String> {
    let words: Vec<String> = parts(p)
        .iter()
        .filter_map(|part| spelled(g, part))
        .collect();
    (!words.is_empty()).then(|| words.join(" and "))
}

/// The noun a role playing `part` gives its figure (`target`), if any.
fn label<'a>(g: &'a GameDef, part: &Part) -> Option<&'a str> {
    g.roles
        .iter()
        .filter(|r| &r.plays == part)
        .find_map(|r| r.label.as_deref())
}

/// `the target`, `the figure acting`: a figure by the part it plays, in a result's words.
pub fn noun(g: Option<&GameDef>, role: Role) -> String {
    let part = match role {
        Role::Acting => Part::Acting,
        Role::ActedUpon => Part::ActedUpon,
        Role::Loser => return "the loser".into(),
        Role::Winner => return "the winner".into(),
        Role::Each => return "each side's figure".into(),
    };
    match (g.and_then(|g| label(g, &part)), part) {
        (Some(l), _) => format!("the {l}"),
        (None, Part::Acting) => "the figure acting".into(),
        (None, _) => "the figure acted upon".into(),
    }
}

/// `acting`, `target`: a figure's part in the lines that say where its factors came from.
pub fn part_word(g: &GameDef, part: &Part) -> String {
    match (label(g, part), part) {
        (Some(l), _) => l.to_string(),
        (None, Part::Acting | Part::Side(_)) => "acting".into(),
        (None, Part::ActedUpon) => "acted upon".into(),
    }
}
