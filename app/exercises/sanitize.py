"""The one allow-list of what an exercise's HTML may hold, and the sanitiser that applies it.

Whatever the Markdown parser and the TeX converter wrote goes through nh3 (Ammonia, an HTML5
parser's tree rebuilt from an allow-list) before it reaches a page: the parser already escapes
raw HTML and refuses `javascript:` links, and the converter's own output is read against the
same lists (app.exercises.tex), but the sanitiser is what makes "no script" hold whatever
either of them does. No `style`, no event handlers, no ids, no classes except a code block's
language; links leave with rel="noopener noreferrer".
"""

import re

import nh3

# What markdown-it writes for CommonMark, tables and strikethrough.
HTML_TAGS = frozenset(
    {"p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "em", "strong", "s", "code", "pre"}
    | {"blockquote", "ul", "ol", "li", "a", "img", "table", "thead", "tbody", "tr", "th", "td"}
)
HTML_ATTRIBUTES = {
    "a": frozenset({"href", "title"}),
    "img": frozenset({"src", "alt", "title"}),
    "ol": frozenset({"start"}),
    "code": frozenset({"class"}),  # language-python, from a fence's info string
}

# What latex2mathml 3.81 writes (read from its converter and command table); presentational
# MathML only. `href`, `style`, `class` and `id`, which \href, \style, \class and \cssId would
# write, are not here.
MATHML_TAGS = frozenset(
    {"math", "mrow", "mi", "mn", "mo", "mtext", "mspace", "mfrac", "msqrt", "mroot", "msub"}
    | {"msup", "msubsup", "munder", "mover", "munderover", "mtable", "mtr", "mtd", "mstyle"}
    | {"mpadded", "mphantom", "menclose"}
)
MATHML_ATTRIBUTES = frozenset(
    {"display", "mathvariant", "mathcolor", "mathbackground", "mathsize", "displaystyle"}
    | {"scriptlevel", "stretchy", "fence", "form", "separator", "lspace", "rspace", "minsize"}
    | {"maxsize", "movablelimits", "largeop", "symmetric", "accent", "accentunder"}
    | {"linethickness", "width", "height", "depth", "voffset", "linebreak", "notation"}
    | {"rowspacing", "columnspacing", "columnlines", "rowlines", "columnalign"}
)
URL_SCHEMES = frozenset({"http", "https", "mailto"})

_LANGUAGE = re.compile(r"language-[A-Za-z0-9_+-]{1,30}")
_PLAIN_VALUE = re.compile(r"[A-Za-z0-9#.%+ -]{0,60}")  # a length, a colour, a keyword


def _keep(element: str, attribute: str, value: str) -> str | None:
    """A MathML attribute keeps only a plain value; a code element only its language."""
    if element in MATHML_TAGS:
        return value if _PLAIN_VALUE.fullmatch(value) else None
    if element == "code":
        return value if _LANGUAGE.fullmatch(value) else None
    return value


_CLEANER = nh3.Cleaner(
    tags=set(HTML_TAGS | MATHML_TAGS),
    attributes={
        **{tag: set(names) for tag, names in HTML_ATTRIBUTES.items()},
        **{tag: set(MATHML_ATTRIBUTES) for tag in MATHML_TAGS},
    },
    attribute_filter=_keep,
    url_schemes=set(URL_SCHEMES),
    link_rel="noopener noreferrer",
    strip_comments=True,
)


def clean(html: str) -> str:
    """`html` with everything outside the allow-list removed (script and style with their
    content)."""
    return _CLEANER.clean(html)
