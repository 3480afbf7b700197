"""What-if values belong to the program they were set on (issue 23, item 2), in Chromium.

A value set in a What-if field holds for that exact program text: typing, a preset or a paste
starts from the code's own numbers. The page says which values differ from the code and offers
"Use the code's values". On a learner's own class a What-if edit reruns their program with the
new number written in, so names, steps, Output and the fields stay those of one program. On the
neuron, a leaf's field and its slider (keyboard-operable) redraw the graph at the same step, and
a permalink keeps the value.
"""

import json
import re
from urllib.parse import urlencode

from playwright.sync_api import Page, expect

from tests.browser.playground_page import BOOT, expect_grads, wait_for_python
from tests.programs import program

LOSS = "w1 = 2.0\nw2 = 3.0\nloss = ((w1 - 1)**2 + (w2 - 5)**2) * 0.5"
OWN_CLASS = program("own_class_what_if")  # `b` is computed: line 18
OWN_LOSS = """\
class V:
    def __init__(self, data, children=()):
        self.data, self.grad, self._prev = data, 0.0, tuple(children)
        self._backward = lambda: None

    def __add__(self, other):
        other = other if isinstance(other, V) else V(other)
        out = V(self.data + other.data, (self, other))

        def _backward():
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, V) else V(other)
        out = V(self.data * other.data, (self, other))

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out


w1 = V(2.0)
w2 = V(3.0)
d1 = w1 + -1.0
d2 = w2 + -5.0
loss = (d1 * d1 + d2 * d2) * 0.5
print(f"loss {loss.data:.4f}")
"""


def open_ready(page: Page, **query: str) -> None:
    page.goto("/" + (f"?{urlencode(query)}" if query else ""))
    wait_for_python(page)


def data_of(page: Page, label: str):
    """The data line of the value labelled `label` on the graph."""
    name = page.locator("text").filter(has_text=re.compile(rf"^{re.escape(label)}$"))
    return page.locator("#graph svg g.node.value").filter(has=name).locator("text").nth(1)


def what_if(page: Page, name: str):
    return page.get_by_role("spinbutton", name=name, exact=True)


def note(page: Page):
    return page.locator("#what-if-note")


def use_code(page: Page):
    return page.get_by_role("button", name="Use the code's values")


def test_typing_a_new_program_starts_from_its_own_numbers(playground: Page) -> None:
    page = playground
    open_ready(page, src=LOSS)
    what_if(page, "w1").fill("7")
    expect(data_of(page, "w1")).to_have_text("data 7.0000")
    expect(page).to_have_url(re.compile(r"[?&]values="))
    page.get_by_label("Expression").fill("w1 = 0.5\nz = w1 * 2")
    expect(data_of(page, "z")).to_have_text("data 1.0000")
    expect(data_of(page, "w1")).to_have_text("data 0.5000")
    expect(what_if(page, "w1")).to_have_value("0.5")
    expect(note(page)).to_be_hidden()
    expect(page).not_to_have_url(re.compile(r"[?&]values="))


def test_a_preset_starts_from_its_own_numbers(playground: Page) -> None:
    page = playground
    open_ready(page, src=LOSS)
    what_if(page, "w1").fill("7")
    expect(data_of(page, "w1")).to_have_text("data 7.0000")
    page.get_by_label("Presets").select_option(label="Neuron: tanh(x1*w1 + x2*w2 + b)")
    page.get_by_role("button", name="Load example").click()
    expect(data_of(page, "o")).to_have_text("data 0.7071")
    expect(data_of(page, "w1")).to_have_text("data -3.0000")
    expect(what_if(page, "w1")).to_have_value("-3")


def test_a_pasted_python_program_starts_from_its_own_numbers(playground: Page) -> None:
    page = playground
    open_ready(page, src=LOSS)
    what_if(page, "w1").fill("3")
    expect(data_of(page, "loss")).to_have_text("data 4.0000")
    page.get_by_label("Expression").fill(OWN_LOSS)
    output = page.get_by_role("region", name="Output")
    expect(output).to_contain_text("loss 2.5000", timeout=BOOT)
    expect(data_of(page, "loss")).to_have_text("data 2.5000")
    region = page.get_by_role("region", name="Gradient descent")
    region.get_by_label("Learning rate").fill("0.5")
    region.get_by_role("button", name="Descent step").click()
    history = page.get_by_role("table", name="Loss history")
    expect(history.locator("tbody td").nth(0)).to_have_text("2.5000", timeout=BOOT)


