"""Page options from the URL, the first run, and the JSON island's escaping."""

import json
from dataclasses import replace

import pytest

from app.first_paint import MAX_VALUES
from app.page_data import (
    MODE_LABELS,
    build_page,
    clamp_step,
    program_query,
    read_manifest,
    script_json,
)
from app.page_options import DESCENT, PageOptions, descent_fields, page_options, parse_int
from app.presets import DEFAULT_SOURCE, LOSS
from app.settings import Settings
from engine.record.tracing import DEFAULT_MODE, MODES

SETTINGS = Settings()  # the class defaults, as a server with no PLAYGROUND_* variables


def test_every_engine_mode_has_a_label():
    assert tuple(MODE_LABELS) == MODES


@pytest.mark.parametrize(
    ("text", "step"),
    [("3", 3), (" 7 ", 7), ("-2", -2), ("+4", 4), ("", None), (None, None), ("2.5", None)]
    + [("1e3", None), ("x", None), ("9" * 10, None), ("٣", None)],
)
def test_parse_int(text, step):
    assert parse_int(text) == step


@pytest.mark.parametrize(
    ("step", "n", "at_end", "expected"),
    [(None, 6, True, 6), (None, 6, False, 0), (3, 6, True, 3), (-1, 6, True, 0), (99, 6, False, 6)],
)
def test_clamp_step(step, n, at_end, expected):
    assert clamp_step(step, n, at_end) == expected


def test_page_options_defaults():
    assert page_options({}, embed=False) == PageOptions()
    assert page_options({}, embed=True) == PageOptions(embed=True)


@pytest.mark.parametrize(
    ("params", "controls", "editor"),
    [
        ({"controls": "0", "editor": "0"}, False, False),
        ({"controls": "false", "editor": "off"}, False, False),
        ({"controls": "1", "editor": "yes"}, True, True),
        ({"controls": "", "editor": "banana"}, True, True),
    ],
)
def test_embed_flags(params, controls, editor):
    options = page_options(params, embed=True)
    assert (options.controls, options.editor) == (controls, editor)


def test_only_an_embed_without_controls_starts_at_the_end():
    assert page_options({"controls": "0"}, embed=True).starts_at_end
    assert not page_options({"controls": "0"}, embed=False).starts_at_end
    assert not page_options({}, embed=True).starts_at_end


def test_program_query_leaves_out_defaults():
    assert program_query(DEFAULT_SOURCE, "correct", None) == ""
    assert program_query(DEFAULT_SOURCE, "overwrite", 2) == "mode=overwrite&step=2"
    assert program_query("a = 1", "correct", None) == "src=a+%3D+1"


def test_script_json_escapes_what_could_end_the_script():
    data = {"s": "</script><!-- <script> & \u2028 'quotes' \"double\"", "n": [1.5, "inf"]}
    text = str(script_json(data))
    assert not set("<>&") & set(text)
    assert json.loads(text) == data


def test_script_json_refuses_nan():
    with pytest.raises(ValueError):
        script_json({"x": float("nan")})


def test_read_manifest(tmp_path):
    path = tmp_path / "manifest.json"
    assert read_manifest(path) == {}
    path.write_text("not json")
    assert read_manifest(path) == {}
    path.write_text("[1, 2]")
    assert read_manifest(path) == {}
    path.write_text('{"viz": "/static/vendor/viz/3.31.0/viz.js"}')
    assert read_manifest(path) == {"viz": "/static/vendor/viz/3.31.0/viz.js"}


def test_build_page_for_a_valid_program():
    page = build_page(PageOptions(source=LOSS, step=4), {"viz": "v.js"}, SETTINGS)
    assert page.error is None and page.fallback is None
    assert page.n_steps == len(page.result["trace"]["backward"])
    assert page.step == 4
    data = json.loads(str(page.initial_data))
    assert set(data) == {
        "source", "mode", "step", "result", "vendor", "presets", "embed", "options",
        "run_limit_ms", "speed", "python_on_demand", "practice_tolerance", "values",
        "descent", "worker_heap_limit", "dot_style", "max_url_bytes", "python_bytes",
        "server_run", "run_limit_choices", "title_format", "default_mode",
        "layout_notes", "exercise",
    }  # fmt: skip
    assert data["speed"] == 1000 and data["python_on_demand"] is False
    assert data["max_url_bytes"] == Settings.max_request_bytes  # one limit: links, the server
    assert data["default_mode"] == DEFAULT_MODE == data["mode"]  # no ?mode: the default
    # The page shows the layout's progress on the graphs the server does not lay out first.
    assert data["dot_style"]["progress_over"] == MAX_VALUES

    assert data["vendor"] == {"viz": "v.js"}
    assert data["run_limit_ms"] == 5000
    assert data["run_limit_choices"] == [
        1.0,
        2.0,
        5.0,
        10.0,
        30.0,
        60.0,
    ]  # the reader's, in the page


