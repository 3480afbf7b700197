"""micrograd's two-moons demo in Chromium: training in the worker lowers the loss, draws the
decision boundary, and a pause stops it between two steps."""

from playwright.sync_api import Page, expect

from engine.worker.moons import GRID_EVERY
from tests.browser.playground_page import BOOT, wait_for_python

STEP = 30_000  # ms: a hang ceiling for one training step in Pyodide on a busy machine


def test_training_lowers_the_loss_and_pauses(playground: Page) -> None:
    page = playground
    page.goto("/")
    wait_for_python(page)
    region = page.get_by_role("region", name="Two moons")
    region.get_by_role("button", name="Train on two moons").click()
    boundary = region.get_by_role("img", name="Decision boundary after 0 steps", exact=False)
    expect(boundary).to_be_visible(timeout=BOOT)
    expect(boundary.locator("circle")).to_have_count(100)
    expect(boundary.locator("rect")).to_have_count(25 * 25)
    history = page.get_by_role("table", name="Training history")
    expect(history.locator("tbody tr").nth(5)).to_be_attached(timeout=6 * STEP)
    region.get_by_role("button", name="Pause training").click()
    # A hang ceiling, not a timing: the button answers at once, the loop at its next step.
    expect(region.get_by_role("button", name="Train on two moons")).to_be_visible(timeout=2_000)
    expect(page.locator("#moons-say")).to_contain_text("Training paused after step", timeout=STEP)
    rows = history.locator("tbody tr").count()
    page.wait_for_timeout(1_500)
    assert history.locator("tbody tr").count() == rows  # no step after the pause

    losses = [float(t) for t in history.locator("tbody td:nth-child(2)").all_inner_texts()]
    assert losses[4] < 0.5 * losses[0]  # 0.91 -> 0.39 with this seed
    first = history.locator("tbody tr").first
    expect(first.locator("th")).to_have_text("0")
    expect(first.locator("td").nth(1)).to_have_text("50%")  # the untrained model
    # The boundary is drawn every GRID_EVERY steps: the last one before the pause took effect
    # (a step may still have been under way when Pause was pressed).
    drawn = rows - rows % GRID_EVERY
    expect(
        region.get_by_role("img", name=f"Decision boundary after {drawn} steps", exact=False)
    ).to_be_visible()
    expect(region.get_by_role("img", name="Training loss", exact=False)).to_be_visible()
    accuracy = region.get_by_role("img", name="Accuracy", exact=False)
    label = accuracy.get_attribute("aria-label")
    assert label.startswith("Accuracy: 0.5 at step 0, ") and label.endswith(f"at step {rows - 1}")
    points = accuracy.locator("polyline").get_attribute("points")
    assert points.count(",") == rows

    region.get_by_role("button", name="Start over").click()
    expect(page.locator("#moons-say")).to_have_text(
        "A new model at step 0: press Train to train it.", timeout=STEP
    )
    expect(history).to_be_hidden()


def test_one_step_at_a_time(playground: Page) -> None:
    page = playground
    page.goto("/")
    wait_for_python(page)
    region = page.get_by_role("region", name="Two moons")
    step = region.get_by_role("button", name="Train one step")
    history = page.get_by_role("table", name="Training history")
    step.click()
    expect(history.locator("tbody tr")).to_have_count(1, timeout=2 * STEP)
    expect(page.locator("#moons-say")).to_have_text(
        "Step 0: loss 0.9146, accuracy 50%.", timeout=STEP
    )
    expect(page.locator("#status")).to_contain_text("Step 0: loss 0.9146")  # the live region
    step.click()
    expect(history.locator("tbody tr")).to_have_count(2, timeout=STEP)
    expect(page.locator("#moons-say")).to_contain_text("Step 1: loss ")
    page.wait_for_timeout(1_000)
    expect(history.locator("tbody tr")).to_have_count(2)  # one step per press, no more
    expect(region.get_by_role("button", name="Train on two moons")).to_be_visible()
