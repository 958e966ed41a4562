//! What the ruleset's words give beyond a roll: its cards (the charge's compared scores and
//! what a modifier reads on the other side, the re-rolls in words), the printed sheet, and the
//! shell completions, all from the table.

use super::said;

#[test]
fn the_cards_say_the_re_rolls_and_the_compared_scores() {
    let card = said(&["card", "charge"]);
    for words in [
        "Comparing the scores",
        "equal scores: Equal hits; else the winner's margin gives the loser's result:",
        "each side's total is its score, in hits",
        "target in buildings or fortifications  opponent: cover=fortified",
        "attacker's captain's re-roll (when captain): the attacker's dice thrown again",
        "Odds by the attacker's net modifier, the defender's at 0",
    ] {
        assert!(card.contains(words), "missing `{words}`:\n{card}");
    }
    let card = said(&["card", "shoot"]);
    assert!(
        card.contains("captain's re-roll (when captain): thrown again once when it scores below"),
        "{card}"
    );
    assert!(
        card.contains("May follow: shoot, with return-fire=yes"),
        "{card}"
    );
    assert!(
        card.contains("must follow: rally for the target (when it scores 1 or more)"),
        "{card}"
    );
    // Every card fits 80 columns.
    let all = said(&["card"]);
    assert!(all.lines().all(|l| l.chars().count() <= 80), "{all}");
    assert_eq!(all.matches("══ ").count(), 6, "{all}");
}

#[test]
fn the_sheet_and_the_completions_come_from_the_table() {
    let html = said(&["cards", "--html"]);
    assert!(html.contains("French Indian War Rules"));
    assert!(html.contains("Comparing the scores"));
    // Said in the table's words: the opponent's cover by its label.
    assert!(html.contains("target in buildings or fortifications"));
    let bash = said(&["generate", "completions", "bash"]);
    for word in [
        "charge",
        "attacker.unit=grenadiers",
        "defender.cover=entrenchments",
        "resolve-lost",
        "action=move-difficult",
    ] {
        assert!(bash.contains(word), "completions lack `{word}`");
    }
}
