"""app.module_graph: the page preloads every module main.js imports statically, and only those."""

from pathlib import Path

from app.assets import asset_prefix
from app.module_graph import imports, module_preloads

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
