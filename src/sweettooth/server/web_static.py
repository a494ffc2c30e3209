"""The browser client's static files, gzip-compressed and with Cache-Control.

`web_app(directory)` is the ASGI app `create_app` mounts at `/`: Starlette's StaticFiles (with
ETag and Last-Modified, so a revalidation is a 304) wrapped in GZipMiddleware, which compresses
any answer of at least `GZIP_MIN_BYTES` for a browser that accepts gzip. Pages, scripts, styles
and data are `no-cache`: always revalidated (a 304 when unchanged), so after an upgrade no browser
runs new pages with old scripts (the modules import one another by plain URLs, which a version
query on the page's tags would not reach). Images and fonts, which never have to match the
server, may be kept for `ASSET_MAX_AGE` seconds without asking.
"""

from __future__ import annotations

import os
from pathlib import Path

from starlette.middleware.gzip import GZipMiddleware
from starlette.responses import Response
from starlette.staticfiles import PathLike, StaticFiles
from starlette.types import ASGIApp, Scope

GZIP_MIN_BYTES = 500
ASSET_MAX_AGE = 3600
ASSET_SUFFIXES = frozenset({".svg", ".woff2", ".png", ".ico"})  # cached without asking


def cache_control(path: str) -> str:
    """The Cache-Control header for the file at `path`.

    >>> cache_control("/x/table.html"), cache_control("js/table.js"), cache_control("a/logo.svg")
    ('no-cache', 'no-cache', 'public, max-age=3600')
    """
    if Path(path).suffix.lower() in ASSET_SUFFIXES:
        return f"public, max-age={ASSET_MAX_AGE}"
    return "no-cache"


class WebFiles(StaticFiles):
    """StaticFiles that says how long each answer may be cached."""

    def file_response(
        self, full_path: PathLike, stat_result: os.stat_result, scope: Scope,
        status_code: int = 200,
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers["Cache-Control"] = (
            cache_control(str(full_path)) if status_code == 200 else "no-cache"
        )
        return response


def web_app(directory: Path) -> ASGIApp:
    """The web client in `directory` as an ASGI app: `index.html` for folders, gzip, caching."""
    return GZipMiddleware(WebFiles(directory=directory, html=True), minimum_size=GZIP_MIN_BYTES)
