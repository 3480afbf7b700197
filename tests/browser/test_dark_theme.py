"""The dark theme covers every field (issue 23, item 1), in Chromium: each field and panel on
the page, the shortcuts dialog, the Download menu and the Embed dialog, with the learning
panels open, has no light background and text at 4.5:1 against its own."""

from playwright.sync_api import Page, expect

from tests.browser.playground_page import BOOT, wait_for_python

# Every field and panel on the page, in the dark theme: text against its own background
# (the first opaque background up its ancestors) at ≥ 4.5:1, and no white field.
AUDIT = """() => {
  const parse = (c) => {
    const m = c.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const [r, g, b, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return { r, g, b, a };
  };
  const lum = ({ r, g, b }) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const backgroundOf = (e) => {
    for (let n = e; n; n = n.parentElement) {
      const c = parse(getComputedStyle(n).backgroundColor);
      if (c && c.a > 0.5) return c;
    }
    return { r: 255, g: 255, b: 255 };
  };
  const selector = "input, select, textarea, button, summary, table, th, td, dialog, details, "
    + "fieldset, output, pre, .code-editor, .cm-content, .loss-plot, #rule, .inspector, "
    + ".output, .legend li, #status, .manual-note, .learn-say, label";
  const out = [];
  for (const e of document.querySelectorAll(selector)) {
    if (!e.getClientRects().length || e.closest("[hidden]") || e.disabled) continue;
    if (getComputedStyle(e).visibility === "hidden") continue;
    if (e.type === "range" || e.type === "checkbox" || e.type === "radio") continue;
    const bg = backgroundOf(e);
    const fg = parse(getComputedStyle(e).color);
    const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
    const name = e.id ? `#${e.id}` : `${e.tagName.toLowerCase()}.${e.className}`;
    out.push({ name, ratio: (hi + 0.05) / (lo + 0.05), bg: lum(bg) });
  }
  return out;
}"""


def test_dark_theme_covers_every_field(playground: Page) -> None:
    page = playground
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/")
    page.get_by_label("Theme", exact=True).select_option("dark")
    wait_for_python(page)
    page.get_by_role("button", name="Node table").click()
    page.get_by_role("button", name="Practice: predict each grad").click()
    page.get_by_role("button", name="Check gradients").click()
    expect(page.get_by_role("table", name="Gradient check")).to_be_visible(timeout=BOOT)
    page.locator("#descent-params summary").click()
    page.get_by_role("button", name="Run descent").click()
    expect(page.get_by_role("table", name="Loss history")).to_be_visible(timeout=BOOT)
    page.locator("#graph").focus()
    page.keyboard.press("ArrowDown")
    expect(page.get_by_role("region", name="Inspector")).to_be_visible()
    found = page.evaluate(AUDIT)
    assert len(found) > 40, f"the audit saw too little: {len(found)}"
    white = [f for f in found if f["bg"] > 0.6]  # white is 1; the accent of a pressed toggle 0.44
    assert white == [], f"light backgrounds in the dark theme: {white}"
    poor = [f for f in found if f["ratio"] < 4.5]
    assert poor == [], f"text under 4.5:1 in the dark theme: {poor}"
    page.get_by_role("button", name="Keyboard shortcuts").click()
    dialog = page.get_by_role("dialog", name="Keyboard shortcuts")
    expect(dialog).to_be_visible()
    in_dialog = page.evaluate(AUDIT)
    assert [f for f in in_dialog if f["bg"] > 0.6 or f["ratio"] < 4.5] == []
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    # The Embed dialog and the Download menu.
    page.get_by_text("Download", exact=True).click()
    expect(page.get_by_role("button", name="Download SVG")).to_be_visible()
    menus = page.evaluate(AUDIT)
    assert [f for f in menus if f["bg"] > 0.6 or f["ratio"] < 4.5] == []
    page.get_by_text("Download", exact=True).click()
    page.get_by_role("button", name="Embed").click()
    expect(page.get_by_role("dialog")).to_be_visible()
    embed = page.evaluate(AUDIT)
    assert len(embed) > len(found)
    assert [f for f in embed if f["bg"] > 0.6 or f["ratio"] < 4.5] == []
