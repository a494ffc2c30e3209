"""The table's social messages on the play WebSocket: chat and rematch (docs/server.md).

Client to server:

- `{"type": "chat", "text": "Good game"}`: a chat message. Players write in the players'
  chat, spectators in the spectators' chat (the channel follows from who sends it). A
  spectator may add `"name"` (at most 40 characters; default "Spectator").
- `{"type": "chat_open", "channel": "players"}`: the channel's history (a `chat_history`
  frame); for a player, opening `"spectators"` also starts the spectators' chat (none of it
  reaches a player before), and `{"type": "chat_close", "channel": "spectators"}` stops it.
- `{"type": "rematch", "accept": true}`: a player of a finished game offers (or accepts) to
  play again; `"accept": false` declines.

Checks here are of form only (types, lengths, unknown fields); the limits that depend on the
connection (rate) and on the table (who may write where) are in `chat.py` and `rematch.py`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .protocol import ProtocolError

CHAT_MAX_CHARS = 300
CHAT_NAME_CHARS = 40
CHANNELS = ("players", "spectators")
SOCIAL_TYPES = ("chat", "chat_open", "chat_close", "rematch")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")  # tab (\x09) and newline (\x0a) are text


@dataclass(frozen=True, slots=True)
class ChatMsg:
    text: str
    name: str | None


@dataclass(frozen=True, slots=True)
class ChatOpenMsg:
    channel: str
    open: bool


@dataclass(frozen=True, slots=True)
class RematchMsg:
    accept: bool


SocialMsg = ChatMsg | ChatOpenMsg | RematchMsg


def _fields(data: dict[str, Any], allowed: tuple[str, ...]) -> None:
    extra = sorted(k for k in data if k not in allowed)
    if extra:
        raise ProtocolError(
            "malformed", f"unknown field {extra[0][:40]!r} in a {data['type']} message; "
            f"allowed: {', '.join(allowed)}")


def chat_text(text: Any) -> str:
    """The text of a chat message, stripped; ProtocolError naming what is wrong with it."""
    if not isinstance(text, str):
        raise ProtocolError("malformed", "chat 'text' must be a string")
    stripped: str = text.strip()
    if not stripped:
        raise ProtocolError("chat_empty", "a chat message needs some text")
    if len(stripped) > CHAT_MAX_CHARS:
        raise ProtocolError(
            "chat_too_long", f"a chat message is at most {CHAT_MAX_CHARS} characters; this "
            f"one has {len(stripped)}")
    if _CONTROL.search(stripped):
        raise ProtocolError("malformed", "chat 'text' may not hold control characters")
    return stripped


def parse_social(data: dict[str, Any]) -> SocialMsg:
    """The social message in `data` (its `type` is one of SOCIAL_TYPES), or ProtocolError."""
    kind = data["type"]
    if kind == "chat":
        _fields(data, ("type", "text", "name"))
        name = data.get("name")
        if name is not None and (not isinstance(name, str) or not name.strip()
                                 or len(name) > CHAT_NAME_CHARS or _CONTROL.search(name)):
            raise ProtocolError(
                "malformed", f"chat 'name' must be a name of 1 to {CHAT_NAME_CHARS} characters")
        return ChatMsg(chat_text(data.get("text")), None if name is None else name.strip())
    if kind in ("chat_open", "chat_close"):
        _fields(data, ("type", "channel"))
        channel = data.get("channel")
        if channel not in CHANNELS:
            raise ProtocolError(
                "malformed", f"{kind} 'channel' must be \"players\" or \"spectators\"")
        return ChatOpenMsg(str(channel), kind == "chat_open")
    _fields(data, ("type", "accept"))
    accept = data.get("accept", True)
    if not isinstance(accept, bool):
        raise ProtocolError("malformed", "rematch 'accept' must be true or false")
    return RematchMsg(accept)
