//! How numbers, units and comparisons are said in English, once for every place that says them.

/// `1 inch`, `2 inches`, `3 cm`: a quantity with its unit, singular for one.
pub fn quantity(n: i64, unit: &str) -> String {
    if unit.is_empty() {
        return n.to_string();
    }
    let unit = if n.unsigned_abs() == 1 {
        singular(unit)
    } else {
        unit
    };
    format!("{n} {unit}")
}

/// The singular of a unit named in the plural (`inches`, `paces`, `feet`); anything else as it
/// is (`cm`, `mm`).
fn singular(unit: &str) -> &str {
    if unit == "feet" {
        return "foot";
    }
    for ending in ["ches", "shes", "xes", "sses"] {
        if unit.ends_with(ending) {
            return unit.get(..unit.len() - 2).unwrap_or(unit);
        }
    }
    match unit.strip_suffix('s') {
        Some(stem) if !stem.ends_with('s') && stem.len() > 1 => stem,
        _ => unit,
    }
}

#[cfg(test)]
mod tests {
    use super::quantity;

    #[test]
    fn one_is_singular_and_short_units_stay() {
        assert_eq!(quantity(1, "inches"), "1 inch");
        assert_eq!(quantity(2, "inches"), "2 inches");
        assert_eq!(quantity(-1, "inches"), "-1 inch");
        assert_eq!(quantity(1, "cm"), "1 cm");
        assert_eq!(quantity(1, "paces"), "1 pace");
        assert_eq!(quantity(1, "feet"), "1 foot");
        assert_eq!(quantity(1, "hits"), "1 hit");
        assert_eq!(quantity(0, "hits"), "0 hits");
        assert_eq!(quantity(4, ""), "4");
    }
}
