//! The sheet printed by headless Chromium on A4 and on US Letter: La Petite Guerre on four
//! pages at most, no card taller than a column, overflowing its box or split across columns
//! or pages; a picture of every page left for a person to look at. A card too tall fails.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::support::{all_rulesets, require, tempdir as temp};

use super::browser::{chromium, output_dir, tool, url};
use super::layout::{A4, Block, LETTER, MM, measuring_script, page_margin, unescape};
use super::{sheet, sheet_of};

/// The two papers the sheet is printed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Paper {
    A4,
    Letter,
}

impl Paper {
    fn css(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "letter",
        }
    }
}

/// What printing one sheet on one paper showed.
#[derive(Debug)]
struct Printed {
    pages: usize,
    /// A picture of each page.
    pngs: Vec<PathBuf>,
    /// Per paper: its name, the tallest card at its column's width and the most a column
    /// holds (mm).
    tallest: Vec<(&'static str, f64, f64)>,
}

/// Where each `card N/M` is in the PDF: (N, M, page, left edge, top edge, page width).
fn card_marks(bbox: &str) -> Vec<(usize, usize, usize, f64, f64, f64)> {
    let mut out = Vec::new();
    let attr = |tag: &str, name: &str| -> f64 {
        tag.split(&format!("{name}=\""))
            .nth(1)
            .and_then(|v| v.split('"').next())
            .and_then(|v| v.parse().ok())
            .unwrap_or(0.0)
    };
    for (page, text) in bbox.split("<page ").skip(1).enumerate() {
        let width = attr(text, "width");
        let words: Vec<(&str, &str)> = text
            .split("<word ")
            .skip(1)
            .filter_map(|w| {
                let (tag, rest) = w.split_once('>')?;
                Some((tag, rest.split('<').next().unwrap_or_default()))
            })
            .collect();
        for pair in words.windows(2) {
            let [(tag, first), (_, second)] = pair else {
                continue;
            };
            if *first != "card" {
                continue;
            }
            if let Some((n, m)) = second.split_once('/')
                && let (Ok(n), Ok(m)) = (n.parse(), m.parse())
            {
                out.push((n, m, page + 1, attr(tag, "xMin"), attr(tag, "yMin"), width));
            }
        }
    }
    out
}

/// Print the sheet on `paper` with headless Chromium and check it: no card is taller than a
/// column (A4's width, Letter's height: the worst of both papers), none overflows its box,
/// and in the PDF each card's head and foot stand on one page, in one column.
/// Leaves the page, the PDF and a PNG of each page in `out`.
fn print_and_check(name: &str, html: &str, paper: Paper, out: &Path) -> Result<Printed, String> {
    require("chromium", "chromium");
    for poppler in ["pdfinfo", "pdftotext", "pdftoppm"] {
        require(poppler, "poppler-utils");
    }
    let profile = temp();
    // What the tools say goes to a folder of its own; `out` keeps what a person looks at.
    let logs = temp();
    let log = |what: &str| logs.path().join(what);
    let stem = format!("{name}-{}", paper.css());
    let page = out.join(format!("{stem}.html"));
    let pdf = out.join(format!("{stem}.pdf"));
    let sized = html.replacen(
        "@page { size: auto;",
        &format!("@page {{ size: {};", paper.css()),
        1,
    );
    if sized == html {
        return Err("the sheet has no `@page { size: auto;` rule".into());
    }
    std::fs::write(&page, &sized).map_err(|e| format!("{}: {e}", page.display()))?;
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
    // "612 x 792 pts (letter)", "594.96 x 841.92 pts (A4)"
    let size = field("Page size:")?.to_string();
    let want = match paper {
        Paper::A4 => "(A4)",
        Paper::Letter => "(letter)",
    };
    let mut problems: Vec<String> = Vec::new();
    if !size.ends_with(want) {
        problems.push(format!("printed on {size}, not {want}"));
    }
    let margin = page_margin(html);

    // Lay the page out as print does (screen-only rules off) and measure it at each paper's
    // width inside the margins: the columns are then as wide as on paper.
    let copy = out.join(format!("{stem}.measure.html"));
    let papers = [("A4", A4), ("Letter", LETTER)];
    let widths: Vec<(&str, f64)> = papers
        .iter()
        .map(|(tag, (w, _))| (*tag, w - 2.0 * margin))
        .collect();
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
    let mut at: BTreeMap<String, Vec<Block>> = BTreeMap::new();
    for line in report.lines() {
        let w: Vec<&str> = line.split(' ').collect();
        match w.as_slice() {
            [tag, "block", name, h, top, _bottom, card] => {
                let num = |s: &str| s.parse::<f64>().map_err(|e| format!("{line}: {e}"));
                at.entry((*tag).to_string()).or_default().push(Block {
                    name: (*name).to_string(),
                    height: num(h)?,
                    margin_top: num(top)?,
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
    // On each paper, at its width, no card may be taller than its page inside the margins:
    // a column is as tall as the page.
    let mut tallest = Vec::new();
    for (tag, (_, height)) in papers {
        let limit = (height - 2.0 * margin) * MM;
        let cards: Vec<&Block> = blocks_at(tag).iter().filter(|b| b.card).collect();
        if cards.is_empty() {
            return Err(format!("no card measured: {report}"));
        }
        for b in &cards {
            if b.height + b.margin_top > limit {
                problems.push(format!(
                    "{} is {:.0} mm tall on {tag} paper, taller than a column ({:.0} mm inside \
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
    // Each card's head and foot on one page of the PDF itself, in one column.
    let bbox = tool(
        "pdftotext",
        &[
            "-bbox".to_string(),
            pdf.display().to_string(),
            "-".to_string(),
        ],
        &log("text"),
    );
    let marks = card_marks(&String::from_utf8_lossy(&bbox.stdout));
    if marks.is_empty() {
        return Err(format!(
            "pdftotext read no card numbers from {}",
            pdf.display()
        ));
    }
    let cards = blocks_at("A4")
        .iter()
        .filter(|b| b.name.starts_with("card-"))
        .count();
    for n in 1..=cards {
        let these: Vec<_> = marks.iter().filter(|m| m.0 == n && m.1 == cards).collect();
        let whole = match these.as_slice() {
            [head, foot] => {
                let column = |m: &(usize, usize, usize, f64, f64, f64)| m.3 >= m.5 / 2.0;
                head.2 == foot.2 && column(head) == column(foot)
            }
            _ => false,
        };
        if !whole {
            let on: Vec<String> = these
                .iter()
                .map(|m| format!("page {} at {:.0},{:.0}", m.2, m.3, m.4))
                .collect();
            problems.push(format!("card {n}/{cards} is split: {}", on.join("; ")));
        }
    }
    // A picture of each page.
    let prefix = out.join(&stem);
    tool(
        "pdftoppm",
        &[
            "-png".to_string(),
            "-r".to_string(),
            "60".to_string(),
            pdf.display().to_string(),
            prefix.display().to_string(),
        ],
        &log("png"),
    );
    let pngs: Vec<PathBuf> = (1..=pages)
        .map(|p| {
            // pdftoppm numbers pages with as many digits as the last one has.
            let digits = pages.to_string().len();
            out.join(format!("{stem}-{p:0digits$}.png"))
        })
        .collect();
    for png in &pngs {
        if !png.exists() {
            problems.push(format!("pdftoppm made no {}", png.display()));
        }
    }
    if problems.is_empty() {
        Ok(Printed {
            pages,
            pngs,
            tallest,
        })
    } else {
        Err(problems.join("\n"))
    }
}

fn printed(name: &str, html: &str, paper: Paper) -> Printed {
    let printed = print_and_check(name, html, paper, &output_dir())
        .unwrap_or_else(|problems| panic!("the {name} sheet, printed on {paper:?}:\n{problems}"));
    let tallest: Vec<String> = printed
        .tallest
        .iter()
        .map(|(paper, most, limit)| format!("{most:.0} of {limit:.0} mm on {paper}"))
        .collect();
    eprintln!(
        "{name} on {paper:?}: {} pages, the tallest card {}; the pages:",
        printed.pages,
        tallest.join(", ")
    );
    for png in &printed.pngs {
        eprintln!("  {}", png.display());
    }
    printed
}

#[test]
#[ignore = "needs chromium, pdfinfo, pdftotext and pdftoppm: run by .ci/run (cargo test -- --ignored)"]
fn la_petite_guerre_prints_on_four_pages_of_a4_and_of_letter() {
    let html = sheet(&[]);
    for paper in [Paper::A4, Paper::Letter] {
        let p = printed("la-petite-guerre", &html, paper);
        assert!((1..=4).contains(&p.pages), "{paper:?}: {p:?}");
        assert_eq!(p.pngs.len(), p.pages, "{p:?}");
    }
}

#[test]
#[ignore = "needs chromium, pdfinfo, pdftotext and pdftoppm: run by .ci/run (cargo test -- --ignored)"]
fn every_test_ruleset_prints_whole_too() {
    for r in all_rulesets() {
        let html = sheet_of(&r);
        for paper in [Paper::A4, Paper::Letter] {
            let p = printed(&r.name, &html, paper);
            assert!((1..=r.procedures.len() + 1).contains(&p.pages), "{p:?}");
        }
    }
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
    let problems = print_and_check("long", &html, Paper::A4, out.path())
        .err()
        .unwrap_or_else(|| panic!("a card taller than a page passed the check"));
    assert!(problems.contains("card-1 is"), "{problems}");
    assert!(problems.contains("on A4 paper"), "{problems}");
    assert!(problems.contains("on Letter paper"), "{problems}");
    assert!(problems.contains("taller than a column"), "{problems}");
    assert!(problems.contains("card 1/1 is split"), "{problems}");
}
