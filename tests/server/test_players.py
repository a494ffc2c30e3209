"""Players over HTTP: device keys (bad and forged ones refused), names, one-time device links,
rated tables (players only, one seat each) and a rated game's ratings applied exactly once."""

from __future__ import annotations

import asyncio
import io
import random
import secrets
from typing import Any

import segno

from sweettooth.server import players
from sweettooth.server.db import Store, make_engine
from sweettooth.server.device_qr import SVG_OPTIONS
from sweettooth.server.ratings import rate_table

from .harness import Player, ServerProcess, api, create_table, wait_for
from .social import play_out


def key() -> str:
    return secrets.token_urlsafe(32)


def register(srv: ServerProcess, k: str, name: str) -> dict[str, Any]:
    with api(srv) as http:
        r = http.post("/api/players", json={"key": k, "name": name})
        assert r.status_code in (200, 201), r.text
        out: dict[str, Any] = r.json()
        return out


def test_a_player_is_known_by_their_key_and_bad_or_forged_keys_are_refused(
    sqlite_server: ServerProcess,
) -> None:
    k = key()
    with api(sqlite_server) as http:
        made = http.post("/api/players", json={"key": k, "name": "  Ada  "})
        assert made.status_code == 201 and made.json()["name"] == "Ada"
        again = http.post("/api/players", json={"key": k, "name": "Other"})
        assert again.status_code == 200 and again.json() == made.json()
        assert http.get("/api/players/me", headers={"X-Player-Key": k}).json() == made.json()
        for bad in ("short", k[:-1] + "!", k + "A", ""):
            r = http.post("/api/players", json={"key": bad, "name": "Eve"})
            assert r.status_code == 422 and "43 base64url" in r.json()["detail"]
        forged = key()  # well formed, never registered: opens nobody
        r = http.get("/api/players/me", headers={"X-Player-Key": forged})
        assert r.status_code == 401 and "opens no player" in r.json()["detail"]
        assert http.get("/api/players/me").status_code == 401
        r = http.patch("/api/players/me", json={"name": "Mallory"},
                       headers={"X-Player-Key": forged})
        assert r.status_code == 401
        assert http.get(f"/api/players/{made.json()['id']}").json()["name"] == "Ada"


def test_names_are_checked_and_kept_as_text(sqlite_server: ServerProcess) -> None:
    k = key()
    register(sqlite_server, k, "Bo")
    head = {"X-Player-Key": k}
    with api(sqlite_server) as http:
        for bad, why in (("", "1 to 40"), ("x" * 41, "1 to 40"), ("a\x07b", "U+0007"),
                         ("a\u202eb", "U+202E")):
            r = http.patch("/api/players/me", json={"name": bad}, headers=head)
            assert r.status_code == 422 and why in r.json()["detail"], r.text
            assert http.get("/api/players/me", headers=head).json()["name"] == "Bo"
        markup = "<b>Bo</b><script>x()</script>"[:40]
        assert http.patch("/api/players/me", json={"name": markup},
                          headers=head).json()["name"] == markup
        assert http.get("/api/players/me", headers=head).json()["name"] == markup


def test_a_device_link_works_once(sqlite_server: ServerProcess) -> None:
    home, phone, thief = key(), key(), key()
    me = register(sqlite_server, home, "Cy")
    with api(sqlite_server) as http:
        link = http.post("/api/players/me/links", headers={"X-Player-Key": home}).json()
        assert link["link"].endswith(f"/players/link#token={link['token']}")
        used = http.post("/api/players/links/redeem", json={"token": link["token"], "key": phone})
        assert used.status_code == 200 and used.json() == me
        assert http.get("/api/players/me", headers={"X-Player-Key": phone}).json() == me
        assert http.get("/api/players/me", headers={"X-Player-Key": home}).json() == me
        twice = http.post("/api/players/links/redeem", json={"token": link["token"], "key": thief})
        assert twice.status_code == 410 and "already used" in twice.json()["detail"]
        assert http.get("/api/players/me", headers={"X-Player-Key": thief}).status_code == 401
        made_up = http.post("/api/players/links/redeem", json={"token": key(), "key": thief})
        assert made_up.status_code == 410


