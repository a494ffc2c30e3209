"""Rematch over WebSocket: offered, accepted (new seed, same options, seats rotated, every
player moved with their own token) or declined; bots accept; the series' score."""

from __future__ import annotations

import asyncio
from typing import Any

from .harness import Player, ServerProcess, api, create_table, join
from .social import play_out

OPTIONS = {"card": "rainbow"}


def _info(srv: ServerProcess, tid: str) -> dict[str, Any]:
    with api(srv) as http:
        out: dict[str, Any] = http.get(f"/api/tables/{tid}").json()
        return out


def _series(srv: ServerProcess, tid: str) -> dict[str, Any]:
    with api(srv) as http:
        out: dict[str, Any] = http.get(f"/api/tables/{tid}/series").json()
        return out


def test_accepted_rematch_rotates_seats_and_keeps_the_series_score(
    sqlite_server: ServerProcess,
) -> None:
    srv = sqlite_server
    first = create_table(srv, "lechocolat", [{"kind": "human"}, {"kind": "human"}],
                         options=OPTIONS)["id"]
    tokens = [join(srv, first, "Ada"), join(srv, first, "Bo")]
    results: list[dict[str, Any]] = []

    async def run() -> dict[str, Any]:
        async with Player(srv, first, tokens[0]) as ada, Player(srv, first, tokens[1]) as bo, \
                Player(srv, first, None) as kib:
            await ada.send({"type": "rematch"})
            assert (await ada.until("error"))["code"] == "rematch_unavailable"  # not over yet
            results.append(await play_out([ada, bo], seed=3))
            await kib.send({"type": "rematch"})
            assert (await kib.until("error"))["code"] == "rematch_unavailable"
            await ada.send({"type": "rematch"})
            offer = await bo.until("rematch")
            assert offer["status"] == "open" and offer["votes"] == [
                {"seat": 0, "accept": True}, {"seat": 1, "accept": None}]
            await bo.send({"type": "rematch", "accept": True})
            ready = [await p.until("rematch", status="ready") for p in (ada, bo, kib)]
            assert ready[0]["table"] == ready[1]["table"] == ready[2]["table"] != first
            assert (ready[0]["seat"], ready[1]["seat"]) == (1, 0)  # Bo starts the rematch
            assert "token" not in ready[2] and ready[0]["token"] != ready[1]["token"]
            second = ready[0]["table"]
            async with Player(srv, second, ready[1]["token"]) as bo2, \
                    Player(srv, second, ready[0]["token"]) as ada2:
                assert bo2.frames and '"seat":0' in bo2.frames[0]
                assert '"seat":1' in ada2.frames[0]
                results.append(await play_out([bo2, ada2], seed=4))
            return ready[0]

    ready = asyncio.run(run())
    old, new = _info(srv, first), _info(srv, ready["table"])
    assert new["options"] == old["options"] and new["options"]["card"] == "rainbow"
    assert new["seed_sha256"] != old["seed_sha256"]
    assert [s["name"] for s in new["seats"]] == ["Bo", "Ada"]
    wins = {"Ada": 0, "Bo": 0}
    for result, names in zip(results, (["Ada", "Bo"], ["Bo", "Ada"]), strict=True):
        for seat in result["winners"]:
            wins[names[seat]] += 1
    for tid in (first, ready["table"]):
        score = _series(srv, tid)
        assert score["series"] == first and score["finished"] == 2
        assert {s["name"]: s["wins"] for s in score["seats"]} == wins
    assert _series(srv, first)["game"] == 1 and _series(srv, ready["table"])["game"] == 2


def test_a_decline_tells_everyone_and_opens_no_table(sqlite_server: ServerProcess) -> None:
    srv = sqlite_server
    first = create_table(srv, "lechocolat", [{"kind": "human"}, {"kind": "human"}])["id"]
    tokens = [join(srv, first, "Ada"), join(srv, first, "Bo")]

    async def run() -> None:
        async with Player(srv, first, tokens[0]) as ada, Player(srv, first, tokens[1]) as bo:
            await play_out([ada, bo], seed=5)
            await bo.send({"type": "rematch", "accept": False})
            assert (await bo.until("error"))["code"] == "rematch_unavailable"  # nothing offered
            await bo.send({"type": "rematch"})
            await ada.until("rematch", status="open")
            await ada.send({"type": "rematch", "accept": False})
            for p in (ada, bo):
                declined = await p.until("rematch", status="declined")
                assert (declined["status"], declined["by"], declined["name"]) == (
                    "declined", 0, "Ada")
                assert "table" not in declined

    asyncio.run(run())
    assert _series(srv, first) == {"series": None}


def test_bots_accept_at_once(sqlite_server: ServerProcess) -> None:
    srv = sqlite_server
    first = create_table(srv, "lechocolat", [{"kind": "bot", "level": "easy"},
                                             {"kind": "human"}])["id"]
    token = join(srv, first, "Ada")

    async def run() -> dict[str, Any]:
        async with Player(srv, first, token) as ada:
            await ada.until("state")
            while ada.view["result"] is None:
                if ada.view["to_move"] == 1:
                    await ada.act(ada.view["legal_actions"][0])
                await ada.until("state")
            await ada.send({"type": "rematch"})
            ready = await ada.until("rematch")
            assert ready["status"] == "ready", ready
            return ready

    ready = asyncio.run(run())
    assert ready["seat"] == 0  # the human moved from seat 1 to seat 0
    info = _info(srv, ready["table"])
    assert [(s["kind"], s["level"], s["name"]) for s in info["seats"]] == [
        ("human", None, "Ada"), ("bot", "easy", "easy bot")]
