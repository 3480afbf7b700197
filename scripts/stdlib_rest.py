"""The standard library a boot does not reach, imported from its own zip only when needed.

scripts/build_bytecode.mjs splits Pyodide's python_stdlib.zip in two and puts this module into
the boot part, as `_stdlib_rest`; the engine worker (static/js/engine-worker/worker.js) imports it
before its
memory snapshot and calls `install(path)` once Python is ready, `path` being the other part as a
lazy file (static/js/engine-worker/lazy-file.js). A finder at the end of `sys.meta_path` is asked
only when
every other finder has failed, so the zip is read (and downloaded) only then. It answers for
submodules of packages in the boot part too (`encodings.cp1252`), which a `sys.path` entry
could not: a package's submodules are looked for in its own `__path__` only.
"""

import sys
import zipimport


class RestFinder:
    """A meta path finder over the zip at `path`, opened on its first question."""

    def __init__(self, path: str):
        self.path = path
        self.importers: dict[str, zipimport.zipimporter] = {}  # by folder in the zip

    def find_spec(self, fullname, path=None, target=None):
        # A zipimporter looks in one folder of its archive, for the last part of a name.
        folder = "/".join([self.path, *fullname.split(".")[:-1]])
        if folder not in self.importers:
            try:
                self.importers[folder] = zipimport.zipimporter(folder)
            except (OSError, zipimport.ZipImportError):
                return None  # not there (a download that failed): an ImportError as before
        return self.importers[folder].find_spec(fullname, target)

    def invalidate_caches(self):
        pass  # the zip never changes; reading it again would download it


def install(path: str) -> None:
    if not any(isinstance(f, RestFinder) for f in sys.meta_path):
        sys.meta_path.append(RestFinder(path))
