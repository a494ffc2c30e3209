"""One whole game by keyboard alone (issue 12): Sweet Shop from the lobby to the end screen with
Tab, Enter and nothing else; the rules dialog by keyboard too."""

from __future__ import annotations

import random

from playwright.sync_api import Page, expect

from .conftest import shot
from .helpers import CLICKABLE, END

FOCUSED_CLICKABLE = f"document.activeElement && document.activeElement.matches({CLICKABLE!r})"


def test_sweetshop_by_keyboard_alone(page: Page) -> None:
    rng = random.Random(5)
    page.goto("/?speed=instant")
    page.wait_for_selector("body[data-ready='1']")
    # The lobby: the game is a radio group (arrow keys), the quick button by Tab.
    page.focus("input[name=game]:checked")
    while page.evaluate("document.activeElement.value") != "sweetshop":
        page.keyboard.press("ArrowDown")
    page.focus("#name")
    page.keyboard.type("Keys")
    while page.evaluate("document.activeElement.id") != "quick-btn":
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_url("**/table.html?t=*")
    moves = 0
    while True:
        page.wait_for_selector(f"{END}, {CLICKABLE}", state="visible")
        if page.locator(END).is_visible():
            break
        # Tab along the page to a piece or button that plays now; take one at random.
        for _ in range(300):
            page.keyboard.press("Tab")
            if page.evaluate(FOCUSED_CLICKABLE) and rng.random() < 0.4:
                break
        if not page.evaluate(FOCUSED_CLICKABLE):
            continue
        page.keyboard.press("Enter")
        moves += 1
        assert moves < 1500, "the game did not end"
    expect(page.locator(f"{END} .endtitle")).to_contain_text("Final score")
    assert moves > 10
    shot(page, "sweetshop-keyboard-end")


def test_rules_by_keyboard(page: Page) -> None:
    page.goto("/?speed=instant")
    page.wait_for_selector("body[data-ready='1']")
    page.focus(".gamecard[data-game=sweetshop] .rulesbtn")
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="How to play Sweet Shop")
    expect(dialog).to_be_visible()
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Close the rules"
    page.keyboard.press("Enter")
    expect(dialog).to_be_hidden()
    assert "rulesbtn" in page.evaluate("document.activeElement.className")
