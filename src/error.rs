//! The one error type every command returns, and the exit code it maps to.

use std::fmt;
use std::process::ExitCode;

/// What went wrong, sorted by whose fault it was: the exit code follows from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The user typed something we cannot take (exit 2).
    Usage,
    /// A file, a table or the system failed us (exit 1).
    Failure,
}

/// A one-line message with an optional hint, shown as `error: ...` by `main`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub kind: Kind,
    pub message: String,
    pub hint: Option<String>,
    /// When a rule of play refused: which, and of whom, as data (`--json` gives it).
    pub refusal: Option<Box<Refusal>>,
}

/// A rule of play refusing something: the rule, who it refuses, and why, as facts that the
/// message words and `--json` carries; the umpire may rule otherwise (`--anyway "WHY"`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Refusal {
    pub rule: String,
    pub who: String,
    pub why: String,
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub fn usage(message: impl Into<String>) -> Self {
        Error {
            kind: Kind::Usage,
            message: message.into(),
            hint: None,
            refusal: None,
        }
    }

    pub fn failure(message: impl Into<String>) -> Self {
        Error {
            kind: Kind::Failure,
            message: message.into(),
            hint: None,
            refusal: None,
        }
    }

    /// A rule of play refusing: `RULE refuses WHO: WHY`, with what would make it legal, and the
    /// way through that is always the umpire's.
    pub fn refused(refusal: Refusal, fix: Option<String>) -> Self {
        Error {
            kind: Kind::Usage,
            message: refusal.to_string(),
            hint: fix,
            refusal: Some(Box::new(refusal)),
        }
        .or_anyway()
    }

    /// The hint ends with the umpire's way through a rule of play: `--anyway "WHY"`.
    #[must_use]
    pub fn or_anyway(mut self) -> Self {
        let anyway = "or rule otherwise with `--anyway \"WHY\"`";
        self.hint = Some(match self.hint.take() {
            // A fix may be a rule's note, a sentence of its own: its full stop ends it.
            Some(fix) if fix.trim_end().ends_with('.') => {
                format!("{} O{}", fix.trim_end(), &anyway[1..])
            }
            Some(fix) => format!("{fix}; {anyway}"),
            None => anyway.to_string(),
        });
        self
    }

    #[must_use]
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// The same error said of someone or something: `WHO: message` (a figure of a unit's roll).
    #[must_use]
    pub fn about(mut self, who: impl fmt::Display) -> Self {
        self.message = format!("{who}: {}", self.message);
        self
    }

    /// Attach a hint only when there is one to give.
    #[must_use]
    pub fn with_hint_opt(mut self, hint: Option<String>) -> Self {
        if hint.is_some() {
            self.hint = hint;
        }
        self
    }

    /// A mistake in a file, as `file:line:column: message`, from a parser's message that ends
    /// with its own " at line N column M" (left out: the place leads already).
    pub fn in_file(
        file: impl fmt::Display,
        line: usize,
        column: usize,
        parser_message: &str,
    ) -> String {
        let message = parser_message
            .split(" at line ")
            .next()
            .unwrap_or(parser_message);
        format!("{file}:{line}:{column}: {message}")
    }

    pub fn exit_code(&self) -> ExitCode {
        ExitCode::from(match self.kind {
            Kind::Usage => 2,
            Kind::Failure => 1,
        })
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if let Some(hint) = &self.hint {
            write!(f, " ({hint})")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} refuses {}: {}", self.rule, self.who, self.why)
    }
}
