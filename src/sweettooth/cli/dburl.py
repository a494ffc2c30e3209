"""`serve --db`: a database URL, or a plain file path taken as a SQLite file, checked up front.

Whatever is wrong (no such folder, an unparsable URL, an unknown dialect or a driver that is not
installed, a server that does not answer) is one line naming what is expected, not a traceback
from inside the server's start-up.
"""

from __future__ import annotations

from pathlib import Path

EXPECTED = ("expected a file path (games.db, taken as a SQLite file) or a database URL such as "
            "sqlite:///path/to/games.db or postgresql+psycopg://user@host/dbname")


def _masked(text: str) -> str:
    from sqlalchemy.engine import make_url

    try:
        return make_url(text).render_as_string(hide_password=True)
    except Exception:
        return text.split("@")[-1] if "@" in text else text


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def database_url(text: str, connect: bool = True) -> str:
    """The SQLAlchemy URL for `--db text`; ValueError (one line) when it cannot be used."""
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    text = text.strip()
    if not text:
        raise ValueError(f"--db is empty; {EXPECTED}")
    if "://" not in text:
        path = Path(text).expanduser()
        if path.is_dir():
            raise ValueError(f"--db {text} is a folder; {EXPECTED}")
        if not path.absolute().parent.is_dir():
            raise ValueError(f"--db {text}: no folder {path.absolute().parent}")
        return f"sqlite:///{path.absolute()}"
    try:
        url = make_url(text)
        url.get_dialect()
    except Exception as exc:  # ArgumentError, NoSuchModuleError, a missing driver module
        raise ValueError(
            f"--db {_masked(text)} cannot be used ({_first_line(exc)}); {EXPECTED}"
        ) from None
    if connect and url.get_backend_name() != "sqlite":
        try:
            engine = create_engine(url, pool_pre_ping=False)
            with engine.connect():
                pass
            engine.dispose()
        except Exception as exc:
            raise ValueError(
                f"cannot connect to the database {_masked(text)}: {_first_line(exc)}"
            ) from None
    return text
