"""Course code as a learner writes it, run by the engine's runner and pasted into the page."""

from pathlib import Path

HERE = Path(__file__).parent


def program(name: str) -> str:
    return (HERE / f"{name}.py").read_text()
