"""The programs at the documented limits that issue 11 item 5 measures: source text only, so
that CPython, Pyodide (bench/run_stages.py) and the page (bench/layout_bench.py) run the same."""

from app.presets import mlp_loss_source
from engine.language.parser import MAX_VALUES

_TERMS = " + ".join(f"x{i}" for i in range(200))
CHAIN = f"chain x = x*1.0001 + 0.5 at the {MAX_VALUES:,}-value cap (Python loop)"
# name -> (language, source)
WORKLOADS = {
    "MLP preset (984 values)": ("expression", mlp_loss_source()),
    "15 sums of 200 terms over shared inputs": (
        "expression",
        "".join(f"s{k} = {_TERMS}\n" for k in range(15))
        + "y = "
        + " + ".join(f"s{k}" for k in range(15)),
    ),
    "x = x*c + d, 3,300 times (two inputs used 3,300 times each)": (
        "expression",
        "x = x*c + d\n" * 3300,
    ),
    CHAIN: (
        "python",
        "from engine import Value\n"
        'x = Value(1.0, label="x")\n'
        f"for i in range({(MAX_VALUES - 1) // 4}):\n"
        "    x = x*1.0001 + 0.5\n",
    ),
}
