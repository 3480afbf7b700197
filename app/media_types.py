"""File types the browser is strict about, registered before StaticFiles guesses any.

Python's table depends on the platform's mime.types: a `.wasm` served as anything but
`application/wasm` makes streaming compilation fail and `loadPyodide` hang, and a module
script (`.mjs`) needs a JavaScript type or the browser refuses it.
"""

import mimetypes

MEDIA_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".zip": "application/zip",
    ".whl": "application/zip",  # a wheel is a zip archive; GZip leaves it alone
}


def register() -> None:
    for extension, media_type in MEDIA_TYPES.items():
        mimetypes.add_type(media_type, extension)
