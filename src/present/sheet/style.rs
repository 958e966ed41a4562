//! The sheet's style: two columns of cards on each page, small condensed type for the tables
//! and the rolls' numbers large, set for A4 and US Letter alike.

/// The size of the type the key numbers of a roll are printed in (the dice and the number to
/// reach), in points: read from across a table.
pub const KEY_PT: f64 = 16.0;

/// Print rules that hold on both papers: two columns as wide as the narrower page (A4) allows,
/// cards that never break across columns or pages, and nothing leaving its box (long words
/// break, `<wbr>` marks where). Colours print as they are, for the markers' swatches.
pub fn css() -> String {
    format!(
        r#"
@page {{ size: auto; margin: 7mm; }}
* {{ box-sizing: border-box; }}
html {{ -webkit-print-color-adjust: exact; print-color-adjust: exact; }}
body {{
  margin: 0; color: #000; background: #fff;
  font-family: "DejaVu Sans Condensed", "Liberation Sans Narrow", "Arial Narrow",
    "Helvetica Neue", Arial, sans-serif;
  font-size: 7.4pt; line-height: 1.16;
  columns: 2; column-gap: 4mm; column-fill: auto;
}}
@media screen {{ body {{ max-width: 196mm; margin: 6mm auto; padding: 0 2mm; column-fill: balance; }} }}
.ruleset {{ margin: 0 0 2mm; break-inside: avoid; }}
h1 {{ font-size: 15pt; margin: 0; }}
.ruleset p {{ margin: 0 0 0.5mm; }}
.card {{
  break-inside: avoid; page-break-inside: avoid;
  border: 0.7pt solid #333; border-radius: 1.5mm;
  padding: 1mm 1.8mm 0.6mm; margin: 0 0 2.2mm;
  overflow-wrap: break-word;
}}
.head {{
  display: flex; flex-wrap: nowrap; align-items: baseline; gap: 0 2mm;
  border-bottom: 0.7pt solid #333; margin: 0 0 0.6mm;
}}
.head h2 {{ font-size: 10.5pt; margin: 0; flex: 0 1 auto; max-width: 75%; }}
.head .name {{ flex: 1 1 auto; min-width: 0; color: #333; }}
.head .no {{ margin-left: auto; white-space: nowrap; color: #333; }}
.key {{
  display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 2.5mm;
  margin: 0.4mm 0 0.6mm;
}}
.key .dice {{
  font-size: {KEY_PT}pt; font-weight: bold; line-height: 1.1;
  border: 1.2pt solid #000; border-radius: 1.2mm; padding: 0 1.2mm;
}}
.key .need {{ font-size: {KEY_PT}pt; font-weight: bold; line-height: 1.1; }}
.key .says {{ font-size: 10.5pt; font-weight: bold; }}
.key .else {{ font-size: 8pt; }}
.help {{ margin: 0 0 0.5mm; font-style: italic; }}
.part {{ margin: 0 0 0.5mm; min-width: 0; }}
/* Two narrow parts side by side, each in half the card. */
.pair {{ display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); column-gap: 3mm; }}
h3 {{ font-size: 8pt; margin: 0.5mm 0 0.2mm; }}
p {{ margin: 0 0 0.5mm; }}
ul {{ margin: 0 0 0.5mm; padding-left: 3.5mm; }}
li {{ margin: 0; }}
table {{ border-collapse: collapse; max-width: 100%; margin: 0 0 0.6mm; }}
th, td {{ text-align: left; vertical-align: top; padding: 0 1.5mm 0 0; }}
th {{ border-bottom: 0.6pt solid #333; font-weight: bold; }}
/* Stripes, not rules, between lines: a rule costs height, a card has little to spare. */
tbody tr:nth-child(even) {{ background: #e6e6e6; }}
td.num, th.num {{ text-align: right; padding-left: 1mm; }}
td.num {{ white-space: nowrap; }}
table.odds {{ width: 100%; }}
table.odds td.num, table.odds th.num {{ padding: 0 0 0 0.6mm; }}
table.odds td:first-child {{ font-weight: bold; }}
table.options td, table.options th {{ text-align: center; padding: 0 0.8mm; }}
table.options td:first-child, table.options th:first-child {{ text-align: left; }}
table.actions td:first-child {{ font-weight: bold; white-space: nowrap; }}
.marker {{ white-space: nowrap; }}
/* A swatch fits the line it stands in; the legend's are larger. */
.swatch {{
  display: inline-block; min-width: 1.45em; height: 1.3em; line-height: 1.3em;
  padding: 0 0.2em; margin-right: 0.3em; vertical-align: -0.25em;
  border: 0.7pt solid #000; border-radius: 0.65em;
  text-align: center; font-weight: bold; font-size: 0.9em; color: #000;
}}
.markers .swatch {{
  min-width: 1.8em; height: 1.6em; line-height: 1.6em; font-size: 1em; border-radius: 0.8em;
  vertical-align: middle;
}}
.swatch.dark {{ color: #fff; }}
/* A colour the page cannot judge: the code on a white ground inside it. */
.swatch.unknown span {{ background: #fff; border-radius: 0.3em; padding: 0 0.15em; }}
.swatch.token {{ min-width: 1.1em; height: 1.1em; padding: 0; vertical-align: -0.15em; }}
.colour {{ color: #333; }}
.limits {{ font-weight: bold; }}
.note {{ font-style: italic; }}
footer {{ text-align: right; color: #444; font-size: 5.5pt; line-height: 1; margin: 0; }}
"#
    )
}
