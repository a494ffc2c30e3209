"""Mistakes on the command line print the core error (naming the valid choices) and exit 2."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import sweettooth as st
from sweettooth.cli.main import app

from .conftest import run_script
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
    seat = runner.invoke(app, ["play", "nim", "--seat", "2"], input="")
    assert seat.exit_code == 2 and "--seat must be 0..1 for 2 players, got 2" in seat.stderr
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
