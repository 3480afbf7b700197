"""The audit of 2026-11-25 replayed: each request that once gave a 500, leaked a forged `Host`
or ran `dot` past its caps, on each route it reached."""

import asyncio
import io
import stat
import zipfile
from pathlib import Path
from urllib.parse import quote, urlencode

import httpx
import pytest

from app.main import create_app
from app.presets import NEURON
from app.settings import Settings

# what-if values (JSON in the URL) that once raised in the server
BAD_VALUES = {
    "NaN": '{"x1": NaN}',
    "Infinity": '{"x1": Infinity}',
    "-Infinity": '{"x1": -Infinity}',
    "2,000 brackets": "[" * 2000 + "]" * 2000,
    "400 digits": '{"x1": ' + "9" * 400 + "}",
}
CONTINUED_SUM = "x + \\\n" * 600 + "x"  # 600 terms, one statement to the parser
# ~19,500 values whose run is over the page's 2 MB of data (the page then defers the run)
HUGE = "\n".join(f"y{i}=" + "*".join(["x"] * 250) for i in range(26)) + "\n"
HUGE += "+".join(f"y{i}" for i in range(26))
FORGED_HOST = "evil.example"


def program_url(src: str) -> str:
    """A query with the program's `*` and `=` unquoted, as a browser would send them (the
    huge program fits the URL limit only so)."""
    return "src=" + quote(src, safe="*=")


@pytest.mark.parametrize("name", BAD_VALUES)
@pytest.mark.parametrize("route", ["/", "/embed", "/embed-code", "/oembed"])
def test_bad_what_if_values_are_a_400_that_says_why(client, route, name):
    values = BAD_VALUES[name]
    if route in ("/", "/embed"):
        response = client.get(f"{route}?{urlencode({'values': values})}")
    else:
        link = "https://host.example/?" + urlencode({"values": values})
        response = client.get(f"{route}?{urlencode({'url': link})}")
    assert response.status_code == 400, response.text[:200]
    assert response.text.startswith("values: "), response.text[:200]


def test_good_what_if_values_still_work(client):
    response = client.get("/?" + urlencode({"src": NEURON, "values": '{"x1": 3, "w1": -1e3}'}))
    assert response.status_code == 200
    assert '"values":{"x1":3.0,"w1":-1000.0}' in response.text


@pytest.mark.parametrize("route", ["/", "/embed"])
def test_a_sum_split_by_continuations_is_an_error_on_the_page(client, route):
    response = client.get(f"{route}?{urlencode({'src': CONTINUED_SUM})}")
    assert response.status_code == 200
    assert "this statement has more than 250 operators" in response.text


@pytest.mark.parametrize(
    "route",
    ["/graph.svg", "/download/program.py", "/download/program.ipynb", "/download/website.zip"],
)
def test_a_sum_split_by_continuations_is_a_400(client, route):
    response = client.get(f"{route}?{urlencode({'src': CONTINUED_SUM})}")
    assert response.status_code == 400
    assert "this statement has more than 250 operators" in response.text


def test_the_website_of_a_huge_program_is_refused_with_the_reason(client):
    response = client.get(f"/download/website.zip?{program_url(HUGE)}")
    assert response.status_code == 422, response.text[:200]
    assert "too big" in response.text


# -- a forged Host header -----------------------------------------------------------------------

HOST_ROUTES = [
    "/",
    "/embed?step=1",
    "/embed/",
    "/graph.svg",
    "/oembed?" + urlencode({"url": "http://localhost/?step=1"}),
    "/embed-code?" + urlencode({"url": "http://localhost/embed?step=1"}),
    "/download/program.py",
    "/nowhere",
    "/static/nowhere.js",
]


@pytest.mark.parametrize("route", HOST_ROUTES)
def test_a_forged_host_appears_nowhere(client, route):
    response = client.get(route, headers={"Host": FORGED_HOST}, follow_redirects=False)
    assert response.status_code < 500
    assert FORGED_HOST not in response.text
    assert FORGED_HOST not in str(response.headers)


def test_absolute_urls_come_from_the_public_origin(make_client, settings):
    from dataclasses import replace

    origin = "https://playground.example.edu/course"
    client = make_client(replace(settings, public_origin=origin))
    page = client.get("/?step=1", headers={"Host": FORGED_HOST}).text
    assert f'<meta property="og:url" content="{origin}/?step=1">' in page
    answer = client.get("/oembed?" + urlencode({"url": "http://x/?step=1"})).json()
    assert f'src="{origin}/embed?step=1"' in answer["html"]
    assert answer["provider_url"] == origin + "/"


def test_without_a_public_origin_absolute_urls_name_the_loopback_port(client):
    """The documented fallback: http://127.0.0.1 and the port the request arrived on (the
    socket's, never a header's)."""
    answer = client.get("/embed-code?" + urlencode({"url": "/?step=1"})).json()
    assert answer["page_url"] == "http://127.0.0.1/?step=1"  # TestClient: port 80


@pytest.mark.parametrize(
    "origin",
    [
        "example.edu",
        "ftp://example.edu",
        "https://example.edu/?q=1",
        "https://example.edu/#top",
        "https://user@example.edu",
        'https://example.edu/"><script>',
        "https://exa mple.edu",
    ],
)
def test_a_bad_public_origin_stops_the_server(origin):
    with pytest.raises(ValueError, match="PLAYGROUND_PUBLIC_ORIGIN"):
        Settings.from_env({"PLAYGROUND_PUBLIC_ORIGIN": origin})


def test_a_public_origin_loses_its_trailing_slash():
    settings = Settings.from_env({"PLAYGROUND_PUBLIC_ORIGIN": "https://example.edu:8443/p/"})
    assert settings.public_origin == "https://example.edu:8443/p"


