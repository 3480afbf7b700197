"""bench/doc.py: each own-command section of docs/benchmarks.md replaces only itself, and the
main rewrite keeps them, in their fixed order."""

from pathlib import Path

import pytest

from bench import doc


@pytest.fixture
def benchmarks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "benchmarks.md"
    monkeypatch.setattr(doc, "DOC", path)
    return path


def test_sections_replace_only_themselves_in_a_fixed_order(benchmarks: Path) -> None:
    recording, python, load = list(doc.OWN_SECTIONS)[:3]
    benchmarks.write_text("# Benchmarks\n\nmain part\n")
    doc.write_section(load, f"{load}\n\nload 1\n")
    doc.write_section(recording, f"{recording}\n\nrecording 1\n")
    doc.write_section(load, f"{load}\n\nload 2\n")
    text = benchmarks.read_text()
    assert "load 1" not in text
    assert text.index("main part") < text.index("recording 1") < text.index("load 2")
    doc.write_section(python, f"{python}\n\npython 1\n")
    new = doc.keep_sections("# Benchmarks\n\nnew main\n")
    assert "main part" not in new
    assert new.index("new main") < new.index("recording 1") < new.index("python 1")
    assert new.index("python 1") < new.index("load 2")
    assert new.count(load) == 1


def test_a_section_must_be_one_of_the_own_sections(benchmarks: Path) -> None:
    with pytest.raises(AssertionError):
        doc.write_section("## Something else", "## Something else\n")
