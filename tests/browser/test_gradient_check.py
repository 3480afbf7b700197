"""Check gradients (static/js/learn/check.js), in Chromium: a correct program passes, and the
table flags the `=`-bug class and a class whose `__mul__` backward is wrong."""

from playwright.sync_api import Page, expect

from tests.browser.playground_page import BOOT, open_ready
from tests.programs import program


def check(page: Page) -> None:
    page.get_by_role("button", name="Check gradients").click()
    expect(page.get_by_role("table", name="Gradient check")).to_be_visible(timeout=BOOT)


def test_gradient_check_passes_a_correct_program(playground: Page) -> None:
    page = playground
    open_ready(page)
    check(page)
    table = page.get_by_role("table", name="Gradient check")
    expect(table.locator("tbody tr")).to_have_count(5)
    expect(table.locator("tr.mismatch")).to_have_count(0)
    expect(page.locator("#check-say")).to_have_text(
        "Every leaf's grad matches its finite difference (5 leaves)."
    )
    expect(page.locator("#graph svg g.node.grad-ok")).to_have_count(5)


def test_gradient_check_flags_the_equals_bug(playground: Page) -> None:
    page = playground
    open_ready(page)
    page.get_by_label("Expression").fill(program("overwrite_bug"))
    expect(page.locator("#output-text")).to_contain_text("a.grad = 1.0", timeout=BOOT)
    expect(page.locator("#graph svg g.node")).to_have_count(3)  # a, b and its +: drawn
    check(page)
    bad = page.get_by_role("table", name="Gradient check").locator("tr.mismatch")
    expect(bad).to_have_count(1)
    expect(bad.locator("th")).to_have_text("a")
    expect(bad).to_contain_text("2.0000")  # the numeric grad: a is used twice
    expect(page.locator("#graph svg g.node.grad-bad")).to_have_count(1)


def test_gradient_check_flags_a_wrong_mul_backward(playground: Page) -> None:
    page = playground
    open_ready(page)
    source = program("own_class_descent").split("w1 = Value(2.0)")[0]
    source = source.replace("self.grad += other.data * out.grad", "self.grad += out.grad")
    source += "x = Value(2.0)\ny = Value(-3.0)\nout = x * y + x\nbackprop(out)\nprint('ran')\n"
    page.get_by_label("Expression").fill(source)
    expect(page.locator("#output-text")).to_contain_text("ran", timeout=BOOT)
    check(page)
    bad = page.get_by_role("table", name="Gradient check").locator("tr.mismatch")
    expect(bad).to_have_count(1)
    expect(bad.locator("th")).to_have_text("x")
