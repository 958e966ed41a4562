//! The sheet printed by headless Chromium: no card taller than a page, overflowing its box or
//! split across pages, and the PDF with the pages its layout makes; a card too tall fails.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::support::{all_rulesets, require, tempdir as temp};

use super::browser::{chromium, output_dir, tool, url};
use super::layout::{
    A4, Block, LETTER, MM, card_numbers, measuring_script, pack, page_margin, unescape,
};
use super::{sheet, sheet_of};

/// What printing one sheet showed.
#[derive(Debug)]
struct Printed {
    pages: usize,
    predicted: usize,
    png: PathBuf,
    /// Per paper: its name, the tallest card at its width and the most its page holds (mm).
    tallest: Vec<(&'static str, f64, f64)>,
}

/// Print the sheet with headless Chromium and check it: no card is taller than a page (A4's
/// width, Letter's height: the worst of both papers), none overflows its box, none is split
/// across pages of the PDF, and the PDF has the pages the layout makes. Leaves the page,
/// the PDF and page one as PNG in `out`.
fn print_and_check(name: &str, html: &str, out: &Path) -> Result<Printed, String> {
    require("chromium", "chromium");
    for poppler in ["pdfinfo", "pdftotext", "pdftoppm"] {
        require(poppler, "poppler-utils");
    }
    let profile = temp();
    // What the tools say goes to a folder of its own; `out` keeps what a person looks at.
    let logs = temp();
    let log = |what: &str| logs.path().join(what);
    let page = out.join(format!("{name}.html"));
    let pdf = out.join(format!("{name}.pdf"));
    std::fs::write(&page, html).map_err(|e| format!("{}: {e}", page.display()))?;
    chromium(
        profile.path(),
        &[format!("--print-to-pdf={}", pdf.display()), url(&page)],
        &log("print"),
    );
    let info = tool("pdfinfo", &[pdf.display().to_string()], &log("info"));
    let info = String::from_utf8_lossy(&info.stdout).into_owned();
    let field = |key: &str| {
        info.lines()
            .find_map(|l| l.strip_prefix(key))
            .map(str::trim)
            .ok_or_else(|| format!("pdfinfo gives no `{key}`: {info}"))
    };
    let pages: usize = field("Pages:")?
        .parse()
        .map_err(|e| format!("pages: {e}"))?;
    // "612 x 792 pts (letter)"
    let size: Vec<f64> = field("Page size:")?
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    let (Some(w_pt), Some(h_pt)) = (size.first(), size.get(1)) else {
        return Err(format!("page size: {info}"));
    };
    let margin = page_margin(html);
    let paper_mm = (w_pt * 25.4 / 72.0, h_pt * 25.4 / 72.0);

    // Lay the page out as print does (screen-only rules off) and measure it.
    let copy = out.join(format!("{name}.measure.html"));
    let papers = [("A4", A4), ("Letter", LETTER)];
    let mut widths: Vec<(&str, f64)> = papers
        .iter()
        .map(|(tag, (w, _))| (*tag, w - 2.0 * margin))
        .collect();
    widths.push(("paper", paper_mm.0 - 2.0 * margin));
    let measured = html
        .replace("@media screen", "@media not all")
        .replace("@media print", "@media all")
        .replace("</body>", &format!("{}</body>", measuring_script(&widths)));
    std::fs::write(&copy, measured).map_err(|e| format!("{}: {e}", copy.display()))?;
    let dom = chromium(
        profile.path(),
        &["--dump-dom".to_string(), url(&copy)],
        &log("dom"),
    );
    let dom = String::from_utf8_lossy(&dom.stdout).into_owned();
    let report = dom
        .split("<pre id=\"measure\">")
        .nth(1)
        .and_then(|r| r.split("</pre>").next())
        .map(unescape)
        .ok_or_else(|| format!("the measuring script wrote nothing: {dom}"))?;
    let mut problems: Vec<String> = Vec::new();
    let mut at: BTreeMap<String, Vec<Block>> = BTreeMap::new();
    for line in report.lines() {
        let w: Vec<&str> = line.split(' ').collect();
        match w.as_slice() {
            [tag, "block", name, h, top, bottom, card] => {
                let num = |s: &str| s.parse::<f64>().map_err(|e| format!("{line}: {e}"));
                at.entry((*tag).to_string()).or_default().push(Block {
                    name: (*name).to_string(),
                    height: num(h)?,
                    margin_top: num(top)?,
                    margin_bottom: num(bottom)?,
                    card: *card == "1",
                });
            }
            [tag, "overflow", ..] => {
                problems.push(format!("overflow at the {tag} width: {line}"));
            }
            _ => return Err(format!("unreadable measure: {line}")),
        }
    }
    let blocks_at = |tag: &str| at.get(tag).map_or(&[][..], Vec::as_slice);
    if !blocks_at("paper").iter().any(|b| b.card) {
        return Err(format!("no card measured: {report}"));
    }
    // On each paper, at its width, no card may be taller than its page inside the margins.
    let mut tallest = Vec::new();
    for (tag, (_, height)) in papers {
        let limit = (height - 2.0 * margin) * MM;
        let cards: Vec<&Block> = blocks_at(tag).iter().filter(|b| b.card).collect();
        for b in &cards {
            if b.height > limit {
                problems.push(format!(
                    "{} is {:.0} mm tall on {tag} paper, taller than a page ({:.0} mm inside \
                     the margins): it cannot be kept whole",
                    b.name,
                    b.height / MM,
                    limit / MM
                ));
            }
        }
        let most = cards.iter().map(|b| b.height / MM).fold(0.0, f64::max);
        tallest.push((tag, most, limit / MM));
    }
    // The pages the layout makes on the paper Chromium printed on. A block within a pixel of
    // a page's end may fall either way: both counts are allowed then.
    let page_height = (paper_mm.1 - 2.0 * margin) * MM;
    let blocks: Vec<&Block> = blocks_at("paper").iter().collect();
    let (fewest, most) = (
        pack(&blocks, page_height + 1.0),
        pack(&blocks, page_height - 1.0),
    );
    if !(fewest..=most).contains(&pages) {
        problems.push(format!(
            "the PDF has {pages} pages; its layout makes {fewest}{}",
            if most == fewest {
                String::new()
            } else {
                format!(" or {most}")
            }
        ));
    }
    // Each card's head and foot on one page of the PDF itself.
    let text = tool(
        "pdftotext",
        &[
            "-layout".to_string(),
            pdf.display().to_string(),
            "-".to_string(),
        ],
        &log("text"),
    );
    let text = String::from_utf8_lossy(&text.stdout).into_owned();
    let per_page: Vec<Vec<(usize, usize)>> = text.split('\u{c}').map(card_numbers).collect();
    if per_page.iter().all(Vec::is_empty) {
        return Err(format!(
            "pdftotext read no card numbers from {}: {text}",
            pdf.display()
        ));
    }
    let cards = blocks_at("paper")
        .iter()
        .filter(|b| b.name.starts_with("card-"))
        .count();
    for n in 1..=cards {
        let on: Vec<usize> = per_page
            .iter()
            .enumerate()
            .filter(|(_, p)| p.iter().any(|(i, of)| *i == n && *of == cards))
            .map(|(i, _)| i + 1)
            .collect();
        let marks: usize = per_page
            .iter()
            .map(|p| p.iter().filter(|(i, of)| *i == n && *of == cards).count())
            .sum();
        if on.len() != 1 || marks != 2 {
            problems.push(format!(
                "card {n}/{cards} is split across pages {on:?} of the PDF"
            ));
        }
    }
    let png = out.join(format!("{name}-page1"));
    tool(
        "pdftoppm",
        &[
            "-png".to_string(),
            "-r".to_string(),
            "60".to_string(),
            "-f".to_string(),
            "1".to_string(),
            "-l".to_string(),
            "1".to_string(),
            "-singlefile".to_string(),
            pdf.display().to_string(),
            png.display().to_string(),
        ],
        &log("png"),
    );
    let png = png.with_extension("png");
    if !png.exists() {
        problems.push(format!("pdftoppm made no {}", png.display()));
    }
    if problems.is_empty() {
        Ok(Printed {
            pages,
            predicted: fewest,
            png,
            tallest,
        })
    } else {
        Err(problems.join("\n"))
    }
}

fn printed(name: &str, html: &str) -> Printed {
    let start = Instant::now();
    let printed = print_and_check(name, html, &output_dir())
        .unwrap_or_else(|problems| panic!("the {name} sheet, printed:\n{problems}"));
    let tallest: Vec<String> = printed
        .tallest
        .iter()
        .map(|(paper, most, limit)| format!("{most:.0} of {limit:.0} mm on {paper}"))
        .collect();
    eprintln!(
        "{name}: {} pages (the layout makes {}), the tallest card {}, page one in {}, {:.1} s",
        printed.pages,
        printed.predicted,
        tallest.join(", "),
        printed.png.display(),
        start.elapsed().as_secs_f64()
    );
    printed
}

#[test]
#[ignore = "needs chromium, pdfinfo, pdftotext and pdftoppm: run by .ci/run (cargo test -- --ignored)"]
fn the_printed_sheet_keeps_every_card_whole() {
    let html = sheet(&[]);
    let p = printed("la-petite-guerre", &html);
    // Turn and legend share page one; each card takes a page or less (two small ones share).
    assert!((6..=14).contains(&p.pages), "{p:?}");
    assert_eq!(p.pages, p.predicted, "{p:?}");
}

#[test]
#[ignore = "needs chromium, pdfinfo, pdftotext and pdftoppm: run by .ci/run (cargo test -- --ignored)"]
fn a_test_ruleset_prints_whole_too() {
    let r = all_rulesets()
        .into_iter()
        .find(|r| r.name == "officers-and-leaders")
        .unwrap_or_else(|| panic!("the test ruleset officers-and-leaders"));
    let p = printed("officers-and-leaders", &sheet_of(&r));
    assert!((1..=r.procedures.len() + 1).contains(&p.pages), "{p:?}");
}

#[test]
#[ignore = "needs chromium, pdfinfo, pdftotext and pdftoppm: run by .ci/run (cargo test -- --ignored)"]
fn a_card_taller_than_a_page_fails_the_check() {
    // 120 modifiers in 24 groups make one card far taller than any page (and more
    // parts than the sheet weighs every layout of).
    let mut yaml = String::from(
        "ruleset: long\ntitle: Long\nfactors:\n  - {name: n, kind: number, help: a count}\n\
         procedures:\n  - name: long\n    title: A long card\n    help: too much to print\n\
         \x20   roll: 2d6\n    modifiers:\n",
    );
    for g in 0..24 {
        yaml.push_str(&format!("      - group: group {g}\n        items:\n"));
        for i in 0..5 {
            let n = g * 5 + i;
            yaml.push_str(&format!(
                "          - {{label: \"modifier number {n}\", when: {{n: {n}}}, value: 1}}\n"
            ));
        }
    }
    yaml.push_str("    check: {compare: at-least, target: 7, pass: ok, fail: ko}\n");
    yaml.push_str(
        "    results:\n      - {name: ok, label: Passes}\n      - {name: ko, label: Fails}\n",
    );
    let tables = temp();
    std::fs::write(tables.path().join("long.yaml"), yaml).unwrap_or_else(|e| panic!("{e}"));
    let html = sheet(&[
        "--tables",
        &tables.path().display().to_string(),
        "--rules",
        "long",
    ]);
    let out = temp();
    let problems = print_and_check("long", &html, out.path())
        .err()
        .unwrap_or_else(|| panic!("a card taller than a page passed the check"));
    assert!(problems.contains("card-1 is"), "{problems}");
    assert!(problems.contains("on A4 paper"), "{problems}");
    assert!(problems.contains("on Letter paper"), "{problems}");
    assert!(problems.contains("taller than a page"), "{problems}");
    assert!(
        problems.contains("card 1/1 is split across pages"),
        "{problems}"
    );
}
