"""The URL's options for a page (`/` and `/embed`), each checked: an unknown or out-of-range
value falls back to the default, never an error page (bad what-if values excepted: the routes
answer 400 with why)."""

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.exercises.front_matter import ID, MAX_ID
from app.presets import DEFAULT_SOURCE
from app.settings import run_limit
from app.what_if import read_values
from engine.record.tracing import DEFAULT_MODE, DEFAULT_SPEED, MODES
from engine.worker import whatif
from engine.worker.descent import MAX_DESCENT_STEPS

THEMES = ("light", "dark", "auto")
SPEEDS = (("0.5×", 2000), ("1×", 1000), ("2×", 500), ("4×", 250))  # label, ms per step
DESCENT = {"rate": 0.5, "steps": 10, "max_steps": MAX_DESCENT_STEPS}
RATE_MAX = 100.0  # the largest learning rate a URL may set

_FLAGS = {"1": True, "true": True, "yes": True, "on": True, "0": False, "false": False}
_FLAGS |= {"no": False, "off": False}
_INT = re.compile(r"[+-]?[0-9]{1,9}")


@dataclass(frozen=True)
class PageOptions:
    """The URL's options, each already checked: an unknown value falls back to the default."""

    source: str = DEFAULT_SOURCE
    mode: str = DEFAULT_MODE
    step: int | None = None  # None: the page's default
    embed: bool = False
    controls: bool = True  # /embed only: the stepping controls
    editor: bool = True  # /embed only: the editor panel
    theme: str = "auto"  # /embed only
    speed: int | None = None  # /embed only: ms per step when playing, one of SPEEDS
    autoplay: bool = False  # /embed only: start playing once the graph is drawn
    limit: float | None = None  # seconds a Python run may take in the worker (None: setting)
    practice: bool = False  # open in practice mode: predict each grad before its step
    forward: bool = False  # the timeline starts with the forward pass, one value per step
    values: tuple[tuple[str, float], ...] = ()  # what-if: name -> number for named leaves
    manual: bool = False  # open calling _backward() by hand
    rate: float | None = None  # gradient descent's learning rate (None: DESCENT's)
    steps: int | None = None  # gradient descent's steps a run (None: DESCENT's)
    params: tuple[str, ...] = ()  # the leaves descent moves, by name (none: every named leaf)
    graph: int | None = None  # a Python program's "Graph of" choice, by index (None: the run's)
    exercise: str | None = None  # /embed only: an exercise of the chapter, by id (its starter)

    @property
    def step_ms(self) -> int:
        """Milliseconds per step when playing: the URL's speed, else DEFAULT_SPEED. Decided
        here only: the page's menu, its initial data and so the player all use this."""
        return self.speed or DEFAULT_SPEED

    @property
    def starts_at_end(self) -> bool:
        """A page starts before the backward pass, unless it cannot be stepped at all."""
        return self.embed and not self.controls


def parse_int(text: str | None) -> int | None:
    """A whole number of at most 9 digits (a step, a speed), or None when the text is not one."""
    text = (text or "").strip()
    return int(text) if _INT.fullmatch(text) else None


def _flag(text: str | None, default: bool) -> bool:
    return _FLAGS.get((text or "").strip().lower(), default)


def page_options(params: Mapping[str, str], embed: bool) -> PageOptions:
    mode = params.get("mode", DEFAULT_MODE)
    theme = params.get("theme", "auto")
    return PageOptions(
        source=params.get("src", DEFAULT_SOURCE),
        mode=mode if mode in MODES else DEFAULT_MODE,
        step=parse_int(params.get("step")),
        embed=embed,
        controls=_flag(params.get("controls"), True) if embed else True,
        editor=_flag(params.get("editor"), True) if embed else True,
        theme=theme if embed and theme in THEMES else "auto",
        speed=_speed(params.get("speed")) if embed else None,
        autoplay=_flag(params.get("autoplay"), False) if embed else False,
        limit=run_limit(params.get("limit")),
        practice=_flag(params.get("practice"), False),
        forward=_flag(params.get("forward"), False),
        values=tuple(_values(params.get("values")).items()),
        manual=_flag(params.get("manual"), False),
        rate=_rate(params.get("rate")),
        steps=_steps(params.get("steps")),
        params=_names(params.get("params")),
        graph=_index(params.get("graph")),
        exercise=_exercise(params.get("exercise")) if embed else None,
    )


def _exercise(text: str | None) -> str | None:
    """An exercise id as the format allows one (app/exercises/front_matter.py); whether the
    chapter has it is the route's to say (a 404)."""
    return text if text and len(text) <= MAX_ID and ID.fullmatch(text) else None


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,39}")
MAX_PARAMS = 100  # names in `params=`


def _index(text: str | None) -> int | None:
    index = parse_int(text)
    return index if index is not None and index >= 0 else None


def _rate(text: str | None) -> float | None:
    """A learning rate: a finite number above 0 and at most RATE_MAX."""
    try:
        rate = float((text or "").strip()[:40])
    except ValueError:
        return None
    return rate if 0 < rate <= RATE_MAX else None


def _steps(text: str | None) -> int | None:
    steps = parse_int(text)
    return steps if steps is not None and 1 <= steps <= MAX_DESCENT_STEPS else None


def _names(text: str | None) -> tuple[str, ...]:
    """`params=w1,w2`: names of leaves, in order, each once; anything else is left out."""
    names = (n.strip() for n in (text or "").split(",")[:MAX_PARAMS])
    return tuple(dict.fromkeys(n for n in names if _NAME.fullmatch(n)))


def descent_fields(options: PageOptions) -> dict[str, Any]:
    """Gradient descent's fields as the page starts them: the URL's, else DESCENT's."""
    rate = options.rate if options.rate is not None else DESCENT["rate"]
    steps = options.steps if options.steps is not None else DESCENT["steps"]
    return {**DESCENT, "rate": rate, "steps": steps}


def _values(text: str | None) -> dict[str, float]:
    """`values={"x1": 3}`: what-if numbers for the program's named leaves."""
    try:
        return whatif.clean(read_values(text))
    except ValueError:  # the routes answer 400 with why (app/what_if.py)
        return {}


def _speed(text: str | None) -> int | None:
    ms = parse_int(text)
    return ms if ms in dict(SPEEDS).values() else None
