"""Playing over WebSocket against a real server: views, acks, errors that change nothing."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx

import sweettooth as st

from .harness import Player, ServerProcess, api, create_table, join


def test_human_plays_a_bot_to_the_end_and_the_record_replays(server: ServerProcess) -> None:
    """Each ack follows a commit; the final record replays to what the client was shown."""
    table = create_table(server, "lechocolat", [{"kind": "human"}, {"kind": "bot"}])
    token = join(server, table["id"], "Ada")
    rng = random.Random(5)
    acked: list[tuple[int, str]] = []

    async def play() -> dict[str, Any]:
        async with Player(server, table["id"], token) as me:
            await me.until("state")
            while me.view["result"] is None:
                if me.view["to_move"] == 0 and me.view["legal_actions"]:
                    action = rng.choice(me.view["legal_actions"])
                    ply = me.ply
                    answer = await me.act(action)
                    assert answer == {"type": "ack", "ply": ply, "action": action}
                    acked.append((ply, action))
                    await me.until_state(lambda m, ply=ply: m["ply"] > ply)
                else:
                    await me.until("state")
            return me.view

    final = asyncio.run(play())
    with api(server) as http:
        record = http.get(f"/api/tables/{table['id']}/record").json()
        info = http.get(f"/api/tables/{table['id']}").json()
    assert info["status"] == "finished"
    assert info["result"] == final["result"]
    for ply, action in acked:
        assert record["actions"][ply] == action
    assert st.replay(record).view(0) == final


def test_record_is_withheld_until_the_game_is_over(sqlite_server: ServerProcess) -> None:
    """The record holds the seed, which would reveal every hidden part."""
    table = create_table(sqlite_server, "bonbons", [{"kind": "human"}, {"kind": "human"}])
    with api(sqlite_server) as http:
        r = http.get(f"/api/tables/{table['id']}/record")
    assert r.status_code == 409


def test_every_client_gets_its_own_view(sqlite_server: ServerProcess) -> None:
    """Seats get view(seat), a spectator view(None), all at the table's ply."""
    srv = sqlite_server
    table = create_table(srv, "lechocolat", [{"kind": "human"}, {"kind": "human"}])
    tokens = [join(srv, table["id"], "A"), join(srv, table["id"], "B")]
    rng = random.Random(2)

    async def play() -> list[dict[str, Any]]:
        async with Player(srv, table["id"], tokens[0]) as a, \
                Player(srv, table["id"], tokens[1]) as b, \
                Player(srv, table["id"], None) as spectator:
            players = [a, b]
            for p in (a, b, spectator):
                await p.until_state(lambda m: True)
            for _ in range(6):
                mover = players[a.view["to_move"]]
                target = mover.ply + 1
                await mover.act(rng.choice(mover.view["legal_actions"]))
                for p in (a, b, spectator):
                    await p.until_state(lambda m, ply=target: m["ply"] >= ply)
            assert a.ply == b.ply == spectator.ply
            return [a.view, b.view, spectator.view]

    views = asyncio.run(play())
    with api(srv) as http:
        public = http.get(f"/api/tables/{table['id']}/view").json()
    assert views[2] == public
    assert [v["seat"] for v in views] == [0, 1, None]
    assert views[0] != views[1]
    # what each seat sees is the engine's view of that seat at that position
    assert all(v["ply"] == 6 for v in views)


def _errors_table(srv: ServerProcess) -> tuple[str, str, str]:
    table = create_table(srv, "lechocolat", [{"kind": "human"}, {"kind": "human"}])
    return table["id"], join(srv, table["id"], "A"), join(srv, table["id"], "B")


def test_bad_messages_get_clear_errors_and_change_nothing(sqlite_server: ServerProcess) -> None:
    """Stale ply, illegal action, malformed message, not your seat, not your turn, too large:
    each gets an error naming the problem; the ply stays; the connection stays open."""
    srv = sqlite_server
    table_id, token_a, token_b = _errors_table(srv)

    async def check() -> list[dict[str, Any]]:
        async with Player(srv, table_id, token_a) as a, Player(srv, table_id, token_b) as b:
            await a.until("state")
            await b.until("state")
            mover, other = (a, b) if a.view["to_move"] == 0 else (b, a)
            legal = mover.view["legal_actions"]
            bad: list[str | dict[str, Any]] = [
                {"type": "action", "ply": mover.ply + 1, "action": legal[0]},   # stale_ply
                {"type": "action", "ply": mover.ply, "action": "eat the table"},  # illegal
                "{not json",                                                     # malformed
                "[1, 2]",                                                        # malformed
                {"type": "teleport"},                                            # malformed
                {"type": "action", "ply": "0", "action": legal[0]},              # malformed
                {"type": "action", "ply": mover.ply, "action": legal[0],
                 "seat": 1 - mover.view["seat"]},                              # not_your_seat
                "x" * 5000,                                                      # too_large
            ]
            answers = []
            for message in bad:
                await mover.send(message)
                answers.append(await mover.until("error"))
            await other.send({"type": "action", "ply": other.ply, "action": legal[0]})
            answers.append(await other.until("error"))                          # not your turn
            await mover.send({"type": "ping"})
            assert (await mover.until("pong"))["type"] == "pong"
            ack = await mover.act(legal[0])                    # still open and still at ply 0
            assert ack["type"] == "ack" and ack["ply"] == 0
            return answers

    answers = asyncio.run(check())
    codes = [a["code"] for a in answers]
    assert codes == [
        "stale_ply", "illegal_action", "malformed", "malformed", "malformed", "malformed",
        "not_your_seat", "too_large", "not_your_turn",
    ]
    assert all(a["ply"] == 0 and a["message"] for a in answers)
    assert answers[1]["message"] == (  # the refusal says what is expected, not a list of moves
        "eat the table: expected 'split <group> at <column letter or row number>' like "
        "'split a1:g5 at b'"
    )


