"""Sweet Shop: an Eat that needs the Flavour Changer. After the two dice and the Basket card the
one step left is the Flavour Changer's +1 or -1: the status line must name it and its control
must be on screen at 1280x800 (it was a button under the board, below the fold, while the
status still asked for "a Shelf card to Grab, or a Basket card to Eat").

The position is a real one (seed 0, random play to the first such Eat), drawn in the renderer
sandbox page; the chosen action shows in its `#chosen` output.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from playwright.sync_api import Page, expect

import sweettooth as st

from .conftest import shot
from .helpers import in_viewport

FC_EAT = re.compile(r"^eat (\S+) with (\d)\+(\d) ([+-]1)$")


def flavour_changer_view(seed: int = 0) -> tuple[dict[str, Any], str]:
    """The first view of a random game where an Eat needs the Flavour Changer; that Eat."""
    game = st.game("sweetshop")
    state = game.new(1, seed=seed)
    rng = random.Random(seed)
    while state.to_move is not None:
        eats = [str(a) for a in state.legal_actions() if FC_EAT.match(str(a))]
        if eats:
            return state.view(0), eats[0]
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no Eat with the Flavour Changer in this game")


def test_flavour_changer_step_named_and_in_view(page: Page) -> None:
    view, eat = flavour_changer_view()
    m = FC_EAT.match(eat)
    assert m
    card, a, b, sign = m.groups()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/sandbox.html")
    page.locator("details summary").click()
    page.fill("#paste", json.dumps(view))
    page.click("#load")
    page.wait_for_selector("body[data-ready='0'] .board [data-key]")
    page.locator(f'.ss-die.pickable[data-key="die:{a}"]').first.click()
    page.locator(f'.ss-die.pickable[data-key="die:{b}"]').first.click()
    page.locator(f'.board [data-key="basket:{card}"]').click()
    status = page.locator(".status")
    expect(status).to_contain_text("Flavour Changer")
    expect(status).to_contain_text(sign.replace("-", "−"))
    expect(status).not_to_contain_text("Shelf card")
    control = f'[data-key="fc:{sign}"]'
    expect(page.locator(control)).to_be_visible()
    assert in_viewport(page, control), "the Flavour Changer's control is on screen"
    shot(page, "sweetshop-flavour-changer-step")
    # Clicked where it is (no scrolling by the test), it makes the Eat.
    box = page.locator(control).bounding_box()
    assert box
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page.locator("#chosen")).to_have_text(eat)
