"""Seeds: 128 random bits per table, committed to by their SHA-256 when the table opens and
published at the end, so players can check the deal was fixed before the first move."""

from __future__ import annotations

import asyncio
import hashlib
import json
import sqlite3
from pathlib import Path
from typing import Any

import sweettooth as st
from sweettooth.core.rng import Rng

from .harness import Player, ServerProcess, api, create_table


def sha(seed: str) -> str:
    return hashlib.sha256(seed.encode("ascii")).hexdigest()


def test_wide_seeds_count_whole_and_small_seeds_are_unchanged() -> None:
    """The splitmix64 state of a seed below 2**64 is what it always was (records and golden
    files replay alike); a wider seed is hashed whole, so bits above 64 change the deal."""
    mask = 2**64 - 1
    for seed in (0, 7, 2**48 - 1, 2**64 - 1):
        assert Rng(seed).getstate() == (seed * 0x2545F4914F6CDD1D + 1) & mask
    low = 123456789
    wide = [low + (k << 64) for k in (1, 2, 2**63)]
    states = {Rng(s).getstate() for s in [low, *wide]}
    assert len(states) == 4
    deals = {json.dumps(st.game("lechocolat").new(2, seed=s).view(0), sort_keys=True)
             for s in [low, *wide]}
    assert len(deals) > 1
    replayed = st.replay(st.game("bonbons").new(2, seed=wide[2]).record())
    assert replayed.seed == wide[2]


def test_tables_get_128_bit_seeds_stored_exactly(tmp_path: Path) -> None:
    path = tmp_path / "server.sqlite3"
    with ServerProcess(f"sqlite:///{path}") as srv:
        tables = [create_table(srv, "lechocolat", [{"kind": "human"}, {"kind": "human"}])
                  for _ in range(12)]
        srv.stop()
        srv.start()  # the seeds survive a restart exactly (they outgrew the 64-bit column)
        with api(srv) as http:
            again = {t["id"]: http.get(f"/api/tables/{t['id']}").json() for t in tables}
    with sqlite3.connect(path) as db:
        seeds = dict(db.execute("SELECT id, seed_text FROM tables").fetchall())
    for table in tables:
        seed = seeds[table["id"]]
        assert table["seed_sha256"] == again[table["id"]]["seed_sha256"] == sha(seed)
        assert table["seed"] is None  # not before the end
        assert 0 <= int(seed) < 2**128
    assert max(int(s).bit_length() for s in seeds.values()) > 120  # 1 in 2**96 to fail


def test_the_seed_is_published_at_the_end_and_matches_its_hash(
    sqlite_server: ServerProcess,
) -> None:
    table = create_table(sqlite_server, "lechocolat",
                         [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}])

    async def watch() -> list[dict[str, Any]]:
        async with Player(sqlite_server, table["id"], None) as spectator:
            frames = [await spectator.until("state")]
            while frames[-1]["view"]["result"] is None:
                frames.append(await spectator.until("state"))
            return frames

    frames = asyncio.run(watch())
    *during, last = frames
    commitment = table["seed_sha256"]
    assert all(f["seed_sha256"] == commitment and "seed" not in f for f in during)
    assert last["seed_sha256"] == commitment and sha(last["seed"]) == commitment
    with api(sqlite_server) as http:
        info = http.get(f"/api/tables/{table['id']}").json()
        record = http.get(f"/api/tables/{table['id']}/record").json()
    assert info["seed"] == last["seed"] == str(record["seed"])
    assert st.replay(record).view(None) == last["view"]  # the published seed deals the game
