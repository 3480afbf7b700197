"""The body split: named blocks by their info string, the hints list, the prompt as the rest;
a name nearly right, a block out of place or a hints section holding more than its list is a
problem at its line."""

import pytest

from app.exercises import markdown
from app.exercises.body import block_name, split_body
from app.exercises.problems import Problems

BLOCKS = (
    "```python starter\na = 1\n```\n\n```check\ncheck(a)\n```\n\n```python solution\na = 2\n```\n"
)


def split(text: str):
    problems = Problems("ex.md")
    body = split_body(markdown.parse(text), problems)
    return body, [(p.line, p.message) for p in problems.found]


def test_blocks_hints_and_prompt_are_told_apart():
    body, problems = split(
        "Prompt.\n\n```python\nexample = 1\n```\n\n" + BLOCKS + "\n## Hints\n\n- One.\n- Two.\n"
    )
    assert problems == []
    assert {name: (b.code, b.line) for name, b in body.blocks.items()} == {
        "starter": ("a = 1\n", 8),
        "check": ("check(a)\n", 12),
        "solution": ("a = 2\n", 16),
    }
    assert len(body.hints) == 2
    prompt = markdown.render(body.prompt)
    assert "example = 1" in prompt and "a = 1" not in prompt and "One." not in prompt


@pytest.mark.parametrize(
    ("info", "name", "says"),
    [
        ("starter", "starter", None),
        ("python setup", "setup", None),
        ("python", None, None),
        ("js", None, None),
        ("python example", None, "unknown block 'example'"),
        ("checks", None, "did you mean check?"),
        ("py solution", None, "`python solution` or `solution`"),
    ],
)
def test_a_fences_name(info, name, says):
    problems = Problems("ex.md")
    assert block_name(info, 3, problems) == name
    assert [p.message for p in problems.found if says and says in p.message] or not says
    assert bool(problems.found) == bool(says)


def test_a_missing_block_is_named():
    _, problems = split("Prompt.\n\n```python starter\na = 1\n```\n")
    assert problems == [(1, "no check block (a fence: ```python check)"),
                        (1, "no solution block (a fence: ```python solution)")]  # fmt: skip


def test_a_second_block_of_a_name_is_a_problem():
    _, problems = split("Prompt.\n\n" + BLOCKS + "\n```python check\nx\n```\n")
    assert problems == [(15, "a second check block")]


def test_a_named_block_inside_a_list_is_a_problem():
    _, problems = split("Prompt.\n\n" + BLOCKS + "\n- a list\n\n  ```python setup\n  x\n  ```\n")
    assert problems == [(17, "the setup block must stand on its own, not in a list")]


def test_hints_are_one_list_under_a_level_two_heading():
    _, problems = split("Prompt.\n\n" + BLOCKS + "\n## Hints\n\nA paragraph.\n\n- One.\n")
    assert problems == [(17, "the Hints section holds one list, one item per hint")]
    _, problems = split("Prompt.\n\n" + BLOCKS + "\n### Hints\n\n- One.\n")
    assert problems == [(15, "hints go under a level-2 heading: ## Hints")]
    _, problems = split("Prompt.\n\n" + BLOCKS + "\n## Hints\n\n- One.\n\n## Hints\n\n- Two.\n")
    assert problems == [(19, "a second ## Hints section")]


def test_a_later_section_ends_the_hints_and_belongs_to_the_prompt():
    body, problems = split("Prompt.\n\n" + BLOCKS + "\n## Hints\n\n- One.\n\n## Notes\n\nMore.\n")
    assert problems == [] and len(body.hints) == 1
    assert "More." in markdown.render(body.prompt)


def test_a_hint_is_a_paragraph_even_in_a_tight_list_and_may_hold_code():
    body, _ = split("P.\n\n" + BLOCKS + "\n## Hints\n\n- One.\n- Two:\n\n  ```python\n  x\n  ```\n")
    assert [markdown.render(h) for h in body.hints] == [
        "<p>One.</p>\n",
        '<p>Two:</p>\n<pre><code class="language-python">x\n</code></pre>\n',
    ]


def test_an_empty_hint_is_a_problem():
    _, problems = split("Prompt.\n\n" + BLOCKS + "\n## Hints\n\n- One.\n-\n")
    assert problems == [(18, "hint 2 is empty")]
