"""GET /run: the expression language run on the server while the page's Python downloads
(app/server_runs.py): the engine's record, and dot's SVG of it; never a learner's Python."""

from dataclasses import replace
from urllib.parse import urlencode

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.presets import LOSS
from engine.worker.playground import run


def get(client, **params):
    return client.get("/run?" + urlencode(params))


@pytest.mark.needs_dot
def test_a_program_in_the_language_is_the_engines_record_with_the_servers_svg(client):
    response = get(client, src=LOSS)
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    assert response.headers["cache-control"] == "public, max-age=3600"  # the URL says it all
    result = response.json()
    expected = run(LOSS)
    assert result["trace"] == expected["trace"]
    assert result["inputs"] == expected["inputs"]
    assert "dot" not in result  # the page writes its own DOT from a record
    assert result["svg"].startswith("<svg") and 'id="n0"' in result["svg"]


def test_mode_and_values_are_those_of_the_page(client):
    result = get(client, src="y = x * 3", mode="overwrite", values='{"x": 2}').json()
    assert result["trace"] == run("y = x * 3", "overwrite", {"x": 2.0})["trace"]
    assert result["inputs"] == {"x": 2.0}


def test_a_mistake_is_a_result_with_its_position(client):
    response = get(client, src="y = 2 *")
    assert response.status_code == 200
    result = response.json()
    assert result["ok"] is False and result["error"]["line"] == 1 and "svg" not in result


@pytest.mark.parametrize(
    "source",
    ["def f(x):\n    return x\ny = f(2)", "print(2 * 3)", "__import__('os').system('id')"],
)
def test_python_is_never_run_here(client, source, monkeypatch):
    import engine.worker.runner

    def refuse(*args, **kwargs):
        raise AssertionError("the server ran a learner's Python")

    monkeypatch.setattr(engine.worker.runner, "run_program", refuse)
    result = get(client, src=source).json()
    if source.startswith("__import__"):  # the language's own refusal, with a position
        assert result["ok"] is False and result["error"]["line"] == 1
    else:
        assert result == {"ok": False, "language": "python", "pending": True}


@pytest.mark.parametrize(
    ("params", "says"),
    [
        ({}, "src is missing"),
        ({"src": "y = 2", "mode": "sideways"}, "mode must be one of"),
        ({"src": "y = 2", "values": "[1]"}, "values: want an object"),
        ({"src": "y = 2", "values": '{"x": NaN}'}, "finite numbers"),
    ],
)
def test_bad_options_are_a_400_that_says_why(client, params, says):
    response = get(client, **params)
    assert response.status_code == 400
    assert says in response.text


def test_head_answers_as_get(client):
    head = client.head("/run?src=y%20%3D%202")
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-length"] == get(client, src="y = 2").headers["content-length"]


def test_past_its_share_the_answer_is_refused_and_not_cached(client):
    client.app.state.engine.per_client = 0
    response = get(client, src="y = 2")
    assert response.status_code == 429
    assert response.headers["retry-after"] == "1"
    assert response.headers["cache-control"] == "no-store"


def test_a_record_too_big_to_send_is_refused(settings):
    with TestClient(create_app(replace(settings, max_page_data=100))) as small:
        response = get(small, src="y = 2 * 3")
    assert response.status_code == 413
    assert "Python draws it" in response.text
