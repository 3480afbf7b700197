"""DotRenderer: dot as a subprocess with a timeout, a cap on concurrent runs, and a cache."""

import shutil
import stat
from pathlib import Path

import pytest

from app.dot import DotError, DotRenderer

SMALL = 'digraph { a [id=a label="{a|data\\ 1.0000}" shape=record] }'


def script(path: Path, body: str) -> str:
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


@pytest.mark.needs_dot
def test_renders_svg_with_the_ids():
    svg = DotRenderer(shutil.which("dot") or "dot").svg(SMALL)
    assert b'<g id="a" class="node">' in svg


def test_a_missing_binary(tmp_path):
    with pytest.raises(DotError, match="not installed") as caught:
        DotRenderer(str(tmp_path / "no-dot")).svg(SMALL)
    assert caught.value.status == 503


def test_a_timeout(tmp_path):
    slow = script(tmp_path / "dot", "exec sleep 5")
    with pytest.raises(DotError, match="longer than 0.1 s") as caught:
        DotRenderer(slow, timeout=0.1).svg(SMALL)
    assert caught.value.status == 503


def test_a_failure_reports_dots_message(tmp_path):
    failing = script(tmp_path / "dot", "echo 'syntax error in line 1' >&2; exit 1")
    with pytest.raises(DotError, match="syntax error in line 1") as caught:
        DotRenderer(failing).svg(SMALL)
    assert caught.value.status == 500


def test_output_is_cached_by_dot_source(tmp_path):
    counter = tmp_path / "runs"
    fake = script(tmp_path / "dot", f"echo run >> {counter}; cat")
    renderer = DotRenderer(fake)
    assert renderer.svg(SMALL) == SMALL.encode()
    assert renderer.svg(SMALL) == SMALL.encode()
    assert counter.read_text().count("run") == 1


def test_too_many_at_once_is_busy(tmp_path):
    renderer = DotRenderer(script(tmp_path / "dot", "cat"), timeout=0.1, concurrency=1)
    assert renderer._slots.acquire(timeout=1)  # another request is drawing
    try:
        with pytest.raises(DotError, match="busy") as caught:
            renderer.svg("digraph { waiting }")
        assert caught.value.status == 503
    finally:
        renderer._slots.release()
    assert renderer.svg("digraph { waiting }") == b"digraph { waiting }"
