"""Screenshots of the page's main states for review (docs/screenshots.md lists them).

    .venv/bin/python scripts/screenshots.py [--base-url URL] [--out docs/screenshots]

Starts the app as the browser tests do (bench/servers.py) unless given a base URL, and drives
Debian's Chromium. These are for people to look at: tests assert positions, never pixels.
"""

import argparse
import contextlib
import sys
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import servers  # noqa: E402
from tests.programs import program  # noqa: E402

SIZES = [(1280, 800), (1440, 900), (1920, 1080), (768, 1024), (390, 844)]
BOOT_MS = 120_000
STEPS = 4  # the stepping view: a few steps into the default program


def ready(page: Page) -> None:
    expect(page.locator("#boot-status")).to_have_attribute("data-state", "ready", timeout=BOOT_MS)


def step(page: Page, n: int) -> None:
    for _ in range(n):
        page.get_by_role("button", name="Next step").click()
    expect(page.locator("#step-count")).to_contain_text(f"{n} /")


def shoot(page: Page, out: Path, name: str) -> None:
    page.screenshot(path=str(out / f"{name}.png"))
    print(out / f"{name}.png")


def stepping(page: Page, base: str, out: Path, size, theme: str) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{base}/")
    ready(page)
    step(page, STEPS)
    shoot(page, out, f"stepping-{size[0]}x{size[1]}-{theme}")


def inspector(page: Page, base: str, out: Path, size, name: str) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{base}/")
    ready(page)
    step(page, 3)
    page.locator("#graph svg g.node.value.current").click()
    expect(page.locator("#inspector")).to_be_visible()
    shoot(page, out, name)


def modes(page: Page, base: str, out: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{base}/")
    ready(page)
    page.get_by_role("button", name="Call _backward() yourself").click()
    page.get_by_role("button", name="Call _backward()", exact=True).click()
    shoot(page, out, "manual-1280x800")
    page.goto(f"{base}/")
    ready(page)
    page.get_by_role("button", name="Practice: predict each grad").click()
    expect(page.locator("#practice")).to_be_visible()
    shoot(page, out, "practice-1280x800")


def own_class(page: Page, base: str, out: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{base}/")
    ready(page)
    page.get_by_label("Expression").fill(program("own_class_descent"))
    expect(page.locator("#rule")).to_contain_text("first _backward() call", timeout=BOOT_MS)
    step(page, 3)
    shoot(page, out, "own-class-1280x800")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base-url", help="a running app; default: start one")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with contextlib.ExitStack() as stack:
        base = args.base_url or stack.enter_context(servers.playground())
        play = stack.enter_context(sync_playwright())
        browser = play.chromium.launch(
            executable_path=str(servers.CHROMIUM), args=servers.CHROMIUM_ARGS
        )
        for theme in ("light", "dark"):  # the Theme menu's "auto" follows the system's
            page = browser.new_page(color_scheme=theme)
            for size in SIZES:
                stepping(page, base, args.out, size, theme)
            page.close()
        page = browser.new_page()
        inspector(page, base, args.out, (1280, 800), "inspector-1280x800")
        inspector(page, base, args.out, (390, 844), "inspector-390x844")
        modes(page, base, args.out)
        own_class(page, base, args.out)
        browser.close()


if __name__ == "__main__":
    main()
