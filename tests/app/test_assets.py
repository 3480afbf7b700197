"""app.assets: pages name our JS and CSS under this deploy's version; those URLs are served
immutable, the unversioned ones and another version's are revalidated."""

import re

from app.assets import asset_prefix, asset_version, split_version
from app.headers import IMMUTABLE


def test_the_version_follows_the_files(tmp_path):
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "a.js").write_text("export const a = 1;\n")
    first = asset_version(tmp_path)
    asset_version.cache_clear()
    (tmp_path / "js" / "a.js.br").write_bytes(b"a copy: not part of the version")
    assert asset_version(tmp_path) == first
    asset_version.cache_clear()
    (tmp_path / "js" / "a.js").write_text("export const a = 2;\n")
    assert asset_version(tmp_path) != first
    assert re.fullmatch(r"[0-9a-f]{12}", first)


def test_split_version():
    assert split_version("/0123456789ab/js/main.js") == ("0123456789ab", "/js/main.js")
    assert split_version("/js/main.js") == (None, "/js/main.js")
    assert split_version("/0123456789ab") == (None, "/0123456789ab")  # a file, not a folder


def test_the_page_uses_versioned_urls_which_are_immutable(client, static_dir):
    html = client.get("/").text
    prefix = asset_prefix(static_dir)
    assert f'src="{prefix}js/main.js"' in html and f'href="{prefix}css/playground.css"' in html
    versioned = client.get(f"{prefix}js/main.js")
    plain = client.get("/static/js/main.js")
    assert versioned.status_code == plain.status_code == 200
    assert versioned.content == plain.content
    assert versioned.headers["cache-control"] == IMMUTABLE
    assert versioned.headers["content-type"].startswith("text/javascript")
    assert plain.headers["cache-control"] == "no-cache"
    assert client.head(f"{prefix}css/playground.css").headers["cache-control"] == IMMUTABLE


def test_another_version_is_served_but_not_kept(client):
    response = client.get("/static/ba9876543210/js/main.js")
    assert response.status_code == 200 and response.headers["cache-control"] == "no-cache"
    assert client.get("/static/ba9876543210/js/nothing.js").status_code == 404
