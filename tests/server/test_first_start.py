"""The server's first start on a fresh machine: with no `--db`, its database goes in the user's
data folder, which does not exist yet (`python3 dev.py play` on a new machine)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import httpx

from .harness import ROOT, ServerProcess


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


def test_the_readme_play_command_starts_on_a_fresh_machine(tmp_path: Path) -> None:
    """`python3 dev.py play` (the README's first command): a server on a free port, with the
    lobby answering, though the user's data folder does not exist yet."""
    data = tmp_path / "share"
    env = {**os.environ, "XDG_DATA_HOME": str(data), "BROWSER": "true"}  # (no browser opened)
    proc = subprocess.Popen([sys.executable, str(ROOT / "dev.py"), "play"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    try:
        assert proc.stdout is not None
        url, seen = "", []
        for line in proc.stdout:  # ends if the server stops
            seen.append(line)
            match = re.search(r"sweettooth is running at (http://127\.0\.0\.1:\d+/)", line)
            if match:
                url = match.group(1)
                break
        assert url, "".join(seen[-30:])
        assert httpx.get(url, timeout=30.0).status_code == 200
        assert httpx.get(f"{url}api/tables", timeout=30.0).json() == []
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(30)
    assert (data / "sweettooth" / "server.sqlite3").is_file()
