//! `umpire army`: the army point system and the 28 army lists of C'est la Guerre (rule
//! document 004). Every list's total, line count and unit count is counted by hand from the
//! document here; the printed slips are the four the readings name; a user's own list is
//! checked with its mistakes placed at FILE:line:col; a table's `points:` and `armies:` are
//! refused at load with their place when they are wrong.

use std::path::Path;

use serde_json::Value;
use tempfile::TempDir;

use crate::support::{Test, root, tempdir, write};

const CLG: &str = "cest-la-guerre";

/// `umpire army ARGS --rules cest-la-guerre`, which must succeed.
fn army(args: &[&str]) -> String {
    Test::new()
        .args(["army"])
        .args(args)
        .args(["--rules", CLG])
        .stderr("")
        .run()
        .stdout
}

fn army_json(args: &[&str]) -> Value {
    Test::new()
        .args(["army"])
        .args(args)
        .args(["--rules", CLG, "--json"])
        .run()
        .json()
}

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

fn number(v: &Value) -> f64 {
    v.as_f64().unwrap_or(f64::NAN)
}

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

// ----- a user's own list ---------------------------------------------------------------------

/// `umpire army check FILE` of a list written as `text`: the run's output, and the file.
fn check(text: &str, status: i32) -> (crate::support::Output, TempDir, String) {
    let dir = tempdir();
    let file = dir.path().join("mine.yaml");
    write(&file, text);
    let shown = file.display().to_string();
    let out = Test::new()
        .args(["army", "check"])
        .arg(&file)
        .args(["--rules", CLG])
        .status(status)
        .run();
    (out, dir, shown)
}

const CLEAN: &str = "\
period: syw
title: My Swedes
lines:
  - {count: 1, unit: general, grade: average}
  - {count: 3, unit: infantry, grade: inferior}
  - {count: 4, unit: infantry, grade: avg}
  - {count: 2, unit: infantry, grade: elite}
  - count: 3
    unit: heavy-cavalry
    grade: average
    or:
      - units:
          - {count: 3, unit: cavalry, grade: average}
          - {count: 3, unit: light-infantry}
  - {count: 1, unit: guns}
";

#[test]
fn a_clean_list_is_shown_priced_and_passes() {
    let (out, _dir, file) = check(CLEAN, 0);
    assert_eq!(out.stderr, "");
    assert!(
        out.stdout.starts_with(&format!(
            "My Swedes ({file}) — Seven Years War (syw): 40 points a side\n"
        )),
        "{}",
        out.stdout
    );
    for part in [
        " line   units                         each   cost   remarks\n",
        " 5      3 average heavy cavalry       3.0    9.0\n",
        "        and 3 light infantry          1.0    3.0    same cost\n",
        "        total                                40.0\n",
    ] {
        assert!(out.stdout.contains(part), "{part:?} in\n{}", out.stdout);
    }
    assert!(
        out.stdout
            .ends_with(&format!("{file}: 40.0 points, the game's size.\n")),
        "{}",
        out.stdout
    );
}

/// Line and column (1-based) of `key` on the first line of `text` that holds `on`: the key
/// whose value `on` is, or after which it is written.
fn place(text: &str, on: &str, key: &str) -> (usize, usize) {
    let (i, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains(on))
        .unwrap_or_else(|| panic!("no line with {on:?} in\n{text}"));
    // The key that `on` belongs to: the last one up to it, else the first after it.
    let end = line.find(on).map_or(0, |at| at + on.len());
    let column = line[..end]
        .rfind(key)
        .or_else(|| line[end..].find(key).map(|i| end + i))
        .unwrap_or(0);
    (i + 1, line[..column].chars().count() + 1)
}

/// A list with one mistake must fail with it, at the `key` of the line holding `on`.
fn refused(text: &str, (on, key): (&str, &str), says: &str) {
    let (out, _dir, file) = check(text, 2);
    let (line, column) = place(text, on, key);
    assert_eq!(
        out.stdout,
        format!("{file}:{line}:{column}: {says}\n"),
        "{text}"
    );
    assert_eq!(out.stderr, format!("error: 1 mistake in {file}\n"));
}

