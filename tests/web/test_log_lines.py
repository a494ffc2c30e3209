"""The browser asks for only the new log lines in each state frame (`"log": "new"`, so frames do
not grow with the game) and puts the whole log back together: at the end of a game its log
panel lists every move of the game's record, in order."""

from __future__ import annotations

import json
import urllib.request
from typing import Any
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import Page, WebSocket

from .conftest import Server
from .helpers import play_to_end, quick_game


def test_the_log_is_whole_though_frames_carry_only_new_lines(page: Page, server: Server) -> None:
    sent: list[str] = []
    received: list[str] = []

    def watch(ws: WebSocket) -> None:
        ws.on("framesent", lambda payload: sent.append(str(payload)))
        ws.on("framereceived", lambda payload: received.append(str(payload)))

    page.on("websocket", watch)
    quick_game(page, "lechocolat")
    play_to_end(page, seed=5)
    table = parse_qs(urlparse(page.url).query)["t"][0]
    with urllib.request.urlopen(f"{server.url}/api/tables/{table}/record") as res:
        record: dict[str, Any] = json.loads(res.read())
    raws = page.locator(".log li .lraw").all_inner_texts()  # "P1 split a1:g5 at c", ...
    assert [raw.split(" ", 1)[1] for raw in raws] == record["actions"]
    hellos = [json.loads(t) for t in sent if '"hello"' in t]
    assert hellos and all(h.get("log") == "new" for h in hellos)
    states = [json.loads(t) for t in received if t.startswith('{"type":"state"')]
    assert len(states) > 10 and all("log_from" in s for s in states)
    assert max(len(s["view"]["log"]) for s in states[1:]) < len(record["actions"]) / 2
