"""Tooltips with a mouse (1280x800): a piece clicked to play keeps its tip shut until the pointer
leaves it, also once the move has redrawn the board under the still pointer (the redrawn piece is
a new element: its hover tip opened right after the move, over the piece just played)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .conftest import DESKTOP
from .helpers import quick_game
from .test_phone_tips import MINE, shown_tips


def test_no_hover_tip_over_the_piece_just_played(new_page: Any) -> None:
    page = new_page(DESKTOP)
    quick_game(page, "bonbons")
    square = page.locator(f'{MINE}[data-key^="sq:"]').first
    key = square.get_attribute("data-key") or ""
    box = square.bounding_box()
    assert box
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)  # the mouse stays there
    # The move came back and the board was redrawn (a new element under the pointer).
    expect(page.locator(".log li .lsay", has_text=f"You flip square {key[3:]}")).to_have_count(1)
    page.wait_for_timeout(400)  # the flip's animation
    new = page.locator(f'.board [data-key="{key}"]').bounding_box()
    assert new
    # A hand on a mouse is never quite still: a small move within the old place, onto the new
    # piece (the board may have shifted a little).
    top, bottom = max(box["y"], new["y"]), min(box["y"] + box["height"], new["y"] + new["height"])
    assert bottom - top > 8
    page.mouse.move(x + 2, (top + bottom) / 2)
    page.wait_for_timeout(200)
    assert shown_tips(page) == []
    # Once the pointer has left, a piece's tip shows on hover again.
    page.mouse.move(2, 2)
    page.locator(f'.board [data-key="{key}"]').hover()
    expect(page.locator(f'.board [data-key="{key}"] > .tip')).to_be_visible()
