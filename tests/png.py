"""PNGs read back in pure Python, for the tests of the pictures the server draws and the page
downloads or screenshots (tests/app/test_card_image.py, tests/browser/test_graph_tiles.py,
test_page_downloads.py): 8-bit RGB or RGBA, not interlaced, the only kind those write."""

import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def image_data(png: bytes) -> tuple[int, int, int, bytes]:
    """Width, height, channels (3 or 4) and the inflated image data, its rows still filtered;
    each chunk's CRC checked and the data's length the size's."""
    assert png[:8] == SIGNATURE
    position, chunks = 8, {}
    while position < len(png):
        (length,) = struct.unpack(">I", png[position : position + 4])
        kind = png[position + 4 : position + 8]
        body = png[position + 8 : position + 8 + length]
        assert zlib.crc32(kind + body) == struct.unpack(">I", png[position + 8 + length :][:4])[0]
        chunks[kind] = chunks.get(kind, b"") + body
        position += 12 + length
    width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert depth == 8 and color in (2, 6) and interlace == 0
    channels = {2: 3, 6: 4}[color]
    raw = zlib.decompress(chunks[b"IDAT"])
    assert len(raw) == height * (1 + width * channels)
    return width, height, channels, raw


def pixels(png: bytes) -> tuple[int, int, int, list[bytes]]:
    """Width, height, channels and the rows, unfiltered: each row's first byte names the filter
    (0 none, 1 sub, 2 up, 3 average, 4 Paeth) that predicts a byte from its left, upper and
    upper-left neighbours."""
    width, height, channels, raw = image_data(png)
    stride, rows, previous = width * channels, [], bytearray(width * channels)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            corner = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                best = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[x] = (line[x] + best) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows
