"""What the browser's engine worker asks of Python (playground: text in, JSON out), and what
it needs for that: running a learner's real program like a notebook cell (runner, cell,
toplevel, micrograd), the live graph the learning modes act on (session, moons) and the
what-if reruns (whatif, whatif_code). May import all of the engine.
"""
