"""Two players at one table each see their own secrets and never the other's (issue 9).

Sweet Nose markers are set in secret (SN-3): two browser contexts hold seats 0 and 1 (seat 2 is
a bot); each sets different markers by clicking. Each page shows its own markers; neither the
DOM nor any WebSocket frame sent to one seat holds the other's markers.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect

from .conftest import Server, shot

KINDS = ["red", "green", "brown", "pink", "yellow"]
MINE = {0: [1, 2, 3, 4, 5], 1: [5, 4, 3, 2, 1]}


def notation(values: list[int]) -> str:
    return "markers " + " ".join(f"{k}={v}" for k, v in zip(KINDS, values, strict=True))


def open_seat(browser: Browser, server: Server, link: str, frames: list[str]) -> Page:
    ctx = browser.new_context(base_url=server.url, viewport={"width": 1200, "height": 900})
    page = ctx.new_page()
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
    page.goto(link)  # the server's seat link /t/<id>#token=..., opened by the web client
    page.wait_for_url("**/table.html?t=*")
    return page


def test_each_seat_sees_only_its_own_markers(browser: Browser, server: Server) -> None:
    table = httpx.post(f"{server.url}/api/tables", json={
        "game": "sweetnose", "players": 3,
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "easy"}],
        "bot_speed": "instant",
    }).json()
    links = [httpx.post(f"{server.url}/api/tables/{table['id']}/join",
                        json={"name": name, "seat": seat}).json()["link"]
             for seat, name in ((0, "Ann"), (1, "Bob"))]
    frames: dict[int, list[str]] = {0: [], 1: []}
    pages = {seat: open_seat(browser, server, links[seat], frames[seat]) for seat in (0, 1)}
    for seat in (0, 1):
        page = pages[seat]
        page.wait_for_selector(".table-root.myturn .sn-picker .pickable")
        for kind, value in zip(KINDS, MINE[seat], strict=True):
            page.click(f".sn-num[data-key='mk:{kind}:{value}']")
        red = page.locator(f".sn-marker[aria-label^='Your red marker: {MINE[seat][0]}.']")
        expect(red).to_have_count(1)
    for seat, page in pages.items():
        other = 1 - seat
        page.wait_for_selector(".sn-player.mine .sn-marker")
        html = page.content()
        for kind, value in zip(KINDS, MINE[seat], strict=True):
            assert f"Your {kind} marker: {value}" in html
        # The other player's markers: "set (secret)", never their values.
        theirs = page.locator(".sn-player", has_text="Ann" if seat == 1 else "Bob")
        expect(theirs.locator(".sn-markers")).to_contain_text("set (secret)")
        expect(theirs.locator(".sn-marker")).to_have_count(0)
        shot(page, f"secrets-seat{seat}")
        got: list[dict[str, Any]] = [json.loads(f) for f in frames[seat]]
        states = [m for m in got if m.get("type") == "state"]
        assert states, "the page received views"
        for m in states:
            markers = m["view"].get("markers")
            assert markers is None or list(markers.values()) in (MINE[seat], [0] * 5, [None] * 5)
        # Legal actions list every permutation (they are choices, not knowledge); all else counts.
        for m in states:
            m["view"].pop("legal_actions", None)
        text = "".join(json.dumps(m) for m in got)
        assert notation(MINE[other]) not in text, "the other seat's markers reached this seat"
        assert notation(MINE[seat]) in text, "this seat's own markers came back in its view"
    for page in pages.values():
        page.context.close()
