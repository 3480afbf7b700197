"""app.module_graph: the page loads the bundle setup built, while it is newer than the modules;
else it preloads every module main.js imports statically, and only those."""

import os
from pathlib import Path

from app.assets import asset_prefix
from app.module_graph import imports, module_preloads, page_scripts

ROOT = Path(__file__).resolve().parents[2]


def test_static_imports_and_re_exports_count_dynamic_ones_do_not():
    source = (
        'import {\n  a,\n  b,\n} from "./p.js";\nimport "./side.js";\n'
        'export { x } from "../q.js";\nexport const u = "./not-a-module.js";\n'
        'const m = import("./on-demand.js");\n  import("./also-on-demand.js").then(f);\n'
    )
    assert imports(source) == ["./p.js", "./side.js", "../q.js"]


def test_the_graph_is_followed_and_each_module_listed_once(tmp_path):
    js = tmp_path / "js"
    (js / "lib").mkdir(parents=True)
    (js / "main.js").write_text('import { a } from "./a.js";\nimport "./lib/b.js";\n')
    (js / "a.js").write_text('import { b } from "./lib/b.js";\nexport const a = 1;\n')
    (js / "lib" / "b.js").write_text('import { main } from "../main.js";\nimport "./gone.js";\n')
    assert module_preloads(tmp_path) == (
        "js/a.js",
        "js/lib/b.js",
        "js/lib/gone.js",  # listed; the browser reports the 404, as it would anyway
    )


def test_the_real_page_preloads_its_modules_but_not_the_on_demand_ones():
    paths = module_preloads(ROOT / "static")
    assert "js/engine-client.js" in paths and "js/protocol.js" in paths
    assert "js/main.js" not in paths
    assert "js/downloads.js" not in paths  # import()ed when the menu is opened
    for path in paths:
        assert (ROOT / "static" / path).is_file()


def test_the_page_links_them(client, static_dir):
    (static_dir / "js" / "main.js").write_text('import { a } from "./a.js";\n')
    (static_dir / "js" / "a.js").write_text("export const a = 1;\n")
    html = client.get("/").text
    assert f'<link rel="modulepreload" href="{asset_prefix(static_dir)}js/a.js">' in html


def _sources(static: Path) -> Path:
    js = static / "js"
    js.mkdir(parents=True)
    for name in ("main.js", "worker.js", "a.js"):
        (js / name).write_text(f"// {name}\n" + ('import "./a.js";\n' if name == "main.js" else ""))
    return js


def _bundle(js: Path) -> None:
    (js / "bundle").mkdir()
    for name in ("main.js", "worker.js"):
        (js / "bundle" / name).write_text("// bundled\n")


def test_a_built_bundle_is_what_the_page_loads(tmp_path):
    _bundle(_sources(tmp_path))
    scripts = page_scripts(tmp_path)
    assert (scripts.entry, scripts.engine_worker) == ("js/bundle/main.js", "js/bundle/worker.js")
    assert scripts.preloads == ()  # one file: nothing to preload


def test_without_a_bundle_the_modules_are_loaded_and_preloaded(tmp_path):
    _sources(tmp_path)
    scripts = page_scripts(tmp_path)
    assert (scripts.entry, scripts.engine_worker) == ("js/main.js", "js/worker.js")
    assert scripts.preloads == ("js/a.js",)


def test_a_module_edited_after_the_bundle_was_built_means_the_modules(tmp_path):
    js = _sources(tmp_path)
    _bundle(js)
    built = (js / "bundle" / "main.js").stat().st_mtime_ns
    os.utime(js / "a.js", ns=(built + 10**9, built + 10**9))  # edited a second later
    assert page_scripts(tmp_path).entry == "js/main.js"  # never a stale bundle


def test_the_real_bundle_holds_the_page_and_both_workers():
    bundle = ROOT / "static" / "js" / "bundle"  # built by setup (scripts/build_vendor.py)
    assert page_scripts(ROOT / "static").entry == "js/bundle/main.js"
    main = (bundle / "main.js").read_text()
    # The workers are started by URLs relative to the bundle, and sit beside it.
    for worker in ("worker.js", "layout-worker.js"):
        assert f'new URL("./{worker}",import.meta.url)' in main
        assert (bundle / worker).is_file()
    for name in ("main.js", "worker.js", "layout-worker.js"):  # each one file: nothing to fetch
        assert imports((bundle / name).read_text().replace(";", ";\n")) == []
