"""Sweet Shop's log says a Sour Cherries move once: "You move a discard die from 2 to 3 (Sour
Cherries); marked 3 and 5" (the engine's line repeats the card's name after the move, and the
page showed both: "... (Sour Cherries): Sour Cherries move a discard die; marked ...")."""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Page

import sweettooth as st

from .test_sweetshop_hint import load


def after_cherries() -> dict[str, Any]:
    """The view of a seeded random game just after a Sour Cherries move."""
    game = st.game("sweetshop")
    for seed in range(200):
        state = game.new(1, seed=seed)
        rng = random.Random(seed)
        while state.to_move is not None:
            move = rng.choice(state.legal_actions())
            state.apply(move)
            if str(move).startswith("cherries ") and state.to_move is not None:
                view: dict[str, Any] = state.view(0)
                return view
    raise AssertionError("no Sour Cherries move in 200 random games")


def test_a_sour_cherries_move_is_said_once(page: Page) -> None:
    view = after_cherries()
    load(page, [view])
    said = [s for s in page.locator(".log li .lsay").all_inner_texts() if "discard die" in s]
    assert said, page.locator(".log").inner_text()
    line = said[-1]
    assert line.startswith("You move a discard die from "), line
    assert line.count("Sour Cherries") == 1 and "marked" in line, line
