"""Markdown with math: `$` found by the parser, so code stays code and money stays money;
each bad formula said at its own line."""

from app.exercises import markdown
from tests.app.exercises.markup import markup, text_of


def html_of(text: str) -> tuple[str, list[tuple[int, str]]]:
    tokens = markdown.parse(text)
    problems: list[tuple[int, str]] = []
    markdown.convert_math(tokens, lambda line, message: problems.append((line, message)))
    return markdown.render(tokens), problems


def tags(html: str) -> list[str]:
    return [tag for tag, _ in markup(html)]


def test_inline_and_display_math_become_mathml():
    html, problems = html_of("The grad $\\frac{\\partial L}{\\partial a}$ is\n\n$$a + b$$\n")
    assert problems == []
    maths = [attrs for tag, attrs in markup(html) if tag == "math"]
    assert maths == [{"display": "inline"}, {"display": "block"}]
    assert "mfrac" in tags(html)


def test_math_inside_code_spans_and_blocks_stays_code():
    html, problems = html_of("Write `$x$` here.\n\n```python\ns = '$y$'\n```\n\n    $z$\n")
    assert problems == [] and "math" not in tags(html)
    assert text_of(html).count("$") == 6


def test_money_and_escaped_dollars_are_not_math():
    html, _ = html_of("It costs $5 and $10. A \\$ sign, $ spaced $.")
    assert "math" not in tags(html)
    assert "$5 and $10" in text_of(html)


def test_a_double_dollar_inside_a_paragraph_is_display_math():
    html, _ = html_of("so $$x^2$$ holds")
    assert [a for t, a in markup(html) if t == "math"] == [{"display": "block"}]


def test_each_bad_formula_is_said_at_its_line():
    text = "One $\\frac$ here,\nthen two $x^a^b$\nand\n\n$$\n\\left(\n$$\n"
    _, problems = html_of(text)
    assert [line for line, _ in problems] == [1, 2, 5]
    assert "$\\frac$ cannot be shown" in problems[0][1]


def test_too_many_formulas_is_one_problem_said_before_converting():
    _, problems = html_of("$x$ " * (markdown.MAX_FORMULAS + 1))
    assert problems == [(1, f"more than {markdown.MAX_FORMULAS} formulas in one exercise")]


def test_a_fence_keeps_its_language_and_a_table_its_cells_without_styles():
    html, _ = html_of("```python\nx = 1\n```\n\n| a | b |\n|--:|:--|\n| 1 | 2 |\n")
    assert ("code", {"class": "language-python"}) in markup(html)
    assert all("style" not in attrs for _, attrs in markup(html))
    assert tags(html).count("td") == 2
