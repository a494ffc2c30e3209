"""The leak test: the bytes a seat receives depend only on what that seat may know.

For every game, a test client plays one seat against the server's bots while recording every
byte sent to it. Then a twin game is built (twins.py): everything that seat never saw is dealt
differently, what it saw is the same, the other seats play the same actions (their hidden
choices, for Sweet Nose, re-dealt too). The twin runs on a server started from that position
(a test hook), its bots replaying the twin's actions, and the same client plays the same seat
with the same dice. The bytes it receives must be identical, up to the ply where the seat's own
view would legitimately differ. Had the server sent anything derived from hidden parts (another
seat's view, the seed, the snapshot, another seat's legal actions), the bytes would differ.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import sweettooth as st

from .harness import Player, ServerProcess, api, create_table, join
from .twins import best_twin

PLAYERS = {"bonbons": 3}  # otherwise each game's minimum


def _seat(game_id: str) -> int:
    players = PLAYERS.get(game_id, st.game(game_id).min_players)
    return 1 if players > 1 else 0


async def _play(server: ServerProcess, game_id: str, stop_at: int | None) -> tuple[str, list[str]]:
    """Play the seat with fixed dice until the game ends (or the state of ply `stop_at`
    arrives); returns the table id and every frame received, in order."""
    players = PLAYERS.get(game_id, st.game(game_id).min_players)
    seat = _seat(game_id)
    seats = [{"kind": "human"} if p == seat else {"kind": "bot"} for p in range(players)]
    table = create_table(server, game_id, seats)
    token = join(server, table["id"], "Nosy")
    rng = random.Random(99)
    async with Player(server, table["id"], token) as me:
        while True:
            msg = await me.recv()
            assert msg["type"] != "error", msg
            if msg["type"] != "state":
                continue
            if msg["ply"] == stop_at or me.view["result"] is not None:
                break
            if me.view["to_move"] == seat:
                await me.send({"type": "action", "ply": me.ply,
                               "action": rng.choice(me.view["legal_actions"])})
        return table["id"], me.frames


COMMITMENT = re.compile(r'"seed_sha256":"[0-9a-f]{64}"')
SEED = re.compile(r'"seed":"[0-9]+"')


def _masked(text: str) -> str:
    """`text` with the table's `seed_sha256` masked (the SHA-256 of a 128-bit random seed,
    published on purpose: a commitment that reveals nothing) and, in a frame of a game that is
    over, the `seed` itself (published then): a twin table has another seed by construction.
    A seed in a frame of a running game stays, and fails the comparison."""
    text = COMMITMENT.sub('"seed_sha256":"*"', text)
    msg = json.loads(text)
    if msg["type"] == "state" and msg["status"] in ("finished", "abandoned"):
        text = SEED.sub('"seed":"*"', text)
    return text


def _upto(frames: list[str], ply: int) -> list[str]:
    """The frames up to and including the first state of `ply`, masked."""
    for i, text in enumerate(frames):
        msg = json.loads(text)
        if msg["type"] == "state" and msg["ply"] == ply:
            return [_masked(f) for f in frames[: i + 1]]
    raise AssertionError(f"no state of ply {ply} was received")


def test_no_game_leaks_hidden_information_to_a_seat(tmp_path: Path) -> None:
    games = st.games()
    real: dict[str, list[str]] = {}
    twins: dict[str, Any] = {}
    agree: dict[str, int] = {}
    with ServerProcess(f"sqlite:///{tmp_path / 'real.sqlite3'}") as server:
        for game_id in games:
            table_id, frames = asyncio.run(_play(server, game_id, None))
            with api(server) as http:
                record = http.get(f"/api/tables/{table_id}/record").json()
            part, _, plies = best_twin(record, _seat(game_id))
            real[game_id] = frames
            agree[game_id] = plies
            twins[game_id] = {"record": part, "seat": _seat(game_id), "k": 0}
    for game_id in games:  # the premise: a long stretch of play to compare
        assert agree[game_id] >= 10, (game_id, agree[game_id])
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps({
        "db": f"sqlite:///{tmp_path / 'twin.sqlite3'}", "hook": "twin", "twins": twins,
    }))
    argv = [sys.executable, "-m", "tests.server.hooked_server", str(spec)]
    with ServerProcess("", argv=argv) as twin_server:
        for game_id in games:
            last = agree[game_id] - 1
            _, frames = asyncio.run(_play(twin_server, game_id, last))
            assert _upto(frames, last) == _upto(real[game_id], last), game_id