def _segno_svg(link: str) -> str:
    out = io.BytesIO()
    segno.make_qr(link, error="m").save(out, kind="svg", **SVG_OPTIONS)
    return out.getvalue().decode()


def test_a_device_link_has_a_qr_code_for_its_owner_only(sqlite_server: ServerProcess) -> None:
    srv = sqlite_server
    home, other, phone = key(), key(), key()
    me = register(srv, home, "Qi")
    register(srv, other, "Ro")
    with api(srv) as http:
        link = http.post("/api/players/me/links", headers={"X-Player-Key": home}).json()
        qr = http.post("/api/players/me/links/qr", json={"token": link["token"]},
                       headers={"X-Player-Key": home})
        assert qr.status_code == 200, qr.text
        assert qr.headers["content-type"] == "image/svg+xml"
        assert qr.headers["cache-control"] == "no-store"
        assert qr.text.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
        assert qr.text == _segno_svg(link["link"])  # the code of exactly this link
        assert "viewBox" in qr.text and "<script" not in qr.text
        refusals = {  # the same 404 for any link that is not a live one of this player
            "another player's": (other, link["token"]),
            "made up": (home, key()),
        }
        for why, (k, token) in refusals.items():
            r = http.post("/api/players/me/links/qr", json={"token": token},
                          headers={"X-Player-Key": k})
            assert r.status_code == 404, why
            assert "no live device link of yours" in r.json()["detail"]
            assert link["token"] not in r.text and "svg" not in r.text
        for head in ({}, {"X-Player-Key": key()}):  # nobody, or a key that opens nobody
            r = http.post("/api/players/me/links/qr", json={"token": link["token"]},
                          headers=head)
            assert r.status_code == 401 and link["token"] not in r.text
        for body in ({}, {"token": ""}, {"token": "x" * 101}, {"token": 7}):
            r = http.post("/api/players/me/links/qr", json=body, headers={"X-Player-Key": home})
            assert r.status_code == 422, body
        used = http.post("/api/players/links/redeem", json={"token": link["token"], "key": phone})
        assert used.status_code == 200
        spent = http.post("/api/players/me/links/qr", json={"token": link["token"]},
                          headers={"X-Player-Key": home})
        assert spent.status_code == 404 and "no live device link" in spent.json()["detail"]
    store = Store(make_engine(srv.db))
    try:
        stale = players.make_link(store, me["id"], ttl=-1.0)
    finally:
        store.close()
    with api(srv) as http:
        r = http.post("/api/players/me/links/qr", json={"token": stale},
                      headers={"X-Player-Key": home})
        assert r.status_code == 404 and "no live device link" in r.json()["detail"]


def test_a_rated_game_updates_both_ratings_exactly_once(sqlite_server: ServerProcess) -> None:
    srv = sqlite_server
    keys = [key(), key()]
    ids = [register(srv, k, n)["id"] for k, n in zip(keys, ("Dee", "Eli"), strict=True)]
    tid = create_table(srv, "lechocolat", [{"kind": "human"}, {"kind": "human"}],
                       rated=True)["id"]
    with api(srv) as http:
        anonymous = http.post(f"/api/tables/{tid}/join", json={"name": "Anon"})
        assert anonymous.status_code == 401
        tokens = []
        for k, name in zip(keys, ("Dee", "Eli"), strict=True):
            r = http.post(f"/api/tables/{tid}/join", json={"name": name},
                          headers={"X-Player-Key": k})
            assert r.status_code == 201, r.text
            tokens.append(r.json()["token"])
            if name == "Dee":  # one seat per player at a rated table
                again = http.post(f"/api/tables/{tid}/join", json={"name": "Dee"},
                                  headers={"X-Player-Key": k})
                assert again.status_code == 409 and "already hold" in again.json()["detail"]
        assert http.get(f"/api/ratings?tables={tid}").json()[tid]["rated"] is True

    async def run() -> dict[str, Any]:
        async with Player(srv, tid, tokens[0]) as a, Player(srv, tid, tokens[1]) as b:
            return await play_out([a, b], seed=7)

    result = asyncio.run(run())

    def ratings() -> list[list[dict[str, Any]]]:
        with api(srv) as http:
            return [http.get(f"/api/players/{i}").json()["ratings"] for i in ids]

    for _ in range(200):  # the rating is written just after the finish
        got = ratings()
        if all(got):
            break
        asyncio.run(asyncio.sleep(0.05))
    assert [r[0]["games"] for r in got] == [1, 1]
    if len(result["winners"]) == 1:
        win = result["winners"][0]
        assert got[win][0]["rating"] > got[1 - win][0]["rating"]
    store = Store(make_engine(srv.db))
    try:
        assert rate_table(store, tid) is False  # a retry, a restart, another process: no-op
    finally:
        store.close()
    assert ratings() == got
    with api(srv) as http:
        games = http.get(f"/api/players/{ids[0]}").json()["games"]
        assert games[0]["table"] == tid and games[0]["rated"] and games[0]["status"] == "finished"


