"""The exercises' command line (docs/exercises.md):

    python -m app.exercises check DIR_OR_FILE…

Exit status 0 when every exercise is good, 1 when problems were found (one `file:line:` line
each), 2 for a usage error.
"""

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from app.exercises import runs
from app.exercises.check import check_paths
from app.exercises.verify import Runner


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m app.exercises",
        description="Check exercise files before publishing them (docs/exercises.md).",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    check = commands.add_parser(
        "check",
        help="read every file, then run each solution and starter against its checks",
        description="Exit status: 0 all good, 1 problems found, 2 usage error.",
    )
    check.add_argument("paths", nargs="+", type=Path, metavar="DIR_OR_FILE")
    return parser


def main(
    argv: Sequence[str] | None = None, run: Runner = runs.run_checks, out: TextIO | None = None
) -> int:
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # argparse said what was wrong on stderr
        return stop.code if isinstance(stop.code, int) else 2
    missing = [str(p) for p in args.paths if not p.exists()]
    if missing:
        parser.print_usage(sys.stderr)
        print(f"{parser.prog}: error: not found: {', '.join(missing)}", file=sys.stderr)
        return 2
    stream = out or sys.stdout
    return check_paths(args.paths, run, lambda line: print(line, file=stream, flush=True))


if __name__ == "__main__":
    sys.exit(main())
