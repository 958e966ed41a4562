//! Many dice: a roll takes up to 200 (a unit of 200 firing a die each), their odds are exact
//! whatever their size, and the benchmark's table (`tests/bench/odds.yaml`) is a table the tool
//! reads, so the comparison with icepool measures what it says.

use std::path::PathBuf;

use crate::support::{OwnTable, Table, parsed};

fn bench_tables() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/bench")
}

/// `odds PROCEDURE dice=N --json` on the benchmark's table: amount → fraction.
fn odds(t: &Table, procedure: &str, dice: u32) -> Vec<(String, String)> {
    let dice = format!("dice={dice}");
    let out = t
        .test_with(&bench_tables())
        .args(["--rules", "bench-odds", "odds", procedure, &dice, "--json"])
        .stderr("")
        .run()
        .stdout;
    let json = parsed(&out);
    json["steps"][0]["outcomes"]
        .as_array()
        .unwrap_or_else(|| panic!("no outcomes: {json}"))
        .iter()
        .map(|o| {
            let amount = o["result"].as_str().unwrap_or_default().to_string();
            let p = o["probability"]["fraction"].as_str().unwrap_or_default();
            (amount, p.to_string())
        })
        .collect()
}

#[test]
fn sixty_d8_counting_hits_is_the_binomial_exactly() {
    let t = Table::empty();
    let all = odds(&t, "hits-d8", 60);
    assert_eq!(all.len(), 61);
    // Each d8 hits on 5 or more, one in two: k hits in C(60, k) of 2^60 throws.
    assert_eq!(all[0], ("0".into(), "1/1152921504606846976".into()));
    assert_eq!(all[1], ("1".into(), "15/288230376151711744".into()));
    // C(60, 30) = 118264581564861424, over 2^60, reduced by 2^4.
    assert_eq!(
        all[30],
        ("30".into(), "7391536347803839/72057594037927936".into())
    );
}

#[test]
fn thirty_d6_with_the_lowest_set_aside_are_weighed_exactly() {
    let t = Table::empty();
    let all = odds(&t, "drop-d6", 30);
    // 29 dice kept: 29 to 174.
    assert_eq!(all.len(), 146);
    // 29 only when all thirty show 1; 174 when at least 29 show 6 (30 ways with one die
    // lower, that die set aside, plus all sixes: 5·30 + 1 = 151 throws).
    assert_eq!(all[0], ("29".into(), "1/221073919720733357899776".into()));
    assert_eq!(
        all[145],
        ("174".into(), "151/221073919720733357899776".into())
    );
}

const HUNDREDS: &str = "\
ruleset: hundreds
title: Hundreds of dice
procedures:
  - name: barrage
    title: Barrage
    help: two hundred dice summed
    roll: 200d6
    amount: {unit: points}
    results: []
";

#[test]
fn a_roll_takes_two_hundred_dice_and_no_more() {
    let own = OwnTable::new("hundreds.yaml", HUNDREDS);
    let out = own.ok(&[
        "--rules", "hundreds", "roll", "barrage", "--seed", "3", "--json",
    ]);
    let json = parsed(&out);
    let faces = json["resolutions"][0]["step"]["throws"][0]["faces"]
        .as_array()
        .map_or(0, Vec::len);
    assert_eq!(faces, 200, "{json}");
    // 200 to 1,200: 1,001 totals, the least one throw in 6^200.
    let odds = parsed(&own.ok(&["--rules", "hundreds", "odds", "barrage", "--json"]));
    let outcomes = odds["steps"][0]["outcomes"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(outcomes.len(), 1001);
    let least = outcomes[0]["probability"]["denominator"]
        .as_str()
        .unwrap_or("");
    assert_eq!(least.len(), 156, "6^200 has 156 digits: {least}");
    let more = OwnTable::new("hundreds.yaml", &HUNDREDS.replace("200d6", "201d6"));
    let refused = more.refused(&["--rules", "hundreds", "roll", "barrage"]);
    assert!(
        refused.contains("`201d6` throws 201 dice; a roll takes 1 to 200"),
        "{refused}"
    );
}
