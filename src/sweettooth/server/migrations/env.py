"""Alembic environment: the server passes its open connection in `config.attributes`."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from sweettooth.server.models import Base

target_metadata = Base.metadata


def run_migrations_online() -> None:
    connection: Connection | None = context.config.attributes.get("connection")
    if connection is None:
        raise RuntimeError("run migrations through sweettooth.server.db.migrate(engine)")
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


def _inside_alembic() -> bool:
    """False when this file is merely imported (doctest collection, tooling)."""
    try:
        context.config  # noqa: B018  (raises outside an Alembic run)
    except (NameError, AttributeError):
        return False
    return True


if _inside_alembic():
    run_migrations_online()
