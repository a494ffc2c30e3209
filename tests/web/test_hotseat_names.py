"""Hotseat: the lobby names every player on the device (it asked only the first one's name and
called the others "Player 2"...), nobody is marked "(you)" on the shared screen, and each player
is spoken to in the second person while at the screen (Bonbons: "You flip square c4"), by name
once the device has changed hands."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from .conftest import PHONE, shot
from .helpers import PRIVACY, sideways_scroll
from .test_phone_a11y import serious, small_controls


def new_hotseat_table(page: Page, game: str, names: list[str]) -> None:
    page.goto("/?speed=instant")
    page.wait_for_selector("body[data-ready='1']")
    page.check(f"input[name=game][value={game}]")
    page.select_option("#mode", "hotseat")
    page.select_option("#players", str(len(names)))
    fields = page.locator("#seats input.seatname")
    expect(fields).to_have_count(len(names))
    for i, name in enumerate(names):
        expect(fields.nth(i)).to_have_attribute("placeholder", f"Player {i + 1}")
        fields.nth(i).fill(name)
    page.click("#create-btn")
    page.wait_for_url("**/table.html?t=*")


def test_hotseat_names_every_player_and_marks_nobody_you(new_page: Any) -> None:
    page = new_page(PHONE)
    # The lobby: a bot seat has no name field; a player's seat does.
    page.goto("/?speed=instant")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#mode", "hotseat")
    page.select_option("#seats select >> nth=1", "bot:easy")
    expect(page.locator("#seats li").nth(1).locator("input.seatname")).to_be_hidden()
    expect(page.locator("#seats li").nth(0).locator("input.seatname")).to_be_visible()
    assert sideways_scroll(page) == 0
    assert small_controls(page, "#seats input, #seats select") == []
    assert serious(page) == [], "axe-core on the hotseat lobby"
    shot(page, "hotseat-lobby-names")

    new_hotseat_table(page, "bonbons", ["Ann", "Ben"])
    expect(page.locator("#privacy-btn")).to_have_text("I am Ann: show my table")
    page.click(PRIVACY)
    players = page.locator(".players")
    expect(players).to_contain_text("Ann")
    expect(players).to_contain_text("Ben")
    expect(players).not_to_contain_text("(you)")
    square = page.locator('.table-root.myturn .board .pickable[data-key^="sq:"]').first
    where = (square.get_attribute("data-key") or "")[3:]
    square.click()
    said = page.locator(".log li .lsay")
    # Ann reads her flip and stops, unless her square ended the turn at once (the empty
    # wrapper: the device is to be passed, her table hidden); Ben takes the device.
    stop = page.locator(".table-root.myturn .board .bb-stop")
    page.wait_for_selector(f"{PRIVACY}, .table-root.myturn .board .bb-stop")
    if not page.locator(PRIVACY).is_visible():
        expect(said.first).to_contain_text(f"You flip square {where}")
        shot(page, "hotseat-bonbons-ann")
        stop.click()
    expect(page.locator("#privacy-btn")).to_have_text("I am Ben: show my table")
    page.click(PRIVACY)
    expect(said.first).to_contain_text(re.compile(rf"^Ann flips square {where}\b"))
    expect(players).not_to_contain_text("(you)")
    own = page.locator('.board [data-key="rt:p1.1"]')
    expect(own).to_have_attribute("aria-label", re.compile(r"^Your round tile 1\b"))
