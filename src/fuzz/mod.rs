//! A fuzz harness on stable Rust: mutated table files, game states, logs and configs fed to the
//! code that reads them, each case in a worker thread that must neither panic nor take longer
//! than a bound (1 s in a release build).
//!
//! `cargo test` runs each target for a couple of seconds (so CI runs it on every push); for a
//! long run give it a budget in seconds per target, in a release build:
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

/// Seconds each target runs for unless `UMPIRE_FUZZ_SECONDS` says otherwise: short enough for
/// `cargo test` to stay quick.
const DEFAULT_SECONDS: f64 = 2.0;

/// Longest a case may take in a release build: a table, state, log or config a person could
/// write must be read in well under a second. An unoptimised build runs several times slower,
/// so it gets more.
fn case_limit() -> Duration {
    if cfg!(debug_assertions) {
        // A built-in table's whole lint, odds and cards take seconds in a debug build on a
        // busy machine: the bound is for a hang, not for speed (that is the benchmark's).
        Duration::from_secs(20)
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

/// A kind of file and the code that reads it.
pub(super) struct Target<I> {
    name: &'static str,
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

/// Run `target` for its budget (or the one case `UMPIRE_FUZZ_SEED` names); panic with the
/// seed, the input's files and what went wrong at the first case that panics or overruns.
fn fuzz<I: Send + Sync + 'static>(target: Target<I>) {
    let replay: Option<u64> = env_number("UMPIRE_FUZZ_SEED");
    let seconds: f64 = env_number("UMPIRE_FUZZ_SECONDS").unwrap_or(DEFAULT_SECONDS);
    let budget = Duration::from_secs_f64(seconds.max(0.0));
    fuzz_within(target, case_limit(), replay, budget);
}

/// Cases from seed `replay` (that one alone) or from a random one until `budget` is spent,
/// each within `limit`.
fn fuzz_within<I: Send + Sync + 'static>(
    target: Target<I>,
    limit: Duration,
    replay: Option<u64>,
    budget: Duration,
) {
    // A different start each run, so that short CI runs add up to many distinct cases.
    let first = replay.unwrap_or_else(rand::random);

    // The worker reads each input; this thread times it, so a hang is seen, not waited out.
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
                    .map_err(|p| panic_text(p.as_ref()));
                if to_main.send(outcome).is_err() {
                    break;
                }
            }
        })
        .unwrap_or_else(|e| panic!("a worker thread: {e}"));

    let started = Instant::now();
    let (mut cases, mut slowest) = (0u64, (Duration::ZERO, first));
    let mut reached: std::collections::BTreeMap<&str, u64> = std::collections::BTreeMap::new();
    for seed in first.. {
        let mut rng = Rng::seed_from_u64(seed);
        let input = std::sync::Arc::new((target.make)(&mut rng));
        to_worker
            .send(input.clone())
            .unwrap_or_else(|e| panic!("the worker stopped: {e}"));
        let failure = match results.recv_timeout(limit) {
            Ok(Ok((took, stage))) => {
                *reached.entry(stage).or_default() += 1;
                if took > slowest.0 {
                    slowest = (took, seed);
                }
                None
            }
            Ok(Err(panicked)) => Some(format!("panicked: {panicked}")),
            Err(mpsc::RecvTimeoutError::Timeout) => Some(format!("took over {limit:?}")),
            Err(mpsc::RecvTimeoutError::Disconnected) => Some("the worker died".into()),
        };
        cases += 1;
        if let Some(what) = failure {
            let mut msg = format!(
                "fuzz {}: case {seed} {what}\nreplay: UMPIRE_FUZZ_SEED={seed} cargo test --lib \
                 fuzz::{} -- --nocapture",
                target.name, target.name
            );
            for path in keep(&target, seed, &input) {
                let _ = write!(msg, "\ninput: {}", path.display());
            }
            panic!("{msg}");
        }
        if replay.is_some() || started.elapsed() >= budget {
            break;
        }
    }
    let took = started.elapsed();
    let stages: Vec<String> = reached.iter().map(|(s, n)| format!("{s} {n}")).collect();
    println!(
        "fuzz {}: {cases} cases in {:.1} s (seeds {first}..), 0 panics, 0 over {limit:?}; \
         slowest {:.1} ms (seed {}); {}",
        target.name,
        took.as_secs_f64(),
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
        make: |rng| rand::RngExt::random_range(rng, 0..4u64),
        run,
        files: |n| vec![("txt", n.to_string().into_bytes())],
    }
}

#[test]
#[should_panic(expected = "panicked: three")]
fn a_case_that_panics_fails_with_its_seed() {
    fuzz_within(
        toy(|n| if *n == 3 { panic!("three") } else { "fine" }),
        Duration::from_secs(1),
        None,
        Duration::from_secs(5),
    );
}

#[test]
#[should_panic(expected = "took over 50ms")]
fn a_case_that_hangs_fails_within_the_bound() {
    fuzz_within(
        toy(|n| {
            if *n == 3 {
                std::thread::sleep(Duration::from_secs(3));
            }
            "fine"
        }),
        Duration::from_millis(50),
        None,
        Duration::from_secs(5),
    );
}
