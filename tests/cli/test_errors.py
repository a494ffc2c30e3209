"""Mistakes on the command line print the core error (naming the valid choices) and exit 2."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import sweettooth as st
from sweettooth.cli.dburl import database_url
from sweettooth.cli.main import app

from .conftest import ROOT, SCRIPT, run_nim_cli, run_script
from .nim import Nim


@pytest.mark.parametrize("command", ["play", "simulate", "bench"])
def test_unknown_game_names_the_valid_games(
    runner: CliRunner, nim: Nim, command: str
) -> None:
    result = runner.invoke(app, [command, "no-such-game"])
    assert result.exit_code == 2
    assert "unknown game 'no-such-game'" in result.stderr
    for gid in st.games():  # nim included
        assert gid in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "9"], "Nim is for 2 to 3 players, got 9"),
        (["--players", "1"], "Nim is for 2 to 3 players, got 1"),
        (["--option", "colour=red"], "valid options: max_take, misere, stones"),
        (["--option", "stones=many"], "option 'stones' must be an integer"),
        (["--option", "stones=0"], "option 'stones' must be an integer >= 1"),
        (["--option", "misere=maybe"], "option 'misere' must be true or false"),
        (["--option", "stones"], "options are given as key=value"),
    ],
)
@pytest.mark.parametrize("command", ["play", "simulate"])
def test_bad_players_and_options_exit_2(
    runner: CliRunner, nim: Nim, command: str, args: list[str], message: str
) -> None:
    result = runner.invoke(app, [command, "nim", *args], input="")
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_bad_seat_bot_and_save_folder_exit_2(runner: CliRunner, nim: Nim) -> None:
    for bad in ("3", "0"):
        seat = runner.invoke(app, ["play", "nim", "--seat", bad], input="")
        assert seat.exit_code == 2
        assert f"--seat must be 1..2 for 2 players, got {bad}" in seat.stderr
    bot = runner.invoke(app, ["play", "nim", "--bot", "genius"], input="")
    assert bot.exit_code == 2 and "--bot: unknown agent 'genius'" in bot.stderr
    assert "valid agents: random" in bot.stderr
    setting = runner.invoke(app, ["play", "nim", "--bot", "ismcts:iterations=lots"], input="")
    assert setting.exit_code == 2 and "bad value for iterations: 'lots'" in setting.stderr
    save = runner.invoke(app, ["play", "nim", "--save", "/no/such/folder/game.json"], input="")
    assert save.exit_code == 2 and "cannot save the record" in save.stderr
    assert "Your move>" not in save.stdout  # refused before the game starts


def test_bad_count_is_a_usage_error(runner: CliRunner, nim: Nim) -> None:
    result = runner.invoke(app, ["simulate", "nim", "--games", "0"])
    assert result.exit_code == 2


def test_console_script_unknown_game_exits_2_without_traceback() -> None:
    proc = run_script("simulate", "no-such-game", "--games", "1")
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: unknown game 'no-such-game'; valid games:")
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("gid", st.games())
def test_console_script_bad_player_count_exits_2(gid: str) -> None:
    game = st.game(gid)
    proc = run_script("simulate", gid, "--games", "1", "--players", str(game.max_players + 1))
    assert proc.returncode == 2
    assert f"got {game.max_players + 1}" in proc.stderr and "Traceback" not in proc.stderr


def _one_line_error(proc_or_result: object, *parts: str) -> None:
    stderr: str = proc_or_result.stderr  # type: ignore[attr-defined]
    assert stderr.startswith("error: ") and stderr.count("\n") == 1, stderr
    assert "Traceback" not in stderr
    for part in parts:
        assert part in stderr


@pytest.mark.parametrize(("db", "parts"), [
    ("postgres://u@localhost/x", ("cannot be used", "postgresql+psycopg://user@host/dbname")),
    ("nonsense://", ("cannot be used", "expected a file path")),
    ("/no/such/folder/games.db", ("no folder /no/such/folder",)),
    ("postgresql+psycopg://u:hunter2@127.0.0.1:1/x", ("cannot connect to the database",)),
])
def test_serve_with_an_unusable_database_is_one_line(
    runner: CliRunner, db: str, parts: tuple[str, ...]
) -> None:
    result = runner.invoke(app, ["serve", "--db", db, "--port", "0"])
    assert result.exit_code == 2, result.output
    _one_line_error(result, *parts)
    assert "hunter2" not in result.stderr


def test_serve_takes_a_plain_path_as_a_sqlite_file(tmp_path: Path) -> None:
    assert database_url(str(tmp_path / "games.db")) == f"sqlite:///{tmp_path / 'games.db'}"
    assert database_url("sqlite:///x.db") == "sqlite:///x.db"
    with pytest.raises(ValueError, match="is a folder"):
        database_url(str(tmp_path))


def test_dev_terminal_without_a_game_asks_or_fails_in_one_line() -> None:
    proc = subprocess.run([sys.executable, str(ROOT / "dev.py"), "terminal", "--players", "3"],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, cwd=ROOT,
                          timeout=120, check=False)
    assert proc.returncode != 0
    assert "Le Chocolat" not in proc.stdout  # no game was picked for the player
    _one_line_error(proc, "which game?", *st.games())


def test_dev_terminal_on_a_terminal_lists_the_games_and_asks() -> None:
    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, str(ROOT / "dev.py"), "terminal", "--plain"],
                            stdin=follower, stdout=follower, stderr=follower, cwd=ROOT,
                            env={**os.environ, "TERM": "dumb"})
    os.close(follower)
    seen = _read_until(leader, b"Number or id")
    for number, gid in enumerate(st.games(), 1):
        assert f"{number}. {st.game(gid).title} ({gid})".encode() in seen
    os.write(leader, b"sweetshop\n")
    seen = _read_until(leader, b"Your move>")
    assert b"Sweet Shop, 1 player: You." in seen
    os.write(leader, b"quit\n")
    assert proc.wait(timeout=60) == 0
    os.close(leader)


def _read_until(fd: int, marker: bytes, timeout: float = 60) -> bytes:
    data = b""
    deadline = time.monotonic() + timeout
    while marker not in data:
        assert time.monotonic() < deadline, data.decode(errors="replace")
        ready, _, _ = select.select([fd], [], [], 1)
        if ready:
            try:
                data += os.read(fd, 4096)
            except OSError:
                break
    return data


def test_bench_shows_progress() -> None:
    proc = run_nim_cli("bench", "nim", "--seconds", "0.05")
    assert proc.returncode == 0, proc.stderr
    assert "bench: nim, 2 players: random playouts (0.05 s)" in proc.stderr
    assert "bench: nim, 2 players: ISMCTS (0.05 s)" in proc.stderr


def test_play_opens_the_full_screen_app_on_a_terminal_and_not_with_plain() -> None:
    leader, follower = pty.openpty()
    proc = subprocess.Popen([str(SCRIPT), "play", "sweetshop", "--seed", "1"],
                            stdin=follower, stdout=follower, stderr=follower, cwd=ROOT,
                            env={**os.environ, "TERM": "xterm-256color", "COLUMNS": "80",
                                 "LINES": "24"})
    os.close(follower)
    try:
        seen = _read_until(leader, b"\x1b[?1049h", timeout=60)  # the alternate screen
        assert b"Your move>" not in seen
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        os.close(leader)


@pytest.mark.parametrize(("args", "message"), [
    (["play", "lechocolat", "--players", "abc"], "Invalid value for '--players'"),
    (["play"], "Missing argument 'GAME'"),
    (["no-such-command"], "No such command 'no-such-command'"),
    (["replay", "x.json", "--seat", "two"], "Invalid value for '--seat'"),
    (["bench", "--bogus"], "No such option: --bogus"),
])
def test_any_misused_command_line_is_one_line(args: list[str], message: str) -> None:
    proc = run_script(*args)
    assert proc.returncode == 2
    _one_line_error(proc, message, "--help)")


def test_a_bare_command_still_prints_its_help() -> None:
    proc = run_script()
    assert proc.returncode == 0 and "Usage: sweettooth" in proc.stdout and proc.stderr == ""
