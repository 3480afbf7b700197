"""One ES module from the page's modules, for anywidget (which loads a single module from a
string, so relative imports cannot resolve). Each module becomes a function scope in
dependency order; its `import { A } from "./x.js"` reads what x.js returned, and its exports
are what it returns. Only the forms our modules use are handled, and anything else fails
loudly rather than producing a broken bundle.
"""

import re
from pathlib import Path

_IMPORT = re.compile(r'^import\s*\{([^}]*)\}\s*from\s*"\./([\w-]+\.js)";\s*$', re.M)
_EXPORT = re.compile(r"^export\s+(?:(?:async\s+)?function|class|const|let)\s+(\w+)", re.M)
_EXPORT_DEFAULT = re.compile(r"^export\s+default\s+", re.M)


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


def _order(js_dir: Path, entry: str) -> list[str]:
    """`entry` and the modules it imports, each after its imports."""
    ordered: list[str] = []

    def visit(name: str, path: tuple[str, ...]) -> None:
        if name in ordered:
            return
        if name in path:
            raise ValueError(f"import cycle: {' -> '.join([*path, name])}")
        source = (js_dir / name).read_text(encoding="utf-8")
        for _, dependency in _IMPORT.findall(source):
            visit(dependency, (*path, name))
        ordered.append(name)

    visit(entry, ())
    return ordered


def bundle(js_dir: Path, entry: str) -> str:
    parts = ["// Bundled by playground_widget.bundle from static/js; edit those files.", ""]
    parts.append("const modules = {};")
    for name in _order(js_dir, entry):
        source = (js_dir / name).read_text(encoding="utf-8")
        exports = _EXPORT.findall(source)
        body = _IMPORT.sub(lambda m: f"const {{ {m[1].strip()} }} = modules[{m[2]!r}];", source)
        body = _EXPORT.sub(lambda m: m[0].removeprefix("export").lstrip(), body)
        body, defaults = _EXPORT_DEFAULT.subn("const __default = ", body)
        if re.search(r"^\s*(import|export)\b", body, re.M):
            raise ValueError(f"{name}: an import or export form the bundler does not know")
        returned = ", ".join([*exports, *(["default: __default"] if defaults else [])])
        parts += [f"modules[{name!r}] = (() => {{", body, f"return {{ {returned} }};", "})();"]
    parts.append(f"export default modules[{entry!r}].default;")
    return "\n".join(parts) + "\n"