#[test]
fn each_mistake_in_a_list_is_named_at_its_place() {
    refused(
        &CLEAN.replace("unit: general,", "unit: genral,"),
        ("genral", "unit:"),
        "`genral` is not a kind of unit of the points table (did you mean `general`?)",
    );
    refused(
        &CLEAN.replace(
            "{count: 3, unit: light-infantry}",
            "{count: 3, unit: light-infantry, grade: elite}",
        ),
        ("light-infantry, grade: elite", "grade:"),
        "`light-infantry` is always `average`, never `elite`",
    );
    refused(
        &CLEAN.replace(
            "{count: 3, unit: infantry, grade: inferior}",
            "{count: 3, unit: cavalry, grade: inferior}",
        ),
        ("cavalry, grade: inferior", "grade:"),
        "`cavalry` has no grade `inferior`: its grades are average, elite",
    );
    refused(
        &CLEAN.replace(
            "{count: 3, unit: light-infantry}",
            "{count: 2, unit: light-infantry}",
        ),
        ("- units:", "units:"),
        "this alternative costs 8.0, the line it stands for 9.0: an alternative costs what its \
         line costs",
    );
    refused(
        &CLEAN.replace(
            "{count: 1, unit: guns}",
            "{count: 1, unit: heavy-artillery}",
        ),
        ("lines:", "lines"),
        "41.0 points, 1.0 over the game's size of 40.0",
    );
    refused(
        &CLEAN.replace("grade: avg}", "grade: avrage}"),
        ("avrage", "grade:"),
        "`avrage` is not a grade of the points table (did you mean `average`?)",
    );
    refused(
        &CLEAN.replace("period: syw", "period: sevn-years-war"),
        ("period:", "period"),
        "`sevn-years-war` is not a period of `cest-la-guerre` (did you mean `seven-years-war`?)",
    );
    // The British surcharge applies to a list tagged so: the same list is now over its size.
    refused(
        &CLEAN.replace("title: My Swedes", "title: My Swedes\ntags: [british]"),
        ("lines:", "lines"),
        "44.5 points, 4.5 over the game's size of 40.0",
    );
}

#[test]
fn every_mistake_is_named_at_once_and_a_warning_does_not_fail() {
    let text = CLEAN
        .replace("unit: general,", "unit: genral,")
        .replace("grade: avg}", "grade: avrage}");
    let (out, _dir, file) = check(&text, 2);
    assert_eq!(out.stdout.lines().count(), 2, "{}", out.stdout);
    let (line, column) = place(&text, "genral", "unit:");
    assert!(
        out.stdout.starts_with(&format!("{file}:{line}:{column}: ")),
        "{}",
        out.stdout
    );
    assert_eq!(out.stderr, format!("error: 2 mistakes in {file}\n"));
    // Under its size, and a printed figure the table disagrees with: warnings, exit 0.
    let text = CLEAN
        .replace("{count: 1, unit: guns}", "{count: 1, unit: light-infantry}")
        .replace("grade: average}", "grade: average, printed-each: 6.0}");
    let (out, _dir, file) = check(&text, 0);
    let (line, column) = place(&text, "general", "printed-each:");
    assert!(
        out.stdout.ends_with(&format!(
            "{file}:3:1: warning: 37.0 points, 3.0 under the game's size of 40.0\n\
             {file}:{line}:{column}: warning: line 1, each unit: printed 6.0, computed 5.0\n"
        )),
        "{}",
        out.stdout
    );
}

#[test]
fn a_checked_list_in_json_gives_its_lines_mistakes_and_warnings() {
    let dir = tempdir();
    let file = dir.path().join("mine.yaml");
    let text = CLEAN.replace("grade: avg}", "grade: avrage}");
    write(&file, &text);
    let out = Test::new()
        .args(["army", "check"])
        .arg(&file)
        .args(["--rules", CLG, "--json"])
        .status(2)
        .run();
    let json = crate::support::parsed(&out.stdout);
    assert_eq!(json["schema"], 1);
    assert_eq!(json["period"], "syw");
    assert_eq!(number(&json["size"]), 40.0);
    let mistake = &json["mistakes"][0];
    let (line, column) = place(&text, "avrage", "grade:");
    assert_eq!(mistake["line"], line);
    assert_eq!(mistake["column"], column);
    assert_eq!(mistake["hint"], "did you mean `average`?");
    assert_eq!(json["warnings"], serde_json::json!([]));
    assert_eq!(json["lines"].as_array().map(Vec::len), Some(6));
    let error = crate::support::parsed(&out.stderr);
    assert_eq!(
        error["error"]["message"],
        format!("1 mistake in {}", file.display())
    );
}

