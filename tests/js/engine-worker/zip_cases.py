"""Zip archives for tests/js/engine-worker/zip-files.test.mjs, made by Python's zipfile, as base64
JSON."""

import base64
import io
import json
import zipfile

FILES = {
    "engine/__init__.py": b'"""The engine."""\n',
    "engine/__pycache__/value.cpython-314.pyc": bytes(range(256)) * 40,
    "engine/empty.py": b"",
    "engine/caf\u00e9.txt": "d\u00e9j\u00e0 vu\n".encode() * 300,
}


def archive(method: int, comment: bytes = b"", folders: bool = False) -> str:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as zip_file:
        if folders:
            zip_file.writestr(zipfile.ZipInfo("engine/"), b"")
        for name, data in FILES.items():
            zip_file.writestr(name, data)
        zip_file.comment = comment
    return base64.b64encode(out.getvalue()).decode()


print(
    json.dumps(
        {
            "files": {name: base64.b64encode(data).decode() for name, data in FILES.items()},
            "stored": archive(zipfile.ZIP_STORED, folders=True),
            "deflated": archive(zipfile.ZIP_DEFLATED, comment=b"a comment " * 50),
            "bzip2": archive(zipfile.ZIP_BZIP2),
        }
    )
)
