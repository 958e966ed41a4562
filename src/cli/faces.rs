//! Faces thrown at the table for a change to the game: asked for on the game as it stands,
//! before the lock (a prompt stays open as long as the players take, and every other command
//! on the game would wait for it), then given again, in order, when the change is made under
//! the lock.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::io::IsTerminal as _;
use std::rc::Rc;

use dialoguer::Input;
use dialoguer::theme::SimpleTheme;

use crate::engine::dice::parse_faces;

use crate::engine::dice::{Asker, DiceSpec};
use crate::error::{Error, Result};

/// The faces typed at each prompt, in order, with the question they answered (`None`: the
/// umpire let the tool roll).
type Typed = Rc<RefCell<VecDeque<(String, Option<Vec<i64>>)>>>;

fn question(spec: &DiceSpec, what: &str) -> String {
    format!("{what}: {spec}")
}

/// Ask the umpire for the faces, keeping each answer; `chances` as for
/// [`face_asker`].
fn recording(typed: &Typed, chances: Option<Vec<String>>) -> Result<Asker> {
    let ask = face_asker(chances)?;
    Ok(keeping(typed, ask))
}

/// `ask`, keeping each answer in `typed`.
fn keeping(typed: &Typed, mut ask: Asker) -> Asker {
    let typed = Rc::clone(typed);
    Box::new(move |spec: &DiceSpec, what: &str| {
        let answer = ask(spec, what)?;
        typed
            .borrow_mut()
            .push_back((question(spec, what), answer.clone()));
        Ok(answer)
    })
}

/// Give the answers typed before, in order, so long as the same dice are asked for.
fn replaying(left: &Typed, changed: Error) -> Asker {
    let left = Rc::clone(left);
    Box::new(move |spec: &DiceSpec, what: &str| {
        let next = left.borrow_mut().pop_front();
        match next {
            Some((asked, answer)) if asked == question(spec, what) => Ok(answer),
            _ => Err(changed.clone()),
        }
    })
}

/// The answers typed on the pass made before the lock, to be given again under it.
pub(super) struct Replay {
    left: Typed,
    changed: Error,
}

/// Make the first pass (`first`, given an asker that keeps the umpire's answers) on the game as
/// it stands, before the lock; `seed` is the one every pass rolls with, `chances` the odds
/// shown between the prompts.
pub(super) fn ask_first(
    game: &str,
    (seed, chances): (u64, Option<Vec<String>>),
    first: impl FnOnce(Asker) -> Result<()>,
) -> Result<Replay> {
    let typed: Typed = Rc::default();
    first(recording(&typed, chances)?)?;
    let typed = typed.take();
    let changed = changed_meanwhile(game, &typed, seed);
    Ok(Replay {
        left: Rc::new(RefCell::new(typed)),
        changed,
    })
}

impl Replay {
    /// An asker that gives the answers again, in order, while the same dice are asked for.
    pub(super) fn asker(&self) -> Asker {
        replaying(&self.left, self.changed.clone())
    }

    /// Every answer was given again; else the game changed meanwhile, and nothing may be
    /// written.
    pub(super) fn done(&self) -> Result<()> {
        if self.left.borrow().is_empty() {
            Ok(())
        } else {
            Err(self.changed.clone())
        }
    }
}

/// Another command changed the game while the faces were typed, so that the command now asks
/// for other dice: nothing is written, and the faces typed are given back, with the seed that
/// rolls again those left to the tool.
fn changed_meanwhile(game: &str, typed: &VecDeque<(String, Option<Vec<i64>>)>, seed: u64) -> Error {
    let faces: Vec<String> = typed
        .iter()
        .map(|(asked, answer)| match answer {
            Some(f) => format!(
                "{asked} {}",
                f.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            ),
            None => format!("{asked} rolled"),
        })
        .collect();
    let mut hint = format!("run it again with --seed {seed}");
    if !faces.is_empty() {
        hint.push_str(&format!("; the faces typed: {}", faces.join("; ")));
    }
    Error::failure(format!(
        "game {game} changed while the faces were typed, and the command now asks for other \
         dice; nothing was written"
    ))
    .with_hint(hint)
}

/// Whether there is a person at a terminal to ask: both standard input and standard error.
pub(super) fn on_a_terminal() -> bool {
    std::io::stdin().is_terminal() && std::io::stderr().is_terminal()
}

