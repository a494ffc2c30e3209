"""Bonbons speaks to the player reading it: their own round tile is "your round tile 3" (the
hint and the status said "round tile 3 of player 1"), and a theft from them is given back "to
you" (the log said "to the player they stole from"). The player addressed is the viewer at a
live table, in hotseat whoever is at the screen (see test_hotseat_names.py); here the renderer
sandbox draws one real position (random play to a theft and its give-back) as each seat saw it.
"""

from __future__ import annotations

import json
import random
from typing import Any

from playwright.sync_api import Page, expect

import sweettooth as st

from .conftest import shot


def theft_views() -> list[dict[str, Any]]:
    """[thief's view asked to give back, victim's and thief's views after the give-back]."""
    game = st.game("bonbons")
    for seed in range(60):
        state = game.new(2, seed=seed)
        rng = random.Random(seed)
        giving: dict[str, Any] | None = None
        while state.to_move is not None:
            view = state.view(state.to_move)
            if view["phase"] == "give back":
                giving = view
            log = view["log"]
            if giving and log and "(given back" in log[-1] and state.to_move == giving["seat"]:
                thief = giving["seat"]
                return [giving, state.view(1 - thief), state.view(thief)]
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no theft and give-back in 60 games")


def draw(page: Page, views: list[dict[str, Any]], i: int) -> None:
    if i == 0:
        page.goto("/sandbox.html")
        page.locator("details summary").click()
        page.fill("#paste", json.dumps({"views": views}))
        page.click("#load")
    else:
        page.select_option("#pick", str(i))
    page.wait_for_selector(f"body[data-ready='{i}'] .board [data-key]")


def test_bonbons_speaks_to_the_viewer(new_page: Any) -> None:
    views = theft_views()
    giving = views[0]
    thief = giving["seat"]
    victim = giving["go"]["victim"]
    assert victim == 1 - thief
    p_thief, p_victim = f"P{thief + 1}", f"P{victim + 1}"  # the sandbox has no names
    page = new_page()

    # The thief, asked to give a tile back: the prompt and the buttons' words name the victim.
    draw(page, views, 0)
    expect(page.locator(".status")).to_have_text(
        f"Your turn: give {p_victim} one of your face-down tiles for the one you stole")
    mine = page.locator(f'.board .pickable[data-key^="rt:p{thief}."]').first
    slot = (mine.get_attribute("data-key") or "").split(".")[1]
    mine.click()
    expect(page.locator(".status")).to_have_text(
        f"Playing Give your round tile {slot} to {p_victim}…")

    # The victim reads the theft and the give-back about themselves.
    draw(page, views, 1)
    log = page.locator(".log li .lsay")
    said = log.all_inner_texts()
    stolen = next(s for s in said if "stolen!" in s)
    assert stolen.startswith(f"{p_thief} flips your round tile "), stolen
    assert said[-1].startswith(f"{p_thief} gives their own round tile "), said[-1]
    assert said[-1].endswith(" to you"), said[-1]
    assert not [s for s in said if "stole from" in s or "of player" in s]
    own = page.locator(f'.board [data-key^="rt:p{victim}."]').first
    assert (own.get_attribute("aria-label") or "").startswith("Your round tile "), \
        own.get_attribute("aria-label")
    shot(page, "bonbons-words-victim")

    # The thief reads it in the second person, and flipping their own tile says "your".
    draw(page, views, 2)
    said = log.all_inner_texts()
    stolen = next(s for s in said if "stolen!" in s)
    assert stolen.startswith(f"You flip {p_victim}'s round tile "), stolen
    assert said[-1].startswith("You give your own round tile "), said[-1]
    assert said[-1].endswith(f" to {p_victim}"), said[-1]
    mine = page.locator(f'.board .pickable[data-key^="rt:p{thief}."]').first
    slot = (mine.get_attribute("data-key") or "").split(".")[1]
    mine.click()
    expect(page.locator(".status")).to_have_text(f"Playing Flip your round tile {slot}…")