def test_build_page_for_an_invalid_program():
    page = build_page(PageOptions(source="x = 1 +"), {}, SETTINGS)
    assert page.error is not None and page.error["line"] == 1
    assert page.fallback is not None and page.fallback["ok"]
    assert json.loads(str(page.initial_data))["fallback"] == page.fallback


def test_a_python_program_is_left_to_the_browser():
    source = "class V:\n    pass\nprint(V())"
    page = build_page(PageOptions(source=source, limit=2.5), {}, SETTINGS)
    assert page.python and page.error is None and page.fallback is None
    data = json.loads(str(page.initial_data))
    assert data["result"] == {"ok": False, "language": "python", "pending": True}
    assert data["run_limit_ms"] == 2500


def test_a_python_link_s_step_and_graph_are_sent_for_its_run():
    """The server cannot count a Python program's steps: the page applies them to the run."""
    params = {"src": "class V:\n    pass\nprint(V())", "step": "3", "graph": "1"}
    data = json.loads(str(build_page(page_options(params, embed=False), {}, SETTINGS).initial_data))
    assert (data["step"], data["options"]["graph"]) == (3, 1)
    assert page_options({"graph": "-1"}, embed=False).graph is None


def test_the_forward_pass_s_steps_count_in_a_link():
    from engine.worker.playground import run

    trace = run(LOSS)["trace"]
    n = len(trace["forward"]) + len(trace["backward"])
    options = page_options({"src": LOSS, "forward": "1", "step": str(n - 1)}, embed=False)
    assert build_page(options, {}, SETTINGS).step == n - 1
    assert build_page(
        page_options({"src": LOSS, "step": "99"}, embed=False), {}, SETTINGS
    ).step == len(trace["backward"])


@pytest.mark.parametrize(
    ("text", "seconds"), [("2", 2.0), ("0.5", None), ("61", None), ("x", None)]
)
def test_run_limit_from_the_url(text, seconds):
    assert page_options({"limit": text}, embed=False).limit == seconds


@pytest.mark.parametrize(("link", "expected_ms"), [("60", 5000), ("5", 5000), ("2", 2000)])
def test_a_link_may_lower_the_run_limit_never_raise_it(link, expected_ms):
    """`?limit=60&src=while True: pass` burned 61.5 s of a stranger's core (the audit)."""
    options = page_options({"limit": link, "src": "while True:\n    pass"}, embed=False)
    data = json.loads(str(build_page(options, {}, replace(SETTINGS, run_limit=5.0)).initial_data))
    assert data["run_limit_ms"] == expected_ms


def test_build_page_results_are_plain_json():
    page = build_page(PageOptions(source="a = 0.0\nb = log(a)\nc = b * 2"), {}, SETTINGS)
    data = json.loads(str(page.initial_data))
    assert data["result"]["ok"]
    assert data["result"]["trace"]["nonfinite"]  # -inf travels as a string


@pytest.mark.parametrize(
    ("text", "speed"), [("250", 250), ("2000", 2000), ("300", None), ("fast", None), (None, None)]
)
def test_embed_speed_is_one_of_the_menu_values(text, speed):
    params = {} if text is None else {"speed": text}
    assert page_options(params, embed=True).speed == speed
    assert page_options(params, embed=False).speed is None


def test_the_speed_and_python_on_demand_are_decided_here():
    picture = build_page(PageOptions(embed=True, controls=False, speed=250), {}, SETTINGS)
    data = json.loads(str(picture.initial_data))
    assert data["speed"] == 250 and data["python_on_demand"] is True
    # No speed in the URL: the server's default, in the data the player reads.
    plain = json.loads(str(build_page(PageOptions(embed=True), {}, SETTINGS).initial_data))
    assert plain["speed"] == PageOptions().step_ms == 1000


@pytest.mark.parametrize(
    ("query", "rate", "steps", "params"),
    [
        ({"rate": "0.25", "steps": "4", "params": "w1,w2"}, 0.25, 4, ("w1", "w2")),
        ({"rate": "0", "steps": "0", "params": ""}, None, None, ()),
        ({"rate": "nan", "steps": "1001", "params": "w1,w1,2x,a b"}, None, None, ("w1",)),
        ({"rate": "inf", "steps": "-3", "params": "ok," + "x" * 41}, None, None, ("ok",)),
        ({"rate": "1e3", "steps": "1000", "params": "é"}, None, 1000, ()),
    ],
)
def test_descent_options_from_the_url(query, rate, steps, params):
    options = page_options(query, embed=False)
    assert (options.rate, options.steps, options.params) == (rate, steps, params)
    fields = descent_fields(options)
    assert fields["rate"] == (rate if rate is not None else DESCENT["rate"])
    assert fields["steps"] == (steps if steps is not None else DESCENT["steps"])
