"""Settings: defaults for a checkout, overrides from the environment."""

from pathlib import Path

import pytest

from app.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


def test_defaults_point_into_the_checkout():
    settings = Settings()
    assert settings.static_dir == ROOT / "static"
    assert settings.templates_dir == ROOT / "templates"
    assert settings.vendor_manifest == ROOT / "static" / "vendor" / "manifest.json"
    assert settings.frame_ancestors == "*"
    assert 50_000 < settings.max_request_bytes <= 64 * 1024


def test_no_environment_means_the_defaults():
    assert Settings.from_env({}) == Settings()


def test_environment_overrides(tmp_path):
    settings = Settings.from_env(
        {
            "PLAYGROUND_FRAME_ANCESTORS": " 'self' https://lms.example ",
            "PLAYGROUND_STATIC_DIR": str(tmp_path / "s"),
            "PLAYGROUND_TEMPLATES_DIR": str(tmp_path / "t"),
            "PLAYGROUND_DOT": "/opt/graphviz/bin/dot",
            "UNRELATED": "x",
        }
    )
    assert settings.frame_ancestors == "'self' https://lms.example"
    assert settings.static_dir == tmp_path / "s"
    assert settings.templates_dir == tmp_path / "t"
    assert settings.dot_binary == "/opt/graphviz/bin/dot"


def test_empty_frame_ancestors_means_nobody_may_embed():
    assert Settings.from_env({"PLAYGROUND_FRAME_ANCESTORS": ""}).frame_ancestors == "'none'"


def test_frame_ancestors_from_the_process_environment(monkeypatch):
    monkeypatch.setenv("PLAYGROUND_FRAME_ANCESTORS", "https://a.example")
    assert Settings.from_env().frame_ancestors == "https://a.example"


@pytest.mark.parametrize(
    "value",
    [
        "*",
        "'self'",
        "'none'",
        "https:",
        "'self' https://lms.example.edu",
        "https://*.a.example:443",
    ],
)
def test_frame_ancestors_accepts_source_lists(value):
    assert Settings(frame_ancestors=value).frame_ancestors == value


@pytest.mark.parametrize(
    "value",
    [
        "https://a.example; script-src *",  # a `;` would add a directive
        "'self';",
        "https://a.example, https://b.example",  # a `,` would start a second policy
        "'unsafe-inline'",
        "'none' 'self'",
        "https://a.example\r\nSet-Cookie: x=1",
    ],
)
def test_frame_ancestors_refuses_anything_else(value):
    with pytest.raises(ValueError, match="PLAYGROUND_FRAME_ANCESTORS"):
        Settings(frame_ancestors=value)
    with pytest.raises(ValueError, match="PLAYGROUND_FRAME_ANCESTORS"):
        Settings.from_env({"PLAYGROUND_FRAME_ANCESTORS": value})


def test_frame_ancestors_white_space_is_one_space():
    with pytest.raises(ValueError, match="stray white space"):
        Settings(frame_ancestors="https://a.example\tb")
    tidy = Settings.from_env({"PLAYGROUND_FRAME_ANCESTORS": " 'self'\t https://a.example "})
    assert tidy.frame_ancestors == "'self' https://a.example"


def test_hsts_setting_is_checked():
    value = "max-age=31536000; includeSubDomains"
    assert Settings.from_env({"PLAYGROUND_HSTS": value}).hsts == value
    assert Settings().hsts == ""
    with pytest.raises(ValueError, match="PLAYGROUND_HSTS"):
        Settings(hsts="max-age=1\r\nSet-Cookie: x=1")
