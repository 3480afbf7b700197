"""The table "close enough" is held to in both languages: engine.worker.gradient_check.close (tests/
engine/worker/test_session.py) and the page's Practice (tests/js/learn/practice.test.mjs, which
runs this file for the engine's verdicts and its tolerance, printed as JSON).

    .venv/bin/python tests/js/learn/close_cases.py
"""

import json
import math
import sys
from pathlib import Path

INF, NAN = math.inf, math.nan

# (a, b, close?): a grad against the answer, with TOLERANCE = 1e-4.
CASES = [
    (1.0, 1.0, True),
    (0.0, -0.0, True),
    (-0.0, 0.0, True),
    (0.0, 5e-5, True),  # near 0 the tolerance is absolute
    (0.0, 2e-4, False),
    (1000.0, 1000.05, True),  # else relative
    (1000.0, 1000.2, False),
    (-1.5, -1.50001, True),
    (-1.5, 1.5, False),
    (0.7071, 0.70710678, True),
    (2.5, 2.6, False),
    (1e300, 1.00001e300, True),
    (5e-324, 0.0, True),
    (NAN, NAN, True),  # the engine's rule: nan matches nan
    (NAN, 0.0, False),
    (1.0, NAN, False),
    (INF, INF, True),
    (-INF, -INF, True),
    (INF, -INF, False),
    (INF, 1e308, False),
    (-INF, 0.0, False),
    (NAN, INF, False),
]


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
    from engine.record.numbers import number  # as the record writes a number
    from engine.worker.gradient_check import TOLERANCE, close

    cases = [
        {"a": number(a), "b": number(b), "close": close(a, b), "expected": expected}
        for a, b, expected in CASES
    ]
    print(json.dumps({"tolerance": TOLERANCE, "cases": cases}))
