"""Sweet Shop: when a Multipack could add a second card to a Grab, the "Grab N only" button is
beside the Shelf the player is looking at, on screen at 1280x800 and on a 390x844 phone (it was
in the action bar under the board, below the fold), and the status line names both choices.

The position is a real one (seed 0, random play to a turn whose dice offer a Multipack), drawn
in the renderer sandbox page; the chosen action shows in its `#chosen` output.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import sweettooth as st

from .conftest import DESKTOP, PHONE, SHOTS, shot
from .helpers import in_viewport
from .test_phone_tips import shown_tips
from .test_sweetshop_hint import MULTIPACK, load, twin_dice_view

PLAIN_GRAB = re.compile(r"^grab (\d) with (\d)\+(\d)$")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_grab_only_button_beside_the_shelf(new_page: Any, size: str) -> None:
    view = twin_dice_view()
    m = next(MULTIPACK.match(a) for a in view["legal_actions"] if MULTIPACK.match(a))
    assert m
    first, second, a, b = m.groups()
    page = new_page(DESKTOP if size == "desktop" else PHONE)
    load(page, [view])
    page.locator(f'.ss-die.pickable[data-key="die:{a}"]').first.click()
    page.locator(f'.ss-die.pickable[data-key="die:{b}"]').first.click()
    page.locator(f'.board [data-key="shelf:{first}"]').click()
    expect(page.locator(".status")).to_contain_text(f"or shelf {second} too (Multipack)")
    only = page.locator("button.confirm", has_text=f"Grab {first} only")
    expect(only).to_be_visible()
    assert in_viewport(page, "button.confirm"), "Grab only is on screen"
    expect(only).to_have_count(1)
    expect(page.locator(".ss-shelf button.confirm")).to_have_count(1)  # by the cards
    # No tooltip covers it: the card just clicked, still under the pointer, keeps its tip shut.
    box = only.bounding_box()
    assert box
    over = [t for t in shown_tips(page) if t["top"] < box["y"] + box["height"]
            and t["bottom"] > box["y"] and t["left"] < box["x"] + box["width"]
            and t["right"] > box["x"]]
    assert over == [], over
    page.screenshot(path=str(SHOTS / f"sweetshop-multipack-{size}-view.png"))
    shot(page, f"sweetshop-multipack-{size}")
    # Clicked where it is (no scrolling by the test), it makes the one-card Grab.
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page.locator("#chosen")).to_have_text(f"grab {first} with {a}+{b}")


def test_a_grab_without_multipack_is_not_called_only(page: Page) -> None:
    """With no Multipack there is no second card to stop short of: the hint and the move say
    "Grab shelf 3 with 2+4", never "Grab 3 only"."""
    view = st.game("sweetshop").new(1, seed=0).view(0)
    assert view["bonuses"]["multipack"]["have"] == 0
    grab = next(a for a in view["legal_actions"] if PLAIN_GRAB.match(a))
    pos, a, b = PLAIN_GRAB.match(grab).groups()  # type: ignore[union-attr]
    load(page, [{**view, "hint": {"action": grab, "reason": "the test's hint"}}])
    page.locator(".tabletools").get_by_role("button", name="Hint").click()
    expect(page.locator(".hintbox .hintmove")).to_have_text(f"Hint: Grab shelf {pos} with {a}+{b}")
    page.locator(f'.ss-die.pickable[data-key="die:{a}"]').first.click()
    page.locator(f'.ss-die.pickable[data-key="die:{b}"]').first.click()
    page.locator(f'.board [data-key="shelf:{pos}"]').click()
    expect(page.locator("#chosen")).to_have_text(grab)
    expect(page.locator(".status")).to_have_text(f"Playing Grab shelf {pos} with {a}+{b}…")