def _rating(srv: ServerProcess, player: str, game: str) -> dict[str, Any] | None:
    with api(srv) as http:
        r = http.get(f"/api/players/{player}")
        assert r.status_code == 200, r.text
    got = [x for x in r.json()["ratings"] if x["game"] == game]
    return got[0] if got else None


def test_a_bot_is_rated_on_the_players_scale_through_a_rated_game(
    sqlite_server: ServerProcess,
) -> None:
    """A rated table with a bot seat: the bot's level is a player (`bot-easy`), rated by the
    game like the human, with the table on its profile."""
    srv = sqlite_server
    k = key()
    fay = register(srv, k, "Fay")
    before = _rating(srv, "bot-easy", "lechocolat")
    tid = create_table(srv, "lechocolat", [{"kind": "human"}, {"kind": "bot", "level": "easy"}],
                       rated=True, bot_speed="instant")["id"]
    with api(srv) as http:
        r = http.post(f"/api/tables/{tid}/join", json={"name": "Fay", "seat": 0},
                      headers={"X-Player-Key": k})
        assert r.status_code == 201, r.text
        token = r.json()["token"]
        seats = http.get(f"/api/ratings?tables={tid}").json()[tid]["seats"]
    assert sorted((x["seat"], x["player"]) for x in seats) == [(0, fay["id"]), (1, "bot-easy")]

    async def run() -> dict[str, Any]:
        rng = random.Random(3)
        async with Player(srv, tid, token) as me:
            await me.until("state")
            while me.view["result"] is None:
                if me.view["to_move"] == 0 and me.view["legal_actions"]:
                    sent = me.ply
                    answer = await me.act(rng.choice(me.view["legal_actions"]))
                    if answer.get("code") == "stale_ply":  # the bot moved first: look again
                        if me.ply < answer["ply"]:
                            await me.until_state(lambda m, at=answer["ply"]: m["ply"] >= at)
                        continue
                    assert answer["type"] == "ack", answer
                    if me.ply <= sent:  # the ack can come before the state frame of that move
                        await me.until_state(lambda m, at=sent: m["ply"] > at)
                else:
                    await me.until("state")
            result: dict[str, Any] = me.view["result"]
            return result

    result = asyncio.run(run())
    wait_for(lambda: _rating(srv, fay["id"], "lechocolat") is not None, "Fay's rating")
    wait_for(lambda: (_rating(srv, "bot-easy", "lechocolat") or {}).get("games", 0)
             == (before or {}).get("games", 0) + 1, "the bot's rating")
    bot, mine = _rating(srv, "bot-easy", "lechocolat"), _rating(srv, fay["id"], "lechocolat")
    assert bot is not None and mine is not None and mine["games"] == 1
    if result["winners"] == [1] and before is None:  # the same scale: the winner above
        assert bot["rating"] > mine["rating"]
    elif result["winners"] == [0] and before is None:
        assert mine["rating"] > bot["rating"]
    with api(srv) as http:
        games = http.get("/api/players/bot-easy").json()["games"]
    assert any(g["table"] == tid and g["rated"] and g["seat"] == 1 for g in games)


def test_rated_tables_need_a_human_seat(sqlite_server: ServerProcess) -> None:
    with api(sqlite_server) as http:
        r = http.post("/api/tables", json={
            "game": "lechocolat", "seats": [{"kind": "bot"}, {"kind": "bot"}], "rated": True})
        assert r.status_code == 422 and "one of them human" in r.json()["detail"]
