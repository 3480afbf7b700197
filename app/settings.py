"""Every knob of the server in one place, read from the environment once at startup.

Environment variables (all optional):

    PLAYGROUND_FRAME_ANCESTORS  CSP frame-ancestors: who may embed the page in an iframe
                                (default "*": embedding in course sites is a feature); a
                                space-separated list of sources, checked at startup
    PLAYGROUND_HSTS             Strict-Transport-Security sent on HTTPS requests, e.g.
                                "max-age=31536000; includeSubDomains" (default: none). Behind
                                a TLS proxy, run uvicorn with --proxy-headers so it sees https.
    PLAYGROUND_PUBLIC_ORIGIN    the address readers reach this server at, e.g.
                                "https://playground.example.edu" (a path prefix may follow):
                                the start of every absolute URL (oEmbed, og:url, the Embed
                                dialog's snippets). Default: none, and absolute URLs name
                                http://127.0.0.1 and the port the request arrived on. Never
                                taken from a request's Host header.
    PLAYGROUND_HEADER_TIMEOUT   seconds a client may take to send a request's head
                                (default 10); then the connection is closed with a 408
    PLAYGROUND_KEEP_ALIVE       seconds an idle connection is kept open between requests
                                (default 5)
    PLAYGROUND_STATIC_DIR       where /static is served from (default: <project>/static)
    PLAYGROUND_TEMPLATES_DIR    the Jinja2 templates (default: <project>/templates)
    PLAYGROUND_DOT              the Graphviz dot binary for /graph.svg (default "dot")
    PLAYGROUND_RUN_LIMIT        seconds a learner's Python may run in the browser's worker
                                before it is stopped (default 5; a link's `limit` may only lower it)
    PLAYGROUND_EXERCISES        the folder of exercise files served at /learn (default:
                                <project>/exercises, the built-in chapter; docs/exercises.md).
                                Read once at startup: a file with a problem stops the server
                                with every problem listed, as `python -m app.exercises check`
                                says them
"""

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

# CSP source expressions (CSP3 §2.3.1), the ones frame-ancestors takes: 'self', 'none' (alone),
# a scheme (https:), or a host with an optional scheme, port and path. No ';' or ',' can pass,
# so a setting cannot add a directive or a second policy.
_SCHEME_SOURCE = r"[a-zA-Z][a-zA-Z0-9+.-]*:"
_HOST_SOURCE = (
    r"(?:[a-zA-Z][a-zA-Z0-9+.-]*://)?(?:\*|(?:\*\.)?[a-zA-Z0-9-]+(?:\.[a-zA-Z0-9-]+)*)"
    r"(?::(?:[0-9]+|\*))?(?:/[a-zA-Z0-9._~!$&'()*+=:@/%-]*)?"
)
_SOURCE = re.compile(rf"'self'|\*|{_SCHEME_SOURCE}|{_HOST_SOURCE}")
# http(s)://host[:port][/path], no user, query or fragment, nothing HTML or a header would
# need to escape.
_ORIGIN = re.compile(
    r"https?://[a-zA-Z0-9-]+(?:\.[a-zA-Z0-9-]+)*(?::[0-9]{1,5})?(?:/[a-zA-Z0-9._~!$()*+,;=:@%-]*)*"
)
_HSTS = re.compile(r"max-age=[0-9]{1,9}(?:; ?includeSubDomains)?(?:; ?preload)?")


def check_frame_ancestors(value: str) -> str:
    """The value, if it is a valid frame-ancestors source list; else ValueError."""
    sources = value.split()
    if value != " ".join(sources):  # also no tab or line break: a header is one line
        raise ValueError(f"PLAYGROUND_FRAME_ANCESTORS: {value!r} has stray white space")
    if sources == ["'none'"]:
        return value
    bad = [s for s in sources if ";" in s or "," in s or not _SOURCE.fullmatch(s)]
    if not sources or bad:
        raise ValueError(
            f"PLAYGROUND_FRAME_ANCESTORS: {bad[0] if bad else value!r} is not a CSP source; "
            "use 'self', 'none', *, https: or hosts like https://lms.example.edu"
        )
    return value


def check_hsts(value: str) -> str:
    if value and not _HSTS.fullmatch(value):
        raise ValueError(
            f"PLAYGROUND_HSTS: {value!r} is not a Strict-Transport-Security value; "
            "use e.g. max-age=31536000; includeSubDomains"
        )
    return value


def check_public_origin(value: str) -> str:
    """The origin without a trailing slash, if it is one ("" is none); else ValueError."""
    value = value.rstrip("/")
    if value and not _ORIGIN.fullmatch(value):
        raise ValueError(
            f"PLAYGROUND_PUBLIC_ORIGIN: {value!r} is not an http(s) origin; use e.g. "
            "https://playground.example.edu (a path may follow; no query, user or fragment)"
        )
    return value


