"""The server's first start on a fresh machine: with no `--db`, its database goes in the user's
data folder, which does not exist yet (`python3 dev.py play` on a new machine)."""

from __future__ import annotations

import sys
from pathlib import Path

import httpx

from .harness import ServerProcess


def test_the_default_database_folder_is_made_on_the_first_start(tmp_path: Path) -> None:
    data = tmp_path / "fresh" / "share"  # neither exists
    server = ServerProcess(
        "", env={"XDG_DATA_HOME": str(data), "HOME": str(tmp_path / "home")},
        argv=[sys.executable, "-m", "sweettooth.cli.main", "serve", "--port", "0"],
    )
    with server:
        r = httpx.get(f"{server.url}/api/tables", timeout=30.0)
        assert r.status_code == 200, r.text
        r = httpx.post(f"{server.url}/api/tables", timeout=30.0, json={
            "game": "lechocolat", "seats": [{"kind": "human"}, {"kind": "bot"}]})
        assert r.status_code == 201, r.text
    assert (data / "sweettooth" / "server.sqlite3").is_file()
