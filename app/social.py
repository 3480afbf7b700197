"""Link previews of a page: the oEmbed discovery link, Open Graph and Twitter card tags, with
/graph.png of the page's program as the picture. A chat app or LMS that unfurls a shared
playground link then shows the graph itself."""

from dataclasses import dataclass
from urllib.parse import urlencode

from fastapi import Request

from app.embed_code import embed_code
from app.oembed import PROVIDER
from app.origin import absolute_url, public_origin
from app.page_data import PageOptions

DESCRIPTION = (
    "A micrograd computation graph: step its backward pass one _backward() at a time "
    "and watch each grad change."
)


@dataclass(frozen=True)
class LinkPreview:
    title: str
    description: str
    url: str  # this page, absolute
    image: str | None  # /graph.png, absolute; None when the URL would be too long to fetch
    oembed: str | None  # the discovery link's href
    site_name: str = PROVIDER


def link_preview(request: Request, options: PageOptions) -> LinkPreview:
    """Parses the program (its output names the title): run it on an engine thread."""
    code = embed_code(public_origin(request), options)
    limit = request.app.state.settings.max_request_bytes
    url = absolute_url(request)
    oembed = f"{public_origin(request)}/oembed?{urlencode({'url': url, 'format': 'json'})}"
    return LinkPreview(
        title=code.title,
        description=DESCRIPTION,
        url=url,
        image=code.thumbnail_url if len(code.thumbnail_url) <= limit else None,
        oembed=oembed if len(oembed) <= limit else None,
    )
