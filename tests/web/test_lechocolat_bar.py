"""Le Chocolat's bar under a real pointer: a tile hovered (desktop) or tapped (phone) on the way
to a groove must not cover the grooves; the groove under the pointer is clicked and the split is
played. (A piece's tooltip once raised the whole piece over its grooves, so a mouse crossing a
tile to reach a groove clicked the piece instead.)"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from .conftest import DESKTOP, PHONE, SHOTS, Server
from .test_pieces import MY_TURN, open_table, settle


def _centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _my_split_turn(page: Page) -> str:
    """Wait for a turn with grooves to click; the key of a groove of the biggest piece."""
    page.wait_for_selector(f"{MY_TURN}.lc-cut")
    settle(page)
    key = page.evaluate("""() => {
      const cuts = [...document.querySelectorAll('.lc-cut.pickable')];
      return cuts[Math.floor(cuts.length / 2)].dataset.key;
    }""")
    return str(key)


def _tile_of(key: str) -> str:
    """A selector for the top-left tile of the groove's piece."""
    group = key.split(":", 1)[1].split("@")[0]
    return f'.lc-piece[data-key="grp:{group}"] .lc-tile >> nth=0'


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_groove_clicked_after_hovering_a_tile(new_page: Any, server: Server,
                                              viewport: ViewportSize) -> None:
    page = new_page(viewport)
    open_table(page, server, "lechocolat")
    key = _my_split_turn(page)
    groove = f'.lc-cut[data-key="{key}"]'
    # The mouse rests on a tile of the piece (its tooltip shows), then moves across the tiles
    # to the groove's middle and clicks there.
    page.hover(_tile_of(key))
    group = key[4:].split("@")[0]
    expect(page.locator(f'.lc-piece[data-key="grp:{group}"] > .tip')).to_be_visible()
    page.screenshot(path=str(SHOTS / f"lechocolat-hover-tile-{viewport['width']}.png"))
    x, y = _centre(page, groove)
    page.mouse.move(x, y, steps=8)
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('[data-key]')"
                        "?.dataset.key", [x, y])
    assert hit == key, f"the groove's middle is covered by {hit} while a tile is hovered"
    page.mouse.click(x, y)
    expect(page.locator(".log")).to_contain_text("You split")


def test_groove_tapped_after_tapping_a_tile(new_page: Any, server: Server) -> None:
    """Phone: a tap on a tile opens its explanation; the next tap, on a groove, splits."""
    page = new_page(PHONE, has_touch=True, is_mobile=True)
    open_table(page, server, "lechocolat")
    key = _my_split_turn(page)
    group = key[4:].split("@")[0]
    tx, ty = _centre(page, _tile_of(key))
    page.touchscreen.tap(tx, ty)
    expect(page.locator(f'.lc-piece[data-key="grp:{group}"]')).to_have_class(re.compile(r"\btip-open\b"))
    x, y = _centre(page, f'.lc-cut[data-key="{key}"]')
    page.touchscreen.tap(x, y)
    expect(page.locator(".log")).to_contain_text("You split")
