"""Static files (issue 12): gzip with Cache-Control, and a table page's first load under 150 KB
transferred (measured in chromium with the DevTools protocol, every response counted)."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from .conftest import Server

FIRST_LOAD_LIMIT = 150 * 1024


def get(url: str, gzip: bool = True) -> tuple[int, dict[str, str], bytes]:
    req = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"} if gzip else {})
    with urllib.request.urlopen(req) as res:
        return res.status, {k.lower(): v for k, v in res.headers.items()}, res.read()


@pytest.mark.parametrize(("path", "cache"), [
    # scripts and styles are revalidated, so an upgraded server never meets an old client
    ("/js/table.js", "no-cache"),
    ("/css/app.css", "no-cache"),
    ("/js/games/bittersweet.js", "no-cache"),
    ("/table.html", "no-cache"),
    ("/", "no-cache"),
])
def test_static_files_are_compressed_and_cached(server: Server, path: str, cache: str) -> None:
    status, headers, body = get(server.url + path)
    assert status == 200
    assert headers.get("content-encoding") == "gzip", headers
    assert headers.get("cache-control") == cache
    assert "accept-encoding" in headers.get("vary", "").lower()
    _, plain_headers, plain = get(server.url + path, gzip=False)
    assert "content-encoding" not in plain_headers and len(body) < len(plain)


def test_revalidation_is_a_304(server: Server) -> None:
    _, headers, _ = get(server.url + "/js/table.js")
    req = urllib.request.Request(server.url + "/js/table.js", headers={
        "If-None-Match": headers["etag"], "Accept-Encoding": "gzip"})
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(req)
    assert err.value.code == 304


def new_table(server: Server, game: str, players: int) -> str:
    """A table with seat 0 for us and bots elsewhere; the seat's link (token in the fragment)."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * (players - 1)
    body = json.dumps({"game": game, "players": players, "seats": seats, "bot_speed": "instant"})
    req = urllib.request.Request(server.url + "/api/tables", data=body.encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as res:
        table = json.load(res)
    req = urllib.request.Request(
        f"{server.url}/api/tables/{table['id']}/join", method="POST",
        data=json.dumps({"name": "Tester", "seat": 0}).encode(),
        headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as res:
        link: str = json.load(res)["link"]
    return link


@pytest.mark.parametrize(("game", "players"), [("bittersweet", 3), ("sweetnose", 3)])
def test_first_load_of_a_table_page(browser: Browser, server: Server, game: str,
                                    players: int) -> None:
    """Everything a fresh browser downloads to draw a table (the two heaviest games), in bytes
    on the wire: under 150 KB."""
    link = new_table(server, game, players)
    ctx = browser.new_context(base_url=server.url, viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    cdp.send("Network.enable")
    sizes: dict[str, Any] = {}
    urls: dict[str, str] = {}
    cdp.on("Network.responseReceived",
           lambda e: urls.__setitem__(e["requestId"], e["response"]["url"]))
    cdp.on("Network.loadingFinished",
           lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
    page.goto(link)
    page.wait_for_selector(".board [data-key]")
    page.wait_for_load_state("networkidle")
    total = sum(sizes.values())
    detail = sorted(((sizes[k], urls.get(k, "?")) for k in sizes), reverse=True)[:8]
    print(f"{game}: first load {total} bytes in {len(sizes)} responses; largest {detail}")
    assert total < FIRST_LOAD_LIMIT, detail
    ctx.close()


GENERIC_FONTS = {
    "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif",
    "ui-sans-serif", "ui-monospace", "ui-rounded", "math", "emoji", "fangsong", "inherit",
}


def test_stylesheets_name_only_generic_font_families() -> None:
    """No font is shipped, so none is named: every family is a generic one (issue 12)."""
    web = Path(__file__).resolve().parents[2] / "src" / "sweettooth" / "server" / "web"
    named = []
    for css in sorted(web.glob("css/*.css")):
        for value in re.findall(r"font-family\s*:\s*([^;}]+)", css.read_text()):
            named += [f"{css.name}: {f.strip()}" for f in value.split(",")
                      if f.strip().strip("'\"").lower() not in GENERIC_FONTS]
    assert named == []
