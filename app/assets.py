"""Versioned URLs for our own JS and CSS: `/static/<version>/js/main.js`.

The version is a hash of every file under static/js and static/css, made once per process
(the files change only with a deploy). A page names its assets under the version, and the
browser keeps them for a year without asking again (app/headers.py): a repeat visit starts the
page's modules, and the worker they create, from its cache without one request for them.
The modules import each other by relative URL, so the version carries through the whole
module graph and the workers. `/static/js/main.js` without a version still works (exports,
the notebook widget, old links), revalidated on each use.

A version that is not the current one (a page opened before a deploy) is served the current
files, never cached: better than a 404 in the middle of a session.
"""

import hashlib
import re
from functools import cache
from pathlib import Path

from starlette._utils import get_route_path
from starlette.types import ASGIApp, Receive, Scope, Send

ROOT = "/static/"
HASHED_FOLDERS = ("css", "js")
SKIPPED_SUFFIXES = (".br", ".gz")  # copies of the files hashed
VERSION = re.compile(r"[0-9a-f]{12}")


@cache
def asset_version(static_dir: Path) -> str:
    digest = hashlib.sha256()
    for folder in HASHED_FOLDERS:
        for path in sorted((static_dir / folder).rglob("*")):
            if path.is_file() and path.suffix not in SKIPPED_SUFFIXES:
                digest.update(path.relative_to(static_dir).as_posix().encode() + b"\0")
                digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def asset_prefix(static_dir: Path) -> str:
    """Where a page finds static/css and static/js: `/static/<version>/`."""
    return f"{ROOT}{asset_version(static_dir)}/"


def split_version(path: str) -> tuple[str | None, str]:
    """`/3f2a…/js/main.js` (a path inside /static) → ("3f2a…", "/js/main.js")."""
    first, _, rest = path.lstrip("/").partition("/")
    if VERSION.fullmatch(first) and rest:
        return first, "/" + rest
    return None, path


class VersionedStatic:
    """The static files app, also under `/<version>/`: the version is taken off the path."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            version, rest = split_version(get_route_path(scope))
            if version is not None:
                path = scope.get("root_path", "") + rest
                scope = {**scope, "path": path, "raw_path": path.encode()}
        await self.app(scope, receive, send)
