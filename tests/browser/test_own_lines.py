"""The learner's own lines on the page: a step of their closure quotes it with numbers (the
record's `ran`, made by the engine) and marks those lines in the editor; Mode says it is off
for Python; the descent plot has a title and axes; a what-if field stays readable on a phone.
Screenshots for review go to $OWN_LINES_SHOTS when it is set (no pixel comparisons here)."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.playground_page import BOOT, LOSS, descend_loss, open_ready
from tests.browser.test_python import output, own_timeline, paste, pasted
from tests.engine.record.closures import CLASS
from tests.programs import program

PRODUCT = CLASS + "d = V(3.0)\nf = V(-2.0)\nL = d * f\nL.grad = 1.0\nL._backward()\nprint('ok')\n"
SHOTS = os.environ.get("OWN_LINES_SHOTS", "")


def shoot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png")


def ran_lines(page: Page):
    return page.locator(".code-editor .cm-line.ran-line")


def test_a_learners_step_quotes_its_line_and_marks_it(playground: Page) -> None:
    page = playground
    pasted(page, PRODUCT, "ok")
    rule = page.locator("#rule")
    expect(ran_lines(page)).to_have_count(0)
    page.locator("#graph").focus()
    page.keyboard.press("ArrowRight")
    quoted = rule.locator(".rule-ran li code")
    expect(quoted).to_have_text(
        [
            "d.grad += f.data × L.grad = 0.0000 + (-2.0000) × 1.0000 = -2.0000",
            "f.grad += d.data × L.grad = 0.0000 + 3.0000 × 1.0000 = 3.0000",
        ]
    )
    expect(rule.locator(".rule-where")).to_have_text("Your code, lines 26–27, with its numbers:")
    expect(ran_lines(page)).to_have_text(
        ["self.grad += other.data * out.grad", "other.grad += self.data * out.grad"],
        use_inner_text=True,
    )
    lines = PRODUCT.split("\n")
    assert lines[25].strip() == "self.grad += other.data * out.grad"  # line 26, 1-based
    # A line background, not a selection: the keyboard stays on the graph.
    expect(page.locator("#graph")).to_be_focused()
    page.keyboard.press("Home")
    expect(ran_lines(page)).to_have_count(0)


def test_the_equals_bug_is_quoted_with_its_equals(playground: Page) -> None:
    page = playground
    pasted(page, program("overwrite_bug"), "a.grad = 1.0")
    page.locator("#graph").focus()
    page.keyboard.press("End")
    expect(page.locator("#rule .rule-ran li code")).to_have_text(
        ["a.grad = 1.0 × b.grad = 1.0 × 1.0000", "a.grad = 1.0 × b.grad = 1.0 × 1.0000 = 1.0000"]
    )
    expect(ran_lines(page)).to_have_count(2)


def test_a_local_in_the_closure_is_its_own_line_and_marked(playground: Page) -> None:
    """`t = out.data` then `self.grad += (1 - t**2) * out.grad`: both lines quoted and marked."""
    page = playground
    open_ready(page)
    tanh = CLASS.replace(
        "            self.grad += out.data * out.grad\n",
        "            t = out.data\n            self.grad += (1 - t**2) * out.grad\n",
    )
    paste(page, tanh + "x = V(0.5)\ny = x.exp()\ny.grad = 1.0\ny._backward()\nprint('ok')\n")
    expect(output(page)).to_contain_text("ok", timeout=BOOT)
    # The output is shown before the graph is: step once the graph on screen is this run's (the
    # default program's first step is a seed, not a _backward() call of the learner's).
    own_timeline(page)
    page.locator("#graph").focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#rule .rule-ran li code")).to_have_text(
        [
            "t = y.data = 1.6487",
            "x.grad += (1 - t**2) × y.grad = 0.0000 + (1 - 1.6487**2) × 1.0000 = -1.7183",
        ]
    )
    expect(ran_lines(page)).to_have_text(
        ["t = out.data", "self.grad += (1 - t**2) * out.grad"], use_inner_text=True
    )


def test_the_line_that_ran_is_scrolled_into_the_editor_not_the_page(playground: Page) -> None:
    """A long program pasted leaves the editor at its end; a step shows its closure's line."""
    page = playground
    open_ready(page)
    paste(page, program("own_class_descent"))
    expect(output(page)).to_contain_text("w1 1.0010", timeout=BOOT)
    scroller = page.locator(".code-editor .cm-scroller")
    scroller.evaluate("(s) => { s.scrollTop = s.scrollHeight; }")
    page.locator("#graph").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(ran_lines(page).first).to_be_visible()
    box, line = scroller.bounding_box(), ran_lines(page).first.bounding_box()
    assert box and line
    assert box["y"] <= line["y"] and line["y"] + line["height"] <= box["y"] + box["height"]
    assert page.evaluate("window.scrollY") == 0  # the editor scrolled, not the page
    expect(page.locator("#graph")).to_be_focused()


