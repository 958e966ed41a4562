//! The printable sheet (`umpire cards --html`): one self-contained HTML file, the tables' text
//! escaped, and, printed by headless Chromium, pages on which no card is cut or overflows.
//!
//! The browser tests need `chromium` and poppler's `pdfinfo`, `pdftotext` and `pdftoppm` (CI
//! installs them); they fail, never skip, without them. What they print is left in
//! `tests/output/` (git-ignored) for a person to look at.

use std::collections::BTreeMap;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command as Process, Output, Stdio};
use std::time::{Duration, Instant};

use crate::support::{Ruleset, Test, all_rulesets, require, root, tempdir as temp, test_tables};

/// `umpire ARGS cards --html`: the sheet on standard output.
fn sheet(args: &[&str]) -> String {
    Test::new()
        .args(args)
        .args(["cards", "--html"])
        .run()
        .stdout
}

fn sheet_of(r: &Ruleset) -> String {
    let tables = test_tables().display().to_string();
    sheet(&["--tables", &tables, "--rules", &r.name])
}

/// What the tables would read as once written into HTML.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// The page's text with the break hints the sheet puts in long words taken out.
fn unbroken(html: &str) -> String {
    html.replace("<wbr>", "")
}

fn assert_self_contained(html: &str, what: &str) {
    assert!(html.starts_with("<!DOCTYPE html>"), "{what}");
    assert!(html.contains("<meta charset=\"utf-8\">"), "{what}");
    assert!(html.contains("@page { size: auto;"), "{what}");
    assert!(html.contains("break-inside: avoid"), "{what}");
    let lower = html.to_lowercase();
    for fetch in [
        "http",
        "src=",
        "href=",
        "<script",
        "<link",
        "url(",
        "@import",
        "<img",
        "<iframe",
        "<object",
        "<embed",
        "@font-face",
    ] {
        assert!(
            !lower.contains(fetch),
            "{what}: the sheet must fetch nothing, it has `{fetch}`"
        );
    }
}

#[test]
fn every_ruleset_has_one_self_contained_sheet() {
    for r in all_rulesets() {
        let html = sheet_of(&r);
        let what = r.name.as_str();
        assert_self_contained(&html, what);
        let text = unbroken(&html);
        let n = r.procedures.len();
        for (i, p) in r.procedures.iter().enumerate() {
            let head = format!("<h2>{}</h2>", escaped(&p.title));
            assert!(text.contains(&head), "{what}: no card for {}", p.name);
            let number = format!("card {}/{n}<", i + 1);
            assert_eq!(
                text.matches(&number).count(),
                2,
                "{what}: card {} is numbered at its head and its foot",
                p.name
            );
        }
        // The legend and the turn only where the ruleset has them.
        assert_eq!(
            text.contains("<h2>Sides and markers</h2>"),
            r.markers.is_some(),
            "{what}"
        );
        assert_eq!(
            text.contains("<h2>Turn sequence</h2>"),
            r.has_turn,
            "{what}"
        );
        if let Some(markers) = &r.markers {
            for m in markers {
                assert!(
                    text.contains(&format!(
                        "<span class=\"swatch\" style=\"background:{}\"></span>{}",
                        m.colour,
                        escaped(&m.label)
                    )),
                    "{what}: marker {}",
                    m.name
                );
            }
        }
    }
}

#[test]
fn the_sheet_goes_to_the_file_named() {
    let d = temp();
    let file = d.path().join("sheet.html");
    Test::new()
        .args(["cards", "--html", "-o", &file.display().to_string()])
        .stdout("")
        .run();
    let written = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(written, sheet(&[]));
    // The same cards as the terminal's: the odds row of a check, the policy in words.
    assert!(written.contains("use the greatest positive and the greatest negative"));
    assert!(written.contains(
        "<tr><td class=\"num\">0</td><td class=\"num\">16.7%</td><td class=\"num\">33.3%</td><td class=\"num\">50.0%</td></tr>"
    ));
}

/// A house rule that writes markup into every kind of text a sheet shows.
const HOUSE: &str = r#"ruleset: house
title: "House <b>rules</b> & co"
author: "A. <i>Umpire</i>"
notes: ["<script>alert(1)</script> & more"]
factors:
  - {name: brave, kind: flag, help: "the <b>brave</b> one"}
procedures:
  - name: strike
    title: "Strike & <b>parry</b>"
    help: "roll 1d6 <i>hard</i>"
    notes: ["a < b && c > d"]
    roll: 1d6
    modifiers:
      - group: "<b>nerve</b>"
        items:
          - {label: "<b>brave</b> & bold", when: {brave: true}, value: 1}
    check: {compare: at-least, target: 4, pass: hit, fail: miss}
    results:
      - {name: hit, label: "<i>hit</i> & run", note: "'quoted' \"twice\""}
      - {name: miss, label: Miss}
