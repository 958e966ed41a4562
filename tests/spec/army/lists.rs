//! The built-in lists: each list's total, lines and units counted by hand, the document's
//! real slips, the British surcharge, alternatives, `army list` by period, the JSON shapes, and
//! a ruleset with no army lists.

use serde_json::Value;

use super::{CLG, army, army_json, number};
use crate::support::Test;

/// (list, lines, units on its lines, total, the points a side has), counted from the document:
/// each line's count times its unit's cost by the points table (British regular infantry
/// +0.5 a unit but the † units), the alternatives left out.
const LISTS: [(&str, usize, u64, f64, f64); 28] = [
    // 5 + 2x2 + 4x2.5 + 3 + 2x1 + 2x2 + 1 + 3 + 2x2 + 4
    ("austria-wss", 10, 17, 40.0, 40.0),
    // 5 + 4 + 10 + 3 + 4 + 2x3 + 2x2 + 4 (no total printed)
    ("france-wss", 8, 15, 40.0, 40.0),
    // 5 + 4 + 10 + 3 + 3x2 + 2x3 + 2 + 4
    ("spain-wss", 8, 15, 40.0, 40.0),
    // 5 + 4x2.5 (†) + 4x(2.5+0.5) + 3x3 + 4
    ("british-dutch-wss", 5, 13, 40.0, 40.0),
    // 5 + 8x2.5 + 3 + 2x2 + 4 + 4
    ("prussia-wss", 6, 14, 40.0, 40.0),
    // 4 + 4x2 + 4x2.5 + 3 + 2x2 + 6x1 + 1 + 4
    ("russia-wss", 8, 20, 40.0, 40.0),
    // 6 + 3 + 4x2.5 + 2x3 + 3 + 4 + 4 + 4
    ("sweden-wss", 8, 12, 40.0, 40.0),
    // 5 + 3x2 + 2x2.5 + 6x1 + 2x2 + 5x1 + 4 + 5
    ("turkey-wss", 8, 21, 40.0, 40.0),
    // 5 + 2x2 + 4x2.5 + 2x3 + 3x3 + 2 + 4
    ("denmark-wss", 7, 14, 40.0, 40.0),
    // 5 + 2 + 4x2.5 + 3 + 2x2 + 4x3 + 4 (printed 4.0)
    ("saxony-poland-wss", 7, 14, 40.0, 40.0),
    // 5 + 4x(2+0.5) + 5x(2.5+0.5) + 2 + 2x4
    ("british-jacobite", 5, 13, 40.0, 40.0),
    // 5 + 3x2 + 2x2.5 + 4x1.5 + 4x2 + 2x2.5 + 2x1 + 1 + 2
    ("scottish-jacobite", 9, 20, 40.0, 40.0),
    // 5 + 3 + 4x2.5 + 2x3 + 2 + 3 + 2x1 + 4 + 5
    ("prussia-syw", 9, 14, 40.0, 40.0),
    ("austria-syw", 10, 17, 40.0, 40.0),
    // 5 + 6x2 + 2x2.5 + 3 + 2x2 + 3 + 2x4
    ("bavaria-saxony-syw", 7, 15, 40.0, 40.0),
    // 5 + 4 + 10 + 3 + 4 + 2x4 + 2 + 4
    ("france-syw", 8, 14, 40.0, 40.0),
    // 5 + 2.5 (†) + 5x3 + 3.5 + 1 + 2x2 + 3 + 2x1 + 4
    ("britain-syw", 9, 15, 40.0, 40.0),
    ("russia-syw", 8, 20, 40.0, 40.0),
    // 5 (printed 6.0 a unit) + 3x2 + 4x2.5 + 2x3 + 3x3 + 4
    ("sweden-syw", 6, 14, 40.0, 40.0),
    // 5 + 2x2.5 + 4x3 + 2x2 (†) + 2x3.5 + 2 + 1 + 4
    ("british-fiw", 8, 14, 40.0, 40.0),
    // 5 + 6x2 + 4x2.5 + 3 + 2 + 4x1 + 4
    ("french-fiw", 7, 18, 40.0, 40.0),
    // 5 + 2x2.5 (†) + 4x3 + 2x3.5 + 2 + 3x1 + 2x1 + 4
    ("british-awi", 8, 16, 40.0, 40.0),
    // 5 + 4x2 + 4x2.5 + 3x1 + 2x1 + (3 + 2x2.5 + 4)
    ("american-awi", 6, 18, 40.0, 40.0),
    // 6 + 2 + 3 + 4x3 + 2x3.5 + 3x1 + 2x2 + 3 + 1 + 4 + 5
    ("britain-napoleonic", 11, 18, 50.0, 50.0),
    // 6 + 3 + 2 + 2 + 4x2.5 + 2x1 + 3 + 2x2 + 2x1 + 3 + 2x4 + 5
    ("france-napoleonic", 12, 19, 50.0, 50.0),
    // 4 (printed 5.0 a unit) + 5x2 + 4x2.5 + 2 + 4 + 2 + 3 + 4 + 2x4 + 3
    ("austria-napoleonic", 10, 22, 50.0, 50.0),
    // 5 + 2 + 3 + 4x2 + 4x2.5 + 2x3 + 2x1 + 3x2 + 4x1 + 4
    ("prussia-napoleonic", 10, 23, 50.0, 50.0),
    // 4 + 2 + 5x2 + 6x2.5 + 2x2 + 4x1 + 3x1 + 2x4
    ("russia-napoleonic", 8, 24, 50.0, 50.0),
];

