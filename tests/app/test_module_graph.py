"""app.module_graph: the page loads the bundle setup built, while it is newer than the modules;
else it preloads every module main.js imports statically (esbuild's metafile says which), and
only those."""

import json
import os
import re
from pathlib import Path

from app.assets import asset_prefix
from app.module_graph import module_preloads, page_scripts

ROOT = Path(__file__).resolve().parents[2]


def _meta(js: Path, inputs: dict[str, list[tuple[str, str]]]) -> None:
    """A metafile as scripts/build_bundle.mjs writes it."""
    (js / "bundle").mkdir(parents=True, exist_ok=True)
    graph = {name: [{"path": p, "kind": k} for p, k in imports] for name, imports in inputs.items()}
    (js / "bundle" / "meta.json").write_text(json.dumps({"inputs": graph}))


def test_the_graph_is_followed_static_imports_only_each_module_once(tmp_path):
    _meta(tmp_path / "js", {
        "main.js": [("a/a.js", "import-statement"), ("b/b.js", "import-statement"),
                    ("c/later.js", "dynamic-import")],
        "a/a.js": [("b/b.js", "import-statement"), ("main.js", "import-statement")],
        "b/b.js": [("shared/s.js", "import-statement")],
        "c/later.js": [("c/only-later.js", "import-statement")],
    })  # fmt: skip
    assert module_preloads(tmp_path) == ("js/a/a.js", "js/b/b.js", "js/shared/s.js")


def test_without_a_metafile_there_are_no_preloads(tmp_path):
    (tmp_path / "js").mkdir()
    assert module_preloads(tmp_path) == ()


def test_the_real_page_preloads_its_modules_but_not_the_on_demand_ones():
    paths = module_preloads(ROOT / "static")
    assert "js/python/engine-client.js" in paths and "js/shared/protocol.js" in paths
    assert "js/main.js" not in paths
    assert "js/graph/downloads.js" not in paths  # import()ed when the menu is opened
    assert "js/page/embed-dialog.js" not in paths
    for path in paths:
        assert (ROOT / "static" / path).is_file()


def test_the_page_links_them(client, static_dir):
    (static_dir / "js" / "main.js").write_text('import { a } from "./a.js";\n')
    (static_dir / "js" / "a.js").write_text("export const a = 1;\n")
    _meta(static_dir / "js", {"main.js": [("a.js", "import-statement")]})
    os.utime(static_dir / "js" / "main.js")  # newer than any bundle: the modules are served
    html = client.get("/").text
    assert f'<link rel="modulepreload" href="{asset_prefix(static_dir)}js/a.js">' in html


def _sources(static: Path) -> Path:
    js = static / "js"
    js.mkdir(parents=True)
    (js / "engine-worker").mkdir()
    for name in ("main.js", "engine-worker/worker.js", "a.js"):
        (js / name).write_text(f"// {name}\n" + ('import "./a.js";\n' if name == "main.js" else ""))
    _meta(js, {"main.js": [("a.js", "import-statement")]})
    return js


def _bundle(js: Path) -> None:
    (js / "bundle" / "engine-worker").mkdir(parents=True)
    for name in ("main.js", "engine-worker/worker.js"):
        (js / "bundle" / name).write_text("// bundled\n")
    (js.parent / "css" / "bundle").mkdir(parents=True)
    (js.parent / "css" / "bundle" / "playground.css").write_text("/* bundled */\n")


def test_a_built_bundle_is_what_the_page_loads(tmp_path):
    _bundle(_sources(tmp_path))
    scripts = page_scripts(tmp_path)
    assert (scripts.entry, scripts.engine_worker) == (
        "js/bundle/main.js",
        "js/bundle/engine-worker/worker.js",
    )
    assert scripts.preloads == ()  # one file: nothing to preload
    assert scripts.stylesheet == "css/bundle/playground.css"


def test_without_a_bundle_the_modules_are_loaded_and_preloaded(tmp_path):
    _sources(tmp_path)
    (tmp_path / "js" / "bundle" / "main.js").unlink(missing_ok=True)
    scripts = page_scripts(tmp_path)
    assert (scripts.entry, scripts.engine_worker) == ("js/main.js", "js/engine-worker/worker.js")
    assert scripts.preloads == ("js/a.js",)


def test_a_module_edited_after_the_bundle_was_built_means_the_modules(tmp_path):
    js = _sources(tmp_path)
    _bundle(js)
    built = (js / "bundle" / "main.js").stat().st_mtime_ns
    os.utime(js / "a.js", ns=(built + 10**9, built + 10**9))  # edited a second later
    assert page_scripts(tmp_path).entry == "js/main.js"  # never a stale bundle


def test_a_style_edited_after_the_bundle_was_built_means_the_sources(tmp_path):
    js = _sources(tmp_path)
    _bundle(js)
    (tmp_path / "css" / "graph").mkdir()
    (tmp_path / "css" / "graph" / "graph.css").write_text("#graph { color: red; }\n")
    built = (js / "bundle" / "main.js").stat().st_mtime_ns
    os.utime(tmp_path / "css" / "graph" / "graph.css", ns=(built + 10**9, built + 10**9))
    scripts = page_scripts(tmp_path)
    assert (scripts.entry, scripts.stylesheet) == ("js/main.js", "css/playground.css")


def test_the_real_bundle_holds_the_page_its_workers_and_the_widget():
    bundle = ROOT / "static" / "js" / "bundle"  # built by setup (scripts/build_vendor.py)
    scripts = page_scripts(ROOT / "static")
    assert scripts.entry == "js/bundle/main.js"
    main = (bundle / "main.js").read_text()
    # The workers are beside main.js, in the sources' folders: the layout worker is started by a
    # URL relative to the bundle, the engine worker by the one the server names in the page's
    # first script (templates/partials/early-python.js), never by a second copy in main.js.
    assert 'new URL("./layout-worker/worker.js",import.meta.url)' in main
    assert scripts.engine_worker == "js/bundle/engine-worker/worker.js"
    assert "engine-worker/worker.js" not in main
    for worker in ("engine-worker/worker.js", "layout-worker/worker.js"):
        assert (bundle / worker).is_file()
    for name in ("main.js", "widget.js", "engine-worker/worker.js", "layout-worker/worker.js"):
        text = (bundle / name).read_text()  # each one file: nothing of ours left to fetch
        assert not re.search(r"""(?:from|import)\s*["']\.{1,2}/""", text), name
