"""Le Chocolat: a claimed tile whose up side is blank scores as its down side. Its owner knows
that side, so the log, the tooltip and the accessible names say it ("blank up, Mint below"),
not "Blank (no points)"; the opponent, who does not know it before the end, still reads blank
(and no down side reaches their page).

A real position (random play to a claimed blank-up tile with a flavour below) is drawn in the
renderer sandbox page as its owner and as the opponent saw it.
"""

from __future__ import annotations

import json
import random
from typing import Any

from playwright.sync_api import Page, expect

import sweettooth as st


def blank_up_position() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """(owner's view, opponent's view, the tile) for a claimed blank-up tile with a flavour
    below, before the end."""
    game = st.game("lechocolat")
    for seed in range(200):
        state = game.new(2, seed=seed)
        rng = random.Random(seed)
        while state.to_move is not None:
            state.apply(rng.choice(state.legal_actions()))
            if state.to_move is None:
                break
            for owner in (0, 1):
                view = state.view(owner)
                for t in view["tiles"]:
                    if (t["owner"] == owner and t["up"] == "blank"
                            and t["down"] not in (None, "blank")):
                        return view, state.view(1 - owner), t
    raise AssertionError("no claimed blank-up tile with a flavour below")


def holds(group: str, cell: str) -> bool:
    """Whether the group ("b2:d3" or "c4") holds the cell."""
    a, b = group.split(":") if ":" in group else (group, group)
    return a[0] <= cell[0] <= b[0] and int(a[1:]) <= int(cell[1:]) <= int(b[1:])


def draw(page: Page, views: list[dict[str, Any]], i: int) -> None:
    page.goto("/sandbox.html")
    page.locator("details summary").click()
    page.fill("#paste", json.dumps({"views": views}))
    page.click("#load")
    page.wait_for_selector("body[data-ready='0'] .board [data-key]")
    if i:
        page.select_option("#pick", str(i))
        page.wait_for_selector(f"body[data-ready='{i}']")


def test_blank_up_tile_named_by_its_down_side_for_its_owner(page: Page) -> None:
    mine, theirs, tile = blank_up_position()
    flavour = next(f["name"] for f in mine["flavours"] if f["id"] == tile["down"])
    said = f"blank up, {flavour} below"
    draw(page, [mine, theirs], 0)
    hole = page.locator(f'.lc-hole[data-mark="cell:{tile["cell"]}"] > .tip')
    expect(hole).to_contain_text(f"{tile['cell']}: {said}", use_inner_text=False)
    piece = next(g for g in mine["claimed"][tile["owner"]] if holds(g, tile["cell"]))
    label = page.locator(f'.lc-claimed.mine .lc-mini[data-mark="grp:{piece}"]').get_attribute(
        "aria-label") or ""
    assert said in label and "Blank (no points)" not in label, label
    group = piece.replace(":", "–")
    log = page.locator(".log").inner_text()
    # The owner reads their own claim in the second person ("You claim piece f2–g2 (...)").
    claims = [line for line in log.splitlines() if f"You claim piece {group} " in line]
    assert claims and all(said in line for line in claims), (group, claims)
    # The opponent knows only the blank side.
    draw(page, [mine, theirs], 1)
    expect(page.locator(f'.lc-hole[data-mark="cell:{tile["cell"]}"] > .tip')).to_contain_text(
        f"{tile['cell']}: Blank", use_inner_text=False)
    assert flavour + " below" not in page.locator("body").inner_text()
