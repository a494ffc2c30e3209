"""Playing in the browser without a mouse (each game played to its end by clicking pieces, from
the lobby's quick button: test_end.py)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .helpers import quick_game


def test_keyboard_play(page: Page) -> None:
    """Tab to a piece and press Enter: the move is made without a mouse."""
    quick_game(page, "lechocolat")
    page.wait_for_selector(".table-root.myturn .board .pickable")
    page.locator(".board .pickable").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".log li")
    expect(page.locator(".log li").first).to_contain_text("split")
