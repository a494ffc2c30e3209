"""Sweet Shop: once the white dice are used the prompt says to end the turn, and mentions the
Sour Cherries only when one of their moves is legal (it offered them with none to use)."""

from __future__ import annotations

import json
import random
from typing import Any

from playwright.sync_api import Page

import sweettooth as st


def dice_used_views() -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """Seat 0's views with no white die left: (one with no Sour Cherries move, one with)."""
    without = with_ = None
    game = st.game("sweetshop")
    for seed in range(200):
        state = game.new(1, seed)
        rng = random.Random(seed)
        while state.to_move is not None and (without is None or with_ is None):
            view = state.view(0)
            if not view["white_dice"]["left"] and view["legal_actions"]:
                cherries = any(a.startswith("cherries ") for a in view["legal_actions"])
                if cherries and with_ is None:
                    with_ = view
                elif not cherries and without is None:
                    without = view
            state.apply(rng.choice(state.legal_actions()))
        if without is not None and with_ is not None:
            break
    return without, with_


def prompt(page: Page, view: dict[str, Any]) -> str:
    page.goto("/sandbox.html")
    page.locator("details summary").click()
    page.fill("#paste", json.dumps(view))
    page.click("#load")
    page.wait_for_selector("body[data-ready='0'] .board [data-key]")
    return page.locator(".status").inner_text()


def test_sour_cherries_offered_only_when_usable(page: Page) -> None:
    without, with_ = dice_used_views()
    assert without is not None and with_ is not None
    said = prompt(page, without)
    assert "end your turn" in said and "Sour Cherries" not in said, said
    assert "or use Sour Cherries" in prompt(page, with_)
