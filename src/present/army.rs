//! Army lists as the umpire reads them: the periods with their lists, one list line by line
//! with what the points table makes of it beside what the document printed, and the points
//! table itself. The sentences are `words`'; here, their layout in tables.

use std::fmt::Write as _;

use comfy_table::Cell;

use super::view::{table, trimmed};
use super::words;
use crate::model::{ArmyList, Entry, Period, Points, PointsDef};

/// The periods given and their lists: each list's name, title, total, printed total, and how
/// many of its printed figures disagree with the table.
pub fn periods(points: &PointsDef, periods: &[&Period]) -> String {
    let mut out = String::new();
    for (i, p) in periods.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let _ = writeln!(out, "{}", period_heading(p));
        if let Some(n) = &p.note {
            let _ = writeln!(out, "note: {n}");
        }
        let mut t = table();
        t.set_header(["army", "title", "points", "printed", "remarks"].map(Cell::new));
        for l in &p.lists {
            t.add_row(vec![
                l.name.clone(),
                l.title.clone(),
                points.total(l).to_string(),
                printed(l.printed),
                words::slips_count(points.slips(l).len()),
            ]);
        }
        let _ = writeln!(out, "{}", trimmed(&t));
    }
    out
}

/// `TITLE (NAME): SIZE points a side`.
fn period_heading(p: &Period) -> String {
    format!("{} ({}): {} points a side", p.title, p.name, p.size.plain())
}

/// A printed figure, or a dash where the document prints none.
fn printed(p: Option<Points>) -> String {
    p.map_or_else(|| "—".to_string(), |p| p.to_string())
}

/// A row of a list's table: line, units, each, cost, printed, remarks.
type Row = [String; 6];

/// Rows of units bought together: the first led by `first` (empty on a line, `or` on an
/// alternative), the others by `and`; each with its unit cost, its cost, and what surcharges
/// added.
fn unit_rows(points: &PointsDef, tags: &[String], units: &[Entry], first: &str) -> Vec<Row> {
    units
        .iter()
        .enumerate()
        .map(|(k, e)| {
            let lead = match (k, first) {
                (0, "") => String::new(),
                (0, word) => format!("{word} "),
                _ => "and ".to_string(),
            };
            let (each, cost, extras) = points.price(e, tags).map_or_else(
                || ("?".to_string(), "?".to_string(), String::new()),
                |p| {
                    (
                        p.each.to_string(),
                        p.total.to_string(),
                        words::surcharges(&p.extras),
                    )
                },
            );
            [
                String::new(),
                // No indent for an alternative: a cell that wraps loses its leading spaces, and
                // `or` says it already.
                format!("{lead}{}", words::army_units(points, e)),
                each,
                cost,
                String::new(),
                extras,
            ]
        })
        .collect()
}

/// Add `text` to a row's remarks.
fn remark(row: Option<&mut Row>, text: &str) {
    let Some(row) = row else { return };
    if text.is_empty() {
        return;
    }
    if !row[5].is_empty() {
        row[5].push_str("; ");
    }
    row[5].push_str(text);
}

/// One list, line by line: the units, what one costs and what they cost by the points
/// table (with any surcharge), what the document printed, each alternative and whether it
/// costs what its line does; then the total, the printed figures the table disagrees with,
/// the list against the game's size, and the list's notes.
pub fn list(points: &PointsDef, period: &Period, l: &ArmyList) -> String {
    let mut out = String::new();
    let title = if l.title.is_empty() {
        String::new()
    } else {
        format!("{} ", l.title)
    };
    let _ = writeln!(out, "{title}({}) — {}", l.name, period_heading(period));
    write_table(&mut out, points, l);
    let slips = points.slips(l);
    if !slips.is_empty() {
        let _ = writeln!(out, "Printed figures the points table disagrees with:");
        for s in &slips {
            let _ = writeln!(out, "  {}", words::slip(s));
        }
    }
    let _ = writeln!(
        out,
        "{}.",
        words::against_size(points.total(l), period.size)
    );
    for n in &l.notes {
        let _ = writeln!(out, "note: {n}");
    }
    out
}

