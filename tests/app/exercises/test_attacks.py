"""A hostile teacher's file (or a teacher pasting from anywhere): nothing in a prompt or a hint
reaches the page as markup. Raw HTML is shown as text, links keep only safe schemes, and TeX
that would write a link, a style or HTML is refused with its line. Enormous input is refused
at once, before it is parsed.
"""

import time
from pathlib import Path

import pytest

from app.exercises.exercise import MAX_BYTES, read_exercise
from app.exercises.problems import InvalidExercise
from tests.app.exercises.markup import exercise_text, foreign_markup, markup, parsed, text_of

MARKDOWN_ATTACKS = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    '<div onclick="alert(1)">hi</div>',
    "<iframe src=https://example.com></iframe>",
    "<style>body { display: none }</style>",
    "<!-- a comment --><b>bold</b>",
    '<a href="javascript:alert(1)">x</a>',
    '<svg onload="alert(1)"><a xlink:href="javascript:alert(1)">x</a></svg>',
    '<math href="javascript:alert(1)"><mi xlink:href="javascript:alert(1)">x</mi></math>',
    "[click](javascript:alert(1))",
    "[click](JaVaScRiPt:alert(1))",
    "[click](java&#x09;script:alert(1))",
    "[click](&#106;avascript:alert(1))",
    "<javascript:alert(1)>",
    "![x](javascript:alert(1))",
    "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
    "[x](vbscript:msgbox(1))",
    '[x](https://example.com "a" onmouseover="alert(1)")',
    "`<script>alert(1)</script>`",
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "<<script>script>alert(1)<</script>/script>",
    "$x$<script>alert(1)</script>$y$",
]


@pytest.mark.parametrize("attack", MARKDOWN_ATTACKS)
def test_a_prompts_markup_never_reaches_the_page(attack):
    found = parsed(exercise_text(prompt=f"Before {attack} after."))
    assert foreign_markup(found.prompt_html) == [], found.prompt_html
    assert "after." in text_of(found.prompt_html)  # the rest of the prompt is still shown


@pytest.mark.parametrize("attack", MARKDOWN_ATTACKS)
def test_a_hints_markup_never_reaches_the_page(attack):
    found = parsed(exercise_text(hints=("First.", f"Second {attack} end.")))
    assert foreign_markup(found.hints_html[1]) == [], found.hints_html[1]
    assert "end." in text_of(found.hints_html[1])


def test_raw_html_is_shown_as_typed():
    found = parsed(exercise_text(prompt="Never <script>alert(1)</script> here."))
    assert "<script>alert(1)</script>" in text_of(found.prompt_html)
    assert [tag for tag, _ in markup(found.prompt_html)] == ["p"]


def test_links_keep_safe_schemes_and_leave_without_opener():
    found = parsed(exercise_text(prompt="[docs](https://example.com/a) and [mail](mailto:a@b.c)"))
    links = [attrs for tag, attrs in markup(found.prompt_html) if tag == "a"]
    assert [a["href"] for a in links] == ["https://example.com/a", "mailto:a@b.c"]
    assert {a["rel"] for a in links} == {"noopener noreferrer"}


@pytest.mark.parametrize(
    ("tex", "says"),
    [
        (r"\href{javascript:alert(1)}{x}", r"\href is not allowed"),
        (r"\href{https://example.com}{x}", r"\href is not allowed"),
        (r"\style{color:red}{x}", r"\style is not allowed"),
        (r"\class{evil}{x}", r"\class is not allowed"),
        (r"\text{<script>alert(1)</script>}", "reads as HTML"),
        (r"\text{<img src=x onerror=alert(1)>}", "reads as HTML"),
        (r"\text{</mtext></math><img src=x onerror=alert(1)>}", "reads as HTML"),
        (r"\mbox{<svg onload=alert(1)>}", "reads as HTML"),
        (r"\text{<!-- x -->}", "reads as HTML"),
        (r"\fracc{a}{b}", r"unknown command \fracc"),
        (r"\frac{a}{b", "never closed"),
        (r"a}", "closes no {"),
        ("{" * 31 + "x" + "}" * 31, "nest more than 30"),
        (r"x^a^b", "two superscripts"),
        ("x" * 2001, "at most 2,000"),
    ],
)
@pytest.mark.parametrize("where", ["prompt", "hint"])
def test_tex_that_would_write_markup_or_cannot_be_read_is_refused_at_its_line(tex, says, where):
    prompt, hints = (f"Line one.\nSee ${tex}$.", ("A hint.",))
    if where == "hint":
        prompt, hints = "A prompt.", ("A hint.", f"See ${tex}$.")
    with pytest.raises(InvalidExercise) as refused:
        parsed(exercise_text(prompt=prompt, hints=hints))
    (problem,) = refused.value.problems
    assert says in problem.message
    assert problem.line == (7 if where == "prompt" else 23)


@pytest.mark.parametrize(
    "tex",
    [
        r"\mathrm{<img src=x onerror=alert(1)>}",  # math mode: each character an operator
        r"\begin{matrix}<svg onload=alert(1)>\end{matrix}",
        r"{}^{<script>}",
        r"\text{a < b}",
        r"\text{&lt;script&gt;}",
        r"\operatorname{<b>}",
    ],
)
def test_tex_tricks_that_convert_come_out_as_math_only(tex):
    found = parsed(exercise_text(prompt=f"See $${tex}$$ and ${tex}$."))
    assert foreign_markup(found.prompt_html) == [], found.prompt_html
    assert [tag for tag, _ in markup(found.prompt_html)].count("math") == 2


def test_a_file_too_big_is_refused_before_it_is_read(tmp_path):
    path = Path(tmp_path, "huge.md")
    path.write_text(exercise_text(prompt="$x$ " * 2_500_000))  # 10 MB
    started = time.perf_counter()
    with pytest.raises(InvalidExercise) as refused:
        read_exercise(path)
    assert time.perf_counter() - started < 1
    (problem,) = refused.value.problems
    assert problem.line == 1 and f"at most {MAX_BYTES:,}" in problem.message


FILLERS = {
    "brackets": "[" * 60_000,
    "emphasis": "*a " * 20_000,
    "quotes": "> " * 30_000,
    "formulas": "$x$ " * 15_000,
    "long formulas": ("$" + "x" * 1990 + "$ ") * 30,
    "lists": "- " * 30_000,
    "backticks": "`" * 60_000,
    "entities": "&#x3C;" * 10_000,
}


@pytest.mark.parametrize("filler", FILLERS.values(), ids=FILLERS.keys())
def test_the_largest_file_allowed_is_read_quickly_and_safely(filler):
    """Read in time; then either shown safely or refused with its line."""
    text = exercise_text(prompt=filler[: MAX_BYTES - 400])
    started = time.perf_counter()
    try:
        html = parsed(text).prompt_html
    except InvalidExercise as refused:
        assert all(p.line >= 1 and p.message for p in refused.problems)
    else:
        assert foreign_markup(html) == []
    assert time.perf_counter() - started < 5