def test_values_that_differ_are_said_and_undone(playground: Page) -> None:
    page = playground
    open_ready(page, src=LOSS)
    expect(note(page)).to_be_hidden()
    expect(use_code(page)).to_be_hidden()
    what_if(page, "w1").fill("7")
    expect(note(page)).to_have_text("1 value differs from the code: w1 = 7 (code: 2)")
    what_if(page, "w2").fill("0.5")
    expect(note(page)).to_have_text(
        "2 values differ from the code: w1 = 7 (code: 2), w2 = 0.5 (code: 3)"
    )
    expect(data_of(page, "loss")).to_have_text("data 28.1250")  # (36 + 20.25) / 2
    use_code(page).click()
    expect(data_of(page, "w1")).to_have_text("data 2.0000")
    expect(data_of(page, "loss")).to_have_text("data 2.5000")
    expect(what_if(page, "w1")).to_have_value("2")
    expect(what_if(page, "w2")).to_have_value("3")
    expect(note(page)).to_be_hidden()
    expect(page).not_to_have_url(re.compile(r"[?&]values="))
    # Setting a field back to the code's number is not a difference either.
    what_if(page, "w1").fill("2")
    expect(note(page)).to_be_hidden()


def test_a_permalinks_values_hold_for_its_own_program_only(playground: Page) -> None:
    page = playground
    open_ready(page, src=LOSS, values=json.dumps({"w1": 7}))
    expect(data_of(page, "w1")).to_have_text("data 7.0000")
    expect(what_if(page, "w1")).to_have_value("7")
    expect(note(page)).to_have_text("1 value differs from the code: w1 = 7 (code: 2)")
    page.get_by_label("Expression").fill(LOSS + "\nz = loss * 1")
    expect(data_of(page, "z")).to_have_text("data 2.5000")
    expect(data_of(page, "w1")).to_have_text("data 2.0000")
    expect(note(page)).to_be_hidden()


def test_own_class_what_if_reruns_the_program(playground: Page) -> None:
    page = playground
    open_ready(page)
    page.get_by_label("Expression").fill(OWN_CLASS)
    output = page.get_by_role("region", name="Output")
    expect(output).to_contain_text("c 6.0", timeout=BOOT)
    steps = page.locator("#step-count")
    expect(steps).to_have_text("0 / 1")
    what_if(page, "a").fill("5")
    expect(output).to_contain_text("c 15.0", timeout=BOOT)
    expect(data_of(page, "c")).to_have_text("data 15.0000")
    expect(data_of(page, "a")).to_have_text("data 5.0000")
    expect(data_of(page, "b")).to_have_text("data 3.0000")  # the names stay
    expect(steps).to_have_text("0 / 1")  # the program's own call only: no seed step
    expect(what_if(page, "a")).to_have_value("5")  # the panel stays, to be undone
    expect(note(page)).to_have_text("1 value differs from the code: a = 5 (code: 2)")
    expect(page.locator("#graph")).not_to_have_class(re.compile(r"\bstale\b"))
    use_code(page).click()
    expect(output).to_contain_text("c 6.0", timeout=BOOT)
    expect(data_of(page, "a")).to_have_text("data 2.0000")
    expect(what_if(page, "a")).to_have_value("2")


def test_own_class_value_that_is_computed_says_why(playground: Page) -> None:
    page = playground
    open_ready(page)
    page.get_by_label("Expression").fill(OWN_CLASS)
    expect(page.get_by_role("region", name="Output")).to_contain_text("c 6.0", timeout=BOOT)
    field = what_if(page, "b")
    expect(field).to_be_disabled()
    expect(field).to_have_accessible_description(
        re.compile(r"b is not a number written in the code.*line 18")
    )


def test_what_if_a_leaf_had_another_value(playground: Page) -> None:
    page = playground
    page.goto("/?step=6")
    wait_for_python(page)
    x1 = page.get_by_role("spinbutton", name="x1")  # a name the program assigns a number
    expect(page.get_by_role("slider", name="x1")).to_be_visible()
    x1.fill("3")
    data = page.locator("#graph svg g[id='n0'] > text").nth(1)
    expect(data).to_have_text("data 3.0000")
    expect(page.locator("#step-count")).to_have_text("6 / 6")  # the step position stays
    expect_grads(page, {"n1": "0.1685"})  # w1.grad = x1 * (1 - o²): 3 * (1 - (-0.9713)²)
    page.get_by_role("slider", name="x1").focus()
    page.keyboard.press("ArrowRight")  # keyboard-operable
    expect(data).not_to_have_text("data 3.0000")
    link = page.get_by_role("button", name="Copy link")
    link.click()
    assert "values=" in page.url
    page.goto(page.url)  # the permalink keeps the value: the server draws it
    expect(page.locator("#graph svg g[id='n0'] > text").nth(1)).not_to_have_text("data 2.0000")
