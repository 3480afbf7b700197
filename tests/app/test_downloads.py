"""GET /download/…: the program as .py and .ipynb, the page as a website zip."""

import io
import json
import zipfile
from urllib.parse import urlencode

from app.presets import LOSS, NEURON


def get(client, path: str, **params):
    return client.get(f"/download/{path}?{urlencode(params)}")


def test_python_file(client):
    response = get(client, "program.py", src=LOSS)
    assert response.status_code == 200
    assert response.headers["content-disposition"] == 'attachment; filename="playground.py"'
    assert response.text.startswith('"""') and "loss.backward()" in response.text
    micrograd = get(client, "program.py", src=LOSS, variant="micrograd")
    assert "from micrograd.engine import Value" in micrograd.text
    assert "playground_micrograd.py" in micrograd.headers["content-disposition"]


def test_a_program_micrograd_cannot_run_is_a_400_that_says_why(client):
    response = get(client, "program.py", src=NEURON, variant="micrograd")
    assert response.status_code == 400
    assert response.text == "This program does not fit micrograd: micrograd's Value has no .tanh()"


def test_notebook(client):
    response = get(client, "program.ipynb", src=NEURON, mode="accumulate")
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/x-ipynb+json"
    cells = json.loads(response.text)["cells"]
    assert "o.backward(accumulate=True)" in "".join(cells[-3]["source"])


def test_errors_are_400_with_the_position(client):
    response = get(client, "program.ipynb", src="x = (")
    assert response.status_code == 400 and "line 1, column" in response.text
    assert get(client, "program.py", mode="nope").status_code == 400
    assert get(client, "program.py", variant="torch").status_code == 400
    assert get(client, "website.zip", src="1 +").status_code == 400


def test_website_zip(client):
    response = get(client, "website.zip", src=LOSS, step="2")
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    assert "playground/index.html" in archive.namelist()
    assert '"step":2' in archive.read("playground/index.html").decode()


PYTHON = "from engine import Value\n\na = Value(2.0)\nL = a * a\nL.backward()\nprint(a.grad)\n"


def test_a_python_program_is_kept_as_written_never_run(client):
    response = get(client, "program.py", src=PYTHON)
    assert response.status_code == 200 and response.text == PYTHON
    micrograd = get(client, "program.py", src=PYTHON, variant="micrograd")
    assert micrograd.status_code == 400 and "Python already" in micrograd.text
    book = json.loads(get(client, "program.ipynb", src=PYTHON).text)
    assert "".join(book["cells"][-1]["source"]) == PYTHON.rstrip()
    assert "class Value:" in "".join(book["cells"][1]["source"])


def test_a_python_program_s_website_runs_it_in_the_browser(client):
    response = get(client, "website.zip", src=PYTHON, step="1")
    assert response.status_code == 200, response.text
    page = zipfile.ZipFile(io.BytesIO(response.content)).read("playground/index.html").decode()
    assert '"pending":true' in page
