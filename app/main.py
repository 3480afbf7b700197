"""The ASGI app: `uvicorn app.main:app`. Wiring only; each piece lives in its own module."""

from fastapi import FastAPI
from fastapi.templating import Jinja2Templates

from app import card_image, downloads, graph_image, media_types, oembed, routes, server_runs
from app.assets import VersionedStatic, asset_prefix, asset_version
from app.compression import QualityGZipMiddleware
from app.dot import DotRenderer
from app.engine_runs import EngineGate
from app.exercise_pages import read_chapter
from app.head import HeadAsGetMiddleware
from app.headers import ResponseHeadersMiddleware
from app.limits import RequestSizeLimitMiddleware
from app.not_found import not_found
from app.settings import Settings
from app.static_files import PrecompressedStaticFiles


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()
    media_types.register()

    # No redirect of `/embed/` to `/embed`: Starlette writes the request's Host into its
    # Location, and nothing here may come from Host (app.origin).
    app = FastAPI(
        title="Autograd playground",
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
        redirect_slashes=False,
    )
    app.state.settings = settings
    app.state.templates = Jinja2Templates(directory=settings.templates_dir)
    app.state.templates.env.globals["assets"] = asset_prefix(settings.static_dir)
    app.state.engine = EngineGate()
    # The exercises at /learn, read once: a file with a problem stops the app here, listed.
    app.state.chapter = read_chapter(settings.exercises_dir)
    app.state.dot = DotRenderer(
        settings.dot_binary,
        timeout=settings.dot_timeout,
        concurrency=settings.dot_concurrency,
        per_client=settings.dot_per_client,
        failure_ttl=settings.dot_failure_ttl,
    )

    app.include_router(routes.router)
    app.include_router(graph_image.router)
    app.include_router(card_image.router)
    app.include_router(oembed.router)
    app.include_router(downloads.router)
    app.include_router(server_runs.router)
    app.add_exception_handler(404, not_found)
    static = PrecompressedStaticFiles(directory=settings.static_dir, check_dir=False)
    app.mount("/static", VersionedStatic(static), "static")

    # The last added runs first: headers wrap everything (even a 414), then the size limit.
    # GZip skips 206 partial responses and zip files, and keeps each file's Content-Type.
    app.add_middleware(
        QualityGZipMiddleware,
        minimum_size=settings.gzip_minimum_size,
        compresslevel=settings.gzip_level,
    )
    app.add_middleware(RequestSizeLimitMiddleware, max_bytes=settings.max_request_bytes)
    app.add_middleware(
        ResponseHeadersMiddleware,
        frame_ancestors=settings.frame_ancestors,
        hsts=settings.hsts,
        asset_version=asset_version(settings.static_dir),
    )
    app.add_middleware(HeadAsGetMiddleware)  # outermost: HEAD gets exactly GET's headers
    return app


app = create_app()