#[test]
fn a_list_file_that_is_not_a_list_is_refused_with_its_place() {
    let (out, _dir, file) = check(
        "period: syw\nlines:\n  - {count: 1, unit: general, colour: red}\n",
        2,
    );
    assert!(
        out.stderr.starts_with(&format!("error: {file}:3:")) && out.stderr.contains("colour"),
        "{}",
        out.stderr
    );
    let (out, _dir, file) = check("lines:\n  - {count: 1, unit: general, grade: average}\n", 2);
    assert!(
        out.stdout.starts_with(&format!(
            "{file}:1:1: the list says neither its period (`period:`) nor the points a side \
             has (`size:`)"
        )),
        "{}",
        out.stdout
    );
    Test::new()
        .args(["army", "check", "no-such-list.yaml", "--rules", CLG])
        .status(2)
        .stderr("error: no-such-list.yaml: no such file\n")
        .run();
}

// ----- the table's own sections, refused at load ---------------------------------------------

/// The built-in C'est la Guerre table with `edit` applied, in a tables directory of its own,
/// named as the ruleset it overrides.
fn clg_tables(edit: impl Fn(&str) -> String) -> TempDir {
    let builtin = std::fs::read_to_string(root().join("tables/004-cest-la-guerre.yaml"))
        .unwrap_or_else(|e| panic!("the built-in table: {e}"));
    let text = edit(&builtin);
    assert_ne!(text, builtin, "the edit changed nothing");
    let dir = tempdir();
    write(&dir.path().join("cest-la-guerre.yaml"), text);
    dir
}

/// The line of `needle`'s first appearance after `after` in the edited table.
fn line_of(dir: &Path, after: &str, needle: &str) -> usize {
    let text = std::fs::read_to_string(dir.join("cest-la-guerre.yaml")).unwrap_or_default();
    let start = text.find(after).unwrap_or(0);
    let at = start + text[start..].find(needle).unwrap_or(0);
    text[..at].matches('\n').count() + 1
}

/// The table made by `from` → `to` is refused by `army list` and `rules --check` alike, at the
/// line where `needle` (after `after`) stands, saying `says`.
fn table_refused(from: &str, to: &str, place: (&str, &str), says: &str) {
    edited_refused(|t| t.replacen(from, to, 1), place, says);
}

fn edited_refused(edit: impl Fn(&str) -> String, (after, needle): (&str, &str), says: &str) {
    let tables = clg_tables(edit);
    let line = line_of(tables.path(), after, needle);
    let file = tables.path().join("cest-la-guerre.yaml");
    for args in [&["army", "list"][..], &["rules", "--check"]] {
        let out = Test::new()
            .tables(tables.path())
            .args(args)
            .args(["--rules", CLG])
            .status(2)
            .run();
        let first = out.stderr.lines().next().unwrap_or_default();
        let prefix = format!("error: {}:{line}:", file.display());
        assert!(first.starts_with(&prefix), "{prefix} in {first}");
        assert!(first.ends_with(says), "{says} in {first}");
    }
}

