//! A fuzz harness on stable Rust: mutated table files, game states, logs and configs fed to the
//! code that reads them, each case in a worker thread that must not panic.
//!
//! `cargo test` runs a fixed number of cases of each target from a fixed seed, with no time
//! bound, so that it passes or fails the same way on any machine, however busy. Exploration is
//! asked for: `UMPIRE_FUZZ_SECONDS=S` runs each target for S seconds from a random seed, and
//! then a case must also finish within a bound (1 s in a release build, 60 s in a debug one), so
//! that a hang is seen; CI does this in a step of its own, for a fixed budget. A long run:
//!
//! ```text
//! UMPIRE_FUZZ_SECONDS=600 cargo test --release --lib fuzz -- --nocapture
//! ```
//!
//! Each case is made from its own seed, printed with any failure (and its input written to a
//! file); `UMPIRE_FUZZ_SEED=N cargo test --lib fuzz::tables` replays case N of that target
//! alone. cargo-fuzz would need a nightly compiler, which the project does not require.

mod mutate;
mod targets;

use std::any::Any;
use std::fmt::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rand::SeedableRng;

use mutate::Rng;

/// The seed of the default run's first case: fixed, so that every run checks the same cases.
const FIRST_SEED: u64 = 1;

/// Longest a case may take while exploring, in a release build: a table, state, log or config a
/// person could write must be read in well under a second. An unoptimised build runs several
/// times slower, so it gets more.
fn case_limit() -> Duration {
    if cfg!(debug_assertions) {
        // A big table's whole lint, odds and cards take up to 20 s in a debug build on a busy
        // machine: the bound is for a hang, not for speed (that is the benchmark's).
        Duration::from_secs(60)
    } else {
        Duration::from_secs(1)
    }
}

fn env_number<T: std::str::FromStr>(var: &str) -> Option<T> {
    let text = std::env::var(var).ok()?;
    Some(
        text.trim()
            .parse()
            .unwrap_or_else(|_| panic!("{var}={text} is not a number")),
    )
}

/// How many cases a run tries, and from which seed.
#[derive(Debug, Clone, Copy)]
enum Budget {
    /// `n` cases from `first` on, each given as long as it takes: the default run.
    Cases { first: u64, n: u64 },
    /// Cases from `first` on until `seconds` are spent, each within `limit`: exploring.
    Time {
        first: u64,
        seconds: Duration,
        limit: Duration,
    },
}

impl Budget {
    fn first(self) -> u64 {
        match self {
            Budget::Cases { first, .. } | Budget::Time { first, .. } => first,
        }
    }

    /// The bound one case is held to, if any.
    fn limit(self) -> Option<Duration> {
        match self {
            Budget::Cases { .. } => None,
            Budget::Time { limit, .. } => Some(limit),
        }
    }

    /// Whether a run that has made `cases` cases since `started` is done.
    fn spent(self, cases: u64, started: Instant) -> bool {
        match self {
            Budget::Cases { n, .. } => cases >= n,
            Budget::Time { seconds, .. } => started.elapsed() >= seconds,
        }
    }
}

/// A kind of file and the code that reads it.
pub(super) struct Target<I> {
    name: &'static str,
    /// How many cases the default run makes: as many as read in about a second in a debug
    /// build (a table that compiles is linted, given odds and cards: seconds there).
    cases: u64,
    /// One input from a case's RNG.
    make: fn(&mut Rng) -> I,
    /// Read it as umpire would: it may refuse it, never panic. Returns how far it got, to
    /// show that the mutants reach past the parser.
    run: fn(&I) -> &'static str,
    /// The input as files to keep, for a failure: (extension, bytes).
    files: fn(&I) -> Kept,
}

/// A failing input as files: (extension, bytes).
type Kept = Vec<(&'static str, Vec<u8>)>;

/// What one case came to in the worker.
type Outcome = Result<(Duration, &'static str), String>;

fn panic_text(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_string()))
        .unwrap_or_else(|| "(a panic without a message)".into())
}

/// Keep a failing case's input where a developer can read it.
fn keep<I>(target: &Target<I>, seed: u64, input: &I) -> Vec<PathBuf> {
    let mut kept = Vec::new();
    for (ext, bytes) in (target.files)(input) {
        let path = std::env::temp_dir().join(format!("umpire-fuzz-{}-{seed}.{ext}", target.name));
        if std::fs::write(&path, bytes).is_ok() {
            kept.push(path);
        }
    }
    kept
}

/// Run `target`'s fixed cases, or explore for `UMPIRE_FUZZ_SECONDS`, or replay the one case
/// `UMPIRE_FUZZ_SEED` names; panic with the seed, the input's files and what went wrong at the
/// first case that panics (or, exploring, overruns).
fn fuzz<I: Send + Sync + 'static>(target: Target<I>) {
    let replay: Option<u64> = env_number("UMPIRE_FUZZ_SEED");
    let seconds: Option<f64> = env_number("UMPIRE_FUZZ_SECONDS");
    let budget = match (replay, seconds) {
        (Some(first), _) => Budget::Cases { first, n: 1 },
        // A different start each exploring run, so that runs add up to many distinct cases.
        (None, Some(seconds)) => Budget::Time {
            first: rand::random(),
            seconds: Duration::from_secs_f64(seconds.max(0.0)),
            limit: case_limit(),
        },
        (None, None) => Budget::Cases {
            first: FIRST_SEED,
            n: target.cases,
        },
    };
    fuzz_within(&target, budget);
}

