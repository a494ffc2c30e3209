"""The lobby's open tables never make a phone scroll sideways, whatever they list: a 40-letter
name without a space, a time control and its flag-fall rule, five seats."""

from __future__ import annotations

from typing import Any

import httpx

from .conftest import PHONE, Server
from .helpers import sideways_scroll

LONG_NAME = "Abcdefghijklmnopqrstuvwxyzabcdefghijklmn"  # the longest name a seat may have


def test_long_names_and_clock_notes_wrap_on_a_phone(new_page: Any, server: Server) -> None:
    with httpx.Client(base_url=server.url) as http:
        table = http.post("/api/tables", json={
            "game": "sweetnose", "players": 5, "seats": [{"kind": "human"}] * 5,
            "clock": {"mode": "live", "minutes": 5, "increment": 2, "flag_fall": "bot",
                      "bot_level": "medium"}}).raise_for_status().json()
        http.post(f"/api/tables/{table['id']}/join", json={"name": LONG_NAME}).raise_for_status()
    page = new_page(PHONE)
    page.goto("/?speed=instant")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector(f"#tables li[data-table='{table['id']}']")
    assert LONG_NAME in page.inner_text(f"#tables li[data-table='{table['id']}']")
    assert sideways_scroll(page) == 0
