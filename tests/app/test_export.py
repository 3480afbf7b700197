"""app.export: the static site's pages and files (app/export_page.py makes each page; the
browser tests serve and run the site)."""

import io
import json
import re
import zipfile
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath

import pytest

from app.export import export_site, export_zip, main
from app.presets import LOSS
from app.settings import Settings
from tests.teacher_chapter import ADD, write_teacher_chapter

ROOT = Path(__file__).resolve().parents[2]
BUILT_IN = ROOT / "exercises"


def test_the_folder_holds_the_page_and_static_files(export_settings, tmp_path):
    out = export_site(tmp_path / "site", LOSS, settings=export_settings)
    files = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert {
        "index.html",
        ".nojekyll",
        "_headers",
        "static/css/playground.css",
        "static/js/main.js",
    } <= files
    # Static hosts that read it (Netlify, Cloudflare Pages) let the engine worker's opaque
    # origin read the files: docs/security.md.
    assert (out / "_headers").read_text() == "/*\n  Access-Control-Allow-Origin: *\n"
    assert "static/vendor/pyodide/314.0.7/pyodide.asm.wasm" in files
    assert not [name for name in files if name.endswith(".gz")]
    # Exporting again into the same folder replaces it.
    (out / "static" / "stale.js").write_text("")
    export_site(out, LOSS, settings=export_settings)
    assert not (out / "static" / "stale.js").exists()


def test_the_zip_holds_the_same_files(export_settings, tmp_path):
    out = export_site(tmp_path / "site", LOSS, settings=export_settings)
    archive = zipfile.ZipFile(io.BytesIO(export_zip(LOSS, settings=export_settings)))
    names = {name.removeprefix("playground/") for name in archive.namelist()}
    assert names == {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert archive.read("playground/index.html").decode() == (out / "index.html").read_text()


def test_the_command(export_settings, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("PLAYGROUND_STATIC_DIR", str(export_settings.static_dir))
    program = tmp_path / "loss.txt"
    program.write_text(LOSS)
    assert main([str(tmp_path / "out"), "--src", str(program), "--step", "1", "--zip"]) == 0
    assert "wrote" in capsys.readouterr().out
    assert (tmp_path / "out" / "index.html").is_file() and (tmp_path / "out.zip").is_file()
    program.write_text("y = )")
    assert main([str(tmp_path / "bad"), "--src", str(program)]) == 1
    assert "export: line 1" in capsys.readouterr().err


URL_ATTRIBUTES = ("href", "src", "data-worker", "data-pyodide", "data-engine")


class _Urls(HTMLParser):
    """Every URL a page names: its elements' links and sources, the early-python script's
    data attributes, and the vendor URLs of its initial data."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.in_data = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.urls += [v for k, v in attrs if k in URL_ATTRIBUTES and v is not None]
        self.in_data = ("id", "initial-data") in attrs

    def handle_data(self, data: str) -> None:
        if self.in_data:
            self.urls += json.loads(data)["vendor"].values()
            self.in_data = False


def urls_of(html: str) -> list[str]:
    parser = _Urls()
    parser.feed(html)
    return parser.urls


def unresolved(out: Path, page: Path) -> list[str]:
    """The URLs of `page` that name no file (or, ending in `/`, no folder) of the site `out`;
    another site's links (https:, mailto:) and data: URLs aside."""
    missing = []
    for url in urls_of(page.read_text()):
        if re.match(r"(?:https?:|mailto:|data:)", url) and not url.startswith("//"):
            continue
        path = re.split(r"[?#]", url)[0]
        target = (page.parent / path).resolve()
        inside = not PurePosixPath(path).is_absolute() and out.resolve() in target.parents
        if not inside or not (target.is_dir() if path.endswith("/") else target.is_file()):
            missing.append(f"{page.relative_to(out)}: {url}")
    return missing


def test_every_url_of_every_page_names_a_file_of_the_site(tmp_path):
    """The built-in chapter with the real static folder (the bundles, Pyodide): every link,
    script, stylesheet and vendor URL is relative and found in the folder written."""
    out = export_site(tmp_path / "site", LOSS, settings=Settings.from_env(), exercises=BUILT_IN)
    pages = sorted(out.rglob("*.html"))
    ids = [e.stem.split("-", 1)[1] for e in sorted(BUILT_IN.glob("0*.md"))]
    assert {p.relative_to(out).as_posix() for p in pages} == {
        "index.html",
        "learn/index.html",
        *(f"learn/{name}.html" for name in ids),
        *(f"embed/{name}.html" for name in ids),
    }
    for page in pages:
        assert unresolved(out, page) == []
    chapter = urls_of((out / "learn/index.html").read_text())
    assert "../index.html" in chapter and f"{ids[0]}.html" in chapter
    assert any(url.startswith("../static/") and url.endswith("/chapter.js") for url in chapter)
    assert f"../learn/{ids[-1]}.html" in urls_of((out / f"embed/{ids[-1]}.html").read_text())


def test_a_teachers_folder_is_exported_into_the_folder_and_the_zip(
    export_settings, tmp_path, capsys, monkeypatch
):
    monkeypatch.setenv("PLAYGROUND_STATIC_DIR", str(export_settings.static_dir))
    teacher = write_teacher_chapter(tmp_path / "chapter")
    assert main([str(tmp_path / "out"), "--exercises", str(teacher), "--zip"]) == 0
    assert "wrote" in capsys.readouterr().out
    out = tmp_path / "out"
    files = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    pages = {"learn/index.html", "learn/add.html", "learn/sub.html"}
    assert pages | {"embed/add.html", "embed/sub.html", "index.html"} <= files
    assert "def __sub__" in (out / "learn/sub.html").read_text()  # the solution, to show
    archive = zipfile.ZipFile(tmp_path / "out.zip")
    assert {name.removeprefix("out/") for name in archive.namelist()} == files
    for name in pages:
        assert archive.read(f"out/{name}").decode() == (out / name).read_text()


def test_a_teachers_folder_with_a_problem_stops_the_export(
    export_settings, tmp_path, capsys, monkeypatch
):
    monkeypatch.setenv("PLAYGROUND_STATIC_DIR", str(export_settings.static_dir))
    teacher = write_teacher_chapter(tmp_path / "chapter")
    (teacher / "01-add.md").write_text(ADD.replace('id = "add"', 'id = "Add"'))
    assert main([str(tmp_path / "out"), "--exercises", str(teacher)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0] == f"export: {teacher} has 1 problem to fix first:"
    assert err[1].startswith(f"{teacher / '01-add.md'}:2: id 'Add' is not an exercise id")
    assert len(err) == 2
    assert not (tmp_path / "out").exists()


def test_the_command_needs_a_program_or_exercises(capsys):
    with pytest.raises(SystemExit) as usage:
        main(["out"])
    assert usage.value.code == 2
    assert "--src (or --exercises)" in capsys.readouterr().err


def test_exporting_again_without_exercises_drops_their_pages(export_settings, tmp_path):
    teacher = write_teacher_chapter(tmp_path / "chapter")
    out = export_site(tmp_path / "site", LOSS, settings=export_settings, exercises=teacher)
    assert (out / "learn" / "sub.html").is_file()
    export_site(out, LOSS, settings=export_settings)
    assert not (out / "learn").exists() and not (out / "embed").exists()
