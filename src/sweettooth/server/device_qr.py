"""The QR code of a one-time device link, drawn here as SVG by segno (no network, no CDN).

Always a full QR code (never a Micro QR, which phone cameras do not read), black modules on a
white square with the standard quiet zone of four modules, in both themes: a dark theme keeps the
white square (inverted codes are read by fewer cameras). The SVG has a viewBox and no size: the
page shows it as an image whose size CSS sets. `SVG_OPTIONS` are segno's writer options (tests
draw the same code with them).
"""

from __future__ import annotations

import io
from typing import Any

import segno

ERROR_LEVEL = "m"
"""Error correction: M (15%) is plenty on a screen; segno raises it when the size allows."""
SVG_OPTIONS: dict[str, Any] = {
    "scale": 1, "border": 4, "dark": "#000", "light": "#fff", "xmldecl": False,
    "omitsize": True, "svgclass": "qr", "lineclass": None,
    "title": "QR code of a sweettooth device link",
}


def link_svg(link: str) -> str:
    """A standalone SVG document (with its namespace, so it works as an <img>) of `link`."""
    out = io.BytesIO()
    segno.make_qr(link, error=ERROR_LEVEL).save(out, kind="svg", **SVG_OPTIONS)
    return out.getvalue().decode("utf-8")


__all__ = ["ERROR_LEVEL", "SVG_OPTIONS", "link_svg"]
