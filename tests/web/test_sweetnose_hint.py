"""Sweet Nose: a hint reads in the log's words ("Give Candy Bot (medium) a brown sweet for a
green one"), not the notation ("trade P2 brown for green", "markers red=3 green=1 ...")."""

from __future__ import annotations

import contextlib
import re

from playwright.sync_api import Page

from .helpers import play_to_end, quick_game

HINT = ".table-root.myturn .hintbtn:not([hidden]):not([disabled])"


def test_hint_in_words(page: Page) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    quick_game(page, "sweetnose")
    hints: list[str] = []

    def ask(n: int) -> None:  # every 5th click (the markers take several), 6 hints at most
        if len(hints) >= 6 or n % 5 or not page.locator(HINT).count():
            return
        page.locator(HINT).click()
        page.wait_for_selector(".hintbox .hintmove, .hintbox .hintwhy:not(:has-text('Thinking'))")
        if page.locator(".hintbox .hintmove").count():
            hints.append(page.locator(".hintbox .hintmove").inner_text())

    ask(0)
    with contextlib.suppress(AssertionError):  # (the game need not end in 40 clicks)
        play_to_end(page, seed=3, max_clicks=40, on_click=ask)
    assert hints, "no hint shown"
    for text in hints:
        assert not re.search(r"\bP\d\b", text), text
        assert "=" not in text, text
    assert any("sweet" in t for t in hints), hints
