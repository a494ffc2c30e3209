"""Sweet Nose: once a round is counted, its reveal (everyone's markers: count × (marker + market)
per kind) is open at the top of the board until the next round's exchanges start (SN-6: all
markers are revealed); it was only in the end screen, and a player never saw the others' markers
during the game. Real positions (random play) drawn in the sandbox at 1280x800."""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Page, expect

import sweettooth as st

from .helpers import in_viewport
from .test_sweetshop_hint import load


def after_round_one() -> tuple[dict[str, Any], dict[str, Any]]:
    """Seat 0's views: round 2 before its exchanges (stores), and during them."""
    state = st.game("sweetnose").new(3, seed=1)
    rng = random.Random(1)
    before = None
    while state.to_move is not None:
        view: dict[str, Any] = state.view(0)
        if view["rounds"] and view["phase"] in ("stores", "markers") and before is None:
            before = view
        if before and view["phase"] == "exchange":
            return before, view
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no second round")


def test_the_reveal_after_a_round(page: Page) -> None:
    before, during = after_round_one()
    page.set_viewport_size({"width": 1280, "height": 800})
    load(page, [before, during])
    reveal = page.locator("details.sn-rounds")
    expect(reveal).to_have_attribute("open", "")
    expect(reveal.locator("summary")).to_have_text("Round 1 counted: everyone's markers revealed")
    assert in_viewport(page, "details.sn-rounds table:last-of-type")
    red = before["rounds"][0]["breakdown"][1]["red"]  # another player's red marker, revealed
    cells = reveal.locator("table").last.locator("tr", has_text="red").locator("td")
    expect(cells.nth(1)).to_have_text(
        f"{red['count']}×({red['marker']}+{red['market']})=\u200b{red['subtotal']}")
    page.select_option("#pick", "1")
    page.wait_for_selector("body[data-ready='1']")
    expect(reveal.locator("summary")).to_have_text("Earlier rounds")
    expect(reveal).not_to_have_attribute("open", "")
