"""A player's profile page after a rated game: the rating per game as the conservative
estimate with the number of rated games, the game listed as rated with won or lost, and a
Replay link that opens the replay from the player's seat; on the player's own page the name is
changed (shown as text; a blank name refused with the server's reason)."""

from __future__ import annotations

import secrets
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from .conftest import Server, shot
from .test_chat_rematch import _play_out
from .test_device_qr import _as_player


def test_a_rated_game_is_on_both_profiles_with_its_rating_and_replay(
    page: Page, server: Server,
) -> None:
    keys = [secrets.token_urlsafe(32) for _ in range(2)]
    with httpx.Client(base_url=server.url) as http:
        ids = [http.post("/api/players", json={"key": k, "name": n}).json()["id"]
               for k, n in zip(keys, ("Jo", "Kit"), strict=True)]
        tid = http.post("/api/tables", json={
            "game": "lechocolat", "seats": [{"kind": "human"}, {"kind": "human"}],
            "rated": True}).json()["id"]
        tokens = [http.post(f"/api/tables/{tid}/join", json={"name": n, "seat": i},
                            headers={"X-Player-Key": k}).json()["token"]
                  for i, (k, n) in enumerate(zip(keys, ("Jo", "Kit"), strict=True))]
    _play_out(server, tid, tokens, seed=11)
    with httpx.Client(base_url=server.url) as http:
        result = http.get(f"/api/tables/{tid}").json()

        def rated() -> list[list[dict[str, Any]]]:
            return [http.get(f"/api/players/{i}").json()["ratings"] for i in ids]

        for _ in range(200):  # the rating is written just after the finish
            ratings = rated()
            if all(ratings):
                break
            page.wait_for_timeout(50)
    assert result["status"] == "finished"
    for seat, pid in enumerate(ids):
        page.goto(f"/players/{pid}")
        page.wait_for_selector("body[data-ready='1']")
        row = page.locator("#ratings tr[data-game='lechocolat']")
        expect(row.locator(".ratingcell")).to_have_text(f"{ratings[seat][0]['rating']:.1f}")
        expect(row.locator(".gamescell")).to_have_text("1")
        game = page.locator(f"#games li[data-table='{tid}']")
        expect(game).to_contain_text("Rated")
        expect(game).to_contain_text("finished")
        expect(game).to_contain_text(" · won" if seat in result["result"]["winners"]
                                     else " · lost")
        replay = game.get_by_role("link", name="Replay")
        expect(replay).to_have_attribute("href", f"/replay.html?t={tid}&seat={seat}")
        assert page.locator("#own").is_hidden()  # someone else's page: no rename, no link
        if seat == 0:
            shot(page, "profile-after-a-rated-game")
    replay.click()
    page.wait_for_url(f"**/replay.html?t={tid}&seat=1")
    expect(page.locator(".players")).to_contain_text("Kit")


def test_the_name_is_changed_on_the_players_own_page_as_text(page: Page, server: Server) -> None:
    me = _as_player(page, server, "Lou", "light")
    expect(page.locator("#newname")).to_have_value("Lou")
    markup = "<b>Lu</b><img src=x onerror=window.__xss=1>"[:40]
    page.fill("#newname", markup)
    page.click("#rename button[type=submit]")
    expect(page.locator("#rename-status")).to_have_text("Name changed.")
    expect(page.locator("#name-h")).to_have_text(markup)
    assert page.locator("#name-h b, #name-h img").count() == 0
    assert page.evaluate("window.__xss") is None
    assert page.evaluate("localStorage.getItem('sweettooth.name')") == markup
    page.fill("#newname", "   ")  # only blanks: the server says what is wrong, nothing changes
    page.click("#rename button[type=submit]")
    expect(page.locator("#rename-status")).to_contain_text(
        "Could not change the name: name must be 1 to 40 characters")
    with httpx.Client(base_url=server.url) as http:
        assert http.get(f"/api/players/{me['id']}").json()["name"] == markup
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#name-h")).to_have_text(markup)
