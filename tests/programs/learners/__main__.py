"""`python -m tests.programs.learners OUT`: the corpus as files in OUT, one NAME.py a program,
to read or to run one by hand (`python OUT/g01_micrograd_shape.py`)."""

import sys
from pathlib import Path

from tests.programs.learners import programs

out = Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
corpus = programs()
for name, text in corpus.items():
    (out / f"{name}.py").write_text(text)
print(f"wrote {len(corpus)} programs to {out}")