/// The outcome of one case: its time and how far it got, or what went wrong.
fn outcome_of(results: &mpsc::Receiver<Outcome>, limit: Option<Duration>) -> Outcome {
    match limit {
        // No bound: a case that never ends stops the run, where the test harness reports it.
        None => results
            .recv()
            .unwrap_or_else(|_| Err("the worker died".into())),
        Some(limit) => match results.recv_timeout(limit) {
            Ok(outcome) => outcome,
            Err(mpsc::RecvTimeoutError::Timeout) => Err(format!("took over {limit:?}")),
            Err(mpsc::RecvTimeoutError::Disconnected) => Err("the worker died".into()),
        },
    }
}

/// The cases `budget` gives, each read by a worker thread.
fn fuzz_within<I: Send + Sync + 'static>(target: &Target<I>, budget: Budget) {
    let first = budget.first();
    // The worker reads each input; this thread waits for it, so that a case that overruns a
    // bound is seen, not waited out.
    let (to_worker, inbox) = mpsc::channel::<std::sync::Arc<I>>();
    let (to_main, results) = mpsc::channel::<Outcome>();
    let run = target.run;
    std::thread::Builder::new()
        .name(format!("fuzz-{}", target.name))
        .spawn(move || {
            for input in inbox {
                let started = Instant::now();
                let outcome = catch_unwind(AssertUnwindSafe(|| run(&input)))
                    .map(|reached| (started.elapsed(), reached))
                    .map_err(|p| format!("panicked: {}", panic_text(p.as_ref())));
                if to_main.send(outcome).is_err() {
                    break;
                }
            }
        })
        .unwrap_or_else(|e| panic!("a worker thread: {e}"));

    let started = Instant::now();
    let (mut cases, mut slowest) = (0u64, (Duration::ZERO, first));
    let mut reached: std::collections::BTreeMap<&str, u64> = std::collections::BTreeMap::new();
    let mut seed = first;
    while !budget.spent(cases, started) {
        let mut rng = Rng::seed_from_u64(seed);
        let input = std::sync::Arc::new((target.make)(&mut rng));
        to_worker
            .send(input.clone())
            .unwrap_or_else(|e| panic!("the worker stopped: {e}"));
        match outcome_of(&results, budget.limit()) {
            Ok((took, stage)) => {
                *reached.entry(stage).or_default() += 1;
                if took > slowest.0 {
                    slowest = (took, seed);
                }
            }
            Err(what) => {
                let mut msg = format!(
                    "fuzz {}: case {seed} {what}\nreplay: UMPIRE_FUZZ_SEED={seed} cargo test \
                     --lib fuzz::{} -- --nocapture",
                    target.name, target.name
                );
                for path in keep(target, seed, &input) {
                    let _ = write!(msg, "\ninput: {}", path.display());
                }
                panic!("{msg}");
            }
        }
        cases += 1;
        seed = seed.wrapping_add(1);
    }
    let stages: Vec<String> = reached.iter().map(|(s, n)| format!("{s} {n}")).collect();
    println!(
        "fuzz {}: {cases} cases in {:.1} s (seeds {first}..), 0 panics; slowest {:.1} ms \
         (seed {}); {}",
        target.name,
        started.elapsed().as_secs_f64(),
        slowest.0.as_secs_f64() * 1000.0,
        slowest.1,
        stages.join(", ")
    );
}

#[test]
fn tables() {
    fuzz(targets::tables());
}

#[test]
fn game_state() {
    fuzz(targets::game_state());
}

#[test]
fn game_log() {
    fuzz(targets::game_log());
}

#[test]
fn config() {
    fuzz(targets::config());
}

// ----- the harness itself ------------------------------------------------------------------------

fn toy(run: fn(&u64) -> &'static str) -> Target<u64> {
    Target {
        name: "toy",
        cases: 64,
        make: |rng| rand::RngExt::random_range(rng, 0..4u64),
        run,
        files: |n| vec![("txt", n.to_string().into_bytes())],
    }
}

#[test]
#[should_panic(expected = "panicked: three")]
fn a_case_that_panics_fails_with_its_seed() {
    let target = toy(|n| if *n == 3 { panic!("three") } else { "fine" });
    let n = target.cases;
    fuzz_within(&target, Budget::Cases { first: 1, n });
}

/// A case that never ends, while exploring, fails at the bound: the case waits on a channel
/// nobody sends on, so the bound is passed on any machine however fast.
#[test]
#[should_panic(expected = "took over 1ms")]
fn a_case_that_hangs_fails_within_the_bound_when_exploring() {
    fn forever(n: &u64) -> &'static str {
        if *n == 3 {
            let (_keep, never) = mpsc::channel::<()>();
            let _ = never.recv();
        }
        "fine"
    }
    fuzz_within(
        &toy(forever),
        Budget::Time {
            first: 1,
            seconds: Duration::from_secs(3600),
            limit: Duration::from_millis(1),
        },
    );
}

#[test]
fn the_default_run_makes_the_same_cases_every_time() {
    use std::sync::Mutex;
    static SEEN: Mutex<Vec<u64>> = Mutex::new(Vec::new());
    let target = toy(|n| {
        SEEN.lock().unwrap_or_else(|p| p.into_inner()).push(*n);
        "fine"
    });
    let budget = Budget::Cases { first: 1, n: 64 };
    fuzz_within(&target, budget);
    let first: Vec<u64> = std::mem::take(&mut *SEEN.lock().unwrap_or_else(|p| p.into_inner()));
    fuzz_within(&target, budget);
    let second = SEEN.lock().unwrap_or_else(|p| p.into_inner()).clone();
    assert_eq!(first.len(), 64);
    assert_eq!(first, second);
    assert!(first.contains(&3), "{first:?}");
}
