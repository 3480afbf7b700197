"""What a run tells the learner: what their program printed (kept up to MAX_OUTPUT characters),
and its error as they read it — line and column in their own text, a traceback of their own
frames only, and a message of its own for a run stopped at the value limit."""

import io
import traceback
from typing import Any

from engine.record import observe

MAX_OUTPUT = 100_000  # characters of printed output kept


class NodeLimit(BaseException):
    """Too many values alive at once. A BaseException, so `except Exception` can't swallow it."""


class Output(io.TextIOBase):
    """stdout and stderr of the program, kept up to MAX_OUTPUT characters."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.size = 0
        self.truncated = False

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        room = MAX_OUTPUT - self.size
        if len(text) > room:
            self.truncated = True
            text = text[: max(room, 0)]
        self.parts.append(text)
        self.size += len(text)
        return len(text)

    def text(self) -> str:
        note = f"\n… output cut at {MAX_OUTPUT:,} characters" if self.truncated else ""
        return "".join(self.parts) + note


def _char_col(line: str, byte_col: int | None) -> int | None:
    """A UTF-8 byte offset within `line` as a 1-based character column."""
    if byte_col is None:
        return None
    return len(line.encode()[:byte_col].decode(errors="replace")) + 1


def error(
    exc: BaseException, lines: list[str], limit: int, filename: str = observe.CELL
) -> dict[str, Any]:
    """The exception as the page shows it: message, position in the learner's text, and the
    traceback of their own frames (`filename`: the frames of which cell; `lines` its text)."""
    if isinstance(exc, SyntaxError) and exc.filename == filename:
        line = exc.lineno or 1
        col = exc.offset or 1
        end = exc.end_offset if exc.end_lineno == exc.lineno and exc.end_offset else col + 1
        text = f"{type(exc).__name__}: {exc.msg}"
        return {"type": type(exc).__name__, "message": text, "line": line, "col": col,
                "end_col": max(end, col + 1), "traceback": text}  # fmt: skip
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == filename]
    message = _message(exc, limit)
    line = col = end_col = None
    if isinstance(exc, RecursionError) and len(frames) > 1:
        frames.pop()  # the call that hit the limit: its `def` line says nothing
    if frames:
        last = frames[-1]
        line = last.lineno
        source_line = lines[line - 1] if line and 0 < line <= len(lines) else ""
        col = _char_col(source_line, last.colno)
        end_col = _char_col(source_line, last.end_colno) if last.end_lineno == line else None
    stack = _stack(frames, lines)
    return {
        "type": type(exc).__name__,
        "message": message,
        "line": line,
        "col": col,
        "end_col": end_col if end_col and col and end_col > col else (col + 1 if col else None),
        "traceback": f"Traceback (your code, most recent call last):\n{stack}{message}",
    }


def _stack(frames: list[traceback.FrameSummary], lines: list[str]) -> str:
    """The learner's frames, the same line called over and over said once (like Python)."""
    out: list[str] = []
    repeats = 0
    for i, f in enumerate(frames):
        if i and (f.lineno, f.name) == (frames[i - 1].lineno, frames[i - 1].name):
            repeats += 1
            continue
        if repeats:
            out.append(f"  [the line above repeated {repeats} more times]\n")
            repeats = 0
        text = lines[f.lineno - 1].strip() if f.lineno and f.lineno <= len(lines) else ""
        where = "the program" if f.name == "<module>" else f.name
        out.append(f"  line {f.lineno}, in {where}\n    {text}\n")
    if repeats:
        out.append(f"  [the line above repeated {repeats} more times]\n")
    return "".join(out[-20:])


def _message(exc: BaseException, limit: int) -> str:
    if isinstance(exc, NodeLimit):
        return (
            f"Stopped: more than {limit:,} values alive at once. The page draws graphs up to "
            "that size; build a smaller graph (fewer points or steps)."
        )
    if isinstance(exc, RecursionError):
        return (
            "RecursionError: maximum recursion depth exceeded — a function that calls itself "
            "without end, or a recursive walk over a very deep graph."
        )
    if isinstance(exc, MemoryError):
        return "MemoryError: the program ran out of memory."
    if isinstance(exc, KeyboardInterrupt):
        return "Stopped."
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
