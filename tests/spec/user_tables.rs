//! A user's table directory (`--tables DIR`): a file there that defines a built-in ruleset's id
//! overrides the built-in ruleset for every command, whatever the file is called.

use crate::support::{Test, nerve_ruleset, tempdir, write};

#[test]
fn a_users_file_overrides_the_builtin_ruleset_of_its_id_whatever_it_is_called() {
    for file in ["house.yaml", "la-petite-guerre.yaml", "zz-mine.yml"] {
        let data = tempdir();
        let tables = tempdir();
        // Under the built-in one's id, with a procedure the built-in one lacks.
        write(
            &tables.path().join(file),
            nerve_ruleset("la-petite-guerre", "The house's Petite Guerre"),
        );
        let with = |args: &[&str]| {
            Test::new()
                .data_dir(data.path())
                .tables(tables.path())
                .args(args)
                .stderr("")
        };
        // `rules` lists the user's version, as the default ruleset.
        with(&["rules"])
            .stdout_contains("The house's Petite Guerre")
            .run();
        // And every command reads it, by default and by its id.
        for rules in [&[][..], &["--rules", "la-petite-guerre"]] {
            let args = |words: &[&'static str]| [rules, words].concat();
            with(&args(&["roll", "nerve", "--dice", "3"]))
                .stdout_contains("outcome: Shaken")
                .run();
            with(&args(&["odds", "nerve", "brave"]))
                .stdout_contains("2/3")
                .run();
            with(&args(&["card", "nerve"]))
                .stdout_contains("Nerve test")
                .run();
            with(&args(&["rules", "nerve"]))
                .stdout_contains("brave")
                .run();
        }
    }
}
