"""The learner's text is never lost (static/js/editor/drafts.js, draft-keeper.js): the program is
kept
in this browser as it is typed, per page and link, and comes back after a reload with the link's
program one click away; typing while the code editor loads is kept in order; a program too long
for a link says so beside the editor; a preset can be undone from the page; blocked storage
changes nothing but a note."""

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from app.presets import DEFAULT_SOURCE
from tests.browser.playground_page import code_editor, load_preset_over, wait_for_python
from tests.browser.test_a11y import AXE

LINK = "x = 2.0\ny = x * x"
BLOCK_STORAGE = """
Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
});
"""

FULL_STORAGE = """
const setItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (key.startsWith("autograd-playground.draft")) {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  }
  return setItem.call(this, key, value);
};
"""


def expression(page: Page):
    return page.get_by_role("textbox", name="Expression")


def test_keystrokes_typed_as_the_page_opens_are_kept_in_order(playground: Page) -> None:
    page = playground
    # The page's script is held back until the learner has started typing, as on a slow
    # connection: their keystrokes then span the script's start and the swap to CodeMirror.
    held: list[Route] = []
    page.route(re.compile(r"/js/(bundle/)?main\.js$"), lambda route: held.append(route))
    page.goto("/", wait_until="commit")
    textarea = page.locator("#expression")
    textarea.focus()  # as soon as the textarea exists
    page.keyboard.press("Control+End")
    first, then = "\n# typed while the page loads: ", "0123456789 abcdefghijklmnopqrstuvwxyz"
    page.keyboard.type(first, delay=10)
    assert held, "the page's script came before the learner typed"
    for route in held:
        route.continue_()
    page.keyboard.type(then, delay=25)  # ~1 s: the script starts, then CodeMirror takes over
    expect(page.locator(".cm-content")).to_be_visible()
    page.keyboard.type(" end")  # the cursor stayed where the learner left it
    expect(textarea).to_have_value(DEFAULT_SOURCE + first + then + " end")


def test_a_reload_just_after_a_keystroke_keeps_it(playground: Page) -> None:
    page = playground
    box = code_editor(page)
    # Over 2,000 characters: the editor reports an edit 300 ms after the last keystroke.
    program = "\n".join(f"v{i} = {i}.0" for i in range(200)) + "\nb = v1 * 3.0"
    box.fill(program)
    page.keyboard.press("Control+End")
    page.keyboard.type("1")
    page.reload()  # well within the editor's 300 ms (and the URL's)
    expect(page.locator("#expression")).to_have_value(program + "1")
    expect(page.locator("#draft-say")).to_contain_text("draft")


