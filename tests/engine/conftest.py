"""Hypothesis profiles: "ci" (the default) runs the full counts; "pyodide" fewer, because the
same suite also runs inside Pyodide under Node, where it is several times slower."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", deadline=None, derandomize=False, print_blob=True)
settings.register_profile(
    "pyodide",
    deadline=None,
    max_examples=40,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def examples(n: int) -> int:
    """`n` generated cases, or a tenth of them under the pyodide profile."""
    return max(n // 10, 20) if settings().max_examples == 40 else n
