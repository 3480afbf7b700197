"""The playground in Jupyter: `Playground(o)` shows the stepping view of a `Value`'s backward pass
in JupyterLab, Notebook 7, VS Code and Colab (an anywidget; `pip install -e '.[jupyter]'`).

    from engine import Value
    from playground_widget import Playground

    x = Value(2.0, label="x"); y = (x * x).tanh(); y.label = "y"
    Playground(y)            # step with the buttons; .step follows them

Its front end is the page's own ES modules (static/js/widget.js and what it imports), bundled
into one module by esbuild at setup (scripts/build_bundle.mjs); the kernel traces the graph with
engine.trace and
lays it out with Graphviz, exactly as the server does for the page's first paint.
"""

from playground_widget.widget import Playground

__all__ = ["Playground"]
