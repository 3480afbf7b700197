"""What the playground's templates read (templates/index.html and the pages that extend it), in
one place for the two that render them: the served page (app/routes.py) and the static export
(app/export_page.py). Each adds only what differs: the served page its CSP nonce, link preview
and noscript image; the export its relative manifest and no server-only controls."""

from typing import Any

from markupsafe import Markup

from app.module_graph import page_scripts
from app.page_data import MODE_LABELS, MOONS, Page
from app.page_options import SPEEDS, THEMES, PageOptions, descent_fields
from app.presets import PRESETS
from app.settings import Settings


def page_context(
    page: Page, options: PageOptions, settings: Settings, svg: Markup | None, **extra: Any
) -> dict[str, Any]:
    """The template's context for `page` drawn with `options`, its first graph laid out as `svg`
    (None: the browser lays it out); `extra` adds to it or replaces."""
    return {
        "page": page,
        "options": options,
        "modes": MODE_LABELS,
        "presets": PRESETS,
        "speeds": SPEEDS,
        "themes": THEMES,
        "speed": options.step_ms,
        "descent": descent_fields(options),
        "moons": MOONS,
        "first_svg": svg,
        "scripts": page_scripts(settings.static_dir),
        **extra,
    }
