"""Driving the web client like a player: create tables in the lobby, click pieces until the end."""

from __future__ import annotations

import random
from collections.abc import Callable

from playwright.sync_api import Page

END = ".endscreen:not([hidden])"
# Things a player can click now: pieces on the board, buttons the composer offers (in the action
# bar, or a confirm button beside the pieces: Sweet Shop's "Grab 3 only").
CLICKABLE = (".table-root.myturn .board .pickable,"
             " .table-root.myturn .actionbar button:not(.cancel),"
             " .table-root.myturn .board button.confirm")
PRIVACY = "#privacy:not([hidden]) #privacy-btn"


def quick_game(page: Page, game: str, speed: str = "instant") -> None:
    """The lobby's one click against bots for `game`, bots drawn at `speed` (tests: instant)."""
    page.goto(f"/?speed={speed}")
    page.wait_for_selector("body[data-ready='1']")
    page.check(f"input[name=game][value={game}]")
    page.fill("#name", "Tester")
    page.click("#quick-btn")
    page.wait_for_url("**/table.html?t=*")


def play_to_end(
    page: Page, seed: int, max_clicks: int = 3000,
    on_click: Callable[[int], None] | None = None,
) -> int:
    """Click random clickable pieces (and offered buttons) until the end screen shows.

    Passes the hotseat privacy screen when it appears; `on_click(n)` runs after the n-th click
    (screenshots along the way). Returns the number of clicks.

    The page asks for reduced motion, as a player may: a walk through a whole game checks the
    rules and the screens, not the motion (test_phone_a11y and test_pieces check that), and a
    click waits for the piece under the pointer to stop moving (a hovered piece rises for
    0.12 s), which made a click take 100 ms instead of 40.
    """
    page.emulate_media(reduced_motion="reduce")
    rng = random.Random(seed)
    clicks = 0
    while clicks < max_clicks:
        page.wait_for_selector(f"{END}, {CLICKABLE}, {PRIVACY}", state="visible")
        if page.locator(END).is_visible():
            return clicks
        if page.locator(PRIVACY).is_visible():
            page.click(PRIVACY)
            continue
        items = page.locator(CLICKABLE)
        n = items.count()
        if not n:
            continue
        pieces = page.locator(".table-root.myturn .board .pickable")
        # Mostly pieces; the buttons (stop, end turn, confirm...) now and then.
        if pieces.count() and rng.random() < 0.8:
            target = pieces.nth(rng.randrange(pieces.count()))
        else:
            target = items.nth(rng.randrange(n))
        try:
            target.click(timeout=5000)
        except Exception:  # the view changed under the click: look again
            continue
        clicks += 1
        if on_click:
            on_click(clicks)
    raise AssertionError(f"no end screen after {max_clicks} clicks")


def in_viewport(page: Page, selector: str) -> bool:
    """Whether the element's top part is on screen (at least 40 px of it, or all of it)."""
    return bool(page.evaluate(
        """(sel) => {
          const r = document.querySelector(sel).getBoundingClientRect();
          const top = Math.max(r.top, 0), bottom = Math.min(r.bottom, innerHeight);
          return bottom - top >= Math.min(40, r.height) && r.left < innerWidth && r.right > 0;
        }""", selector))


def sideways_scroll(page: Page) -> int:
    """How many CSS px the page scrolls sideways (0: none)."""
    return int(page.evaluate(
        "Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - innerWidth"))
