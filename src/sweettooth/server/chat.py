"""Chat at a table: the players' chat and, apart from it, the spectators' chat.

Players write in the players' chat, which everyone at the table sees (players and
spectators). Spectators write in the spectators' chat, which reaches only spectators and the
players who asked for it (`chat_open`); a player who never opens it is sent none of it. Chat
is text: the server stores and sends exactly the characters written (stripped of leading and
trailing blanks, no control characters), and the browser shows them as text, never as markup.

Limits: `CHAT_MAX_CHARS` characters a message, and per connection at most `CHAT_BURST`
messages in any `CHAT_WINDOW` seconds (`chat_rate_limited` names the wait). Every message is
committed to the database (`chat_messages`) before anyone is sent it, so the chat survives a
restart and is shown with the game's replay (`GET /api/tables/{id}/chat`). With several
processes, the message also goes out on the fan-out (`Cluster.chat`), and each process sends it
to the table's connections it holds. A chat message never
carries anything of the game: it is its own frame, with the writer's seat and name.
"""

from __future__ import annotations

import math
import time
import weakref
from collections import deque
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import DateTime, bindparam, select, text

from .models import ChatRow, utcnow
from .protocol import ProtocolError, dumps
from .social_protocol import ChatMsg, ChatOpenMsg

if TYPE_CHECKING:
    from .db import Store
    from .tables import Client, LiveTable, TableManager

CHAT_BURST = 5
CHAT_WINDOW = 10.0
HISTORY_LIMIT = 500  # messages of a channel sent on connect, and served for a replay
SPECTATOR_NAME = "Spectator"


class ChatWindow:
    """At most `burst` messages in any `window` seconds (a sliding window)."""

    def __init__(self, burst: int = CHAT_BURST, window: float = CHAT_WINDOW) -> None:
        self.burst, self.window = burst, window
        self.sent: deque[float] = deque()

    def wait(self, now: float) -> float:
        """0 if a message may go now (and counts it), else the seconds until one may."""
        while self.sent and now - self.sent[0] >= self.window:
            self.sent.popleft()
        if len(self.sent) >= self.burst:
            return self.window - (now - self.sent[0])
        self.sent.append(now)
        return 0.0


_windows: weakref.WeakKeyDictionary[Client, ChatWindow] = weakref.WeakKeyDictionary()
_STARTED = time.time()
_kept: weakref.WeakKeyDictionary[TableManager, dict[tuple[str, str], list[dict[str, Any]]]] = (
    weakref.WeakKeyDictionary())
"""One process alone on its database (SQLite): each live table's chat as read or written, so a
hello costs no database read (with other processes, each hello reads the database)."""
_opened: weakref.WeakSet[Client] = weakref.WeakSet()  # players who opened the spectators' chat


# -- storage (run in the manager's write and read pools) ------------------------------------
def insert_chat(
    store: Store, table_id: str, channel: str, seat: int | None, name: str, text: str
) -> dict[str, Any]:
    """Commit one message; the message as sent to clients (with its number `n`)."""
    now = utcnow()
    with store._transaction() as conn:  # joins the group commit's batch when there is one
        n = conn.execute(_INSERT, {"t": table_id, "c": channel, "s": seat, "name": name,
                                   "text": text, "now": now}).scalar_one()
    return _message(int(n), channel, seat, name, text, now)


_INSERT = text(
    "INSERT INTO chat_messages (table_id, channel, seat, name, text, created_at) "
    "VALUES (:t, :c, :s, :name, :text, :now) RETURNING id"
).bindparams(bindparam("now", type_=DateTime(timezone=True)))
"""One message, its number back (a plain statement: cheaper per message than the ORM's)."""


def load_chat(store: Store, table_id: str, channel: str) -> list[dict[str, Any]]:
    """The last HISTORY_LIMIT messages of a table's channel, oldest first."""
    c = ChatRow.__table__.c
    with store.engine.connect() as conn:
        rows = conn.execute(
            select(c.id, c.channel, c.seat, c.name, c.text, c.created_at)
            .where(c.table_id == table_id, c.channel == channel)
            .order_by(c.id.desc()).limit(HISTORY_LIMIT)).all()
    return [_message(*row) for row in reversed(rows)]


