"""Bonbons' memory aid is a table option: with it off (the default) nothing a person is sent
carries the face of a face-down tile seen before: no state frame (to a player or a
spectator), no view or replay endpoint, no hint (computed from the very view sent), no log line.
With it on, the frames carry them (the browser draws them faded). Bots always remember."""

from __future__ import annotations

import asyncio
import json
import random
import re
from typing import Any

from sweettooth.agents import hint

from .harness import Player, ServerProcess, api, create_table, join

LINE = re.compile(r"p(\d+) ([^:(]+?)(?:: ([^(]+))? \(([^;)]+)(?:; ([^)]+))?\)")
OPTIONS = {"variant": "quick", "turn_limit": 24}


def remembered(view: dict[str, Any]) -> list[str]:
    """Every face the view carries that nobody sees now: a face-down square or round tile (under
    coins too) with a face or a turn seen, and a log line naming a face."""
    out = [f"{c['square']}={c['face']}" for line in view["grid"] for c in line
           if c["state"] == "down" and (c["face"] is not None or c["seen"] is not None)]
    out += [f"{t['tile']}={t['face']}" for row in view["rows"] for t in row
            if t["state"] in ("down", "coins") and (t["face"] is not None
                                                     or t["seen"] is not None)]
    for text in view.get("log") or []:
        m = LINE.fullmatch(text)
        assert m is not None, text
        if m.group(3):
            out.append(f"log: {text}")
    return out


async def _play(srv: ServerProcess, aid: bool) -> tuple[str, list[dict[str, Any]], int]:
    """Seat 0 (a person, asking a hint at every decision) against a medium bot, watched by a
    spectator: every view sent to the person and the spectator, and the hints checked."""
    options = {**OPTIONS, "memory_aid": True} if aid else OPTIONS
    table = create_table(srv, "bonbons", [{"kind": "human"}, {"kind": "bot", "level": "medium"}],
                         options=options)
    token = join(srv, table["id"], "Ann")
    views: list[dict[str, Any]] = []
    hints = 0
    rng = random.Random(5)
    async with Player(srv, table["id"], token) as me, Player(srv, table["id"], None) as watcher:
        await me.until_state(lambda m: m["started"])
        while me.view["result"] is None:
            if me.view["to_move"] == 0:
                await me.send({"type": "hint", "id": me.ply})
                got = await me.until("hint")
                mine = hint("bonbons", me.view, ["Ann", "medium bot"])
                assert (got["action"], got["reason"]) == (mine.action, mine.reason)
                hints += 1
                choice = got["action"] if rng.random() < 0.7 else rng.choice(
                    me.view["legal_actions"])
                assert (await me.act(choice))["type"] == "ack"
            await me.until_state(lambda m: True)
        ply = me.ply
        await watcher.until_state(lambda m: m["ply"] == ply)
        for player in (me, watcher):
            msgs = [json.loads(text) for text in player.frames]
            views += [m["view"] for m in msgs if m["type"] == "state"]
    return table["id"], views, hints


def test_no_remembered_face_reaches_a_person_when_the_aid_is_off(
    sqlite_server: ServerProcess,
) -> None:
    table_id, views, hints = asyncio.run(_play(sqlite_server, aid=False))
    assert hints >= 3 and len(views) >= 20
    leaks = [(v["ply"], remembered(v)) for v in views if remembered(v)]
    assert not leaks, leaks[:3]
    # the reveal of a failed turn is there, with its faces, and only right after it
    reveals = [v for v in views if v["turned_down"]]
    assert reveals
    for v in reveals:
        last = LINE.fullmatch(v["log"][-1])
        assert last is not None and last.group(4) == "no match"
    with api(sqlite_server) as http:
        spectator = http.get(f"/api/tables/{table_id}/view").json()
        assert spectator["result"] is not None and not remembered(spectator)
        record = http.get(f"/api/tables/{table_id}/record").json()
        assert record["options"]["memory_aid"] is False
        plies = len(record["actions"])
        for seat in ("", "&seat=0", "&seat=1"):
            for ply in range(0, plies + 1, 3):
                got = http.get(f"/api/tables/{table_id}/replay?ply={ply}{seat}").json()
                assert not remembered(got["view"]), (seat, ply)


def test_with_the_aid_on_the_frames_carry_the_faces_seen_before(
    sqlite_server: ServerProcess,
) -> None:
    table_id, views, _ = asyncio.run(_play(sqlite_server, aid=True))
    assert any(remembered(v) for v in views)
    with api(sqlite_server) as http:
        info = http.get(f"/api/tables/{table_id}").json()
        assert info["options"]["memory_aid"] is True


def test_the_view_endpoint_remembers_nothing_while_the_game_runs(
    sqlite_server: ServerProcess,
) -> None:
    """An all-bot table (it plays by itself): its spectator view, asked for while it runs,
    carries no remembered face; the bots meanwhile play with their whole memory."""
    table = create_table(sqlite_server, "bonbons", [{"kind": "bot"}, {"kind": "bot"}],
                         options={"turn_limit": 2000})
    seen = 0
    with api(sqlite_server) as http:
        for _ in range(40):
            view = http.get(f"/api/tables/{table['id']}/view").json()
            assert not remembered(view), view["ply"]
            seen = max(seen, view["ply"])
            if view["result"] is not None:
                break
        assert seen > 0
