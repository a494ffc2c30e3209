"""Bonbons at 1280x800 and on a 390x844 phone: the grid, the player's own round tiles and the Stop
button are on screen without scrolling (the own tiles and Stop once started below the fold, Stop
at y=895; on the phone Stop was in the action bar under the board, below the fold: it is by your
tiles now)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import DESKTOP, PHONE, SHOTS, Server
from .test_pieces import MY_TURN, open_table, settle

# Rectangles of what the player needs, the page scrolled to its top.
RECTS_JS = """() => {
  scrollTo(0, 0);
  const out = {};
  const add = (name, el) => { if (el) { const r = el.getBoundingClientRect();
    out[name] = [r.left, r.top, r.right, r.bottom]; } };
  add("grid", document.querySelector(".bb-grid"));
  add("mine", document.querySelector(".bb-row.mine"));
  document.querySelectorAll(".bb-row:not(.mine)").forEach((el, i) => add("other" + i, el));
  add("stop", document.querySelector(".bb-stop"));
  return {rects: out, w: innerWidth, h: innerHeight};
}"""


@pytest.mark.parametrize(("size", "players"),
                         [("1280x800", 2), ("1280x800", 3), ("1280x800", 6), ("390x844", 2)])
def test_board_and_stop_in_view(new_page: Any, server: Server, size: str, players: int) -> None:
    page = new_page(DESKTOP if size == "1280x800" else PHONE)
    open_table(page, server, "bonbons", players=players)
    stop = page.locator(".table-root.myturn .board .bb-stop.pickable")
    for _ in range(4):  # a square that is the empty wrapper ends the turn: flip another
        page.wait_for_selector(f"{MY_TURN}.square")
        page.locator(".square.pickable").first.click()
        try:
            expect(stop).to_be_visible(timeout=5000)
            break
        except AssertionError:
            assert "empty wrapper" in page.locator(".log").inner_text()
    expect(stop).to_be_visible()
    settle(page)
    got = page.evaluate(RECTS_JS)
    page.screenshot(path=str(SHOTS / f"bonbons-{size}-{players}p-top.png"))
    assert {"grid", "mine", "stop"} <= set(got["rects"]), got
    off = {name: r for name, r in got["rects"].items()
           if r[0] < 0 or r[1] < 0 or r[2] > got["w"] or r[3] > got["h"]}
    assert not off, f"below the fold or off screen at {size}: {off}"
