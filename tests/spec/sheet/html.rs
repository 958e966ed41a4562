//! The sheet as HTML: one self-contained page a ruleset, with a card for each procedure, its
//! legend and turn where it has them; written to the file named; and the tables' text escaped.

use crate::support::{Test, all_rulesets, tempdir as temp};

use super::{assert_self_contained, escaped, sheet, sheet_of, unbroken};

#[test]
fn every_ruleset_has_one_self_contained_sheet() {
    for r in all_rulesets() {
        let html = sheet_of(&r);
        let what = r.name.as_str();
        assert_self_contained(&html, what);
        let text = unbroken(&html);
        let n = r.procedures.len();
        for (i, p) in r.procedures.iter().enumerate() {
            let head = format!("<h2>{}</h2>", escaped(&p.title));
            assert!(text.contains(&head), "{what}: no card for {}", p.name);
            let number = format!("card {}/{n}<", i + 1);
            assert_eq!(
                text.matches(&number).count(),
                2,
                "{what}: card {} is numbered at its head and its foot",
                p.name
            );
        }
        // The legend and the turn only where the ruleset has them.
        assert_eq!(
            text.contains("<h2>Sides and markers</h2>"),
            r.markers.is_some(),
            "{what}"
        );
        assert_eq!(
            text.contains("<h2>Turn sequence</h2>"),
            r.has_turn,
            "{what}"
        );
        if let Some(markers) = &r.markers {
            for m in markers {
                assert!(
                    text.contains(&format!(
                        "<span class=\"swatch\" style=\"background:{}\"></span>{}",
                        m.colour,
                        escaped(&m.label)
                    )),
                    "{what}: marker {}",
                    m.name
                );
            }
        }
    }
}

#[test]
fn the_sheet_goes_to_the_file_named() {
    let d = temp();
    let file = d.path().join("sheet.html");
    Test::new()
        .args(["cards", "--html", "-o", &file.display().to_string()])
        .stdout("")
        .run();
    let written = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(written, sheet(&[]));
    // The same cards as the terminal's: the odds row of a check, the policy in words.
    assert!(written.contains("use the greatest positive and the greatest negative"));
    assert!(written.contains(
        "<tr><td class=\"num\">0</td><td class=\"num\">16.7%</td><td class=\"num\">33.3%</td><td class=\"num\">50.0%</td></tr>"
    ));
}

/// A house rule that writes markup into every kind of text a sheet shows.
const HOUSE: &str = r#"ruleset: house
title: "House <b>rules</b> & co"
author: "A. <i>Umpire</i>"
notes: ["<script>alert(1)</script> & more"]
factors:
  - {name: brave, kind: flag, help: "the <b>brave</b> one"}
procedures:
  - name: strike
    title: "Strike & <b>parry</b>"
    help: "roll 1d6 <i>hard</i>"
    notes: ["a < b && c > d"]
    roll: 1d6
    modifiers:
      - group: "<b>nerve</b>"
        items:
          - {label: "<b>brave</b> & bold", when: {brave: true}, value: 1}
    check: {compare: at-least, target: 4, pass: hit, fail: miss}
    results:
      - {name: hit, label: "<i>hit</i> & run", note: "'quoted' \"twice\""}
      - {name: miss, label: Miss}
turn:
  phases: {percent: 50, of: larger, rounding: up}
  draw: {token: bead, per-side: larger}
  notes: ["<u>draw</u> & act"]
game:
  sides:
    - {name: blue, label: "<b>Blue</b> side", token: blue}
    - {name: red, label: Red, token: "red;background:green"}
  markers:
    - {name: hurt, label: "<b>hurt</b>", colour: "x\" onmouseover=\"y", note: "<em>ouch</em>"}
  states:
    - {name: out, label: "<s>out</s>"}
"#;

#[test]
fn the_tables_text_is_escaped() {
    let dir = temp();
    std::fs::write(dir.path().join("house.yaml"), HOUSE).unwrap_or_else(|e| panic!("{e}"));
    let tables = dir.path().display().to_string();
    let html = sheet(&["--tables", &tables, "--rules", "house"]);
    assert_self_contained(&html, "house");
    let text = unbroken(&html);
    for raw in [
        "<b>rules</b>",
        "<i>Umpire</i>",
        "<script>",
        "<b>parry</b>",
        "<i>hard</i>",
        "<b>nerve</b>",
        "<b>brave</b>",
        "<i>hit</i>",
        "a < b",
        "<u>draw</u>",
        "<b>Blue</b>",
        "<b>hurt</b>",
        "<em>",
        "<s>",
        "onmouseover=\"",
        "background:red;",
    ] {
        assert!(!text.contains(raw), "`{raw}` went into the page unescaped");
    }
    for safe in [
        "House &lt;b&gt;rules&lt;/b&gt; &amp; co",
        "&lt;script&gt;alert(1)&lt;/script&gt; &amp; more",
        "Strike &amp; &lt;b&gt;parry&lt;/b&gt;",
        "roll 1d6 &lt;i&gt;hard&lt;/i&gt;",
        "Modifiers: &lt;b&gt;nerve&lt;/b&gt;",
        "&lt;b&gt;brave&lt;/b&gt; &amp; bold",
        "&lt;i&gt;hit&lt;/i&gt; &amp; run",
        "&#39;quoted&#39; &quot;twice&quot;",
        "a &lt; b &amp;&amp; c &gt; d",
        "&lt;u&gt;draw&lt;/u&gt; &amp; act",
        "&lt;b&gt;Blue&lt;/b&gt; side",
        "&lt;b&gt;hurt&lt;/b&gt;",
        "&lt;em&gt;ouch&lt;/em&gt;",
        "&lt;s&gt;out&lt;/s&gt;",
    ] {
        assert!(text.contains(safe), "`{safe}` missing:\n{text}");
    }
    // A colour that is not a plain name is written out, never put in a style.
    assert!(text.contains("<span class=\"swatch\" style=\"background:blue\"></span>"));
    assert_eq!(text.matches("class=\"swatch\"").count(), 1, "{text}");
}
