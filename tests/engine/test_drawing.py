"""engine.drawing: micrograd's draw_dot with stable ids and safe record labels."""

import html
import re
import subprocess

import pytest

from engine import Value, draw_dot, parse, trace
from engine.record.dot import dot_source, escape_record, layout_attributes


def test_records_ops_and_ids():
    a = Value(2.0, label="a")
    b = a * a
    b.label = "b"
    dot = draw_dot(b)
    src = dot.source
    assert 'n0 [label="a|data\\ 2.0000|grad\\ 0.0000"' in src  # left to right: stacked
    assert 'n1_op [label="*"' in src
    assert src.count("n0 -> n1_op") == 2  # one edge per use
    assert "rankdir=LR" in src
    assert dot.format == "svg"
    assert draw_dot(b).source == src  # deterministic


@pytest.mark.parametrize(
    "label", ["{x", "a|b", "a\\", '<<TABLE HREF="javascript:alert(1)">x>', 'q"q', "x y"]
)
def test_user_labels_are_escaped_record_text(label):
    src = draw_dot(Value(1.0, label=label)).source
    field = re.search(r'label="(.*)\|data', src).group(1)
    unescaped = re.sub(r"\\(.)", r"\1", field)
    assert unescaped == label
    assert "label=<" not in src


@pytest.mark.needs_dot
@pytest.mark.parametrize("label", ["{x", "a|b", "a\\", '<<TABLE HREF="javascript:alert(1)">x>'])
def test_rendered_svg_shows_labels_literally(label):
    svg = draw_dot(Value(1.0, label=label)).pipe(format="svg").decode()
    assert re.search(r"<a\b|href=", svg) is None  # no link: the label stayed text
    texts = [html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]
    assert texts[0] == label
    assert texts[1:] == ["data 1.0000", "grad 0.0000"]


@pytest.mark.needs_dot
@pytest.mark.parametrize("rankdir", ["TB", "LR"])
def test_fields_are_stacked_whichever_way_the_graph_runs(rankdir):
    """label over data over grad, as on the page: one column of three texts."""
    record = trace(parse("y = x * 2"))
    dot = dot_source(record, rankdir).encode()
    svg = subprocess.run(["dot", "-Tsvg"], input=dot, capture_output=True, check=True).stdout
    group = re.search(r'<g id="n0" class="node value leaf">(.*?)</g>', svg.decode(), re.S)[1]
    texts = re.findall(r'<text [^>]*x="([-\d.]+)" y="([-\d.]+)"[^>]*>([^<]*)<', group)
    assert [t for _, _, t in texts] == ["x", "data 1.0000", "grad 0.0000"]
    assert len({x for x, _, _ in texts}) == 1
    ys = [float(y) for _, y, _ in texts]
    assert ys == sorted(ys) and ys[0] < ys[-1]


def test_the_page_draws_top_to_bottom_and_compact():
    src = dot_source(trace(parse("y = x * 2")))
    assert "rankdir=TB nodesep=0.1 ranksep=0.2" in src
    assert 'margin="0.06,0.03"' in src  # a point is quoted
    assert 'n0 [label="{x|data\\ 1.0000|grad\\ 0.0000}"' in src


@pytest.mark.needs_dot
def test_svg_ids_match_trace_ids():
    program = parse("o = tanh(x*w + b)")
    record = trace(program)
    svg = subprocess.run(
        ["dot", "-Tsvg"], input=dot_source(record).encode(), capture_output=True, check=True
    ).stdout.decode()
    for node in record["nodes"]:
        assert f'id="{node["id"]}"' in svg
    for edge in record["edges"]:
        assert f'id="{edge["id"].replace("-", "&#45;")}"' in svg


def test_page_dot_names_unlabelled_values_like_the_rules_do():
    program = parse("y = 2*x + 1")
    record = trace(program)
    src = dot_source(record)
    assert [n["name"] for n in record["nodes"]] == ["(2)", "x", "(2*x)", "(1)", "y"]
    assert [n["constant"] for n in record["nodes"]] == [True, False, False, True, False]
    assert 'n0 [label="{2}" class="value leaf constant"' in src
    assert 'n3 [label="{1}"' in src and 'n2 [label="{2*x|' in src
    assert "(2).data" in record["backward"][-1]["lines"][1]["rule"]
    assert program.output._children[1].label == ""  # the program itself is untouched


def test_layout_adapts_to_size():
    assert layout_attributes(20) == {}
    assert layout_attributes(2000)["mclimit"] == "0.01"


def test_page_dot_lays_out_widest_text():
    program = parse("y = x * 1000")
    record = trace(program)
    assert "grad\\ 1000.0000" in dot_source(record)
    assert escape_record("a b") == "a\\ b"


def test_jupyter_inline_display():
    dot = draw_dot(Value(1.0))
    assert hasattr(dot, "_repr_mimebundle_")


def test_bad_rankdir():
    with pytest.raises(ValueError):
        draw_dot(Value(1.0), rankdir="XY")


@pytest.mark.needs_dot
def test_dot_binary_handles_the_mlp_preset_quickly():
    source = (
        "\n".join(f"h{i} = tanh(x*{i / 10} + b)" for i in range(30))
        + "\ny = "
        + "+".join(f"h{i}" for i in range(30))
    )
    program = parse(source)
    result = subprocess.run(
        ["dot", "-Tsvg"], input=dot_source(trace(program)).encode(), capture_output=True, timeout=60
    )
    assert result.returncode == 0
