//! The terminal quick-reference cards (`umpire card`, `umpire cards`): what a card shows of the
//! tables, that its odds are the exact ones, that every card of every ruleset fits an
//! 80-column terminal, and that colour appears only on a terminal and never with NO_COLOR.

use crate::support::{all_rulesets, ok, on_a_terminal, run, tempdir, test_tables};

/// The lines of one part of a card, from its heading to the next blank line.
fn part<'a>(card: &'a str, heading: &str) -> Vec<&'a str> {
    card.lines()
        .skip_while(|l| !l.starts_with(heading))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect()
}

/// A chance as the card prints it: one decimal, `-` for none, `100%` for certain.
fn shown(numerator: u32, denominator: u32) -> String {
    match numerator {
        0 => "-".into(),
        n if n == denominator => "100%".into(),
        n => format!("{:.1}%", f64::from(n) * 100.0 / f64::from(denominator)),
    }
}

#[test]
fn the_card_of_a_check_shows_the_tables_rules() {
    let card = ok(&["card", "shoot"]);
    assert!(card.starts_with("══ shoot — Buck and Ball ═"), "{card}");
    assert!(card.contains("also: fire, shot"), "{card}");
    assert!(
        card.contains("one figure fires at its declared target"),
        "{card}"
    );
    // The dice and the natural result that overrides every modifier.
    assert!(card.contains("\n  2d6\n"), "{card}");
    assert!(
        card.contains("natural doubles: Misfire, whatever the modifiers"),
        "{card}"
    );
    // Each group with its policy in words, each item with its value and condition.
    assert!(card.contains("Modifiers: troop type — all apply"), "{card}");
    assert!(
        card.contains("Modifiers: situation — use the greatest positive and the greatest negative"),
        "{card}"
    );
    for (value, label, when) in [
        ("+1", "line troops", "troop=line"),
        ("+1", "armed with rifle", "weapon=rifle"),
        ("-5", "target at extreme range", "range=extreme"),
        ("+3", "regulars volleying", "troop=line, volley"),
        ("-2", "target in half cover", "cover=half"),
        (
            "-1",
            "firer lightly wounded or prone",
            "wound=light or prone",
        ),
    ] {
        let line = card
            .lines()
            .find(|l| l.contains(label))
            .unwrap_or_else(|| panic!("no line for {label}: {card}"));
        assert!(
            line.trim_start().starts_with(value) && line.contains(when),
            "{label}: {line}"
        );
    }
    // The target, the results with their notes and what follows.
    assert!(card.contains("8 or more: Hit; otherwise Miss"), "{card}");
    // Wrapped cells read as one text once the layout's spaces are collapsed.
    let results = part(&card, "Results")
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(results.contains("then hit-result"), "{results}");
    assert!(
        results.contains("marks the figure acting: +misfire"),
        "{results}"
    );
    assert!(results.contains("check pass-through fire"), "{results}");
    // The notes on readings, word for word from the tables.
    let notes = part(&card, "Notes").join(" ");
    assert!(notes.contains("Pass-through fire: after a miss"), "{notes}");
}

