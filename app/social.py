"""Link previews of a page: the oEmbed discovery link, Open Graph and Twitter card tags, with
/card.png of the page's program as the picture (app.card_image: the graph on a card-sized
canvas). A chat app or LMS that unfurls a shared playground link then shows the graph itself;
for a Python program, which only the reader's browser runs, the card says so."""

from dataclasses import dataclass
from urllib.parse import urlencode

from fastapi import Request

from app.card_image import CARD
from app.embed_code import embed_code
from app.graph_image import PYTHON_NOTE
from app.oembed import PROVIDER
from app.origin import absolute_url, public_origin
from app.page_data import program_query
from app.page_options import PageOptions

IMAGE_ALT = "Computation graph of the program, with each value's data and grad"
DESCRIPTION = (
    "A micrograd computation graph: step its backward pass one _backward() at a time "
    "and watch each grad change."
)


@dataclass(frozen=True)
class LinkPreview:
    title: str
    description: str
    url: str  # this page, absolute
    image: str | None  # /card.png, absolute; None when the URL would be too long to fetch
    oembed: str | None  # the discovery link's href
    site_name: str = PROVIDER
    image_alt: str = IMAGE_ALT
    image_width: int = CARD[0]
    image_height: int = CARD[1]


def link_preview(request: Request, options: PageOptions) -> LinkPreview:
    """Parses the program (its output names the title): run it on an engine thread."""
    code = embed_code(public_origin(request), options)
    limit = request.app.state.settings.max_request_bytes
    url = absolute_url(request)
    query = program_query(options.source, options.mode, options.step)
    image = f"{public_origin(request)}/card.png" + (f"?{query}" if query else "")
    oembed = f"{public_origin(request)}/oembed?{urlencode({'url': url, 'format': 'json'})}"
    return LinkPreview(
        title=code.title,
        description=DESCRIPTION,
        url=url,
        image=image if len(image) <= limit else None,
        oembed=oembed if len(oembed) <= limit else None,
        image_alt=" ".join(PYTHON_NOTE) if code.image_note else IMAGE_ALT,  # a Python program
    )
