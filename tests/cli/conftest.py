"""Shared helpers for the CLI tests: the toy Nim game, CliRunner, and subprocess runs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sweettooth.core import registry

from .nim import Nim

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(sys.executable).parent / "sweettooth"

Proc = subprocess.CompletedProcess[str]


@pytest.fixture
def nim(monkeypatch: pytest.MonkeyPatch) -> Nim:
    """The toy Nim game, registered for this test only (real games are untouched)."""
    game = Nim()
    monkeypatch.setitem(registry._GAMES, game.id, game)
    return game


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "120"}


def run_script(*args: str, stdin: str = "", timeout: float = 120) -> Proc:
    """The installed `sweettooth` console script, stdin piped (not a terminal)."""
    assert SCRIPT.exists(), f"console script not installed at {SCRIPT}"
    return subprocess.run(
        [str(SCRIPT), *args], input=stdin, capture_output=True, text=True, timeout=timeout,
        cwd=ROOT, env=_env(), check=False,
    )


def run_nim_cli(*args: str, stdin: str = "", timeout: float = 120) -> Proc:
    """The same command in a subprocess that also registers the toy Nim game."""
    return subprocess.run(
        [sys.executable, "-m", "tests.cli.nim_cli", *args], input=stdin, capture_output=True,
        text=True, timeout=timeout, cwd=ROOT, env=_env(), check=False,
    )
