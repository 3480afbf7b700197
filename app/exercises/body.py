"""An exercise's Markdown body split into what the page shows and what it runs: the named code
blocks (a fence whose info string is `starter`, `setup`, `check` or `solution`, or `python`
before one of them), the `## Hints` section's list, one hint per item, and the prompt —
everything else, in order.
"""

import difflib
from dataclasses import dataclass, field

from markdown_it.token import Token

from app.exercises.problems import Problems

NAMES = ("starter", "setup", "check", "solution")
REQUIRED = ("starter", "check", "solution")
HINTS = "Hints"
_LISTS = {"bullet_list_open", "ordered_list_open"}


@dataclass(frozen=True)
class Block:
    code: str
    line: int  # the file line of its first line of code


@dataclass
class Body:
    prompt: list[Token] = field(default_factory=list)
    hints: list[list[Token]] = field(default_factory=list)  # each item's tokens
    blocks: dict[str, Block] = field(default_factory=dict)


def block_name(info: str, line: int, problems: Problems) -> str | None:
    """The block a fence names, None for a code example of the prompt; a name that is
    nearly one (```` ```checks ````, ```` ```py solution ````) is a problem."""
    words = info.split()
    if len(words) == 1 and words[0] in NAMES:
        return words[0]
    if len(words) == 2 and words[0] == "python" and words[1] in NAMES:
        return words[1]
    if len(words) == 2 and words[1] in NAMES:
        problems.add(line, f"a named block's info string is `python {words[1]}` or `{words[1]}`")
    elif len(words) == 2 and words[0] == "python":
        problems.add(line, f"unknown block {words[1]!r}: {_known(words[1])}")
    elif len(words) == 1 and difflib.get_close_matches(words[0], NAMES, n=1, cutoff=0.8):
        problems.add(line, f"unknown block {words[0]!r}: {_known(words[0])}")
    return None


def _known(name: str) -> str:
    near = difflib.get_close_matches(name, NAMES, n=1)
    return (f"did you mean {near[0]}? " if near else "") + f"blocks are {', '.join(NAMES)}"


def split_body(tokens: list[Token], problems: Problems) -> Body:
    body = Body()
    section = "prompt"  # or "hints", or "again": a second Hints section, said once, skipped
    i = 0
    while i < len(tokens):
        token = tokens[i]
        line = token.map[0] + 1 if token.map else 1
        end = _close(tokens, i)
        if token.type == "heading_open" and token.level == 0:
            hints = tokens[i + 1].content.strip().lower() == HINTS.lower()
            if hints and token.tag != "h2":
                problems.add(line, f"hints go under a level-2 heading: ## {HINTS}")
            elif hints:
                if section == "hints" or body.hints:
                    problems.add(line, f"a second ## {HINTS} section")
                section = "again" if section == "hints" or body.hints else "hints"
                i = end
                continue
            elif token.tag in ("h1", "h2"):
                section = "prompt"
        _nested_blocks(tokens[i + 1 : end], problems)
        name = block_name(token.info, line, problems) if token.type == "fence" else None
        if name is not None and section == "prompt":
            if name in body.blocks:
                problems.add(line, f"a second {name} block")
            body.blocks.setdefault(name, Block(token.content, line + 1))
        elif name is not None:
            problems.add(line, f"the {name} block must stand on its own, not under ## {HINTS}")
        elif section == "hints" and token.type in _LISTS and not body.hints:
            body.hints = _items(tokens[i + 1 : end - 1])
        elif section == "hints":
            problems.add(line, f"the {HINTS} section holds one list, one item per hint")
        elif section == "prompt":
            body.prompt.extend(tokens[i:end])
        i = end
    for name in REQUIRED:
        if name not in body.blocks:
            problems.add(1, f"no {name} block (a fence: ```python {name})")
    for number, hint in enumerate(body.hints, start=1):
        if not any(t.content.strip() for t in hint):
            problems.add(_line(hint), f"hint {number} is empty")
    return body


def _nested_blocks(tokens: list[Token], problems: Problems) -> None:
    """A named block inside a list or a quote is a problem: blocks stand at the top."""
    for token in tokens:
        if token.type == "fence" and token.map:
            line = token.map[0] + 1
            if (name := block_name(token.info, line, problems)) is not None:
                problems.add(line, f"the {name} block must stand on its own, not in a list")


def _close(tokens: list[Token], i: int) -> int:
    """The index after the token that closes `tokens[i]` (a leaf closes itself)."""
    if tokens[i].nesting != 1:
        return i + 1
    depth = 0
    for j in range(i, len(tokens)):
        depth += tokens[j].nesting
        if depth == 0:
            return j + 1
    return len(tokens)


def _items(tokens: list[Token]) -> list[list[Token]]:
    """A list's items, each its content's tokens; paragraphs shown as paragraphs even in a
    tight list, so that a hint reads the same alone."""
    items = []
    i = 0
    while i < len(tokens):
        end = _close(tokens, i)
        content = tokens[i + 1 : end - 1]
        for t in content:
            if t.type in ("paragraph_open", "paragraph_close") and t.level == tokens[i].level + 1:
                t.hidden = False
        items.append(content or [tokens[i]])
        i = end
    return items


def _line(tokens: list[Token]) -> int:
    return next((t.map[0] + 1 for t in tokens if t.map), 1)
