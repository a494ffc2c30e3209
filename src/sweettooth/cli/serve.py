"""`sweettooth serve`: run the game server (FastAPI + uvicorn) on one host and port.

The database defaults to a SQLite file in the user's data directory; `--db` takes any SQLAlchemy
URL, e.g. `postgresql+psycopg://user@localhost/sweettooth`. Migrations run on start. Several
processes may serve one PostgreSQL database (they tell each other of changes over LISTEN/NOTIFY,
or over Redis with `--redis-url`); see docs/server.md, "Several processes".
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from .common import fail

if TYPE_CHECKING:
    from sweettooth.server import Settings

HostArg = Annotated[str, typer.Option(help="Interface to listen on.")]
PortArg = Annotated[int, typer.Option(min=0, max=65535, help="TCP port (0: any free port).")]
DbArg = Annotated[
    str | None,
    typer.Option(help="Database URL (default: SQLite in the user data dir, or $SWEETTOOTH_DB)."),
]
RedisArg = Annotated[
    str | None,
    typer.Option(help="Several processes on one PostgreSQL database: tell each other of changes "
                 "over Redis pub/sub at this URL instead of LISTEN/NOTIFY "
                 "(or $SWEETTOOTH_REDIS_URL)."),
]


def serve(
    host: HostArg = "127.0.0.1", port: PortArg = 8000, db: DbArg = None,
    redis_url: RedisArg = None,
) -> None:
    """Run the game server: HTTP lobby under /api, play over WebSocket, docs at /docs."""
    import uvicorn

    from sweettooth.server import Settings, create_app
    from sweettooth.server.conn_guard import uvicorn_options

    try:
        settings = Settings.from_env(db=db, redis_url=redis_url)
    except ValueError as exc:
        fail(str(exc))
    _check_sqlite_free(settings.db)
    tune_interpreter(settings)
    typer.echo(f"sweettooth server: database {_safe(settings.db)}", err=True)
    if settings.redis_url:
        typer.echo(f"sweettooth server: fan-out over Redis {_safe(settings.redis_url)}", err=True)
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        log_level="info",
        **uvicorn_options(settings),  # timeouts, per-address caps, trusted proxies
    )


def tune_interpreter(settings: Settings) -> None:
    """Set the GIL switch interval the settings choose (`Settings.switch_interval`)."""
    if (interval := settings.gil_switch_interval) is not None:
        sys.setswitchinterval(interval)


def _check_sqlite_free(url: str) -> None:
    """One line, not a traceback, when another server already serves this SQLite file (the
    app takes the lock for good when it starts)."""
    import os

    from sqlalchemy.engine import make_url

    from sweettooth.server.cluster import SqliteTaken, lock_sqlite_file

    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return
    try:
        fd = lock_sqlite_file(parsed.database)
    except SqliteTaken as exc:
        fail(str(exc))
    if fd is not None:
        os.close(fd)


def _safe(url: str) -> str:
    """The URL with any password masked."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "<unparsable URL>"
