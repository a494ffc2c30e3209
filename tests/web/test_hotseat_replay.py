"""Hotseat with a privacy screen between seats, and the replay viewer (issue 9)."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from .conftest import Server, shot
from .helpers import END, play_to_end, quick_game, sideways_scroll
from .test_phone_a11y import serious, small_controls


def test_hotseat_privacy_screen(page: Page) -> None:
    """Three players on one device (Sweet Nose): after Player 1 sets secret markers, the
    privacy screen hides the table, and nothing of Player 1's markers stays on the page."""
    page.goto("/?speed=instant")
    page.wait_for_selector("body[data-ready='1']")
    page.check("input[name=game][value=sweetnose]")
    page.select_option("#mode", "hotseat")
    page.select_option("#players", "3")
    page.click("#create-btn")
    page.wait_for_url("**/table.html?t=*")
    privacy = page.locator("#privacy")
    expect(privacy).to_be_visible()
    expect(page.locator("#privacy-btn")).to_contain_text("Player 1")
    expect(page.locator(".board .sn-picker")).to_have_count(0)
    page.click("#privacy-btn")
    kinds = ["red", "green", "brown", "pink", "yellow"]
    for kind, value in zip(kinds, [2, 4, 1, 5, 3], strict=True):
        page.click(f".sn-num[data-key='mk:{kind}:{value}']")
    expect(privacy).to_be_visible()
    expect(page.locator("#privacy-text")).to_have_text(
        "Player 2 decides next. Hand the device to Player 2; everyone else, look away.")
    expect(page.locator("#privacy-btn")).to_contain_text("Player 2")
    shot(page, "hotseat-privacy")
    assert "marker: " not in page.content(), "Player 1's markers stay hidden behind the screen"
    expect(page.locator(".board [data-key]")).to_have_count(0)
    page.click("#privacy-btn")
    expect(page.locator(".sn-picker")).to_be_visible()
    expect(page.locator(".players li.me")).to_contain_text("Player 2")
    assert "Your red marker" not in page.content()


def test_replay_viewer(browser: Browser, server: Server) -> None:
    ctx = browser.new_context(base_url=server.url, viewport={"width": 1200, "height": 900})
    ctx.set_default_timeout(30_000)
    page = ctx.new_page()
    quick_game(page, "lechocolat")
    play_to_end(page, seed=7)
    page.locator(END).get_by_role("link", name="Replay this game").click()
    page.wait_for_url("**/replay.html?t=*")
    page.wait_for_selector("body[data-ply='0']")
    plies = int(page.locator("#ply").get_attribute("max") or 0)
    assert plies > 10
    expect(page.locator(".lc-piece")).to_have_count(1)  # the whole bar, unbroken
    expect(page.locator("#where")).to_have_text(f"Move 0 of {plies}")
    # The replay viewer says who moves next, never "Waiting for" (issue 12).
    expect(page.locator(".status")).to_have_text("Next to move: Tester")
    page.click("#next")
    page.wait_for_selector("body[data-ply='1']")
    expect(page.locator(".lc-piece")).to_have_count(2)  # the first split
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("body[data-ply='2']")
    page.click("#last")
    page.wait_for_selector(f"body[data-ply='{plies}']")
    expect(page.locator(END)).to_be_visible()
    expect(page.locator(".players li.me")).to_have_count(1)  # seen by seat 0 (you)
    mine = page.locator(".lc-claimed.mine .lc-tile .down").count()
    page.select_option("#seat", "")  # the spectator
    page.wait_for_selector(".players")
    expect(page.locator(".players li.me")).to_have_count(0)
    # Seat 0 sees the hidden sides of all its tiles; the spectator only the blank-up ones.
    assert page.locator(".lc-claimed .lc-tile .down").count() <= mine + page.locator(
        ".lc-claimed:not(.mine) .lc-tile .down").count()
    shot(page, "replay")
    # Issue 12: the replay page passes axe-core; its controls are big enough on a phone.
    assert serious(page) == []
    page.set_viewport_size({"width": 360, "height": 780})
    assert sideways_scroll(page) == 0
    assert small_controls(page, "#controls button, #controls select, #controls input") == []
    shot(page, "replay-phone")
    ctx.close()
