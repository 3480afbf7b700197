"""A hostile corpus: programs and requests that once crashed, hung or corrupted something here
or in servers like this one. Each program goes through every route; see test_server.py."""

# (name, program)
PROGRAMS: list[tuple[str, str]] = [
    # code execution
    ("import", "__import__('os').system('id')"),
    ("dunder", "().__class__.__bases__[0].__subclasses__()"),
    ("attribute", "x.__class__"),
    ("open", "open('/etc/passwd').read()"),
    ("exec", "exec('print(1)')"),
    ("lambda", "f = lambda: 1"),
    ("comprehension", "[x for x in y]"),
    ("f-string", "f'{x}'"),
    ("import statement", "import os"),
    ("walrus", "(y := 3)"),
    # huge powers and numeric domain
    ("tower", "9**9**9"),
    ("big power", "2**10000000"),
    ("power of value", "x = 2.0\ny = x**x**x**x"),
    ("overflow", "exp(1000) * 0 + log(0) + log(-1) + 0**-1 + x/0 + (-8)**0.5"),
    # odd literals
    ("1e999", "1e999"),
    ("5000 digits", "1" * 5000),
    ("complex", "1j"),
    ("bool", "True + 1"),
    ("hex", "0x10"),
    ("underscores", "1_000"),
    ("tiny", "1e-400 + .5 + 5."),
    ("nan name", "nan + inf"),
    ("2.exp", "2.exp()"),
    ("2.0.exp", "2.0.exp()"),
    ("math.tanh", "math.tanh(x)"),
    # deep nesting
    ("brackets", "(" * 300 + "x" + ")" * 300),
    ("minus", "-" * 20000 + "x"),
    ("long sum", "+".join(["x"] * 3000)),
    ("continued sum", "x + \\\n" * 600 + "x"),  # one statement to the parser
    ("calls", "tanh(" * 60 + "x" + ")" * 60),
    # shared subexpressions: 91 nodes, 2**30 paths
    ("shared", "a = 1.0\n" + "a = a*0.5 + a*0.5\n" * 30),
    # fan-in bombs: slow to lay out
    ("hub 40", "+".join(["h"] * 40)),
    ("hub 251", "+".join(["x"] * 251)),
    ("hubs", "\n".join(f"s{j} = " + "+".join(["x"] * 30) for j in range(8)) + "\ns7"),
    # label injection
    ("brace", "x = Value(1.0, label='{x')"),
    ("bar", "x = Value(1.0, label='a|b')"),
    ("backslash", "x = Value(1.0, label='a\\\\')"),
    ("html label", "x = Value(1.0, label='<<TABLE HREF=\"javascript:alert(1)\">x</TABLE>>')"),
    ("svg break", "x = Value(1.0, label='</svg><script>alert(1)</script>')\ny = x*2"),
    ("attribute break", "x = Value(1.0, label='\" onload=\"alert(1)')"),
    ("entity", "x = Value(1.0, label='&amp;&lt;')"),
    ("escaped quote", "x = Value(1.0, label='it\\'s')"),
    ("long label", "x = Value(1.0, label='" + "a" * 41 + "')"),
    ("long name", "b" * 16_385 + " = 1"),
    ("unicode look-alike", "\u0430 = 1"),  # Cyrillic a
    ("CRLF", "x = 1\r\ny = x\r\n"),
    ("empty", ""),
    ("only comment", "# nothing"),
]
# every class of code point XML, DOT or UTF-8 cannot carry: raw, in a label, in a comment
for code in ["\x00", "\x01", "\x1b", "\x7f", "\x85", "\ud800", "\udfff", "\ufffe", "\uffff"]:
    name = f"U+{ord(code):04X}"
    PROGRAMS += [
        (f"{name} raw", f"x = 1{code}"),
        (f"{name} in a name", f"x{code} = 1"),
        (f"{name} in a comment", f"x = 1  # {code}"),
        (f"{name} in a label", f"x = Value(1.0, label='a{code}')"),
        (f"{name} escaped in a label", f"x = Value(1.0, label='a\\u{ord(code):04x}')"),
    ]
PROGRAMS += [("U+1FFFE escaped", "x = Value(1.0, label='\\U0001fffe')")]

# query strings with bad parameters, beside a good program
BAD_PARAMETERS: list[dict[str, str]] = [
    {"mode": "nonsense"},
    {"mode": "correct\r\nSet-Cookie: a=b"},
    {"step": "abc"},
    {"step": "99999999999999999999"},
    {"step": "-5"},
    {"step": "1e3"},
    {"theme": "<script>"},
    {"speed": "-1"},
    {"controls": "maybe"},
    {"autoplay": "1"},
    {"src": "x\r\nSet-Cookie: a=b"},
    # what-if values Python's json reads, or fails on, in ways a number cannot be
    {"values": '{"x1": NaN}'},
    {"values": '{"x1": Infinity}'},
    {"values": "[" * 2000 + "]" * 2000},
    {"values": '{"x1": ' + "9" * 400 + "}"},
]
