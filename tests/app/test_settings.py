"""Settings: defaults for a checkout, overrides from the environment."""

from pathlib import Path

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
