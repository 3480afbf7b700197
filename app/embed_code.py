"""The code a course site pastes: the iframe of `/embed`, the auto-height script, an `<img>` of
`/graph.svg` and a Markdown link. Made here once; the oEmbed answer and the page's Embed dialog
(through GET /embed-code) both use it, so the two never disagree.
"""

import json
from dataclasses import dataclass, replace
from urllib.parse import parse_qsl, urlencode, urlsplit

from app.page_data import program_query
from app.page_options import SPEEDS, PageOptions, page_options
from app.titles import named
from engine.record.tracing import DEFAULT_SPEED

EMBED_PATHS = ("/", "/embed")  # the pages a shared link may point at
WIDTH = 720  # px: the width the frame heights below were chosen for
# px: tall enough that nothing scrolls at WIDTH with the neuron; /embed.js then fits the content.
HEIGHT_EDITOR = 680
HEIGHT_GRAPH = 520
HEIGHT_PICTURE = 420  # no editor, no controls: the graph at the end of the pass
HEIGHT_EXERCISE = 1100  # an exercise: its prompt and checks above the editor
# A Python program runs only in the reader's browser: an image made on the server cannot show it.
PYTHON_IMAGE_NOTE = (
    "This program is Python: it runs in the reader's browser, so no image of its graph can be "
    "made on the server. Embed it with the HTML above, or download the SVG made in this page."
)


@dataclass(frozen=True)
class EmbedCode:
    title: str
    embed_url: str
    page_url: str
    image_url: str  # /graph.svg
    thumbnail_url: str  # /graph.png
    width: int
    height: int
    iframe: str
    script: str
    image: str  # "" for a Python program (image_note says why)
    markdown: str
    image_note: str = ""

    def to_json(self) -> dict[str, str | int]:
        return dict(self.__dict__)


def options_from_url(url: str) -> PageOptions | None:
    """The embed options of a playground URL (of `/` or `/embed`, on any host), or None."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https", "") or (parts.path or "/") not in EMBED_PATHS:
        return None
    return page_options(dict(parse_qsl(parts.query)), embed=True)


def frame_height(options: PageOptions) -> int:
    if options.exercise:
        return HEIGHT_EXERCISE
    if options.editor:
        return HEIGHT_EDITOR
    return HEIGHT_GRAPH if options.controls else HEIGHT_PICTURE


def embed_query(options: PageOptions) -> str:
    """The `/embed` query: the program (or the exercise), then each option that is not its
    default."""
    defaults = PageOptions(embed=True)
    if options.exercise:  # its starter, editor and controls come with it
        params = {"exercise": options.exercise}
        if options.theme != defaults.theme:
            params["theme"] = options.theme
        return urlencode(params)
    params = dict(parse_qsl(program_query(options.source, options.mode, options.step)))
    for name, value in (("controls", options.controls), ("editor", options.editor)):
        if value != getattr(defaults, name):
            params[name] = "1" if value else "0"
    if options.theme != defaults.theme:
        params["theme"] = options.theme
    if options.speed in dict(SPEEDS).values() and options.speed != DEFAULT_SPEED:
        params["speed"] = str(options.speed)
    for name in ("autoplay", "forward", "practice", "manual"):  # off by default
        if getattr(options, name):
            params[name] = "1"
    if options.values:  # what-if numbers, written as the permalink writes them
        params["values"] = json.dumps(dict(options.values), separators=(",", ":"))
    if options.rate is not None:  # gradient descent's fields
        params["rate"] = repr(options.rate)
    if options.steps is not None:
        params["steps"] = str(options.steps)
    if options.params:
        params["params"] = ",".join(options.params)
    if options.graph is not None:  # a Python program's "Graph of"
        params["graph"] = str(options.graph)
    return urlencode(params)


def _url(base: str, path: str, query: str) -> str:
    return f"{base}{path}?{query}" if query else f"{base}{path}"


def embed_code(
    base: str, options: PageOptions, width: str = "100%", height: int | None = None
) -> EmbedCode:
    """`base`: the server's origin (and path prefix), no trailing slash. `width`: the iframe's
    width attribute ("100%" follows the column it is pasted into); `height` in px."""
    options = replace(options, embed=True)
    program = named(options.source)  # the one parse of the program here
    name = program.name or "the program"
    title = program.title
    embed_url = _url(base, "/embed", embed_query(options))
    page_url = _url(base, "/", program_query(options.source, options.mode, options.step))
    if options.exercise:
        title, name = f"Exercise: {options.exercise}", "the exercise"
        page_url = f"{base}/learn/{options.exercise}"
    image_query = program_query(options.source, options.mode, options.step)
    image_url = _url(base, "/graph.svg", image_query)
    thumbnail_url = _url(base, "/graph.png", image_query)
    height = height or frame_height(options)
    iframe = (
        f'<iframe src="{escape(embed_url)}" title="{escape(title)}" '
        f'width="{escape(width)}" height="{height}" loading="lazy" '
        f'style="border: 0"></iframe>'
    )
    script = f'<script src="{escape(base)}/embed.js" async></script>'
    alt = f"Computation graph of {name}, with each value's data and grad"
    image = f'<img src="{escape(image_url)}" alt="{escape(alt)}">'
    markdown = f"[![{_md(alt)}]({image_url})]({page_url})"
    note = ""
    if program.python or options.exercise:  # /graph.svg answers a picture of the note
        image, markdown, note = "", "", PYTHON_IMAGE_NOTE
    return EmbedCode(
        title, embed_url, page_url, image_url, thumbnail_url, WIDTH, height,
        iframe, script, image, markdown, note,
    )  # fmt: skip


def escape(text: str) -> str:
    """Text for a double-quoted HTML attribute: readable when pasted (an apostrophe stays)."""
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def _md(text: str) -> str:
    """Text for a Markdown link's brackets: brackets and backslashes escaped."""
    return text.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")
