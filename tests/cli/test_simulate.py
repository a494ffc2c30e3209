"""`sweettooth simulate`: random play and its statistics."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

import sweettooth as st
from sweettooth.agents import RandomAgent, play_out, seat_rngs
from sweettooth.cli.main import app

from .conftest import run_script
from .nim import Nim


def _stats(runner: CliRunner, *args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["simulate", *args, "--json"])
    assert result.exit_code == 0, result.output
    stats: dict[str, Any] = json.loads(result.stdout)
    return stats


def test_one_stone_always_goes_to_the_first_player(runner: CliRunner, nim: Nim) -> None:
    stats = _stats(runner, "nim", "-n", "12", "--seed", "3", "--option", "stones=1")
    assert stats["wins"] == [12, 0] and stats["shared_wins"] == [0, 0]
    assert stats["length"] == {"mean": 1, "min": 1, "max": 1}
    assert stats["scores"][0] == {"mean": 1, "stdev": 0, "min": 1, "max": 1}
    assert stats["scores"][1] == {"mean": 0, "stdev": 0, "min": 0, "max": 0}


def test_misere_option_reaches_the_game(runner: CliRunner, nim: Nim) -> None:
    stats = _stats(runner, "nim", "-n", "5", "--seed", "3", "-o", "stones=1", "-o", "misere=yes")
    assert stats["wins"] == [0, 5]
    assert stats["options"] == {"stones": 1, "max_take": 3, "misere": True}


def test_game_i_uses_seed_plus_i(runner: CliRunner, nim: Nim) -> None:
    """Documented seeding: rerunning game i by hand gives the same length and winner."""
    stats = _stats(runner, "nim", "-n", "30", "--seed", "100", "--players", "3")
    lengths, wins = [], [0.0, 0.0, 0.0]
    agents = [RandomAgent()] * 3
    for i in range(30):
        state = play_out(nim.new(3, 100 + i), agents, seat_rngs(100 + i, 3))
        lengths.append(len(state.history))
        result = state.result()
        assert result is not None
        wins[result.winners[0]] += 1
    assert stats["wins"] == wins
    assert stats["length"]["min"] == min(lengths) and stats["length"]["max"] == max(lengths)
    assert stats["length"]["mean"] == pytest.approx(sum(lengths) / 30)
    assert len(set(lengths)) > 1  # the bots really vary their play


def test_table_output_has_a_row_per_seat(runner: CliRunner, nim: Nim) -> None:
    result = runner.invoke(app, ["simulate", "nim", "-n", "10", "--players", "3", "--seed", "1"])
    assert result.exit_code == 0, result.output
    rows = [line for line in result.stdout.splitlines() if line.startswith("│")]
    assert len(rows) == 3
    assert "length (actions): mean" in result.stdout and "declared bound 7" in result.stdout


@pytest.mark.parametrize("gid", st.games())
def test_real_game_statistics_are_consistent(gid: str) -> None:
    game = st.game(gid)
    players = game.max_players
    proc = run_script("simulate", gid, "--games", "20", "--players", str(players),
                      "--seed", "9", "--json")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""  # no progress bar when not on a terminal
    stats = json.loads(proc.stdout)
    assert stats["games"] == 20 and stats["players"] == players
    assert sum(stats["wins"]) == pytest.approx(20)
    assert all(0 <= w <= 20 for w in stats["wins"])
    length = stats["length"]
    assert 1 <= length["min"] <= length["mean"] <= length["max"] <= stats["max_length"]
    assert len(stats["scores"]) == players
    for s in stats["scores"]:
        assert s["min"] <= s["mean"] <= s["max"] and s["stdev"] >= 0
    again = run_script("simulate", gid, "--games", "20", "--players", str(players),
                       "--seed", "9", "--json")
    assert json.loads(again.stdout) == stats  # seeded: the same numbers
