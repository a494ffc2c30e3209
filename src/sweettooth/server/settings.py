"""Server settings: where the database is, and the limits every client lives within.

Every field can be set from the environment (`SWEETTOOTH_<FIELD>` in upper case, e.g.
`SWEETTOOTH_DB=postgresql+psycopg://...`); `sweettooth serve --db URL` overrides the database.
The default database is a SQLite file in the user's data directory, so a fresh machine needs
nothing installed or started.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir


def default_db_url() -> str:
    """`sqlite:///<user data dir>/sweettooth/server.sqlite3` (the folder is created on start)."""
    path = Path(user_data_dir("sweettooth", appauthor=False)) / "server.sqlite3"
    return f"sqlite:///{path}"


SQLITE_SWITCH_INTERVAL = 0.0005
"""The GIL switch interval `sweettooth serve` sets with SQLite (see `Settings.switch_interval`)."""


@dataclass(frozen=True)
class Settings:
    """How one server process runs. Immutable; build variants with `dataclasses.replace`."""

    db: str = field(default_factory=default_db_url)
    """SQLAlchemy URL: `sqlite:///path` or `postgresql+psycopg://user@host:port/dbname`."""
    max_message_bytes: int = 4096
    """A WebSocket message longer than this gets a `too_large` error (the connection stays)."""
    hard_message_bytes: int = 65536
    """A frame longer than this closes the connection (enforced by the WebSocket layer)."""
    rate_burst: int = 30
    """Messages a connection may send at once before `rate_limited` errors start."""
    rate_per_second: float = 15.0
    """Sustained messages per second per connection."""
    max_rate_violations: int = 200
    """A connection that keeps flooding after this many `rate_limited` errors is closed."""
    http_burst: int = 60
    """Tables opened plus seats joined that one client address may make at once (then 429)."""
    http_per_second: float = 0.5
    """Sustained tables opened plus seats joined per second per client address."""
    max_open_tables: int = 10000
    """Unfinished tables the server keeps; creating more answers 503."""
    bot_workers: int = 4
    """Threads (or processes) that run bot decisions, off the event loop."""
    bot_executor: str = "thread"
    """`thread` (default) or `process` (heavy bots on many cores)."""
    bot_delay: float = 0.0
    """Seconds a bot waits before it moves, so people can follow the game."""
    sqlite_synchronous: str = "FULL"
    """SQLite `PRAGMA synchronous` (FULL: a commit survives a power cut; NORMAL: a crash)."""
    sqlite_busy_timeout: float = 1.0
    """Seconds one SQLite call waits for another process's lock before it fails (and is
    retried by the caller with backoff); short, so no thread is stuck behind a lock."""
    storage_retry_seconds: float = 5.0
    """How long a failed commit is retried (with backoff) before the acting client gets a
    `storage_unavailable` error."""
    max_body_bytes: int = 65536
    """Larger HTTP request bodies are refused with 413."""
    body_timeout: float = 10.0
    """Seconds a client has to send a request body once its headers arrived (then 408)."""
    header_timeout: float = 10.0
    """Seconds a client has to send a request's headers (then the connection is closed)."""
    keep_alive_timeout: float = 5.0
    """Seconds an idle HTTP keep-alive connection is kept open (uvicorn timeout_keep_alive)."""
    hello_timeout: float = 10.0
    """Seconds a new WebSocket has to say hello (then `hello_timeout` and the socket closes)."""
    ws_ping_interval: float = 20.0
    """Seconds between the server's WebSocket pings."""
    ws_ping_timeout: float = 20.0
    """A WebSocket that does not answer a ping within this (e.g. stalled mid-frame) is closed."""
    ws_compress_min_bytes: int = 8192
    """WebSocket messages shorter than this are sent uncompressed even when the client accepts
    permessage-deflate (compressing every small frame for every connection cost the server more
    than anything else under load); 0 compresses every message."""
    max_connections_per_address: int = 64
    """Open HTTP connections, and open WebSockets, one client address may hold (each)."""
    trusted_proxies: str = ""
    """Comma-separated addresses (or `*`) whose X-Forwarded-For/-Proto headers are believed;
    empty (the default): none, every client is its socket's address."""
    max_tables_per_address: int = 20
    """Unfinished tables one client address may have opened (then 429)."""
    unknown_table_burst: int = 20
    """Play WebSockets to tables this process does not have in memory (looked up in the
    database; unknown ones answered `not_found`) one client address may open at once; past
    that, and `unknown_table_per_second`, they are answered `rate_limited` without a look-up."""
    unknown_table_per_second: float = 1.0
    """Sustained such look-ups per second per client address."""
    waiting_table_ttl: float = 3600.0
    """Seconds a table nobody has joined stays open before it expires (is deleted)."""
    abandoned_after: float = 900.0
    """Seconds after which a game whose human players have all been gone (never joined, or
    disconnected) is ended as abandoned."""
    redis_url: str = ""
    """Several processes: fan table events out over Redis pub/sub at this URL
    (`redis://127.0.0.1:6379/0`) instead of PostgreSQL LISTEN/NOTIFY. Empty: no Redis."""
    lease_seconds: float = 10.0
    """Several processes: how long a process's lease on a table's bot seats (and its word
    that a seat is connected through it) lasts unless renewed; renewed every third of it. A
    killed process's bots are taken over, and its connections forgotten, after about this."""
    review_executor: str = "process"
    """Post-game reviews (`review_jobs.py`): `process` (default: a worker process at a lower
    CPU priority, so reviews never hold the event loop's GIL) or `thread` (tests)."""
    review_workers: int = 1
    """Reviews computed at once by this process (each uses one core while it runs)."""
    review_nice: int = 10
    """How much lower the review worker processes run (`os.nice`); 0 keeps the server's."""
    review_iterations: int = 0
    """Search iterations per decision of a review; 0: each game's default (docs/review.md)."""
    review_queue: int = 16
    """Reviews waiting or running in this process before a new one answers 503."""
    review_stale_seconds: float = 300.0
    """A review whose process has not reported progress for this long (it died) is taken over
    by the next request for it."""
    switch_interval: float = 0.0
    """Seconds a busy thread keeps the GIL before handing it to one that waits for it
    (`sys.setswitchinterval`, set by `sweettooth serve`). The database threads call into the
    database many times per batch and let go of the GIL at each call; the event loop, busy
    under load, hands it back only at this interval. 0 (the default) chooses: 0.0005 with
    SQLite (whose writer makes several such calls per batch: ack p99 about 40 ms instead of
    about 90 ms under load), Python's own (0.005) with PostgreSQL (one call per batch, where a
    shorter interval cost CPU and latency)."""

    @property
    def gil_switch_interval(self) -> float | None:
        """The switch interval to set, or None to leave the interpreter's."""
        if self.switch_interval > 0:
            return self.switch_interval
        return SQLITE_SWITCH_INTERVAL if self.db.startswith("sqlite") else None

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None, **overrides: Any) -> Settings:
        """Defaults, then `SWEETTOOTH_*` variables, then `overrides` (ignored when None)."""
        env = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for f in fields(cls):
            raw = env.get(f"SWEETTOOTH_{f.name.upper()}")
            if raw is None:
                continue
            kind = type(getattr(cls(db="x"), f.name))
            try:
                values[f.name] = kind(raw)
            except ValueError:
                raise ValueError(
                    f"SWEETTOOTH_{f.name.upper()} must be a {kind.__name__}, got {raw!r}"
                ) from None
        values.update({k: v for k, v in overrides.items() if v is not None})
        settings = cls(**values)
        settings.check()
        return settings

    def check(self) -> None:
        """Raise ValueError naming the first setting out of range."""
        if self.bot_executor not in ("thread", "process"):
            raise ValueError(
                f"bot_executor must be 'thread' or 'process', got {self.bot_executor!r}"
            )
        if self.review_executor not in ("thread", "process"):
            raise ValueError(
                f"review_executor must be 'thread' or 'process', got {self.review_executor!r}"
            )
        if self.review_iterations < 0 or not 0 <= self.review_nice <= 19:
            raise ValueError("review_iterations must not be negative and review_nice must be "
                             f"0 to 19, got {self.review_iterations} and {self.review_nice}")
        if self.sqlite_synchronous.upper() not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(
                "sqlite_synchronous must be OFF, NORMAL, FULL or EXTRA, "
                f"got {self.sqlite_synchronous!r}"
            )
        positive = {
            "max_message_bytes": self.max_message_bytes,
            "hard_message_bytes": self.hard_message_bytes,
            "rate_burst": self.rate_burst,
            "http_burst": self.http_burst,
            "bot_workers": self.bot_workers,
            "review_workers": self.review_workers,
            "review_queue": self.review_queue,
            "max_open_tables": self.max_open_tables,
            "max_body_bytes": self.max_body_bytes,
            "max_connections_per_address": self.max_connections_per_address,
            "max_tables_per_address": self.max_tables_per_address,
            "unknown_table_burst": self.unknown_table_burst,
        }
        for name, value in positive.items():
            if value < 1:
                raise ValueError(f"{name} must be at least 1, got {value}")
        if self.ws_compress_min_bytes < 0:
            raise ValueError(
                f"ws_compress_min_bytes must not be negative, got {self.ws_compress_min_bytes}"
            )
        if (self.rate_per_second < 0 or self.http_per_second < 0 or self.bot_delay < 0
                or self.unknown_table_per_second < 0):
            raise ValueError("rate_per_second, http_per_second, unknown_table_per_second and "
                             "bot_delay must not be negative")
        durations = {
            "sqlite_busy_timeout": self.sqlite_busy_timeout,
            "storage_retry_seconds": self.storage_retry_seconds,
            "body_timeout": self.body_timeout, "header_timeout": self.header_timeout,
            "keep_alive_timeout": self.keep_alive_timeout, "hello_timeout": self.hello_timeout,
            "ws_ping_interval": self.ws_ping_interval, "ws_ping_timeout": self.ws_ping_timeout,
            "waiting_table_ttl": self.waiting_table_ttl, "abandoned_after": self.abandoned_after,
            "lease_seconds": self.lease_seconds,
            "review_stale_seconds": self.review_stale_seconds,
        }
        for name, seconds in durations.items():
            if not seconds > 0 or seconds == float("inf"):
                raise ValueError(f"{name} must be a positive number of seconds, got {seconds}")

        if not 0 <= self.switch_interval <= 1:
            raise ValueError(
                f"switch_interval must be 0 (automatic) to 1 seconds, got {self.switch_interval}")
        if self.redis_url and not self.redis_url.startswith(("redis://", "rediss://", "unix://")):
            raise ValueError(
                "redis_url must start with redis://, rediss:// or unix:// (got "
                f"{self.redis_url.split(':', 1)[0][:20]!r}...)"
            )
        if self.redis_url and self.db.startswith("sqlite"):
            raise ValueError(
                "redis_url is for several processes sharing one PostgreSQL database; a SQLite "
                "database is served by one process (leave redis_url empty)"
            )

    @property
    def proxies(self) -> list[str]:
        """The trusted proxy addresses (empty: trust no forwarding header)."""
        return [p.strip() for p in self.trusted_proxies.split(",") if p.strip()]

    def with_db(self, db: str | None) -> Settings:
        return self if db is None else replace(self, db=db)