#[test]
fn the_odds_of_a_check_are_exact_for_every_net_modifier() {
    let card = ok(&["card", "shoot"]);
    assert!(
        card.contains("\nOdds by net modifier (exact, rounded)\n"),
        "{card}"
    );
    let odds = part(&card, "Odds");
    let header: Vec<&str> = odds
        .first()
        .map(|l| l.split_whitespace().collect())
        .unwrap_or_default();
    assert_eq!(header, ["net", "Misfire", "Hit", "Miss"], "{odds:?}");
    // Every throw of 2d6: doubles misfire whatever the modifiers; otherwise the total with
    // the net modifier hits on 8 or more.
    for net in -5i64..=5 {
        let (mut misfire, mut hit, mut miss) = (0, 0, 0);
        for a in 1i64..=6 {
            for b in 1i64..=6 {
                if a == b {
                    misfire += 1;
                } else if a + b + net >= 8 {
                    hit += 1;
                } else {
                    miss += 1;
                }
            }
        }
        let label = match net {
            0 => "0".to_string(),
            n if n > 0 => format!("+{n}"),
            n => n.to_string(),
        };
        let row: Vec<&str> = odds
            .iter()
            .map(|l| l.split_whitespace().collect::<Vec<_>>())
            .find(|cells| cells.first() == Some(&label.as_str()))
            .unwrap_or_else(|| panic!("no odds row for net {label}: {odds:?}"));
        let want = [
            label.clone(),
            shown(misfire, 36),
            shown(hit, 36),
            shown(miss, 36),
        ];
        assert_eq!(row, want, "net {label}");
    }
    // At net 0: 15 throws make 8 or more, but 3 of them (4-4, 5-5, 6-6) are doubles and
    // misfire, so 12/36 hit.
    assert!(
        odds.iter()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["0", "16.7%", "33.3%", "50.0%"]),
        "{odds:?}"
    );
}

#[test]
fn cards_without_modifiers_give_exact_fractions_and_amounts_their_span() {
    let spot = ok(&["card", "spot"]);
    // 3d6 more than the distance: at 10 inches, 108 of 216 throws.
    let odds = part(&spot, "Odds");
    assert!(
        odds.iter()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["10", "50.0%", "50.0%"]),
        "{odds:?}"
    );
    assert!(spot.contains("more than distance: Spotted; otherwise Not spotted"));
    let retreat = ok(&["card", "retreat"]);
    assert!(
        retreat.contains("2d6: 2 to 12 inches, average 7.0"),
        "{retreat}"
    );
    let blind = ok(&[
        "--tables",
        &test_tables().display().to_string(),
        "--rules",
        "lpg-1750s",
        "card",
        "blind-fire",
    ]);
    assert!(
        blind.contains("Odds (exact)\n  Hit 1/6 (16.7%), Miss 5/6 (83.3%)\n"),
        "{blind}"
    );
    assert!(
        blind.contains("any other natural total: Miss (only the natural counts)"),
        "{blind}"
    );
}

#[test]
fn an_opposed_card_gives_who_wins_by_net_modifier() {
    let card = ok(&["card", "melee"]);
    assert!(
        card.contains("1d6 each: the attacker and the defender"),
        "{card}"
    );
    let odds = part(&card, "Odds");
    // Equal modifiers: 15 of 36 each way, 6 ties.
    assert!(
        odds.iter()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["0", "41.7%", "16.7%", "41.7%"]),
        "{odds:?}"
    );
    let bands = part(&card, "Comparing the totals").join("\n");
    assert!(bands.contains("6 or more  Killed"), "{bands}");
}

#[test]
fn every_card_of_every_ruleset_fits_80_columns() {
    let tables = test_tables().display().to_string();
    for r in all_rulesets() {
        let out = ok(&["--tables", &tables, "--rules", &r.name, "card"]);
        for p in &r.procedures {
            assert!(
                out.contains(&format!("══ {} — {}", p.name, p.title)),
                "{}: no card for {}",
                r.name,
                p.name
            );
        }
        for line in out.lines() {
            assert!(
                line.chars().count() <= 80,
                "{}: a line of {} characters:\n{line}",
                r.name,
                line.chars().count()
            );
        }
    }
}

/// The binary lays cards out for 80 columns only (other widths are the library's, not seen
/// from outside): `cards`, every card at once, keeps to them too.
#[test]
fn cards_keep_to_the_width_asked() {
    let tables = test_tables().display().to_string();
    for r in all_rulesets() {
        let text = ok(&["--tables", &tables, "--rules", &r.name, "cards"]);
        for line in text.lines() {
            assert!(line.chars().count() <= 80, "{} at 80: {line}", r.name);
        }
    }
}

