"""Phones and accessibility (issue 12): no sideways scroll at 360 px on the lobby and every table,
the shell's controls at least 44x44 CSS px, the log reachable on a phone without scrolling past
the board, and an axe-core scan with no serious or critical violation."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from playwright.sync_api import Page, expect

from .conftest import shot
from .helpers import quick_game, sideways_scroll

GAMES = ["bittersweet", "bonbons", "lechocolat", "sweetnose", "sweetshop"]
# The shell's controls (the renderers' pieces are measured in test_pieces.py).
SHELL_CONTROLS = (
    ".tabletools button:not([hidden]), .tabletools select, .actionbar button, .topbar button, "
    ".topbar a, .logtoggle, .rules-close"
)
LOBBY_CONTROLS = (
    "#create button, #create select, #create input[type=text], #create input[type=number], "
    ".gamecard label, .gamecard button, #refresh, #goto button, #goto input, #optbox summary"
)


def small_controls(page: Page, selector: str) -> list[dict[str, Any]]:
    """Visible controls matching `selector` whose box is under 44x44 CSS px."""
    out: list[dict[str, Any]] = page.evaluate(
        """(sel) => [...document.querySelectorAll(sel)].map((el) => {
             const r = el.getBoundingClientRect();
             return { what: el.outerHTML.slice(0, 80), w: r.width, h: r.height };
           }).filter((b) => b.w > 0 && b.h > 0 && (b.w < 43.5 || b.h < 43.5))""", selector)
    return out


def serious(page: Page) -> list[str]:
    """axe-core's serious and critical violations, once running CSS transitions have ended."""
    page.evaluate("Promise.all(document.getAnimations().map((a) => a.finished.catch(() => 0)))")
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:4]}"
        for v in results.response["violations"] if v["impact"] in ("serious", "critical")
    ]


def test_lobby_on_a_phone_and_by_axe(page: Page) -> None:
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto("/?speed=instant")
    page.wait_for_selector("body[data-ready='1']")
    assert sideways_scroll(page) == 0
    assert small_controls(page, LOBBY_CONTROLS) == []
    shot(page, "lobby-phone")
    page.set_viewport_size({"width": 1280, "height": 800})
    assert serious(page) == []
    # Nothing for developers on the page: no rule ids, no "seed".
    page.click("#optbox summary")
    for game in GAMES:
        page.check(f"input[name=game][value={game}]")
        text = page.locator("main").inner_text()
        assert "seed" not in text.lower(), game
        assert not any(f"{p}-" in text for p in ("BB", "SN", "BS", "LC", "SS")), game


@pytest.mark.parametrize("game", GAMES)
def test_table_on_a_phone_and_by_axe(page: Page, game: str) -> None:
    quick_game(page, game)
    page.wait_for_selector(".table-root.myturn .board .pickable")
    assert serious(page) == [], f"{game}: axe-core found serious violations"
    page.set_viewport_size({"width": 360, "height": 780})
    page.wait_for_timeout(100)
    assert sideways_scroll(page) == 0, f"{game} scrolls sideways at 360 px"
    assert small_controls(page, SHELL_CONTROLS) == []
    # The log: a button above the board opens it as a drawer, on screen at once.
    toggle = page.locator(".logtoggle")
    box = toggle.bounding_box()
    board = page.locator(".board").bounding_box()
    assert box and board and box["y"] < board["y"], "the log button is above the board"
    toggle.click()
    log = page.locator(".logwrap")
    expect(log).to_be_visible()
    lb = log.bounding_box()
    assert lb and lb["y"] + lb["height"] <= 780 + 1 and lb["y"] >= 0, lb
    shot(page, f"{game}-phone-log")
    page.keyboard.press("Escape")
    expect(log).to_be_hidden()
    # The table title: the game's name, no table id (after "● Your turn · " on the player's turn).
    title = page.title().removeprefix("● Your turn · ")
    assert page.locator("#title").inner_text() == title.split(" · ")[0]


def test_rules_dialog_close_button_is_big_enough(page: Page) -> None:
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto("/?speed=instant")
    page.wait_for_selector("body[data-ready='1']")
    page.locator(".gamecard[data-game=bonbons] .rulesbtn").click()
    expect(page.locator("dialog.rules")).to_be_visible()
    assert small_controls(page, ".rules-close") == []
    assert sideways_scroll(page) == 0


def test_no_animation_under_reduced_motion(page: Page) -> None:
    """Pieces animate with CSS transitions, and none at all when the system asks for less
    motion."""
    page.emulate_media(reduced_motion="reduce")
    quick_game(page, "bonbons")
    page.wait_for_selector(".table-root.myturn .board .pickable")
    moving: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('.table-root *')].filter((el) => {
             const cs = getComputedStyle(el);
             const t = cs.transitionDuration.split(',').some((d) => parseFloat(d) > 0.01);
             const a = cs.animationName !== 'none'
               && cs.animationDuration.split(',').some((d) => parseFloat(d) > 0.01);
             return t || a;
           }).map((el) => el.className.baseVal ?? el.className).slice(0, 5)""")
    assert moving == []
    page.emulate_media(reduced_motion="no-preference")
    page.wait_for_timeout(50)
    assert page.evaluate(
        "getComputedStyle(document.querySelector('.board [data-key]')).transitionDuration"
    ) != "0s", "pieces do animate normally"
