"""Clocks in the browser (issue 34 items 4 and 7): a fast live control chosen in the lobby form
counts down beside the player to move and its flag fall ends the game scored; with the other
rule (made over the API, dark theme) the seat passes to a bot that plays on. The lobby card
names the control and the rule."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from .conftest import shot

CLOCK0 = ".players li:nth-child(1) .seatclock"
CLOCK1 = ".players li:nth-child(2) .seatclock"
END = ".endscreen:not([hidden])"


def test_the_lobby_card_names_the_control_and_the_rule(page: Page) -> None:
    made = page.request.post("/api/tables", data={
        "game": "lechocolat", "seats": [{"kind": "human"}, {"kind": "human"}],
        "clock": {"mode": "live", "minutes": 5, "increment": 2, "flag_fall": "bot",
                  "bot_level": "hard"}})
    assert made.ok, made.text()
    page.goto("/")
    card = page.locator(f"#tables li[data-table='{made.json()['id']}']")
    expect(card).to_contain_text("clock 5 min + 2 s (out of time: a hard bot plays on)")


def test_a_fast_clock_counts_down_and_its_flag_fall_ends_the_game_scored(page: Page) -> None:
    page.goto("/?speed=instant")
    page.wait_for_selector("body[data-ready='1']")
    page.check("input[name=game][value=lechocolat]")
    page.fill("#name", "Ada")
    page.select_option("#clock-mode", "live")
    expect(page.locator("#clock-help")).to_contain_text("whoever ran out is placed last")
    page.fill("#clock-minutes", "0.05")  # three seconds
    page.fill("#clock-increment", "0")
    page.select_option("#clock-flag", "score")
    shot(page, "clock-lobby-form")
    page.click("#create-btn")
    page.wait_for_url("**/table.html?t=*")
    mine = page.locator(CLOCK0)
    expect(mine).to_have_class("seatclock running low")
    expect(page.locator(CLOCK1)).not_to_have_class("running")
    expect(page.locator(".tablefacts")).to_contain_text(
        "Clock 3 s + 0 s; out of time: the game ends and is scored")
    first = mine.inner_text()
    page.wait_for_timeout(400)
    assert mine.inner_text() != first, "the running clock does not count down"
    shot(page, "clock-running-light")
    end = page.locator(END)
    expect(end).to_contain_text("You ran out of time", timeout=15_000)
    expect(end).to_contain_text("the game ends there and is scored")
    expect(end.locator(".endtitle")).to_contain_text("wins")
    expect(mine).to_have_text("Time out")
    shot(page, "clock-flag-scored-light")


def test_with_the_bot_rule_a_bot_takes_the_seat_and_plays_on(new_page: Any) -> None:
    page: Page = new_page(color_scheme="dark")
    made = page.request.post("/api/tables", data={
        "game": "lechocolat", "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}],
        "bot_speed": "instant",
        "clock": {"mode": "live", "minutes": 0.05, "increment": 1, "flag_fall": "bot",
                  "bot_level": "easy"}})
    assert made.ok, made.text()
    table = made.json()["id"]
    joined = page.request.post(f"/api/tables/{table}/join", data={"name": "Ada", "seat": 0})
    page.goto(joined.json()["link"])
    page.wait_for_url("**/table.html?t=*")
    expect(page.locator(CLOCK0)).to_have_class("seatclock running low")
    shot(page, "clock-running-dark")
    expect(page.locator("#conn")).to_contain_text("Your time ran out", timeout=15_000)
    expect(page.locator(".players li:nth-child(1) .pname")).to_contain_text("Bot (easy)")
    expect(page.locator(CLOCK0)).to_have_text("Time out")
    expect(page.locator(END)).to_be_visible(timeout=30_000)  # the bots played it out
    shot(page, "clock-flag-bot-dark")
