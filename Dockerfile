# The playground server. Three stages, so node_modules never reaches the final image:
#   node    - npm ci (Pyodide core, Graphviz WASM, CodeMirror, esbuild from package-lock.json)
#   vendor  - scripts/build_vendor.py turns them and engine/ into static/vendor, bundles our own
#             modules into static/js/bundle and precompresses static/ (tests/test_dockerfile.py
#             replays each stage's COPY set and build command, so this list can't drift)
#   runtime - Python, Debian's Graphviz, the app, static/ (vendor included); runs as a non-root user

FROM node:20-bookworm-slim AS node
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund


FROM python:3.11-slim-bookworm AS vendor
ENV PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
COPY --from=node /src/node_modules node_modules
# Node runs esbuild (build_editor.mjs: CodeMirror; build_bundle.mjs: static/js) and Pyodide
# (build_bytecode.mjs: the standard library's and the engine's bytecode).
COPY --from=node /usr/local/bin/node /usr/local/bin/node
COPY pyproject.toml ./
COPY engine engine
COPY static static
COPY scripts/build_vendor.py scripts/build_editor.mjs scripts/build_bundle.mjs scripts/build_bytecode.mjs scripts/stdlib_rest.py scripts/
RUN pip install brotli==1.2.1  # the pin in pyproject.toml; build_vendor.py checks they match
RUN python scripts/build_vendor.py


FROM python:3.11-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
RUN apt-get update \
    && apt-get install -y --no-install-recommends graphviz \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /srv/playground
COPY pyproject.toml README.md ./
COPY engine engine
COPY app app
RUN pip install .
COPY templates templates
# The built-in chapter of exercises, served at /learn (PLAYGROUND_EXERCISES names another folder)
COPY exercises exercises
# static/ as the vendor stage left it: vendor/, js/bundle/ and the precompressed copies
COPY --from=vendor /src/static static
RUN useradd --system --uid 10001 --no-create-home playground
USER playground
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4)"]
CMD ["python", "-m", "app.server", "--host", "0.0.0.0", "--port", "8000"]
