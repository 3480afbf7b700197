"""Where an element is on the screen: its box, and whether it is wholly on the first screen."""

from playwright.sync_api import Locator, Page


def box(locator: Locator) -> dict:
    found = locator.bounding_box()
    assert found is not None, f"{locator} has no box (hidden?)"
    return found


def assert_on_screen(page: Page, locator: Locator, what: str) -> None:
    """Wholly inside the viewport, with the page not scrolled."""
    size = page.viewport_size
    b = box(locator)
    assert b["x"] >= -0.5 and b["y"] >= -0.5, f"{what} starts off screen: {b}"
    right, bottom = b["x"] + b["width"], b["y"] + b["height"]
    assert right <= size["width"] + 0.5, f"{what} ends right of the screen: {b}"
    assert bottom <= size["height"] + 0.5, f"{what} ends below the screen ({size}): {b}"


def scroll_y(page: Page) -> float:
    return page.evaluate("() => window.scrollY")