turn:
  phases: {percent: 50, of: larger, rounding: up}
  draw: {token: bead, per-side: larger}
  notes: ["<u>draw</u> & act"]
game:
  sides:
    - {name: blue, label: "<b>Blue</b> side", token: blue}
    - {name: red, label: Red, token: "red;background:green"}
  markers:
    - {name: hurt, label: "<b>hurt</b>", colour: "x\" onmouseover=\"y", note: "<em>ouch</em>"}
  states:
    - {name: out, label: "<s>out</s>"}
"#;

#[test]
fn the_tables_text_is_escaped() {
    let dir = temp();
    std::fs::write(dir.path().join("house.yaml"), HOUSE).unwrap_or_else(|e| panic!("{e}"));
    let tables = dir.path().display().to_string();
    let html = sheet(&["--tables", &tables, "--rules", "house"]);
    assert_self_contained(&html, "house");
    let text = unbroken(&html);
    for raw in [
        "<b>rules</b>",
        "<i>Umpire</i>",
        "<script>",
        "<b>parry</b>",
        "<i>hard</i>",
        "<b>nerve</b>",
        "<b>brave</b>",
        "<i>hit</i>",
        "a < b",
        "<u>draw</u>",
        "<b>Blue</b>",
        "<b>hurt</b>",
        "<em>",
        "<s>",
        "onmouseover=\"",
        "background:red;",
    ] {
        assert!(!text.contains(raw), "`{raw}` went into the page unescaped");
    }
    for safe in [
        "House &lt;b&gt;rules&lt;/b&gt; &amp; co",
        "&lt;script&gt;alert(1)&lt;/script&gt; &amp; more",
        "Strike &amp; &lt;b&gt;parry&lt;/b&gt;",
        "roll 1d6 &lt;i&gt;hard&lt;/i&gt;",
        "Modifiers: &lt;b&gt;nerve&lt;/b&gt;",
        "&lt;b&gt;brave&lt;/b&gt; &amp; bold",
        "&lt;i&gt;hit&lt;/i&gt; &amp; run",
        "&#39;quoted&#39; &quot;twice&quot;",
        "a &lt; b &amp;&amp; c &gt; d",
        "&lt;u&gt;draw&lt;/u&gt; &amp; act",
        "&lt;b&gt;Blue&lt;/b&gt; side",
        "&lt;b&gt;hurt&lt;/b&gt;",
        "&lt;em&gt;ouch&lt;/em&gt;",
        "&lt;s&gt;out&lt;/s&gt;",
    ] {
        assert!(text.contains(safe), "`{safe}` missing:\n{text}");
    }
    // A colour that is not a plain name is written out, never put in a style.
    assert!(text.contains("<span class=\"swatch\" style=\"background:blue\"></span>"));
    assert_eq!(text.matches("class=\"swatch\"").count(), 1, "{text}");
}

// ----- the browser ---------------------------------------------------------------------------

const MM: f64 = 96.0 / 25.4;
/// The papers a user may pick: A4 and US Letter, in millimetres.
const A4: (f64, f64) = (210.0, 297.0);
const LETTER: (f64, f64) = (215.9, 279.4);