def _message(n: int, channel: str, seat: int | None, name: str, text: str,
             at: datetime) -> dict[str, Any]:
    moment = at if at.tzinfo else at.replace(tzinfo=UTC)
    return {"type": "chat", "channel": channel, "n": n, "seat": seat, "name": name,
            "text": text, "at": moment.astimezone(UTC).isoformat(timespec="seconds")}


# -- the WebSocket side ----------------------------------------------------------------------
def _receives(client: Client, channel: str) -> bool:
    return channel == "players" or client.seat is None or client in _opened


async def history(manager: TableManager, table: LiveTable, channel: str) -> list[dict[str, Any]]:
    """The last messages of a channel: from memory when this process is alone on the database
    and has it (a table it opened since it started has none until one is written), else from
    the database (a read in the read pool)."""
    if manager.cluster.active:
        messages: list[dict[str, Any]] = await manager.db(
            load_chat, manager.store, table.id, channel)
        return messages
    kept = _kept.setdefault(manager, {})
    key = (table.id, channel)
    if key not in kept:
        if _fresh(table):
            kept[key] = []
        else:
            written = _written.get(table.id, 0)
            loaded: list[dict[str, Any]] = await manager.db(
                load_chat, manager.store, table.id, channel)
            if key in kept or _written.get(table.id, 0) != written:
                return loaded  # a message was written meanwhile: read again next time
            kept[key] = loaded
        for gone in [k for k in kept if k[0] not in manager.tables]:  # tables left memory
            del kept[gone]
        for table_id in [t for t in _written if t not in manager.tables]:
            del _written[table_id]
    return kept[key][-HISTORY_LIMIT:]


_written: dict[str, int] = {}  # messages written per table while its chat was not kept


def _fresh(table: LiveTable) -> bool:
    """Opened by this process since it started, never played: its chat is all in memory."""
    return table.ply == 0 and table.status == "waiting" and table.created >= _STARTED


def _keep(manager: TableManager, message: dict[str, Any], table: LiveTable) -> None:
    kept = _kept.setdefault(manager, {})
    key = (table.id, message["channel"])
    if key not in kept and _fresh(table):
        kept[key] = []
    if key in kept:
        messages = kept[key]
        messages.append(message)
        if len(messages) > 2 * HISTORY_LIMIT:
            del messages[:-HISTORY_LIMIT]
    else:
        _written[table.id] = _written.get(table.id, 0) + 1


async def send_history(
    manager: TableManager, table: LiveTable, client: Client, channel: str
) -> None:
    messages = await history(manager, table, channel)
    client.send(dumps({"type": "chat_history", "channel": channel, "messages": messages}))


async def handle(
    manager: TableManager, table: LiveTable, client: Client, msg: ChatMsg | ChatOpenMsg
) -> None:
    """A chat message from `client`: store it, then send it to whoever reads its channel."""
    if isinstance(msg, ChatOpenMsg):
        if msg.channel == "spectators" and client.seat is not None:
            if msg.open:
                _opened.add(client)
            else:
                _opened.discard(client)
        if msg.open and _receives(client, msg.channel):
            await send_history(manager, table, client, msg.channel)
        return
    if client.seat is not None and msg.name is not None:
        raise ProtocolError("malformed", "players chat under their seat's name; leave out 'name'")
    window = _windows.setdefault(client, ChatWindow())
    wait = window.wait(time.monotonic())
    if wait > 0:
        raise ProtocolError(
            "chat_rate_limited", f"at most {window.burst} chat messages in {window.window:g} s; "
            f"wait {math.ceil(wait)} s")
    if client.seat is None:
        channel, name = "spectators", msg.name or SPECTATOR_NAME
    else:
        channel, name = "players", table.seats[client.seat].name or f"Seat {client.seat + 1}"
    message = await manager.write(
        insert_chat, manager.store, table.id, channel, client.seat, name, msg.text)
    if manager.cluster.active:
        manager.cluster.chat(table.id, message)  # the table's connections to other processes
    else:
        _keep(manager, message, table)
    deliver(table, message)


def deliver(table: LiveTable, message: dict[str, Any]) -> None:
    """Send a committed chat message to this process's connections that read its channel."""
    text = dumps(message)
    channel = message.get("channel")
    for other in list(table.clients):
        if isinstance(channel, str) and _receives(other, channel):
            other.send(text)
