"""The arena: seating, statistics on games with a known answer, determinism across workers,
and the `sweettooth arena` command."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from sweettooth.arena import ArenaSpec, arena, lineup, play_game, run_games, wilson
from sweettooth.arena.report import report
from sweettooth.arena.stats import mean_ci
from sweettooth.cli.main import app


def test_wilson_matches_known_values() -> None:
    lo, hi = wilson(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-4) and hi == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_mean_ci_is_symmetric_around_the_mean() -> None:
    mean, lo, hi = mean_ci([2.0, 4.0, 6.0, 8.0])
    assert mean == 5.0 and mean - lo == pytest.approx(hi - mean) and lo < mean < hi


@pytest.mark.parametrize(("agents", "players"), [(2, 2), (2, 3), (3, 2), (3, 3), (4, 5)])
def test_seats_rotate_so_every_agent_sits_everywhere_equally(agents: int, players: int) -> None:
    counts = [[0] * players for _ in range(agents)]
    for i in range(agents * 3):
        for seat, a in enumerate(lineup(i, agents, players)):
            counts[a][seat] += 1
    assert all(len(set(row)) == 1 for row in counts)


def _strip(r: Any) -> Any:
    """A report without the timings (which depend on the machine) and the worker count."""
    r = json.loads(json.dumps(r))
    r.pop("workers")
    for a in r["agents"]:
        a.pop("move_seconds_mean")
        a.pop("move_seconds_max")
    return r


def test_random_against_itself_is_even() -> None:
    """Two copies of the random bot: neither is better, so each wins about half."""
    spec = ArenaSpec("lechocolat", ("random", "random"), games=200, players=2, seed=4)
    r = arena(spec, workers=1)
    a, b = r["agents"]
    assert a["games"] == b["games"] == 200
    assert a["wins"] + b["wins"] == pytest.approx(200)
    for x in (a, b):
        lo, hi = x["win_ci"]
        assert lo < 0.5 < hi
        assert hi - lo < 0.15  # 200 games: a 95% interval about +-7 points wide
    # the seats were balanced: each agent sat in each seat 100 times
    assert [s["seat"] for s in r["seats"]] == [0, 1]


def test_a_losing_agent_loses_and_is_rated_below() -> None:
    """The heuristic against random in Le Chocolat: the answer is known (it nearly always
    wins), and the ratings must agree."""
    spec = ArenaSpec("lechocolat", ("heuristic", "random"), games=40, players=2, seed=1)
    r = arena(spec, workers=1)
    good, bad = r["agents"]
    assert good["win_ci"][0] > 0.8 and bad["win_ci"][1] < 0.2
    assert good["score_mean"] > bad["score_mean"]
    assert good["rating"]["ordinal"] > bad["rating"]["ordinal"]


def test_two_agents_at_a_three_player_table_share_the_seats() -> None:
    spec = ArenaSpec("sweetnose", ("heuristic", "random"), games=10, players=3, seed=2)
    records = run_games(spec, workers=1)
    assert [r["lineup"] for r in records[:2]] == [[0, 1, 0], [1, 0, 1]]
    r = report(spec, records, 1)
    assert r["lowest_wins"] is True
    assert sum(a["seats"] for a in r["agents"]) == 30
    assert sum(a["wins"] for a in r["agents"]) == pytest.approx(10)


def test_solo_games_report_scores_and_no_ratings() -> None:
    r = arena(ArenaSpec("sweetshop", ("random", "heuristic"), games=6, players=1), workers=1)
    assert [a["games"] for a in r["agents"]] == [3, 3]
    assert all(a["rating"] is None for a in r["agents"])


def test_same_seed_same_report_whatever_the_worker_count() -> None:
    spec = ArenaSpec("bonbons", ("heuristic", "easy", "random"), games=9, players=2, seed=7)
    one = arena(spec, workers=1)
    two = arena(spec, workers=2)
    assert _strip(one) == _strip(two)
    again = play_game(spec, 4)
    assert again["scores"] == one_scores(spec, 4)


def one_scores(spec: ArenaSpec, index: int) -> list[float]:
    scores: list[float] = run_games(spec, workers=1)[index]["scores"]
    return scores


def test_different_seeds_deal_different_games() -> None:
    a = run_games(ArenaSpec("lechocolat", ("random",), games=2, players=2, seed=1), workers=1)
    b = run_games(ArenaSpec("lechocolat", ("random",), games=2, players=2, seed=2), workers=1)
    assert [r["seed"] for r in a] != [r["seed"] for r in b]


def test_arena_command_json() -> None:
    result = CliRunner().invoke(
        app,
        ["arena", "lechocolat", "--agents", "heuristic,random", "--games", "6", "--seed", "3",
         "--workers", "1", "--json"],
    )
    assert result.exit_code == 0, result.output
    r = json.loads(result.stdout)
    assert [a["agent"] for a in r["agents"]] == ["heuristic", "random"] and r["games"] == 6


def test_arena_command_table_and_agent_settings() -> None:
    result = CliRunner().invoke(
        app,
        ["arena", "sweetshop", "--agents", "ismcts:iterations=5+rollout=random,medium",
         "--games", "2", "--seed", "1", "--workers", "1"],
        env={"COLUMNS": "160"},  # a wide table: CI's default width would wrap the names
    )
    assert result.exit_code == 0, result.output
    assert "ismcts:" in result.stdout and "medium" in result.stdout and "win %" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["arena", "lechocolat", "--agents", "genius"], "unknown agent 'genius'"),
        (["arena", "nope", "--agents", "random"], "unknown game 'nope'"),
        (["arena", "lechocolat", "--agents", "random", "--players", "3"], "is for 2 players"),
    ],
)
def test_arena_command_usage_errors_exit_2(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, [*args, "--games", "1", "--workers", "1"])
    assert result.exit_code == 2 and message in result.stderr
