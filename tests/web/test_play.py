"""Each game against bots in the browser, by clicking pieces, to the end screen (issue 9)."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from .conftest import shot
from .helpers import END, play_to_end, quick_game

GAMES = ["bittersweet", "bonbons", "lechocolat", "sweetnose", "sweetshop"]


@pytest.mark.parametrize("game", GAMES)
def test_play_against_bots_to_the_end(page: Page, context: BrowserContext, game: str) -> None:
    quick_game(page, game)
    # The table is drawn from the view, pieces have accessible names, and it is our move or a
    # bot's (seat 0 starts every game here).
    page.wait_for_selector(".board [data-key][aria-label]")
    expect(page.locator(".players li.me")).to_have_count(1)
    shot(page, f"{game}-table")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, f"{game}-table-phone")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 391, "no sideways scroll on a phone"
    page.set_viewport_size({"width": 1280, "height": 900})
    clicks = play_to_end(page, seed=GAMES.index(game))
    assert clicks > 0
    end = page.locator(END)
    expect(end.locator(".endtitle")).to_contain_text(
        "Final score" if game == "sweetshop" else "win")  # "X wins!", "You win!", "Shared win: ..."
    expect(end.locator(".scoretable").first).to_be_visible()
    expect(end.get_by_role("link", name="Replay this game")).to_be_visible()
    shot(page, f"{game}-end")


def test_keyboard_play(page: Page) -> None:
    """Tab to a piece and press Enter: the move is made without a mouse."""
    quick_game(page, "lechocolat")
    page.wait_for_selector(".table-root.myturn .board .pickable")
    page.locator(".board .pickable").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".log li")
    expect(page.locator(".log li").first).to_contain_text("split")
