"""An exercise's Markdown read once into tokens (markdown-it-py, CommonMark with tables and
strikethrough), its `$…$` and `$$…$$` turned into MathML, and any run of its tokens written as
sanitised HTML.

Raw HTML is off: `<script>` in a prompt is text, shown as typed. Math is found by the parser
(mdit-py-plugins' dollarmath, Pandoc's rules: `$` hugs its formula, `$5` is money), so `$` in a
code span or a code block stays code. The formulas are converted before anything is written,
each at its line, so that a teacher reads every bad formula of a file at once.
"""

from collections.abc import Callable, Iterator, Sequence

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.token import Token
from mdit_py_plugins.dollarmath import dollarmath_plugin

from app.exercises import sanitize, tex

MATH = {"math_inline": False, "math_inline_double": True, "math_block": True}  # type: display
MAX_FORMULAS = 200  # in one file: a long prompt has a few dozen
MAX_TEX = 20_000  # characters of TeX in one file, all formulas together
_BREAKS = {"softbreak", "hardbreak"}


def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    md.enable(["table", "strikethrough"])
    dollarmath_plugin(
        md,
        allow_labels=False,  # a label writes an id and a link: not in an exercise
        allow_space=False,
        allow_digits=False,
        allow_blank_lines=False,
        double_inline=True,
    )
    for kind in MATH:
        md.add_render_rule(kind, _render_math)
    return md


def _render_math(self, tokens: Sequence[Token], idx: int, options, env) -> str:
    """The formula's MathML; its TeX as text if it was never converted."""
    token = tokens[idx]
    return token.meta.get("mathml", escapeHtml(token.content))


MARKDOWN = _markdown()


def parse(text: str) -> list[Token]:
    """The block tokens; line numbers (`token.map`) count from 0 at the first line of `text`."""
    return MARKDOWN.parse(text)


def convert_math(tokens: Sequence[Token], problem: Callable[[int, str], None]) -> None:
    """Each formula's MathML into its token's meta; a formula that cannot be converted is
    `problem(line, message)`, with its 1-based line. Too many formulas, or too much TeX, is
    one problem, found before any is converted."""
    formulas = list(_formulas(tokens))
    if len(formulas) > MAX_FORMULAS:
        problem(formulas[MAX_FORMULAS][1], f"more than {MAX_FORMULAS} formulas in one exercise")
        return
    if sum(len(token.content) for token, _ in formulas) > MAX_TEX:
        problem(formulas[0][1], f"more than {MAX_TEX:,} characters of TeX in one exercise")
        return
    for token, line in formulas:
        _convert(token, line, problem)


def _formulas(tokens: Sequence[Token]) -> Iterator[tuple[Token, int]]:
    """Each formula's token with its 1-based line."""
    for token in tokens:
        if token.type in MATH:
            yield token, token.map[0] + 1 if token.map else 1
        if token.type == "inline" and token.children:
            line = token.map[0] + 1 if token.map else 1
            for child in token.children:
                if child.type in MATH:
                    yield child, line
                    line += child.content.count("\n")
                elif child.type in _BREAKS:
                    line += 1


def _convert(token: Token, line: int, problem: Callable[[int, str], None]) -> None:
    try:
        token.meta["mathml"] = tex.to_mathml(token.content.strip(), display=MATH[token.type])
    except tex.TexError as exc:
        token.meta["mathml"] = ""
        problem(line, f"the formula ${_short(token.content)}$ cannot be shown: {exc}")


def _short(content: str) -> str:
    flat = " ".join(content.split())
    return flat if len(flat) <= 40 else flat[:37] + "..."


def render(tokens: Sequence[Token]) -> str:
    """Tokens (after convert_math) as HTML, sanitised."""
    return sanitize.clean(MARKDOWN.renderer.render(list(tokens), MARKDOWN.options, {}))
