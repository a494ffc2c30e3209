"""The WebSocket protocol: what clients may send, what the server answers, as JSON text frames.

Client to server (one JSON object per text frame, at most `max_message_bytes`):

- `{"type": "hello", "token": "<seat token>"}` first, to play a seat; `{"type": "hello"}` (or a
  null token) to spectate. Optional `"log": "new"`: each `state` then carries in its view's `log`
  only the lines not sent before, starting at index `log_from` (the cost of a frame stops
  growing with the game's length).
- `{"type": "action", "ply": 12, "action": "<notation>"}`: play for your seat; `ply` is the ply
  of the view the action was chosen from. Optional `"seat"` (must be yours) and `"id"`
  (a string or integer echoed in the answer).
- `{"type": "ping"}`: answered by `{"type": "pong"}`.
- `{"type": "hint"}` (optional `"id"`): the medium bot's move for your seat and why, when you are
  to move (`hint_ws.py`).
- `chat`, `chat_open`, `chat_close`, `rematch`: the table's chat and "Play again"
  (`social_protocol.py`, `chat.py`, `rematch.py`).

Server to client:

- `welcome`: your seat (null for a spectator) and the game, once the hello is accepted.
- `state`: after every change: `ply`, your own `view` (spectators: the public one) and `seats`
  (who sits where, bot or human, connected or not).
- `ack`: your action was committed to the database as ply `ply`.
- `hint`: the answer to a hint message: `action`, `reason`, the `ply` it is for, your `id`.
- `presence`: `seats` again, when someone connects or drops.
- `error`: `code`, a readable `message`, the table's current `ply`; nothing changed and the
  connection stays open (except after `bad_token` floods or hard size limits).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeGuard

import orjson

from .strictjson import JsonError, loads_strict

if TYPE_CHECKING:
    from .social_protocol import SocialMsg

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
    "hello_timeout",  # no hello within hello_timeout seconds (the connection is closed)
    "storage_unavailable",  # the database could not commit the action; retry (retryable)
    "not_found",      # no such table (the connection is closed)
    "table_expired",  # nobody joined the table in time (the connection is closed)
    "too_many_connections",  # too many WebSockets from one address (the connection is closed)
    "chat_empty",     # a chat message with no text
    "chat_too_long",  # a chat message over CHAT_MAX_CHARS characters
    "chat_rate_limited",  # more chat messages than the chat's own rate limit allows
    "rematch_unavailable",  # no rematch now: the game is not over, or you are a spectator
)

MAX_PLY = 2**31 - 1
MAX_TOKEN_CHARS = 256
MAX_ID_CHARS = 64
MAX_ACTION_CHARS = 1024


class ProtocolError(Exception):
    """A message the server refuses; `code` is one of ERROR_CODES. `ident`: the refused
    message's own `id` when `parse_message` could read one (echoed in the error frame)."""

    def __init__(self, code: str, message: str, ident: str | int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.ident = ident


@dataclass(frozen=True, slots=True)
class Hello:
    token: str | None
    log: str = "full"  # "new": state frames carry only the log lines not sent before


@dataclass(frozen=True, slots=True)
class ActionMsg:
    ply: int
    action: str
    seat: int | None
    id: str | int | None


@dataclass(frozen=True, slots=True)
class Ping:
    pass


@dataclass(frozen=True, slots=True)
class HintMsg:
    """Ask for a hint for your seat (answered in `hint_ws.py`)."""

    id: str | int | None


Message = Hello | ActionMsg | Ping | HintMsg


def _int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _valid_id(value: Any) -> TypeGuard[str | int]:
    """A message `id`: a short string, or an integer JavaScript holds exactly."""
    return (isinstance(value, str) and len(value) <= MAX_ID_CHARS) or (
        _int(value) and abs(value) < 2**53
    )


def _only(data: dict[str, Any], allowed: tuple[str, ...]) -> None:
    extra = sorted(k for k in data if k not in allowed)
    if extra:
        raise ProtocolError(
            "malformed",
            f"unknown field {extra[0][:40]!r} in a {data['type']} message; "
            f"allowed: {', '.join(allowed)}",
        )


def parse_message(text: str) -> Message | SocialMsg:
    """The message in `text`, or ProtocolError("malformed", why).

    Strict: JSON without NaN or Infinity, valid Unicode (no lone surrogates) in every string,
    integers that are integers (never booleans or strings), bounded lengths, no unknown fields.
    The error carries the object's `id` when it has a usable one, whatever else is wrong.
    """
    try:
        data = loads_strict(text)
    except JsonError as exc:
        raise ProtocolError("malformed", f"messages must be JSON objects: {exc}") from None
    if not isinstance(data, dict):
        raise ProtocolError("malformed", "messages must be JSON objects, like {\"type\": ...}")
    try:
        return _parse(data)
    except ProtocolError as exc:
        ident = data.get("id")
        exc.ident = ident if _valid_id(ident) else None
        raise


def _parse(data: dict[str, Any]) -> Message | SocialMsg:
    kind = data.get("type")
    if kind == "hello":
        _only(data, ("type", "token", "log"))
        token, log = data.get("token"), data.get("log", "full")
        if log not in ("full", "new"):
            raise ProtocolError(
                "malformed", "hello 'log' must be \"full\" (the default) or \"new\""
            )
        if token is not None and (not isinstance(token, str) or len(token) > MAX_TOKEN_CHARS):
            raise ProtocolError(
                "malformed",
                f"hello 'token' must be a string of at most {MAX_TOKEN_CHARS} characters "
                "(or null to watch)",
            )
        return Hello(token, log)
    if kind == "action":
        _only(data, ("type", "ply", "action", "seat", "id"))
        ply, action, seat, ident = (data.get(k) for k in ("ply", "action", "seat", "id"))
        if not _int(ply) or not 0 <= ply <= MAX_PLY:
            raise ProtocolError(
                "malformed", "action 'ply' must be the non-negative integer ply of your view"
            )
        if not isinstance(action, str) or not action.strip() or len(action) > MAX_ACTION_CHARS:
            raise ProtocolError(
                "malformed",
                f"action 'action' must be an action's notation (at most {MAX_ACTION_CHARS} "
                "characters)",
            )
        if seat is not None and not (_int(seat) and 0 <= seat <= 64):
            raise ProtocolError("malformed", "action 'seat' must be a seat number if given")
        if ident is not None and not _valid_id(ident):
            raise ProtocolError(
                "malformed",
                f"'id' must be a string of at most {MAX_ID_CHARS} characters or an integer "
                "below 2**53",
            )
        return ActionMsg(ply, action, seat, ident)
    if kind == "hint":
        _only(data, ("type", "id"))
        ident = data.get("id")
        if ident is not None and not _valid_id(ident):
            raise ProtocolError(
                "malformed", "a hint is {\"type\": \"hint\"} with an optional 'id' (a short "
                "string or an integer)"
            )
        return HintMsg(ident)
    if kind == "ping":
        _only(data, ("type",))
        return Ping()
    from .social_protocol import SOCIAL_TYPES, parse_social  # it imports ProtocolError

    if kind in SOCIAL_TYPES:
        return parse_social(data)
    raise ProtocolError(
        "malformed",
        f"unknown message type {ascii(kind)[:40]}; expected hello, action, hint, ping, chat, "
        "chat_open, chat_close or rematch",
    )


def dumps(message: dict[str, Any]) -> str:
    """Compact JSON, the same bytes for the same message.

    orjson writes exactly what `json.dumps(message, separators=(",", ":"), ensure_ascii=False)`
    writes for every view of every game (checked in tests/server/test_frames_shared.py), about
    nine times faster; the standard library takes what orjson refuses (an integer beyond 64 bits,
    a lone surrogate), so no frame is ever lost to the encoder.
    """
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def error(
    code: str, message: str, ply: int | None, ident: str | int | None = None, **extra: Any
) -> str:
    """An error frame; `extra` fields (e.g. retryable=True) follow the standard ones."""
    out: dict[str, Any] = {"type": "error", "code": code, "message": message, "ply": ply,
                           **extra}
    if ident is not None:
        out["id"] = ident
    return dumps(out)
