//! The scan measured against the tables this repository holds and against the parser itself,
//! on documents of every shape.

mod tables {
    use crate::yaml::scan::{MAX_DEPTH, depth};

    /// Every table this repository holds passes the scan, well within the limit.
    #[test]
    fn the_tables_nest_well_within_the_limit() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut seen = 0;
        for dir in ["tables", "tests/tables"] {
            let Ok(read) = std::fs::read_dir(root.join(dir)) else {
                continue;
            };
            for path in read.filter_map(|e| e.ok().map(|e| e.path())) {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                let deep = depth(&text).unwrap_or_else(|r| panic!("{}: {r:?}", path.display()));
                assert!(deep <= MAX_DEPTH / 4, "{}: {deep}", path.display());
                seen += 1;
            }
        }
        assert!(seen > 0);
    }
}

mod properties {
    use proptest::prelude::*;
    use serde_yaml::Value;

    use crate::yaml::scan::{check, depth};

    /// Documents of every shape: scalars holding brackets, quotes, `#`, `: ` and line breaks,
    /// nested in sequences and mappings.
    fn value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(|n| Value::Number(n.into())),
            "[ -~\n]{0,12}".prop_map(Value::String),
        ];
        leaf.prop_recursive(10, 64, 4, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Sequence),
                prop::collection::vec(("[a-z]{1,6}", inner), 0..4).prop_map(|kv| {
                    Value::Mapping(kv.into_iter().map(|(k, v)| (Value::String(k), v)).collect())
                }),
            ]
        })
    }

    fn real_depth(v: &Value) -> usize {
        match v {
            Value::Sequence(s) => 1 + s.iter().map(real_depth).max().unwrap_or(0),
            Value::Mapping(m) => 1 + m.values().map(real_depth).max().unwrap_or(0),
            _ => 0,
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

        /// The scan counts the nesting of block YAML and of flow YAML (JSON) exactly.
        #[test]
        fn the_scan_counts_nesting_as_the_parser_reads_it(v in value()) {
            let block = serde_yaml::to_string(&v).unwrap_or_default();
            prop_assert_eq!(depth(&block).ok(), Some(real_depth(&v)), "{}", block);
            let flow = serde_json::to_string(&v).unwrap_or_default();
            prop_assert_eq!(depth(&flow).ok(), Some(real_depth(&v)), "{}", flow);
        }

        /// Any text is scanned without a panic.
        #[test]
        fn any_text_is_scanned(text in "[-a-z0-9:\n {}\\[\\],\"'#&*!|>%\t\r]{0,300}") {
            let _ = check(&text);
        }
    }
}