def test_a_long_program_survives_a_reload_and_says_it_is_too_long_for_a_link(
    playground: Page,
) -> None:
    page = playground
    program = "\n".join(f"v{i} = {i}.0" for i in range(9000))
    assert len(program.encode()) > 98 * 1024
    box = code_editor(page)
    box.fill(program)
    note = page.locator(".editor-panel #keep-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("too long for a link")
    page.reload()
    expect(page.locator("#expression")).to_have_value(program)
    expect(note).to_be_visible()
    expect(note).to_contain_text("too long for a link")
    page.get_by_role("button", name="Copy link").click()
    expect(page.locator("#status")).to_contain_text("too long for a link")


def test_the_links_program_is_one_click_away_after_a_draft_is_restored(playground: Page) -> None:
    page = playground
    box = code_editor(page, f"/?src={quote(LINK)}")
    wait_for_python(page)  # the URL follows the program once it has run
    draft = LINK + " + 1.0"
    box.fill(draft)
    expect(page).to_have_url(re.compile(re.escape(quote(" + 1.0", safe="").replace("%20", "+"))))
    page.reload()  # the URL holds the draft now; the draft still knows the link's program
    say = page.locator("#draft-say")
    expect(page.locator("#expression")).to_have_value(draft)
    expect(say).to_contain_text("draft")
    use_link = page.get_by_role("button", name="Use the link's program")
    use_link.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#expression")).to_have_value(LINK)
    back = page.get_by_role("button", name="Back to my draft")
    expect(back).to_be_focused()  # the same button: a second Enter goes back
    page.keyboard.press("Enter")
    expect(page.locator("#expression")).to_have_value(draft)


def test_a_draft_equal_to_the_links_program_is_no_draft(playground: Page) -> None:
    page = playground
    box = code_editor(page, f"/?src={quote(LINK)}")
    box.fill(LINK + " + 1.0")
    box.fill(LINK)
    page.reload()
    expect(page.locator(".cm-content")).to_be_visible()
    expect(page.locator("#expression")).to_have_value(LINK)
    expect(page.locator("#draft-say")).to_be_empty()
    expect(page.get_by_role("button", name="Use the link's program")).to_have_count(0)


def test_a_preset_can_be_undone_from_the_page(playground: Page) -> None:
    page = playground
    box = load_preset_over(page, "y = 7.0 * 6.0")
    expect(page.locator("#draft-say")).to_contain_text("Loaded")
    page.keyboard.press("Tab")  # from "Load", the next stop is the way back
    expect(page.get_by_role("button", name="Undo")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#expression")).to_have_value("y = 7.0 * 6.0")
    expect(box).to_be_focused()  # back where the learner types
    page.reload()  # a preset is not the learner's text: the draft is what they typed
    expect(page.locator("#expression")).to_have_value("y = 7.0 * 6.0")


def test_two_embeds_on_one_page_keep_separate_drafts(playground: Page, base_url: str) -> None:
    page = playground
    programs = ["p = 1.0\nq = p * 2.0", "r = 3.0\ns = r + 4.0"]
    frames = "".join(
        f'<iframe title="embed {i}" src="/embed?src={quote(src)}" width="900" height="700">'
        "</iframe>"
        for i, src in enumerate(programs)
    )
    course = f'<!doctype html><link rel="icon" href="data:,"><title>Course</title>{frames}'
    page.route(
        f"{base_url}/course", lambda route: route.fulfill(body=course, content_type="text/html")
    )
    page.goto("/course")  # a course page of the same site, two embeds on it
    for i, src in enumerate(programs):
        frame = page.frame_locator(f'iframe[title="embed {i}"]')
        expect(frame.locator(".cm-content")).to_be_visible()
        frame.get_by_role("textbox", name="Expression").fill(src + f"\nt{i} = 5.0")
    page.reload()
    for i, src in enumerate(programs):
        frame = page.frame_locator(f'iframe[title="embed {i}"]')
        expect(frame.locator("#expression")).to_have_value(src + f"\nt{i} = 5.0")
        expect(frame.get_by_role("button", name="Use the link's program")).to_be_visible()


def test_blocked_storage_still_works_and_says_the_draft_is_not_kept(playground: Page) -> None:
    page = playground
    page.add_init_script(BLOCK_STORAGE)
    box = code_editor(page)
    wait_for_python(page)
    box.fill("z = 3.0 * 2.0")
    expect(page.locator("#keep-note")).to_contain_text("could not be kept")
    expect(page.locator("#graph")).to_contain_text("6.0000")  # it still runs and draws
    expect(page).to_have_url(re.compile(r"src=z"))
    page.reload()
    expect(page.locator("#expression")).to_have_value("z = 3.0 * 2.0")


def test_past_the_quota_the_note_says_the_draft_could_not_be_kept(playground: Page) -> None:
    page = playground
    page.add_init_script(FULL_STORAGE)
    box = code_editor(page)
    box.fill("z = 3.0 * 2.0")
    expect(page.locator("#keep-note")).to_contain_text("could not be kept")
    expect(page.locator("#keep-note")).to_contain_text("full")


def test_what_a_program_prints_is_never_stored(playground: Page) -> None:
    page = playground
    box = code_editor(page)
    wait_for_python(page)
    box.fill('print("SECRET" + "-OUTPUT")\nx = 1.0\ny = x * 2.0')
    expect(page.get_by_role("region", name="Output")).to_contain_text("SECRET-OUTPUT")
    page.reload()
    stored = page.evaluate("() => Object.values(localStorage).join('\\n')")
    assert "SECRET" in stored  # the program itself is kept
    assert "SECRET-OUTPUT" not in stored


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_notices_pass_axe_in_both_themes(browser: Browser, base_url: str, theme: str) -> None:
    context = browser.new_context(bypass_csp=True, base_url=base_url, color_scheme=theme)
    try:
        page = context.new_page()
        box = code_editor(page, f"/?src={quote(LINK)}")
        program = "\n".join(f"v{i} = {i}.0" for i in range(9000))  # too long for a link
        box.fill(program)
        page.reload()
        expect(page.get_by_role("button", name="Use the link's program")).to_be_visible()
        expect(page.locator("#keep-note")).to_be_visible()
        page.add_script_tag(path=str(AXE))
        found = page.evaluate(
            """async () => (await axe.run({include: [[".draft-notice"], ["#keep-note"]]},
                {resultTypes: ["violations"]}))
              .violations.map((v) => ({id: v.id, impact: v.impact}))"""
        )
        assert found == []
    finally:
        context.close()
