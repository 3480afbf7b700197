"""The Dockerfile builds: each stage's COPY set, replayed into a folder, is enough for that
stage's build command. There is no Docker daemon here (nor in CI), so the file is read and
its stages are acted out: COPY from the build context (less .dockerignore) or from an earlier
stage's folder, then the stage's RUN commands. A RUN command this test does not know fails it,
so a new build step must say here how it is replayed.

Replayed for real: `python scripts/build_vendor.py` (the step that broke when it began to run
build_bytecode.mjs and build_bundle.mjs, which the vendor stage did not copy), and the final
image's app, imported from its own folder and asked for `/`, an exercise and `/healthz`. Stood
in for: `npm ci` by a symlink to this checkout's node_modules, which `scripts/setup.sh` made with
`npm ci` from the same package-lock.json (checked below: the lock the stage copies is this
one) — a real `npm ci` needs the network and ~1 minute, and what it would give is what is
linked; the system packages (apt-get, the runtime's `pip install .`, `useradd`), which this
machine's environment already provides and which copy nothing from the context.
"""

import fnmatch
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# RUN commands replayed by standing in for them (see the docstring); anything else fails.
STAND_INS = {
    "npm ci": "link node_modules",
    "pip install brotli==": "skip",  # in .venv at the same pin: build_vendor.py checks it
    "apt-get update": "skip",
    "pip install .": "skip",  # the runtime's own dependencies; the app is imported below
    "useradd": "skip",
}
RUNS = {"python scripts/build_vendor.py"}  # run for real, with this Python


class Stage:
    def __init__(self, name: str, index: int):
        self.name = name
        self.index = index
        self.workdir = "/"
        self.copies: list[tuple[str | None, list[str], str]] = []  # (from, sources, dest)
        self.runs: list[str] = []


