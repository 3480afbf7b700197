"""The wiring: the module-level app serves, GZip compresses what is worth it."""

import pytest

from app.main import app, create_app
from app.settings import Settings


def test_the_module_level_app_uses_the_environment_settings():
    assert isinstance(app.state.settings, Settings)
    assert app.state.settings.templates_dir.name == "templates"


def test_create_app_takes_settings(static_dir):
    settings = Settings(static_dir=static_dir, frame_ancestors="'none'")
    assert create_app(settings).state.settings is settings


@pytest.mark.parametrize("url", ["/", "/embed", "/static/js/main.js", "/static/css/playground.css"])
def test_pages_and_scripts_are_gzipped(client, url):
    response = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200
    assert response.headers["content-encoding"] == "gzip"
    assert "Accept-Encoding" in response.headers["vary"]


def test_small_responses_are_not_gzipped(client):
    response = client.get("/healthz", headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in response.headers


def test_no_gzip_without_accept_encoding(client):
    response = client.get("/", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in response.headers


@pytest.mark.parametrize("url", ["/docs", "/redoc", "/openapi.json"])
def test_no_api_docs(client, url):
    # Swagger UI needs inline scripts and a CDN, which the CSP forbids.
    assert client.get(url).status_code == 404


def test_static_files_only_inside_the_static_directory(client):
    assert client.get("/static/../app/main.py").status_code == 404
    assert client.get("/static/%2e%2e/%2e%2e/etc/passwd").status_code == 404
