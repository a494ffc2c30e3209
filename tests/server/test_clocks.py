"""Time controls (docs/server.md, "Clocks"): refused controls, clocks in frames, a flag fall
found with nobody sending anything (both rules), bots' moves on their clocks, and the remaining
time kept across a SIGKILL and restart on a real SQLite file."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from sweettooth.server.protocol import ActionMsg
from sweettooth.server.tables import Client

from .harness import Player, ServerProcess, api, create_table, join
from .managers import manager

HUMAN = {"kind": "human"}
BOT = {"kind": "bot", "level": "easy"}


def clocked(server: ServerProcess, clock: dict[str, Any], seats: list[dict[str, Any]],
            game: str = "lechocolat") -> dict[str, Any]:
    return create_table(server, game, seats, clock=clock)


@pytest.mark.parametrize(("clock", "says"), [
    ({"mode": "live", "minutes": -5, "flag_fall": "score"}, "clock.minutes must be more than 0"),
    ({"mode": "live", "minutes": 5, "flag_fall": "sudden"}, "clock.flag_fall must be 'bot'"),
    ({"mode": "live", "minutes": 5, "increment": -1, "flag_fall": "score"}, "clock.increment"),
    ({"mode": "blitz", "minutes": 5, "flag_fall": "score"}, "clock.mode must be"),
    ({"mode": "correspondence", "days": 0, "flag_fall": "score"}, "clock.days must be from 1"),
    ({"mode": "correspondence", "days": 1.5, "flag_fall": "score"},
     "clock.days must be a whole number"),
    ({"mode": "correspondence", "minutes": 3, "flag_fall": "score"}, "clock.minutes is not"),
    ({"mode": "live", "minutes": 5, "flag_fall": "bot", "bot_level": "genius"}, "bot_level"),
    ({"mode": "live", "flag_fall": "score"}, "clock.minutes is required"),
])
def test_a_bad_time_control_is_refused_naming_the_field(
        sqlite_server: ServerProcess, clock: dict[str, Any], says: str) -> None:
    with api(sqlite_server) as http:
        before = len(http.get("/api/tables").json())
        r = http.post("/api/tables", json={"game": "lechocolat", "seats": [HUMAN, HUMAN],
                                           "clock": clock})
        assert r.status_code == 422, r.text
        assert says in r.json()["detail"]
        assert len(http.get("/api/tables").json()) == before  # nothing opened


def test_the_lobby_and_frames_carry_the_clock(sqlite_server: ServerProcess) -> None:
    spec = {"mode": "correspondence", "days": 3, "flag_fall": "bot", "bot_level": "hard"}
    table = clocked(sqlite_server, spec, [HUMAN, BOT])
    assert table["clock"]["days"] == 3 and table["clock"]["bot_level"] == "hard"
    assert table["clock"]["running"] is None  # waiting for its player: no clock runs
    assert table["clock"]["remaining"] == [3 * 86400.0] * 2
    untimed = create_table(sqlite_server, "lechocolat", [HUMAN, BOT])
    assert untimed["clock"] is None

    async def scenario() -> dict[str, Any]:
        token = join(sqlite_server, table["id"], "Ada")
        async with Player(sqlite_server, table["id"], token) as ada:
            return await ada.until("state")

    frame = asyncio.run(scenario())
    assert frame["clock"]["running"] == frame["view"]["to_move"] == 0
    assert 3 * 86400 - 5 < frame["clock"]["remaining"][0] <= 3 * 86400


def test_a_flag_falls_with_nobody_sending_and_the_seat_passes_to_a_bot(
        sqlite_server: ServerProcess) -> None:
    spec = {"mode": "live", "minutes": 0.02, "flag_fall": "bot", "bot_level": "easy"}
    table = clocked(sqlite_server, spec, [HUMAN, BOT])

    async def scenario() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        token = join(sqlite_server, table["id"], "Ada")
        async with Player(sqlite_server, table["id"], token) as ada:
            first = await ada.until("state")
            assert first["view"]["to_move"] == 0
            flagged = await ada.until_state(lambda m: m["seats"][0]["kind"] == "bot")
            later = await ada.until_state(lambda m: m["ply"] > flagged["ply"])
            refused = await ada.act(later["view"]["legal_actions"][0]) if later["view"].get(
                "legal_actions") else {"code": "not_your_seat"}
            return flagged, later, refused

    flagged, later, refused = asyncio.run(scenario())
    assert flagged["ply"] == 0 and flagged["clock"]["flagged"] == [0]
    assert flagged["seats"][0]["level"] == "easy" and flagged["seats"][0]["name"] == "Ada"
    assert flagged["clock"]["remaining"][0] == 0
    assert later["ply"] >= 1  # the bot played the seat on
    assert refused["code"] == "not_your_seat"


def test_a_flag_falls_with_nobody_sending_and_the_game_is_scored(
        sqlite_server: ServerProcess) -> None:
    spec = {"mode": "live", "minutes": 0.02, "increment": 0, "flag_fall": "score"}
    table = clocked(sqlite_server, spec, [HUMAN, BOT])

    async def scenario() -> dict[str, Any]:
        token = join(sqlite_server, table["id"], "Ada")
        async with Player(sqlite_server, table["id"], token) as ada:
            return await ada.until_state(lambda m: m["status"] == "finished")

    end = asyncio.run(scenario())
    result = end["view"]["result"]
    assert result["flag"] == 0 and result["winners"] == [1] and result["reason"] == "time"
    assert end["view"]["to_move"] is None and end["ply"] == 0
    assert end["clock"]["running"] is None and end["clock"]["flagged"] == [0]
    with api(sqlite_server) as http:
        record = http.get(f"/api/tables/{table['id']}/record")
        assert record.status_code == 200 and record.json()["result"]["flag"] == 0
        assert http.get(f"/api/tables/{table['id']}").json()["status"] == "finished"


def test_bots_moves_count_on_their_clocks(sqlite_server: ServerProcess) -> None:
    spec = {"mode": "live", "minutes": 10, "flag_fall": "score"}
    table = clocked(sqlite_server, spec, [BOT, BOT])

    async def scenario() -> dict[str, Any]:
        async with Player(sqlite_server, table["id"], None) as watcher:
            return await watcher.until_state(lambda m: m["ply"] >= 6)

    frame = asyncio.run(scenario())
    assert all(left < 600 for left in frame["clock"]["remaining"])


def test_remaining_time_survives_a_new_server_on_the_same_file(tmp_path: Path) -> None:
    """In process (fast): a new TableManager on the same SQLite file reads the same clocks."""
    url = f"sqlite:///{tmp_path / 'server.sqlite3'}"
    spec = {"mode": "live", "minutes": 1, "increment": 2, "flag_fall": "score"}

    async def first() -> tuple[str, dict[str, Any], float]:
        async with manager(url) as m:
            table = await m.create("lechocolat", 2, {}, [HUMAN, HUMAN], clock=spec)
            for seat in (0, 1):
                _, token = await m.join(table, seat, f"P{seat}")
                await m.attach(table, token, Client())
            await asyncio.sleep(0.2)
            await m.act(table, 0, ActionMsg(0, str(table.state.legal_actions()[0]), None, None))
            clock = table.clock_public()
            assert clock is not None
            return table.id, clock, time.time()

    async def second(table_id: str) -> tuple[dict[str, Any] | None, float]:
        async with manager(url) as m:
            table = await m.get(table_id)
            assert table is not None
            return table.clock_public(), time.time()

    table_id, before, stopped = asyncio.run(first())
    after, looked = asyncio.run(second(table_id))
    assert after is not None
    assert 60 - 5 < before["remaining"][0] < 60 + 2 - 0.2
    assert abs(after["remaining"][0] - before["remaining"][0]) <= 0.002
    assert after["running"] == 1
    assert after["remaining"][1] <= 60 - (looked - stopped) + 0.01


@pytest.mark.slow
def test_remaining_time_survives_a_kill_and_restart(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'server.sqlite3'}"
    spec = {"mode": "live", "minutes": 1, "increment": 2, "flag_fall": "score"}
    server = ServerProcess(db).start()
    try:
        table = clocked(server, spec, [HUMAN, HUMAN])
        tokens = [join(server, table["id"], n) for n in ("Ada", "Bo")]

        async def play() -> dict[str, Any]:
            async with Player(server, table["id"], tokens[0]) as ada, \
                    Player(server, table["id"], tokens[1]):
                await ada.until_state(lambda m: m["started"])
                await asyncio.sleep(0.3)  # Ada thinks
                assert (await ada.act(ada.view["legal_actions"][0]))["type"] == "ack"
                return await ada.until_state(lambda m: m["ply"] == 1)

        before = asyncio.run(play())
        server.kill()  # SIGKILL: nothing of the process's memory survives
        killed = time.time()
        time.sleep(0.5)
        server = ServerProcess(db).start()

        async def look() -> dict[str, Any]:
            async with Player(server, table["id"], tokens[1]) as bo:
                return await bo.until("state")

        after = asyncio.run(look())
        looked = time.time()
    finally:
        server.kill()
    ada_before, ada_after = before["clock"]["remaining"][0], after["clock"]["remaining"][0]
    assert 60 - 5 < ada_before < 60 + 2 - 0.3  # charged for thinking, given the increment
    assert abs(ada_after - ada_before) <= 0.002  # her clock stood still since her move
    assert after["clock"]["running"] == 1
    # Bo's clock ran through the kill and the restart: from Ada's move, as stored
    bo_left = after["clock"]["remaining"][1]
    assert bo_left <= 60 - (looked - killed) + 0.01
    assert bo_left >= 60 - (looked - killed) - 10


def test_a_player_whose_seat_a_bot_took_sits_at_the_rematch(sqlite_server: ServerProcess) -> None:
    spec = {"mode": "live", "minutes": 0.02, "flag_fall": "bot", "bot_level": "easy"}
    table = clocked(sqlite_server, spec, [HUMAN, BOT])

    async def scenario() -> dict[str, Any]:
        token = join(sqlite_server, table["id"], "Ada")
        async with Player(sqlite_server, table["id"], token) as ada:
            await ada.until_state(lambda m: m["seats"][0]["kind"] == "bot")
            await ada.until_state(lambda m: m["status"] == "finished")  # the bots played it out
            await ada.send({"type": "rematch"})
            return await ada.until("rematch", status="ready")

    ready = asyncio.run(scenario())
    assert "token" in ready  # Ada was asked and seated, not replaced by a bot
    with api(sqlite_server) as http:
        new = http.get(f"/api/tables/{ready['table']}").json()
    assert new["seats"][ready["seat"]]["kind"] == "human"
    assert new["seats"][ready["seat"]]["name"] == "Ada"
    assert new["clock"]["flag_fall"] == "bot" and new["clock"]["minutes"] == spec["minutes"]
