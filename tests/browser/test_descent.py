"""Gradient descent (static/js/learn/descent.js), in Chromium: it reproduces the seeds' numbers,
the graph and the text saying the same; it goes step by step, pauses, and moves only the
parameters chosen."""

from playwright.sync_api import Page, expect

from tests.browser.playground_page import BOOT, LOSS, descend_loss, open_ready


def test_descent_reproduces_the_seed_numbers(playground: Page) -> None:
    page = playground
    history = descend_loss(page)
    losses = history.locator("tbody td")
    expect(losses.nth(0)).to_have_text("2.5000")
    expect(losses.nth(1)).to_have_text("0.6250")
    expect(losses.nth(2)).to_have_text("0.1562")
    expect(losses.nth(3)).to_have_text("0.0391")
    expect(page.locator("#descent-say")).to_contain_text("the loss went from 2.5000 to")
    expect(page.locator("#loss-plot")).to_be_visible()
    # The graph and the text say the same numbers: the parameters after ten updates.
    expect(page.locator("#descent-say")).to_contain_text("w1 is now 1.0010, w2 is now 4.9980")
    w1 = page.locator("#graph svg g.node.value", has_text="w1").first.locator("text").nth(1)
    w2 = page.locator("#graph svg g.node.value", has_text="w2").first.locator("text").nth(1)
    expect(w1).to_have_text("data 1.0010")
    expect(w2).to_have_text("data 4.9980")
    region = page.get_by_role("region", name="Gradient descent")
    region.get_by_label("Steps").fill("1")
    region.get_by_role("button", name="Run descent").click()  # one more starts there
    expect(history.locator("tbody tr")).to_have_count(11)
    expect(w1).to_have_text("data 1.0005")


def test_descent_single_steps_pause_and_chosen_parameters(playground: Page) -> None:
    page = playground
    open_ready(page, src=LOSS)
    region = page.get_by_role("region", name="Gradient descent")
    region.get_by_label("Learning rate").fill("0.5")
    history = page.get_by_role("table", name="Loss history")
    say = page.locator("#descent-say")
    step = region.get_by_role("button", name="Descent step")
    step.click()
    expect(history.locator("tbody tr")).to_have_count(1, timeout=BOOT)
    expect(history.locator("tbody td").nth(0)).to_have_text("2.5000")
    expect(say).to_have_text(
        "Descent step 0: the loss was 2.5000; w1 is now 1.5000, w2 is now 4.0000, "
        "where the loss is 0.6250 (on the graph)."
    )
    # A round rewrites the numbers on the graph already on screen: no new layout.
    page.locator("#graph > svg").evaluate("svg => svg.setAttribute('data-kept', '')")
    step.click()
    expect(history.locator("tbody td").nth(1)).to_have_text("0.6250")
    expect(page.locator("#graph > svg[data-kept]")).to_have_count(1)
    w1 = page.locator("#graph svg g.node.value", has_text="w1").first.locator("text").nth(1)
    expect(w1).to_have_text("data 1.2500")  # after two updates, as the text says
    expect(page.locator("#loss-plot")).to_have_attribute(
        "aria-label", "Loss by step: from 2.5 at step 0 to 0.625 at step 1"
    )

    # Run a long descent and pause it: the steps stop, and Run descent goes on from there.
    region.get_by_label("Steps").fill("1000")
    region.get_by_role("button", name="Run descent").click()
    pause = region.get_by_role("button", name="Pause descent")
    expect(history.locator("tbody tr").nth(6)).to_be_attached()
    pause.click()
    # A hang ceiling, not a timing: the button answers at once, the loop at its next step.
    expect(region.get_by_role("button", name="Run descent")).to_be_visible(timeout=2_000)
    expect(say).to_contain_text("Paused after", timeout=2_000)
    rows = history.locator("tbody tr").count()
    page.wait_for_timeout(500)
    assert history.locator("tbody tr").count() == rows < 1002
    assert page.locator("#loss-plot polyline").get_attribute("points").count(",") == rows

    # Only the parameters chosen move.
    region.get_by_text("Parameters (default: every named leaf)").click()
    region.get_by_role("checkbox", name="w1").uncheck()
    expect(region.get_by_role("checkbox", name="w2")).to_be_checked()
    step.click()
    expect(history.locator("tbody tr")).to_have_count(rows + 1)
    expect(say).to_contain_text("w2 is now")
    expect(say).not_to_contain_text("w1")
