"""Quick match in the browser: two players (two browser contexts, each with its own device key)
ask for a rated Le Chocolat game and land at the same table, one seat each; each has a player
with a profile page listing the game; the lobby shows the seats' ratings."""

from __future__ import annotations

import re
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from .conftest import Server, shot
from .test_phone_a11y import serious


def _ask(page: Page, name: str) -> None:
    page.goto("/?speed=instant")
    page.wait_for_selector("body[data-ready='1']")
    page.fill("#name", name)
    page.select_option("#qm-game", "lechocolat")
    page.select_option("#qm-wait", "300")  # long: a table with bots would mean no pairing
    page.click("#qm-btn")


def test_quick_match_pairs_two_players_at_one_table(new_page: Any, server: Server) -> None:
    ada, bo = new_page(), new_page()
    _ask(ada, "Ada")
    expect(ada.locator("#qm-status")).to_contain_text("Looking for an opponent")
    expect(ada.locator("#qm-cancel")).to_be_visible()
    shot(ada, "lobby-quickmatch-waiting")
    _ask(bo, "Bo")
    for page in (ada, bo):
        page.wait_for_url("**/table.html?t=*")
    table = ada.url.split("t=")[1].split("&")[0]
    assert bo.url.split("t=")[1].split("&")[0] == table
    with httpx.Client(base_url=server.url) as http:
        info = http.get(f"/api/tables/{table}").json()
        ratings = http.get(f"/api/ratings?tables={table}").json()[table]
    assert sorted(s["name"] for s in info["seats"]) == ["Ada", "Bo"]
    assert all(s["kind"] == "human" for s in info["seats"])
    assert ratings["rated"] and len(ratings["seats"]) == 2
    for page in (ada, bo):  # each page plays its own seat: the game started for both
        expect(page.locator(".table-root")).to_be_visible()
    expect(ada.locator(".table-root.myturn, .table-root:not(.myturn)")).to_have_count(1)
    with httpx.Client(base_url=server.url) as http:
        wait = http.get(f"/api/tables/{table}").json()
        assert wait["status"] == "playing", wait["status"]
    me = ada.evaluate("JSON.parse(localStorage.getItem('sweettooth.player'))")
    ada.goto(f"/players/{me['id']}")
    ada.wait_for_selector("body[data-ready='1']")
    expect(ada.locator("#name-h")).to_have_text("Ada")
    expect(ada.locator(f"#games li[data-table='{table}']")).to_contain_text("Rated")
    expect(ada.locator("#own")).to_be_visible()  # her own page: rename, device link
    shot(ada, "profile-own")


def test_the_lobby_shows_ratings_next_to_names(new_page: Any, server: Server) -> None:
    page = new_page()
    page.goto("/")
    page.wait_for_selector("body[data-ready='1']")
    page.fill("#name", "Cy")
    page.select_option("#players", "2") if page.locator("#players option").count() > 1 else None
    page.check("input[name=game][value=lechocolat]")
    page.select_option("#seats select >> nth=1", "friend")
    page.check("#rated")
    page.click("#create-btn")
    page.wait_for_url("**/table.html?t=*")
    table = page.url.split("t=")[1].split("&")[0]
    other = new_page()
    other.goto("/")
    other.wait_for_selector("body[data-ready='1']")
    row = other.locator(f"#tables li[data-table='{table}']")
    expect(row.locator(".ratedtag")).to_have_text("Rated")
    expect(row.locator("a.seatplayer")).to_have_text("Cy")
    expect(row.locator(".rating")).to_have_text("0.0")
    shot(other, "lobby-ratings")


def test_a_device_link_carries_the_player_once(new_page: Any) -> None:
    home = new_page()
    home.goto("/")
    home.wait_for_selector("body[data-ready='1']")
    home.fill("#name", "Dot")
    home.check("input[name=game][value=lechocolat]")
    home.click("#create-btn")  # creating a table registers this device's player
    home.wait_for_url("**/table.html?t=*")
    me = home.evaluate("JSON.parse(localStorage.getItem('sweettooth.player'))")
    home.goto(f"/players/{me['id']}")
    home.wait_for_selector("body[data-ready='1']")
    home.click("#make-link")
    expect(home.locator("#link")).to_have_value(re.compile(r"/players/link#token="))
    link = home.input_value("#link")
    assert "/players/link#token=" in link
    phone = new_page()
    phone.goto(link)
    phone.wait_for_selector("body[data-ready='1']")
    phone.click("#redeem-btn")
    phone.wait_for_url(f"**/players/{me['id']}")
    phone.wait_for_selector("body[data-ready='1']")
    expect(phone.locator("#name-h")).to_have_text("Dot")
    expect(phone.locator("#own")).to_be_visible()  # this device is Dot now
    assert serious(phone) == []  # the profile page by axe-core
    thief = new_page()
    thief.goto(link)
    thief.wait_for_selector("body[data-ready='1']")
    thief.click("#redeem-btn")
    expect(thief.locator("#error")).to_contain_text("already used")