/// The heading of a user's own list: its title and file, and its period or size.
pub fn file_heading(
    file: &str,
    title: &str,
    period: Option<&Period>,
    size: Option<Points>,
) -> String {
    let what = if title.is_empty() {
        file.to_string()
    } else {
        format!("{title} ({file})")
    };
    match (period, size) {
        (Some(p), Some(size)) if size != p.size => {
            format!(
                "{what} — {} ({}): {} points a side",
                p.title,
                p.name,
                size.plain()
            )
        }
        (Some(p), _) => format!("{what} — {}", period_heading(p)),
        (None, Some(size)) => format!("{what} — {} points a side", size.plain()),
        (None, None) => what,
    }
}

/// A list's tags and its table: each line, its alternatives, the total.
pub fn write_table(out: &mut String, points: &PointsDef, l: &ArmyList) {
    if !l.tags.is_empty() {
        let tags: Vec<&str> = l.tags.iter().map(|t| points.tag_label(t)).collect();
        let _ = writeln!(out, "tags: {}", tags.join(", "));
    }
    let mut rows: Vec<Row> = Vec::new();
    for (i, line) in l.lines.iter().enumerate() {
        let mut these = unit_rows(points, &l.tags, &line.units, "");
        let cost = points.cost_of(&line.units, &l.tags);
        for (e, row) in line.units.iter().zip(these.iter_mut()) {
            let each = points.price(e, &l.tags).map(|p| p.each);
            if let Some(p) = e.printed_each.filter(|p| Some(*p) != each) {
                remark(Some(row), &format!("printed {p} each"));
            }
        }
        if let Some(first) = these.first_mut() {
            first[0] = (i + 1).to_string();
            first[4] = printed(line.printed);
        }
        if let Some(n) = &line.note {
            remark(these.first_mut(), n);
        }
        if these.len() > 1 {
            remark(these.last_mut(), &format!("together {cost}"));
        }
        rows.extend(these);
        for alt in &line.alternatives {
            let mut these = unit_rows(points, &l.tags, &alt.units, "or");
            if let Some(n) = &alt.note {
                remark(these.first_mut(), n);
            }
            let alt_cost = points.cost_of(&alt.units, &l.tags);
            remark(these.last_mut(), &words::alternative_cost(alt_cost, cost));
            rows.extend(these);
        }
    }
    let total = points.total(l);
    rows.push([
        String::new(),
        "total".to_string(),
        String::new(),
        total.to_string(),
        printed(l.printed),
        String::new(),
    ]);
    // A list that prints no figure (a user's own, as a rule) needs no column for them.
    let printed = l.printed.is_some() || l.lines.iter().any(|x| x.printed.is_some());
    let keep = |i: &usize| printed || *i != 4;
    let mut t = table();
    let header = ["line", "units", "each", "cost", "printed", "remarks"];
    t.set_header((0..6).filter(keep).map(|i| Cell::new(header[i])));
    for row in rows {
        t.add_row(
            (0..6)
                .filter(keep)
                .map(|i| row[i].clone())
                .collect::<Vec<_>>(),
        );
    }
    let _ = writeln!(out, "{}", trimmed(&t));
}

/// The points table: each kind of unit under its heading with its costs, then the notes on
/// kinds, the tags and the surcharges they bring.
pub fn points(p: &PointsDef) -> String {
    let mut out = String::new();
    let mut t = table();
    t.set_header(["unit", "label", "costs"].map(Cell::new));
    let mut group: Option<&str> = None;
    for u in &p.units {
        if let Some(heading) = u.group.as_deref().filter(|g| Some(*g) != group) {
            t.add_row(vec![format!("{heading}:"), String::new(), String::new()]);
        }
        group = u.group.as_deref();
        t.add_row(vec![
            format!("  {}", u.name),
            u.label.clone(),
            words::unit_costs(p, u),
        ]);
    }
    let _ = writeln!(out, "{}", trimmed(&t));
    for u in &p.units {
        if let Some(n) = &u.note {
            let _ = writeln!(out, "{}: {n}", u.name);
        }
    }
    for tag in &p.tags {
        let note = tag
            .note
            .as_deref()
            .map(|n| format!(": {n}"))
            .unwrap_or_default();
        let _ = writeln!(out, "tag {} ({}){note}", tag.name, tag.label);
    }
    for s in &p.surcharges {
        let _ = writeln!(out, "surcharge {}", words::surcharge_rule(p, s));
    }
    if let Some(n) = &p.note {
        let _ = writeln!(out, "note: {n}");
    }
    out
}