def test_mode_is_off_for_python_and_says_why(playground: Page) -> None:
    page = playground
    open_ready(page)
    mode = page.get_by_label("Mode")
    expect(mode).to_be_enabled()  # the expression language: the engine's pass in that mode
    expect(page.locator("#mode-note")).to_be_hidden()
    paste(page, PRODUCT)
    expect(output(page)).to_contain_text("ok", timeout=BOOT)
    why = "Off for Python: your own _backward() closures decide += or =, so this does nothing here."
    expect(mode).to_be_disabled()
    expect(page.locator("#mode-note")).to_have_text(why)
    expect(page.locator("#mode-note")).to_be_visible()
    expect(mode).to_have_accessible_description(why)
    paste(page, "a = 2.0\nb = a * a")
    expect(mode).to_be_enabled(timeout=BOOT)
    expect(page.locator("#mode-note")).to_be_hidden()


def test_a_python_link_has_mode_off_before_python_starts(playground: Page) -> None:
    page = playground
    page.goto("/?src=" + "import%20math%0Ax%20%3D%201")
    expect(page.get_by_label("Mode")).to_be_disabled()


def test_the_loss_plot_has_a_title_and_axes(playground: Page) -> None:
    page = playground
    descend_loss(page)
    plot = page.locator("#loss-plot")
    expect(plot.locator(".plot-title")).to_have_text("Loss by descent step")
    expect(plot.locator(".x-label")).to_have_text("step")
    expect(plot.locator(".y-label")).to_have_text("loss")
    expect(plot.locator(".x-tick")).to_have_text(["0", "2", "4", "6", "8"])
    expect(plot.locator(".y-tick")).to_have_text(["0.0", "0.5", "1.0", "1.5", "2.0", "2.5"])
    # Positions: x ticks run left to right under the plot; y ticks bottom to top beside it.
    xs = [float(t.get_attribute("x")) for t in plot.locator(".x-tick").all()]
    ys = [float(t.get_attribute("y")) for t in plot.locator(".y-tick").all()]
    assert xs == sorted(xs) and ys == sorted(ys, reverse=True)
    axis = plot.locator(".x-axis")
    assert float(axis.get_attribute("y1")) < float(plot.locator(".x-tick").first.get_attribute("y"))
    y_label = plot.locator(".y-label").bounding_box()
    y_axis = plot.locator(".y-axis").bounding_box()
    assert y_label and y_axis and y_label["x"] + y_label["width"] < y_axis["x"]
    # The first loss (2.5) sits at the top tick's height, the last near the x axis.
    points = plot.locator("polyline").get_attribute("points").split()
    first_y = float(points[0].split(",")[1])
    assert first_y == pytest.approx(ys[-1], abs=0.01)
    plot.scroll_into_view_if_needed()
    shoot(page, "descent-plot")


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_screens_of_a_stepped_learners_program(
    playground: Page, theme: str, width: int, height: int
) -> None:
    page = playground
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(color_scheme=theme)
    pasted(page, program("own_class_descent"), "w1 1.0010")
    page.locator("#graph").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#rule .rule-ran li")).to_have_count(2)
    expect(ran_lines(page)).to_have_count(2)
    page.locator("#rule").scroll_into_view_if_needed()
    shoot(page, f"learner-step-{width}x{height}-{theme}")
    page.locator(".code-editor .cm-line.ran-line").first.scroll_into_view_if_needed()
    shoot(page, f"learner-editor-{width}x{height}-{theme}")
    if width == 390:
        # What-if on a phone: each name is one line or a few, never one character a line.
        paste(page, "learning_rate_multiplier = 2.0\nw = 3.0\nz = learning_rate_multiplier * w")
        labels = page.locator("#inputs label")
        expect(labels).to_have_text(["learning_rate_multiplier", "w"], timeout=BOOT)
        for label in labels.all():
            box = label.bounding_box()
            assert box and box["width"] > 100, box
            assert box["height"] < 60, box  # at most two lines of 14-16 px text
        page.locator("#inputs").scroll_into_view_if_needed()
        shoot(page, f"what-if-{width}x{height}-{theme}")
        # the descent plot on the phone, in this theme
        open_ready(page, src=LOSS)
        region = page.get_by_role("region", name="Gradient descent")
        region.get_by_label("Steps").fill("10")
        region.get_by_role("button", name="Run descent").click()
        expect(page.get_by_role("table", name="Loss history").locator("tbody tr")).to_have_count(
            10, timeout=BOOT
        )
        page.locator("#loss-plot").scroll_into_view_if_needed()
        shoot(page, f"descent-plot-{width}x{height}-{theme}")