#[test]
#[ignore = "needs script: run by .ci/run (cargo test -- --ignored)"]
fn colour_is_bold_headings_only_when_asked() {
    let plain = ok(&["card", "shoot"]);
    assert!(!plain.contains('\u{1b}'), "{plain}");
    let d = tempdir();
    let bold = on_a_terminal(d.path(), "card shoot", false);
    assert!(bold.contains("\u{1b}[1m══ shoot — Buck and Ball"), "{bold}");
    assert!(bold.contains("\u{1b}[1mDice\u{1b}[0m"), "{bold}");
    // Without its escapes the coloured card is the plain one.
    let stripped = bold.replace("\u{1b}[1m", "").replace("\u{1b}[0m", "");
    assert_eq!(stripped, plain);
}

#[test]
fn a_pipe_gets_no_escape_codes() {
    for args in [&["card"][..], &["card", "shoot", "melee"], &["cards"]] {
        let out = ok(args);
        assert!(!out.contains('\u{1b}'), "umpire {}: {out}", args.join(" "));
    }
    // `cards` is every card, one after another.
    let all = ok(&["cards"]);
    assert_eq!(all, ok(&["card"]));
    assert_eq!(all.matches("\n══ ").count() + 1, 11, "{all}");
}

/// `umpire card shoot` run on a pseudo-terminal (util-linux `script`).
fn card_on_a_terminal(no_color: bool) -> String {
    let d = tempdir();
    on_a_terminal(d.path(), "card shoot", no_color)
}

#[test]
#[ignore = "needs script: run by .ci/run (cargo test -- --ignored)"]
fn a_terminal_gets_bold_headings_unless_no_color() {
    let coloured = card_on_a_terminal(false);
    assert!(coloured.contains("\u{1b}[1mDice\u{1b}[0m"), "{coloured}");
    let plain = card_on_a_terminal(true);
    assert!(!plain.contains('\u{1b}'), "{plain}");
    assert_eq!(plain, ok(&["card", "shoot"]));
}

#[test]
fn an_unknown_procedure_is_refused_with_a_suggestion() {
    let (code, out, err) = run(&["card", "shoto"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains("no procedure `shoto`"), "{err}");
    assert!(err.contains("(did you mean `shot`?)"), "{err}");
    assert!(!err.contains("panicked at"), "{err}");
    // One bad name among good ones refuses the lot: nothing half printed.
    let (code, out, _) = run(&["card", "shoot", "nonsense"]);
    assert_eq!((code, out.as_str()), (2, ""));
    // An alias names the same card.
    assert_eq!(ok(&["card", "fire"]), ok(&["card", "shoot"]));
}

/// A house rule whose words a terminal prints as they are (HTML escaping is the sheet's job).
const HOUSE: &str = r#"ruleset: house
title: House rules
factors:
  - {name: brave, kind: flag, help: the brave one}
procedures:
  - name: strike
    title: "Strike & <b>parry</b>"
    help: roll and hope
    roll: 1d6
    modifiers:
      - group: nerve
        policy: best
        items:
          - {label: "<b>brave</b> & bold", when: {brave: true}, value: 1}
    check: {compare: at-least, target: 4, pass: hit, fail: miss}
    results:
      - {name: hit, label: Hit}
      - {name: miss, label: Miss}
"#;

#[test]
fn a_house_rule_card_prints_its_own_words() {
    let dir = tempdir();
    let file = dir.path().join("house.yaml");
    std::fs::write(&file, HOUSE).unwrap_or_else(|e| panic!("{e}"));
    let card = ok(&[
        "--tables",
        &dir.path().display().to_string(),
        "--rules",
        "house",
        "card",
    ]);
    assert!(
        card.contains("══ strike — Strike & <b>parry</b> ═"),
        "{card}"
    );
    assert!(
        card.contains("Modifiers: nerve — use only the greatest positive"),
        "{card}"
    );
    assert!(card.contains("+1  <b>brave</b> & bold"), "{card}");
    assert!(card.contains("4 or more: Hit; otherwise Miss"), "{card}");
    // 1d6 needing 4: half; with +1, two thirds.
    let odds = part(&card, "Odds");
    assert!(
        odds.iter()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["0", "50.0%", "50.0%"]),
        "{odds:?}"
    );
    assert!(
        odds.iter()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["+1", "66.7%", "33.3%"]),
        "{odds:?}"
    );
}

