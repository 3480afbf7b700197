"""The table engine.record.layout_choice's constants were fitted to: estimated against measured
dot time.

    .venv/bin/python -m bench.layout_cost_fit

For each shape (hubs `x+x+...`, chains, MLPs, shared subexpressions) it prints the cost
measures, the estimate with the attributes draw_dot picks and with the fast ones, and dot's
time with each (a 12 s cap; "inf" means it hit the cap). dot's time varies a lot with machine
load; compare a row's estimate with its measurement, and prefer a quiet machine.
"""

from app.graph_image import with_fast_layout
from app.presets import LOSS, NEURON, mlp_loss_source
from bench.native import dot_seconds
from engine.record.layout_choice import layout_cost
from engine.worker.playground import run

CAP = 12.0  # seconds per dot run

SHAPES = [
    ("neuron", NEURON),
    ("loss", LOSS),
    *((f"sum x*{k}", "+".join(["x"] * k)) for k in (20, 30, 40, 50, 60, 80, 100)),
    *(
        (f"chain {k}", "\n".join(f"a{i} = a{i - 1}*1.01 + 1" if i else "a0 = 1" for i in range(k)))
        for k in (50, 200, 400)
    ),
    ("mlp 2-8-8-1", mlp_loss_source((2, 8, 8, 1))),
    ("mlp 2-16-16-1", mlp_loss_source()),
    ("mlp 2-24-24-1", mlp_loss_source((2, 24, 24, 1))),
    ("sum of 200 names", "+".join(f"x{i}" for i in range(200))),
    ("x = x*0.9 + y, 30", "x = x*0.9 + y\n" * 30),
    ("x = x*0.9 + y, 60", "x = x*0.9 + y\n" * 60),
    ("a = a*0.5 + a*0.5, 30", "a = 1.0\n" + "a = a*0.5 + a*0.5\n" * 30),
]


def main() -> None:
    print("| shape | drawn | virtual | ranks | estimate | dot | estimate (fast) | dot (fast) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, source in SHAPES:
        result = run(source)
        cost = layout_cost(result["trace"])
        measured = dot_seconds(result["dot"], CAP)
        fast = dot_seconds(with_fast_layout(result["dot"]), CAP)
        print(
            f"| {name} | {cost.drawn} | {cost.virtual} | {cost.ranks} | {cost.seconds():.2f} s "
            f"| {measured:.2f} s | {cost.seconds(fast=True):.2f} s | {fast:.2f} s |",
            flush=True,
        )


if __name__ == "__main__":
    main()