fn output_dir() -> PathBuf {
    let dir = root().join("tests/output");
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

/// Run a tool to its end (a minute at most), its output kept in files beside `log`.
fn tool(program: &str, args: &[String], log: &Path) -> Output {
    let file = |ext: &str| {
        let path = log.with_extension(ext);
        File::create(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    let mut child = Process::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(file("out"))
        .stderr(file("err"))
        .spawn()
        .unwrap_or_else(|e| {
            panic!(
                "cannot run `{program}` ({e}): the sheet's browser test needs headless chromium \
                 and poppler-utils (pdfinfo, pdftotext, pdftoppm); install them, e.g. \
                 `apt-get install chromium poppler-utils` (CI does)"
            )
        });
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() > Duration::from_secs(60) => {
                let _ = child.kill();
                panic!("`{program} {}` took over a minute", args.join(" "));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(e) => panic!("{program}: {e}"),
        }
    };
    let read = |ext: &str| std::fs::read(log.with_extension(ext)).unwrap_or_default();
    Output {
        status,
        stdout: read("out"),
        stderr: read("err"),
    }
}

/// Headless Chromium with a profile of its own and nothing reaching the network.
fn chromium(profile: &Path, last: &[String], log: &Path) -> Output {
    let mut args: Vec<String> = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-pdf-header-footer",
    ]
    .map(String::from)
    .to_vec();
    args.push(format!("--user-data-dir={}", profile.display()));
    args.extend(last.iter().cloned());
    let out = tool("chromium", &args, log);
    assert!(
        out.status.success(),
        "chromium {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn url(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// The page margin the sheet asks for, in millimetres.
fn page_margin(html: &str) -> f64 {
    let at = html
        .find("@page")
        .unwrap_or_else(|| panic!("no @page rule"));
    let rest = html.get(at..).unwrap_or_default();
    let margin = rest
        .find("margin:")
        .unwrap_or_else(|| panic!("no page margin"));
    let value = rest
        .get(margin + "margin:".len()..)
        .unwrap_or_default()
        .trim_start();
    let number: String = value
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    assert!(
        value
            .get(number.len()..)
            .is_some_and(|u| u.starts_with("mm")),
        "the page margin is in mm: {value}"
    );
    number.parse().unwrap_or_else(|e| panic!("{number}: {e}"))
}

/// A script, added to a copy of the page for the test only, that lays the page out at each
/// paper's width inside the margins and writes into the page what it measured: every
/// top-level block's height and margins, and any card whose content overflows its box.
fn measuring_script(widths: &[(&str, f64)]) -> String {
    let calls: String = widths
        .iter()
        .map(|(tag, mm)| format!("  measure('{tag}', {mm});\n"))
        .collect();
    format!(
        r#"<script>
(function () {{
  var out = [];
  function name(e) {{ return (e.id || e.className || e.tagName).toString().replace(/\s+/g, '.'); }}
  function measure(tag, width) {{
    var s = document.body.style;
    s.width = width + 'mm'; s.maxWidth = 'none'; s.margin = '0'; s.padding = '0';
    var blocks = Array.prototype.filter.call(document.body.children, function (e) {{
      return e.tagName !== 'SCRIPT' && e.id !== 'measure';
    }});
    blocks.forEach(function (e) {{
      var r = e.getBoundingClientRect();
      var cs = getComputedStyle(e);
      out.push([tag, 'block', name(e), r.height.toFixed(3), parseFloat(cs.marginTop).toFixed(3),
        parseFloat(cs.marginBottom).toFixed(3), e.classList.contains('card') ? 1 : 0].join(' '));
      if (!e.classList.contains('card')) return;
      if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) {{
        out.push([tag, 'overflow', name(e), 'scroll', e.scrollWidth + 'x' + e.scrollHeight,
          'in', e.clientWidth + 'x' + e.clientHeight].join(' '));
      }}
      var left = r.left + parseFloat(cs.borderLeftWidth), right = r.right - parseFloat(cs.borderRightWidth);
      e.querySelectorAll('*').forEach(function (d) {{
        var dr = d.getBoundingClientRect();
        if (dr.width === 0 && dr.height === 0) return;
        if (dr.right > right + 0.5 || dr.left < left - 0.5 || dr.bottom > r.bottom + 0.5) {{
          out.push([tag, 'overflow', name(e), d.tagName.toLowerCase(), 'from', dr.left.toFixed(1),
            'to', dr.right.toFixed(1), 'beyond', left.toFixed(1), right.toFixed(1),
            JSON.stringify((d.textContent || '').slice(0, 50))].join(' '));
        }}
      }});
    }});
  }}
{calls}  var pre = document.createElement('pre');
  pre.id = 'measure';
  pre.textContent = out.join('\n');
  document.body.appendChild(pre);
}})();
</script>"#
    )
}

/// One block of the page as measured (CSS pixels).
#[derive(Debug)]
struct Block {
    name: String,
    height: f64,
    margin_top: f64,
    margin_bottom: f64,
    card: bool,
}

/// What printing one sheet showed.
#[derive(Debug)]
struct Printed {
    pages: usize,
    predicted: usize,
    png: PathBuf,
    /// Per paper: its name, the tallest card at its width and the most its page holds (mm).
    tallest: Vec<(&'static str, f64, f64)>,
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// Pages a layout takes when each block goes whole to the next page if it does not fit (as
/// `break-inside: avoid` asks), margins dropped at a page's top.
fn pack(blocks: &[&Block], page: f64) -> usize {
    let mut pages = 1;
    let mut used = 0.0;
    for b in blocks {
        let top = if used > 0.0 { b.margin_top } else { 0.0 };
        if used > 0.0 && used + top + b.height > page {
            pages += 1;
            used = b.height + b.margin_bottom;
        } else {
            used += top + b.height + b.margin_bottom;
        }
    }
    pages
}

/// `card 3/10` tokens of a page's text: (3, 10).
fn card_numbers(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("card ") {
        rest = rest.get(at + 5..).unwrap_or_default();
        let number: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let after = rest.get(number.len()..).unwrap_or_default();
        if let Some(of) = after.strip_prefix('/') {
            let total: String = of.chars().take_while(char::is_ascii_digit).collect();
            if let (Ok(a), Ok(b)) = (number.parse(), total.parse()) {
                out.push((a, b));
            }
        }
    }
    out
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
