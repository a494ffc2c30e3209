"""Backends: results come back in game order, so the same seed gives the same numbers with one
or two local workers, and on a local Ray with 2 CPUs."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from sweettooth.arena.backends import BackendError, batches, run_indexed
from sweettooth.arena.balance.runner import BalanceSpec, run_balance
from sweettooth.arena.balance.summary import summarise, without_series
from sweettooth.cli.main import app

SPEC = BalanceSpec("bonbons", 3, ("medium", "easy"), games=6, seed=11)


def _slow_for_low(payload: int, index: int) -> tuple[int, int]:
    """Early games finish last, so completion order is not game order."""
    time.sleep(0.05 * (payload - index) / payload)
    return index, index * index


def test_results_come_back_in_game_order_not_completion_order() -> None:
    out = run_indexed(_slow_for_low, 8, 8, workers=2, largest=1)
    assert out == [(i, i * i) for i in range(8)]


def test_batches_cover_every_game_once() -> None:
    for count, workers in [(1, 1), (7, 2), (100, 2), (33, 3)]:
        flat = [i for b in batches(count, workers) for i in b]
        assert flat == list(range(count))


def test_bad_backend_and_address_without_ray_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown backend 'dask'"):
        run_indexed(_slow_for_low, 1, 1, backend="dask")
    with pytest.raises(ValueError, match="--backend ray"):
        run_indexed(_slow_for_low, 1, 1, address="127.0.0.1:6379")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


def test_a_dead_ray_address_fails_at_once_naming_it() -> None:
    """Nothing listens there: a clear error within seconds, not Ray's minutes of retries."""
    pytest.importorskip("ray", reason="Ray is the optional extra sweettooth[ray]")
    address = f"ray://127.0.0.1:{_free_port()}"
    started = time.monotonic()
    with pytest.raises(BackendError, match=f"cannot reach the Ray cluster at {address}"):
        run_indexed(_slow_for_low, 1, 1, backend="ray", address=address)
    assert time.monotonic() - started < 30


def test_one_and_two_local_workers_give_the_same_games_and_report() -> None:
    one = run_balance(SPEC, workers=1)
    two = run_balance(SPEC, workers=2)
    assert one == two
    assert [g["index"] for g in two] == list(range(SPEC.games))
    assert without_series(summarise(SPEC, one)) == without_series(summarise(SPEC, two))


def test_simulate_json_is_the_same_for_one_and_two_workers() -> None:
    runner = CliRunner()
    args = ["simulate", "lechocolat", "-n", "12", "--seed", "5", "--json"]
    one = runner.invoke(app, [*args, "--workers", "1"])
    two = runner.invoke(app, [*args, "--workers", "2"])
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    assert json.loads(one.stdout) == json.loads(two.stdout)


def test_an_unknown_backend_is_a_usage_error() -> None:
    result = CliRunner().invoke(app, ["simulate", "lechocolat", "-n", "2", "--backend", "dask"])
    assert result.exit_code == 2 and "unknown backend 'dask'" in result.output


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray = pytest.importorskip("ray", reason="Ray is the optional extra sweettooth[ray]")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_ray_with_two_cpus_gives_the_same_games_as_the_local_pool(local_ray: None) -> None:
    assert run_balance(SPEC, workers=2, backend="ray") == run_balance(SPEC, workers=1)


def test_arena_on_ray_gives_the_same_report(local_ray: None) -> None:
    runner = CliRunner()
    args = ["arena", "lechocolat", "--agents", "medium,random", "-n", "4", "--seed", "2",
            "--json"]
    local = json.loads(runner.invoke(app, [*args, "--workers", "1"]).stdout)
    ray = json.loads(runner.invoke(app, [*args, "--backend", "ray"]).stdout)
    for r in (local, ray):
        r.pop("workers")
        for a in r["agents"]:
            a.pop("move_seconds_mean"), a.pop("move_seconds_max")
    assert local == ray
