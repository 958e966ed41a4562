//! The page's layout as the browser measures it: the papers, the page margin the sheet asks
//! for, and the script that measures each block and each overflow.

pub(super) const MM: f64 = 96.0 / 25.4;
/// The papers a user may pick: A4 and US Letter, in millimetres.
pub(super) const A4: (f64, f64) = (210.0, 297.0);
pub(super) const LETTER: (f64, f64) = (215.9, 279.4);

/// The page margin the sheet asks for, in millimetres.
pub(super) fn page_margin(html: &str) -> f64 {
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
pub(super) fn measuring_script(widths: &[(&str, f64)]) -> String {
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
pub(super) struct Block {
    pub(super) name: String,
    pub(super) height: f64,
    pub(super) margin_top: f64,
    pub(super) card: bool,
}

pub(super) fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}