#[test]
fn a_tables_army_lists_are_checked_at_load() {
    table_refused(
        "{count: 1, unit: general, grade: brilliant, printed-each: 6.0, printed: 6.0}",
        "{count: 1, unit: generl, grade: brilliant, printed-each: 6.0, printed: 6.0}",
        ("name: sweden-wss", "unit: generl"),
        "`generl` is not a kind of unit of the points table (did you mean `general`?)",
    );
    table_refused(
        "{count: 6, unit: light-cavalry, printed-each: 1.0, printed: 6.0}",
        "{count: 6, unit: light-cavalry, grade: elite, printed-each: 1.0, printed: 6.0}",
        ("name: russia-wss", "grade: elite, printed-each: 1.0"),
        "`light-cavalry` is always `average`, never `elite`",
    );
    table_refused(
        "      - {count: 2, unit: infantry, grade: inferior, printed-each: 2.0}\n",
        "      - {count: 3, unit: infantry, grade: inferior, printed-each: 2.0}\n",
        (
            "name: austria-wss",
            "{count: 3, unit: infantry, grade: inferior, printed-each: 2.0}",
        ),
        "this alternative costs 6.0, the line it stands for 4.0: an alternative costs what its \
         line costs",
    );
    table_refused(
        "{count: 8, unit: infantry, grade: average, printed-each: 2.5, printed: 20.0}",
        "{count: 9, unit: infantry, grade: average, printed-each: 2.5, printed: 20.0}",
        ("armies:", "name: prussia-wss"),
        "`prussia-wss` costs 42.5, more than the 40.0 points a side has in `wss`",
    );
    table_refused(
        "tags: [british]\n",
        "tags: [britsh]\n",
        ("name: british-dutch-wss", "tags: [britsh]"),
        "`britsh` is not a tag of the points table (did you mean `british`?)",
    );
    table_refused(
        "- name: spain-wss",
        "- name: austria-wss",
        ("name: france-wss", "name: austria-wss"),
        "army list `austria-wss` is used twice",
    );
}

#[test]
fn a_tables_points_are_checked_at_load() {
    table_refused(
        "costs: {inferior: 2, average: 2.5, elite: 3}",
        "costs: {inferior: 2, average: 2.25, elite: 3}",
        ("name: infantry, label: regular infantry", "average: 2.25"),
        "`2.25` is not a cost: costs are counted in whole and half points",
    );
    table_refused(
        "cost: 5}\n    - {name: horse-artillery",
        "cost: -5}\n    - {name: horse-artillery",
        ("name: heavy-artillery", "cost: -5"),
        "`-5` is not a cost: a cost is 0 or more",
    );
    table_refused(
        "costs: {average: 2, elite: 3}",
        "costs: {average: 2, elit: 3}",
        ("name: cavalry, label: cavalry", "elit"),
        "`elit` is not a grade of `points: grades:` (did you mean `elite`?)",
    );
    table_refused(
        "unless: [dagger]",
        "unless: [dager]",
        ("surcharges:", "unless"),
        "`dager` is not a tag of `points: tags:` (did you mean `dagger`?)",
    );
    table_refused(
        "cost: 1, grade: average}\n    - {name: artillery",
        "costs: {average: 1}, cost: 1}\n    - {name: artillery",
        ("{name: light-cavalry, label: light cavalry, group", "costs"),
        "`light-cavalry` has one `cost` or `costs` by grade, not both",
    );
    // No points table at all: the lists cannot be priced.
    edited_refused(
        |t| {
            let start = t.find("\npoints:\n").unwrap_or(0);
            let end = t.find("\narmies:\n").unwrap_or(start);
            format!("{}{}", &t[..start], &t[end..])
        },
        ("\n", "armies:\n"),
        "army lists need a `points:` table to price them",
    );
}

#[test]
fn the_fixture_overrides_the_built_in_table_and_both_check_clean() {
    // tests/tables holds the combat part of the same ruleset: given with --tables it stands
    // for the built-in one, as any user's table of a built-in ruleset's name does.
    Test::new()
        .tables(crate::support::test_tables())
        .args(["army", "list", "--rules", CLG])
        .status(2)
        .stderr_contains("has no army lists")
        .run();
    Test::new()
        .args(["rules", CLG, "--check"])
        .stdout("cest-la-guerre: clean\n")
        .run();
}

#[test]
fn the_ruleset_says_it_has_army_lists_and_the_readings_taken() {
    let text = Test::new().args(["rules", CLG]).run().stdout;
    for part in [
        "\n  note: Army lists: the tool totals every list from the points table",
        "Saxony-Poland's total is printed 4.0 (40.0)",
        "\n  note: British regular infantry pays 0.5 a unit more, except the units marked †",
        "\narmy lists: 28 in 6 periods (`umpire army list --rules cest-la-guerre`)\n",
    ] {
        assert!(text.contains(part), "{part:?} in\n{text}");
    }
}