/// Ask for the faces of each roll as the players throw them; Enter lets the tool roll. Checked
/// against the die as typed, so a wrong face is asked again, not refused after the fact.
/// With `chances` (an `odds` command), each prompt after the first throw known shows the
/// chances from where the table stands: the command run with the faces typed so far.
pub(super) fn face_asker(chances: Option<Vec<String>>) -> Result<Asker> {
    let mut chances = chances;
    Ok(Box::new(move |spec: &DiceSpec, what: &str| {
        if let Some(words) = &chances
            && on_a_terminal()
        {
            show_chances(words);
        }
        // Faces entered with --dice never reach here; only a roll still to throw asks.
        if !on_a_terminal() {
            return Err(Error::usage(format!(
                "physical dice: {what} needs the faces of {spec}, and there is no terminal to ask on"
            ))
            .with_hint(
                "give the faces with --dice (one per roll, in order), or turn physical dice off: \
                 `umpire config dice tool`",
            ));
        }
        let answer: String = Input::<String>::with_theme(&SimpleTheme)
            .with_prompt(format!(
                "{what}: the faces of {spec} (Enter: the tool rolls)"
            ))
            .allow_empty(true)
            .validate_with(|text: &String| -> std::result::Result<(), String> {
                if text.trim().is_empty() {
                    return Ok(());
                }
                let faces = parse_faces(text).map_err(|e| e.to_string())?;
                if faces.len() != spec.count {
                    return Err(format!(
                        "{spec} is {} dice; type {} faces",
                        spec.count, spec.count
                    ));
                }
                if let Some(bad) = faces.iter().find(|f| !spec.has_face(**f)) {
                    return Err(format!(
                        "{bad} is not a face of a {} (faces {})",
                        spec.die.name,
                        spec.die.describe_faces()
                    ));
                }
                Ok(())
            })
            .interact_text()
            .map_err(|e| Error::failure(format!("cannot ask for the faces: {e}")))?;
        if answer.trim().is_empty() {
            // The tool rolls: the faces that follow it are not known here.
            chances = None;
            Ok(None)
        } else {
            if let Some(words) = chances.as_mut() {
                words.extend(["--given".to_string(), answer.trim().to_string()]);
            }
            parse_faces(&answer).map(Some)
        }
    }))
}

/// The chances from where the table stands, on standard error before a prompt: the final
/// outcomes `odds ... --given ...` gives, once some faces are known. Odds that cannot be given
/// (too many to count, a fight of several) show nothing: the prompt still asks.
fn show_chances(words: &[String]) {
    if !words.iter().any(|w| w == "--given") {
        return;
    }
    let args: Vec<std::ffi::OsString> = std::iter::once("umpire".into())
        .chain(words.iter().map(Into::into))
        .collect();
    let mut out = Vec::new();
    if crate::cli::execute(args, &mut out, &mut crate::cli::Report::default()).is_err() {
        return;
    }
    let text = String::from_utf8_lossy(&out);
    if let Some(at) = text.find("chances from here:") {
        eprint!("{}", &text[at..]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d6(count: usize) -> DiceSpec {
        DiceSpec::parse(&format!("{count}d6"), &|_| None).unwrap()
    }

    /// What the umpire typed at two prompts: the faces, then Enter (the tool rolls).
    fn typed_twice() -> VecDeque<(String, Option<Vec<i64>>)> {
        let typed: Typed = Rc::default();
        let mut answers = VecDeque::from([Some(vec![3, 4]), None]);
        let mut ask = keeping(
            &typed,
            Box::new(move |_: &DiceSpec, _: &str| Ok(answers.pop_front().flatten())),
        );
        assert_eq!(ask(&d6(2), "the points of A").unwrap(), Some(vec![3, 4]));
        assert_eq!(ask(&d6(2), "the points of B").unwrap(), None);
        typed.take()
    }

    #[test]
    fn the_same_dice_asked_again_get_the_same_answers() {
        let left: Typed = Rc::new(RefCell::new(typed_twice()));
        let mut replay = replaying(&left, changed_meanwhile("g", &typed_twice(), 7));
        assert_eq!(replay(&d6(2), "the points of A").unwrap(), Some(vec![3, 4]));
        assert_eq!(replay(&d6(2), "the points of B").unwrap(), None);
        assert!(left.borrow().is_empty());
    }

    #[test]
    fn other_dice_asked_for_write_nothing_and_give_the_faces_back() {
        let left: Typed = Rc::new(RefCell::new(typed_twice()));
        let mut replay = replaying(&left, changed_meanwhile("g", &typed_twice(), 7));
        let e = replay(&d6(3), "the points of A").unwrap_err();
        assert_eq!(
            e.message,
            "game g changed while the faces were typed, and the command now asks for other \
             dice; nothing was written"
        );
        assert_eq!(
            e.hint.as_deref(),
            Some(
                "run it again with --seed 7; the faces typed: the points of A: 2d6 3,4; the \
                 points of B: 2d6 rolled"
            )
        );
    }
}
