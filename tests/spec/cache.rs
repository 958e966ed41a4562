//! The parsed-ruleset cache, seen from outside: a warm run prints exactly what a cold run
//! prints, for every procedure of every ruleset; a damaged, stale or unusable cache changes no
//! result and no message; and the cache is kept where the environment says.
//!
//! Every command runs with its own data and cache directories and without the UMPIRE_*
//! variables that would change what it does.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use serde_json::Value;

mod hostile;

use crate::support::{BUILTIN, Output, Test, read, tempdir as temp, test_tables, write};

/// The binary with its data and cache where given.
fn umpire(data: &Path, cache: &Path) -> Test {
    Test::new().data_dir(data).env("UMPIRE_CACHE_DIR", cache)
}

fn shown<S: AsRef<OsStr>>(args: &[S]) -> String {
    args.iter()
        .map(|a| a.as_ref().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

fn run<S: AsRef<OsStr>>(data: &Path, cache: &Path, args: &[S]) -> Output {
    umpire(data, cache)
        .args(args.iter().map(|a| a.as_ref().to_os_string()))
        .output()
}

/// A fresh, empty directory `name` under `root`.
fn fresh_dir(root: &Path, name: &str) -> PathBuf {
    let dir = root.join(name);
    std::fs::create_dir(&dir).unwrap_or_else(|e| panic!("creating {}: {e}", dir.display()));
    dir
}

/// A regular file where a cache directory would be: a cache that can be neither read nor
/// written, so that every run parses the tables.
fn no_cache(root: &Path) -> PathBuf {
    let file = root.join("not-a-directory");
    std::fs::write(&file, "a file, not a directory\n")
        .unwrap_or_else(|e| panic!("writing {}: {e}", file.display()));
    file
}

/// Everything in a cache directory, sorted (empty when there is no such directory).
fn files_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut all: Vec<PathBuf> = read
        .map(|e| {
            e.unwrap_or_else(|e| panic!("listing {}: {e}", dir.display()))
                .path()
        })
        .collect();
    all.sort();
    all
}

fn is_entry(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(OsStr::to_string_lossy)
        .unwrap_or_default();
    name.starts_with("rules-") && name.ends_with(".cache")
}

/// The cache's key, which seals its entries.
fn is_key(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n == "key")
}

/// The one entry in a cache directory (beside the key, and nothing else).
fn the_entry(cache: &Path) -> PathBuf {
    let all = files_in(cache);
    let entries: Vec<&PathBuf> = all.iter().filter(|p| !is_key(p)).collect();
    match entries.as_slice() {
        [one] if is_entry(one) => (*one).clone(),
        _ => panic!(
            "expected one rules-*.cache (and the key) in {}, found {all:?}",
            cache.display()
        ),
    }
}

/// Where two outputs part, for a failure message that fits on a screen.
fn difference(cold: &Output, warm: &Output) -> String {
    if cold.code != warm.code {
        return format!(
            "exit {} cold, {} warm; stderr cold {:?}, warm {:?}",
            cold.code, warm.code, cold.stderr, warm.stderr
        );
    }
    for (what, a, b) in [
        ("stdout", &cold.stdout, &warm.stdout),
        ("stderr", &cold.stderr, &warm.stderr),
    ] {
        if a == b {
            continue;
        }
        let (la, lb): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
        let at = la.iter().zip(&lb).take_while(|(x, y)| x == y).count();
        return format!(
            "{what} differs at line {}: cold {:?}, warm {:?}",
            at + 1,
            la.get(at),
            lb.get(at)
        );
    }
    "identical".to_string()
}

/// The first `key: value` line of a table file.
fn yaml_key(text: &str, key: &str) -> String {
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{key}:")))
        .map(|v| v.trim().to_string())
        .unwrap_or_else(|| panic!("no `{key}:` line"))
}

/// The test tables of `tests/tables`, copied to `dir` as `<ruleset id>.yaml`, the name under
/// which a ruleset is found without reading the other files. Returns the ids.
fn copy_test_tables(dir: &Path) -> Vec<String> {
    let source = test_tables();
    let mut ids = Vec::new();
    for path in files_in(&source) {
        if path.extension().is_none_or(|e| e != "yaml" && e != "yml") {
            continue;
        }
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        let id = yaml_key(&text, "ruleset");
        write(&dir.join(format!("{id}.yaml")), text.as_bytes());
        ids.push(id);
    }
    assert!(ids.len() >= 4, "test tables: {ids:?}");
    ids
}