def _seconds(name: str, text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = 0.0
    if not 0 < seconds <= 3600:
        raise ValueError(f"{name}: {text!r} is not a number of seconds between 0 and 3600")
    return seconds


def project_root() -> Path:
    """The checkout (templates/ beside app/), or the working directory when `app` is installed
    into site-packages and run from the project directory, as the Docker image does."""
    checkout = Path(__file__).resolve().parent.parent
    return checkout if (checkout / "templates").is_dir() else Path.cwd()


RUN_LIMITS = (1.0, 60.0)  # seconds: the range a setting or a URL may choose


def run_limit_choices(default: float) -> list[float]:
    """The run limits a reader may pick in the page (seconds): a few steps within RUN_LIMITS,
    and the server's own."""
    low, high = RUN_LIMITS
    return sorted({s for s in (1.0, 2.0, 5.0, 10.0, 30.0, 60.0) if low <= s <= high} | {default})


def run_limit(text: str | None) -> float | None:
    """A run limit in seconds within RUN_LIMITS, or None when `text` is not one."""
    try:
        seconds = float((text or "").strip())
    except ValueError:
        return None
    low, high = RUN_LIMITS
    return seconds if low <= seconds <= high else None


@dataclass(frozen=True)
class Settings:
    static_dir: Path = field(default_factory=lambda: project_root() / "static")
    templates_dir: Path = field(default_factory=lambda: project_root() / "templates")
    frame_ancestors: str = "*"
    hsts: str = ""  # Strict-Transport-Security for HTTPS requests; "" sends none
    public_origin: str = ""  # absolute URLs start with it; "" : http://127.0.0.1:<port>
    header_timeout: float = 10.0  # seconds to receive a request's head, then 408 and close
    keep_alive_timeout: float = 5.0  # seconds an idle connection stays open (uvicorn's)
    # The longest URL query or request body accepted. A program may have 50,000 characters
    # (engine.language.prescan), but ones that long are typed, not linked; the MLP preset is 14 KB
    # encoded.
    max_request_bytes: int = 60 * 1024
    dot_binary: str = "dot"
    # /graph.svg refuses graphs estimated to take longer (engine.record.layout_choice)
    dot_budget: float = 1.0
    dot_timeout: float = 5.0  # seconds before a /graph.svg layout is killed (estimates err,
    # and a loaded machine takes 2-4x the estimate)
    first_paint_wait: float = 0.3  # the most a page waits for dot; then the browser lays it out
    dot_concurrency: int = 3  # dot processes at once; more requests wait 1 s, then get a 503
    dot_per_client: int = 1  # expensive layouts at once for one client address; more get a 429
    dot_failure_ttl: float = 10.0  # seconds a failed layout is remembered (answered at once)
    max_page_data: int = 2_000_000  # bytes of JSON a page inlines; a bigger result is left out
    gzip_minimum_size: int = 1000
    gzip_level: int = 6  # 9 takes twice as long on the 9.6 MB Pyodide wasm, for 0.5% fewer bytes
    run_limit: float = 5.0  # seconds; the page's worker enforces it, the server never runs Python
    exercises_dir: Path = field(default_factory=lambda: project_root() / "exercises")

    def __post_init__(self) -> None:
        check_frame_ancestors(self.frame_ancestors)
        check_hsts(self.hsts)
        if check_public_origin(self.public_origin) != self.public_origin:
            raise ValueError(f"public_origin {self.public_origin!r} ends with a slash")

    @property
    def vendor_manifest(self) -> Path:
        return self.static_dir / "vendor" / "manifest.json"

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> "Settings":
        env = os.environ if environ is None else environ
        overrides: dict[str, object] = {}
        if "PLAYGROUND_FRAME_ANCESTORS" in env:
            overrides["frame_ancestors"] = (
                " ".join(env["PLAYGROUND_FRAME_ANCESTORS"].split()) or "'none'"
            )
        if "PLAYGROUND_HSTS" in env:
            overrides["hsts"] = env["PLAYGROUND_HSTS"].strip()
        if "PLAYGROUND_PUBLIC_ORIGIN" in env:
            overrides["public_origin"] = check_public_origin(
                env["PLAYGROUND_PUBLIC_ORIGIN"].strip()
            )
        if "PLAYGROUND_HEADER_TIMEOUT" in env:
            overrides["header_timeout"] = _seconds(
                "PLAYGROUND_HEADER_TIMEOUT", env["PLAYGROUND_HEADER_TIMEOUT"]
            )
        if "PLAYGROUND_KEEP_ALIVE" in env:
            overrides["keep_alive_timeout"] = _seconds(
                "PLAYGROUND_KEEP_ALIVE", env["PLAYGROUND_KEEP_ALIVE"]
            )
        if "PLAYGROUND_STATIC_DIR" in env:
            overrides["static_dir"] = Path(env["PLAYGROUND_STATIC_DIR"])
        if "PLAYGROUND_TEMPLATES_DIR" in env:
            overrides["templates_dir"] = Path(env["PLAYGROUND_TEMPLATES_DIR"])
        if "PLAYGROUND_DOT" in env:
            overrides["dot_binary"] = env["PLAYGROUND_DOT"]
        if "PLAYGROUND_EXERCISES" in env:
            overrides["exercises_dir"] = Path(env["PLAYGROUND_EXERCISES"])
        if "PLAYGROUND_RUN_LIMIT" in env:
            overrides["run_limit"] = run_limit(env["PLAYGROUND_RUN_LIMIT"]) or cls.run_limit
        return cls(**overrides)  # type: ignore[arg-type]
