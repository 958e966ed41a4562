//! The build id an entry is keyed by: what this build makes of a table's text, computed while
//! compiling from the sources that decide it.

/// Bumped when the entry's layout changes (what is serialized is covered by [`BUILD_ID`]).
pub(super) const FORMAT: u32 = 9;

/// The sources that decide what `Ruleset::parse` makes of a table's text: the schema's and the
/// model's types and how they read and write themselves, filling in likes, the checks that
/// refuse a table (an entry skips them), the compile step, the dice they read, the cache's own
/// format, and the versions of the crates that read YAML and write the entry (Cargo.lock). An
/// edit to any of them makes every entry stale; an edit elsewhere (a new command, a fix to the
/// engine) keeps the cache. A test fails when a file of `src/rules/schema/`,
/// `src/model/` or `src/rules/cache/` is missing here.
macro_rules! sources {
    ($($path:literal),+ $(,)?) => {
        &[$(($path, include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $path)))),+]
    };
}
pub(super) const SOURCES: &[(&str, &[u8])] = sources!(
    "src/rules/schema/mod.rs",
    "src/rules/schema/army.rs",
    "src/rules/schema/charge.rs",
    "src/rules/schema/game.rs",
    "src/rules/schema/procedure.rs",
    "src/rules/schema/shorthand.rs",
    "src/rules/schema/turn.rs",
    "src/model/mod.rs",
    "src/model/army.rs",
    "src/model/charge.rs",
    "src/model/game.rs",
    "src/model/procedure.rs",
    "src/model/procedures.rs",
    "src/model/decimal.rs",
    "src/model/dice.rs",
    "src/model/lookup.rs",
    "src/model/names.rs",
    "src/model/ruleset.rs",
    "src/model/requires.rs",
    "src/model/turn.rs",
    "src/rules/source.rs",
    "src/rules/compile.rs",
    "src/rules/compile_game.rs",
    "src/rules/compile_turn.rs",
    "src/rules/ruleset.rs",
    "src/rules/check.rs",
    "src/rules/check_actions.rs",
    "src/rules/check_army.rs",
    "src/rules/check_charge.rs",
    "src/rules/check_counters.rs",
    "src/rules/check_sides.rs",
    "src/rules/check_procedure.rs",
    "src/rules/check_impossible.rs",
    "src/rules/check_reroll.rs",
    "src/rules/check_requires.rs",
    "src/rules/distinct.rs",
    "src/rules/cache/mod.rs",
    "src/rules/cache/build_id.rs",
    "src/rules/cache/files.rs",
    "src/rules/cache/seal.rs",
    "Cargo.lock",
);

/// What this build makes of a table: a hash, computed while compiling, of [`SOURCES`], the
/// crate's version and [`FORMAT`]. Unlike the binary's size and time of change, it is the same
/// for two builds that read tables alike (a rebuild keeps the cache) and differs between two
/// that may not (an edited schema, with the version unchanged, does not).
pub(super) const BUILD_ID: u64 = build_id();

const fn build_id() -> u64 {
    let mut h = fnv(FNV_OFFSET, env!("CARGO_PKG_VERSION").as_bytes());
    h = fnv(h, &FORMAT.to_le_bytes());
    let mut i = 0;
    while i < SOURCES.len() {
        let (path, text) = SOURCES[i];
        h = fnv(h, path.as_bytes());
        h = fnv(h, &(text.len() as u64).to_le_bytes());
        h = fnv(h, text);
        i += 1;
    }
    h
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a, which a `const fn` can compute.
const fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    let mut i = 0;
    while i < bytes.len() {
        h ^= bytes[i] as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// Every file that defines the cached types or the entry's format is in the build id, so
    /// that the list cannot silently go stale when one is added.
    #[test]
    fn the_build_id_covers_every_schema_model_and_cache_file() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut missing = Vec::new();
        let mut stack = vec![
            root.join("src/rules/schema"),
            root.join("src/model"),
            root.join("src/rules/cache"),
        ];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                let rel = path.strip_prefix(root).unwrap().to_string_lossy();
                let rel = rel.replace('\\', "/");
                if !SOURCES.iter().any(|(p, _)| *p == rel) {
                    missing.push(rel);
                }
            }
        }
        assert!(
            missing.is_empty(),
            "add to SOURCES in cache/build_id.rs: {missing:?}"
        );
    }
}
