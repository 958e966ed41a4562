//! Player characters are the officers and leaders, one a player: a second one for the same
//! player (or, none given, for the side's one player) is refused, naming the rule, with the
//! way through.

use crate::support::Table;

#[test]
fn a_player_has_one_player_character() {
    let t = Table::empty();
    t.ok(&["game", "new", "skirmish", "--rules", "oal"]);
    fn add<'a>(name: &'a str, side: &'a str, fields: &'a str) -> Vec<&'a str> {
        let mut args = vec!["unit", "add", name, "--side", side, "--figures", "1"];
        args.extend(fields.split(' '));
        args
    }
    t.ok(&add("sharpe", "a", "class=hero rank=officer"));
    assert_eq!(
        t.refused(&add("hogan", "a", "class=veteran rank=pc")),
        "One player character a player refuses hogan: side-a with no player given has sharpe \
         with rank=officer already (1 at most a player) (give it another player: `player=N` \
         (or `umpire unit set sharpe player=N`); or rule otherwise with `--anyway \"WHY\"`)"
    );
    t.ok(&add("hogan", "a", "class=veteran rank=pc player=2"));
    // The other side's officers, and NCOs, are not the same player's.
    t.ok(&add("dubreton", "b", "class=veteran rank=officer player=2"));
    t.ok(&add("harper", "a", "class=veteran rank=nco player=2"));
    assert!(
        t.refused(&["unit", "set", "sharpe", "player=2"])
            .starts_with(
                "One player character a player refuses sharpe: side-a for player 2 has hogan \
             with rank=officer already"
            )
    );
    t.ok(&["unit", "set", "sharpe", "player=1"]);
    let mut anyway = add("simmons", "a", "class=raw rank=officer player=1");
    anyway.extend(["--anyway", "the scenario gives player 1 two officers"]);
    t.ok(&anyway);
}
