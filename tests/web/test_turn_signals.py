"""Your-turn signals (issue 34 item 3): the tab title and the favicon badge follow whose turn it
is (two people online, each in their own browser), the tone's toggle is off by default and
remembered, and the notification permission is asked for only after the bell is clicked; a
notification comes only while the page is hidden."""

from __future__ import annotations

import contextlib
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import Error as PlaywrightError

from .conftest import Server
from .helpers import quick_game

TURN = "● Your turn · Le Chocolat · sweettooth"
IDLE = "Le Chocolat · sweettooth"
MINE = ".table-root.myturn .board .pickable"
# Counts the permission requests (the real request still runs), before any page script.
SPY_ASK = """
  window.__asked = 0;
  if (window.Notification) {
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...a) => { window.__asked += 1; return ask(...a); };
  }
"""
HIDE = """() => {
  Object.defineProperty(document, "visibilityState", { get: () => "hidden", configurable: true });
  Object.defineProperty(document, "hidden", { get: () => true, configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def two_players(
    browser: Browser, server: Server, **kw: Any,
) -> tuple[list[Page], list[BrowserContext]]:
    """A Le Chocolat table of two human seats, each taken in its own browser context."""
    size: Any = {"width": 1280, "height": 900}
    contexts = [browser.new_context(base_url=server.url, viewport=size, **kw) for _ in range(2)]
    pages = []
    made = contexts[0].request.post("/api/tables", data={
        "game": "lechocolat", "seats": [{"kind": "human"}, {"kind": "human"}],
        "bot_speed": "instant",
    })
    assert made.ok, made.text()
    table = made.json()["id"]
    for seat, ctx in enumerate(contexts):
        ctx.set_default_timeout(30_000)
        ctx.add_init_script(SPY_ASK)
        joined = ctx.request.post(f"/api/tables/{table}/join",
                                  data={"name": f"P{seat}", "seat": seat})
        assert joined.ok, joined.text()
        page = ctx.new_page()
        page.goto(joined.json()["link"])
        page.wait_for_url("**/table.html?t=*")
        pages.append(page)
    return pages, contexts


def mover(pages: list[Page]) -> tuple[Page, Page]:
    """(the page whose turn it is, the other one), once one of them has pieces to click."""
    pages[0].locator(f"{MINE}, .table-root:not(.myturn) .status:text('Waiting')").first.wait_for()
    first = pages[0] if pages[0].locator(MINE).count() else pages[1]
    return first, pages[1] if first is pages[0] else pages[0]


def play_turn(page: Page) -> None:
    """Click the page's pieces (and confirm) until its turn is over. Between two clicks the
    board may be redrawn with nothing to click for a moment: wait for it rather than stop."""
    targets = page.locator(".actionbar button.confirm, " + MINE)
    for _ in range(40):
        if page.title() != TURN:
            return
        if targets.count():
            with contextlib.suppress(PlaywrightError):  # redrawn under the click: look again
                targets.first.click(timeout=5_000)
        else:
            page.wait_for_timeout(100)
    expect(page).not_to_have_title(TURN)


def test_title_and_badge_follow_the_turn(browser: Browser, server: Server) -> None:
    pages, contexts = two_players(browser, server)
    try:
        me, other = mover(pages)
        me.wait_for_selector(MINE)
        expect(me).to_have_title(TURN)
        expect(other).to_have_title(IDLE)
        assert me.locator("link[rel=icon]").get_attribute("data-badge") == "1"
        assert other.locator("link[rel=icon]").get_attribute("data-badge") == "0"
        me.locator(MINE).first.click()
        while me.locator(".table-root.myturn").count() and me.title() == TURN:
            if not me.locator(".actionbar button.confirm, " + MINE).count():
                break
            me.locator(".actionbar button.confirm, " + MINE).first.click()
        # The move is made: the title is back for one player and says "your turn" to the other.
        expect(me).to_have_title(IDLE)
        expect(other).to_have_title(TURN)
        assert me.locator("link[rel=icon]").get_attribute("data-badge") == "0"
        assert "%23d62828" in (other.locator("link[rel=icon]").get_attribute("href") or "")
        # No page asked for the notification permission on its own.
        assert [p.evaluate("window.__asked") for p in pages] == [0, 0]
        assert [p.evaluate("Notification.permission") for p in pages] == ["default", "default"]
    finally:
        for ctx in contexts:
            ctx.close()


def test_notification_only_after_the_bell_and_when_hidden(browser: Browser, server: Server) -> None:
    pages, contexts = two_players(browser, server)
    try:
        for ctx in contexts:
            ctx.grant_permissions(["notifications"])
        me, other = mover(pages)
        me.wait_for_selector(MINE)
        bell = other.get_by_role("button", name="Notify me when it is my turn")
        expect(bell).to_have_attribute("aria-pressed", "false")
        bell.click()
        expect(bell).to_have_attribute("aria-pressed", "true")
        other.evaluate(HIDE)
        mine = me.get_by_role("button", name="Notify me when it is my turn")
        mine.click()  # `me` rings too, but stays visible: its turns notify nobody
        expect(mine).to_have_attribute("aria-pressed", "true")
        play_turn(me)
        expect(other).to_have_title(TURN)
        assert other.evaluate("window.sweettoothSignals.notes") == ["Your turn"]
        play_turn(other)  # hidden, it still plays; the turn comes back to the visible page
        expect(me).to_have_title(TURN)
        assert me.evaluate("window.sweettoothSignals.notes") == []
        # The bell is remembered on this device.
        other.reload()
        expect(other.get_by_role("button", name="Notify me when it is my turn")).to_have_attribute(
            "aria-pressed", "true")
    finally:
        for ctx in contexts:
            ctx.close()


def test_bell_asks_for_permission_on_click_not_on_load(new_page: Any) -> None:
    page = new_page()
    page.context.add_init_script(SPY_ASK)
    quick_game(page, "sweetshop")
    page.wait_for_selector(MINE)
    assert page.evaluate("window.__asked") == 0
    page.get_by_role("button", name="Notify me when it is my turn").click()
    page.wait_for_function("window.__asked === 1")


def test_sound_is_off_by_default_and_remembered(new_page: Any) -> None:
    page = new_page()
    quick_game(page, "sweetshop")
    page.wait_for_selector(MINE)
    sound = page.get_by_role("button", name="Sound on your turn")
    expect(sound).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("window.sweettoothSignals.tones") == 0
    sound.click()  # turning it on plays the tone once, so the player hears what it is
    expect(sound).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("window.sweettoothSignals.tones") == 1
    page.reload()
    page.wait_for_selector(MINE)
    sound = page.get_by_role("button", name="Sound on your turn")
    expect(sound).to_have_attribute("aria-pressed", "true")
    # On after the reload: the turn the page opens on plays it once.
    assert page.evaluate("window.sweettoothSignals.tones") == 1
    sound.click()
    page.reload()
    page.wait_for_selector(MINE)
    sound = page.get_by_role("button", name="Sound on your turn")
    expect(sound).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("window.sweettoothSignals.tones") == 0