def test_spectators_cannot_act_and_bad_tokens_are_refused(sqlite_server: ServerProcess) -> None:
    srv = sqlite_server
    table_id, token_a, _ = _errors_table(srv)

    async def check() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        async with Player(srv, table_id, None) as spectator:
            await spectator.until("state")
            await spectator.send({"type": "action", "ply": 0, "action": "x"})
            refused = await spectator.until("error")
        from websockets.asyncio.client import connect

        async with connect(f"{srv.ws}/ws/tables/{table_id}") as raw:
            await raw.send(json.dumps({"type": "action", "ply": 0, "action": "x"}))
            first = json.loads(await raw.recv())
            await raw.send(json.dumps({"type": "hello", "token": token_a + "x"}))
            wrong = json.loads(await raw.recv())
            await raw.send(json.dumps({"type": "hello", "token": token_a}))
            assert json.loads(await raw.recv())["seat"] == 0  # the same connection may retry
        return refused, first, wrong

    refused, first, wrong = asyncio.run(check())
    assert refused["code"] == "not_your_seat"
    assert first["code"] == "hello_first"
    assert wrong["code"] == "bad_token"


def test_two_actions_for_the_same_ply_exactly_one_wins(sqlite_server: ServerProcess) -> None:
    """Two connections of one seat race for one ply: one ack, one stale_ply, one action kept."""
    srv = sqlite_server
    table_id, token_a, token_b = _errors_table(srv)

    async def race() -> list[dict[str, Any]]:
        async with Player(srv, table_id, token_a) as a1, Player(srv, table_id, token_a) as a2, \
                Player(srv, table_id, token_b) as b:
            for p in (a1, a2, b):
                await p.until("state")
            tokens_mover = (a1, a2) if a1.view["to_move"] == 0 else None
            assert tokens_mover is not None
            legal = a1.view["legal_actions"]
            first, second = legal[0], legal[-1]
            await asyncio.gather(
                a1.send({"type": "action", "ply": 0, "action": first}),
                a2.send({"type": "action", "ply": 0, "action": second}),
            )
            return [await a1.answer(), await a2.answer()]
    answers = asyncio.run(race())
    kinds = sorted(a["type"] for a in answers)
    assert kinds == ["ack", "error"]
    assert next(a for a in answers if a["type"] == "error")["code"] == "stale_ply"
    with api(srv) as http:
        info = http.get(f"/api/tables/{table_id}").json()
    assert info["ply"] == 1


def test_lobby_validates_requests(sqlite_server: ServerProcess) -> None:
    with httpx.Client(base_url=sqlite_server.url) as http:
        games = http.get("/api/games").json()
        assert sorted(g["id"] for g in games) == st.games()
        cases = [
            ({"game": "chess"}, 422, "valid games"),
            ({"game": "lechocolat", "players": 7}, 422, "players"),
            ({"game": "lechocolat", "options": {"card": 5}}, 422, "card"),
            ({"game": "lechocolat", "options": {"tiles_file": "/etc/passwd"}}, 422, "server file"),
            ({"game": "lechocolat", "seats": [{"kind": "bot", "level": "godlike"}]}, 422, ""),
            ({"game": "lechocolat", "players": 2, "seats": [{"kind": "human"}]}, 422, "one seat"),
        ]
        for body, status, words in cases:
            r = http.post("/api/tables", json=body)
            assert r.status_code == status, (body, r.text)
            assert words in r.text
        table = http.post("/api/tables", json={
            "game": "lechocolat", "seats": [{"kind": "bot"}, {"kind": "human"}]}).json()
        tid = table["id"]
        assert http.post(f"/api/tables/{tid}/join", json={"name": "A", "seat": 0}).status_code \
            == 409  # a bot's seat
        assert http.post(f"/api/tables/{tid}/join", json={"name": ""}).status_code == 422
        assert http.post(f"/api/tables/{tid}/join", json={"name": "A"}).json()["seat"] == 1
        assert http.post(f"/api/tables/{tid}/join", json={"name": "B"}).status_code == 409
        assert http.get("/api/tables/nope").status_code == 404
        assert "token" not in http.get(f"/api/tables/{tid}").text


def test_open_tables_lists_tables_with_free_seats(sqlite_server: ServerProcess) -> None:
    srv = sqlite_server
    open_one = create_table(srv, "sweetnose", [{"kind": "human"}] * 3)
    full = create_table(srv, "lechocolat", [{"kind": "human"}, {"kind": "bot"}])
    join(srv, full["id"], "A")
    with api(srv) as http:
        listed = [t["id"] for t in http.get("/api/tables", params={"game": "sweetnose"}).json()]
        everything = [t["id"] for t in http.get("/api/tables").json()]
    assert open_one["id"] in listed
    assert full["id"] not in everything


def test_a_seat_link_opens_the_table_page_and_keeps_its_token(sqlite_server: ServerProcess) -> None:
    """The share link /t/<id>#token=... redirects to the table page; browsers carry the #token
    over a redirect, and the token never reaches the server (it is after the #)."""
    table = create_table(sqlite_server, "lechocolat", [{"kind": "human"}, {"kind": "bot"}])
    answer = httpx.get(f"{sqlite_server.url}/t/{table['id']}", follow_redirects=False)
    assert answer.status_code == 307
    assert answer.headers["location"] == f"/table.html?t={table['id']}"