fn json(out: &Output, what: &str) -> Value {
    assert_eq!(out.code, 0, "umpire {what}: {}", out.stderr);
    serde_json::from_str(&out.stdout).unwrap_or_else(|e| panic!("umpire {what}: {e}"))
}

fn args(words: &[&str]) -> Vec<OsString> {
    words.iter().map(OsString::from).collect()
}

/// The words of a situation the procedure takes, from what `rules P --json` and `rules P` say:
/// each factor without a default gets its first value (a choice) or 2 (a number), the first
/// yes/no factor is set, and an opposed roll gets all of it for every side.
fn situation(described: &Value, text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut flag_set = false;
    for f in described["factors"].as_array().into_iter().flatten() {
        let name = f["name"].as_str().unwrap_or_default();
        let has_default = !f["default"].is_null();
        match f["kind"].as_str() {
            Some("choice") if !has_default => {
                if let Some(v) = f["values"][0]["name"].as_str() {
                    words.push(format!("{name}={v}"));
                }
            }
            Some("number") if !has_default => words.push(format!("{name}=2")),
            Some("yes/no") if !flag_set => {
                words.push(name.to_string());
                flag_set = true;
            }
            _ => {}
        }
    }
    // `sides: attacker and defender (write factors as attacker.NAME=VALUE)`
    let sides: Vec<String> = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("sides: "))
        .map(|l| {
            l.split(" (")
                .next()
                .unwrap_or_default()
                .split([',', ' '])
                .filter(|w| !w.is_empty() && *w != "and")
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    if sides.is_empty() {
        return words;
    }
    sides
        .iter()
        .flat_map(|s| words.iter().map(move |w| format!("{s}.{w}")))
        .collect()
}

/// Run `command` with an empty cache, then again with what that run kept: the output of both
/// when they are the same, else where they differ.
fn cold_then_warm(data: &Path, cache: &Path, command: &[OsString]) -> Result<Output, String> {
    let cold = run(data, cache, command);
    if !files_in(cache).iter().any(|p| is_entry(p)) {
        return Err(format!(
            "umpire {}: the cold run kept nothing in the cache",
            shown(command)
        ));
    }
    let warm = run(data, cache, command);
    if cold == warm {
        Ok(cold)
    } else {
        Err(format!(
            "umpire {}: {}",
            shown(command),
            difference(&cold, &warm)
        ))
    }
}

/// The quick-start roll of the README, with a range in inches.
const QUICK_START: &[&str] = &[
    "roll",
    "shoot",
    "troop=line",
    "weapon=rifle",
    "range=30",
    "cover=half",
    "wound=light",
    "initial-shot",
    "target=militia",
    "--seed",
    "3",
];

// ----- a warm run is a cold run -----------------------------------------------------------------

#[test]
fn every_procedure_of_every_ruleset_prints_the_same_warm_as_cold() {
    let root = temp();
    let data = fresh_dir(root.path(), "data");
    let tables = fresh_dir(root.path(), "tables");
    let ids = copy_test_tables(&tables);
    let scratch = fresh_dir(root.path(), "scratch");
    let tables_arg = tables.as_os_str().to_os_string();

    // The rulesets and their procedures, as the binary lists them.
    let listed = run(
        &data,
        &scratch,
        &[
            OsString::from("--tables"),
            tables_arg.clone(),
            "rules".into(),
            "--json".into(),
        ],
    );
    let listed = json(&listed, "rules --json");
    let rulesets: Vec<(Vec<OsString>, Vec<String>)> = listed
        .as_array()
        .unwrap_or_else(|| panic!("rules --json is not a list: {listed}"))
        .iter()
        .map(|r| {
            let name = r["name"].as_str().unwrap_or_default().to_string();
            let flags = if ids.contains(&name) {
                vec![
                    "--tables".into(),
                    tables_arg.clone(),
                    "--rules".into(),
                    name.into(),
                ]
            } else if r["default"] == Value::Bool(true) {
                Vec::new()
            } else {
                vec!["--rules".into(), name.into()]
            };
            let procedures = r["procedures"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|p| p.as_str().map(str::to_string))
                .collect();
            (flags, procedures)
        })
        .collect();
    assert_eq!(rulesets.len(), ids.len() + 1, "{listed}");

    // One thread per ruleset: the runs are many and each is short.
    let results: Vec<(Vec<String>, usize, usize)> = std::thread::scope(|scope| {
        let handles: Vec<_> = rulesets
            .iter()
            .enumerate()
            .map(|(n, (flags, procedures))| {
                let (data, scratch, root) = (&data, &scratch, root.path());
                scope.spawn(move || {
                    assert!(!procedures.is_empty(), "{flags:?}: no procedures");
                    let mut failures = Vec::new();
                    // Runs in a situation made up for the procedure, and how many resolved.
                    let (mut situated, mut resolved) = (0, 0);
                    for (m, p) in procedures.iter().enumerate() {
                        let with = |words: &[&str]| -> Vec<OsString> {
                            flags.iter().cloned().chain(args(words)).collect()
                        };
                        let described =
                            json(&run(data, scratch, &with(&["rules", p, "--json"])), p);
                        let text = run(data, scratch, &with(&["rules", p])).stdout;
                        let words = situation(&described, &text);
                        let words: Vec<&str> = words.iter().map(String::as_str).collect();
                        let mut commands = vec![
                            (with(&["odds", p, "--json"]), false),
                            (with(&["--seed", "7", "roll", p]), false),
                        ];
                        if !words.is_empty() {
                            let odds = [&["odds", p], words.as_slice(), &["--json"]].concat();
                            let roll = [&["roll", p], words.as_slice(), &["--seed", "7"]].concat();
                            commands.push((with(&odds), true));
                            commands.push((with(&roll), true));
                        }
                        for (k, (command, in_situation)) in commands.iter().enumerate() {
                            let cache = fresh_dir(root, &format!("cache-{n}-{m}-{k}"));
                            match cold_then_warm(data, &cache, command) {
                                Ok(out) => {
                                    situated += usize::from(*in_situation);
                                    resolved += usize::from(*in_situation && out.code == 0);
                                }
                                Err(e) => failures.push(e),
                            }
                        }
                    }
                    (failures, situated, resolved)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| panic!("a ruleset's thread panicked"))
            })
            .collect()
    });
    let failures: Vec<&String> = results.iter().flat_map(|r| &r.0).collect();
    assert!(
        failures.is_empty(),
        "warm differs from cold:\n{}",
        failures
            .iter()
            .map(|f| f.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    // Errors are compared too, but the made-up situations must resolve for the comparison to
    // cover the engine and not only its messages.
    let situated: usize = results.iter().map(|r| r.1).sum();
    let resolved: usize = results.iter().map(|r| r.2).sum();
    assert!(
        resolved * 10 >= situated * 9 && situated > 0,
        "only {resolved} of {situated} made-up situations resolved"
    );
}

#[test]
fn worked_examples_with_factors_print_the_same_warm_as_cold() {
    let root = temp();
    let data = fresh_dir(root.path(), "data");
    let tables = test_tables();
    let tables = tables.to_string_lossy();
    let commands: &[&[&str]] = &[
        QUICK_START,
        &[QUICK_START, &["--json"]].concat(),
        &[
            "odds",
            "melee",
            "attacker.troop=indians",
            "defender.troop=regulars",
        ],
        &[
            "odds",
            "--json",
            "melee",
            "a.troop=indians",
            "d.outnumbered=2",
        ],
        &[
            "roll",
            "shoot",
            "troop=regulars",
            "pinned",
            "target=militia",
            "--dice",
            "6,5",
            "--dice",
            "3,2",
        ],
        &["roll", "shoot", "--times", "25", "--seed", "5"],
        &[
            "roll",
            "move",
            "craft=bateau",
            "men=9",
            "current=-2",
            "--seed",
            "2",
        ],
        &["odds", "move", "formation=line"],
        // An alias of a procedure, and of the ruleset.
        &["odds", "fire", "cover=half"],
        &["--rules", "lpg", "roll", "shot", "--seed", "4"],
        // The test tables under their own file names: found by looking inside every file.
        &[
            "--tables",
            &tables,
            "--rules",
            "fiw",
            "odds",
            "rally",
            "unit=line",
        ],
        &[
            "--tables",
            &tables,
            "--rules",
            "cest-la-guerre",
            "roll",
            "casualty",
            "--seed",
            "7",
        ],
    ];
    let mut failures = Vec::new();
    for (n, command) in commands.iter().enumerate() {
        let cache = fresh_dir(root.path(), &format!("cache-{n}"));
        match cold_then_warm(&data, &cache, &args(command)) {
            Ok(out) if out.code == 0 => {}
            Ok(out) => failures.push(format!("umpire {}: {}", command.join(" "), out.stderr)),
            Err(e) => failures.push(e),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn listings_and_help_print_the_same_warm_as_cold() {
    let root = temp();
    let data = fresh_dir(root.path(), "data");
    let tables = fresh_dir(root.path(), "tables");
    copy_test_tables(&tables);
    let tables = tables.to_string_lossy().into_owned();
    let user = |words: &[&str]| -> Vec<OsString> {
        args(&[&["--tables", tables.as_str()], words].concat())
    };
    let commands: Vec<Vec<OsString>> = vec![
        args(&["rules"]),
        args(&["rules", "--json"]),
        args(&["rules", "shoot"]),
        args(&["rules", "melee", "--json"]),
        args(&["roll", "shoot", "--help"]),
        args(&["odds", "--help"]),
        user(&["rules"]),
        user(&["--rules", "fiw-grid", "rules", "activate", "--json"]),
        user(&["rules", "officers-and-leaders"]),
        user(&["--rules", "cest-la-guerre", "roll", "combat", "--help"]),
    ];
    let mut failures = Vec::new();
    for (n, command) in commands.iter().enumerate() {
        let cache = fresh_dir(root.path(), &format!("cache-{n}"));
        match cold_then_warm(&data, &cache, command) {
            Ok(out) if out.code == 0 => {}
            Ok(out) => failures.push(format!("umpire {}: {}", shown(command), out.stderr)),
            Err(e) => failures.push(e),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ----- what is kept, and where ------------------------------------------------------------------

/// An entry's first line: `umpire-rules FORMAT BUILD TEXT BODY`, the last three as 16 hex
/// digits each (the build, and hashes of the table's text and of the rest of the entry).
fn header_of(entry: &[u8]) -> Vec<String> {
    let at = entry
        .iter()
        .position(|&b| b == b'\n')
        .unwrap_or_else(|| panic!("the entry has no header line"));
    String::from_utf8_lossy(&entry[..at])
        .split(' ')
        .map(str::to_string)
        .collect()
}

#[test]
fn the_first_run_keeps_exactly_one_entry_that_starts_with_its_header() {
    let root = temp();
    let data = fresh_dir(root.path(), "data");
    let cache = root.path().join("cache");
    let first = run(&data, &cache, &["roll", "shoot", "--seed", "1"]);
    assert_eq!(first.code, 0, "{}", first.stderr);
    let entry = the_entry(&cache);
    let bytes = read(&entry);
    let header = header_of(&bytes);
    assert_eq!(header.len(), 5, "{header:?}");
    assert_eq!(header[0], "umpire-rules");
    assert!(header[1].parse::<u32>().is_ok(), "{header:?}");
    for hex in &header[2..] {
        assert!(
            hex.len() == 16 && hex.chars().all(|c| c.is_ascii_hexdigit()),
            "{header:?}"
        );
    }
    let body = &bytes[header.join(" ").len() + 1..];
    // The whole ruleset: every procedure is in it, with its help.
    let has = |what: &str| body.windows(what.len()).any(|w| w == what.as_bytes());
    for name in ["shoot", "melee", "spot"] {
        assert!(has(name), "{name} is not in the entry");
    }
    let help = "one figure fires at its declared target";
    assert!(
        BUILTIN.contains(help),
        "the help quoted here is the table's"
    );
    assert!(has(help), "no help kept");

    // Later runs of the same ruleset read it and keep no second one.
    for command in [
        &["odds", "melee"][..],
        &["roll", "spot", "distance=9", "--seed", "2"],
        &["rules", "shoot"],
        &["card", "melee"],
    ] {
        let out = run(&data, &cache, command);
        assert_eq!(out.code, 0, "{}", out.stderr);
    }
    assert_eq!(the_entry(&cache), entry);
    assert_eq!(read(&entry), bytes, "a warm run changed the entry");
}

/// Run each command once with an empty cache and then again, and check that the second run
/// read the entry the first one kept instead of parsing the tables and writing it anew.
fn assert_warm_runs_keep_the_entry(flags: &[&str], commands: &[&[&str]]) {
    let root = temp();
    let data = fresh_dir(root.path(), "data");
    let long_ago = std::time::UNIX_EPOCH + std::time::Duration::from_secs(86_400);
    let mut rewritten = Vec::new();
    for (n, command) in commands.iter().enumerate() {
        let cache = fresh_dir(root.path(), &format!("cache-{n}"));
        let command = args(&[flags, command].concat());
        let cold = run(&data, &cache, &command);
        assert_eq!(cold.code, 0, "umpire {}: {}", shown(&command), cold.stderr);
        let entries: Vec<PathBuf> = files_in(&cache)
            .into_iter()
            .filter(|p| is_entry(p))
            .collect();
        assert!(
            !entries.is_empty(),
            "umpire {}: nothing cached",
            shown(&command)
        );
        for e in &entries {
            std::fs::File::options()
                .write(true)
                .open(e)
                .and_then(|f| f.set_modified(long_ago))
                .unwrap_or_else(|err| panic!("dating {}: {err}", e.display()));
        }
        let warm = run(&data, &cache, &command);
        assert_eq!(warm, cold, "umpire {}", shown(&command));
        for e in &entries {
            let modified = std::fs::metadata(e)
                .and_then(|m| m.modified())
                .unwrap_or_else(|err| panic!("{}: {err}", e.display()));
            if modified != long_ago {
                rewritten.push(format!("umpire {}: {}", shown(&command), e.display()));
            }
        }
    }
    assert!(
        rewritten.is_empty(),
        "the warm run parsed the tables and wrote the entry again:\n{}",
        rewritten.join("\n")
    );
}

#[test]
fn a_warm_roll_on_a_users_table_reads_its_entry_and_writes_nothing() {
    let root = temp();
    copy_test_tables(root.path());
    let tables = root.path().to_string_lossy().into_owned();
    assert_warm_runs_keep_the_entry(
        &["--tables", &tables],
        &[
            &["--rules", "lpg-1750s", "odds", "shoot"],
            &[
                "--rules",
                "lpg-1750s",
                "roll",
                "hand-to-hand",
                "--seed",
                "7",
            ],
            &["--rules", "fiw-grid", "odds", "rally", "unit=line"],
            &[
                "--rules",
                "officers-and-leaders",
                "odds",
                "damage",
                "class=hero",
                "weapon=rifle",
            ],
            &[
                "--rules",
                "cest-la-guerre",
                "roll",
                "casualty",
                "--seed",
                "7",
            ],
        ],
    );
}

/// What the cache is for: a warm roll reads the entry and parses no YAML.
#[test]
fn a_warm_roll_on_the_builtin_table_reads_its_entry_and_writes_nothing() {
    assert_warm_runs_keep_the_entry(
        &[],
        &[
            &["odds", "shoot"],
            QUICK_START,
            &[
                "odds",
                "melee",
                "attacker.troop=indians",
                "defender.troop=regulars",
            ],
            &["roll", "spot", "distance=9", "--seed", "2"],
            &["rules"],
        ],
    );
}

#[test]
fn the_cache_is_kept_in_umpire_cache_dir_else_in_the_data_directory() {
    let root = temp();
    let data = fresh_dir(root.path(), "data");
    let cache = root.path().join("elsewhere");
    let out = run(&data, &cache, &["odds", "shoot"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    the_entry(&cache);
    assert!(files_in(&data).is_empty(), "{:?}", files_in(&data));

    // Unset, or set empty: inside the data directory.
    for unset in [true, false] {
        let data = fresh_dir(root.path(), &format!("data-{unset}"));
        let cmd = umpire(&data, &cache);
        let cmd = if unset {
            cmd.env_remove("UMPIRE_CACHE_DIR")
        } else {
            cmd.env("UMPIRE_CACHE_DIR", "")
        };
        assert_eq!(cmd.args(["odds", "shoot"]).output(), out);
        the_entry(&data.join("cache"));
    }
}

// ----- a damaged cache --------------------------------------------------------------------------

/// Where `what` first occurs in `bytes`.
fn find(bytes: &[u8], what: &[u8]) -> usize {
    if what.is_empty() {
        return 0;
    }
    bytes
        .windows(what.len())
        .position(|w| w == what)
        .unwrap_or_else(|| {
            let text = String::from_utf8_lossy(bytes);
            let start: String = text.chars().take(200).collect();
            panic!("no {:?} in {start:?}...", String::from_utf8_lossy(what))
        })
}

/// The entry with word `n` of its header replaced.
fn with_header_word(entry: &[u8], n: usize, word: &str) -> Vec<u8> {
    let mut header = header_of(entry);
    let len = header.join(" ").len();
    header[n] = word.to_string();
    [header.join(" ").as_bytes(), &entry[len..]].concat()
}

/// Where the body of an entry starts, after its header line.
fn body_start(entry: &[u8]) -> usize {
    header_of(entry).join(" ").len() + 1
}

/// The entry with the first `what` in its body after `after` replaced by `with`, of the same
/// length, as a hand edit leaves it.
fn with_body_edit(entry: &[u8], after: &[u8], what: &[u8], with: &[u8]) -> Vec<u8> {
    assert_eq!(what.len(), with.len());
    let start = body_start(entry);
    let start = start + find(&entry[start..], after);
    let at = start + find(&entry[start..], what);
    let mut out = entry.to_vec();
    out[at..at + with.len()].copy_from_slice(with);
    out
}

/// Ways to damage an entry. None of them can be read, so the next run parses the table and
/// writes the entry anew.
fn damages(entry: &[u8], other: &[u8]) -> Vec<(&'static str, Vec<u8>)> {
    let header = header_of(entry);
    let header_len = body_start(entry);
    let flipped = |hex: &str| {
        let mut h: Vec<char> = hex.chars().collect();
        h[15] = if h[15] == '0' { '1' } else { '0' };
        h.into_iter().collect::<String>()
    };
    let mut out = vec![
        ("an empty file", Vec::new()),
        ("garbage", b"\xff\xfe\x00garbage {[\n\x80\x81 more".to_vec()),
        ("an empty JSON object", b"{}\n".to_vec()),
        ("the header line alone", entry[..header_len].to_vec()),
        ("the body alone", entry[header_len..].to_vec()),
        (
            "another magic word",
            with_header_word(entry, 0, "umpire-rulez"),
        ),
        ("another format", with_header_word(entry, 1, "9999")),
        (
            "a format too big for any integer",
            with_header_word(entry, 1, &"9".repeat(40)),
        ),
        (
            "another build",
            with_header_word(entry, 2, &flipped(&header[2])),
        ),
        (
            "another table's text",
            with_header_word(entry, 3, &flipped(&header[3])),
        ),
        (
            "another body",
            with_header_word(entry, 4, &flipped(&header[4])),
        ),
        (
            "hashes in capitals",
            with_header_word(entry, 2, &header[2].to_uppercase()),
        ),
        ("a header word missing", with_header_word(entry, 4, "")),
        ("cut in half", entry[..entry.len() / 2].to_vec()),
        ("the last byte cut", entry[..entry.len() - 1].to_vec()),
        ("a byte added", [entry, b" "].concat()),
        ("a second entry after it", [entry, entry].concat()),
        ("the entry of another table", other.to_vec()),
        (
            "another table's body under this header",
            [&entry[..header_len], &other[body_start(other)..]].concat(),
        ),
        (
            "a body edited into one that does not check",
            // The first dice of six sides (`2d6`, `1d6`, ...) become dice of no sides.
            with_body_edit(entry, b"", b"d6", b"d0"),
        ),
    ];
    // A body cut inside a character of more than one byte, when the entry has one.
    if let Some(at) = entry.iter().position(|&b| b >= 0x80) {
        out.push(("cut inside a character", entry[..at + 1].to_vec()));
    }
    out
}

/// The entry a small table of its own keeps, to put where another table's entry is.
fn another_entry(root: &Path) -> Vec<u8> {
    let tables = fresh_dir(root, "other-tables");
    let cache = root.join("other-cache");
    write(
        &tables.join("other.yaml"),
        "ruleset: other\ntitle: Other\nprocedures:\n  - name: x\n    title: X\n    help: h\n    \
         roll: 1d6\n    check: {compare: at-least, target: 4, pass: a, fail: b}\n    \
         results: [{name: a, label: A}, {name: b, label: B}]\n",
    );
    let tables = tables.to_string_lossy().into_owned();
    let out = run(
        root,
        &cache,
        &["--tables", &tables, "--rules", "other", "odds", "x"],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    read(&the_entry(&cache))
}

/// Damage the entry every possible way, and check that every command prints what it prints
/// with no cache at all, and that it puts the entry right again. Returns the damages tried.
fn assert_damage_changes_nothing(flags: &[OsString], commands: &[&[&str]]) -> Vec<&'static str> {
    let root = temp();
    let data = fresh_dir(root.path(), "data");
    let none = no_cache(root.path());
    let cache = root.path().join("cache");
    let commands: Vec<Vec<OsString>> = commands
        .iter()
        .map(|c| flags.iter().cloned().chain(args(c)).collect())
        .collect();
    let expected: Vec<Output> = commands.iter().map(|c| run(&data, &none, c)).collect();
    run(&data, &cache, &commands[0]);
    let entry = the_entry(&cache);
    let good = read(&entry);
    let mut failures = Vec::new();
    let cases = damages(&good, &another_entry(root.path()));
    for (what, damaged) in &cases {
        assert_ne!(damaged, &good, "{what}");
        for (command, expected) in commands.iter().zip(&expected) {
            write(&entry, damaged);
            let out = run(&data, &cache, command);
            if out != *expected {
                failures.push(format!(
                    "{what}: umpire {}: {}",
                    shown(command),
                    difference(expected, &out)
                ));
            }
            if read(&entry) != good {
                failures.push(format!(
                    "{what}: umpire {}: the entry was not rewritten",
                    shown(command)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    cases.iter().map(|(what, _)| *what).collect()
}

#[test]
fn a_damaged_entry_never_changes_a_result_or_a_message() {
    assert_damage_changes_nothing(
        &[],
        &[
            &["odds", "shoot", "--json"],
            QUICK_START,
            &[
                "roll",
                "melee",
                "attacker.troop=indians",
                "defender.troop=regulars",
                "--seed",
                "7",
            ],
            &["roll", "shoot", "cover=hlaf"],
        ],
    );
}

#[test]
fn a_damaged_entry_of_a_users_table_never_changes_a_result() {
    // The 1750s table's title has a dash of three bytes: the entry may be cut inside it.
    let root = temp();
    copy_test_tables(root.path());
    let flags = args(&[
        "--tables",
        &root.path().to_string_lossy(),
        "--rules",
        "lpg-1750s",
    ]);
    // Only the entry of the table in use is damaged: keep the others out of the directory.
    for other in ["fiw-grid", "officers-and-leaders", "cest-la-guerre"] {
        std::fs::remove_file(root.path().join(format!("{other}.yaml")))
            .unwrap_or_else(|e| panic!("removing {other}.yaml: {e}"));
    }
    let cases = assert_damage_changes_nothing(
        &flags,
        &[
            &["odds", "shoot", "--json"],
            &["roll", "shoot", "--seed", "7"],
        ],
    );
    assert!(
        cases.contains(&"cut inside a character"),
        "the entry was not cut inside a character: {cases:?}"
    );
}

/// The entry carries a hash of its body: a body edited by hand, even into a ruleset that reads
/// and checks (shoot then hits on 2), is not believed, and the entry is written anew.
#[test]
fn a_hand_edited_but_well_formed_entry_is_not_believed() {
    let root = temp();
    let data = fresh_dir(root.path(), "data");
    let cache = root.path().join("cache");
    let command = ["odds", "shoot", "--json"];
    let cold = run(&data, &cache, &command);
    assert_eq!(cold.code, 0, "{}", cold.stderr);
    let entry = the_entry(&cache);
    let good = read(&entry);
    // Shoot's hit is called a "Hot" in the edited entry.
    let edited = with_body_edit(&good, b"shoot", b"Hit", b"Hot");
    write(&entry, &edited);
    let warm = run(&data, &cache, &command);
    assert_eq!(warm.code, 0, "{}", warm.stderr);
    assert_eq!(warm.stderr, "");
    json(&warm, "odds shoot --json");
    assert_eq!(warm.stdout, cold.stdout, "the edited target was believed");
    assert_eq!(read(&entry), good, "the damaged entry was not rewritten");
}

// ----- a stale or unusable cache ----------------------------------------------------------------

#[test]
fn an_edited_table_is_never_answered_from_the_stale_entry() {
    let root = temp();
    let data = fresh_dir(root.path(), "data");
    let tables = fresh_dir(root.path(), "tables");
    let cache = root.path().join("cache");
    let none = no_cache(root.path());
    let source = test_tables().join("002-french-indian-war.yaml");
    let text = String::from_utf8(read(&source)).unwrap_or_else(|e| panic!("{e}"));
    let rally = "check: {compare: at-least, target: 3, pass: pass, fail: fail}";
    assert_eq!(
        text.matches(rally).count(),
        1,
        "the rally check in {}",
        source.display()
    );
    let edited = text.replace(rally, &rally.replace("target: 3", "target: 5"));
    let file = tables.join("fiw-grid.yaml");
    let command = args(&[
        "--tables",
        &tables.to_string_lossy(),
        "--rules",
        "fiw-grid",
        "odds",
        "rally",
        "unit=line",
    ]);
    let odds = |want: &str| {
        let out = run(&data, &cache, &command);
        assert_eq!(out.code, 0, "{}", out.stderr);
        assert_eq!(out, run(&data, &none, &command), "with no cache at all");
        assert!(
            out.stdout.contains(want),
            "expected {want} in\n{}",
            out.stdout
        );
        out
    };
    write(&file, text.as_bytes());
    let before = odds("Rallied       2/3");
    odds("Rallied       2/3");
    write(&file, edited.as_bytes());
    let after = odds("Rallied       1/3");
    assert_ne!(before, after);
    odds("Rallied       1/3");
    // And back: the first text is not remembered as the second.
    write(&file, text.as_bytes());
    assert_eq!(odds("Rallied       2/3"), before);
    the_entry(&cache);
}

#[test]
fn a_cache_that_cannot_be_used_changes_nothing_and_says_nothing() {
    let root = temp();
    let data = fresh_dir(root.path(), "data");
    let command = QUICK_START;
    let good = root.path().join("good");
    let expected = run(&data, &good, command);
    assert_eq!(expected.code, 0, "{}", expected.stderr);
    let name = the_entry(&good)
        .file_name()
        .unwrap_or_else(|| panic!("an entry with no name"))
        .to_os_string();

    // A regular file, and a directory below one.
    let file = no_cache(root.path());
    // The entry's own name taken by a directory that is not empty.
    let taken = fresh_dir(root.path(), "taken");
    fresh_dir(&taken, &name.to_string_lossy());
    write(&taken.join(&name).join("keep"), b"mine\n");
    for cache in [file.clone(), file.join("cache"), taken.clone()] {
        for _ in 0..2 {
            let out = run(&data, &cache, command);
            assert_eq!(out, expected, "with the cache at {}", cache.display());
        }
    }
    assert_eq!(read(&file), b"a file, not a directory\n");
    let left: Vec<PathBuf> = files_in(&taken)
        .into_iter()
        .filter(|p| !is_key(p))
        .collect();
    assert_eq!(
        left,
        vec![taken.join(&name)],
        "left behind in {}",
        taken.display()
    );
    assert_eq!(read(&taken.join(&name).join("keep")), b"mine\n");
}

// ----- messages ---------------------------------------------------------------------------------

#[test]
fn error_messages_are_the_same_with_no_cache_cold_and_warm() {
    let root = temp();
    let data = fresh_dir(root.path(), "data");
    let none = no_cache(root.path());
    let tables = fresh_dir(root.path(), "tables");
    copy_test_tables(&tables);
    let tables = tables.to_string_lossy().into_owned();
    let user = |words: &[&str]| -> Vec<OsString> {
        args(&[&["--tables", tables.as_str()], words].concat())
    };
    let cases: Vec<(Vec<OsString>, &str)> = vec![
        (
            args(&["roll", "shoot", "cover=hlaf"]),
            "did you mean `half`",
        ),
        (
            args(&["roll", "shoot", "cuver=half"]),
            "did you mean `cover`",
        ),
        (
            args(&["roll", "spot", "troop=line"]),
            "spot does not use `troop`",
        ),
        (
            args(&["odds", "shoot", "distance=12"]),
            "does not use `distance`",
        ),
        (args(&["roll", "shooot"]), "did you mean `shoot`"),
        (args(&["odds", "melle"]), "did you mean `melee`"),
        (args(&["roll", "spot"]), "distance"),
        (
            args(&["roll", "melee", "troop=militia"]),
            "attacker.troop=militia",
        ),
        (
            args(&["roll", "shoot", "troop=line", "troop=militia"]),
            "troop",
        ),
        (
            args(&["roll", "shoot", "--dice", "1,2", "--dice", "4,4"]),
            "was not used",
        ),
        (
            args(&["--rules", "nosuch", "roll", "shoot"]),
            "no ruleset `nosuch`",
        ),
        (
            user(&["--rules", "fiw-grid", "roll", "activate"]),
            "needs `unit`",
        ),
        (
            user(&["--rules", "officers-and-leaders", "odds", "damage"]),
            "give class, weapon",
        ),
        (
            user(&[
                "--rules",
                "cest-la-guerre",
                "roll",
                "combat",
                "enemy=infantry",
            ]),
            "opposed",
        ),
        (
            user(&["--rules", "lpg-1750s", "roll", "shoot", "troop=line"]),
            "troop",
        ),
        (
            user(&["--rules", "lpg-1750s", "odds", "shooot"]),
            "did you mean",
        ),
    ];
    let mut failures = Vec::new();
    for (n, (command, says)) in cases.iter().enumerate() {
        let expected = run(&data, &none, command);
        let what = shown(command);
        assert_eq!(expected.code, 2, "umpire {what}: {}", expected.stderr);
        assert!(
            expected.stderr.starts_with("error: ") && expected.stderr.contains(says),
            "umpire {what}: expected `{says}` in {:?}",
            expected.stderr
        );
        assert!(
            !expected.stderr.contains("panicked at"),
            "umpire {what}: {}",
            expected.stderr
        );
        let cache = root.path().join(format!("cache-{n}"));
        for run_name in ["cold", "warm"] {
            let out = run(&data, &cache, command);
            if out != expected {
                failures.push(format!(
                    "umpire {what} ({run_name}): {}",
                    difference(&expected, &out)
                ));
            }
        }
        if files_in(&cache).is_empty() {
            failures.push(format!("umpire {what}: nothing was cached"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
