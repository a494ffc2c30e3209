"""The `hint` WebSocket message: the medium bot's move for your seat, and why, in plain words.

`{"type": "hint", "id": 7}` from the seat to move is answered by
`{"type": "hint", "id": 7, "ply": 12, "action": "claim a1:c1", "reason": "claim 2 Dark ..."}`:
`sweettooth.agents.hint` on the very view the seat was sent (`LiveTable.person_view`: without
the faces a player keeps in their head when Bonbons' memory aid is off, so no hint can use them),
with the other players named as the table names them. It is computed in the bots' executor, like
a bot's move, so the event loop stays free. Nothing changes at the table and nothing is stored.

Refusals are the usual error frames: `not_your_seat` for a spectator, `not_your_turn` when
another seat is to move, `not_started` and `game_over` as for an action.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from sweettooth.agents import HintError, hint
from sweettooth.core import JSON

from .protocol import HintMsg, ProtocolError, dumps

if TYPE_CHECKING:
    from .tables import Client, LiveTable, TableManager


def compute_hint(game_id: str, view: JSON, names: Sequence[str]) -> tuple[str, str]:
    """(action, reason) for `view`: a picklable entry point for the bots' process pool."""
    h = hint(game_id, view, names)
    return h.action, h.reason


def _seat_view(table: LiveTable, seat: int | None) -> tuple[int, JSON, list[str]]:
    """(ply, the seat's view, the seats' names) if `seat` may have a hint; else ProtocolError."""
    if seat is None:
        raise ProtocolError("not_your_seat", "spectators get no hints; join a seat to play")
    state = table.state
    if table.over:
        raise ProtocolError("game_over", "the game is over")
    if not table.started:
        raise ProtocolError("not_started", "the game has not started: no hint yet")
    if state.to_move != seat:
        raise ProtocolError("not_your_turn", "hints are for the player to move; wait your turn")
    names = [s.name or "" for s in table.seats]
    return table.ply, table.person_view(seat), names


async def answer_hint(
    manager: TableManager, table: LiveTable, client: Client, msg: HintMsg
) -> None:
    """Send `client` a hint for its seat, or raise ProtocolError (the caller sends the error)."""
    async with table.lock:
        ply, view, names = _seat_view(table, client.seat)
    loop = asyncio.get_running_loop()
    try:
        action, reason = await loop.run_in_executor(
            manager.bot_pool, compute_hint, table.game.id, view, names
        )
    except HintError as exc:
        raise ProtocolError("not_your_turn", str(exc)) from None
    out: dict[str, Any] = {"type": "hint", "ply": ply, "action": action, "reason": reason}
    if msg.id is not None:
        out["id"] = msg.id
    client.send(dumps(out))


__all__ = ["HintMsg", "answer_hint", "compute_hint"]
