//! The shapes of `umpire roll --json` and `umpire odds --json` that the rules' specifications
//! read, and `Rules`: a ruleset as the binary is told to use it, rolled and oddsed through it.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::Path;

use serde::Deserialize;
use serde_json::Value;

use super::{Test, assert_clean_error, error_text, test_tables, words};

/// A chance as `--json` prints it; shown as its exact fraction (`1/6`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Chance {
    pub fraction: String,
    pub numerator: String,
    pub denominator: String,
}

impl std::fmt::Display for Chance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.fraction)
    }
}

/// Whether exact chances add up to exactly one.
pub fn sum_is_one<'a>(chances: impl IntoIterator<Item = &'a Chance>) -> bool {
    fn gcd(a: u128, b: u128) -> u128 {
        if b == 0 { a } else { gcd(b, a % b) }
    }
    let (mut num, mut den) = (0u128, 1u128);
    for c in chances {
        let n: u128 = c.numerator.parse().unwrap_or_else(|e| panic!("{c:?}: {e}"));
        let d: u128 = c
            .denominator
            .parse()
            .unwrap_or_else(|e| panic!("{c:?}: {e}"));
        num = num * d + n * den;
        den *= d;
        let g = gcd(num, den).max(1);
        num /= g;
        den /= g;
    }
    num == den
}

/// A modifier line: what it is, its value, and whether it counts (and why not).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ModLine {
    pub group: String,
    pub label: String,
    pub value: i64,
    pub applied: bool,
    /// Why it applies or not, beyond its conditions: `{"kind": "superseded", "by": 4, ...}`.
    #[serde(default)]
    pub why: Option<Value>,
}

/// One side of a planned step, as `odds --json` gives it.
#[derive(Debug, Clone, Deserialize)]
pub struct SidePlan {
    pub modifiers: Vec<ModLine>,
    pub net: i64,
}

/// One outcome of a step, as `odds --json` gives it.
#[derive(Debug, Clone, Deserialize)]
pub struct StepOutcome {
    pub label: String,
    pub loser: Option<String>,
    pub probability: Chance,
}

/// One step of the chain, before any die is thrown.
#[derive(Debug, Clone, Deserialize)]
pub struct Plan {
    pub sides: Vec<SidePlan>,
    pub outcomes: Vec<StepOutcome>,
}

/// A final outcome of the whole chain.
#[derive(Debug, Clone, Deserialize)]
pub struct Final {
    pub outcome: String,
    pub probability: Chance,
}

/// `umpire odds ... --json`.
#[derive(Debug, Clone, Deserialize)]
pub struct Odds {
    pub steps: Vec<Plan>,
    pub outcomes: Vec<Final>,
}

/// A factor as a roll read it (`range` = `long`, perhaps via a measured distance).
#[derive(Debug, Clone, Deserialize)]
pub struct FactorRecord {
    pub name: String,
    pub value: String,
}

/// One side of a resolved step.
#[derive(Debug, Clone, Deserialize)]
pub struct SideRecord {
    /// The dice (`"2d6"`), or the total given without a roll (`3`).
    pub dice: Value,
    pub net: i64,
    pub factors: Vec<FactorRecord>,
}

/// One throw of dice.
#[derive(Debug, Clone, Deserialize)]
pub struct Throw {
    pub faces: Vec<i64>,
    pub entered: bool,
}

/// What a step decided.
#[derive(Debug, Clone, Deserialize)]
pub struct Decision {
    pub result: String,
    pub label: String,
    pub winner: Option<String>,
    pub loser: Option<String>,
    pub amount: Option<i64>,
    pub natural: Option<String>,
    pub totals: Vec<i64>,
    /// How the total was read: `{"kind": "table", "total": 16, "read": 13}`.
    pub read: Value,
}

/// A check that must follow, and its words.
#[derive(Debug, Clone, Deserialize)]
pub struct FollowUp {
    pub procedure: String,
    pub args: Vec<String>,
}

/// A resolved step and what followed from it, as `roll --json` gives it.
#[derive(Debug, Clone, Deserialize)]
pub struct Step {
    pub procedure: String,
    pub sides: Vec<SideRecord>,
    pub throws: Vec<Throw>,
    pub reroll: Option<Value>,
    /// Every re-roll whose guard held: `{"label": ..., "first": ..., "taken": true, ...}`.
    #[serde(default)]
    pub rerolls: Vec<Value>,
    pub decision: Decision,
    pub chance: Chance,
    pub next: Vec<Step>,
    pub follow_ups: Vec<FollowUp>,
    /// What another unit may do in answer (never owed).
    #[serde(default)]
    pub may_follow: Vec<FollowUp>,
    /// The outcome of the chain from here (`Hit › Light wound`): filled for the first step.
    #[serde(skip)]
    outcome: String,
}

impl Step {
    pub fn outcome(&self) -> String {
        self.outcome.clone()
    }
}

/// A ruleset as the binary is told to use it: the built-in one, or one from a tables directory.
#[derive(Debug, Clone)]
pub struct Rules {
    flags: Vec<OsString>,
}

impl Rules {
    /// The built-in ruleset, La Petite Guerre (the default).
    pub fn builtin() -> Rules {
        Rules { flags: Vec::new() }
    }

    /// A built-in ruleset by its name (`--rules NAME`).
    pub fn named(name: &str) -> Rules {
        Rules {
            flags: vec!["--rules".into(), name.into()],
        }
    }

