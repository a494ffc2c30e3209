"""Sweet Shop: a hint outlines the dice its move uses. With two dice showing the same number it
outlined both (they share the key "die:3") for a move that uses one of them.

A real position (seed 0, random play to the first turn whose dice offer a Multipack) is drawn in
the renderer sandbox page, whose Hint button shows the hint the view carries.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

from playwright.sync_api import Page, expect

import sweettooth as st

from .conftest import shot

MULTIPACK = re.compile(r"^grab (\d),(\d) with (\d)\+(\d)$")


def twin_dice_view(seed: int = 0) -> dict[str, Any]:
    """Seat 0's first view with two white dice showing the same number and a Multipack grab."""
    game = st.game("sweetshop")
    state = game.new(1, seed=seed)
    rng = random.Random(seed)
    while state.to_move is not None:
        view: dict[str, Any] = state.view(0)
        twins = [v for v, n in Counter(view["white_dice"]["left"]).items() if n == 2]
        if twins and any(MULTIPACK.match(a) for a in view["legal_actions"]):
            return view
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position in this game")


def load(page: Page, views: list[dict[str, Any]]) -> None:
    page.goto("/sandbox.html")
    page.locator("details summary").click()
    page.fill("#paste", json.dumps({"views": views}))
    page.click("#load")
    page.wait_for_selector("body[data-ready='0'] .board [data-key]")


def test_hint_outlines_the_dice_its_move_uses(page: Page) -> None:
    view = twin_dice_view()
    left = view["white_dice"]["left"]
    twin = next(v for v, n in Counter(left).items() if n == 2)
    legal = view["legal_actions"]
    # A grab with one of the twins and another die; and one with both twins, if legal.
    one = next(a for a in legal if re.match(rf"^grab \d with ({twin}\+\d|\d\+{twin})$", a)
               and a.split(" ")[-1] != f"{twin}+{twin}")
    both = f"grab {twin} with {twin}+{twin}"
    views = [{**view, "hint": {"action": one, "reason": "the test's hint"}}]
    if both in legal:
        views.append({**view, "ply": view["ply"] + 1, "hint": {"action": both, "reason": "both"}})
    page.set_viewport_size({"width": 1280, "height": 800})
    load(page, views)
    page.locator(".tabletools").get_by_role("button", name="Hint").click()
    expect(page.locator(".hintbox .hintmove")).to_be_visible()
    twins = page.locator(f'.ss-die[data-key="die:{twin}"]')
    expect(twins).to_have_count(2)
    expect(page.locator(".ss-die.hinted")).to_have_count(2)  # the twin and the other die
    expect(page.locator(f'.ss-die.hinted[data-key="die:{twin}"]')).to_have_count(1)
    shot(page, "sweetshop-hint-twin-dice")
    if len(views) > 1:
        page.select_option("#pick", "1")
        page.wait_for_selector("body[data-ready='1']")
        page.locator(".tabletools").get_by_role("button", name="Hint").click()
        expect(page.locator(f'.ss-die.hinted[data-key="die:{twin}"]')).to_have_count(2)