# -- /oembed under the cost model and the budgets -----------------------------------------------


def spy_on_dot(client) -> list[str]:
    """The DOT texts the app's renderer is asked to lay out (after its cost checks)."""
    asked: list[str] = []
    renderer = client.app.state.dot
    render = renderer.render

    async def spy(dot_source, *args, **kwargs):
        asked.append(dot_source)
        return await render(dot_source, *args, **kwargs)

    renderer.render = spy
    return asked


def test_oembed_refuses_to_lay_out_a_graph_over_the_budget(client):
    asked = spy_on_dot(client)
    link = "http://x/?" + urlencode({"src": "+".join(["x"] * 251)})  # 38 s of dot once
    answer = client.get("/oembed?" + urlencode({"url": link}))
    assert answer.status_code == 200
    assert "thumbnail_url" not in answer.json()
    assert asked == []
    assert answer.headers["cache-control"] == "no-cache"  # not an hour without its picture


def test_oembed_runs_the_engine_within_the_clients_share(client):
    client.app.state.engine.per_client = 0
    response = client.get("/oembed?" + urlencode({"url": "http://x/?src=x*2"}))
    assert response.status_code == 429
    assert response.headers["retry-after"] == "1"
    response = client.get("/embed-code?" + urlencode({"url": "http://x/?src=x*2"}))
    assert response.status_code == 429


def test_downloads_run_the_engine_within_the_clients_share(client):
    client.app.state.engine.per_client = 0
    for path in ("program.py", "program.ipynb", "website.zip"):
        response = client.get(f"/download/{path}?src=x*2")
        assert response.status_code == 429, path
        assert response.headers["retry-after"] == "1"


# -- one cap on dot for every route -------------------------------------------------------------

FAKE_DOT = """#!/bin/sh
# A slow dot that notes how many copies of it run at once.
dir="{dir}"
touch "$dir/run.$$"
ls "$dir" | grep -c '^run\\.' >> "$dir/counts"
cat > /dev/null
sleep 0.3
rm "$dir/run.$$"
printf '<svg xmlns="http://www.w3.org/2000/svg"></svg>'
"""


def fake_dot(tmp_path: Path) -> tuple[Path, Path]:
    runs = tmp_path / "runs"
    runs.mkdir()
    binary = tmp_path / "dot"
    binary.write_text(FAKE_DOT.format(dir=runs))
    binary.chmod(binary.stat().st_mode | stat.S_IXUSR)
    return binary, runs / "counts"


async def get_from(app, address: str, url: str) -> httpx.Response:
    transport = httpx.ASGITransport(app=app, client=(address, 1234))
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
        return await client.get(url, timeout=60)


def test_dot_runs_at_once_stay_under_the_cap_across_routes(settings, tmp_path):
    binary, counts = fake_dot(tmp_path)
    from dataclasses import replace

    app = create_app(replace(settings, dot_binary=str(binary), dot_concurrency=2))

    async def everyone() -> list[httpx.Response]:
        requests = []
        for n in range(4):  # unique programs: nothing comes from a cache
            requests.append(get_from(app, f"10.0.0.{n}", f"/download/website.zip?src=x*{n + 2}"))
            requests.append(get_from(app, f"10.0.1.{n}", f"/graph.svg?src=y*{n + 2}"))
        return await asyncio.gather(*requests)

    responses = asyncio.run(everyone())
    assert {r.status_code for r in responses} <= {200, 503}, [r.text for r in responses]
    assert [r.status_code for r in responses].count(200) >= 2
    seen = [int(line) for line in counts.read_text().split()]
    assert len(seen) >= 2  # dot ran for both routes' requests
    assert max(seen) <= 2, seen


# -- the server-wide engine budget --------------------------------------------------------------


def test_rotating_addresses_cannot_starve_a_legitimate_reader(client):
    """Big programs from many addresses, each fresh to the per-address budget: once the
    server's recent engine time is over its share, big work is deferred to the browser, while
    a reader of a small program still gets the server's run."""
    app = client.app
    app.state.engine.server_burst = 0.2  # seconds: a few big runs over the share, not dozens
    big = "\n".join(f"y{i}=" + "*".join(["x"] * 200) for i in range(8)) + "\ny0"

    async def flood() -> list[httpx.Response]:
        attack = [get_from(app, f"10.9.{n // 250}.{n % 250}", f"/?{program_url(big)}")
                  for n in range(12)]  # fmt: skip
        return await asyncio.gather(*attack)

    attacked = asyncio.run(flood())
    assert all(r.status_code == 200 for r in attacked)
    deferred = [r for r in attacked if '"deferred":' in r.text]
    assert deferred, "the server ran every big program of the flood"
    fresh = asyncio.run(get_from(app, "10.9.99.1", f"/?{program_url(big)}"))
    assert '"deferred":' in fresh.text  # a new address sending big work waits its turn
    reader = asyncio.run(get_from(app, "192.0.2.7", "/?" + urlencode({"src": NEURON})))
    assert reader.status_code == 200
    assert '"deferred":' not in reader.text and '"result":{"ok":true' in reader.text


def test_the_zip_is_the_site(client):
    """The archive the route makes holds the same static files as the CLI's."""
    response = client.get("/download/website.zip?src=x*2")
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    names = set(archive.namelist())
    assert {"playground/index.html", "playground/.nojekyll"} <= names
    static = client.app.state.settings.static_dir
    for path in ("css/playground.css", "vendor/manifest.json"):
        assert archive.read(f"playground/static/{path}") == (static / path).read_bytes()
