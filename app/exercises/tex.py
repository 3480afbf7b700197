"""A formula of an exercise's prompt or hints, TeX → MathML (latex2mathml), which browsers
render natively: no script on the page, no font download, nothing to typeset after load.

A teacher's mistake is an error here, said in words, not a formula drawn wrong: unbalanced
braces, an unknown command (latex2mathml writes `\\fracc` out as text), a command whose output
is not presentational MathML (`\\href`, `\\style`, `\\class`) and text that the converter would
hand on as HTML (`\\text{a<b}`: it does not escape `<`). Long or deeply nested formulas are
refused before they are converted, so an enormous input fails at once.
"""

import re
from html.parser import HTMLParser

from latex2mathml.converter import convert

from app.exercises.sanitize import MATHML_ATTRIBUTES, MATHML_TAGS

MAX_LENGTH = 2000  # characters in one formula
MAX_DEPTH = 30  # braces inside braces

_WORDS = {
    "NumeratorNotFoundError": "a fraction has no numerator",
    "DenominatorNotFoundError": "a fraction has no denominator",
    "ExtraLeftOrMissingRightError": r"a \left has no \right",
    "MissingSuperScriptOrSubscriptError": "a ^ or _ has nothing after it",
    "DoubleSubscriptsError": "two subscripts in a row (x_a_b): write x_{a_b}",
    "DoubleSuperscriptsError": "two superscripts in a row (x^a^b): write x^{a^b}",
    "NoAvailableTokensError": "it ends too early: a command misses its argument",
    "MissingEndError": r"a \begin{...} has no \end{...}",
    "InvalidAlignmentError": "an alignment is not one of l, c, r",
    "InvalidWidthError": "a width is not a TeX length",
    "InvalidStyleForGenfracError": r"\genfrac's style is not 0 to 3",
    "LimitsMustFollowMathOperatorError": r"\limits must follow an operator such as \sum",
}
_COMMANDS_OF = {"href": r"\href", "style": r"\style", "class": r"\class"}
_UNKNOWN_COMMAND = re.compile(r"\\[A-Za-z]+")


class TexError(ValueError):
    """A formula that cannot be shown; the message says why, in the teacher's terms."""


def to_mathml(tex: str, display: bool = False) -> str:
    """`<math display="inline|block">…</math>`: still to be sanitised with the rest of the
    page's HTML (app.exercises.sanitize)."""
    if len(tex) > MAX_LENGTH:
        raise TexError(f"the formula is {len(tex):,} characters long; at most {MAX_LENGTH:,}")
    _check_braces(tex)
    try:
        mathml = convert(tex, display="block" if display else "inline")
    except RecursionError:
        raise TexError("the formula nests too deeply") from None
    except Exception as exc:  # latex2mathml's own errors, and its slips on odd input
        name = type(exc).__name__
        words = _WORDS.get(name) or f"latex2mathml cannot read it ({name}: {exc})"
        raise TexError(words) from None
    _MathMLReader(tex).read(mathml)
    return mathml


def _check_braces(tex: str) -> None:
    depth = 0
    for brace in re.findall(r"\\.|[{}]", tex):  # \{ and \} are characters, not groups
        if brace == "{":
            depth += 1
            if depth > MAX_DEPTH:
                raise TexError(f"braces nest more than {MAX_DEPTH} deep")
        elif brace == "}":
            depth -= 1
            if depth < 0:
                raise TexError("a } closes no {")
    if depth:
        raise TexError("a { is never closed")


class _MathMLReader(HTMLParser):
    """latex2mathml's output read back: presentational MathML, or a TexError saying what
    the formula asked for that an exercise may not hold."""

    def __init__(self, tex: str):
        super().__init__(convert_charrefs=False)  # &#x0005C; is a backslash drawn, not typed
        self.tex = tex

    def read(self, mathml: str) -> None:
        self.feed(mathml)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in MATHML_TAGS:
            raise TexError(
                f"<{tag}> in the formula reads as HTML: inside \\text{{}} write < and > "
                "with a space after them, or put them in math ($a < b$)"
            )
        for name, _ in attrs:
            if name not in MATHML_ATTRIBUTES and not (tag == "math" and name == "xmlns"):
                command = _COMMANDS_OF.get(name, f"a command writing {name}=")
                raise TexError(f"{command} is not allowed in an exercise's math")

    handle_startendtag = handle_starttag

    def handle_data(self, data: str) -> None:
        unknown = _UNKNOWN_COMMAND.search(data)
        if unknown:
            raise TexError(f"unknown command {unknown.group()}")

    def handle_comment(self, data: str) -> None:
        raise TexError("the formula holds <!-- -->, which reads as HTML")

    def handle_decl(self, decl: str) -> None:
        raise TexError("the formula holds <!...>, which reads as HTML")

    handle_pi = handle_decl
