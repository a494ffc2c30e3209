"""Comfort (issue 34 item 6): the dark theme (the system's choice, a remembered toggle, axe-core
clean), arrow keys between the pieces of every game's board with the focus kept on the board
after a move, Sweet Shop's action bar clear of the Shelf on a 390x844 phone and Sweet Nose's 1-5
marker row on one line at 360 px."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import PHONE, shot
from .helpers import quick_game
from .test_phone_a11y import GAMES, serious

MINE = ".table-root.myturn .board .pickable"
BG = "getComputedStyle(document.body).backgroundColor"


def test_dark_theme_follows_the_system_and_the_toggle(new_page: Any) -> None:
    page = new_page(color_scheme="dark")
    quick_game(page, "sweetnose")
    page.wait_for_selector(MINE)
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert page.evaluate(BG) == "rgb(23, 17, 14)"
    assert serious(page) == [], "axe-core on the dark Sweet Nose table"
    shot(page, "comfort-sweetnose-dark")
    toggle = page.locator(".topbar .themebtn")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    assert page.evaluate(BG) == "rgb(255, 247, 238)"
    page.reload()  # the choice against the system is remembered
    page.wait_for_selector(MINE)
    assert page.evaluate("document.documentElement.dataset.theme") == "light"
    page.locator(".topbar .themebtn").click()  # back to the system's: follow it again
    assert page.evaluate("localStorage.getItem('sweettooth.theme')") is None


@pytest.mark.parametrize("game", ["lechocolat", "sweetshop", "bonbons", "bittersweet"])
def test_dark_tables_pass_axe(new_page: Any, game: str) -> None:
    page = new_page(color_scheme="dark")
    quick_game(page, game)
    page.wait_for_selector(MINE)
    assert serious(page) == [], f"{game}: axe-core on the dark table"


def test_light_system_chooses_dark_by_the_toggle_on_every_page(new_page: Any) -> None:
    page = new_page(color_scheme="light")
    page.goto("/?speed=instant")
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("document.documentElement.dataset.theme") == "light"
    page.locator(".topbar .themebtn").click()
    assert page.evaluate(BG) == "rgb(23, 17, 14)"
    assert serious(page) == [], "axe-core on the dark lobby"
    shot(page, "comfort-lobby-dark")
    quick_game(page, "lechocolat")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"


def focused_key(page: Page) -> Any:
    return page.evaluate("document.activeElement && document.activeElement.dataset.key")


@pytest.mark.parametrize("game", GAMES)
def test_arrow_keys_and_focus_after_a_move(page: Page, game: str) -> None:
    quick_game(page, game)
    page.wait_for_selector(MINE)
    first = page.locator(MINE).first
    first.focus()
    start = focused_key(page)
    seen = {start}
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "End", "Home"):
        page.keyboard.press(key)
        assert page.evaluate(f"document.activeElement.matches({MINE!r})"), key
        seen.add(focused_key(page))
    if page.locator(MINE).count() > 1:
        assert len(seen) > 1, f"{game}: the arrow keys moved the focus nowhere"
    move_by_keyboard(page)
    page.wait_for_selector(f"{MINE}, .endscreen:not([hidden])")
    if page.locator(".endscreen:not([hidden])").count():
        return
    # The focus stayed on the board: on a piece to play now, not on the page's body.
    page.wait_for_function(f"document.activeElement.matches({MINE!r})")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.querySelector('.board').contains(document.activeElement)")


def move_by_keyboard(page: Page) -> None:
    """A move by keyboard: Enter on pieces (or the bar's buttons) until the ply changes."""
    ply = page.evaluate("document.body.dataset.ply")
    for _ in range(12):
        if page.evaluate("document.body.dataset.ply") != ply:
            break
        target = page.locator(f"{MINE}, .table-root.myturn .actionbar button:not(.cancel)").first
        target.focus()
        page.keyboard.press("Enter")
        page.wait_for_timeout(50)
    page.wait_for_function(f"document.body.dataset.ply !== {ply!r}")


def test_the_focus_comes_back_to_the_board_after_the_bots_turn(page: Page) -> None:
    """While a bot plays, a redraw may take the focus from what held it (the body gets it, no
    choice of the player's): once it is the player's turn again, the focus is on a piece."""
    quick_game(page, "lechocolat", speed="slow")
    page.wait_for_selector(MINE)
    page.locator(MINE).first.focus()
    move_by_keyboard(page)
    page.wait_for_selector(".table-root:not(.myturn) .board")
    page.wait_for_function("document.querySelector('.board').contains(document.activeElement)")
    page.evaluate("document.activeElement.blur()")
    assert page.evaluate("document.activeElement === document.body")
    assert page.locator(".table-root.myturn").count() == 0, "the bot had played already"
    page.wait_for_selector(MINE)
    page.wait_for_function(f"document.activeElement.matches({MINE!r})")


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def test_sweetshop_bar_clear_of_the_shelf_on_a_phone(new_page: Any) -> None:
    page = new_page(PHONE, has_touch=True, is_mobile=True)
    quick_game(page, "sweetshop")
    page.wait_for_selector(MINE)
    expect(page.locator(".actionbar button").first).to_be_visible()
    for y in (0, 150, 300):
        page.evaluate(f"scrollTo(0, {y})")
        page.wait_for_timeout(50)
        bar = page.locator(".actionbar").bounding_box()
        assert bar
        for i in range(page.locator(".ss-card").count()):
            card = page.locator(".ss-card").nth(i).bounding_box()
            assert card and not overlaps(card, bar), f"shelf card {i} under the bar at scroll {y}"
    page.evaluate("scrollTo(0, 0)")
    shot(page, "comfort-sweetshop-phone")


def test_sweetnose_marker_rows_on_one_line_at_360(new_page: Any) -> None:
    page = new_page({"width": 360, "height": 780}, has_touch=True, is_mobile=True)
    quick_game(page, "sweetnose")
    page.wait_for_selector(".sn-pickrow .sn-num.pickable")
    for row in page.locator(".sn-pickrow").all():
        ys = {round(b["y"]) for b in (n.bounding_box() for n in row.locator(".sn-num").all()) if b}
        assert len(ys) == 1, f"{row.get_attribute('aria-label')}: buttons on {len(ys)} lines"
    shot(page, "comfort-sweetnose-phone")
