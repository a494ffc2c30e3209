"""Helpers of the chat and rematch tests: play a two-player game to its end over WebSocket."""

from __future__ import annotations

import random
from typing import Any

from .harness import Player


async def play_out(players: list[Player], seed: int) -> dict[str, Any]:
    """Random legal moves by whichever of `players` (by seat) is to move, to the game's end;
    every player has seen the final state when this returns. The final view's result."""
    rng = random.Random(seed)
    for p in players:
        if p.ply < 0:
            await p.until("state")
    while players[0].view["result"] is None:
        mover = players[players[0].view["to_move"]]
        target = players[0].ply + 1
        answer = await mover.act(rng.choice(mover.view["legal_actions"]))
        assert answer["type"] == "ack", answer
        for p in players:
            await p.until_state(lambda m, t=target: m["ply"] >= t)
    result: dict[str, Any] = players[0].view["result"]
    return result


async def chats_until(player: Player, text: str) -> list[dict[str, Any]]:
    """The chat frames `player` gets up to and including the one that says `text`."""
    seen: list[dict[str, Any]] = []
    while True:
        msg = await player.recv()
        if msg["type"] == "chat":
            seen.append(msg)
            if msg["text"] == text:
                return seen
