"""Fixtures: a database URL per backend (SQLite file; PostgreSQL in a schema of its own) and
a running server on it."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from .harness import ServerProcess

POSTGRES = os.environ.get("SWEETTOOTH_TEST_POSTGRES_URL")
NO_POSTGRES = (
    "SWEETTOOTH_TEST_POSTGRES_URL is not set, so there is no PostgreSQL to test against "
    "(.ci/run sets it; e.g. postgresql+psycopg://postgres@127.0.0.1:5432/test)"
)


def postgres_schema_url(base: str, schema: str) -> str:
    """`base` with every connection's search_path set to `schema` (one schema per test, so
    parallel workers never see each other's tables)."""
    url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
    return url.render_as_string(hide_password=False)


@pytest.fixture
def postgres_url() -> Iterator[str]:
    if not POSTGRES:
        pytest.skip(NO_POSTGRES)
    schema = "st_test_" + secrets.token_hex(6)
    engine = create_engine(POSTGRES)
    with engine.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield postgres_schema_url(POSTGRES, schema)
    finally:
        with engine.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        engine.dispose()


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The same persistence test runs on both databases."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'server.sqlite3'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def server(db_url: str) -> Iterator[ServerProcess]:
    with ServerProcess(db_url) as srv:
        yield srv


@pytest.fixture(scope="module")
def sqlite_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One SQLite-backed server shared by a module's protocol tests."""
    path = tmp_path_factory.mktemp("srv") / "server.sqlite3"
    with ServerProcess(f"sqlite:///{path}") as srv:
        yield srv
