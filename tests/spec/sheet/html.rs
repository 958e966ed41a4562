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
            let codes = marker_codes(&text, markers, what);
            assert_eq!(codes.len(), markers.len(), "{what}: {codes:?}");
        }
    }
}

/// Every marker's code as the legend draws it on its colour, each checked: the legend names
/// the marker with its colour beside, and the code is one to three letters of its own.
fn marker_codes(text: &str, markers: &[crate::support::Marker], what: &str) -> Vec<String> {
    let mut codes: Vec<String> = Vec::new();
    for m in markers {
        let label = format!("</span>{}</span>", escaped(&m.label));
        let at = text
            .find(&label)
            .unwrap_or_else(|| panic!("{what}: no marker {} in the legend", m.name));
        let before = text.get(..at).unwrap_or_default();
        let open = before.rfind("<span class=\"swatch").unwrap_or_else(|| {
            panic!("{what}: marker {} has no swatch", m.name);
        });
        let swatch = before.get(open..).unwrap_or_default();
        assert!(
            swatch.contains(&format!("background:{}\"", m.colour)),
            "{what}: marker {} is not drawn in {}: {swatch}",
            m.name,
            m.colour
        );
        // The code: the swatch's text, inside any inner span.
        let code: String = swatch
            .split('>')
            .skip(1)
            .map(|piece| piece.split('<').next().unwrap_or_default())
            .collect();
        assert!(
            (1..=3).contains(&code.chars().count()) && code.chars().all(char::is_alphanumeric),
            "{what}: marker {} has the code `{code}`",
            m.name
        );
        assert!(
            !codes.iter().any(|c| c.eq_ignore_ascii_case(&code)),
            "{what}: code {code} twice"
        );
        assert!(
            text.contains(&format!(
                "{} <span class=\"colour\">({})</span>",
                &label[7..],
                m.colour
            )),
            "{what}: marker {} without its colour's name",
            m.name
        );
        codes.push(code);
    }
    codes
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
    // The same cards as the terminal's, in words: the policy, the odds of a check across the
    // card, a line per result, in whole percent.
    assert!(written.contains("use the greatest positive and the greatest negative"));
    assert!(written.contains(
        "<tr><td>Hit</td><td class=\"num\">-</td><td class=\"num\">-</td><td class=\"num\">6</td><td class=\"num\">11</td>"
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
    // A colour that is not a plain name is written out, never put in a style: the blue side's
    // token is drawn, the marker of a hostile colour has its code in a plain ring.
    assert!(text.contains("<span class=\"swatch token\" style=\"background:blue\"></span>"));
    assert_eq!(text.matches("style=").count(), 1, "{text}");
    assert_eq!(text.matches("<span class=\"swatch\">").count(), 1, "{text}");
}
