"""Fan-out between server processes that share one database: who hears what, how fast.

Every process keeps the tables it serves in memory; the database decides (one action per ply,
one bot lease per table). What the processes tell each other is only *that something
committed*, as small JSON events on one channel:

- `{"k": "a", "t": table, "p": ply, "s": seat, "x": action}`: an action was committed;
- `{"k": "n", "t": table}`: a table was opened; `{"k": "t", "t": table}`: its seats, status or
  existence changed (read it again from the database);
- `{"k": "m", "t": table, "m": message}`: a chat message was committed; `{"k": "r", "t":
  table, "r": offer}`: a rematch offer changed (`rematch.py`);
- `{"k": "c", "p": {table: [seats]}}`: the human seats connected through the sender (resent
  every third of `lease_seconds`, forgotten after `lease_seconds`).

Each event names its sender (`"o"`), so a process skips its own. Two carriers:

- `PgFanout`: PostgreSQL LISTEN/NOTIFY. The store sends table and action events inside the
  transaction that commits them (`Store._notify`), so an event goes out if and only if its
  change committed; presence goes out on a connection of its own.
- `RedisFanout`: Redis pub/sub (`redis_url`); events are published after the commit: actions
  by the committing thread itself (`publish_now`, a blocking client), so a busy event loop
  never delays them; the rest from the event loop.

`Fanout` itself is the single-process carrier: it sends and hears nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

log = logging.getLogger("sweettooth.server")

Handler = Callable[[str], None]
"""Called on the event loop with each payload heard (own ones included)."""

PAYLOAD_LIMIT = 7000
"""Bytes per event (PostgreSQL refuses NOTIFY payloads of 8000 bytes or more)."""


def channel_name(key: str) -> str:
    """The channel for one database and schema (`key`), e.g. `sweettooth_3f2a...`."""
    return "sweettooth_" + hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]


def _dumps(event: dict[str, Any]) -> str:
    return json.dumps(event, separators=(",", ":"))


def action_event(origin: str, table_id: str, ply: int, seat: int, action: str) -> str:
    return _dumps({"o": origin, "k": "a", "t": table_id, "p": ply, "s": seat, "x": action})


def table_event(origin: str, table_id: str, new: bool = False) -> str:
    return _dumps({"o": origin, "k": "n" if new else "t", "t": table_id})


def chat_event(origin: str, table_id: str, message: dict[str, Any]) -> str:
    """A chat message as committed (`chat.insert_chat`), for the processes holding the table's
    other connections. At most 300 characters of text and a seat's name, escaped to ASCII:
    well under PAYLOAD_LIMIT."""
    return _dumps({"o": origin, "k": "m", "t": table_id, "m": message})


def rematch_event(origin: str, table_id: str, offer: dict[str, Any]) -> str:
    """A rematch offer as committed (`rematch.Offer.public`: status, votes by seat, who moved
    last, the new table once open; never a token), for the processes holding the table's
    other connections. A few hundred bytes at most."""
    return _dumps({"o": origin, "k": "r", "t": table_id, "r": offer})


def presence_events(origin: str, seats: dict[str, list[int]]) -> list[str]:
    """`seats` (table -> human seats connected here) as events of at most PAYLOAD_LIMIT bytes."""
    out: list[str] = []
    chunk: dict[str, list[int]] = {}
    size = 0
    for table_id, connected in seats.items():
        item = len(table_id) + 8 + 4 * len(connected)
        if chunk and size + item > PAYLOAD_LIMIT - 100:
            out.append(_dumps({"o": origin, "k": "c", "p": chunk}))
            chunk, size = {}, 0
        chunk[table_id] = connected
        size += item
    if chunk:
        out.append(_dumps({"o": origin, "k": "c", "p": chunk}))
    return out


def decode(payload: str | bytes) -> dict[str, Any] | None:
    """The event in `payload`, or None if it is not one (logged, never raised)."""
    try:
        event = json.loads(payload)
    except ValueError:
        event = None
    if not isinstance(event, dict) or not isinstance(event.get("k"), str):
        log.warning("ignored a malformed fan-out event: %.80r", payload)
        return None
    return event


class Fanout:
    """One process alone: nothing to send, nothing to hear."""

    kind = "none"
    in_transaction = False
    """True: the store sends table and action events in the committing transaction."""

    async def start(self, handler: Handler, on_reconnect: Callable[[], None]) -> None:
        """Start hearing events; `on_reconnect` runs after a lost connection is back (events
        may have been missed meanwhile)."""

    def publish(self, payloads: Sequence[str]) -> None:
        """Send `payloads` in order, without waiting (presence; after-commit events)."""

    async def stop(self) -> None:
        pass


class _Carrier(Fanout):
    """A listener task and a publisher task, each reconnecting with backoff."""

    def __init__(self, channel: str) -> None:
        self.channel = channel
        self.handler: Handler = lambda _payload: None
        self.on_reconnect: Callable[[], None] = lambda: None
        self.outbox: asyncio.Queue[str] = asyncio.Queue()
        self.tasks: list[asyncio.Task[None]] = []
        self.listening = asyncio.Event()

    async def start(self, handler: Handler, on_reconnect: Callable[[], None]) -> None:
        self.handler, self.on_reconnect = handler, on_reconnect
        self.tasks = [asyncio.create_task(self._listen_loop()),
                      asyncio.create_task(self._publish_loop())]
        with contextlib.suppress(TimeoutError):  # a carrier still down keeps trying
            await asyncio.wait_for(self.listening.wait(), 10.0)

    def publish(self, payloads: Sequence[str]) -> None:
        for payload in payloads:
            self.outbox.put_nowait(payload)

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    def hear(self, payload: str | bytes) -> None:
        try:
            self.handler(payload if isinstance(payload, str) else payload.decode("utf-8"))
        except Exception:
            log.exception("handling a fan-out event failed")

    async def _listen_loop(self) -> None:
        delay, first = 0.1, True
        while True:
            try:
                await self._listen(first)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("%s fan-out: listening failed (%s); again in %.1f s", self.kind,
                            str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__,
                            delay)
            first = False
            await asyncio.sleep(delay)
            delay = min(delay * 2, 5.0)

    def _listening(self, first: bool) -> None:
        self.listening.set()
        if not first:  # events committed while we were deaf: read the tables again
            self.on_reconnect()

    async def _publish_loop(self) -> None:
        while True:
            batch = [await self.outbox.get()]
            while not self.outbox.empty() and len(batch) < 256:
                batch.append(self.outbox.get_nowait())
            try:
                await self._send(batch)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # presence is resent periodically; tables self-heal
                log.warning("%s fan-out: %d events not sent: %s", self.kind, len(batch), exc)
                await self._reset_publisher()
                await asyncio.sleep(0.2)

    async def _listen(self, first: bool) -> None:
        raise NotImplementedError

    async def _send(self, batch: list[str]) -> None:
        raise NotImplementedError

    async def _reset_publisher(self) -> None:
        pass


class PgFanout(_Carrier):
    """PostgreSQL LISTEN/NOTIFY on `channel` (psycopg 3, asynchronous connections)."""

    kind = "postgres"
    in_transaction = True

    def __init__(self, conninfo: str, channel: str) -> None:
        super().__init__(channel)
        self.conninfo = conninfo
        self._pub: Any = None

    async def _listen(self, first: bool) -> None:
        import psycopg
        from psycopg import sql

        async with await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True) as conn:
            await conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
            self._listening(first)
            async for note in conn.notifies():
                self.hear(note.payload)

    async def _send(self, batch: list[str]) -> None:
        import psycopg

        if self._pub is None or self._pub.closed:
            self._pub = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
        await self._pub.execute(
            "SELECT pg_notify(%s, p) FROM unnest(%s::text[]) AS p", (self.channel, batch))

    async def _reset_publisher(self) -> None:
        if self._pub is not None:
            with contextlib.suppress(Exception):
                await self._pub.close()
            self._pub = None

    async def stop(self) -> None:
        await super().stop()
        await self._reset_publisher()


class RedisFanout(_Carrier):
    """Redis pub/sub on `channel` (the `redis` package, imported only when configured)."""

    kind = "redis"

    def __init__(self, url: str, channel: str) -> None:
        super().__init__(channel)
        import redis
        import redis.asyncio as aioredis

        self.client: Any = aioredis.from_url(url)
        self.blocking: Any = redis.Redis.from_url(url, socket_timeout=0.5,
                                                  socket_connect_timeout=0.5)
        self._quiet_until = 0.0

    def publish_now(self, payloads: list[str]) -> None:
        """Publish from the calling thread (the one that committed them), in order. Redis down:
        logged, and skipped for a second (the listeners read every table again when they are
        back); never raised, a commit stands whatever Redis does."""
        if not payloads or time.monotonic() < self._quiet_until:
            return
        try:
            if len(payloads) == 1:
                self.blocking.publish(self.channel, payloads[0])
                return
            with self.blocking.pipeline(transaction=False) as pipe:
                for payload in payloads:
                    pipe.publish(self.channel, payload)
                pipe.execute()
        except Exception as exc:
            self._quiet_until = time.monotonic() + 1.0
            log.warning("redis fan-out: %d committed actions not published: %s", len(payloads),
                        exc)

    async def _listen(self, first: bool) -> None:
        pubsub = self.client.pubsub(ignore_subscribe_messages=True)
        try:
            await pubsub.subscribe(self.channel)
            self._listening(first)
            async for message in pubsub.listen():
                if message.get("type") == "message":
                    self.hear(message["data"])
        finally:
            with contextlib.suppress(Exception):
                await pubsub.aclose()

    async def _send(self, batch: list[str]) -> None:
        if len(batch) == 1:
            await self.client.publish(self.channel, batch[0])
            return
        async with self.client.pipeline(transaction=False) as pipe:
            for payload in batch:
                pipe.publish(self.channel, payload)
            await pipe.execute()

    async def stop(self) -> None:
        await super().stop()
        with contextlib.suppress(Exception):
            await self.client.aclose()
        with contextlib.suppress(Exception):
            self.blocking.close()


def libpq_url(sqlalchemy_url: str) -> str:
    """`postgresql+psycopg://...` as a libpq connection URI (the same server and options)."""
    from sqlalchemy.engine import make_url

    url = make_url(sqlalchemy_url).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)
