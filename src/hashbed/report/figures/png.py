"""A figure's PNG made small: its colours reduced to a palette (no dithering, so lines and text
stay sharp) and the file compressed as far as zlib goes."""

from __future__ import annotations

import io

#: Colours of the palette: the figures' few colours and their anti-aliased edges.
COLOURS = 256


def compact(png: bytes) -> bytes:
    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        paletted = image.convert("RGB").quantize(COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    paletted.save(out, format="PNG", optimize=True)
    return out.getvalue()