#[test]
fn every_list_totals_what_the_points_table_makes_it() {
    for (name, lines, units, total, size) in LISTS {
        let json = army_json(&["show", name]);
        assert_eq!(json["army"]["name"], name);
        assert_eq!(number(&json["total"]), total, "{name}: total");
        assert_eq!(number(&json["size"]), size, "{name}: size");
        let listed = json["lines"].as_array().cloned().unwrap_or_default();
        assert_eq!(listed.len(), lines, "{name}: lines");
        let counted: u64 = listed
            .iter()
            .flat_map(|l| l["units"].as_array().cloned().unwrap_or_default())
            .map(|u| u["count"].as_u64().unwrap_or(0))
            .sum();
        assert_eq!(counted, units, "{name}: units");
        let summed: f64 = listed.iter().map(|l| number(&l["cost"])).sum();
        assert_eq!(summed, total, "{name}: the lines add up to the total");
        // Every alternative costs what its line costs.
        for l in &listed {
            for alt in l["alternatives"].as_array().into_iter().flatten() {
                assert_eq!(alt["same_cost"], true, "{name}: {alt}");
                assert_eq!(number(&alt["cost"]), number(&l["cost"]), "{name}: {alt}");
            }
        }
        let text = army(&["show", name]);
        let size_line = format!("{total:.1} points, the game's size.");
        assert!(text.contains(&size_line), "{name}:\n{text}");
    }
    let all = army_json(&["list"]);
    let listed: Vec<&str> = all["periods"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|p| p["lists"].as_array().into_iter().flatten())
        .filter_map(|l| l["name"].as_str())
        .collect();
    let want: Vec<&str> = LISTS.iter().map(|l| l.0).collect();
    assert_eq!(
        listed, want,
        "`army list` lists the 28 lists in the document's order"
    );
}