def _instructions(text: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) with line continuations joined and comments dropped."""
    out, pending = [], ""
    for raw in text.splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        line = line.split("  #")[0].rstrip() if " #" in line else line
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        line, pending = pending + line, ""
        keyword, _, rest = line.partition(" ")
        out.append((keyword.upper(), rest.strip()))
    return out


def stages() -> list[Stage]:
    found: list[Stage] = []
    for keyword, rest in _instructions((ROOT / "Dockerfile").read_text()):
        if keyword == "FROM":
            words = rest.split()
            name = words[2] if len(words) > 2 and words[1].upper() == "AS" else f"#{len(found)}"
            found.append(Stage(name, len(found)))
        elif keyword == "WORKDIR":
            found[-1].workdir = rest
        elif keyword == "COPY":
            words = shlex.split(rest)
            source = next((w.split("=", 1)[1] for w in words if w.startswith("--from=")), None)
            paths = [w for w in words if not w.startswith("--")]
            found[-1].copies.append((source, paths[:-1], paths[-1]))
        elif keyword == "RUN":
            found[-1].runs.append(rest)
    return found


def _ignored(relative: str, patterns: list[str]) -> bool:
    parts = relative.split("/")
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    for pattern in patterns:
        plain = pattern.removeprefix("**/")
        for prefix in prefixes:
            if fnmatch.fnmatch(prefix, pattern) or fnmatch.fnmatch(prefix.split("/")[-1], plain):
                if pattern.startswith("**/") or "/" in pattern or prefix == parts[0]:
                    return True
                if fnmatch.fnmatch(prefix, pattern):
                    return True
    return False


def _dockerignore() -> list[str]:
    lines = (ROOT / ".dockerignore").read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def _copy_tree(src: Path, dest: Path, relative_root: Path | None, ignore: list[str]) -> None:
    """Copy `src` to `dest` as COPY does (a folder's contents; a file as it is); files the
    .dockerignore leaves out of the context are not there to copy."""
    if src.is_dir():
        for path in sorted(src.rglob("*")):
            rel = path.relative_to(src)
            if relative_root is not None and _ignored(
                path.relative_to(relative_root).as_posix(), ignore
            ):
                continue
            if path.is_file():
                (dest / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, dest / rel)
    else:
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dest)


def _target(stage_dir: Path, workdir: str, dest: str) -> Path:
    path = dest if dest.startswith("/") else f"{workdir.rstrip('/')}/{dest}"
    return stage_dir / path.lstrip("/")


def replay(stage: Stage, dirs: dict[str, Path], base: Path) -> Path:
    """The stage's folder (its filesystem root) after its COPY and RUN steps."""
    stage_dir = base / stage.name.strip("#")
    ignore = _dockerignore()
    for source, paths, dest in stage.copies:
        for path in paths:
            if source is None:  # the build context
                if _ignored(path.rstrip("/"), ignore):
                    pytest.fail(f"stage {stage.name}: COPY {path}, which .dockerignore leaves out")
                src = ROOT / path
                assert src.exists(), f"stage {stage.name}: COPY {path}: not in the context"
                relative_root: Path | None = ROOT
            else:
                if not path.startswith(f"{dirs_workdir[source]}/"):
                    continue  # a system file of the other image (its node binary): ours is on PATH
                src = dirs[source] / path.lstrip("/")
                assert src.exists(), f"stage {stage.name}: COPY --from={source} {path}: not made"
                relative_root = None
            to = _target(stage_dir, stage.workdir, dest)
            if dest.endswith("/") and src.is_file():
                to = to / src.name
            _copy_tree(src, to, relative_root, ignore)
    work = _target(stage_dir, stage.workdir, ".")
    work.mkdir(parents=True, exist_ok=True)
    for command in stage.runs:
        stand_in = next((v for k, v in STAND_INS.items() if command.startswith(k)), None)
        if stand_in == "link node_modules":
            for lock in ("package.json", "package-lock.json"):
                assert (work / lock).read_bytes() == (ROOT / lock).read_bytes()
            (work / "node_modules").symlink_to(ROOT / "node_modules")
        elif stand_in == "skip":
            continue
        elif command in RUNS:
            argv = shlex.split(command)
            argv[0] = sys.executable
            env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
            done = subprocess.run(argv, cwd=work, env=env, capture_output=True, text=True)
            assert done.returncode == 0, f"stage {stage.name}: {command}\n{done.stderr[-3000:]}"
        else:
            pytest.fail(f"stage {stage.name}: RUN {command}: not known to tests/test_dockerfile.py")
    dirs[stage.name] = stage_dir
    dirs_workdir[stage.name] = stage.workdir.rstrip("/")
    return work


dirs_workdir: dict[str, str] = {}


def test_the_stages_are_the_ones_this_test_knows():
    assert [s.name for s in stages()] == ["node", "vendor", "#2"]
    runs = [r for s in stages() for r in s.runs]
    assert all(r in RUNS or any(r.startswith(k) for k in STAND_INS) for r in runs), runs


@pytest.mark.skipif(not (ROOT / "node_modules").is_dir(), reason="needs npm ci (setup.sh)")
@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_each_stage_builds_from_what_it_copies(tmp_path):
    dirs: dict[str, Path] = {}
    work = None
    for stage in stages():
        work = replay(stage, dirs, tmp_path)
    assert work is not None
    vendor = work / "static" / "vendor"
    assert (vendor / "manifest.json").is_file()
    assert (work / "static" / "js" / "bundle" / "main.js").is_file()
    # The final image's app, from its own folder only: the page and its health check answer.
    probe = (
        "import sys; sys.path.insert(0, '.')\n"
        "from fastapi.testclient import TestClient\n"
        "from app.main import app\n"
        "import app.main as m, engine\n"
        "assert m.__file__.startswith(sys.argv[1]) and engine.__file__.startswith(sys.argv[1])\n"
        "c = TestClient(app)\n"
        "assert c.get('/healthz').status_code == 200\n"
        "page = c.get('/')\n"
        "assert page.status_code == 200 and 'js/bundle/main.js' in page.text, page.text[:500]\n"
        "learn = c.get('/learn/neuron')\n"
        "assert learn.status_code == 200 and 'exercise-check' in learn.text, learn.text[:500]\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("PLAYGROUND_")}
    done = subprocess.run(
        [sys.executable, "-c", probe, str(work)], cwd=work, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-3000:]
