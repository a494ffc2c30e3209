"""The WebSocket protocol: what clients may send, what the server answers, as JSON text frames.

Client to server (one JSON object per text frame, at most `max_message_bytes`):

- `{"type": "hello", "token": "<seat token>"}` first, to play a seat; `{"type": "hello"}` (or a
  null token) to spectate.
- `{"type": "action", "ply": 12, "action": "<notation>"}`: play for your seat; `ply` is the ply
  of the view the action was chosen from. Optional `"seat"` (must be yours) and `"id"`
  (a string or integer echoed in the answer).
- `{"type": "ping"}`: answered by `{"type": "pong"}`.

Server to client:

- `welcome`: your seat (null for a spectator) and the game, once the hello is accepted.
- `state`: after every change: `ply`, your own `view` (spectators: the public one) and `seats`
  (who sits where, bot or human, connected or not).
- `ack`: your action was committed to the database as ply `ply`.
- `presence`: `seats` again, when someone connects or drops.
- `error`: `code`, a readable `message`, the table's current `ply`; nothing changed and the
  connection stays open (except after `bad_token` floods or hard size limits).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

ERROR_CODES = (
    "malformed",      # not JSON, not an object, unknown type, wrong field types
    "too_large",      # message longer than the limit
    "rate_limited",   # too many messages; slow down
    "hello_first",    # the first message must be a hello
    "bad_token",      # the token opens no seat at this table
    "not_your_seat",  # spectators cannot act; "seat" named someone else's seat
    "not_your_turn",  # your seat is not the one to move
    "not_started",    # waiting for every human seat to connect once
    "game_over",      # the game has ended
    "stale_ply",      # the action was chosen at another ply than the current one
    "illegal_action",  # not a legal action now (the message lists the legal ones)
)


class ProtocolError(Exception):
    """A message the server refuses; `code` is one of ERROR_CODES."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class Hello:
    token: str | None


@dataclass(frozen=True, slots=True)
class ActionMsg:
    ply: int
    action: str
    seat: int | None
    id: str | int | None


@dataclass(frozen=True, slots=True)
class Ping:
    pass


Message = Hello | ActionMsg | Ping


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_message(text: str) -> Message:
    """The message in `text`, or ProtocolError("malformed", why)."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise ProtocolError("malformed", "messages must be JSON objects") from None
    if not isinstance(data, dict):
        raise ProtocolError("malformed", "messages must be JSON objects, like {\"type\": ...}")
    kind = data.get("type")
    if kind == "hello":
        token = data.get("token")
        if token is not None and (not isinstance(token, str) or len(token) > 256):
            raise ProtocolError("malformed", "hello 'token' must be a string (or null to watch)")
        return Hello(token)
    if kind == "action":
        ply, action, seat, ident = (data.get(k) for k in ("ply", "action", "seat", "id"))
        if not isinstance(ply, int) or isinstance(ply, bool) or ply < 0:
            raise ProtocolError(
                "malformed", "action 'ply' must be the non-negative integer ply of your view"
            )
        if not isinstance(action, str) or not action.strip():
            raise ProtocolError("malformed", "action 'action' must be an action's notation")
        if seat is not None and not _int(seat):
            raise ProtocolError("malformed", "action 'seat' must be an integer if given")
        if ident is not None and not (
            (isinstance(ident, str) and len(ident) <= 64) or (_int(ident) and abs(ident) < 2**53)
        ):
            raise ProtocolError("malformed", "'id' must be a short string or an integer")
        return ActionMsg(ply, action, seat, ident)
    if kind == "ping":
        return Ping()
    raise ProtocolError(
        "malformed", f"unknown message type {str(kind)[:40]!r}; expected hello, action or ping"
    )


def dumps(message: dict[str, Any]) -> str:
    """Compact JSON, the same bytes for the same message."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def error(code: str, message: str, ply: int | None, ident: str | int | None = None) -> str:
    out: dict[str, Any] = {"type": "error", "code": code, "message": message, "ply": ply}
    if ident is not None:
        out["id"] = ident
    return dumps(out)