#[test]
fn the_printed_figures_that_disagree_are_the_documents_real_slips() {
    let slips = |name: &str| army_json(&["show", name])["slips"].clone();
    let one = |what: &str, line: Option<u64>, printed: u64, computed: u64, says: &str| {
        serde_json::json!([{
            "what": what,
            "line": line,
            "part": if what == "each" { Some(1) } else { None },
            "printed": printed,
            "computed": computed,
            "says": says,
        }])
    };
    assert_eq!(
        slips("sweden-syw"),
        one(
            "each",
            Some(1),
            6,
            5,
            "line 1, each unit: printed 6.0, computed 5.0"
        )
    );
    assert_eq!(
        slips("austria-napoleonic"),
        one(
            "each",
            Some(1),
            5,
            4,
            "line 1, each unit: printed 5.0, computed 4.0"
        )
    );
    assert_eq!(
        slips("saxony-poland-wss"),
        one("total", None, 4, 40, "total: printed 4.0, computed 40.0")
    );
    // France prints no total: nothing to disagree with, and its note says so.
    let france = army_json(&["show", "france-wss"]);
    assert_eq!(france["printed"], Value::Null);
    assert_eq!(france["slips"], serde_json::json!([]));
    assert!(
        france["army"]["notes"][0]
            .as_str()
            .unwrap_or("")
            .contains("No total")
    );
    // Read aligned, the shifted lists agree with the points table line by line.
    let slipped = ["sweden-syw", "austria-napoleonic", "saxony-poland-wss"];
    for (name, ..) in LISTS.iter().filter(|l| !slipped.contains(&l.0)) {
        assert_eq!(slips(name), serde_json::json!([]), "{name}");
    }
    let text = army(&["show", "sweden-syw"]);
    for part in [
        " 1      1 average general             5.0    5.0    5.0       printed 6.0 each",
        "Printed figures the points table disagrees with:\n  line 1, each unit: printed 6.0, computed 5.0\n",
    ] {
        assert!(text.contains(part), "{part:?} in\n{text}");
    }
    let list = army(&["list", "wss"]);
    assert!(
        list.contains(" saxony-poland-wss   Saxony-Poland             40.0     4.0       1 printed figure disagrees"),
        "{list}"
    );
    assert!(
        list.contains(" france-wss          France                    40.0     —\n"),
        "{list}"
    );
}

#[test]
fn british_regular_infantry_pays_its_surcharge_but_the_dagger_units() {
    let json = army_json(&["show", "british-dutch-wss"]);
    let unit = |line: usize| json["lines"][line]["units"][0].clone();
    // 4 Dutch or Hanoverian infantry, marked †: 2.5 a unit, no surcharge.
    assert_eq!(unit(1)["tags"], serde_json::json!(["dagger"]));
    assert_eq!(number(&unit(1)["each"]), 2.5);
    assert_eq!(unit(1)["extras"], serde_json::json!([]));
    // 4 British infantry: 2.5 + 0.5.
    assert_eq!(number(&unit(2)["base"]), 2.5);
    assert_eq!(
        unit(2)["extras"],
        serde_json::json!([{"label": "British", "add": 0.5}])
    );
    assert_eq!(number(&unit(2)["each"]), 3.0);
    assert_eq!(number(&unit(2)["cost"]), 12.0);
    // Cavalry pays none in a British list.
    assert_eq!(unit(3)["extras"], serde_json::json!([]));
    let text = army(&["show", "british-dutch-wss"]);
    for part in [
        "tags: British\n",
        " 2      4 average regular infantry (Dutch or Hanoverian) †   2.5    10.0   10.0\n",
        " 3      4 average regular infantry (British)                 3.0    12.0   12.0      +0.5 British\n",
    ] {
        assert!(text.contains(part), "{part:?} in\n{text}");
    }
}

#[test]
fn alternatives_show_their_own_cost_beside_their_line() {
    let text = army(&["show", "american-awi"]);
    for part in [
        " 6      1 average sub-command (French)                       3.0    3.0    12.0\n",
        "        and 1 artillery (French)                             4.0    4.0              together 12.0\n",
        "        or 3 inferior regular infantry (Minuteman militia)   2.0    6.0\n",
        "        and 1 light infantry                                 1.0    1.0              same cost\n",
    ] {
        assert!(text.contains(part), "{part:?} in\n{text}");
    }
}

