"""The page's styles: one file per concept, in folders named like static/js's, imported in
cascade order by static/css/playground.css and bundled at setup into one file the page loads."""

import re
from pathlib import Path

from app.module_graph import STYLES_BUNDLE, page_scripts

STATIC = Path(__file__).resolve().parents[2] / "static"
CSS = STATIC / "css"


def _imported() -> list[str]:
    return re.findall(r'@import "([^"]+)";', (CSS / "playground.css").read_text())


def test_every_style_file_is_imported_once_and_lives_in_a_folder_of_the_scripts():
    files = sorted(
        p.relative_to(CSS).as_posix() for p in CSS.rglob("*.css") if "bundle" not in p.parts
    )
    imported = _imported()
    assert len(imported) == len(set(imported))
    assert sorted([*imported, "playground.css"]) == files
    for name in imported:
        assert (STATIC / "js" / name.split("/")[0]).is_dir(), name


def test_the_bundle_holds_every_file_in_order_and_the_page_loads_it():
    bundle = (STATIC / STYLES_BUNDLE).read_text()
    starts = [bundle.index(f"/* static/css/{name} */") for name in _imported()]
    assert starts == sorted(starts)  # the cascade of the @imports, kept
    assert page_scripts(STATIC).stylesheet == STYLES_BUNDLE


def test_no_file_is_long():
    for path in CSS.rglob("*.css"):
        if "bundle" not in path.parts:
            assert len(path.read_text().splitlines()) <= 300, path.name
