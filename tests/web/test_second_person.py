"""Every game speaks to the player reading it in the second person (it was Bonbons only): the
log says "You split piece a1–d5", "Bob gives you a red sweet...", a BitterSweet choice reads "Take
a Choc at random from Bob's hand" (it said "player 2"); the viewer is never named (the sandbox
has no names, so a seat is "P2" unless spoken to). A real position per game, random play to the
viewer's turn after some moves of theirs, drawn in the renderer sandbox as that seat sees it.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import sweettooth as st

from .test_sweetshop_hint import load

GAMES = {"lechocolat": (2, 1), "sweetnose": (3, 1), "bittersweet": (3, 1), "sweetshop": (1, 0)}


def viewer_turn(game_id: str, players: int, seat: int) -> dict[str, Any]:
    """`seat`'s view on its turn once it has made a few moves and another seat has too."""
    game = st.game(game_id)
    for seed in range(20):
        state = game.new(players, seed=seed)
        rng = random.Random(seed)
        moves = 0
        while state.to_move is not None:
            if state.to_move == seat:
                if moves >= 4:
                    view: dict[str, Any] = state.view(seat)
                    return view
                moves += 1
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position")


@pytest.mark.parametrize("game", list(GAMES))
def test_the_viewer_is_you(page: Page, game: str) -> None:
    players, seat = GAMES[game]
    view = viewer_turn(game, players, seat)
    hint = view["legal_actions"][-1]
    load(page, [{**view, "hint": {"action": hint, "reason": "the test's hint"}}])
    me = re.compile(rf"\bP{seat + 1}\b|\b[Pp]layer {seat + 1}\b")
    said = page.locator(".log li .lsay").all_inner_texts()
    assert [s for s in said if s.startswith("You ")], said
    assert not [s for s in said if me.search(s)], said
    expect(page.locator(".status")).to_contain_text("Your turn")
    assert not me.search(page.locator(".status").inner_text())
    page.locator(".tabletools").get_by_role("button", name="Hint").click()
    words = page.locator(".hintbox .hintmove").inner_text()
    assert not me.search(words) and "player" not in words.lower(), words