#[test]
fn army_list_shows_the_periods_and_takes_one_by_name_alias_or_start() {
    let all = army(&["list"]);
    for heading in [
        "War of the Spanish Succession and Great Northern War (wss): 40 points a side",
        "The Jacobite Uprisings (jacobite): 40 points a side",
        "Seven Years War (syw): 40 points a side",
        "French & Indian War (fiw): 40 points a side",
        "American War of Independence (awi): 40 points a side",
        "Napoleonic Wars (napoleonic): 50 points a side",
    ] {
        assert!(all.contains(heading), "{heading} in\n{all}");
    }
    let syw = army(&["list", "syw"]);
    assert!(
        syw.starts_with("Seven Years War (syw): 40 points a side\n"),
        "{syw}"
    );
    assert!(
        syw.contains(" sweden-syw ") && !syw.contains("wss"),
        "{syw}"
    );
    assert_eq!(army(&["list", "seven-years-war"]), syw);
    assert_eq!(army(&["list", "Nap"]), army(&["list", "napoleonic"]));
    Test::new()
        .args(["army", "list", "crimea", "--rules", CLG])
        .status(2)
        .stderr(
            "error: no period `crimea` (the periods are: wss, jacobite, syw, fiw, awi, \
             napoleonic)\n",
        )
        .run();
    Test::new()
        .args(["army", "list", "s", "--rules", CLG])
        .status(2)
        .stderr("error: `s` could be any of these periods: wss, syw (give more of the name)\n")
        .run();
    Test::new()
        .args(["army", "show", "russia", "--rules", "clg"])
        .status(2)
        .stderr(
            "error: `russia` could be any of these army lists: russia-wss, russia-syw, \
             russia-napoleonic (give more of the name)\n",
        )
        .run();
    Test::new()
        .args(["army", "show", "swedn-syw", "--rules", CLG])
        .status(2)
        .stderr("error: no army list `swedn-syw` (did you mean `sweden-syw`?)\n")
        .run();
}

#[test]
fn a_ruleset_without_army_lists_names_those_that_have_them() {
    for args in [
        &["army", "list"][..],
        &["army", "show", "sweden-syw"],
        &["army", "points"],
    ] {
        let what = if args[1] == "points" {
            "army point system"
        } else {
            "army lists"
        };
        Test::new()
            .args(args)
            .status(2)
            .stdout("")
            .stderr(format!(
                "error: ruleset `la-petite-guerre` (La Petite Guerre) has no {what}; \
                 `cest-la-guerre` has (`umpire army list --rules cest-la-guerre`)\n"
            ))
            .run();
    }
    let out = Test::new()
        .args(["army", "list", "--json"])
        .status(2)
        .stdout("")
        .run();
    let error = crate::support::parsed(&out.stderr);
    assert_eq!(error["schema"], 1);
    assert_eq!(
        error["error"]["hint"],
        "`umpire army list --rules cest-la-guerre`"
    );
}

#[test]
fn the_json_of_list_show_and_points_has_its_shape() {
    let list = army_json(&["list", "napoleonic"]);
    assert_eq!(list["schema"], 1);
    assert_eq!(list["ruleset"], CLG);
    let period = &list["periods"][0];
    assert_eq!(period["name"], "napoleonic");
    assert_eq!(number(&period["size"]), 50.0);
    let austria = &period["lists"][2];
    assert_eq!(austria["name"], "austria-napoleonic");
    assert_eq!(number(&austria["total"]), 50.0);
    assert_eq!(austria["slips"], 1);
    let show = army_json(&["show", "russia-wss"]);
    let keys: Vec<&str> = show
        .as_object()
        .map(|o| o.keys().map(String::as_str).collect())
        .unwrap_or_default();
    assert_eq!(
        keys,
        [
            "schema", "ruleset", "period", "army", "lines", "total", "printed", "size", "slips"
        ]
    );
    let narva = &show["lines"][3]["alternatives"];
    assert_eq!(narva.as_array().map(Vec::len), Some(2), "{narva}");
    assert_eq!(narva[1]["units"][0]["unit"], "pikes");
    assert_eq!(narva[1]["units"][0]["grade"], "inferior");
    assert_eq!(number(&narva[1]["cost"]), 3.0);
    let points = army_json(&["points"]);
    let units = points["points"]["units"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(units.len(), 14, "{points}");
    assert_eq!(
        units[2]["costs"],
        serde_json::json!([
            {"grade": "inferior", "cost": 2},
            {"grade": "average", "cost": 2.5},
            {"grade": "elite", "cost": 3},
        ])
    );
    assert_eq!(units[7]["name"], "light-cavalry");
    assert_eq!(units[7]["grade"], "average");
    assert_eq!(number(&units[7]["cost"]), 1.0);
    assert_eq!(
        points["points"]["surcharges"][0],
        serde_json::json!({
            "label": "British",
            "tag": "british",
            "units": ["infantry"],
            "add": 0.5,
            "unless": ["dagger"],
            "note": "British units add 0.5 in cost: read as British regular infantry, the units \
                     marked † excepted",
        })
    );
}
