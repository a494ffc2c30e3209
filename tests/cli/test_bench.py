"""`sweettooth bench`: throughput figures (checked for sense, never for speed)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import sweettooth as st
from sweettooth.cli.bench import bench_game
from sweettooth.cli.main import app

from .conftest import run_script
from .nim import Nim


def test_bench_json_counts_and_rates(runner: CliRunner, nim: Nim) -> None:
    result = runner.invoke(app, ["bench", "nim", "--seconds", "0.05", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["seconds_per_game"] == 0.05 and report["python"]
    (r,) = report["results"]
    assert r["game"] == "nim" and r["players"] == 2 and r["games"] >= 1
    assert r["games"] <= r["actions"] <= 7 * r["games"]  # 1..7 actions per game of 7 stones
    assert r["actions_per_s"] == pytest.approx(r["actions"] / r["seconds"])
    assert r["games_per_s"] == pytest.approx(r["games"] / r["seconds"])


def test_bench_plays_the_seeded_games(nim: Nim) -> None:
    """With one stone, every playout is one action: the counts must match exactly."""

    class OneStone(Nim):
        option_specs = (Nim.option_specs[0].__class__("stones", 1, minimum=1),
                        *Nim.option_specs[1:])

    r = bench_game(OneStone(), 3, 0.02)
    assert r["actions"] == r["games"] and r["mean_length"] == 1


def test_bench_unknown_game_exits_2(runner: CliRunner) -> None:
    result = runner.invoke(app, ["bench", "nope", "--seconds", "0"])
    assert result.exit_code == 2 and "unknown game 'nope'" in result.stderr


def test_bench_all_games_console_script() -> None:
    proc = run_script("bench", "--seconds", "0.1", "--json")
    assert proc.returncode == 0, proc.stderr
    results = json.loads(proc.stdout)["results"]
    assert [r["game"] for r in results] == st.games()
    for r in results:
        game = st.game(r["game"])
        assert r["games"] >= 1 and r["actions_per_s"] > 0
        assert 1 <= r["mean_length"] <= game.max_length(r["players"], game.options)
