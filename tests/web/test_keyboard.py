"""One whole game by keyboard alone (issue 12): Sweet Shop from the lobby to the end screen with
Tab, Enter and nothing else; the rules dialog by keyboard too."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from .conftest import shot
from .helpers import CLICKABLE, END

FOCUSED_CLICKABLE = f"document.activeElement && document.activeElement.matches({CLICKABLE!r})"


@pytest.mark.parametrize("whole", [
    False, pytest.param(True, marks=pytest.mark.slow, id="whole-game")])
def test_sweetshop_by_keyboard_alone(page: Page, whole: bool) -> None:
    """From the lobby into a Sweet Shop game and on, by Tab and Enter alone: 25 moves in the
    test command (each the first piece Tab reaches that plays), the whole game to its final
    score under `dev.py slow` (each a piece taken at random on the way)."""
    rng = random.Random(5)
    take = 0.4 if whole else 1.0  # the chance to play a piece Tab reaches (else Tab on)
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
    while whole or moves < 25:
        page.wait_for_selector(f"{END}, {CLICKABLE}", state="visible")
        if page.locator(END).is_visible():
            break
        # Tab along the page to a piece or button that plays now; take one at random.
        for _ in range(300):
            page.keyboard.press("Tab")
            if page.evaluate(FOCUSED_CLICKABLE) and rng.random() < take:
                break
        if not page.evaluate(FOCUSED_CLICKABLE):
            continue
        page.keyboard.press("Enter")
        moves += 1
        assert moves < 1500, "the game did not end"
    if whole:
        expect(page.locator(f"{END} .endtitle")).to_contain_text("Final score")
        shot(page, "sweetshop-keyboard-end")
    assert moves >= 25
    # The keys played the game on. A move may take several keys (dice, then a card), and how
    # many depends on the table's random dice: 25 keys made 9 to 12 moves; the last frame may
    # still be on its way.
    page.wait_for_function("Number(document.body.dataset.ply) >= 5")


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
