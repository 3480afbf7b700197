"""The playground page as the browser tests drive it: how long to wait, opening it (and waiting
for Python), stepping it, running descent on LOSS, and the grads it shows, against the engine's
own trace of the same program (the oracle).

Waits are on locators only: under the page's CSP Playwright's wait_for_function (eval) fails.
"""

from urllib.parse import urlencode

from playwright.sync_api import FrameLocator, Locator, Page, expect

import engine
from engine.numeric import format_number
from engine.record.graph_record import grad_texts_at

BOOT = 60_000  # ms: Pyodide takes 3-10 s to start in headless Chromium, more on a busy machine
LAYOUT = 60_000  # ms: the MLP preset's layout in Graphviz WASM
LOSS = "w1 = 2.0\nw2 = 3.0\nloss = ((w1 - 1)**2 + (w2 - 5)**2) * 0.5"


def trace_of(source: str, mode: str = "correct") -> dict:
    return engine.trace(engine.parse(source), mode)


def shown(x: float | str) -> str:
    """A grad as the page prints it (non-finite values come as text already)."""
    return x if isinstance(x, str) else format_number(x)


def drawn_grads(record: dict, position: int) -> dict[str, str]:
    """The grad texts the graph shows once the first `position` backward steps have run: a
    constant is drawn with its number only, no grad."""
    constants = {n["id"] for n in record["nodes"] if n["constant"]}
    texts = grad_texts_at(record, position)
    return {uid: text for uid, text in texts.items() if uid not in constants}


def expect_grads(page: Page, texts: dict[str, str]) -> None:
    for node_id, text in texts.items():
        group = page.locator(f"#graph svg g[id='{node_id}']")
        if "constant" in (group.get_attribute("class") or "").split():
            expect(group.locator("> text")).to_have_count(1)  # its number: no grad to show
            continue
        # Each value's record has three <text>s (label, data, grad); grad is the last.
        expect(group.locator("> text").last).to_have_text(f"grad {text}")


def step_count(page: Page):
    return page.locator("#step-count")


def open_page(page: Page, **query: str | int) -> None:
    page.goto("/" + (f"?{urlencode(query)}" if query else ""))
    expect(page.locator("#graph svg")).to_be_visible()


RUNTIME = "**/pyodide.asm.wasm"  # the runtime's download, the biggest of Python's boot


def block_runtime(page: Page, blocked: str) -> str:
    """Make the runtime's download fail (`blocked` "abort") or hang ("never answer") until
    page.unroute(RUNTIME); the cause the boot status must tell."""
    held = []  # the hung requests, never answered

    def block(route) -> None:
        if blocked == "abort":
            route.abort()
        else:
            held.append(route)

    page.route(RUNTIME, block)
    return "no answer within 2 s" if blocked == "never answer" else "the request failed"


def code_editor(page: Page, url: str = "/") -> Locator:
    """Open `url` and wait for the code editor (CodeMirror); the box a learner types in."""
    page.goto(url)
    expect(page.locator(".cm-content")).to_be_visible()
    return page.get_by_role("textbox", name="Expression")


def load_preset_over(page: Page, typed: str) -> Locator:
    """The learner types `typed`, then loads a preset over it (their text is gone); the box."""
    box = code_editor(page)
    box.fill(typed)
    page.get_by_label("Presets").select_option(index=3)  # "A value used twice"
    page.get_by_role("button", name="Load example").click()
    expect(page.locator("#expression")).not_to_have_value(typed)
    return box


def wait_for_python(page: Page) -> None:
    expect(page.locator("#boot-status")).to_have_attribute("data-state", "ready", timeout=BOOT)


def open_ready(page: Page, **query: str | int) -> None:
    page.goto("/" + (f"?{urlencode(query)}" if query else ""))
    wait_for_python(page)


def descend_loss(page: Page) -> Locator:
    """The page opened on LOSS with Python ready, then ten descent steps run at rate 0.5: the
    Loss history table, once its ten rows show."""
    open_ready(page, src=LOSS)
    region = page.get_by_role("region", name="Gradient descent")
    region.get_by_label("Learning rate").fill("0.5")
    region.get_by_label("Steps").fill("10")
    region.get_by_role("button", name="Run descent").click()
    history = page.get_by_role("table", name="Loss history")
    expect(history.locator("tbody tr")).to_have_count(10, timeout=BOOT)
    return history


def step(page: Page, n: int) -> None:
    count = page.locator("#step-count")
    for _ in range(n):
        before = count.inner_text()
        page.get_by_role("button", name="Next step").click()
        expect(count).not_to_have_text(before)


def replace_code(page: Page, scope: Page | FrameLocator, code: str) -> None:
    """Select all in the editor and paste `code`, as a learner does (fill() raced once with
    CodeMirror). `scope`: the page, or the frame the editor is in."""
    scope.get_by_label("Expression").focus()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.insert_text(code)
