//! What the sheet says, as an umpire reads it: no command syntax, the roll's number in large
//! type, the actions and what orders need in plain words, and a sheet for tables that have
//! none of these.

use crate::support::{all_rulesets, builtin_tables, house_tables, ok, test_tables};

use super::{sheet, sheet_of, unbroken};

/// The page's text as printed: no style, no tags, entities read back.
fn visible(html: &str) -> String {
    let html = unbroken(html);
    let body = html.split("</style>").nth(1).unwrap_or(&html);
    let mut out = String::new();
    let mut inside = false;
    for c in body.chars() {
        match c {
            '<' => inside = true,
            '>' if inside => {
                inside = false;
                out.push(' ');
            }
            _ if !inside => out.push(c),
            _ => {}
        }
    }
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// The tables' own prose (every `note`, `notes` and `help`), which the sheet prints as written
/// and may quote what is typed; and every factor name and alias of every ruleset file.
fn prose_and_factors() -> (Vec<String>, Vec<String>) {
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(test_tables())
        .unwrap_or_else(|e| panic!("{e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    files.extend(builtin_tables());
    fn prose(v: &serde_yaml::Value, out: &mut Vec<String>) {
        if let Some(map) = v.as_mapping() {
            for (k, x) in map {
                let key = k.as_str().unwrap_or_default();
                if matches!(key, "note" | "notes" | "help") {
                    out.extend(x.as_str().map(str::to_string));
                    let items = x.as_sequence().into_iter().flatten();
                    out.extend(items.filter_map(|i| i.as_str().map(str::to_string)));
                }
                prose(x, out);
            }
        }
        for x in v.as_sequence().into_iter().flatten() {
            prose(x, out);
        }
    }
    let mut words = Vec::new();
    let mut said = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{e}"));
        let doc: serde_yaml::Value =
            serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        prose(&doc, &mut said);
        for factor in doc["factors"].as_sequence().into_iter().flatten() {
            words.extend(factor["name"].as_str().map(str::to_string));
            for a in factor["aliases"].as_sequence().into_iter().flatten() {
                words.extend(a.as_str().map(str::to_string));
            }
        }
    }
    (said, words)
}

#[test]
fn no_card_of_any_ruleset_says_a_condition_as_it_is_typed() {
    let (prose, factors) = prose_and_factors();
    assert!(factors.iter().any(|f| f == "cover"), "{factors:?}");
    for r in all_rulesets() {
        let mut text = visible(&sheet_of(&r));
        for p in &prose {
            text = text.replace(p.as_str(), "");
        }
        // `name=value` of any factor, anywhere: a condition, a value set, a follow-up.
        for f in &factors {
            assert!(
                !text.contains(&format!("{f}=")),
                "{}: the sheet says `{f}=`",
                r.name
            );
        }
        assert!(!text.contains("FACTOR=VALUE"), "{}", r.name);
        // Nor a marker's change as typed (`+light-wound`).
        for m in r.markers.iter().flatten() {
            assert!(
                !text.contains(&format!("+{}", m.name)),
                "{}: +{}",
                r.name,
                m.name
            );
        }
    }
    // The situations in the table's words.
    let text = visible(&sheet(&[]));
    for said in [
        "firer lightly wounded or prone",
        "target in half cover",
        "a second wound kills: Killed (unless unwounded)",
        "a second wound kills: Killed (the loser, unless unwounded)",
        "must follow: Morale check for the loser (received a wound, lightly wounded)",
        "then Results of being hit",
        "(if rifle, artillery canister or artillery ball)",
        "then Retreat after a failed morale check (unless before frontally charging",
    ] {
        assert!(text.contains(said), "missing `{said}`");
    }
}

/// The size of a CSS rule's `font-size` in points.
fn font_size(html: &str, selector: &str) -> f64 {
    let rule = html
        .split(&format!("{selector} {{"))
        .nth(1)
        .and_then(|r| r.split('}').next())
        .unwrap_or_else(|| panic!("no `{selector}` rule"));
    let size = rule
        .split("font-size:")
        .nth(1)
        .unwrap_or_else(|| panic!("`{selector}` sets no font-size: {rule}"))
        .trim_start();
    let number: String = size
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    assert!(
        size.get(number.len()..)
            .is_some_and(|u| u.starts_with("pt")),
        "`{selector}` is sized in points: {size}"
    );
    number.parse().unwrap_or_else(|e| panic!("{number}: {e}"))
}

#[test]
fn the_number_to_roll_and_the_dice_are_printed_large() {
    let html = sheet(&[]);
    for selector in [".key .need", ".key .dice"] {
        let pt = font_size(&html, selector);
        assert!(pt >= 14.0, "{selector} is {pt} pt");
    }
    // Each check's card heads with its dice and its number: shoot, morale, spotting.
    for key in [
        r#"<span class="dice">2d6</span><span class="need">8 or more</span><span class="says">→ Hit</span><span class="else">otherwise Miss</span>"#,
        r#"<span class="dice">2d6</span><span class="need">8 or more</span><span class="says">→ Pass</span>"#,
        r#"<span class="dice">3d6</span><span class="need">more than distance</span>"#,
        r#"<span class="dice">1d6 each</span><span class="says">the higher total wins</span>"#,
    ] {
        assert!(html.contains(key), "missing {key}");
    }
}

#[test]
fn the_actions_and_what_orders_need_are_said_in_plain_words() {
    let html = unbroken(&sheet(&[]));
    let text = visible(&html);
    assert!(text.contains("Actions"), "{text}");
    assert!(text.contains("A figure takes at most 1 action a phase and 2 actions a turn."));
    for action in [
        "Fire",
        "Move",
        "Load rifle or artillery",
        "Charge",
        "Morale check",
        "Clear misfire",
        "Spot",
    ] {
        assert!(
            html.contains(&format!("<tr><td>{action}</td>")),
            "no action {action}"
        );
    }
    // The card each rolls, by its number on this sheet, and the markers each takes off, drawn.
    let fire = text
        .split("Fire ")
        .nth(1)
        .unwrap_or_default()
        .split("Move")
        .next()
        .unwrap_or_default()
        .to_string();
    assert!(fire.contains("roll: Buck and Ball, card "), "{fire}");
    let number: String = fire
        .split("card ")
        .nth(1)
        .unwrap_or_default()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    assert!(
        html.contains(&format!(
            "<h2>Buck and Ball</h2><span class=\"name\">shoot · also fire, shot</span><span class=\"no\">card {number}/11</span>"
        )),
        "the fire action names card {number}"
    );
    assert!(html.contains("takes off <span class=\"marker\"><span class=\"swatch\" style=\"background:white\">M</span>misfire</span>"));
    // Formations by troop type, from the same rules the engine applies.
    assert!(html.contains(
        "<th>troop</th><th>line</th><th>column</th><th>skirmish</th><th>mass</th><th>unformed</th>"
    ));
    assert!(
        html.contains(
            "<tr><td>indians</td><td>–</td><td>–</td><td>✓</td><td>✓</td><td>✓</td></tr>"
        )
    );
    assert!(
        html.contains(
            "<tr><td>regulars</td><td>✓</td><td>✓</td><td>–</td><td>–</td><td>✓</td></tr>"
        )
    );
    assert!(
        html.contains(
            "<tr><td>rangers</td><td>✓</td><td>✓</td><td>✓</td><td>–</td><td>✓</td></tr>"
        )
    );
    // Volleys and charges as sentences.
    for said in [
        "Volley needs formation line or column, formed, officer and line troops or militia; \
         otherwise the roll goes on without it",
        "Charging needs figures 4 or more, formation line or column, officer, not panicked, not \
         pinned, line troops and unwounded or lightly wounded",
        "Blind needs volley; otherwise it is not allowed",
    ] {
        assert!(text.contains(said), "missing `{said}`");
    }
}

#[test]
fn a_sheet_needs_no_actions_requirements_or_turn() {
    let tables = house_tables(|t| {
        let game = t.split("\nrequires:").next().unwrap_or_default();
        let without = game
            .split("\n  action-limits:")
            .next()
            .unwrap_or_default()
            .to_string();
        let turn = without.find("\nturn:").unwrap_or(without.len());
        let game = without.find("\ngame:").unwrap_or(without.len());
        format!(
            "{}{}\n",
            without.get(..turn).unwrap_or_default(),
            without.get(game..).unwrap_or_default()
        )
    });
    let dir = tables.path().display().to_string();
    let html = ok(&["--tables", &dir, "cards", "--html"]);
    assert!(html.contains("<h2>Sides and markers</h2>"));
    assert!(html.contains("<h2>Buck and Ball</h2>"));
    for gone in [
        "<h2>Actions</h2>",
        "<h2>What it takes</h2>",
        "<h2>Turn sequence</h2>",
    ] {
        assert!(!html.contains(gone), "{gone}");
    }
}
