"""BitterSweet at 1280x800: your YUM!/YUCK! cards and your hand, which decide what to take, sit
beside the box, on screen without scrolling (they were under the box, below the fold). A real
position (random play until seat 0 holds four Chocs, on its turn) drawn in the sandbox."""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Page

import sweettooth as st

from .test_sweetshop_hint import load

ON_SCREEN = """(sel) => { scrollTo(0, 0);
  const r = document.querySelector(sel).getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }"""


def four_in_hand() -> dict[str, Any]:
    state = st.game("bittersweet").new(2, seed=1)
    rng = random.Random(1)
    while state.to_move is not None:
        view: dict[str, Any] = state.view(0)
        if state.to_move == 0 and len(view["seats"][0]["hand"]) >= 4:
            return view
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position")


def test_your_preferences_and_hand_above_the_fold(page: Page) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    load(page, [four_in_hand()])
    for sel in (".bs-seat.mine .bs-pref.yum", ".bs-seat.mine .bs-pref.yuck",
                ".bs-hand [data-key^='hand:']"):
        assert page.evaluate(ON_SCREEN, sel), f"{sel} is below the fold"
