"""Hostile WebSocket messages: each gets an error frame, the connection stays usable."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from websockets.asyncio.client import connect

from .harness import WAIT, ServerProcess, create_table, join


async def exchange(url: str, messages: list[str]) -> list[list[dict[str, Any]]]:
    """Send each raw message followed by a ping; the frames answering each (up to the pong).
    A pong for every message proves the socket still answers."""
    out: list[list[dict[str, Any]]] = []
    async with connect(url) as ws:
        for text in messages:
            await ws.send(text)
            await ws.send('{"type": "ping"}')
            frames: list[dict[str, Any]] = []
            while True:
                frame = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
                if frame["type"] == "pong":
                    break
                frames.append(frame)
            out.append(frames)
    return out


@pytest.fixture(scope="module")
def table(sqlite_server: ServerProcess) -> dict[str, Any]:
    created = create_table(sqlite_server, "lechocolat", [{"kind": "human"}, {"kind": "human"}])
    return {**created, "token": join(sqlite_server, created["id"], "Ada")}


HOSTILE = [
    '{"type": "action", "ply": 0, "action": "x", "id": "\\ud800"}',       # surrogate id
    '{"type": "action", "ply": 0, "action": "\\udfff", "id": 1}',          # surrogate action
    '{"type": "hello", "token": "\\ud800abc"}',                            # surrogate token
    '{"type": "\\ud800"}',                                                  # surrogate type
    '{"\\ud800": 1, "type": "ping"}',                                       # surrogate key
    '{"type": "action", "ply": NaN, "action": "x"}',
    '{"type": "action", "ply": Infinity, "action": "x"}',
    '{"type": "action", "ply": 1e999, "action": "x"}',
    '{"type": "action", "ply": true, "action": "x"}',
    '{"type": "action", "ply": 0.0, "action": "x"}',
    '{"type": "action", "ply": ' + "9" * 40 + ', "action": "x"}',
    '{"type": "action", "ply": 0, "action": "x", "seat": false}',
    '{"type": "action", "ply": 0, "action": "x", "id": 1.5}',
    '{"type": "action", "ply": 0, "action": "x", "id": ' + "1" * 20 + '}',
    '{"type": "action", "ply": 0, "action": "x", "extra": 1}',
    '{"type": "hello", "token": 5}',
    '{"type": "hello", "token": "' + "t" * 300 + '"}',
    '[' * 5000 + ']' * 5000,
    '"just a string"',
    '{"type": "ping", "x": NaN}',
]


def test_every_hostile_message_gets_an_error_frame(
    sqlite_server: ServerProcess, table: dict[str, Any]
) -> None:
    url = f"{sqlite_server.ws}/ws/tables/{table['id']}"
    answers = asyncio.run(exchange(url, HOSTILE))
    for text, frames in zip(HOSTILE, answers, strict=True):
        assert [f["type"] for f in frames] == ["error"], (text[:80], frames)
        assert frames[0]["code"] in ("malformed", "too_large"), (text[:80], frames)
        assert frames[0]["message"]
        assert "id" not in frames[0]  # an unusable id is never echoed


def test_a_bad_hello_leaves_the_socket_ready_for_a_good_one(
    sqlite_server: ServerProcess, table: dict[str, Any]
) -> None:
    url = f"{sqlite_server.ws}/ws/tables/{table['id']}"
    hello = json.dumps({"type": "hello", "token": table["token"]})
    bad, good = asyncio.run(exchange(url, ['{"type": "hello", "token": "\\ud800"}', hello]))
    assert bad[0]["code"] == "malformed" and "Unicode" in bad[0]["message"]
    assert [f["type"] for f in good] == ["welcome", "state"]
    assert good[0]["seat"] == 0


def test_a_valid_id_is_echoed_with_the_error(
    sqlite_server: ServerProcess, table: dict[str, Any]
) -> None:
    url = f"{sqlite_server.ws}/ws/tables/{table['id']}"
    [frames] = asyncio.run(exchange(url, ['{"type": "action", "ply": 0, "action": "x", '
                                         '"id": "caf\\u00e9"}']))
    assert frames[0]["code"] == "hello_first" and frames[0]["id"] == "café"
