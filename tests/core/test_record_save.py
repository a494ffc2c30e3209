"""A record save is atomic: a write that fails midway leaves the old file whole, and no partial
file beside it.

The fault is real: a child process lowers its file size limit (RLIMIT_FSIZE) below the size of
the new record, so the write stops with EFBIG part of the way through, as on a full disk."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import sweettooth as st

resource = pytest.importorskip("resource", reason="RLIMIT_FSIZE needs a POSIX system")

CHILD = """
import resource, signal, sys
import sweettooth as st
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG
state = st.game("lechocolat").new(2, seed=5)
while state.to_move is not None:
    state.apply(state.legal_actions()[0])
resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[2]), resource.RLIM_INFINITY))
try:
    st.save_record(state, sys.argv[1])
except OSError as e:
    print("failed:", e.errno)
    sys.exit(3)
"""


def test_a_save_that_fails_midway_keeps_the_old_file(tmp_path: Path) -> None:
    old = st.game("lechocolat").new(2, seed=5)
    old.apply(old.legal_actions()[0])
    path = tmp_path / "game.json"
    st.save_record(old, path)
    before = path.read_bytes()
    limit = len(before) + 40  # room for the start of the new record, not for all of it
    src = str(Path(st.__file__).parents[1])
    run = subprocess.run([sys.executable, "-c", CHILD, str(path), str(limit)],
                         capture_output=True, text=True, timeout=120,
                         env={"PYTHONPATH": src, "PATH": "/usr/bin:/bin"})
    assert run.returncode == 3, run.stdout + run.stderr  # the write did fail
    assert "failed: 27" in run.stdout  # EFBIG
    assert path.read_bytes() == before  # the old record, whole
    assert st.load_record(path).snapshot() == old.snapshot()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # nothing half-written


def test_a_save_replaces_the_old_file_and_leaves_nothing_else(tmp_path: Path) -> None:
    state = st.game("lechocolat").new(2, seed=5)
    path = tmp_path / "game.json"
    st.save_record(state, path)
    state.apply(state.legal_actions()[0])
    st.save_record(state, path)
    assert json.loads(path.read_text())["actions"] == [str(a) for a in state.history]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