/// Dice too many to enumerate quickly, or at all, and dice counted from a factor.
const HEAVY: &str = r#"ruleset: heavy
title: Heavy dice
factors:
  - {name: n, kind: number, min: 1, max: 30, help: a count}
  - {name: far, kind: number, min: 0, max: 3000, help: a distance}
procedures:
  - name: many
    title: Many dice
    help: thirty of them
    roll: 30d6
    modifiers:
      - group: g
        items:
          - {label: one, value: 1, when: {n: 1}}
    check: {compare: at-least, target: 100, pass: ok, fail: ko}
    results:
      - {name: ok, label: Made it}
      - {name: ko, label: Not}
  - name: huge
    title: Huge dice
    help: too many to count
    roll: 20d100
    check: {compare: more-than, target: {factor: far}, pass: ok, fail: ko}
    results:
      - {name: ok, label: Made it}
      - {name: ko, label: Not}
  - name: counted
    title: Counted dice
    help: per n
    roll:
      - {dice: d6, count: {factor: n, per: 1}}
    amount: {floor: 0}
    results: []
"#;

#[test]
fn heavy_dice_make_a_card_without_fail() {
    let dir = tempdir();
    std::fs::write(dir.path().join("heavy.yaml"), HEAVY).unwrap_or_else(|e| panic!("{e}"));
    let tables = dir.path().display().to_string();
    let cards = ok(&["--tables", &tables, "--rules", "heavy", "card"]);
    // 30d6 is enumerated (only at net 0, which is quick): 72.1% make 100.
    let many = part(&cards, "Odds (exact)");
    assert_eq!(many, ["  Made it 72.1%, Not 27.9%"], "{cards}");
    // 20d100 cannot be: the card says what it can and leaves the odds out.
    assert!(
        cards.contains("more than far: Made it; otherwise Not"),
        "{cards}"
    );
    assert_eq!(cards.matches("Odds").count(), 1, "{cards}");
    assert!(cards.contains("d6 per 1 n"), "{cards}");
    let sheet = ok(&["--tables", &tables, "--rules", "heavy", "cards", "--html"]);
    assert!(sheet.contains("Made it 72.1%, Not 27.9%"), "{sheet}");
}

/// A condition, a policy and a band are each spelt one way, whether a roll explains them, a
/// card shows them or `umpire rules` lists them.
#[test]
fn a_condition_a_policy_and_a_band_have_one_spelling_everywhere() {
    let roll = ok(&["roll", "shoot", "troop=rangers", "volley", "--dice", "3,4"]);
    let card = ok(&["card", "shoot"]);
    let rules = ok(&["rules", "shoot"]);
    let militia = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.contains("militia volley"))
            .map(str::to_string)
            .collect()
    };
    assert!(
        militia(&roll)
            .iter()
            .any(|l| l.ends_with("ignored: does not apply: needs troop=militia")),
        "{roll}"
    );
    assert!(
        militia(&card)
            .iter()
            .any(|l| l.trim_end().ends_with("troop=militia, volley")),
        "{card}"
    );
    let policy = "use the greatest positive and the greatest negative";
    assert!(card.contains(&format!("situation — {policy}")), "{card}");
    assert!(rules.contains(&format!("situation ({policy})")), "{rules}");
    let hit_card = ok(&["card", "hit-result"]);
    let hit_rules = ok(&["rules", "hit-result"]);
    for text in [&hit_card, &hit_rules] {
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        assert!(lines.iter().any(|l| l.starts_with("12 or more")), "{text}");
        assert!(lines.iter().any(|l| l.starts_with("2 or less")), "{text}");
    }
}
