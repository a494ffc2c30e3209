"""BitterSweet's header names whose turn it is only while someone can play: not once the game
is over ("the game is over"), and not on my turn while the table still waits for players (the
page then hands the renderer no legal actions)."""

from __future__ import annotations

import json
import random
from typing import Any

from playwright.sync_api import Page

import sweettooth as st


def views() -> tuple[dict[str, Any], dict[str, Any]]:
    """(seat 0's view of a finished game, seat 0's first view with no legal actions)."""
    state = st.game("bittersweet").new(2, seed=3)
    first = state.view(0)
    assert first["to_move"] == 0
    waiting = {**first, "legal_actions": []}
    rng = random.Random(3)
    while state.to_move is not None:
        state.apply(rng.choice(state.legal_actions()))
    return state.view(0), waiting


def header(page: Page, view: dict[str, Any]) -> str:
    page.goto("/sandbox.html")
    page.locator("details summary").click()
    page.fill("#paste", json.dumps({"views": [view]}))
    page.click("#load")
    page.wait_for_selector("body[data-ready='0'] .board .bs-info")
    return page.locator(".bs-info").inner_text()


def test_no_turn_once_over_or_while_waiting(page: Page) -> None:
    over, waiting = views()
    said = header(page, over)
    assert "the game is over" in said and "turn" not in said and "actions left" not in said
    said = header(page, waiting)
    assert "waiting for every player to join" in said and "Your turn" not in said
    playing = st.game("bittersweet").new(2, seed=3).view(0)  # the same position, started
    assert "Your turn, 2 actions left" in header(page, playing)
