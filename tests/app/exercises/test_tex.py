"""TeX to MathML: what a prompt writes converts, what it should not write is an error in
words."""

import pytest

from app.exercises.sanitize import MATHML_ATTRIBUTES, MATHML_TAGS
from app.exercises.tex import MAX_DEPTH, TexError, to_mathml
from tests.app.exercises.markup import markup, text_of

COURSE_FORMULAS = [
    r"\frac{\partial L}{\partial a}",
    r"\frac{\partial L}{\partial a} = \frac{\partial L}{\partial c}"
    r" \cdot \frac{\partial c}{\partial a}",
    r"\tanh(x) = \frac{e^{2x} - 1}{e^{2x} + 1}",
    r"1 - \tanh^2 x",
    r"o = \tanh\left(\sum_i w_i x_i + b\right)",
    r"w \leftarrow w - \eta \, \frac{\partial L}{\partial w}",
    r"L = \tfrac{1}{2}\left((w_1 - 1)^2 + (w_2 - 5)^2\right)",
    r"\frac{f(x + h) - f(x - h)}{2h}",
    r"\begin{pmatrix} a & b \\ c & d \end{pmatrix}",
    r"\sqrt{x^2 + y^2} \approx 0.7071",
    r"a \mathrel{+}= b \times c",
    r"\text{out.grad} = 1",
    r"\texttt{a.grad}",
    r"\color{red} x \fbox{y} \hspace{1em} \boxed{z} \cancel{w} \vec{v} \hat{y}",
    r"\binom{n}{k} \overbrace{a+b}^{2} \underbrace{c}_{d} \xrightarrow{f}",
]


@pytest.mark.parametrize("tex", COURSE_FORMULAS)
def test_what_a_course_writes_converts_within_the_allow_list(tex):
    elements = markup(to_mathml(tex))
    assert elements[0][0] == "math"
    for tag, attrs in elements:
        assert tag in MATHML_TAGS
        assert set(attrs) - {"xmlns"} <= MATHML_ATTRIBUTES


def test_display_math_is_a_block():
    assert markup(to_mathml("x", display=True))[0][1]["display"] == "block"
    assert markup(to_mathml("x"))[0][1]["display"] == "inline"


def test_a_drawn_backslash_is_not_an_unknown_command():
    assert "mi" in to_mathml(r"\backslash x")


@pytest.mark.parametrize(
    ("tex", "says"),
    [
        (r"\frac", "misses its argument"),
        (r"\begin{matrix} a", r"\begin{...} has no \end"),
        (r"\left( x", r"\left has no \right"),
        (r"x_a_b", "write x_{a_b}"),
        (r"\nosuchthing x", r"unknown command \nosuchthing"),
        (r"\text{\nosuchthing}", r"unknown command \nosuchthing"),
        (r"{ x", "a { is never closed"),
        ("{" * (MAX_DEPTH + 1) + "}" * (MAX_DEPTH + 1), f"nest more than {MAX_DEPTH}"),
        (r"\cssId{x}{y}", r"unknown command \cssId"),
    ],
)
def test_what_cannot_be_shown_is_said(tex, says):
    with pytest.raises(TexError) as refused:
        to_mathml(tex)
    assert says in str(refused.value)


def test_escaped_braces_are_characters():
    assert text_of(to_mathml(r"\{ x \}")) == "{x}"
