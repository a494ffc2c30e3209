"""The action bar's buttons are on screen when they are what to do next: on a 390x844 phone,
BitterSweet's "Take it…" / "Reveal it…" (after picking a face-down Choc) were under the board,
below the fold, with nothing else to click; the bar now sticks to the bottom of the window.
Before a Choc is picked the bar holds no Take it… / Reveal it… (keys that end a move begun on
the board wait for a pick): it held both from the turn's start, and stuck to the window's foot
they covered the player's own YUM!/YUCK! row."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .conftest import PHONE, shot
from .helpers import in_viewport, quick_game

MINE = ".table-root.myturn .board .pickable"


def test_take_or_reveal_on_screen_on_a_phone(new_page: Any) -> None:
    page = new_page(PHONE, has_touch=True, is_mobile=True)
    quick_game(page, "bittersweet")
    page.wait_for_selector(f"{MINE}.bs-cell.down")
    page.evaluate("scrollTo(0, 0)")
    take = page.locator(".actionbar button", has_text="Take it")
    expect(page.locator(".status")).to_contain_text("Your turn")
    expect(page.locator(".actionbar button", has_text="it…")).to_have_count(0)  # no pick yet
    page.locator(f"{MINE}.bs-cell.down").first.tap()
    expect(take).to_be_visible()
    assert page.evaluate("scrollY") == 0  # the player has not scrolled
    assert in_viewport(page, ".actionbar button.keybtn"), "Take it… is on screen"
    shot(page, "bittersweet-phone-take-or-reveal")
    take.tap()
    expect(page.locator(".log li .lsay", has_text="You take the face-down Choc")).to_have_count(1)
