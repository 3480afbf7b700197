"""The README's two commands exist, and CI calls the test command."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_readme_opens_with_the_two_commands():
    first, _, second = (ROOT / "README.md").read_text().splitlines()[:3]
    assert "`scripts/serve.sh`" in first and "`scripts/test.sh`" in second
    for script in ("scripts/serve.sh", "scripts/test.sh"):
        assert (ROOT / script).stat().st_mode & 0o111, f"{script} is not executable"


def test_ci_runs_the_readme_test_command():
    assert "scripts/test.sh" in (ROOT / ".ci/run").read_text()