    /// A ruleset of `tests/tables`.
    pub fn test(name: &str) -> Rules {
        Rules::from_dir(&test_tables(), name)
    }

    /// A ruleset of a tables directory.
    pub fn from_dir(dir: &Path, name: &str) -> Rules {
        Rules {
            flags: vec![
                "--tables".into(),
                dir.as_os_str().to_owned(),
                "--rules".into(),
                name.into(),
            ],
        }
    }

    /// The binary with these rules.
    pub fn test_run(&self) -> Test {
        Test::new().args(self.flags.clone())
    }

    /// `umpire odds PROCEDURE SITUATION --json`, or its error message.
    pub fn try_odds(&self, procedure: &str, situation: &str) -> Result<Odds, String> {
        let out = self
            .test_run()
            .args(["odds", procedure])
            .args(words(situation))
            .arg("--json")
            .output();
        if out.code != 0 {
            let err = error_text(&out.stderr);
            assert_clean_error(&err, &[procedure, situation]);
            return Err(err);
        }
        Ok(serde_json::from_str(&out.stdout)
            .unwrap_or_else(|e| panic!("odds {procedure} {situation}: {e}\n{}", out.stdout)))
    }

    pub fn odds(&self, procedure: &str, situation: &str) -> Odds {
        self.try_odds(procedure, situation)
            .unwrap_or_else(|e| panic!("odds {procedure} {situation}: {e}"))
    }

    /// The outcome line of `umpire roll ARGS` (`2 figures a shot`, `Jams`), which must succeed
    /// with nothing on stderr.
    pub fn outcome(&self, args: &[&str]) -> String {
        let out = self
            .test_run()
            .arg("roll")
            .args(args)
            .stderr("")
            .run()
            .stdout;
        out.lines()
            .find_map(|l| l.strip_prefix("outcome: "))
            .unwrap_or_else(|| panic!("roll {args:?}: no outcome in {out}"))
            .to_string()
    }

    /// The first step's odds of `procedure` in `situation` are exactly `want` (every result
    /// listed, by label, an opposed roll's as `"loser: Label"`).
    pub fn expect(&self, procedure: &str, situation: &str, want: &[(&str, &str)]) {
        let want: BTreeMap<String, String> = want
            .iter()
            .map(|(l, p)| ((*l).to_string(), (*p).to_string()))
            .collect();
        assert_eq!(
            self.chances(procedure, situation),
            want,
            "odds {procedure} {situation}"
        );
    }

    /// The first step's results with their chances (`"2/3"`), an opposed roll's naming the
    /// loser (`"defender: Killed"`); the chances must sum to 1.
    pub fn chances(&self, procedure: &str, situation: &str) -> BTreeMap<String, String> {
        let plan = self
            .odds(procedure, situation)
            .steps
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("odds {procedure} {situation}: no step"));
        assert!(
            sum_is_one(plan.outcomes.iter().map(|o| &o.probability)),
            "{procedure} {situation}: the chances do not add up to 1: {:?}",
            plan.outcomes
        );
        plan.outcomes
            .into_iter()
            .map(|o| {
                let label = match &o.loser {
                    Some(l) => format!("{l}: {}", o.label),
                    None => o.label,
                };
                (label, o.probability.to_string())
            })
            .collect()
    }

    /// `umpire roll PROCEDURE SITUATION --json` with `extra` flags, or its error message.
    pub fn try_roll_with(
        &self,
        procedure: &str,
        situation: &str,
        extra: &[String],
    ) -> Result<Step, String> {
        let out = self
            .test_run()
            .args(["roll", procedure])
            .args(words(situation))
            .args(extra)
            .arg("--json")
            .output();
        if out.code != 0 {
            let err = error_text(&out.stderr);
            assert_clean_error(&err, &[procedure, situation]);
            return Err(err);
        }
        let json: Value = serde_json::from_str(&out.stdout)
            .unwrap_or_else(|e| panic!("roll {procedure} {situation}: {e}\n{}", out.stdout));
        let first = &json["resolutions"][0];
        let mut step: Step = serde_json::from_value(first["step"].clone())
            .unwrap_or_else(|e| panic!("roll {procedure} {situation}: {e}\n{}", out.stdout));
        step.outcome = first["outcome"].as_str().unwrap_or_default().to_string();
        Ok(step)
    }

    /// Resolve with the faces given, one set per roll in order: the binary refuses faces the
    /// chain leaves unused, so every one of them is used.
    pub fn try_roll(
        &self,
        procedure: &str,
        situation: &str,
        dice: &[&[i64]],
    ) -> Result<Step, String> {
        let mut extra = Vec::new();
        for faces in dice {
            let faces: Vec<String> = faces.iter().map(ToString::to_string).collect();
            extra.push(format!("--dice={}", faces.join(",")));
        }
        self.try_roll_with(procedure, situation, &extra)
    }

    /// Resolve with the dice of a seed (after the faces given, if any).
    pub fn seeded(&self, procedure: &str, situation: &str, seed: u64, dice: &[&[i64]]) -> Step {
        let mut extra = vec!["--seed".to_string(), seed.to_string()];
        for faces in dice {
            let faces: Vec<String> = faces.iter().map(ToString::to_string).collect();
            extra.push(format!("--dice={}", faces.join(",")));
        }
        self.try_roll_with(procedure, situation, &extra)
            .unwrap_or_else(|e| panic!("roll {procedure} {situation} --seed {seed}: {e}"))
    }
}
