"""The allow-list holds, whatever HTML reaches it: MathML without links or styles, code with
its language only, links with safe schemes and no opener."""

from app.exercises.sanitize import clean
from tests.app.exercises.markup import foreign_markup, markup


def test_mathml_keeps_its_presentation_and_loses_links_and_styles():
    html = clean(
        '<math display="block" href="javascript:alert(1)"><mi mathvariant="normal" '
        'xlink:href="javascript:alert(2)" style="color:red" class="x" id="y" onclick="z">x</mi>'
        "</math>"
    )
    assert markup(html) == [("math", {"display": "block"}), ("mi", {"mathvariant": "normal"})]


def test_a_mathml_value_that_is_not_plain_is_dropped():
    html = clean('<math><mstyle mathcolor="red" mathbackground="url(javascript:x)">a</mstyle>')
    assert markup(html)[1] == ("mstyle", {"mathcolor": "red"})


def test_script_and_style_go_with_their_content():
    assert clean("<p>a<script>alert(1)</script><style>p{}</style>b</p>") == "<p>ab</p>"


def test_frames_objects_and_forms_go():
    html = clean('<iframe src="x"></iframe><object data="x"></object><form><input></form>')
    assert markup(html) == []


def test_html_inside_mathml_text_is_removed():
    html = clean("<math><mtext><img src=x onerror=alert(1)><b>bold</b></mtext></math>")
    assert foreign_markup(html) == [] and "bold" in html


def test_code_keeps_a_language_class_only():
    html = clean('<pre><code class="language-python">x</code><code class="evil x">y</code></pre>')
    assert markup(html)[1:] == [("code", {"class": "language-python"}), ("code", {})]


def test_links_keep_safe_schemes_and_leave_without_opener():
    html = clean(
        '<a href="https://example.com" target="_blank">a</a><a href="javascript:alert(1)">b</a>'
        '<a href="/relative">c</a><img src="data:image/png;base64,AAAA" onerror="x">'
    )
    assert markup(html) == [
        ("a", {"href": "https://example.com", "rel": "noopener noreferrer"}),
        ("a", {"rel": "noopener noreferrer"}),
        ("a", {"href": "/relative", "rel": "noopener noreferrer"}),
        ("img", {}),
    ]


def test_comments_are_removed():
    assert clean("<p>a<!-- <script>x</script> -->b</p>") == "<p>ab</p>"
