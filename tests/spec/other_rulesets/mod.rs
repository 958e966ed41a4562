//! The generic engine carries four more rule documents (001 to 004): their tables live in
//! `tests/tables/`, each has a module here, and every expected chance is counted by hand in the
//! comment beside it. Here: the helpers they share, and that every table loads.

mod cest_la_guerre;
mod french_indian_war;
mod lpg_1750s;
mod officers_and_leaders;

use std::collections::BTreeMap;

use crate::support::{Rules, Ruleset, Step, sum_is_one, test_tables};

/// A ruleset of `tests/tables`, by its file.
fn load(file: &str) -> Rules {
    Rules::test(&Ruleset::from_file(&test_tables().join(file)).name)
}

/// Every outcome of the chain with its chance as text (`11/18`); the chances must sum to 1.
fn chances(r: &Rules, procedure: &str, situation: &str) -> BTreeMap<String, String> {
    let all = r.odds(procedure, situation).outcomes;
    assert!(
        sum_is_one(all.iter().map(|o| &o.probability)),
        "{procedure} {situation}: the chances do not add up to 1: {all:?}"
    );
    all.into_iter()
        .map(|o| (o.outcome, o.probability.to_string()))
        .collect()
}

fn expect(r: &Rules, procedure: &str, situation: &str, want: &[(&str, &str)]) {
    let want: BTreeMap<String, String> = want
        .iter()
        .map(|(l, p)| ((*l).to_string(), (*p).to_string()))
        .collect();
    assert_eq!(
        chances(r, procedure, situation),
        want,
        "{procedure} {situation}"
    );
}

/// Resolve with the faces the players threw, one set per throw (the binary refuses faces
/// left over).
fn throw(r: &Rules, procedure: &str, situation: &str, faces: &[&[i64]]) -> Step {
    r.seeded(procedure, situation, 7, faces)
}

fn refused(r: &Rules, procedure: &str, situation: &str) -> String {
    match r.try_odds(procedure, situation) {
        Ok(o) => panic!("{procedure} {situation} should be refused, gave {o:?}"),
        Err(e) => e,
    }
}

#[test]
fn every_table_loads_and_names_its_readings() {
    for (file, procedures) in [
        (
            "001-la-petite-guerre-1750s.yaml",
            &[
                "acquire",
                "shoot",
                "hit-result",
                "blind-fire",
                "move",
                "control-test",
            ][..],
        ),
        (
            "002-french-indian-war.yaml",
            &["volley", "shoot", "artillery", "rally", "activate"][..],
        ),
        (
            "003-officers-and-leaders.yaml",
            &["to-hit", "damage", "artillery-effect", "actions"][..],
        ),
        (
            "004-cest-la-guerre.yaml",
            &["combat", "casualty", "river", "reserves"][..],
        ),
    ] {
        let r = load(file);
        let described = Ruleset::from_file(&test_tables().join(file));
        let mut readings = r
            .test_run()
            .args(["rules", &described.name])
            .stderr("")
            .run()
            .stdout
            .lines()
            .filter(|l| l.trim_start().starts_with("note: Reading:"))
            .count();
        for p in procedures {
            let out = r.test_run().args(["rules", p, "--json"]).output();
            assert_eq!(out.code, 0, "{file} lacks {p}: {}", out.stderr);
        }
        for p in &described.procedures {
            readings += r.test_run().args(["rules", &p.name, "--json"]).run().json()["notes"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|n| n.as_str().is_some_and(|n| n.starts_with("Reading:")))
                .count();
        }
        assert!(readings >= 1, "{file} carries no reading");
    }
}
