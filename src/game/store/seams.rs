//! The two settings the store's tests turn, read from the environment so that a test can
//! drive the real binary: where a change stops dead (`UMPIRE_CRASH_AT`), and how long a command
//! waits for another's lock before it says so (`UMPIRE_LOCK_PATIENCE_MS`).
//!
//! A crash test that kills a process at a random moment passes or fails with the machine's
//! load; stopping at a named point makes every point of a change checked on every run. A user
//! has no reason to set either.

use std::time::Duration;

/// How long a command waits for another's lock before it says it is waiting, unless
/// `UMPIRE_LOCK_PATIENCE_MS` says otherwise: a tool that never says it waits looks hung.
const PATIENCE: Duration = Duration::from_secs(1);

/// The points of a change where `UMPIRE_CRASH_AT` can stop it, in the order a change passes
/// them. Named in one place so that the tests and the store cannot disagree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Point {
    /// The log cut back to the length the state includes, nothing appended yet.
    LogCut,
    /// Half the event's line written and synced.
    LineTorn,
    /// The event appended and synced, the state not yet written.
    Logged,
    /// The new state in its synced temporary file, not yet renamed over the old.
    BeforeRename,
    /// The new state in place.
    Saved,
}

impl Point {
    fn name(self) -> &'static str {
        match self {
            Point::LogCut => "log-cut",
            Point::LineTorn => "line-torn",
            Point::Logged => "logged",
            Point::BeforeRename => "before-rename",
            Point::Saved => "saved",
        }
    }
}

/// Whether `UMPIRE_CRASH_AT` names `point`.
pub(super) fn stops_at(point: Point) -> bool {
    std::env::var_os("UMPIRE_CRASH_AT").is_some_and(|at| at == point.name())
}

/// Stop the process dead at `point` when `UMPIRE_CRASH_AT` names it: no destructor runs and no
/// temporary file is cleaned up, as when the power goes.
pub(super) fn crash_at(point: Point) {
    if stops_at(point) {
        std::process::abort();
    }
}

/// How long to wait for a lock before saying so: `UMPIRE_LOCK_PATIENCE_MS` (0 says it at
/// once, which the race tests read as the sign that a command is waiting), else [`PATIENCE`].
pub(super) fn patience() -> Duration {
    std::env::var("UMPIRE_LOCK_PATIENCE_MS")
        .ok()
        .and_then(|ms| ms.trim().parse().ok())
        .map_or(PATIENCE, Duration::from_millis)
}
