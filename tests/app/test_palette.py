"""The palette (static/css/page/palette.css, read in the page's one bundled file): one
light-dark() pair per colour, and text contrast of at least 4.5:1 (WCAG 1.4.3) in both themes
for the pairs the page draws text on, the graph's node text included (axe-core cannot see it:
the SVG is aria-hidden under #graph's role="img")."""

import re
from pathlib import Path

import pytest

CSS = (
    Path(__file__).resolve().parents[2] / "static" / "css" / "bundle" / "playground.css"
).read_text()
PAIR = r"light-dark\((#[0-9a-fA-F]{3,6}),\s*(#[0-9a-fA-F]{3,6})\)"
PALETTE = {name: (light, dark) for name, light, dark in re.findall(rf"(--[\w-]+):\s*{PAIR};", CSS)}
THEMES = {"light": 0, "dark": 1}

# (text, background) as the page uses them.
TEXT_ON = [
    ("--fg", "--bg"),
    ("--fg", "--panel"),
    ("--fg", "--error-bg"),  # the editor's error message
    ("--fg", "--node-fill"),  # the graph's node text...
    ("--fg", "--op-fill"),
    ("--fg", "--current-fill"),  # ...on a highlighted node too
    ("--fg", "--changed-fill"),
    ("--muted", "--bg"),
    ("--muted", "--panel"),
    ("--accent", "--bg"),  # links
    ("--error", "--bg"),
    ("--bg", "--accent"),  # a pressed toggle button
]


def luminance(colour: str) -> float:
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    channels = [int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_known_pairs():
    assert contrast("#000", "#fff") == pytest.approx(21)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)


def test_every_colour_is_one_light_dark_pair():
    assert {"--bg", "--fg", "--muted", "--accent", "--error"} <= PALETTE.keys()
    # Outside the palette, no colour literal but the dialogs' translucent backdrop.
    literals = re.findall(r"#[0-9a-fA-F]{3,6}\b", re.sub(PAIR, "", CSS))
    assert literals == []


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize(("text", "background"), TEXT_ON)
def test_text_contrast(theme, text, background):
    side = THEMES[theme]
    ratio = contrast(PALETTE[text][side], PALETTE[background][side])
    assert ratio >= 4.5, f"{text} on {background} in {theme}: {ratio:.2f}"


@pytest.mark.parametrize("theme", THEMES)
def test_highlighted_code_contrast(theme):
    """Every `color: light-dark(…)` rule (the editor's token colours) reads on --bg."""
    side = THEMES[theme]
    colours = re.findall(rf"\bcolor:\s*{PAIR};", CSS)
    assert colours
    for pair in colours:
        ratio = contrast(pair[side], PALETTE["--bg"][side])
        assert ratio >= 4.5, f"{pair[side]} on --bg in {theme}: {ratio:.2f}"
