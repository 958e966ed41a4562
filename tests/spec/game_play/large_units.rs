//! A unit's odds at any size the rules allow: 19, 50 and 200 riflemen firing at once give
//! exact fractions far beyond 128 bits. Each rifleman misfires on a natural 1 (1 in 6), so
//! the count of misfires is binomial: none (5/6)^n, all (1/6)^n, one n·5^(n−1)/6^n, and the
//! chance of at least one 1 − (5/6)^n, worked out here with the tests' own big integers.

use crate::support::{Table, parsed};
use num_bigint::BigUint;
use num_integer::Integer;
use serde_json::Value;

/// `num/den` reduced, as the tool writes it.
fn reduced(num: BigUint, den: BigUint) -> String {
    let g = num.gcd(&den);
    format!("{}/{}", num / &g, den / &g)
}

fn misfires(n: u32) -> (Value, Value) {
    let t = Table::empty();
    t.ok(&["game", "new", "big"]);
    t.unit("rifles", "british", "regulars", n, "RI", Some("rifle"));
    t.unit("militia", "french", "militia", 1, "MI", None);
    let json = parsed(&t.ok(&[
        "odds", "shoot", "--unit", "rifles", "--target", "MI1", "range=30", "--json",
    ]));
    let pick = |key: &str| {
        json[key]
            .as_array()
            .and_then(|all| all.iter().find(|x| x["result"] == "misfire").cloned())
            .unwrap_or_else(|| panic!("no misfire in {key}: {json}"))
    };
    (pick("counts"), pick("results"))
}

#[test]
fn the_odds_of_units_of_19_50_and_200_figures_are_exact() {
    for n in [19u32, 50, 200] {
        let (counts, results) = misfires(n);
        let (five, six) = (BigUint::from(5u8), BigUint::from(6u8));
        let dist = counts["distribution"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        assert_eq!(dist.len(), n as usize + 1, "{n}: {counts}");
        let at = |k: usize| {
            dist[k]["probability"]["fraction"]
                .as_str()
                .unwrap_or("")
                .to_string()
        };
        assert_eq!(at(0), reduced(five.pow(n), six.pow(n)), "{n}");
        assert_eq!(
            at(n as usize),
            reduced(BigUint::from(1u8), six.pow(n)),
            "{n}"
        );
        assert_eq!(at(1), reduced(five.pow(n - 1) * n, six.pow(n)), "{n}");
        let at_least_one = &results["at_least_one"]["fraction"];
        assert_eq!(
            at_least_one.as_str().unwrap_or(""),
            reduced(six.pow(n) - five.pow(n), six.pow(n)),
            "{n}: {results}"
        );
    }
}
